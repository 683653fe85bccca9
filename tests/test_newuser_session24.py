"""What a new user met in session 24 (lane newuser9), over the real parts.

- A request to forget said as a polite question or modal erased nothing: « Tu pourrais
  oublier ce que je t'ai dit sur ma mère ? » (its topic held « pourrais »), "Kindly forget…",
  "Would you mind forgetting…", « Ça te dérangerait d'oublier… », 能不能帮我忘掉… (帮我忘掉 was
  read as the user's own forgetting), 能不能忘记… (能不能忘 read as 不能忘, "must not forget"),
  "Please delete my address", 请删除我的地址, "Tolong padam alamat saya" — each kept as an episode
  beside the memory it asked to drop.
- And what is no request erased: 我真希望能忘掉… (a wish), 你会忘掉…吗？ (a question about the
  assistant's memory), « Est-ce que tu oublies… ? », "Saya harap saya boleh lupakan…", and a
  polite question someone else asked, reported ("She asked him: could you forget about it?").
- The MCP `context` tool had no `conversation`, which the library's `context` takes.
- "since January" said in December was dated next January: « malade depuis janvier (2027-01) ».
"""

from __future__ import annotations

from datetime import UTC, datetime

import anyio
import pytest

from souvenir.lexical.dates import ground_dates
from souvenir.lexical.forget_cues import forget_requests
from souvenir.library import Souvenir

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}

EN_MOM, EN_CAT = "My mother has been ill since January.", "My cat is called Moka."
FR_MOM, FR_CAT = "Ma mère est malade depuis janvier.", "Mon chat s'appelle Moka."
ZH_MOM, ZH_CAT = "我妈妈从一月开始生病了。", "我的猫叫摩卡。"
MS_MOM, MS_CAT = "Mak saya sakit sejak Januari.", "Kucing saya bernama Moka."
EN_HOME, FR_HOME = "I live at 12 Baker Street, London.", "J'habite au 12 rue des Lilas à Lyon."
ZH_HOME, MS_HOME = "我住在北京朝阳区建国路88号。", "Saya tinggal di 12 Jalan Ampang, Kuala Lumpur."

#: (the memory to forget, another memory that stays, a polite request to forget the first).
POLITE = [
    (FR_MOM, FR_CAT, "Tu pourrais oublier ce que je t'ai dit sur ma mère ?"),
    (FR_MOM, FR_CAT, "Tu pourrais oublier ce que je t'ai confié sur ma mère ?"),
    (FR_MOM, FR_CAT, "Est-ce que tu pourrais oublier ce que je t'ai dit sur ma mère ?"),
    (FR_MOM, FR_CAT, "Ça te dérangerait d'oublier ce que je t'ai dit sur ma mère ?"),
    (FR_MOM, FR_CAT, "Tu voudrais bien oublier ce que je t'ai dit sur ma mère ?"),
    (FR_MOM, FR_CAT, "Vous pourriez effacer ce que je vous ai dit sur ma mère ?"),
    (FR_HOME, FR_CAT, "Tu pourrais oublier mon adresse ?"),
    (EN_MOM, EN_CAT, "Kindly forget what I said about my mother."),
    (EN_MOM, EN_CAT, "Would you mind forgetting what I said about my mother?"),
    (EN_MOM, EN_CAT, "Would you be so kind as to forget what I said about my mother?"),
    (EN_MOM, EN_CAT, "Is it possible to forget what I said about my mother?"),
    (EN_HOME, EN_CAT, "Please delete my address."),
    (EN_HOME, EN_CAT, "Could you delete my address?"),
    (ZH_MOM, ZH_CAT, "能不能帮我忘掉我妈妈的事？"),
    (ZH_MOM, ZH_CAT, "你能帮我忘掉关于我妈妈的事吗？"),
    (ZH_MOM, ZH_CAT, "能不能忘记我说的关于我妈妈的事？"),
    (ZH_HOME, ZH_CAT, "请删除我的地址"),
    (MS_MOM, MS_CAT, "Boleh tolong lupakan apa yang saya cakap tentang mak saya?"),
    (MS_MOM, MS_CAT, "Boleh tak awak lupakan pasal mak saya?"),
    (MS_HOME, MS_CAT, "Tolong padam alamat saya"),
    (MS_HOME, MS_CAT, "Boleh tak awak padam alamat saya?"),
]

