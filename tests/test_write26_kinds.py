"""Issue #26, session 21 (lane write26): the kinds the tenth blind file (round3_extra17) found,
each in en / fr / zh / ms, through the runner of ``souvenir eval cases`` (the real filters):

* a request to pay no heed to what the user said ("ignore what I said about…", « ne tiens pas
  compte de ce que je t'ai dit… », 别管我刚才说的…, "abaikan apa aku cakap…") is a request to
  forget (``souvenir.lexical.forget_ignore``), and names its topic;
* a decision about an offer ("Will take the job offer") is no offer made: a question's plan
  is dropped (``souvenir.write.filters._act_nouns``);
* an offer joined to the listener's condition without a comma ("If you're ever in Cork I can
  show you round, I've lived there twenty years") keeps the user's fact beside it
  (``souvenir.write.filters._joined_offer``);
* the heading of a pasted chat ("Ni group kerja aku:") is no support for another speaker's line
  (``souvenir.write.filters._paste_heading``).
"""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.bench.cases import run_case
from souvenir.lexical.forget_cues import forget_requests
from souvenir.lexical.forget_deixis import points_back
from souvenir.ground.types import Memory
from souvenir.write.forget_match import match_forget
from tests.case_support import filter_case

# (lang, message, candidate): a request to pay no heed to what was said keeps nothing of it
IGNORED = [
    ("en", "nvm about the Lisbon trip, just ignore what I said about it earlier", "Planning a trip to Lisbon"),
    ("en", "Please ignore what I told you about my sister's divorce", "Sister is getting divorced"),
    ("en", "My cousin is pregnant. Just ignore that, it's not public.", "Cousin is pregnant"),
    ("en", "don't pay any attention to what I said about quitting", "Is quitting the job"),
    ("en", "pls ignore the Lisbon stuff", "Planning a trip to Lisbon"),
    ("fr", "laisse tomber, ignore ce que je t'ai dit sur le déménagement", "Va déménager"),
    ("fr", "Ne tiens pas compte de ce que je t'ai dit sur mon déménagement", "Va déménager"),
    ("fr", "fais pas attention à ce que je viens de dire sur Lisbonne", "Part à Lisbonne"),
    ("fr", "Ma sœur est enceinte. Ignore ça, c'est pas officiel.", "Sa sœur est enceinte"),
    ("fr", "ignore le truc sur Lisbonne", "Part à Lisbonne"),
    ("zh", "算了，别管我刚才说的搬家的事", "要搬家"),
    ("zh", "无视我刚才说的搬家的事吧", "要搬家"),
    ("zh", "我表姐怀孕了，刚才那句别当真，还没公开", "表姐怀孕了"),
    ("ms", "takpelah, abaikan je apa aku cakap pasal pindah KL tadi", "Akan pindah ke KL"),
    ("ms", "jangan ambil kira apa saya cakap pasal pindah KL", "Akan pindah ke KL"),
    ("ms", "Sepupu aku mengandung. Abaikan yang tu, belum umum lagi.", "Sepupu mengandung"),
    ("ms", "takpe, abaikan je pasal pindah KL tu", "Akan pindah ke KL"),
]
# the user's own act of ignoring, or a thing ignored: statements
NOT_IGNORED = [
    ("en", "I ignore what my boss says about overtime, I leave at five", "Leaves work at five"),
    ("en", "Ignore the noise in the background, I'm at the station.", "Is at the station"),
    ("en", "Never mind that, I'm moving to Penang next month", "Moving to Penang next month"),
    ("en", "ignore the stuff in my inbox, I'm flying to Lisbon Monday", "Flying to Lisbon Monday"),
    ("fr", "Je ne tiens pas compte de ce que dit mon patron, je pars à 17h", "Part du travail à 17h"),
    ("fr", "Ignore le bruit, je suis dans le train pour Lyon", "Est dans le train pour Lyon"),
    ("zh", "别管我，我下个月搬家", "下个月搬家"),
    ("zh", "别管那个噪音，我在火车站", "在火车站"),
    ("ms", "Saya abaikan nasihat doktor pasal gula, saya makan kek tiap hari", "Makan kek tiap hari"),
    ("ms", "abaikan bunyi bising tu, saya kat stesen", "Berada di stesen"),
    ("ms", "abaikan je hal kecil macam tu, saya pindah KL bulan depan", "Pindah KL bulan depan"),
]


@pytest.mark.parametrize(("lang", "message", "candidate"), IGNORED, ids=[f"{r[0]}-{i}" for i, r in enumerate(IGNORED)])
def test_a_request_to_ignore_what_was_said_keeps_nothing(lang, message, candidate):
    result = run_case(filter_case(lang, message, candidate, False, "[forget]", f"w26-ignore-{lang}"))
    assert result.status == "passed", result.problems


@pytest.mark.parametrize(
    ("lang", "message", "candidate"), NOT_IGNORED, ids=[f"{r[0]}-{i}" for i, r in enumerate(NOT_IGNORED)]
)
def test_ignoring_a_thing_is_no_request(lang, message, candidate):
    assert forget_requests(message) == []
    result = run_case(filter_case(lang, message, candidate, True, "[forget]", f"w26-ignore-{lang}"))
    assert result.status == "passed", result.problems


