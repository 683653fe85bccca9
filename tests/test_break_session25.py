"""Session 25's attack on session 24's surface (harden10): what a crafted message makes the
engine erase (a request to forget only quoted in a pasted text; a person's name that is also
a common word or a stop word), and what a careless operator's setting does (a read rate too
large to count with). The library's runtime in no-model mode over a real SQLite file; the
settings as the service reads them from its environment."""

from __future__ import annotations

import re

import pytest

from tests.attack_support import stub_model_settings

#: The date a memory is grounded with ("today (2026-12-07)", 今天（2026-12-07）): left out to
#: compare a memory with the message it was written from.
_DATED = re.compile(r"\s?[（(]\d{4}(?:-[\dW]+)*[）)]")


def _kept(tmp_path, turns: list[str]) -> list[str]:
    """The texts of the memories kept after ``turns`` (the user's messages, each answered
    "OK."), no model, a real SQLite file."""
    from souvenir.engine.runtime import open_runtime

    plain = open_runtime(stub_model_settings(f"sqlite:///{tmp_path / 'n.db'}", "", summary_enabled=False))
    try:
        for message in turns:
            plain.engine.record_turn("api", "a", message, "OK.")
        user = plain.store.find_user("api", "a")
        return [_DATED.sub("", m.text) for m in plain.store.memories(user)]
    finally:
        plain.close()


#: A statement, another one, then a text the user pastes to have it translated or proof-read,
#: holding a request to forget that is the pasted text's, not the user's.
QUOTED = {
    "en": (
        "My address is 12 Jalan Ampang.",
        "I adopted a cat named Miso.",
        'Can you translate this email to French: "Please forget my previous message about the address, '
        'the cat is fine."',
    ),
    "en-several": (
        "My address is 12 Jalan Ampang.",
        "I adopted a cat named Miso.",
        'Proofread my email please: "Hi Tom. Please delete my address from your list. Best, Ann"',
    ),
    "fr": (
        "Mon adresse est 12 rue de Rivoli.",
        "J'ai adopté un chat nommé Miso.",
        "Tu peux traduire ce mail en anglais : « Merci d'oublier mon message précédent sur l'adresse, "
        "le chat va bien. »",
    ),
    "zh": ("我的地址是北京路12号。", "我领养了一只叫米索的猫。", "帮我把这段话翻译成英文：“请忘掉我之前说的地址。”"),
    "ms": (
        "Alamat saya 12 Jalan Ampang.",
        "Saya ambil kucing nama Miso.",
        'Tolong terjemah ayat ni ke English: "Tolong lupakan alamat saya."',
    ),
}


@pytest.mark.parametrize("lang", sorted(QUOTED))
def test_a_request_only_quoted_in_a_pasted_text_erases_nothing(tmp_path, lang) -> None:
    """Every sentence of a message was read as the user's: the quoted email's "Please forget
    my previous message about the address" erased the user's address (en, ms)."""
    address, cat, pasted = QUOTED[lang]
    kept = _kept(tmp_path, [address, cat, pasted])
    assert address in kept and cat in kept, kept


#: The user's own request, its topic quoted after it: still a request.
QUOTED_TOPIC = {
    "en": ("My address is 12 Jalan Ampang.", "I adopted a cat named Miso.", 'Please forget this: "my address"'),
    "fr": ("Mon adresse est 12 rue de Rivoli.", "J'ai adopté un chat nommé Miso.", "Oublie « mon adresse », stp."),
    "zh": ("我的地址是北京路12号。", "我领养了一只叫米索的猫。", "请忘掉“我的地址”。"),
    "ms": ("Alamat saya 12 Jalan Ampang.", "Saya ambil kucing nama Miso.", 'Tolong lupakan "alamat saya".'),
}


@pytest.mark.parametrize("lang", sorted(QUOTED_TOPIC))
def test_a_request_whose_topic_is_quoted_still_erases_it(tmp_path, lang) -> None:
    address, cat, request = QUOTED_TOPIC[lang]
    kept = _kept(tmp_path, [address, cat, request])
    assert cat in kept and address not in kept, kept


def test_a_stray_quotation_mark_hides_no_request(tmp_path) -> None:
    """An inch mark, or a quote never closed, quotes nothing: the request after it asks."""
    kept = _kept(
        tmp_path,
        ["My address is 12 Jalan Ampang.", 'My 27" monitor broke. Please forget my address.'],
    )
    assert not any("Ampang" in text for text in kept), kept


