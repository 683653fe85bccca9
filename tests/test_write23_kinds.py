"""Issue #26, session 20 (lane write23): the write path's leftover kinds, four languages, on wordings of
no case file — a return to a value already in history, a relapse on a kind of the thing stopped
(:mod:`souvenir.lexical.kinds_of`), near-synonyms of one membership ended, an event moved with no verb of
moving, "from X to Y" followed by a clause, never-mind forms kept as nothing.

Admissions run through :func:`souvenir.bench.cases.run_case` (the engine on a fresh SQLite store)."""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case

DAYS = ("2023-01-09", "2024-03-04", "2024-09-01")


def _admit(olds: list[str], new: str, active_has: str, gone: list[str]) -> list[str]:
    case = {
        "id": "w23",
        "kind": "admit",
        "existing": [{"text": t, "date": DAYS[i]} for i, t in enumerate(olds)],
        "incoming": {"text": new, "date": "2025-02-17"},
        "expect": {"active_contains": [active_has], "active_excludes": gone, "history_contains": gone},
    }
    return list(run_case(case).problems)


def _kept_beside(olds: list[str], new: str) -> list[str]:
    case = {
        "id": "w23",
        "kind": "admit",
        "existing": [{"text": t, "date": DAYS[i]} for i, t in enumerate(olds)],
        "incoming": {"text": new, "date": "2025-02-17"},
        "expect": {"active_contains": [olds[-1], new[:12]]},
    }
    return list(run_case(case).problems)


# 1. A return to what a move away already superseded (the older value is in history).
RETURNS_OVER_HISTORY = [
    (
        ["Lives in a flat in Glasgow", "Moved to a cottage in the countryside near Oban"],
        "Back in Glasgow, renting near the university",
        ["cottage"],
    ),
    (
        ["Travaille au bureau de Lyon", "Est passée en télétravail à plein temps"],
        "De retour au bureau de Lyon trois jours par semaine",
        ["télétravail"],
    ),
    (["住在成都", "搬到深圳了"], "又搬回成都了", ["深圳"]),
    (["在上海分公司上班", "跳槽到深圳总部了"], "又回上海分公司上班了", ["深圳总部"]),
    (
        ["Kerja di pejabat Shah Alam", "Dah tukar kerja dari rumah sepenuh masa"],
        "Dah balik kerja di pejabat Shah Alam",
        ["dari rumah"],
    ),
]


@pytest.mark.parametrize(("olds", "new", "gone"), RETURNS_OVER_HISTORY, ids=lambda v: str(v)[:24])
def test_return_over_a_value_in_history(olds, new, gone):
    assert _admit(olds, new, new[:8], gone) == []


# A Chinese move to another office or employer (换到 / 调到) is a change of job a return to work retires.
@pytest.mark.parametrize(
    ("olds", "new", "gone"),
    [
        (["在上海分公司上班", "换到深圳总部了"], "又回上海分公司上班了", ["换到深圳总部"]),
        (["在银行上班", "调到保险公司了"], "又回银行上班了", ["调到保险公司"]),
    ],
    ids=["huan", "diao"],
)
def test_return_over_a_chinese_transfer(olds, new, gone):
    assert _admit(olds, new, new[:4], gone) == []


def test_a_transfer_is_no_move_of_home():
    assert _kept_beside(["住在杭州", "换到新公司了"], "又回杭州了") == []


# 1. A relapse or a stop named by a kind and one of its things.
KIND_RELAPSES = [
    (["Quit gambling last year"], "Started playing poker again with the lads", ["Quit gambling"]),
    (["Stopped drinking beer in January"], "Back to drinking at weekends", ["Stopped drinking beer"]),
    (["A arrêté de fumer"], "A repris les clopes depuis son nouveau boulot", ["arrêté de fumer"]),
    (["已经戒了赌"], "又开始打德州扑克了", ["戒了赌"]),
    (["Dah berhenti berjudi"], "Main poker semula dengan kawan-kawan lama", ["berhenti berjudi"]),
    # the stop's time ends what stopped ("two years ago", "dua tahun lalu")
    (["Quit gambling two years ago"], "Started playing poker again with the lads", ["Quit gambling"]),
    (["Berhenti merokok dua tahun lalu"], "Merokok semula sejak bulan lepas", ["Berhenti merokok"]),
]


@pytest.mark.parametrize(("olds", "new", "gone"), KIND_RELAPSES, ids=lambda v: str(v)[:24])
def test_relapse_on_a_kind(olds, new, gone):
    assert _admit(olds, new, new[:8], gone) == []


NOT_THE_SAME_HABIT = [
    (["Quit gambling"], "Went back to the office after lunch"),
    (["Stopped drinking wine"], "Started playing poker again"),
    (["已经戒了烟"], "又开始喝啤酒了"),
    (["A arrêté les jeux vidéo"], "A repris le poker en ligne"),
    (["Dah berhenti merokok"], "Main Mobile Legends semula"),
]


