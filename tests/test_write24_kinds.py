"""Issue #26, session 20 (lane write24): the kinds round3_extra16 missed, widened to the kind — a deictic
request followed by the user's comment, spoken French without « ne », labels in full-width brackets, a
liking said only in sarcasm about a mishap named before it, a Malay verb with or without its prefix in a
negation, a choice asked without "?" (hesitation, or an opinion asked after two options), a return in the
frame of the value returned to, a stop said as "no longer" then taken up again, a promotion to a rank, a
fee reworded, a count of daughters or sons outdated by the children's count, an amount with "this year" —
in wordings of no case file, en / fr / zh / ms, with counter-examples. Admissions run through the real
engine on an in-memory SQLite store (``run_case``), filters through the real chain.
"""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case
from souvenir.ground.types import Candidate
from souvenir.write.filters import MODEL_CHAIN, Exchange, run_filters

# (stored [text, …] oldest first, new wording said later, the stored text it retires or None)
ADMIT = [
    # back: a return in the frame of the value returned to; the middle value said plainly
    (
        ["Banks with HSBC for the current account", "Banks with Monzo for the current account"],
        "Back with HSBC for the current account, Monzo kept freezing my card",
        "Monzo for the current",
    ),
    (
        ["Prend le bus 42 pour aller au travail", "Prend le vélo pour aller au travail"],
        "Est revenu au bus 42 pour aller au travail, le vélo sous la pluie c'était trop",
        "Prend le vélo",
    ),
    (["手机卡用的移动", "手机卡换成了联通"], "手机卡又换回移动了，联通信号太差", "换成了联通"),
    (
        ["Isi minyak di Petron setiap minggu", "Isi minyak di Shell setiap minggu"],
        "Dah balik isi minyak di Petron setiap minggu, Shell jauh sangat",
        "di Shell",
    ),
    (["网购一般用淘宝", "网购换成了拼多多"], "又用回淘宝了，拼多多假货太多", "换成了拼多多"),
    (
        ["Guna Celcom untuk telefon", "Guna Digi untuk telefon"],
        "Dah guna Celcom balik, Digi takde line kat rumah",
        "Guna Digi",
    ),
    # counter-example: one shared word is no frame, and the return does not name the middle value
    (["Works at Renault", "Works Saturdays at the market stall"], "Back at Renault full time", None),
    # back: a stop said as "no longer", then taken up again
    (["No longer gets panic attacks since the therapy"], "Getting panic attacks again before exams", "No longer"),
    (["Ne joue plus au tennis depuis son opération"], "A repris le tennis le dimanche matin", "Ne joue plus"),
    (["已经三个月没抽烟了"], "最近压力大，又抽上烟了", "没抽烟"),
    (["Dah tak main futsal"], "Main futsal balik dengan geng pejabat", "Dah tak main"),
    # counter-examples: one occasion is no stop; another thing taken up
    (["已经两年没去过日本了"], "又去韩国玩了一趟", None),
    (["Ne fume plus depuis 2019"], "A repris le vélo en avril", None),
    # from_to: a promotion to a rank (a title ending in 长, 主任, 领班…)
    (["是一名收银员"], "从收银员升为了店长", "是一名收银员"),
    (["是普工"], "从普工升成了组长", "是普工"),
    # quantity: a fee reworded (payer's verb on one side, the fee's noun on the other)
    (["Pays £12 a month for Spotify"], "Spotify subscription went up to £13 a month", "£12"),
    (
        ["Paie 45 € par mois pour la salle de sport"],
        "L'abonnement à la salle de sport est passé à 49 € par mois",
        "45 €",
    ),
    (["每个月交两百的宽带费"], "宽带费涨到两百五一个月了", "两百的"),
    (["Bayar RM99 sebulan untuk Unifi"], "Langganan Unifi naik jadi RM129 sebulan", "RM99"),
    # counter-examples: another thing paid, another period
    (["Pays £12 a month for Spotify"], "Pays £9 a month for Netflix", None),
    (["Pays £12 a month for Spotify"], "Spotify went up to £130 a year", None),
    # quantity: a count of daughters or sons outdated by the children's count
    (["Has one son"], "Has three kids now", "one son"),
    (["A un fils"], "A deux enfants maintenant", "un fils"),
    (["有一个儿子"], "小女儿出生了，家里两个孩子了", "一个儿子"),
    (["Ada seorang anak lelaki"], "Sekarang ada dua orang anak", "seorang anak lelaki"),
    # counter-example: the same two
    (["Has two daughters"], "Has two kids", None),
    # quantity: a weight said by its change verb and unit only
    (["Weighs 82 kg"], "Down to 76 kg after the diet", "82 kg"),
    (["Pèse 70 kilos"], "Est redescendu à 66 kilos grâce au vélo", "70 kilos"),
    (["体重75公斤"], "现在瘦到68公斤了", "75公斤"),
    (["Berat saya 80 kg"], "Dah turun ke 74 kg lepas puasa", "80 kg"),
    # quantity: an amount that holds "this year"
    (["School fees are £4,000 a term"], "School fees are £4,300 a term this year", "£4,000"),
    (["Yuran sekolah anak RM300 sebulan"], "Yuran sekolah anak RM350 sebulan tahun ini", "RM300"),
]