# (lang, request, the memory it names, another memory)
NAMED = [
    ("en", "Just ignore what I said about my sister's divorce.", "Sister is getting divorced", "Sister lives in Leeds"),
    (
        "fr",
        "Ne tiens pas compte de ce que je t'ai dit sur le divorce de ma sœur.",
        "Sa sœur divorce",
        "Sa sœur habite à Lille",
    ),
    ("zh", "别管我刚才说的我姐离婚的事。", "姐姐在离婚", "姐姐住在杭州"),
    ("ms", "Abaikan apa yang saya cakap pasal kakak saya bercerai.", "Kakak sedang bercerai", "Kakak tinggal di Ipoh"),
]
DEICTIC = {
    "en": "My cousin is pregnant. Ignore that, it's not public.",
    "fr": "Ma cousine est enceinte. Ignore ça, c'est pas officiel.",
    "zh": "我表姐怀孕了。刚才那句你别当真。",
    "ms": "Sepupu aku mengandung. Abaikan yang tu.",
}


@pytest.mark.parametrize(("lang", "asking", "memory", "other"), NAMED)
def test_the_request_names_its_topic_and_erases_it(tmp_path, lang, asking, memory, other):
    requests = forget_requests(asking)
    assert len(requests) == 1 and requests[0].topic
    found = match_forget(requests, [Memory(1, 1, memory, source="turn:1"), Memory(2, 1, other, source="turn:2")])
    assert found.erase == (1,) and not found.ambiguous
    with Souvenir.open(tmp_path / "i.db", embedder="none", window_embedder="none", background=False) as mem:
        first = mem.remember("u", memory)
        kept = mem.remember("u", other)
        turn = mem.add_turn("u", asking, reply="OK")
        assert turn.memory is not None and turn.memory.action == "dropped"
        assert [m.id for m in mem.memories("u").memories] == [kept.id]
        assert [m.id for m in mem.memories("u", status="deleted").memories] == [first.id]


@pytest.mark.parametrize(("lang", "message"), sorted(DEICTIC.items()))
def test_ignore_that_points_at_what_was_just_said(lang, message):
    requests = forget_requests(message)
    assert len(requests) == 1 and points_back(requests[0], message)


# a question's decision about an offer, a plan to ask, interest as money: no act carried
QUESTION_PLANS = [
    ("en", "should I take the job offer in Dublin or stay put", "Will take the job offer in Dublin"),
    ("en", "do I accept their offer or wait for Google", "Will accept their offer"),
    ("en", "should I ask my boss for a raise", "Will ask boss for a raise"),
    ("en", "should I pay off the interest on my car loan first or save", "Will pay off the interest on car loan first"),
    ("fr", "est-ce que j'accepte l'offre d'emploi à Dublin ou je reste", "Va accepter l'offre d'emploi à Dublin"),
    ("zh", "我该不该接受都柏林那个offer", "接受都柏林的offer"),
    ("ms", "patut ke aku terima offer kerja kat Dublin", "Akan terima offer kerja di Dublin"),
    ("ms", "patut ke aku terima tawaran kerja kat Dublin", "Akan terima tawaran kerja di Dublin"),
]
# the offer held, or made: kept
OFFER_FACTS = [
    ("en", "I got a job offer in Dublin, should I take it or stay put", "Has a job offer in Dublin"),
    ("en", "I turned down the job offer in Dublin.", "Turned down the job offer in Dublin"),
    ("en", "If you're ever in Cork I can show you round", "Offers to show the assistant round Cork"),
    ("fr", "J'ai refusé l'offre de Dublin, je reste à Paris.", "A refusé l'offre de Dublin"),
    ("zh", "我拒绝了都柏林的offer，留在北京", "拒绝了都柏林的offer"),
    ("ms", "Aku dah tolak offer kerja kat Dublin", "Tolak offer kerja di Dublin"),
]


@pytest.mark.parametrize(
    ("lang", "message", "candidate"), QUESTION_PLANS, ids=[f"{r[0]}-{i}" for i, r in enumerate(QUESTION_PLANS)]
)
def test_a_question_about_an_offer_decides_nothing(lang, message, candidate):
    case = filter_case(lang, message, candidate, False, "[question]", f"w26-offer-{lang}")
    case["candidate"]["kind"] = "promise"
    result = run_case(case)
    assert result.status == "passed", result.problems


@pytest.mark.parametrize(
    ("lang", "message", "candidate"), OFFER_FACTS, ids=[f"{r[0]}-{i}" for i, r in enumerate(OFFER_FACTS)]
)
def test_an_offer_held_or_made_is_kept(lang, message, candidate):
    result = run_case(filter_case(lang, message, candidate, True, "[question]", f"w26-offer-{lang}"))
    assert result.status == "passed", result.problems


