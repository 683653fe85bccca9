"""Issue #26's admission and filter kinds in four languages: a bounded (temporary) state
beside the lasting one, corrections of corrections, single-valued quantities, questions and
irony."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.ground.types import Candidate, Memory
from souvenir.write.admission import decide
from souvenir.write.filters import Exchange, run_filters


def _at(month: int) -> datetime:
    return datetime(2025, month, 1, tzinfo=timezone.utc)


def _decide(stored: list[str], new: str):
    memories = [Memory(i + 1, 1, text, created_at=_at(i + 1), updated_at=_at(i + 1)) for i, text in enumerate(stored)]
    return decide(Candidate(new, time=_at(9)), memories, _at(9))


@pytest.mark.parametrize(
    "lasting,bounded",
    [
        ("Works as an accountant", "Works as a lifeguard this summer"),
        ("Works at Deloitte", "Works at Decathlon over the Christmas holidays"),
        ("Lives in Lyon", "Lives in Nice for the summer"),
        ("Travaille comme comptable", "Travaille comme maître-nageur pendant les vacances"),
        ("Travaille chez Airbus", "Travaille chez Decathlon cet été"),
        ("Habite à Lyon", "Habite à Nice pour l'été"),
        ("在马来亚银行工作", "暑假在星巴克工作"),
        ("住在上海", "这个夏天住在杭州"),
        ("Bekerja sebagai akauntan", "Bekerja sebagai penjaga pantai masa cuti sekolah"),
        ("Bekerja di Maybank", "Bekerja di Tesco semasa cuti semester"),
        ("Tinggal di Ipoh", "Tinggal di Penang sepanjang cuti"),
    ],
)
def test_a_bounded_state_sits_beside_the_lasting_one(lasting, bounded):
    assert _decide([lasting], bounded).action == "insert"


@pytest.mark.parametrize(
    "first,middle,back",
    [
        ("住在上海", "搬到杭州住了", "又搬回上海住了"),
        ("Lives in Lyon", "Moved to Paris", "Moved back to Lyon"),
        ("Habite à Lyon", "A déménagé à Paris", "Est revenu vivre à Lyon"),
        ("Tinggal di Ipoh", "Pindah ke Penang", "Pindah semula ke Ipoh"),
    ],
)
def test_a_move_back_retires_the_middle_value(first, middle, back):
    assert _decide([first], middle).action == "supersede"
    decision = _decide([middle], back)
    assert decision.action == "supersede" and decision.target_id == 1


@pytest.mark.parametrize(
    "stopped,relapse",
    [
        ("A arrêté de fumer", "Fume à nouveau depuis mars"),
        ("Quit smoking", "Smokes again since March"),
        ("戒烟了", "从三月开始又抽烟了"),
        ("Berhenti merokok", "Merokok semula sejak Mac"),
    ],
)
def test_a_relapse_reverses_the_stop(stopped, relapse):
    assert _decide([stopped], relapse).action == "supersede"


@pytest.mark.parametrize(
    "old,new",
    [
        ("Works as an accountant", "Changed jobs from accountant to teacher"),
        ("Travaille comme comptable", "Est passé de comptable à professeur"),
        ("是一名会计", "工作从会计换成了老师"),
        ("Bekerja sebagai akauntan", "Tukar kerja dari akauntan ke guru"),
    ],
)
def test_from_x_to_y_changes_the_keyed_value(old, new):
    assert _decide([old], new).action == "supersede"


@pytest.mark.parametrize(
    "old,new",
    [
        ("Weighs 84 kg", "Weighs 79 kg"),
        ("Pèse 72 kilos", "Pèse 68 kilos"),
        ("体重75公斤", "体重70公斤"),
        ("Berat badan 70 kg", "Berat badan 65 kg"),
        ("Earns RM5,500 a month", "Earns RM6,000 a month"),
        ("Gagne 3000 euros par mois", "Gagne 3400 euros par mois"),
        ("月薪一万五", "月薪两万"),
        ("Gaji RM4000 sebulan", "Gaji RM4500 sebulan"),
        ("Has two kids", "Has three kids"),
        ("A deux enfants", "A trois enfants"),
        ("有两个孩子", "有三个孩子"),
        ("Ada dua orang anak", "Ada tiga orang anak"),
        ("Birthday is on 14 March", "Birthday is actually on 15 March"),
        ("Née le 3 mai 1990", "Née le 4 mai 1990"),
        ("生日是5月3日", "生日是5月4日"),
        ("Hari jadi pada 3 Mei", "Hari jadi pada 4 Mei"),
        ("Is 175 cm tall", "Is 176 cm tall"),
    ],
)
def test_a_measured_quantity_has_one_current_value(old, new):
    decision = _decide([old], new)
    assert decision.action == "supersede" and decision.code == "keyed", decision


@pytest.mark.parametrize(
    "old,new",
    [
        ("Weighs 84 kg and runs every morning", "Weighs 79 kg"),  # the old one says more: beside
        ("Has two kids", "Has two cats"),
    ],
)
def test_a_quantity_never_retires_more_than_itself(old, new):
    assert _decide([old], new).action == "insert"


def _kept(message: str, candidate: str, kind: str = "fact") -> bool:
    return run_filters(Candidate(candidate, kind=kind, confidence=0.8), Exchange(user_message=message)).kept


@pytest.mark.parametrize(
    "message,candidate",
    [
        ("我不是对芒果过敏吗？那这个芒果布丁我能吃吗", "对芒果过敏"),
        ("I'm allergic to mango, right? So can I eat this pudding?", "Is allergic to mango"),
        ("Je suis allergique à la mangue, non ? Je peux manger ce dessert ?", "Est allergique à la mangue"),
        ("Saya alah pada mangga kan? Boleh saya makan puding ni?", "Alah pada mangga"),
    ],
)
def test_a_rhetorical_or_tag_question_keeps_what_it_asserts(message, candidate):
    assert _kept(message, candidate)


@pytest.mark.parametrize(
    "message,candidate",
    [
        ("patut ke saya berhenti kerja bulan depan", "Akan berhenti kerja bulan depan"),
        ("boleh tak saya pindah ke Penang tahun depan", "Akan pindah ke Penang tahun depan"),
        ("我是不是应该辞职去读研", "决定辞职去读研"),
        ("要不要把房子卖了", "打算把房子卖了"),
        ("Should I dye my hair red", "Is going to dye hair red"),
        ("Est-ce que je devrais déménager à Lyon", "Va déménager à Lyon"),
    ],
)
def test_a_question_without_a_question_mark_decides_nothing(message, candidate):
    assert not _kept(message, candidate, "promise")


@pytest.mark.parametrize(
    "message,candidate",
    [
        (
            "Oh sure, I just LOVE spending my Saturday in a three-hour queue at the tax office. Best day ever.",
            "Loves spending Saturdays queuing at the tax office",
        ),
        ("J'ADORE faire la queue à la poste pendant deux heures, génial... 🙄", "Adore faire la queue à la poste"),
        ("我可太喜欢周末加班了呵呵", "喜欢周末加班"),
        ("Suka sangat la kena kerja hujung minggu, konon best.", "Suka kerja hujung minggu"),
    ],
)
def test_marked_sarcasm_yields_nothing(message, candidate):
    assert not _kept(message, candidate, "preference")


@pytest.mark.parametrize(
    "message,candidate",
    [
        ("I love my new job, best decision ever.", "Loves the new job"),
        ("J'adore le jazz, surtout le soir.", "Adore le jazz"),
        ("我很喜欢周末去爬山", "喜欢周末爬山"),
    ],
)
def test_plain_enthusiasm_is_kept(message, candidate):
    assert _kept(message, candidate, "preference")


@pytest.mark.parametrize(
    "message,candidate,kept",
    [
        ("J'aime plus le café", "Aime le café", False),
        ("Je supporte plus mon voisin", "Supporte son voisin", False),
        ("J'aime plus le thé que le café", "Aime le thé", True),
        ("Je mange plus de légumes qu'avant", "Mange des légumes", True),
        ("Saya tak suka kopi dah", "Suka kopi", False),
    ],
)
def test_spoken_negation(message, candidate, kept):
    assert _kept(message, candidate, "preference") is kept


@pytest.mark.parametrize(
    "message,candidate,kind",
    [
        ("Can you delete what I told you about my salary? I don't want that stored.", "Earns 90k a year", "fact"),
        ("我是不是该把工作辞了", "决定辞职", "promise"),
        ("我真是太喜欢排两个小时队了呵呵", "喜欢排队", "preference"),
        ("Suka sangat la kena jam 2 jam kat highway, konon best", "Suka kesesakan lalu lintas", "preference"),
        (
            "Ah oui, j'ADORE passer mon samedi aux impôts, ben voyons.",
            "Adore passer le samedi aux impôts",
            "preference",
        ),
    ],
)
def test_the_request_question_or_irony_yields_nothing_whatever_the_words(message, candidate, kind):
    assert not _kept(message, candidate, kind)


def test_a_trade_named_by_its_noun_changes_from_x_to_y():
    assert _decide(["是一名销售"], "从销售转行做了程序员").action == "supersede"


@pytest.mark.parametrize(
    "relative,own",
    [
        ("Sister lives in Ipoh, in the same town as the user", "Lives in Ipoh"),
        ("妹妹也住在怡保，和用户同一个城市", "住在怡保"),
        ("Sa sœur habite à Lyon, comme l'utilisateur", "Habite à Lyon"),
        ("Kakak tinggal di Ipoh, sama bandar dengan pengguna", "Tinggal di Ipoh"),
    ],
)
def test_a_memory_about_a_relative_never_absorbs_the_users(relative, own):
    decision = _decide([relative], own)
    assert decision.action == "insert", decision
