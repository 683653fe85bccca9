"""A request to forget that asks about an attribute two memories hold (issue #26, round 5):
"别记我住在哪里" after two home memories answered "ambiguous… names no memory". It names both
candidates and asks which — a decision recorded, nothing erased; with one candidate it
erases that one; "everything about where I live" erases both. Four languages, the library
on SQLite."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.lexical.forget_cues import forget_requests
from souvenir.ground.types import Memory
from souvenir.write.forget_match import match_forget

# (language, town, address, a relative's home, the request, the request for everything)
CASES = [
    (
        "en",
        "Lives in Lyon",
        "Lives at 12 rue des Lilas",
        "Sister lives in Ipoh",
        "Don't remember where I live.",
        "Forget everything about where I live.",
    ),
    (
        "fr",
        "Habite à Lyon",
        "Habite au 3 rue des Lilas",
        "Sa sœur habite à Ipoh",
        "Ne retiens pas où j'habite.",
        "Oublie tout sur où j'habite.",
    ),
    (
        "zh",
        "我住在上海市浦东新区",
        "住址是浦东新区世纪大道100号",
        "妹妹住在怡保",
        "别记我住在哪里",
        "把我住在哪里的所有信息都删掉",
    ),
    (
        "ms",
        "Tinggal di Ipoh",
        "Alamat rumah saya 12 Jalan Ampang",
        "Kakak tinggal di Melaka",
        "Jangan ingat tempat saya tinggal.",
        "Lupakan semua tentang tempat saya tinggal.",
    ),
]


def _pool(*texts: str) -> list[Memory]:
    return [Memory(i + 1, 1, t) for i, t in enumerate(texts)]


@pytest.mark.parametrize("lang,town,address,relative,asking,everything", CASES)
def test_two_candidates_are_named_and_nothing_is_erased(lang, town, address, relative, asking, everything):
    found = match_forget(forget_requests(asking), _pool(town, address, relative))
    assert found.erase == () and found.ambiguous and found.candidates == (1, 2), found
    assert "#1" in found.reason and "#2" in found.reason and "which one?" in found.reason
    assert town in found.reason and address in found.reason  # named, so the user can answer
    assert "#3" not in found.reason  # a relative's home is not the user's


@pytest.mark.parametrize("lang,town,address,relative,asking,everything", CASES)
def test_one_candidate_is_erased(lang, town, address, relative, asking, everything):
    found = match_forget(forget_requests(asking), _pool(town, relative))
    assert found.erase == (1,) and not found.ambiguous, found


@pytest.mark.parametrize("lang,town,address,relative,asking,everything", CASES)
def test_everything_erases_both(lang, town, address, relative, asking, everything):
    found = match_forget(forget_requests(everything), _pool(town, address, relative))
    assert found.erase == (1, 2), found


@pytest.mark.parametrize("lang,town,address,relative,asking,everything", CASES)
def test_library_asks_which_and_keeps_both(tmp_path, lang, town, address, relative, asking, everything):
    with Souvenir.open(tmp_path / "w.db", embedder="none", window_embedder="none", background=False) as mem:
        a = mem.remember("u", town)
        b = mem.remember("u", address)
        turn = mem.add_turn("u", asking, reply="OK")
        assert turn.memory is not None and turn.memory.action == "dropped"
        assert "which one?" in (turn.memory.reason or "")
        assert {m.id for m in mem.memories("u").memories} == {a.id, b.id}  # nothing erased
        store = mem.runtime.engine.store
        assert store.count_events("write:forget:ambiguous") == 1
        assert store.count_events("write:forget:user_request") == 0
        writes = mem.diagnostics("u").model_dump()["writes"]
        asked = next(w for w in writes if w["reason"] == "ambiguous")
        assert f"#{a.id}" in asked["detail"] and f"#{b.id}" in asked["detail"]


#: "at all" and its kin intensify a request; they never ask for every memory (session 12).
AT_ALL = [
    ("en", "Don't remember where I live at all."),
    ("fr", "Ne retiens pas du tout où j'habite."),
    ("zh", "根本别记我住在哪里"),
    ("ms", "Jangan ingat langsung tempat saya tinggal sama sekali."),
]


@pytest.mark.parametrize("lang,asking", AT_ALL)
def test_at_all_is_not_everything(lang, asking):
    case = next(c for c in CASES if c[0] == lang)
    requests = forget_requests(asking)
    assert requests and not any(r.everything for r in requests)
    found = match_forget(requests, _pool(case[1], case[2], case[3]))
    assert found.erase == () and found.ambiguous and found.candidates == (1, 2), found
