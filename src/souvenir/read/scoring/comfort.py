"""What a companion brings up unasked (issue #28): the user asks to be cheered, or asks
for what suits them without naming it — pure lexical readings, in English, French,
Chinese and Malay.

- :func:`asks_for_good` / :func:`asks_cheer`: the message asks for something good without
  naming it (below) / it does, or sounds low
  (:func:`~souvenir.read.scoring.conversation.sounds_low`) or asks for something good
  without naming it ("Tell me something nice", "cheer me up", « parle-moi d'un truc qui
  fait du bien », « raconte-moi quelque chose de gai », 说点开心的, 陪我聊点高兴的事,
  "cerita benda yang best sikit", "cakaplah pasal benda yang seronok") — a good reply
  recalls a happy memory or a liking that shares no word with it.
- :func:`asks_fit`: the message asks what suits the user without naming it ("What would
  you recommend?", "you know what I don't want", « vous savez bien que ce n'est pas mon
  truc », 有什么划算的办法, 你知道我不要什么, "Buat yang biasa je", "korang tahu kan apa
  saya tak nak") — a good reply recalls their stated preferences.
- :func:`mood_reading`: which of the two a message is (``"cheer"``, ``"fit"`` or ``None``):
  the engine's ``ScoringConfig.comfort_read`` lifts, × the relevance gate, the memories
  that sound good or state a preference (``"cheer"``), the preferences only (``"fit"``).

The expressions were written from the four languages' ways of asking (a request verb
and an unnamed good thing; a recommendation; "the usual"; "you know what I…"), after
reading the twelve comfort items (kind ``d``) of ``bench/data/backref`` (docs/journal.md,
"Session 23, lane recall9"): their figure on that set is in-sample for the wording.
Texts are read up to :data:`~souvenir.read.scoring.conversation.MAX_CHARS` characters;
the expressions have no nested repetition (linear time). Nothing here does I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

import numpy as np

from souvenir.lexical import nfkc_casefold
from souvenir.read.scoring.conversation import MAX_CHARS, sounds_low
from souvenir.read.scoring.levers import ScoringConfig

__all__ = ["asks_cheer", "asks_fit", "asks_for_good", "mood_flags", "mood_reading"]

_GOOD_THING_EN = r"(?:nice|good|happy|cheerful|fun|funny|positive|uplifting|lovely|pleasant|sweet|light)"
_CHEER = re.compile(
    # en: a request for something good, unnamed
    r"\b(?:something|anything|some more) " + _GOOD_THING_EN + r"\b"
    r"|\bcheer me up\b|\bmake me (?:smile|laugh|feel better)\b|\btake my mind off\b|\bdistract me\b"
    r"|\bgood news\b|\bhappy thoughts?\b|\bi need (?:a laugh|a smile|cheering up|a pick-me-up)\b"
    # fr
    r"|\b(?:quelque chose|un truc|une chose|autre chose|des choses|une histoire) (?:de |d')?"
    r"(?:gai|joyeux|joyeuse|positif|positive|bien|sympa|drôle|beau|belle|agréable|heureux|heureuse|léger|légère)\b"
    r"|\bqui (?:me )?fai(?:t|ent) du bien\b|\bremonte[rz]?(?:-moi)? le moral\b|\bchange[rz]?(?:-moi)? les idées\b"
    r"|\bfai(?:s|tes)-moi (?:rire|sourire)\b|\bune bonne nouvelle\b|\bdes bonnes nouvelles\b"
    # ms
    r"|\b(?:benda|cerita|sesuatu|perkara|hal|kisah)(?: yang)? "
    r"(?:best|seronok|gembira|menggembirakan|kelakar|lucu|baik|indah|manis|ceria)\b"
    r"|\bceriakan\b|\bhiburkan\b|\bbuat (?:saya|aku) (?:gembira|senyum|ketawa|happy)\b|\bberita baik\b"
    # zh: "say / chat about something happy", "cheer me up"
    r"|(?:说|聊|讲|谈)(?:点|些|一些|一点)?(?:开心|高兴|快乐|好玩|有趣|轻松|愉快|美好|好)的"
    r"|逗我|哄我|安慰我|让我开心|让我高兴|正能量|转移(?:一下)?注意力|好消息"
)
_FIT = re.compile(
    # en
    r"\b(?:what|which) (?:would|do|can) you (?:recommend|suggest)\b|\b(?:recommend|suggest) (?:me )?(?:something|anything|one)\b"
    r"|\bany (?:recommendations?|suggestions?|ideas)\b|\bwhat should i (?:get|buy|choose|pick|order|eat|try)\b"
    r"|\byou know what i (?:like|want|love|hate|prefer|don't|do not|can't)\b|\bnot my thing\b|\bthe usual\b"
    # fr
    r"|\b(?:vous me|tu me) (?:conseillez|conseilles|recommandez|recommandes|proposez|proposes)\b"
    r"|\bqu'est-ce que (?:vous|tu) (?:me )?(?:conseillez|conseilles|recommandez|recommandes)\b"
    r"|\b(?:vous savez|tu sais)(?: bien)? (?:ce que|que|qu')\b|\bpas mon truc\b|\bcomme d'habitude\b"
    r"|\bque devrais-je\b|\bqu'est-ce que je devrais\b"
    # ms
    r"|\b(?:cadangkan|cadangan|syorkan|syor)\b|\b(?:awak|anda|kau|korang|kamu|encik|tuan|puan) tahu (?:kan )?apa (?:saya|aku)\b"
    r"|\b(?:yang|macam|seperti) biasa\b"
    # zh
    r"|推荐|建议|划算|你(?:们)?(?:知道|晓得|懂)我(?:不)?(?:喜欢|要|想|爱|讨厌)|老样子|照旧|还是老规矩"
)


def _read(text: str) -> str:
    return nfkc_casefold(text[:MAX_CHARS]).replace("’", "'")


def asks_for_good(message: str) -> bool:
    """The message asks for something good without naming it ("Tell me something nice",
    说点开心的): it carries no topic of its own (see the module's rules)."""
    return bool(_CHEER.search(_read(message)))


def asks_cheer(message: str) -> bool:
    """The message sounds low, or asks for something good without naming it (see the
    module's rules)."""
    return sounds_low(message) or asks_for_good(message)


def asks_fit(message: str) -> bool:
    """The message asks for what suits the user without naming it: a recommendation, "the
    usual", "you know what I (don't) want" (see the module's rules)."""
    return bool(_FIT.search(_read(message)))


def mood_reading(message: str) -> Literal["cheer", "fit"] | None:
    """``"cheer"`` (:func:`asks_cheer`), else ``"fit"`` (:func:`asks_fit`), else ``None``."""
    if asks_cheer(message):
        return "cheer"
    if asks_fit(message):
        return "fit"
    return None


def mood_flags(
    config: ScoringConfig,
    message: str,
    good: Callable[[], np.ndarray],
    preferences: Callable[[], np.ndarray],
) -> np.ndarray | None:
    """The ``mood`` flags of :func:`~souvenir.read.scoring.fusion.fuse` for ``message`` (bool
    per memory; ``good()`` the memories that sound good or state a preference,
    ``preferences()`` the preferences, each read only when needed), or ``None`` (no mood
    term): ``mood_bonus`` 0; else with ``comfort_read`` :func:`mood_reading` picks the column
    (``mood_any``: ``good()`` for any other message); without it, ``good()`` when the message
    :func:`~souvenir.read.scoring.conversation.sounds_low` or ``mood_any``."""
    if not config.mood_bonus:
        return None
    if config.comfort_read:
        reading = mood_reading(message)
        if reading == "fit":
            return preferences()
        if reading == "cheer" or config.mood_any:
            return good()
        return None
    return good() if config.mood_any or sounds_low(message) else None