@pytest.mark.parametrize(("stored", "said", "retired"), ADMIT, ids=[row[1][:40] for row in ADMIT])
def test_admission_kinds(stored: list[str], said: str, retired: str | None) -> None:
    existing = [{"text": text, "date": f"202{2 + i}-03-01", "kind": "fact"} for i, text in enumerate(stored)]
    expect: dict[str, list[str]] = {"active_contains": [said[:12]]}
    if retired is not None:
        expect["active_excludes"] = [retired]
        expect["history_contains"] = [retired]
    else:
        expect["active_contains"] += [text[:12] for text in stored]
    case = {
        "id": "write24",
        "kind": "admit",
        "existing": existing,
        "incoming": {"text": said, "date": "2025-09-01", "kind": "fact"},
        "expect": expect,
    }
    assert run_case(case).problems == ()


# (user message, candidate text, candidate kind, kept)
FILTER = [
    # forget: a request pointing at what was just said, then the user's comment on it
    (
        "I failed my driving test again. Actually don't save that, it's embarrassing",
        "Failed driving test",
        "fact",
        False,
    ),
    (
        "Ma femme et moi on fait chambre à part... non attends, garde pas ça, c'est perso",
        "Fait chambre à part",
        "fact",
        False,
    ),
    ("我上个月被房东赶出来了。这个别记了，太丢人了", "被房东赶出来了", "fact", False),
    (
        "Saya gagal peperiksaan memandu lagi... eh tak payah ingat tu, malu la",
        "Gagal peperiksaan memandu",
        "fact",
        False,
    ),
    (
        "My husband and I sleep in separate rooms now. oops don't remember that, too much info",
        "Sleeps apart from husband",
        "fact",
        False,
    ),
    ("我老公最近在看心理医生……哎，这个别记了，太私人了", "老公在看心理医生", "fact", False),
    # counter-examples: the user's own lapse of memory; a statement in spoken French is no request
    (
        "We went to a Thai place by the river. sorry don't remember the name",
        "Went to a Thai place by the river",
        "fact",
        True,
    ),
    ("Je retiens pas les noms des gens, c'est terrible", "Retient mal les noms", "fact", True),
    # speakers: labels in full-width brackets
    ("群里聊天记录\n【表姐】我下个月辞职去深圳\n【我】加油", "下个月辞职去深圳", "fact", False),
    ("Sembang group:\n［Kak Long］Saya dah bersalin semalam\n［Saya］Tahniah kak", "Dah bersalin", "fact", False),
    ("群里聊天记录\n【表姐】恭喜恭喜\n【我】我下个月辞职去深圳", "下个月辞职去深圳", "fact", True),
    # sarcasm: the liking said only in the marked sentence, the thing named in the mishap before it
    (
        "Two hours on hold with Virgin Media, then cut off. amazing support, really loving it /s",
        "Loves Virgin Media support",
        "preference",
        False,
    ),
    (
        "Trois semaines sans internet avec Free. Service client au top, j'adore 🙃",
        "Aime le service client de Free",
        "preference",
        False,
    ),
    ("顺丰的快递又丢了一次。这服务，真是爱了爱了🙂", "喜欢顺丰的服务", "preference", False),
    (
        "Grab cancel order saya tiga kali hari ni. Servis terbaik la, suka sangat 🙄",
        "Suka servis Grab",
        "preference",
        False,
    ),
    # counter-example: a sincere liking beside a marked one
    (
        "I love Virgin Media's speeds honestly. The installer was late, great timing /s",
        "Loves Virgin Media",
        "preference",
        True,
    ),
    # negation: a Malay verb with or without its prefix
    ("Memancing ni dah tak minat dah, bosan", "Suka pancing", "preference", False),
    ("Menari ni dah tak minat sejak lutut sakit", "Suka tari", "preference", False),
    ("Berkebun ni saya dah tak minat dah", "Suka kebun", "preference", False),
    # a fronted topic before a negation with its reason after it
    ("Menari dah tak minat sejak lutut sakit", "Suka menari", "preference", False),
    ("Bowling I don't do anymore since my back went", "Enjoys bowling", "preference", False),
    ("Le chocolat j'en mange plus depuis mon diabète", "Aime le chocolat", "preference", False),
    ("羽毛球现在不打了，因为膝盖受伤", "喜欢打羽毛球", "preference", False),
    ("Saya suka berkebun hujung minggu", "Suka kebun", "preference", True),
    # no_qmark: hesitation, or an opinion asked after two options, without "?"
    (
        "can't decide whether to move to Leeds for the job or stay put, thoughts",
        "Will move to Leeds",
        "promise",
        False,
    ),
    ("je suis partagé entre vendre ma moto ou la garder, tu ferais quoi", "Va vendre sa moto", "promise", False),
    ("在买房还是继续租房之间纠结，你怎么看", "打算买房", "promise", False),
    (
        "serba salah nak ambil tawaran kerja kat Penang, apa pendapat awak",
        "Akan ambil tawaran kerja di Penang",
        "promise",
        False,
    ),
    ("Sell the motorbike or keep it for weekends, what would you do", "Will sell motorbike", "promise", False),
    # counter-examples: a plan told before an opinion asked stays a plan
    ("Selling my motorbike in June, thoughts", "Will sell motorbike in June", "promise", True),
    ("Je vends ma moto en juin, t'en penses quoi", "Va vendre sa moto en juin", "promise", True),
]


@pytest.mark.parametrize(
    ("message", "text", "kind", "kept"),
    FILTER,
    ids=[f"{row[0][:30]}->{row[1][:20]}" for row in FILTER],
)
def test_filter_kinds(message: str, text: str, kind: str, kept: bool) -> None:
    candidate = Candidate(text=text, kind=kind, scope="global", confidence=0.8)
    verdict = run_filters(candidate, Exchange(message), MODEL_CHAIN)
    assert verdict.kept is kept, (verdict.filter, verdict.reason)
