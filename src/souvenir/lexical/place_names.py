"""Whether a name a farewell or thanks calls is a place (issue #25's "nothing lost").

Pure. The junk kinds drop a message that only closes the chat, and a name a farewell calls is
the assistant's ("Bye Lumi", 晚安小航): but "Goodbye London!", « Merci Lumi, au revoir Paris ! »,
再见北京！, "Terima kasih Dina, bye KL!" say the user is leaving a place — a move, not a
leave-taking of the chat (docs/security.md, "A farewell to a place"). The places are the closed
lists the keyed values already hold (:mod:`souvenir.lexical.keydata`: towns, countries, regions,
Chinese towns), so no threshold; a place missing from them is read as a name, as before::

    is_place("London") -> True      is_place("北京") -> True
    is_place("Lumi")   -> False     is_place("小航") -> False
"""

from __future__ import annotations

from souvenir.lexical import keydata as D
from souvenir.lexical.normalize import fold_words

__all__ = ["is_place"]


def is_place(name: str) -> bool:
    """``name`` (one or a few words, as written, or Han characters) is a town, a country or a
    region of the closed lists."""
    name = name.strip()
    if not name:
        return False
    if name in D.ZH_CITIES:
        return True
    folded = fold_words(name)
    return folded in D.CITIES or folded in D.COUNTRIES or folded in D.REGIONS
