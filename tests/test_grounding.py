"""Issue #25, "code decides, for real": a model's candidate must be grounded in what the user
said in that turn (souvenir.write.grounding) — pure cases in the four languages, then the
service with a scripted model server on loopback proposing what SmolLM2 proposed."""

from __future__ import annotations

import json

import pytest

from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.write.grounding import MIN_SHARE, content_share, ground
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer

CASES = [
    # (candidate, message, reply, grounded, check)
    # the reply's sentence word for word (session 11's run: share 0.33, "off" in the message)
    (
        "I'm off to go swimming with the kids. I'll be there for a bit.",
        "Totally agree, Mel. Relaxing and expressing ourselves is key. Well, I'm off to go do some research.",
        "Yep, Caroline. Taking care of ourselves is vital. I'm off to go swimming with the kids. Talk to you soon!",
        False,
        "reply",
    ),
    ("Vais nager avec les enfants", "Je vais lire ce soir.", "Moi, je vais nager avec les enfants !", False, "reply"),
    ("今晚带孩子们去游泳", "我今晚要看书。", "我今晚带孩子们去游泳！", False, "reply"),
    (
        "Nak pergi berenang dengan anak-anak",
        "Saya nak membaca.",
        "Saya nak pergi berenang dengan anak-anak!",
        False,
        "reply",
    ),
    # the same sentence in the message too: the user's
    (
        "Going swimming with the kids tonight",
        "Going swimming with the kids tonight!",
        "Going swimming with the kids tonight? Fun!",
        True,
        "grounded",
    ),
    ("Is vegan", "I've been vegetarian for three years now.", "Great!", False, "terms"),
    ("Is vegetarian", "I've been vegetarian for three years now.", "Great!", True, "grounded"),
    # the other speaker's painting credited to the user (LoCoMo conv-26 D1:14)
    (
        "Painted a lake sunrise last year",
        "Thanks Mel! What do you like to do for fun?",
        "I painted that lake sunrise last year! It's special to me.",
        False,
        "terms",
    ),
    ("How have you been?", "Hey Mel! Good to see you! How have you been?", "Swamped!", False, "question"),
    (
        "You're a hero, I'm glad you are.",
        "I pulled a kid out of the river today.",
        "You're a hero!",
        False,
        "addressed",
    ),
    ("The assistant recommends a trip to Penang", "I want to travel.", "Try Penang!", False, "subject"),
    ("Hey Mel!", "Hey Mel! Good to see you!", "Hi!", False, "addressed"),
    # what SmolLM2 kept in the first real run: praise of the other, a name called out
    (
        "Painting looks like a great outlet for expressing yourself.",
        "The colors really blend nicely. Painting looks like a great outlet for expressing yourself.",
        "Thanks!",
        False,
        "addressed",
    ),
    (
        "That's awesome, Melanie! Family moments are special.",
        "That's awesome, Melanie! Family moments are special.",
        "",
        False,
        "addressed",
    ),
    ("Has a puppy, Coco, who greets her at home", "My puppy Coco greets me when I get home.", "Aww!", True, "grounded"),
    ("Merci, Marc ! Part à Lyon demain.", "Merci, Marc ! Je pars à Lyon demain.", "", False, "addressed"),
    # French
    ("Est végane", "Je suis végétarienne depuis dix ans.", "Super !", False, "terms"),
    ("Est végétarienne depuis dix ans", "Je suis végétarienne depuis dix ans.", "Super !", True, "grounded"),
    ("Tu es génial", "J'ai fini le marathon de Lyon.", "Bravo !", False, "addressed"),
    ("Aime le café", "Je n'aime pas le café.", "D'accord.", False, "polarity"),
    ("Comment vas-tu ?", "Salut ! Comment vas-tu ?", "Bien !", False, "question"),
    # Chinese
    ("喜欢榴莲", "我一点都不喜欢榴莲", "好的", False, "polarity"),
    ("不喜欢榴莲", "我一点都不喜欢榴莲", "好的", True, "grounded"),
    ("住在上海", "我住在北京", "好的", False, "key"),
    ("你真棒", "我今天跑了十公里", "你真棒！", False, "addressed"),
    # Malay
    ("Suka durian", "Saya suka durian.", "Bagus!", True, "grounded"),
    ("Tinggal di Johor", "Saya tinggal di Ipoh.", "Bagus!", False, "key"),
    ("Awak hebat", "Saya lulus peperiksaan.", "Awak hebat!", False, "addressed"),
    ("Tidak suka durian", "Saya suka durian.", "Ok.", False, "polarity"),
]


@pytest.mark.parametrize(("candidate", "message", "reply", "grounded", "check"), CASES)
def test_grounding_reads_the_users_own_words(candidate, message, reply, grounded, check):
    verdict = ground(candidate, message, reply)
    assert (verdict.grounded, verdict.check) == (grounded, check), verdict