def test_quotes_are_read_in_linear_time() -> None:
    """16 KB of opening marks never closed, of pairs, of one mark after digits."""
    import time

    from souvenir.lexical.quoted_asks import outside_quotes

    for unit in ("«", '"', "“ a b ”", '1"', "「", "« a", '"a b" '):
        text = unit * (16384 // len(unit.encode()))
        start = time.process_time()
        assert len(outside_quotes(text)) == len(text)
        assert time.process_time() - start < 0.5, unit


#: A person's name that is a stop word of the topic reader ("may", "aimée" read as « aimer »,
#: "ada"): the topic read empty, the request was read as "forget that", and the previous
#: turn's memory (the cat) was erased in place of the person's.
STOP_WORD_NAMES = {
    "en": ("My friend May is a nurse.", "I adopted a cat named Miso.", "Forget what I told you about May."),
    "en-will": ("My friend Will lent me his car.", "I adopted a cat named Miso.", "Forget what I said about Will."),
    "fr": ("Mon amie Aimée est infirmière.", "J'ai adopté un chat nommé Miso.", "Oublie ce que je t'ai dit sur Aimée."),
    "ms": ("Kawan saya Ada seorang jururawat.", "Saya ambil kucing nama Miso.", "Lupakan apa saya cakap pasal Ada."),
    # Chinese writes no capitals: a name is its characters, never emptied (a guard)
    "zh": ("我朋友小芳是护士。", "我领养了一只叫米索的猫。", "忘掉我跟你说的小芳的事。"),
}


@pytest.mark.parametrize("lang", sorted(STOP_WORD_NAMES))
def test_a_name_that_is_a_stop_word_is_what_is_forgotten(tmp_path, lang) -> None:
    person, cat, request = STOP_WORD_NAMES[lang]
    kept = _kept(tmp_path, [person, cat, request])
    assert cat in kept and person not in kept, kept


#: A name that is a common word, and a memory holding the word only (the user never spoke of
#: the person): "about Rose" erased "I grow roses", « sur Pierre » « une pierre rare ».
NAME_AS_WORD = {
    "en": ("I grow roses in my garden.", "I adopted a cat named Miso.", "Forget what I told you about Rose."),
    "fr": (
        "J'ai trouvé une pierre rare en montagne.",
        "J'ai adopté un chat nommé Miso.",
        "Oublie ce que je t'ai dit sur Pierre.",
    ),
    "ms": (
        "Saya beli sekuntum bunga untuk ibu.",
        "Saya ambil kucing nama Miso.",
        "Lupakan apa saya cakap pasal Bunga.",
    ),
    # no case in Chinese: 小雨 (a name) and 下雨 (rain) are apart by their characters (a guard)
    "zh": ("今天下雨了，我没带伞。", "我领养了一只叫米索的猫。", "忘掉我跟你说的小雨的事。"),
}


@pytest.mark.parametrize("lang", sorted(NAME_AS_WORD))
def test_a_name_never_erases_the_common_word(tmp_path, lang) -> None:
    word, cat, request = NAME_AS_WORD[lang]
    kept = _kept(tmp_path, [word, cat, request])
    assert word in kept and cat in kept, kept


#: The person and the word both stored: the person's memory goes, the word's stays.
PERSON_AND_WORD = {
    "en": ("My friend Rose is a nurse.", "I grow roses in my garden.", "Forget what I told you about Rose."),
    "fr": (
        "Mon ami Pierre est infirmier.",
        "J'ai trouvé une pierre rare en montagne.",
        "Oublie ce que je t'ai dit sur Pierre.",
    ),
    "ms": (
        "Kawan saya Bunga seorang jururawat.",
        "Saya beli sekuntum bunga untuk ibu.",
        "Lupakan apa saya cakap pasal Bunga.",
    ),
    "zh": ("我朋友小雨是护士。", "今天下雨了，我没带伞。", "忘掉我跟你说的小雨的事。"),
}


@pytest.mark.parametrize("lang", sorted(PERSON_AND_WORD))
def test_a_name_erases_the_person_and_keeps_the_word(tmp_path, lang) -> None:
    person, word, request = PERSON_AND_WORD[lang]
    kept = " ".join(_kept(tmp_path, [person, word, request]))
    assert word in kept and person not in kept, kept


#: A name typed in lower case, nothing in the memory reading it as the common noun (no
#: inflection, determiner or classifier, no other capital): the person asked about.
NAME_IN_LOWER_CASE = {
    "en": ("I met rose at the gym yesterday.", "I adopted a cat named Miso.", "Forget what I told you about Rose."),
    "en-paris": ("i live in paris now", "I adopted a cat named Miso.", "Forget what I told you about Paris."),
    "fr": ("J'ai vu pierre au club hier.", "J'ai adopté un chat nommé Miso.", "Oublie ce que je t'ai dit sur Pierre."),
    "ms": ("Saya jumpa bunga di gim semalam.", "Saya ambil kucing nama Miso.", "Lupakan apa saya cakap pasal Bunga."),
    "zh": ("我昨天在健身房见到小雨了。", "我领养了一只叫米索的猫。", "忘掉我跟你说的小雨的事。"),
}


@pytest.mark.parametrize("lang", sorted(NAME_IN_LOWER_CASE))
def test_a_name_typed_in_lower_case_is_still_named(tmp_path, lang) -> None:
    person, cat, request = NAME_IN_LOWER_CASE[lang]
    kept = _kept(tmp_path, [person, cat, request])
    assert kept == [cat], kept


@pytest.mark.parametrize("value", ["1e308", "1e306", "1000000", "0.5"])
def test_a_read_rate_too_large_to_count_with_is_refused_by_name(monkeypatch, value) -> None:
    """``SOUVENIR_LLM_PROMPT_TOKENS_PER_S=1e308`` is finite and passed ``gt=0``; the read bound
    (``rate × bound_s`` tokens) was infinite and the service stopped at start-up on Python's
    ``OverflowError``. A rate under one token a second made the bounds' seconds as large."""
    from pydantic import ValidationError

    from souvenir.ground.config import Settings

    monkeypatch.setenv("SOUVENIR_LLM_PROMPT_TOKENS_PER_S", value)
    with pytest.raises(ValidationError, match="llm_prompt_tokens_per_s"):
        Settings(_env_file=None)


def test_the_largest_read_rate_allowed_starts_the_service(tmp_path) -> None:
    from souvenir.engine.runtime import open_runtime

    settings = stub_model_settings(
        f"sqlite:///{tmp_path / 'r.db'}",
        "http://127.0.0.1:9/v1",
        llm_prompt_tokens_per_s=100_000.0,
        llm_background_read_s=600.0,
        proxy_block_share=100.0,
    )
    open_runtime(settings).close()


#: What the user told someone else to forget (a person named before the colon, or made to
#: forget: 我让我姐姐忘掉…): the user's words to that person, no request to us. en, fr and ms
#: erased the address; zh's 让 did.
TOLD_SOMEONE = {
    "en": (
        "My address is 12 Jalan Ampang.",
        "I adopted a cat named Miso.",
        "I told my boss: forget my address, I moved.",
    ),
    "fr": (
        "Mon adresse est 12 rue de Rivoli.",
        "J'ai adopté un chat nommé Miso.",
        "J'ai dit à mon patron : oublie mon adresse.",
    ),
    "zh": ("我的地址是北京路12号。", "我领养了一只叫米索的猫。", "我让我姐姐忘掉我的地址。"),
    "ms": ("Alamat saya 12 Jalan Ampang.", "Saya ambil kucing nama Miso.", "Saya cakap kat bos: lupakan alamat saya."),
}


@pytest.mark.parametrize("lang", sorted(TOLD_SOMEONE))
def test_what_the_user_told_someone_else_to_forget_erases_nothing(tmp_path, lang) -> None:
    address, cat, told = TOLD_SOMEONE[lang]
    kept = _kept(tmp_path, [address, cat, told])
    assert address in kept and cat in kept, kept


#: The user saying their request to us again: « Je te l'ai dit : oublie… » was read as someone's
#: reported words (a verb of speech and a colon, « je » not right before it) and the address
#: stayed; en and zh were read as asks already (guards).
SAID_AGAIN = {
    "en": ("My address is 12 Jalan Ampang.", "I adopted a cat named Miso.", "As I told you: forget my address."),
    "fr": (
        "Mon adresse est 12 rue de Rivoli.",
        "J'ai adopté un chat nommé Miso.",
        "Je te l'ai dit : oublie mon adresse.",
    ),
    "fr-vous": (
        "Mon adresse est 12 rue de Rivoli.",
        "J'ai adopté un chat nommé Miso.",
        "Je vous l'ai déjà dit : effacez mon adresse.",
    ),
    "zh": ("我的地址是北京路12号。", "我领养了一只叫米索的猫。", "我跟你说过了：忘掉我的地址。"),
    "ms": ("Alamat saya 12 Jalan Ampang.", "Saya ambil kucing nama Miso.", "Saya dah cakap: lupakan alamat saya."),
}


@pytest.mark.parametrize("lang", sorted(SAID_AGAIN))
def test_a_request_said_again_to_us_erases_what_it_names(tmp_path, lang) -> None:
    address, cat, request = SAID_AGAIN[lang]
    kept = _kept(tmp_path, [address, cat, request])
    assert cat in kept and address not in kept, kept


def test_the_told_frames_are_read_in_linear_time() -> None:
    import time

    from souvenir.lexical.relayed_asks import said_again_out, told_at

    for unit in ("i told a ", "j'ai dit à a ", "saya cakap kat a ", "我跟", "我让", "je te l'ai ", "a b c d "):
        text = unit * (16384 // len(unit.encode()))
        start = time.process_time()
        told_at(text)
        said_again_out(text)
        assert time.process_time() - start < 0.5, unit