# an offer joined to the listener's condition without a comma: the fact beside it is kept
JOINED_OFFERS = [
    (
        "en",
        "If you're ever in Cork I can show you round, I've lived there twenty years",
        "Has lived in Cork for twenty years",
    ),
    (
        "en",
        "If you ever come to Cork I'll take you to the English Market, I've lived there twenty years",
        "Has lived in Cork for twenty years",
    ),
    (
        "fr",
        "Si tu passes à Annecy je peux te faire visiter, j'y habite depuis dix ans.",
        "Habite à Annecy depuis dix ans",
    ),
    (
        "fr",
        "Si jamais tu viens à Annecy je t'emmène au lac, j'y habite depuis dix ans.",
        "Habite à Annecy depuis dix ans",
    ),
    ("zh", "你来西安的话我请你吃泡馍，我在这儿住了十几年了", "在西安住了十几年"),
    ("zh", "要是你来成都我可以带你去吃火锅，我在成都住了八年", "在成都住了八年"),
    (
        "ms",
        "Kalau awak datang Kuching saya bawa awak jalan-jalan, saya dah tinggal sini sejak 2010",
        "Tinggal di Kuching sejak 2010",
    ),
]
# a condition on the user is still a hypothesis
OWN_CONDITIONS = [
    ("en", "If I lived in Cork I would show you round", "Lives in Cork"),
    ("fr", "Si j'habitais à Annecy je te ferais visiter", "Habite à Annecy"),
    ("zh", "如果我住在西安我就请你吃泡馍", "住在西安"),
    ("ms", "Kalau saya tinggal di Kuching saya bawa awak jalan-jalan", "Tinggal di Kuching"),
]


@pytest.mark.parametrize(
    ("lang", "message", "candidate"), JOINED_OFFERS, ids=[f"{r[0]}-{i}" for i, r in enumerate(JOINED_OFFERS)]
)
def test_an_offer_without_a_comma_keeps_the_fact_beside_it(lang, message, candidate):
    result = run_case(filter_case(lang, message, candidate, True, "[presupposed]", f"w26-joined-{lang}"))
    assert result.status == "passed", result.problems


@pytest.mark.parametrize(
    ("lang", "message", "candidate"), OWN_CONDITIONS, ids=[f"{r[0]}-{i}" for i, r in enumerate(OWN_CONDITIONS)]
)
def test_a_condition_on_the_user_stays_a_hypothesis(lang, message, candidate):
    result = run_case(filter_case(lang, message, candidate, False, "[presupposed]", f"w26-joined-{lang}"))
    assert result.status == "passed", result.problems


# a pasted chat under a heading sharing a word with the candidate: another speaker's line
HEADED_CHATS = [
    (
        "en",
        "Chat from the office group:\n[Ravi]: I got promoted to manager\n[Me]: congrats!!",
        "Promoted to manager at the office",
    ),
    ("fr", "Le groupe du boulot :\nJulie : je quitte la boîte en mars\nMoi : sérieux ?", "Quitte le boulot en mars"),
    ("zh", "公司群的聊天：\n小王：我下个月离职了\n我：真的假的？", "下个月从公司离职"),
    (
        "ms",
        "Ni group kerja aku:\n[Hafiz]: aku dah resign dari Petronas\n[Aku]: serius la?",
        "Sudah berhenti kerja dari Petronas",
    ),
    (
        "ms",
        "Group office aku:\n[Ravi]: aku dapat naik pangkat jadi manager\n[Aku]: tahniah!",
        "Naik pangkat jadi manager di office",
    ),
]
# the user's own lines still say it
OWN_LINES = [
    (
        "en",
        "Chat with my work group, I'm the team lead there:\n[Hafiz]: I just resigned\n[Me]: wow",
        "Is the team lead of the work group",
    ),
    (
        "fr",
        "Le groupe du boulot :\nJulie : tu pars quand ?\nMoi : je quitte le boulot en mars",
        "Quitte le boulot en mars",
    ),
    ("zh", "公司群的聊天：\n小王：你什么时候走？\n我：我下个月从公司离职", "下个月从公司离职"),
    (
        "ms",
        "Group kerja aku:\n[Hafiz]: bila kau berhenti?\n[Aku]: aku berhenti kerja bulan depan",
        "Berhenti kerja bulan depan",
    ),
]


@pytest.mark.parametrize(
    ("lang", "message", "candidate"), HEADED_CHATS, ids=[f"{r[0]}-{i}" for i, r in enumerate(HEADED_CHATS)]
)
def test_the_heading_of_a_pasted_chat_says_nothing_of_its_lines(lang, message, candidate):
    result = run_case(filter_case(lang, message, candidate, False, "[speaker]", f"w26-heading-{lang}"))
    assert result.status == "passed", result.problems


@pytest.mark.parametrize(
    ("lang", "message", "candidate"), OWN_LINES, ids=[f"{r[0]}-{i}" for i, r in enumerate(OWN_LINES)]
)
def test_the_users_own_lines_still_say_it(lang, message, candidate):
    result = run_case(filter_case(lang, message, candidate, True, "[speaker]", f"w26-heading-{lang}"))
    assert result.status == "passed", result.problems
