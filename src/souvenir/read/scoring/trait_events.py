"""A trait a question asks about, and the events that show it (pure, no model).

"Would Caroline be considered religious?", « Melanie est-elle sportive ? », "约翰爱国吗？",
"Adakah John seorang yang patriotik?": the answer is inferred from what the person did, and
the turns that show the trait name the *events* it shows in ("it was made for a local
church", "I feel drawn to serving my country"), seldom the trait's own word — LoCoMo's
open-domain misses share no word with their question and rank 77–255 (docs/journal.md,
"Session 23, lane recall9"). Two readers over a bounded lexicon of about twenty traits,
each in English, French, Chinese and Malay:

- :func:`asked_traits`: the traits ``message`` names (``religious``, « sportive », 爱国,
  ``patriotik``) — the trait's adjective or noun, never an activity's verb (a question
  "Where did Melanie camp?" names no trait).
- :func:`shown_traits`: the traits whose event words ``text`` holds (church, « messe »,
  教堂, ``gereja``…); Latin words whole (an English ``s`` / ``es`` / ``ing`` / ``ed`` may
  follow), Han words as substrings.

:func:`trait_flags` gives, per memory, the named speaker's own memories (any memory when
none is named) that show a trait an inference question asks about: the ``trait`` part of
:func:`~souvenir.read.scoring.fusion.fuse` (``ScoringConfig.trait_bonus``; 0 = off).
The lexicon was written from the four languages' everyday vocabulary of each trait; the
bonus is chosen by cross-validation (``bench/unasked_cv.py``; docs/benchmarks.md).
Each reader is one regular-expression pass over its input (linear time; texts read up to
4,096 characters), cached by text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from souvenir.lexical import nfkc_casefold
from souvenir.lexical.text_cache import text_cache
from souvenir.read.scoring.inference import inference_question
from souvenir.read.scoring.inference_wide import asks_about_person
from souvenir.read.scoring.levers import ScoringConfig

__all__ = ["TRAITS", "asked_traits", "shown_traits", "trait_flags"]

# trait → (words a question names it by | words of the events that show it), each side
# "en | fr | zh | ms", space-separated; "_" joins a phrase.
_LEXICON: dict[str, tuple[str, str]] = {
    "religion": (
        "religious religion faith faithful spiritual believer devout christian muslim buddhist "
        "| religieux religieuse religion croyant croyante pratiquant pratiquante spirituel spirituelle foi "
        "| 宗教 信教 虔诚 信仰 信徒 | beragama agama alim warak rohani",
        "church churches pray prayer prayers praying god faith bible worship temple mosque chapel mass sermon "
        "choir pastor priest spiritual religious blessed "
        "| église églises prier prière prières dieu foi bible culte temple mosquée chapelle messe chorale prêtre "
        "| 教堂 教会 祈祷 祷告 上帝 信仰 圣经 礼拜 寺庙 清真寺 佛 拜拜 "
        "| gereja solat doa berdoa tuhan iman masjid surau kuil sembahyang bible",
    ),
    "patriotism": (
        "patriotic patriot patriotism nationalist "
        "| patriote patriotique patriotisme | 爱国 爱国者 | patriotik patriot cinta_negara",
        "country nation military army navy troops soldier soldiers veteran veterans serve serving flag "
        "enlist enlisted memorial "
        "| pays patrie nation armée militaire soldat soldats ancien_combattant servir drapeau engagé "
        "| 国家 祖国 军队 参军 当兵 士兵 退伍 老兵 国旗 服役 | negara tanah_air tentera askar veteran berkhidmat bendera",
    ),
    "politics": (
        "political politics politically leaning liberal conservative progressive democrat republican "
        "| politique politiquement gauche droite progressiste conservateur conservatrice | 政治 政见 立场 左派 右派 保守 "
        "| politik berhaluan liberal konservatif",
        "politics political election elections vote voting campaign office policy policies government "
        "conservative conservatives liberal rally protest activist activism rights equality senator mayor "
        "| politique élection élections vote voter campagne mandat gouvernement conservateur manifestation "
        "militant droits égalité maire | 政治 选举 投票 竞选 政府 政策 保守 抗议 游行 权利 平等 "
        "| politik pilihan_raya undi mengundi kempen kerajaan dasar konservatif bantahan hak kesaksamaan",
    ),
    "wealth": (
        "financial finances wealthy wealth rich poor income afford affluent money "
        "| financier financière finances riche pauvre revenu revenus aisé aisée argent "
        "| 经济 财务 富有 有钱 贫穷 收入 财富 | kewangan kaya miskin pendapatan berada wang",
        "money salary paid pay afford expensive savings rich wealthy poor struggling bills budget debt loan "
        "mortgage rent luxury donate donated "
        "| argent salaire payé payer cher chère économies riche pauvre factures budget dette prêt loyer luxe "
        "| 钱 工资 薪水 贵 存款 富 穷 账单 预算 债 贷款 房租 奢侈 捐 "
        "| wang duit gaji mahal simpanan kaya miskin bil bajet hutang pinjaman sewa mewah derma",
    ),
    "outdoors": (
        "outdoorsy outdoors outdoor nature adventurous "
        "| plein_air nature aventureux aventureuse | 户外 大自然 冒险 | alam_semula_jadi luar_rumah lasak",
        "hike hiking hiked trail camping camp campfire tent mountain mountains forest woods lake river "
        "park beach kayak kayaking climbing fishing outdoors nature "
        "| randonnée randonnées sentier camping campé tente montagne montagnes forêt bois lac rivière parc "
        "plage kayak escalade pêche nature "
        "| 徒步 爬山 登山 露营 帐篷 山 森林 湖 河 公园 海滩 划船 钓鱼 大自然 "
        "| mendaki pendakian denai berkhemah khemah gunung hutan tasik sungai taman pantai memancing",
    ),
    "sport": (
        "athletic athlete sporty fitness "
        "| sportif sportive athlétique athlète | 运动型 爱运动 健身 运动员 | atletik cergas",
        "run running ran marathon gym workout training train basketball football soccer tennis swim "
        "swimming yoga cycling team match tournament coach "
        "| courir course marathon salle entraînement basket football foot tennis nager natation yoga vélo "
        "équipe match tournoi | 跑步 马拉松 健身 训练 篮球 足球 网球 游泳 瑜伽 骑车 比赛 "
        "| berlari larian maraton gim latihan bola_keranjang bola_sepak tenis berenang yoga berbasikal pasukan "
        "perlawanan",
    ),
    "art": (
        "artistic artist creative creativity "
        "| artiste artistique créatif créative créativité | 艺术 艺术家 创意 有创造力 | artistik seniman kreatif",
        "paint painting painted art artwork draw drawing sketch sculpture pottery clay canvas gallery "
        "exhibit craft photography poem poetry write writing "
        "| peindre peinture peint art dessin dessiner sculpture poterie argile toile galerie exposition "
        "photographie poème poésie écrire écriture | 画 画画 绘画 艺术 素描 雕塑 陶艺 画廊 展览 摄影 诗 写作 "
        "| melukis lukisan seni lakaran arca tembikar galeri pameran fotografi puisi sajak menulis",
    ),
    "music": (
        "musical musician | musical musicale musicien musicienne mélomane | 音乐 音乐家 | muzikal pemuzik",
        "music song songs sing singing concert band guitar piano violin clarinet drums choir album "
        "| musique chanson chansons chanter concert groupe guitare piano violon clarinette batterie chorale "
        "| 音乐 歌 唱歌 音乐会 演唱会 乐队 吉他 钢琴 小提琴 鼓 | muzik lagu menyanyi konsert gitar piano biola dram",
    ),
    "reading": (
        "bookish reader bookworm literary | lecteur lectrice littéraire | 爱读书 书虫 文艺 | ulat_buku pembaca",
        "book books read reading novel novels library author bookshelf "
        "| livre livres lire lecture roman romans bibliothèque auteur | 书 读书 看书 阅读 小说 图书馆 作家 "
        "| buku membaca novel perpustakaan penulis",
    ),
    "animals": (
        "animal_lover pet_lover | ami_des_animaux amoureux_des_animaux | 爱动物 喜欢动物 | pencinta_haiwan",
        "pet pets dog dogs puppy cat cats kitten turtle turtles animal animals shelter vet "
        "| animal animaux chien chiens chiot chat chats chaton tortue tortues refuge vétérinaire "
        "| 宠物 狗 小狗 猫 小猫 乌龟 动物 收容所 兽医 | haiwan anjing kucing anak_kucing penyu kura-kura",
    ),
    "family": (
        "family-oriented family_person family_man family_woman | familial familiale | 顾家 家庭观念 | kekeluargaan",
        "family kids children son daughter husband wife parents mom dad grandma grandpa "
        "| famille enfants fils fille mari femme parents maman papa grand-mère grand-père "
        "| 家人 家庭 孩子 儿子 女儿 丈夫 老公 妻子 老婆 父母 妈妈 爸爸 奶奶 爷爷 "
        "| keluarga anak-anak anak suami isteri ibu_bapa ibu ayah nenek datuk",
    ),
    "altruism": (
        "selfless altruistic generous caring charitable compassionate helpful "
        "| altruiste généreux généreuse bienveillant bienveillante charitable serviable "
        "| 无私 慷慨 善良 乐于助人 有爱心 | pemurah penyayang dermawan baik_hati prihatin",
        "volunteer volunteering volunteered charity donate donated fundraiser shelter homeless help helping "
        "mentor mentoring community "
        "| bénévole bénévolat charité donner don collecte refuge sans-abri aider aide association "
        "| 志愿 义工 慈善 捐 捐款 募捐 收容所 无家可归 帮助 社区 "
        "| sukarelawan amal derma kutipan tempat_perlindungan gelandangan membantu komuniti",
    ),
    "travel": (
        "well-traveled well-travelled traveler traveller globetrotter "
        "| voyageur voyageuse bourlingueur | 爱旅行 旅行家 | pengembara",
        "travel traveled travelled trip trips abroad flight flew visit visited vacation holiday road_trip "
        "| voyage voyages voyagé vol visite visité vacances étranger | 旅行 旅游 出国 航班 飞 度假 "
        "| melancong perjalanan luar_negara penerbangan lawatan bercuti",
    ),
    "health": (
        "healthy health-conscious | santé sain saine | 健康 养生 | sihat kesihatan",
        "diet vegetables salad exercise gym yoga doctor sleep meditation healthy "
        "| régime légumes salade exercice sport yoga médecin sommeil méditation "
        "| 饮食 蔬菜 沙拉 锻炼 瑜伽 医生 睡眠 冥想 | diet sayur salad senaman yoga doktor tidur meditasi",
    ),
    "lgbtq": (
        "lgbtq lgbt lgbtq+ queer gay lesbian transgender ally "
        "| lgbt lgbtq homosexuel homosexuelle transgenre allié alliée | 同性恋 跨性别 性少数 酷儿 "
        "| lgbt gay transgender",
        "pride lgbtq lgbt lgbtq+ transgender trans queer gay lesbian rainbow coming_out "
        "| fierté lgbt lgbtq transgenre trans queer gay lesbienne arc-en-ciel coming-out "
        "| 骄傲 同性恋 跨性别 彩虹 出柜 | lgbt transgender gay pelangi",
    ),
}

#: The traits of the lexicon.
TRAITS = tuple(_LEXICON)

_HAN = re.compile(r"[\u3400-\u9fff]")


def _pattern(words: str, suffixes: bool) -> re.Pattern[str]:
    latin: list[str] = []
    han: list[str] = []
    for word in words.replace("|", " ").split():
        word = nfkc_casefold(word).replace("_", " ")
        (han if _HAN.search(word) else latin).append(re.escape(word))
    tail = r"(?:s|es|ing|ed|d)?" if suffixes else ""
    parts = []
    if latin:
        parts.append(r"(?<![\w-])(?:" + "|".join(sorted(set(latin), key=len, reverse=True)) + ")" + tail + r"(?![\w-])")
    if han:
        parts.append("(?:" + "|".join(sorted(set(han), key=len, reverse=True)) + ")")
    return re.compile("|".join(parts))


_ASKS = {t: _pattern(asks, False) for t, (asks, _) in _LEXICON.items()}
_SHOWS = {t: _pattern(shows, True) for t, (_, shows) in _LEXICON.items()}


@text_cache(20_000)
def asked_traits(message: str) -> frozenset[str]:
    """The traits ``message`` names (see the module's rules); empty when none."""
    text = nfkc_casefold(message[:4096]).replace("’", "'")
    return frozenset(t for t, p in _ASKS.items() if p.search(text))


@text_cache(200_000)
def shown_traits(text: str) -> frozenset[str]:
    """The traits whose event words ``text`` holds (see the module's rules)."""
    folded = nfkc_casefold(text[:4096]).replace("’", "'")
    return frozenset(t for t, p in _SHOWS.items() if p.search(folded))


def trait_flags(
    config: ScoringConfig, message: str, speaker: str | None, speakers: np.ndarray, texts: Callable[[], list[str]]
) -> np.ndarray | None:
    """Per memory (bool, candidates' order): shows a trait ``message`` asks about and is
    ``speaker``'s own or has no speaker (any memory when ``speaker`` is ``None``).
    ``texts()``: the memories' texts. ``None`` (the term absent) when
    ``config.trait_bonus`` is 0, ``message`` names no trait, or — unless
    ``config.trait_any`` — it asks for no inference
    (:func:`~souvenir.read.scoring.inference.inference_question`,
    :func:`~souvenir.read.scoring.inference_wide.asks_about_person`: "When did Caroline go to
    the LGBTQ conference?" names a topic, not a trait to infer)."""
    if not config.trait_bonus:
        return None
    if not (config.trait_any or inference_question(message) or asks_about_person(message)):
        return None
    asked = asked_traits(message)
    if not asked:
        return None
    rows = np.arange(len(speakers)) if speaker is None else np.flatnonzero((speakers == speaker) | (speakers == None))  # noqa: E711
    listed = texts()
    flags = np.zeros(len(speakers), dtype=bool)
    flags[rows] = np.fromiter(
        (bool(shown_traits(listed[i]) & asked) for i in rows.tolist()), dtype=bool, count=rows.size
    )
    return flags