@pytest.mark.parametrize(("olds", "new"), NOT_THE_SAME_HABIT, ids=lambda v: str(v)[:24])
def test_another_kind_is_no_relapse(olds, new):
    assert _kept_beside(olds, new) == []


# 5. One membership by its place, its card or its membership: ended under another of its names.
SAME_THING_ENDED = [
    (["Goes to the gym three times a week"], "Cancelled my gym membership", "Goes to the gym"),
    (["办了健身卡"], "健身房不去了", "办了健身卡"),
    (["每周去三次健身房"], "把健身卡退了", "每周去三次健身房"),
    (["A un abonnement à la salle"], "A arrêté la salle de sport", "abonnement à la salle"),
    (["Va à la salle de sport trois fois par semaine"], "A résilié son abonnement à la salle", "Va à la salle"),
    (["Ada keahlian gim"], "Dah berhenti pergi gim", "keahlian gim"),
    (["Pergi gim tiga kali seminggu"], "Dah batalkan keahlian gim", "Pergi gim"),
]


@pytest.mark.parametrize(("olds", "new", "gone"), SAME_THING_ENDED, ids=lambda v: str(v)[:24])
def test_one_membership_by_its_names(olds, new, gone):
    assert _admit(olds, new, new[:8], [gone]) == []


ANOTHER_MEMBERSHIP = [
    (["Has a gym membership"], "Cancelled my Netflix subscription"),
    (["Goes to the gym every morning"], "Stopped going to the swimming pool"),
    (["办了健身卡"], "把游泳卡退了"),
    (["Va à la salle de sport le lundi"], "A résilié son abonnement à la piscine"),
    (["Ada keahlian gim"], "Dah batalkan keahlian kolam renang"),
]


@pytest.mark.parametrize(("olds", "new"), ANOTHER_MEMBERSHIP, ids=lambda v: str(v)[:24])
def test_another_membership_is_not_ended(olds, new):
    assert _kept_beside(olds, new) == []


# 6. "From X to Y" followed by a clause of time: the new trade is still read.
FROM_TO_THEN_CLAUSE = [
    (["Works as a cashier"], "From cashier to store manager after the restructuring", "Works as"),
    (["Travaille comme chauffeur"], "De chauffeur à moniteur d'auto-école après la formation", "Travaille comme"),
    (["在公司当会计"], "从会计到产品经理，读完MBA以后", "当会计"),
    (["Bekerja sebagai kerani"], "Dari kerani ke penyelia selepas kursus tu", "Bekerja sebagai"),
]


@pytest.mark.parametrize(("olds", "new", "gone"), FROM_TO_THEN_CLAUSE, ids=lambda v: str(v)[:24])
def test_from_to_with_a_trailing_clause(olds, new, gone):
    assert _admit(olds, new, new[:8], [gone]) == []


def test_from_place_to_place_is_no_trade():
    from souvenir.lexical.keyed import user_keys

    assert user_keys("从北京到上海要五个小时").get("occupation") is None
    assert user_keys("Pergi kursus di KL minggu ni").get("occupation") is None


# 2. A dismissal alone carries no fact: in no-model mode it is no episode.
DISMISSALS = {
    "en": ["Never mind.", "Oh well, nvm then", "Scratch that, doesn't matter."],
    "fr": ["Bon, laisse tomber.", "Bref, c'est pas grave.", "Tant pis, peu importe."],
    "zh": ["算了不说了", "当我没说吧", "没事了，不用了"],
    "ms": ["Takpelah.", "Tak apa lah, lupakan je.", "Alah, tak penting pun"],
}
NOT_DISMISSALS = {
    "en": "Never mind, I moved to Leeds last week.",
    "fr": "Laisse tomber le piano, je fais du violon maintenant.",
    "zh": "算了不说了，我下个月搬去深圳",
    "ms": "Takpelah, saya dah kahwin pun",
}


@pytest.mark.parametrize("lang", sorted(DISMISSALS))
def test_a_dismissal_is_no_episode(tmp_path, lang):
    from souvenir import Souvenir

    with Souvenir.open(tmp_path / "d.db", embedder="none", window_embedder="none", background=False) as mem:
        for message in DISMISSALS[lang]:
            turn = mem.add_turn("u", message, reply="OK")
            assert turn.memory is not None and turn.memory.action == "dropped", (message, turn.memory)
        assert mem.memories("u").memories == []
        turn = mem.add_turn("u", NOT_DISMISSALS[lang], reply="OK")
        kept = [m.text for m in mem.memories("u").memories]
        assert len(kept) == 1 and kept[0][:10] == NOT_DISMISSALS[lang][:10], kept


