"""User-level profile values (seed 001 §3, §5.1-§5.3): pure functions of souvenir.profile."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from souvenir.profile import (
    LAST_QUERIES,
    QUERY_CHARS,
    SUMMARY_CHARS,
    SUMMARY_EVERY,
    TURNS_KEY,
    count_turn,
    detect_language,
    find_skus,
    is_command,
    normalize_code,
    push_query,
    resolve_language,
    should_summarize,
    sku_key,
    summary_is_stale,
    summary_limit,
    summary_writes,
    turns_since_summary,
    update_language,
)
from tests.conftest import shared_cases


def push_all(messages: list[str], stored: str | None = None) -> list[str]:
    for message in messages:
        stored = push_query(stored, message) or stored
    return json.loads(stored) if stored else []


# -- last_queries (§5.2) ---------------------------------------------------------------------
def test_last_queries_keeps_the_five_latest_oldest_first_in_chinese():
    messages = [
        "我的包裹在哪里？",
        "可以改收货地址吗",
        "退款要多久？",
        "有货到付款吗？",
        "我的订单号是多少？",
        "请取消我的订单",
        "谢谢",
    ]
    assert push_all(messages) == messages[-LAST_QUERIES:]


def test_last_queries_cut_to_200_code_points_not_bytes():
    long_zh = "很" * 250  # 750 bytes in UTF-8
    emoji = "📦" * 201  # astral characters: 1 code point, 2 UTF-16 units, 4 bytes each
    assert push_all([long_zh]) == ["很" * QUERY_CHARS]
    assert push_all([emoji]) == ["📦" * QUERY_CHARS]
    stored = push_query(None, long_zh)
    assert "很" in stored  # JSON keeps the characters, no \\u escapes


@pytest.mark.parametrize("command", ["/start", "/help", "/start@digikedai_bot", " /help me", "/cancel 12"])
def test_commands_are_not_queries(command):
    assert is_command(command)
    assert push_query('["hi"]', command) is None


@pytest.mark.parametrize("text", ["/ 2", "/5 items", "50/50", "where is my parcel?", "w/ box"])
def test_free_text_is_no_command(text):
    assert not is_command(text)


def test_blank_and_unreadable_values():
    assert push_query('["a"]', "   ") is None
    assert json.loads(push_query("not json", "hello")) == ["hello"]
    assert json.loads(push_query('{"a": 1}', "hello")) == ["hello"]
    assert json.loads(push_query(None, "  hello  ")) == ["hello"]


# -- language (§5.1) ---------------------------------------------------------------------------
MALAY = [
    "boleh saya tukar alamat penghantaran?",
    "barang saya belum sampai lagi",
    "bila barang saya akan sampai?",
    "saya nak batalkan pesanan",
    "dah bayar tapi status masih pending",
    "boleh check my order ah?",
    "berapa lama nak refund?",
    "ada stok saiz M tak?",
    "nak tanya, COD boleh ke?",
    "saya mahu bayaran balik",
    "order saya dah sampai ke belum?",
    "terima kasih",
    "tak",
    "nak",
    "boleh",
    "dah",
    "saya",
    "bolehkah saya bayar guna FPX?",
    "tolong cancel order tu",
]
INDONESIAN = [
    "barang saya belum sampai, gimana ya?",
    "kak, pesanan saya kapan dikirim?",
    "bisa ganti alamat pengiriman nggak?",
    "saya mau beli yang warna merah",
    "udah bayar tapi belum dikirim juga",
    "kok lama banget sih pengirimannya",
    "apakah bisa COD?",
    "gak jadi beli deh",
    "ongkirnya berapa ke Surabaya?",
    "mau tanya, ini original gak?",
]
ENGLISH = [
    "where is my parcel?",
    "can I change the delivery address?",
    "how long does a refund take?",
    "is cash on delivery available?",
    "please cancel my last order",
    "my name is Sarah",
    "can you check my order ah?",
    "do you ship to Singapore?",
    "it still hasn't arrived",
    "any update on SKU-12345?",
    "thank you so much",
]
FRENCH = [
    "où est mon colis ?",
    "je voudrais changer l'adresse de livraison",
    "merci beaucoup",
    "je m'appelle Claire",
    "ma commande n’est pas arrivée",
    "combien de temps pour un remboursement ?",
    "bonjour",
    "j'ai besoin d'aide",
    "le colis CP482915367FR est bloqué",
    "Pouvez-vous me rembourser ?",
]
CHINESE = [
    "我的包裹在哪里？",
    "可以改收货地址吗",
    "退款要多久？",
    "我叫小明",
    "我想买蓝色的水壶",
    "订单LZ-7731到了吗",
    "好的",
    "谢谢",
    "我的order还没到",
    "ＬＺ７７３１ 什么时候发货",
]
NO_EVIDENCE = [
    "ok",
    "?",
    "LZ-7731",
    "SKU-12345",
    "👍",
    "",
    "order status",
    "hi",
    "RM129",
    "2024",
    "cancel",
    "COD?",
    "ya",
    "hello",
    "好",
    "...",
    "thanks",
    "12345678",
]


@pytest.mark.parametrize(
    ("expected", "texts"),
    [
        ("ms", MALAY),
        ("id", INDONESIAN),
        ("en", ENGLISH),
        ("fr", FRENCH),
        ("zh", CHINESE),
        (None, NO_EVIDENCE),
    ],
)
def test_detect_language(expected, texts):
    wrong = {t: detect_language(t) for t in texts if detect_language(t) != expected}
    assert not wrong, f"expected {expected}: {wrong}"


def test_malay_is_not_indonesian_nor_english():
    assert detect_language("boleh check my order ah?") == "ms"  # Manglish: Malay grammar, English loans
    assert detect_language("can you check my order ah?") == "en"  # Malaysian English
    assert detect_language("barang saya belum sampai lagi") == "ms"  # shared words only → ms
    assert detect_language("barang saya belum sampai, bisa dicek?") == "id"


def test_other_languages_get_a_best_code():
    assert detect_language("¿dónde está mi pedido?") == "es"
    assert detect_language("wo ist meine Bestellung?") == "de"
    assert detect_language("注文はどこですか") == "ja"
    assert detect_language("где мой заказ?") == "ru"


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("zh-CN", "zh"),
        ("zh-Hant", "zh"),
        ("ms-MY", "ms"),
        ("en_US", "en"),
        ("EN", "en"),
        ("in", "id"),
        ("id", "id"),
        ("fr-FR", "fr"),
        ("zsm", "ms"),
        ("", None),
        (None, None),
        ("und", None),
        ("x-1", None),
        ("  ", None),
    ],
)
def test_normalize_code(code, expected):
    assert normalize_code(code) == expected


def test_language_priority_channel_then_stored_then_text():
    malay = "barang saya belum sampai lagi"
    assert resolve_language("zh-CN", "ms", malay) == "zh"  # the channel's code wins
    assert resolve_language(None, "en", malay) == "en"  # then the stored value
    assert resolve_language(None, None, malay) == "ms"  # then detection
    assert resolve_language("", None, "ok") is None  # nothing known
    assert resolve_language("und", "fr", "ok") == "fr"  # a meaningless code is no code


def test_update_language_says_whether_it_changed():
    first = update_language(None, None, "where is my parcel?")
    assert first == ("en", True, "detected", True)  # unknown → known is a change
    same = update_language("en-US", "en", "terima kasih")
    assert (same.language, same.changed, same.source, same.write) == ("en", False, "channel", False)
    legacy = update_language(None, "zh-CN", "ok")
    assert (legacy.language, legacy.changed, legacy.write) == ("zh", False, True)
    switch = update_language("ms", "en", "ok")
    assert switch.changed and switch.write and switch.language == "ms"
    unknown = update_language(None, None, "?")
    assert unknown == (None, False, None, False)


# -- summary limit (§3: ≤ 300 characters) ------------------------------------------------------
def test_summary_within_the_limit_is_kept():
    text = "用户叫小明，住在吉隆坡。"
    assert summary_limit(text) == text
    assert summary_limit("Likes tea.  \n") == "Likes tea."


def test_summary_cut_at_a_chinese_sentence_end():
    text = "用户叫小明，住在吉隆坡，喜欢蓝色的水壶。" * 20  # 20 characters a sentence
    cut = summary_limit(text)
    assert len(cut) == 300 and cut.endswith("。") and text.startswith(cut)
    text = "用户叫小明！" + "住在吉隆坡；喜欢蓝色水壶？" * 30
    cut = summary_limit(text)
    assert len(cut) <= 300 and cut[-1] in "；？" and text.startswith(cut)


def test_summary_cut_at_a_latin_sentence_end_not_after_an_abbreviation():
    sentence = "Lives at Jln. Ampang near Mr. Tan's shop, version 2.5 of the app. "
    text = sentence * 6
    cut = summary_limit(text)
    assert len(cut) <= SUMMARY_CHARS and cut.endswith("app.") and text.startswith(cut)
    french = "Le client habite à Lyon ; il préfère la livraison le soir ! " * 8
    cut = summary_limit(french)
    assert cut[-1] in ";!" and french.startswith(cut)


def test_summary_without_a_sentence_end_is_cut_between_words():
    text = "likes blue kettles and green tea " * 20
    cut = summary_limit(text)
    assert len(cut) <= 300 and text.startswith(cut) and cut.split()[-1] in text.split()
    assert text[len(cut)] == " "
    code = "Order " + "LZ-7731 " * 60
    assert summary_limit(code).endswith("LZ-7731")
    assert len(summary_limit("x" * 400)) == 300  # one unbroken token: hard cut


def test_summary_chinese_without_punctuation_is_cut_between_words():
    text = "中华人民共和国的首都是北京" * 30
    cut = summary_limit(text, 290)
    assert text.startswith(cut) and cut.endswith("北京")  # never "北" alone


def test_summary_uses_code_points():
    text = "📦" * 400
    assert summary_limit(text) == "📦" * 300


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("ab 。.!?,，中文x-\u0301")), max_size=500),
    st.integers(min_value=1, max_value=320),
)
def test_summary_limit_is_a_bounded_prefix(text, limit):
    cut = summary_limit(text, limit)
    assert len(cut) <= limit and text.startswith(cut)


def test_summary_writes_only_the_summary():
    assert summary_writes("Likes tea.") == {"summary": "Likes tea."}
    assert summary_writes(None) == {} and summary_writes("  ") == {}
    assert len(summary_writes("好。" * 200)["summary"]) == 300


# -- SKUs (§5.3) ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("where is LZ-7731?", {"LZ-7731"}),
        ("SKU-12345 and CP482915367FR", {"SKU-12345", "CP482915367FR"}),
        ("订单LZ7731到了吗", {"LZ7731"}),
        ("ＬＺ７７３１", {"LZ7731"}),
        ("order no. 5512 please", {"5512"}),
        ("订单号 123456", {"123456"}),
        ("pesanan #88231", {"88231"}),
        ("Lazada order 301234567890123", {"301234567890123"}),
        ("iPhone15 case", {"IPHONE15"}),
    ],
)
def test_find_skus(text, expected):
    assert find_skus(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "in 2024 it cost RM129.90",
        "RM 1,299 only",
        "call 012-3456789 or +60123456789",
        "60123456789",
        "delivered 2024-06-11 at 14:30",
        "20240611",
        "1000mAh 128GB 1080p",
        "price 2500",
        "the 21st",
        "where is my parcel?",
        "",
    ],
)
def test_not_skus(text):
    assert find_skus(text) == set()


def test_sku_key():
    assert sku_key("lz-7731") == sku_key("LZ7731") == "LZ7731"


# -- shouldSummarize (§5.3), every branch ---------------------------------------------------------
EMPTY: dict[str, str] = {}


def test_fires_on_a_language_change():
    assert should_summarize(EMPTY, "ok", True, 0, 1) == (True, "language_changed")


def test_fires_on_new_facts_from_reflection():
    assert should_summarize(EMPTY, "ok", False, 2, 1) == (True, "new_facts:2")
    assert should_summarize(EMPTY, "ok", False, 0, 1) == (False, "none")


def test_fires_on_a_new_sku_only():
    assert should_summarize(EMPTY, "is LZ-7731 in stock?", False, 0, 1) == (True, "new_sku:LZ-7731")
    seen_in_queries = {"last_queries": json.dumps(["price of lz7731?"])}
    assert should_summarize(seen_in_queries, "is LZ-7731 in stock?", False, 0, 2) == (False, "none")
    seen_in_summary = {"summary": "Asked about LZ-7731 twice."}
    assert should_summarize(seen_in_summary, "is LZ-7731 in stock?", False, 0, 2) == (False, "none")
    assert should_summarize(seen_in_summary, "LZ-7731 or LZ-8842?", False, 0, 2) == (True, "new_sku:LZ-8842")


@pytest.mark.parametrize(
    "text",
    [
        "我叫小明",
        "我是学生",
        "我需要发票",
        "我想买两个",
        "我的订单还没到",
        "my name is Sarah",
        "I'm a nurse in Ipoh",
        "I need a bigger size",
        "I want to buy the blue kettle",
        "what is my order number?",
        "please cancel my last order",
        "I ordered two kettles",
        "nama saya Aisyah",
        "saya nak beli 2 unit",
        "pesanan saya belum sampai",
        "saya mahu bayaran balik",
        "je m'appelle Claire",
        "je suis étudiante à Lyon",
        "j'ai besoin d'un adaptateur",
        "je veux acheter un sac",
        "ma commande n'est pas arrivée",
        # the seed's list as it stands: a question about an order or a refund fires too (issue 15)
        "订单什么时候发货？",
        "退款要多久？",
        "需要多久到？",
        "我是不是要付运费",
        "how long does a refund take?",
        "berapa lama nak refund?",
        "combien de temps pour un remboursement ?",
        "I'm not sure",
    ],
)
def test_fires_on_identity_and_need_keywords(text):
    fired, reason = should_summarize(EMPTY, text, False, 0, 1)
    assert fired and reason.startswith("keyword:"), (text, reason)


@pytest.mark.parametrize(
    "text",
    [
        "is cash on delivery available?",
        "where is my parcel?",
        "can I change the delivery address?",
        "I want to know if COD is ok",
        "我想问一下运费",
        "boleh saya tukar alamat penghantaran?",
        "saya nak tanya pasal COD",
        "je voudrais savoir le prix",
        "thanks!",
        "ok",
    ],
)
def test_plain_questions_do_not_fire(text):
    assert should_summarize(EMPTY, text, False, 0, 1) == (False, "none")


def test_fires_after_ten_turns_without_a_summary():
    assert should_summarize(EMPTY, "ok", False, 0, SUMMARY_EVERY - 1) == (False, "none")
    assert should_summarize(EMPTY, "ok", False, 0, SUMMARY_EVERY) == (True, f"turns:{SUMMARY_EVERY}")


def test_commands_fire_only_through_language_facts_or_counter():
    assert should_summarize(EMPTY, "/start LZ-7731", False, 0, 1) == (False, "none")
    assert should_summarize(EMPTY, "/start", True, 0, 1) == (True, "language_changed")
    assert should_summarize(EMPTY, "/start", False, 1, 1) == (True, "new_facts:1")
    assert should_summarize(EMPTY, "/help", False, 0, 12) == (True, "turns:12")


def test_reasons_come_in_order():
    text = "my name is Sarah, LZ-7731"
    assert should_summarize(EMPTY, text, True, 1, 10)[1] == "language_changed"
    assert should_summarize(EMPTY, text, False, 1, 10)[1] == "new_facts:1"
    assert should_summarize(EMPTY, text, False, 0, 10)[1] == "new_sku:LZ-7731"
    assert should_summarize({"summary": "LZ-7731"}, text, False, 0, 10)[1] == "keyword:my name is"


def test_turn_counter():
    assert turns_since_summary(EMPTY) == 0
    assert turns_since_summary({TURNS_KEY: "junk"}) == 0
    assert turns_since_summary({TURNS_KEY: "-3"}) == 0
    assert count_turn({TURNS_KEY: "4"}, "hello") == 5
    assert count_turn({TURNS_KEY: "4"}, "/start") == 4
    assert count_turn({TURNS_KEY: "4"}, "  ") == 4


def test_stale_summary():
    seen = {"last_queries": '["a"]', "lang": "en"}
    assert not summary_is_stale(seen, dict(seen, summary="x"))
    assert summary_is_stale(seen, dict(seen, last_queries='["a", "b"]'))
    assert summary_is_stale(seen, dict(seen, lang="ms"))


# -- the shared cases of kinds `profile` and `concurrency` ----------------------------------------
def _simulate(case: dict) -> dict:
    """Apply a profile case's steps with these pure functions only (no engine, no store).

    The summarizer's answer is the last ``store_summary`` text seen; ``new_facts`` are
    taken as genuinely new (the store's deduplication is not simulated here).
    """
    values: dict[str, str] = {}
    runs: list[int] = []
    turns = 0
    for step in case["steps"]:
        if step["op"] == "set":
            key = {"language": "lang"}.get(step["key"], step["key"])
            value = step["value"]
            values[key] = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        elif step["op"] == "store_summary":
            values.update(summary_writes(step["text"]))
        elif step["op"] == "turn":
            turns += 1
            text = step["user_message"]
            lang = update_language(None, values.get("lang"), text)
            counter = count_turn(values, text)
            fired, _ = should_summarize(values, text, lang.changed, len(step.get("new_facts", [])), counter)
            if lang.write:
                values["lang"] = lang.language
            queries = push_query(values.get("last_queries"), text)
            if queries is not None:
                values["last_queries"] = queries
            values[TURNS_KEY] = "0" if fired else str(counter)
            if fired:
                runs.append(turns)
    return {"values": values, "runs": runs}


PROFILE_CASES = shared_cases("profile")


@pytest.mark.shared
@pytest.mark.parametrize("case", PROFILE_CASES or [None], ids=[c["id"] for c in PROFILE_CASES] or ["absent"])
def test_shared_profile_cases(case):
    if case is None:
        pytest.skip("no `profile` case in ../shared/cases (absent in a user's own clone)")
    got = _simulate(case)
    values, expect = got["values"], case["expect"]
    checked = 0
    if "language" in expect:
        assert values.get("lang") == expect["language"], case["why"]
        checked += 1
    if "last_queries" in expect:
        assert json.loads(values.get("last_queries") or "[]") == expect["last_queries"], case["why"]
        checked += 1
    summary = values.get("summary", "")
    inputs = [s["text"] for s in case["steps"] if s["op"] == "store_summary"]
    if "summary_max_chars" in expect:
        assert len(summary) <= expect["summary_max_chars"]
        checked += 1
    if "summary_min_chars" in expect:
        assert len(summary) >= expect["summary_min_chars"]
        checked += 1
    if "summary_equals" in expect:
        assert summary == expect["summary_equals"]
        checked += 1
    if expect.get("summary_is_prefix_of_input") and inputs:
        assert inputs[-1].startswith(summary)
        checked += 1
    if "summary_ends_with_one_of" in expect:
        assert summary and summary[-1] in expect["summary_ends_with_one_of"]
        checked += 1
    if "summary_contains" in expect:
        from souvenir.lexical import nfkc_casefold

        for part in expect["summary_contains"]:
            assert nfkc_casefold(part) in nfkc_casefold(summary)
        checked += 1
    no_new_facts = not any(s.get("new_facts") for s in case["steps"])
    if no_new_facts and "summarizer_runs" in expect:
        assert len(got["runs"]) == expect["summarizer_runs"], got["runs"]
        checked += 1
    if no_new_facts and "summarizer_ran_after_turns" in expect:
        assert got["runs"] == expect["summarizer_ran_after_turns"]
        checked += 1
    if not checked:
        pytest.skip(f"{case['id']}: its expectations need the engine (store, deduplication)")


CONCURRENCY_CASES = shared_cases("concurrency")


@pytest.mark.shared
@pytest.mark.parametrize("case", CONCURRENCY_CASES or [None], ids=[c["id"] for c in CONCURRENCY_CASES] or ["absent"])
def test_shared_concurrency_cases_keep_the_turns_queries(case):
    """A summarizer run that read the profile before a turn writes only its summary."""
    if case is None:
        pytest.skip("no `concurrency` case in ../shared/cases (absent in a user's own clone)")
    values: dict[str, str] = {}
    held: list[dict[str, str]] = []
    for op in sorted(case["sequence"], key=lambda o: o["t"]):
        if op["op"] == "summarizer_start":
            held.append(dict(values))
        elif op["op"] == "turn":
            values["last_queries"] = push_query(values.get("last_queries"), op["user_message"]) or values.get(
                "last_queries", "[]"
            )
        elif op["op"] == "summarizer_finish" and held:
            seen = held.pop(0)
            values.update(summary_writes("Summary written from an old read."))
            if "last_queries_contains" in case["expect"]:
                assert summary_is_stale(seen, values) or seen.get("last_queries") == values.get("last_queries")
    queries = json.loads(values.get("last_queries") or "[]")
    for query in case["expect"].get("last_queries_contains", []):
        assert query in queries
