"""A dismissal said alone: "never mind" and its kin (pure; issue #26, session 20).

"Never mind.", "Forget it.", « Laisse tomber. », « Bref, c'est pas grave. », 算了不说了, 当我没说,
"Takpelah.", "Tak apa lah, lupakan je." carry no fact: in no-model mode such a message was kept as an
episode. :func:`dismissal` is true when a sentence is one of these and fillers only (oh, well, bon,
哎, alah…); a sentence that says anything beside ("Never mind, I'll ask my mom", « Laisse tomber le
piano ») is not one. A request to forget what was just said ("Forget that", « Oublie ça ») is read
before, by the forget readers; this one only keeps a bare dismissal out of the memories.
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import nfkc_fold

__all__ = ["dismissal"]

_FILLER = (
    r"(?:oh|ah|eh|well|ok|okay|so|actually|anyway|hmm+|bon|ben|bah|alors|enfin|bref|non|no|nah|alah|haih|aduh|eh|hm+"
)
_FILLER += r"|哎|唉|嗯|好吧|啊|呃|那|那就|还是|没事|算了)"
_DISMISS = (
    r"never\s*mind|nevermind|nvm|forget\s+it|forget\s+about\s+it|doesn't\s+matter|it\s+doesn't\s+matter|no\s+matter"
    r"|not\s+important|skip\s+it|drop\s+it|scratch\s+that|ignore\s+(?:that|me)|it's\s+nothing"
    r"|laisse\s+tomber|laissez\s+tomber|oublie|oubliez|c'est\s+pas\s+grave|ce\s+n'est\s+pas\s+grave|pas\s+grave|tant\s+pis"
    r"|peu\s+importe|c'est\s+rien|on\s+s'en\s+fiche|passons"
    r"|算了吧?|算了不说了|不说了|没事了?|当我没说(?:过)?|无所谓|不重要|不用了|忘了吧|没什么|别管了|随便吧?"
    r"|tak\s*pe\s*lah|takpelah|takpe|tak\s+apa(?:\s*lah)?|tak\s+apalah|tak\s+kisah(?:\s*lah)?|lupakan(?:\s+je)?"
    r"|tak\s+jadi|tak\s+penting|biarlah|biar\s+je|abaikan"
)
_ALONE = re.compile(
    rf"^(?:{_FILLER}[\s,，、.…。!！~～]*)*(?:{_DISMISS})(?:[\s,，、.…。!！~～]*(?:{_DISMISS}|{_FILLER}"
    r"|then|please|pls|lah|la|je|ja|pun|ça|ca|alors|吧|了|啦|哈|吗))*[\s,，、.…。!！~～]*$",
    re.I,
)


def dismissal(sentence: str) -> bool:
    """Whether ``sentence`` is a dismissal and fillers only (module docstring). Bounded: a sentence
    over 80 characters is never one."""
    if len(sentence) > 160:  # read nothing of a long sentence
        return False
    text = nfkc_fold(sentence).replace("\u2019", "'").strip()
    return 0 < len(text) <= 80 and _ALONE.match(text) is not None