#: (a memory, another, a message that asks nothing of the assistant's memory: both stay).
NOT_ASKED = [
    (EN_MOM, EN_CAT, "My sister asked him: could you forget about it? He said he can't."),
    (EN_MOM, EN_CAT, "My boss yelled at me in front of everyone. Could you forget about it? I can't."),
    ("My ex left me in March.", EN_CAT, "I wish I could forget my ex."),
    (EN_MOM, EN_CAT, "Do you ever forget what I tell you about my mother?"),
    (FR_MOM, FR_CAT, "J'aimerais pouvoir oublier ma mère malade."),
    (FR_MOM, FR_CAT, "Est-ce que tu oublies ce que je te dis sur ma mère ?"),
    (FR_MOM, FR_CAT, "Il m'a demandé : tu pourrais oublier ma mère ? Je ne peux pas."),
    (ZH_MOM, ZH_CAT, "你会忘掉我说的关于我妈妈的事吗？"),
    (ZH_MOM, ZH_CAT, "我真希望能忘掉我妈妈的病。"),
    (MS_MOM, MS_CAT, "Awak boleh lupa ke apa saya cakap pasal mak saya?"),
    (MS_MOM, MS_CAT, "Saya harap saya boleh lupakan mak saya sakit."),
    (FR_MOM, FR_CAT, "Tu pourrais oublier ton parapluie si tu ne fais pas attention."),
    (FR_MOM, FR_CAT, "Fais une liste, sinon tu pourrais oublier des trucs."),
]


def _turns(tmp_path, said: str, other: str, asked: str):
    memory = Souvenir.open(tmp_path / "c.db", **OPEN)
    kept = memory.add_turn("léa", other, reply="Oh!").memory
    named = memory.add_turn("léa", said, reply="I see.").memory
    assert kept is not None and named is not None
    answer = memory.add_turn("léa", asked, reply="OK.")
    ids = [m.id for m in memory.memories("léa").memories]
    return memory, answer, ids, kept.id, named.id


@pytest.mark.parametrize(("said", "other", "asked"), POLITE)
def test_a_polite_request_to_forget_erases_what_it_names(tmp_path, said, other, asked):
    memory, answer, ids, kept, named = _turns(tmp_path, said, other, asked)
    with memory:
        assert answer.memory is not None and answer.memory.action == "dropped", answer.memory
        assert ids == [kept], [m.text for m in memory.memories("léa").memories]


@pytest.mark.parametrize(("said", "other", "asked"), NOT_ASKED)
def test_what_asks_nothing_of_the_assistant_erases_nothing(tmp_path, said, other, asked):
    memory, answer, ids, kept, named = _turns(tmp_path, said, other, asked)
    with memory:
        assert kept in ids and named in ids, [m.text for m in memory.memories("léa").memories]
        assert forget_requests(asked) == [], forget_requests(asked)


@pytest.mark.parametrize(
    ("said", "grounded"),
    [
        ("Ma mère est malade depuis janvier.", "janvier (2026-01)"),
        ("My mother has been ill since January.", "January (2026-01)"),
        ("Mak saya sakit sejak Januari.", "Januari (2026-01)"),
        ("She has been living with us since Easter.", "Easter (2026-04-05)"),
        ("My daughter turns 7 in January.", "January (2027-01)"),  # the next one: unchanged
    ],
)
def test_since_a_month_is_the_last_one(said, grounded):
    assert grounded in ground_dates(said, datetime(2026, 12, 7, 12, tzinfo=UTC))


def test_the_mcp_context_tool_reads_the_conversation(tmp_path):
    """MCP's `context` takes `conversation` as the library's does (the chat's turns a short
    message is read with), bounded as `messages`; the diagnostics show the turns read."""
    pytest.importorskip("mcp")
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    from souvenir.ground.limits import MAX_PROMPT_MESSAGES
    from souvenir.mcp.server import http_app
    from tests.servers import UvicornThread

    with Souvenir.open(tmp_path / "m.db", **OPEN) as memory:
        memory.add_turn("ann", "I am cooking satay for my sister tonight.", reply="Yum!")
        memory.add_turn("ann", "My dentist appointment is on Friday.", reply="Good luck.")
        with UvicornThread(http_app(memory)) as server:

            async def run() -> None:
                with anyio.fail_after(30):
                    async with (
                        streamable_http_client(f"{server.url}/mcp") as (read, write),
                        ClientSession(read, write) as session,
                    ):
                        await session.initialize()
                        tools = {t.name: t for t in (await session.list_tools()).tools}
                        assert "conversation" in tools["context"].input_schema["properties"]
                        turns = ["What should I cook tonight?", "Maybe something with peanuts?"]
                        found = await session.call_tool(
                            "context", {"user": "ann", "message": "and for her?", "conversation": turns}
                        )
                        assert not found.is_error, found.content
                        too_many = await session.call_tool(
                            "context",
                            {"user": "ann", "message": "hi", "conversation": ["x"] * (MAX_PROMPT_MESSAGES + 1)},
                        )
                        text = too_many.content[0].text
                        assert too_many.is_error and text.startswith("bad arguments for context: 'conversation'"), text

            anyio.run(run)
        selection = memory.diagnostics("ann").selections[0]  # the turns read, as REST's show them
        assert selection.message == "and for her?"
        assert selection.conversation and set(selection.conversation) <= {
            "What should I cook tonight?",
            "Maybe something with peanuts?",
        }
