"""Closings the blind ``dialogues6`` runs kept in both modes (session 24, integrator): thanks
in chat spelling (« merci bcp », "tq" after "ok"), an emoji ending the farewell ("selamat malam
🌙"), "hooroo", 回聊, and a household errand said as the leave-taking (洗澡去了, 去给我妹做饭了,
"nak pi kedai dah"). Probes written apart from the dialogues' turns; the counter-probes state a
plan, a place, a date or an amount, and are kept."""

from __future__ import annotations

import pytest

from souvenir.lexical.chitchat import chit_chat

CLOSINGS = [
    "Merci bcp, bonne nuit !",
    "ok merci bcp Léa, à plus 👋",
    "Thanks heaps Jo, hooroo",
    "ok ty Sam, talk soon 😊",
    "好的，吃饭去了，拜拜",
    "嗯嗯，先去给孩子做饭了，回聊",
    "ok tq Aina, selamat malam 🌙",
    "ok bye Aina, nak pi dapur dah",
]
KEPT = [
    "Merci bcp, je commence mon nouveau poste à Lyon lundi.",
    "Thanks Jo, I'm flying to Perth on the 3rd, bye",
    "我去日本了，拜拜",
    "好的，下个月我要去深圳上班，拜拜",
    "ok tq, nanti saya transfer RM200 esok",
    "ok bye, saya nak pindah ke Penang bulan depan",
]


@pytest.mark.parametrize("text", CLOSINGS)
def test_a_closing_with_an_errand_or_chat_spelling_is_chit_chat(text):
    assert chit_chat(text) == "closing"


@pytest.mark.parametrize("text", KEPT)
def test_a_leave_taking_stating_a_plan_is_kept(text):
    assert chit_chat(text) is None