def test_the_users_name_and_the_word_user_are_not_content():
    share, missing, keys = content_share(
        "Caroline went to a support group", "I went to a support group", frozenset({"caroline"})
    )
    assert share == 1.0 and not missing and not keys
    assert ground("The user went to a support group", "I went to a support group yesterday").grounded
    # the reply calls the user "Mel": the name is no word the user had to say
    assert ground("Mel is swamped with the kids", "I'm swamped with the kids & work.", "Hey Mel! Same here.").grounded


def test_a_question_in_the_message_grounds_nothing():
    """Asking about vegan food is not being vegan: only stated clauses ground."""
    verdict = ground("Is vegan", "Do you know a good vegan restaurant?", "Try Loving Hut.")
    assert not verdict.grounded and verdict.check == "terms"


def test_the_share_comes_from_data():
    assert 0 < MIN_SHARE < 1  # bench/grounding_share.py: leave-one-conversation-out on LoCoMo


def _settings(tmp_path, upstream) -> Settings:
    return stub_model_settings(
        f"sqlite:///{tmp_path / 'g.db'}", upstream.url, reflection_backoff_s=0.05, reflection_timeout_s=30.0
    )


def _answer(*items: tuple[str, float]) -> str:
    return json.dumps({"memories": [{"text": t, "kind": "fact", "scope": "global", "confidence": c} for t, c in items]})


def test_the_service_drops_what_the_user_did_not_say_with_its_reason(tmp_path):
    """What SmolLM2 proposed in issue #25: an invention at confidence 1, a question, praise;
    and the true note at 0.9. Only the true note is written; each drop is an event."""
    answer = _answer(
        ("Is vegan", 1.0),
        ("How have you been?", 1.0),
        ("You're a hero, I'm glad you are.", 1.0),
        ("Has been vegetarian for three years", 0.9),
    )
    with ChatServer(reflection_answer=answer) as upstream:
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            rt.engine.record_turn("api", "g", "I've been vegetarian for three years. How have you been?", "Great!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "g")
            texts = [m.text for m in rt.store.memories(user)]
            assert texts == ["Has been vegetarian for three years"], texts
            assert rt.store.count_events("write:dropped:grounding") == 3
        finally:
            rt.close()


def test_an_ungrounded_reflection_still_keeps_the_message_as_its_episode(tmp_path):
    """Never worse than no model: every candidate ungrounded → the message is the episode."""
    with ChatServer(reflection_answer=_answer(("Painted a lake sunrise last year", 1.0))) as upstream:
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            rt.engine.record_turn("api", "g", "Thanks Mel! I went to a support group yesterday.", "I painted a lake!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "g")
            texts = [m.text for m in rt.store.memories(user)]
            assert len(texts) == 1 and "support group" in texts[0], texts
            assert rt.engine.counters["reflection_message_kept"] == 1
        finally:
            rt.close()


def test_confidence_is_tallied_per_model_never_a_floor(tmp_path):
    """SmolLM2's pattern: its true note at 0.05, its inventions at 1. No floor drops the true
    note; the tally says this model's confidence is inverted (agreement 0 in /metrics)."""
    from souvenir.api.app import create_app
    from souvenir.write.confidence import agreement, read_tally
    from tests.servers import UvicornThread
    import httpx

    answer = _answer(("Has been vegetarian for three years", 0.05), ("Is vegan", 1.0), ("Lives in Paris", 1.0))
    with ChatServer(reflection_answer=answer) as upstream:
        settings = _settings(tmp_path, upstream)
        rt = open_runtime(settings)
        try:
            rt.engine.record_turn("api", "g", "I've been vegetarian for three years.", "Great!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "g")
            assert [m.text for m in rt.store.memories(user)] == ["Has been vegetarian for three years"]
            tally = read_tally(rt.store.count_events_by_kind("confidence:"))
            assert tally == {"stub": {(0, True): 1, (9, False): 2}}
            assert agreement(tally["stub"]) == 0.0
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                metrics = httpx.get(f"{server.url}/metrics").text
            assert 'souvenir_model_confidence_agreement{model="stub"} 0.0' in metrics
            assert 'souvenir_model_candidates_total{decision="kept",model="stub"} 1.0' in metrics
        finally:
            rt.close()


def test_agreement_reads_bands_and_ties():
    from souvenir.write.confidence import agreement, auc, read_tally, tally_kind

    assert tally_kind("llama3:8b", 0.93, kept=False) == "confidence:llama3:8b:9:dropped"
    assert read_tally({"confidence:llama3:8b:9:dropped": 2, "confidence:llama3:8b:9:kept": 2}) == {
        "llama3:8b": {(9, False): 2, (9, True): 2}
    }
    assert agreement({(9, False): 2, (9, True): 2}) == 0.5  # all tied: says nothing
    assert agreement({(9, True): 1, (2, False): 1}) == 1.0
    assert agreement({(9, True): 1}) is None
    assert auc([(0.9, True), (0.1, False), (0.5, True)]) == 1.0
