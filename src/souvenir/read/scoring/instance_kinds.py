"""The kind a question asks for, and the memories that name an instance of it (pure, no
model).

"What activities has Melanie done?", « Quels livres as-tu lus ? », "她养过哪些宠物？",
"Aktiviti apa yang Maria buat?": a list question names a *kind* (activities, books, pets);
its evidence names *instances* ("went hiking", "I read 'Charlotte's Web'", "我家的小狗"),
seldom the kind's own word, so neither BM25 nor the embedders bring it up (LoCoMo's
multi-hop misses, docs/journal.md "Session 18, lane recall3"). Two readers over a bounded
lexicon of about fifteen kinds, each in English, French, Chinese and Malay:

- :func:`asked_kinds`: the kinds ``message`` asks for — a kind word (``activities``,
  « livres », 宠物, ``hobi``) within four words after a question word ("what / which",
  « quel(le)s / lesquel(le)s », 哪 / 什么 / 几 within six characters before it, Malay
  "apa(kah) / mana" within two words on either side).
- :func:`named_kinds`: the kinds whose instance words ``text`` holds (hiking, « poterie »,
  吉他, ``berenang``…); Latin words whole (an English ``s`` / ``es`` / ``ing`` / ``ed`` may follow), Han
  words as substrings.

The lexicon was written from the four languages' everyday vocabulary of each kind, not
from any benchmark's evidence; which kinds LoCoMo's questions ask, and how the term
measures held out, is in docs/benchmarks.md ("The kind a list question asks").
Each reader is one regular-expression pass over its input (linear time), cached by text.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from souvenir.lexical import nfkc_casefold
from souvenir.read.scoring.breadth import broad_question
from souvenir.read.scoring.instance_wide import wide_kinds
from souvenir.read.scoring.levers import ScoringConfig

__all__ = ["KINDS", "asked_kinds", "instance_flags", "kind_reason", "named_kinds"]

# kind → words a question names it by (en | fr | zh | ms, space-separated; "_" joins a phrase)
_ASKS: dict[str, str] = {
    "activity": "activity activities hobby hobbies pastime pastimes interest interests "
    "| activité activités loisir loisirs passe-temps hobby hobbies | 活动 爱好 兴趣 消遣 "
    "| aktiviti hobi minat kegiatan",
    "sport": "sport sports exercise exercises workout workouts martial_arts "
    "| sport sports exercice exercices arts_martiaux | 运动 体育 锻炼 武术 | sukan senaman",
    "art": "art arts artwork artworks craft crafts medium mediums | art arts artisanat | 艺术 手工 美术 | seni kraf",
    "instrument": "instrument instruments | instrument instruments | 乐器 | alat_muzik",
    "music": "music song songs band bands singer singers musician musicians album albums tunes genre genres "
    "| musique musiques chanson chansons groupe groupes chanteur chanteuse chanteurs album albums "
    "| 音乐 歌曲 乐队 歌手 专辑 | muzik lagu kumpulan penyanyi album",
    "book": "book books novel novels author authors writer writers reads | livre livres roman romans "
    "auteur auteurs écrivain écrivains lectures | 书 书籍 小说 作家 作者 | buku novel penulis pengarang",
    "screen": "movie movies film films shows series | film films série séries émission émissions "
    "| 电影 电视剧 剧 节目 | filem wayang drama rancangan siri",
    "game": "game games console consoles | jeu jeux console consoles | 游戏 桌游 游戏机 | permainan konsol",
    "pet": "pet pets animal animals dog dogs cat cats breed breeds | animal animaux chien chiens | 宠物 动物 狗 猫 品种 | haiwan peliharaan anjing kucing baka",
    "food": "food foods dish dishes meal meals recipe recipes dessert desserts snack snacks meat cuisine "
    "cuisines | plat plats nourriture recette recettes dessert desserts repas | 食物 菜 美食 食谱 甜点 "
    "甜品 零食 小吃 | makanan masakan resipi hidangan pencuci_mulut",
    "place": "place places city cities country countries state states location locations destination "
    "destinations town towns | lieu lieux ville villes pays région régions endroit endroits destination "
    "destinations | 地方 城市 国家 地点 景点 | tempat bandar negara negeri lokasi destinasi",
    "job": "job jobs career careers profession professions occupation occupations | métier métiers emploi "
    "emplois poste postes profession professions carrière carrières | 工作 职业 行业 "
    "| pekerjaan kerjaya profesion jawatan",
    "event": "event events | événement événements évènement évènements | 活动 盛会 | acara majlis",
    "class": "class classes course courses lesson lessons | cours classe classes leçon leçons | 课 课程 | kelas kursus",
    "cause": "causes charity charities organization organizations organisation organisations "
    "| cause causes association associations œuvre œuvres | 公益 慈善 组织 | amal kebajikan pertubuhan",
}

# kind → instance words a memory may name (en | fr | zh | ms)
_SPORT = (
    "football soccer basketball baseball volleyball tennis badminton golf hockey rugby cricket swim "
    "swimming running jog jogging marathon cycling biking yoga pilates gym weightlifting boxing karate "
    "judo taekwondo kung_fu jiu-jitsu wrestling fencing archery skiing snowboarding surfing skating "
    "skateboarding climbing bouldering rowing aerobics crossfit triathlon workout "
    "| natation nager courir jogging marathon vélo cyclisme yoga pilates musculation boxe "
    "karaté judo taekwondo escrime ski surf escalade aviron équitation golf rugby handball "
    "| 足球 篮球 排球 网球 羽毛球 乒乓球 高尔夫 游泳 跑步 慢跑 马拉松 骑车 自行车 瑜伽 健身 拳击 空手道 柔道 "
    "跆拳道 太极 功夫 击剑 滑雪 冲浪 攀岩 "
    "| bola_sepak futsal bola_keranjang badminton tenis golf berenang renang berlari larian joging "
    "maraton berbasikal yoga gim tinju karate taekwondo silat"
)
_OUTDOOR = (
    "hike hiking camp camping campfire garden bike climb surf ski skate dance draw fishing kayak kayaking canoe canoeing picnic trail road_trip "
    "gardening birdwatching sailing beach "
    "| randonnée camping pêche kayak canoë pique-nique jardinage plage "
    "| 露营 钓鱼 野餐 海滩 园艺 划船 爬山 徒步 "
    "| berkhemah memancing berkelah pantai berkebun mendaki"
)
_ART = (
    "painting paint painted drawing sketch sketching pottery ceramics clay sculpture sculpting "
    "photography watercolor watercolour acrylic canvas mural knitting crochet sewing embroidery "
    "calligraphy collage origami woodworking "
    "| peinture peindre dessin dessiner poterie céramique sculpture photographie aquarelle tricot "
    "couture broderie calligraphie "
    "| 画画 绘画 油画 水彩 素描 陶艺 陶瓷 雕塑 摄影 书法 编织 刺绣 "
    "| melukis lukisan seramik tembikar arca fotografi mengait menjahit kaligrafi"
)
_INSTRUMENT = (
    "guitar piano violin viola cello drum drums flute clarinet saxophone trumpet trombone ukulele "
    "harp banjo keyboard harmonica accordion "
    "| guitare piano violon violoncelle batterie flûte clarinette saxophone trompette ukulélé harpe "
    "accordéon "
    "| 吉他 钢琴 小提琴 大提琴 架子鼓 长笛 单簧管 萨克斯 小号 尤克里里 竖琴 二胡 古筝 琵琶 笛子 "
    "| gitar piano biola dram seruling saksofon trompet ukulele"
)
_MUSIC = (
    "song concert band album singer playlist gig sing singing jazz hip-hop rap "
    "| chanson concert album chanteur chanteuse chanter jazz rap "
    "| 歌曲 音乐会 演唱会 乐队 专辑 歌手 唱歌 听歌 摇滚 爵士 "
    "| lagu konsert album penyanyi menyanyi"
)
_HOBBY = (
    "reading baking cooking volunteering dancing meditation meditating journaling writing travelling "
    "traveling "
    "| pâtisserie cuisiner bénévolat danse danser méditation écriture voyager "
    "| 阅读 看书 烘焙 做饭 烹饪 跳舞 舞蹈 冥想 写作 旅行 旅游 "
    "| membaca membuat_kek memasak menari meditasi menulis melancong"
)
_BOOK = (
    "book novel read reading reread author chapter library bookstore audiobook memoir "
    "| livre roman lire lu relu auteur bibliothèque librairie chapitre "
    "| 书 小说 读 作者 图书馆 书店 "
    "| buku novel membaca baca penulis perpustakaan kedai_buku"
)
_SCREEN = (
    "movie film watched watching cinema netflix episode documentary trailer "
    "| film cinéma série épisode regardé regarder documentaire "
    "| 电影 电视剧 影院 纪录片 剧集 "
    "| filem wayang menonton tonton siri drama dokumentari"
)
_GAME = (
    "game gaming console playstation xbox nintendo chess monopoly scrabble catan poker puzzle "
    "minecraft fortnite zelda "
    "| jeu jeux console échecs puzzle "
    "| 游戏 桌游 下棋 象棋 围棋 扑克 拼图 游戏机 "
    "| permainan catur konsol"
)
_PET = (
    "dog puppy pup cat kitten hamster rabbit bunny parrot bird turtle tortoise snake lizard horse pony "
    "guinea_pig ferret labrador retriever poodle beagle bulldog husky terrier chihuahua corgi dachshund "
    "pug spaniel "
    "| chien chiot mon_chat ma_chatte un_chat le_chat son_chat notre_chat leur_chat chaton lapin hamster perroquet oiseau tortue cheval "
    "| 狗 小狗 狗狗 猫 小猫 猫咪 兔子 仓鼠 鹦鹉 乌龟 宠物 "
    "| anjing kucing arnab hamster burung kura-kura kuda"
)
_FOOD = (
    "cook cooked cooking bake baked baking recipe cake cookie pie bread pizza pasta spaghetti lasagna "
    "burger sandwich salad soup curry sushi ramen taco chocolate ice_cream pancake muffin cupcake "
    "brownie chicken beef pork steak salmon noodle dumpling vegan vegetarian "
    "| cuisiner cuisiné recette gâteau biscuit tarte baguette pizza pâtes salade soupe chocolat glace crêpe "
    "poulet boeuf bœuf "
    "| 做饭 烹饪 蛋糕 饼干 面包 披萨 意面 沙拉 咖喱 寿司 拉面 饺子 巧克力 冰淇淋 鸡肉 牛肉 面条 "
    "| memasak masak kek biskut roti piza nasi sup kari ayam daging coklat aiskrim"
)
_PLACE = (
    "trip travel traveled travelled visit visited vacation abroad museum "
    "france paris london england spain madrid barcelona italy rome germany berlin japan tokyo china "
    "beijing shanghai canada toronto vancouver mexico brazil australia sydney india thailand bangkok "
    "singapore malaysia kuala_lumpur penang korea seoul greece portugal lisbon ireland dublin scotland "
    "netherlands amsterdam switzerland sweden norway iceland egypt morocco kenya vietnam indonesia bali "
    "philippines peru argentina new_york los_angeles san_francisco chicago boston seattle miami "
    "las_vegas hawaii alaska california texas florida oregon colorado arizona utah nevada michigan "
    "ohio massachusetts virginia carolina tennessee minnesota wisconsin pennsylvania illinois maine "
    "montana idaho wyoming vermont kentucky louisiana "
    "| voyage voyagé visité vacances séjour étranger musée angleterre espagne italie allemagne japon "
    "chine londres mexique brésil australie inde grèce irlande écosse suisse suède norvège maroc égypte "
    "| 旅行 旅游 游览 度假 出国 博物馆 法国 巴黎 伦敦 英国 西班牙 意大利 德国 日本 东京 中国 北京 上海 "
    "香港 台湾 加拿大 美国 纽约 澳洲 澳大利亚 新加坡 马来西亚 吉隆坡 槟城 泰国 韩国 首尔 印度 越南 "
    "| melancong melawat percutian muzium perancis sepanyol itali jerman jepun kanada singapura"
)
_JOB = (
    "job career hired interview promotion boss office company teacher nurse doctor engineer developer "
    "programmer designer lawyer accountant chef counselor counsellor therapist manager intern "
    "internship firefighter soldier barista "
    "| travail travaille emploi poste métier embauché entretien promotion patron bureau entreprise "
    "professeur enseignant enseignante infirmier infirmière médecin ingénieur développeur avocat "
    "comptable cuisinier "
    "| 工作 上班 面试 升职 老板 公司 老师 护士 医生 工程师 程序员 设计师 律师 会计 厨师 实习 "
    "| bekerja temuduga majikan syarikat guru jururawat doktor jurutera peguam akauntan"
)
_EVENT = (
    "parade festival conference concert meetup workshop fundraiser rally march protest pride "
    "ceremony party wedding race tournament competition convention seminar gala exhibition "
    "| défilé festival conférence concert atelier manifestation marche cérémonie fête mariage "
    "tournoi compétition salon exposition "
    "| 游行 音乐节 会议 讲座 音乐会 演唱会 聚会 派对 婚礼 比赛 展览 工作坊 "
    "| perarakan pesta festival persidangan konsert bengkel perkahwinan perlumbaan pertandingan pameran"
)
_CLASS = (
    "class lesson workshop training tutor enrolled "
    "| cours atelier leçon formation inscrit inscrite "
    "| 课程 培训 报名 上课 "
    "| kelas kursus latihan bengkel mendaftar"
)
_CAUSE = (
    "volunteer volunteering volunteered charity donate donated donation fundraiser fundraising "
    "nonprofit shelter activism advocate advocacy campaign awareness "
    "| bénévole bénévolat association collecte refuge militant sensibilisation "
    "| 志愿 义工 慈善 捐款 筹款 公益 收容所 "
    "| sukarelawan amal derma sumbangan kebajikan"
)
_INSTANCES: dict[str, str] = {
    "activity": " | ".join((_SPORT, _OUTDOOR, _ART, _INSTRUMENT, _HOBBY)),
    "sport": " | ".join((_SPORT, _OUTDOOR)),
    "art": _ART,
    "instrument": _INSTRUMENT,
    "music": " | ".join((_MUSIC, _INSTRUMENT)),
    "book": _BOOK,
    "screen": _SCREEN,
    "game": _GAME,
    "pet": _PET,
    "food": _FOOD,
    "place": _PLACE,
    "job": _JOB,
    "event": _EVENT,
    "class": _CLASS,
    "cause": _CAUSE,
}
#: The kinds of the lexicon.
KINDS: tuple[str, ...] = tuple(_ASKS)


def _words(spec: str) -> set[str]:
    return {w.replace("_", " ") for w in spec.replace("|", " ").split()}


def _is_han(word: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in word)


def _index(table: dict[str, str]) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for kind, spec in table.items():
        for word in _words(spec):
            out.setdefault(nfkc_casefold(word), set()).add(kind)
    return {w: frozenset(k) for w, k in out.items()}


def _pattern(words: list[str], plural: bool) -> re.Pattern[str]:
    """One alternation: Latin words whole (``plural``: an ``s`` / ``es`` may follow), Han
    words anywhere; longest first so that a phrase wins over its head."""
    latin = sorted((w for w in words if not _is_han(w)), key=len, reverse=True)
    han = sorted((w for w in words if _is_han(w)), key=len, reverse=True)
    tail = r"(?:e?s|ing|e?d)?" if plural else ""
    alts = []
    if latin:
        alts.append(r"(?<![\w\'-])(" + "|".join(map(re.escape, latin)) + r")" + tail + r"(?![\w\'-])")
    if han:
        alts.append("(" + "|".join(map(re.escape, han)) + ")")
    return re.compile("|".join(alts))


_ASK_WORDS = _index(_ASKS)
_INSTANCE_WORDS = _index(_INSTANCES)
_ASK_RE = _pattern(list(_ASK_WORDS), plural=False)
_INSTANCE_RE = _pattern(list(_INSTANCE_WORDS), plural=True)  # the reference reading (tests)
_TOKEN = re.compile(r"([\w'-]+)( (?=[\w'-]))?")  # a word, and a single space when a word follows it
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")
_HAN_LONGEST = max((len(w) for w in _INSTANCE_WORDS if _is_han(w)), default=1)


def _surface_forms() -> dict[str, frozenset[str]]:
    """Every Latin word of the lexicon with each ending the alternation allows → its kinds;
    a form two stems share goes to the longer stem (the alternation tries longest first)."""
    out: dict[str, frozenset[str]] = {}
    for word in sorted((w for w in _INSTANCE_WORDS if not _is_han(w)), key=len, reverse=True):
        for suffix in ("", "s", "es", "ing", "d", "ed"):
            out.setdefault(word + suffix, _INSTANCE_WORDS[word])
    return out


_FORMS = _surface_forms()
_PHRASE_FIRST = frozenset(w.split(" ")[0] for w in _INSTANCE_WORDS if " " in w)
_LATIN_WORD = re.compile(r"[\w'’-]+")
_WH_LATIN = frozenset("what which quel quelle quels quelles lesquels lesquelles apa apakah mana".split())
_MS_AFTER = frozenset("apa apakah mana".split())
_WH_HAN = re.compile(r"哪|什么|几")


def _asked_here(text: str, start: int, end: int) -> bool:
    """Whether the kind word at ``text[start:end]`` follows a question word closely enough."""
    if _is_han(text[start:end]):
        return bool(_WH_HAN.search(text, max(0, start - 6), start))
    before = _LATIN_WORD.findall(text[max(0, start - 60) : start])[-5:]
    if any(w in _WH_LATIN for w in before):
        return True
    after = _LATIN_WORD.findall(text[end : end + 30])[:2]  # Malay: "aktiviti apa yang…"
    return any(w in _MS_AFTER for w in after)


@lru_cache(maxsize=20_000)
def asked_kinds(message: str) -> frozenset[str]:
    """The kinds ``message`` asks for (the module's rules); empty when it asks none."""
    text = nfkc_casefold(message[:2000]).replace("’", "'")
    found: set[str] = set()
    for m in _ASK_RE.finditer(text):
        word = m.group(m.lastindex or 0)
        if _asked_here(text, m.start(), m.end()):
            found |= _ASK_WORDS.get(word, frozenset())
    return frozenset(found)


@lru_cache(maxsize=200_000)
def named_kinds(text: str) -> frozenset[str]:
    """The kinds ``text`` names an instance of (the module's lexicon): the same reading as
    one pass of the instance words' alternation (leftmost, longest word first, no overlap),
    by dictionary lookups — Latin tokens (a phrase of two first), Han runs scanned from
    each position for the longest word — so a memory costs microseconds, not the
    alternation's tens of them a character."""
    folded = nfkc_casefold(text).replace("’", "'")
    found: set[str] = set()
    tokens = _TOKEN.findall(folded)
    i, n = 0, len(tokens)
    while i < n:
        word, space = tokens[i]
        if space and word in _PHRASE_FIRST and i + 1 < n:
            hit = _FORMS.get(word + " " + tokens[i + 1][0])
            if hit:
                found |= hit
                i += 2
                continue
        hit = _FORMS.get(word)
        if hit:
            found |= hit
        i += 1
    for run in _HAN_RUN.finditer(folded):
        chars, k = run.group(), 0
        while k < len(chars):
            for n in range(min(_HAN_LONGEST, len(chars) - k), 0, -1):
                hit = _INSTANCE_WORDS.get(chars[k : k + n])
                if hit:
                    found |= hit
                    k += n
                    break
            else:
                k += 1
    return frozenset(found)


def instance_flags(
    message: str, speaker: str | None, speakers: np.ndarray, texts, config: ScoringConfig
) -> np.ndarray | None:
    """Per memory (bool, candidates' order): names an instance of a kind ``message`` asks
    for, and is ``speaker``'s own or has no speaker (any speaker's when ``speaker`` is
    ``None``). ``texts()``: the memories' texts. With ``config.kind_wide`` a venue, a
    gathering or a title counts too (:mod:`souvenir.read.scoring.instance_wide`). ``None`` when ``config.kind_bonus`` is 0,
    when ``config.kind_broad`` and ``message`` is not a list question
    (:func:`~souvenir.read.scoring.breadth.broad_question`), or when it asks no kind (the
    term is then absent, not zero)."""
    if not config.kind_bonus or (config.kind_broad and not broad_question(message)):
        return None
    kinds = asked_kinds(message)
    if not kinds:
        return None
    listed = texts()
    rows = np.arange(len(listed)) if speaker is None else np.flatnonzero((speakers == speaker) | (speakers == None))  # noqa: E711
    flags = np.zeros(len(listed), dtype=bool)
    read = _wide_named if config.kind_wide else named_kinds
    flags[rows] = np.fromiter((bool(read(listed[i]) & kinds) for i in rows.tolist()), dtype=bool, count=rows.size)
    return flags


def _wide_named(text: str) -> frozenset[str]:
    """The lexicon's instances and :func:`~souvenir.read.scoring.instance_wide.wide_kinds`'."""
    return named_kinds(text) | wide_kinds(text)


_REASON = {
    "en": "asked for {kinds}: this memory names one",
    "fr": "la question porte sur : {kinds} ; ce souvenir en nomme un",
    "zh": "问的是{kinds}：这条记忆提到了一个",
    "ms": "ditanya tentang {kinds}: memori ini menyebut satu",
}
# kind → its name in the reason (en | fr | zh | ms)
_NAMES = {
    "activity": "activities|activités|活动|aktiviti",
    "sport": "sports|sports|运动|sukan",
    "art": "arts|arts|艺术|seni",
    "instrument": "instruments|instruments|乐器|alat muzik",
    "music": "music|musique|音乐|muzik",
    "book": "books|livres|书|buku",
    "screen": "films and shows|films et séries|影视|filem dan drama",
    "game": "games|jeux|游戏|permainan",
    "pet": "pets|animaux|宠物|haiwan peliharaan",
    "food": "food|plats|食物|makanan",
    "place": "places|lieux|地方|tempat",
    "job": "jobs|métiers|工作|pekerjaan",
    "event": "events|événements|活动|acara",
    "class": "classes|cours|课程|kelas",
    "cause": "causes|causes|公益|amal",
}
_LANGS = ("en", "fr", "zh", "ms")


def kind_reason(message: str, text: str, lang: str = "en", wide: bool = False) -> str | None:
    """Why the kind term lifted ``text`` for ``message`` ("asked for activities: this memory
    names one"), in ``lang`` (en, fr, zh, ms; English otherwise), or ``None``; ``wide``:
    venues, gatherings and titles count (``ScoringConfig.kind_wide``)."""
    shared = sorted(asked_kinds(message) & (_wide_named(text) if wide else named_kinds(text)))
    if not shared:
        return None
    lang = lang if lang in _LANGS else "en"
    names = [_NAMES[k].split("|")[_LANGS.index(lang)] for k in shared]
    return _REASON[lang].format(kinds=("、" if lang == "zh" else ", ").join(dict.fromkeys(names)))
