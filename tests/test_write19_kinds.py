"""Issue #26, round 18 (lane write19): the kinds of round3_extra14 it fixed — an end said by a verb of
ending, a change of an unkeyed fact, a moved date, a return or relapse without "back", "from X to Y" in
other words, an offer under the listener's condition, an ordinary 忘 beside a fact, a request to forget
in new words — in wordings of no case file, in en / fr / zh / ms, with counter-examples. Every case runs
through the real engine on an in-memory SQLite store (``run_case``) or the real filter chain.

The two sets were written before the rules they test were touched again: set 1 passed 38/47 on its first
run, set 2 19/24 (docs/journal.md, session 18, lane write19). One set-1 wording is a known miss
(a one-word event against a stored two-word one: "The offsite" / "Team offsite") was a strict xfail until
session 19 (lane write21: ``moved_date`` reads it).
"""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case

ADMIT = [
    # (stored [(text, date)], new wording, the stored text it retires, or None when nothing is retired)
    ([("Plays five-a-side on Thursdays", "2024-01-01")], "Quit five-a-side after the knee op", "Plays five-a-side"),
    ([("Subscribes to The Economist", "2024-01-01")], "Cancelled The Economist subscription in May", "Subscribes"),
    ([("Goes to a Pilates class", "2024-01-01")], "Stopped going to Pilates", "Goes to a Pilates"),
    ([("Is a member of the Ramblers", "2024-01-01")], "Cancelled my Ramblers membership", "member of the Ramblers"),
    (
        [("Coaches the under-10s at the local rugby club", "2024-01-01")],
        "Thinking of giving up coaching the under-10s",
        None,
    ),
    ([("Bakes cakes for the market", "2024-01-01")], "Sold cakes at the market all day", None),
    ([("Sister plays tennis", "2024-01-01")], "Gave up tennis", None),
    ([("Plays tennis and squash", "2024-01-01")], "Gave up squash", None),
    ([("Fait du théâtre amateur", "2024-01-01")], "A laissé tomber le théâtre amateur", "Fait du théâtre"),
    (
        [("Est abonnée à la salle de sport", "2024-01-01")],
        "A résilié son abonnement à la salle de sport",
        "Est abonnée",
    ),
    ([("Chante dans une chorale", "2024-01-01")], "Je vais lâcher la chorale", None),
    ([("Fait des gâteaux", "2024-01-01")], "A vendu des gâteaux au marché", None),
    ([("在练瑜伽", "2024-01-01")], "瑜伽放弃了", "在练瑜伽"),
    ([("每天抽一包烟", "2024-01-01")], "我把烟戒了", "每天抽一包烟"),
    ([("有爱奇艺会员", "2024-01-01")], "爱奇艺会员取消了", "有爱奇艺会员"),
    ([("每天晚上喝一罐啤酒", "2024-01-01")], "想把啤酒戒了", None),
    ([("住在父母家", "2024-01-01")], "周末回父母家吃饭", None),
    ([("Main badminton setiap Sabtu", "2024-01-01")], "Dah berhenti main badminton", "Main badminton"),
    ([("Ada akaun Netflix", "2024-01-01")], "Dah batalkan langganan Netflix", "Ada akaun Netflix"),
    ([("Ahli gim Anytime Fitness", "2024-01-01")], "Keahlian gim tu dah ditamatkan", "Ahli gim"),
    ([("Jadi ahli kelab memanah", "2024-01-01")], "Nak keluar kelab memanah", None),
    ([("Jual kuih di pejabat", "2024-01-01")], "Jual kuih raya tahun ni", None),
    ([("Hair appointment on 14 May", "2025-04-01")], "Hair appointment got bumped up a day to 13 May", "14 May"),
    (
        [("Team offsite on 9 October", "2025-05-01")],  # stored before the move (was 09-01: after it)
        "The offsite has been postponed by two weeks to 23 October",
        "9 October",
    ),
    (
        [("Mariage de Julie le 12 juin", "2025-04-01")],
        "Le mariage de Julie est décalé d'une semaine au 19 juin",
        "12 juin",
    ),
    (
        [("Rendez-vous chez le dentiste le 4 mars", "2025-02-01")],
        "J'ai avancé le rendez-vous chez le dentiste au 28 février",
        "4 mars",
    ),
    ([("婚礼定在10月3号", "2025-06-01")], "婚礼推后到10月10号了", "10月3号"),
    ([("体检约在周五", "2025-06-01")], "体检改期至下周二", "周五"),
    ([("Majlis kahwin sepupu pada 20 Julai", "2025-06-01")], "Majlis kahwin sepupu diundurkan ke 27 Julai", "20 Julai"),
    ([("Temu janji doktor pada 5 Mac", "2025-02-01")], "Temu janji doktor dah tunda seminggu ke 12 Mac", "5 Mac"),
    (
        [("Lives in Leeds", "2020-01-01"), ("Moved to Madrid", "2022-01-01")],
        "Came home to Leeds after two years in Madrid",
        "Moved to Madrid",
    ),
    ([("A arrêté de fumer", "2024-01-01")], "A rechuté : fume de nouveau depuis l'été", "A arrêté de fumer"),
    ([("在杭州上班", "2020-01-01"), ("去深圳工作了", "2022-01-01")], "又回杭州上班了", "去深圳工作了"),
    ([("Berhenti merokok", "2024-01-01")], "Dah merokok semula sejak raya", "Berhenti merokok"),
    ([("Bekerja sebagai kerani", "2024-01-01")], "Dari kerani, kini jadi penyelia stor", "Bekerja sebagai kerani"),
    (
        [("Works as a waiter at a bistro in Leeds", "2024-01-01")],
        "Worked my way up from waiting tables to running the bistro",
        "Works as a waiter",
    ),
    ([("在超市当收银员", "2024-01-01")], "从收银员转行做了会计", "在超市当收银员"),
    ([("Est serveur dans une brasserie", "2024-01-01")], "Est passé de serveur à chef de rang", "Est serveur"),
    (
        [("Has a Netflix subscription", "2024-01-01")],
        "Got rid of Netflix, too many price rises",
        "Netflix subscription",
    ),
    ([("Volunteers at the food bank", "2024-01-01")], "Stepped down from the food bank in June", "Volunteers"),
    ([("Drives a Ford Focus", "2024-01-01")], "Sold my Focus last month", "Ford Focus"),
    ([("Drives a Ford Focus", "2024-01-01")], "Sold my old bike last month", None),
    ([("Joue au tennis le dimanche", "2024-01-01")], "J'ai arrêté le tennis", "Joue au tennis"),
    ([("Joue au tennis", "2024-01-01")], "Sa femme a arrêté le tennis", None),
    ([("Est inscrite à la médiathèque", "2024-01-01")], "S'est désinscrite de la médiathèque", "inscrite"),
    ([("开了一家网店", "2024-01-01")], "网店关了", "开了一家网店"),
    ([("在学钢琴", "2024-01-01")], "钢琴课停了", "在学钢琴"),
    ([("开了一家网店", "2024-01-01")], "想把网店关了", None),
    ([("办了移动的宽带", "2024-01-01")], "把移动宽带注销了", "办了移动的宽带"),
    ([("Langgan Astro", "2024-01-01")], "Dah stop langganan Astro", "Langgan Astro"),
    ([("Kerja part-time di Tesco", "2024-01-01")], "Dah berhenti kerja part-time", "Kerja part-time"),
    ([("Ada kereta Myvi", "2024-01-01")], "Tutup kedai awal hari ni", None),
    ([("Flight to Lisbon on 3 June", "2025-05-01")], "The Lisbon flight got moved forward to 1 June", "3 June"),
    (
        [("Réunion parents-profs le 5 décembre", "2025-05-01")],
        "La réunion parents-profs est reportée au 12 décembre",
        "5 décembre",
    ),
    ([("牙医预约在3月8号", "2025-02-01")], "牙医预约往后推到3月15号", "3月8号"),
    ([("Mesyuarat PIBG pada 10 Ogos", "2025-05-01")], "Mesyuarat PIBG dah dianjakkan seminggu ke 17 Ogos", "10 Ogos"),
    ([("Quit vaping in January", "2024-01-01")], "Relapsed and started vaping again", "Quit vaping"),
    ([("Dah berhenti minum kopi", "2024-01-01")], "Minum kopi balik sejak puasa", "berhenti minum kopi"),
    (
        [("Lives in Ipoh", "2020-01-01"), ("Moved to KL", "2022-01-01")],
        "Headed home to Ipoh after the KL job",
        "Moved to KL",
    ),
    ([("在南京工作", "2020-01-01"), ("去北京上班了", "2022-01-01")], "又回南京工作了", "去北京上班了"),
    ([("Bekerja sebagai jurujual", "2024-01-01")], "Dari jurujual, sekarang jadi pengurus cawangan", "jurujual"),
    (
        [("Works as a receptionist at a hotel in York", "2024-01-01")],
        "Went from answering phones to running the hotel",
        "receptionist",
    ),
]
FILTER = [
    # (user message, candidate, kept)
    ("if you want I can send you my notes, I passed the bar exam in July", "Passed the bar exam in July", True),
    (
        "Je peux te prêter mon vélo si tu veux, je vais au boulot à vélo tous les jours",
        "Va au travail à vélo tous les jours",
        True,
    ),
    ("你要是感兴趣，我把那个课程推给你，我自己在学日语", "在学日语", True),
    ("Kalau berminat aku boleh kongsi link, aku dah ambil kursus ni tahun lepas", "Ambil kursus tahun lepas", True),
    ("忘了告诉你，我下个月搬家", "下个月搬家", True),
    ("差点忘了说，我换工作了", "换了工作", True),
    ("buat macam tak dengar apa aku cakap pasal hutang abang aku", "Abang ada hutang", False),
    ("Boss buat-buat tak dengar bila aku minta cuti, aku kerja kat kilang", "Kerja di kilang", True),
    ("If I win the lottery I'll send you a postcard, I'll buy a boat", "Will buy a boat", False),
]
# written after both sets (no first-run score): offers in each language and two conditions on the user
FILTER += [
    ("Want me to send you my sourdough starter? I bake bread every weekend", "Bakes bread every weekend", True),
    ("I can lend you my tent if you like, I go camping every summer", "Goes camping every summer", True),
    (
        "Je te prête ma perceuse si besoin, j'ai refait toute ma cuisine l'an dernier",
        "A refait sa cuisine l'an dernier",
        True,
    ),
    ("需要的话我可以把菜谱发给你，我每天都自己做饭", "每天自己做饭", True),
    ("你想要的话我教你，我学了五年吉他", "学了五年吉他", True),
    ("Nak aku ajar kau main gitar? Aku dah main sepuluh tahun", "Main gitar sepuluh tahun", True),
    ("If I got the job I would send you pictures, I would move to Berlin", "Moves to Berlin", False),
    ("Si je déménage à Nantes je te prêterai mon vélo, j'achèterais une maison", "Achète une maison", False),
    ("我老是忘带钥匙，对了我换了新工作", "换了新工作", True),
]
KNOWN: set[str] = set()  # the one-word event: moved_date reads it since session 19 (write21)