# 3. "Don't remember that" after a turn recorded with the caller's own source (shared by many turns).
CUSTOM_SOURCE = [
    ("en", "My landlord is suing me over the broken boiler.", "Hmm, scrap that, don't keep it."),
    ("fr", "Mon propriétaire me poursuit pour la chaudière cassée.", "Non, ne retiens pas ça."),
    ("zh", "房东因为热水器坏了要告我。", "哎，那个别记了"),
    ("ms", "Tuan rumah saya nak saman saya sebab pemanas air rosak.", "Eh, jangan simpan itu."),
]


@pytest.mark.parametrize(("lang", "statement", "asking"), CUSTOM_SOURCE)
def test_deictic_forget_reads_a_custom_source(tmp_path, lang, statement, asking):
    from datetime import datetime, timedelta, timezone

    from souvenir.engine.core import Engine
    from souvenir.store import open_store

    t0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
    engine = Engine(open_store(f"sqlite:///{tmp_path / 's.db'}"))
    try:
        earlier = "Plays the cello in a community orchestra"
        engine.record_turn("app", "u", earlier, "Nice", time=t0 - timedelta(minutes=20), source="app:chat")
        engine.record_turn("app", "u", statement, "Oh no", time=t0, source="app:chat")
        assert len(engine.memories("app", "u")) == 2
        _, written = engine.record_turn("app", "u", asking, "OK", time=t0 + timedelta(minutes=2), source="app:chat")
        assert written is not None and written.code == "forget_request"
        assert [m.text for m in engine.memories("app", "u")] == [earlier], lang
        assert engine.store.count_events("write:forget:user_request") == 1
    finally:
        engine.store.close()


def test_deictic_forget_through_add_turn_once(tmp_path):
    """The library's keyed turn (a caller's retry key as the source): that turn's memory is erased."""
    from souvenir import Souvenir

    with Souvenir.open(tmp_path / "o.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.add_turn_once("u", "I sold my flat in Porto last month.", "OK", source="app:msg-1", within_s=60)
        mem.add_turn_once("u", "Actually, don't remember that.", "OK", source="app:msg-2", within_s=60)
        assert mem.memories("u").memories == []


# 4. An event moved with no verb of moving: the new date said as its state.
MOVED_NO_VERB = [
    (["Quarterly review on Wednesday 4 March"], "The quarterly review is now on Monday", "Wednesday 4 March"),
    (["Pot de départ de l'équipe le 6 mars"], "Le pot de départ est maintenant le 13", "le 6 mars"),
    (["公司年会定在12月20号"], "年会现在定在12月27号", "12月20号"),
    (["Kenduri kahwin pada hari Sabtu"], "Kenduri tu dah tukar ke hari Ahad", "hari Sabtu"),
]


@pytest.mark.parametrize(("olds", "new", "gone"), MOVED_NO_VERB, ids=lambda v: str(v)[:24])
def test_event_moved_with_no_verb(olds, new, gone):
    assert _admit(olds, new, new[:6], [gone]) == []


ANOTHER_EVENT = [
    (["Dinner with Sarah on Friday"], "The offsite is now on Friday"),
    (["Réunion parents-profs le 5 mars"], "Le dîner est maintenant le 12"),
    (["团建定在周四"], "聚餐现在是周五"),
    (["Makan malam dengan Siti pada hari Sabtu"], "Mesyuarat tu dah tukar ke Jumaat"),
]


@pytest.mark.parametrize(("olds", "new"), ANOTHER_EVENT, ids=lambda v: str(v)[:24])
def test_another_event_is_not_moved(olds, new):
    assert _kept_beside(olds, new) == []


def test_return_over_history_on_both_stores(store_url):
    """The store's read of what the moves away superseded (``superseded_by_any``), and the return
    through the engine, on SQLite and PostgreSQL."""
    from datetime import datetime, timezone

    from souvenir.engine.core import Engine
    from souvenir.store import open_store
    from souvenir.ground.types import Candidate

    engine = Engine(open_store(store_url))
    try:
        said = [datetime(2023 + i, 3, 1, tzinfo=timezone.utc) for i in range(3)]
        texts = ["Travaille au bureau de Lyon", "Est passée en télétravail à plein temps"]
        for text, at in zip(texts, said):
            engine.remember("api", "u", Candidate(text, time=at), now=at)
        user_id = engine.store.find_user("api", "u")
        assert user_id is not None
        (move,) = [m for m in engine.store.memories(user_id, "active")]
        (old, by) = engine.store.superseded_by_any(user_id, [move.id, 999_999])[0]
        assert old.text == texts[0] and by == move.id and old.status == "superseded"
        assert engine.store.superseded_by_any(user_id, []) == []
        back = engine.remember("api", "u", Candidate("De retour au bureau de Lyon", time=said[2]), now=said[2])
        assert back.action == "supersede" and back.superseded_id == move.id
        assert [m.text for m in engine.store.memories(user_id, "active")] == ["De retour au bureau de Lyon"]
    finally:
        engine.store.close()