def _admit_case(existing, new, gone):
    expect = {"active_contains": [new]}
    if gone is None:
        expect["active_count"] = len(existing) + 1
    else:  # the stored text itself leaves the active memories (it may be a part of the new wording)
        stored = next(t for t, _ in existing if gone in t)
        expect["history_contains"] = [stored]
        if stored.casefold() not in new.casefold():
            expect["active_excludes"] = [stored]
        if len(existing) == 1:
            expect["active_count"] = 1
    return {
        "id": f"w19-{new[:20]}",
        "kind": "admit",
        "existing": [{"text": t, "date": d, "kind": "fact"} for t, d in existing],
        "incoming": {"text": new, "date": "2025-06-01", "kind": "fact"},
        "expect": expect,
    }


@pytest.mark.parametrize(
    ("existing", "new", "gone"),
    [
        pytest.param(*row, marks=pytest.mark.xfail(strict=True, reason="a one-word event")) if row[1] in KNOWN else row
        for row in ADMIT
    ],
)
def test_a_new_wording_retires_what_it_ends_and_nothing_else(existing, new, gone):
    result = run_case(_admit_case(existing, new, gone))
    assert result.status == "passed", result.problems


@pytest.mark.parametrize(("message", "text", "kept"), FILTER)
def test_offers_and_forgetting_in_new_words(message, text, kept):
    case = {
        "id": "w19-filter",
        "kind": "filter",
        "user_message": message,
        "candidate": {"text": text, "kind": "fact", "scope": "global", "confidence": 0.8},
        "expect": {"kept": kept},
    }
    result = run_case(case)
    assert result.status == "passed", result.problems


# the reader alone, on wordings written after both sets (no first-run score): (stored, new, ended)
ENDS = [
    ("办了健身房的会员卡", "健身房的会员退了", True),
    ("在滴滴开网约车", "网约车不干了", True),
    ("养了一只猫", "猫送人了", False),
    ("Has a Spotify account", "Deleted Spotify", True),
    ("Plays the violin", "Gave the violin to my niece", False),
    ("Est abonné au Monde", "S'est désabonné du Monde", True),
    ("Possède une Clio", "A vendu sa Clio", True),
    ("Fait des gâteaux", "A vendu des gâteaux au marché", False),
    ("Guna Shopee Pay", "Dah buang app Shopee Pay", True),
    ("Bela kucing", "Dah jual kucing", True),
    ("Jadi ahli kelab memanah", "Nak keluar kelab memanah", False),
]


@pytest.mark.parametrize(("old", "new", "ended"), ENDS)
def test_the_reader_of_an_end_by_a_verb(old, new, ended):
    from souvenir.lexical.ended_by import ends_by_verb

    assert ends_by_verb(new, old) is ended
