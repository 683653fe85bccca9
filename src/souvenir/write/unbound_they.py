"""A note about "them" whose referent is in another turn (issue #25, session 18).

A model copies a reaction from the user's message, and its "they" / "them" points at what
the other speaker said before: SmolLM2-135M wrote "Kinda jealous of all those fun outings
with them." (the other speaker's dogs, a turn earlier) and "They encourage me when I'm down
to hang out with them…" (friends named turns before). Read alone, months later, the memory
says nothing of whom. Pure (text in, the pronoun out)::

    unbound_they("They encourage me when I'm down.")               -> "They"
    unbound_they("Kinda jealous of all those fun outings with them.")  -> "them"
    unbound_they("My kids love the beach and they swim every day.")    -> None
    unbound_they("Caroline's friends support her and she loves them.")  -> None
    unbound_they("The kids love it when they go camping.")              -> None

Two readings, en / fr / zh / ms:

1. the note *opens* on a third-person plural subject — they, they're…; « ils », « elles »;
   他们, 她们, 它们; "mereka" — (an interjection or "and" / "but" before it aside): nothing
   in the note comes before it to point at;
2. the note points at others' things — "those" / « ces » / 那些 before a noun, or "them" /
   « eux » / "mereka" / 跟他们 after a preposition at its end — and holds no person: no first
   person, "he" / "she", "the user", nor a name (a capitalised word past the first, a first
   word owning something, one of the user's names):
   a reaction with no one in it.

:func:`unbound_one` reads the singular (session 19): a note that *opens* on "she" / "he" /
« elle » / « il » (a person's: not « il y a », « il faut », « il fait »…) / 她 / 他 / "dia" and
holds no name and no relation of the user's (my sister, ma sœur, 我姐姐, kakak saya): its
referent was named in another sentence or turn (dlg-fr's « Elle est pharmacienne à Annecy… »,
the sister's name dropped).

A note of either kind is dropped, not the message: "never worse than no model" keeps the
message, where the referent may be named, as the turn's episode. No threshold: the pronouns
are the rule; its cost on LoCoMo's 1,453 true observations read as notes against their own
turn (``bench/grounding_share.py --list-check they``): docs/write-path.md. Known limit: a
"they" past the first word whose referent is a noun of another turn ("I love how they
play") is read by (2) only when it ends the note after a preposition and the note holds no "I".
"""

from __future__ import annotations

import re

from souvenir.lexical.tagged import key_of

__all__ = ["unbound_one", "unbound_they"]

#: Interjections and links a note may open on before its pronoun ("Oh and they…", « Mais elle… »).
_OPENERS = r"^\W*(?:(?:oh|wow|yeah|yes|well|honestly|and|but|so|et|mais|alors|ya|tapi|dan)\W+)*"
_LEAD = re.compile(
    _OPENERS + r"(?P<p>they(?:'re|'ve|'ll|'d|’re|’ve|’ll|’d)?|ils|elles|mereka)\b",
    re.IGNORECASE,
)
_ZH_LEAD = re.compile(r"^\W*(?P<p>他们|她们|它们)")
#: "those" / « ces » / 那些 before a noun, or "them" after a preposition ending the note.
_POINTED = re.compile(
    r"\b(?P<d>those|ces|ceux|celles)\b|(?P<z>那些)"
    r"|\b(?:with|of|for|about|from|to|avec|pour|de|sans|dengan|untuk|tentang|bersama)\s+(?P<p>them|eux|elles|mereka)\s*[.!…]*$"
    r"|(?:跟|和|与|同)(?P<q>他们|她们|它们)",
    re.IGNORECASE,
)
#: A person of the note: a first person, "he" / "she", "the user" (en / fr / zh / ms).
_PERSON = re.compile(
    r"\b(?:i|i'm|i've|i'll|i'd|me|my|mine|myself|we|us|our|we're|we've|he|she|his|her|him|he's|she's|user|"
    r"je|j'|moi|m'|mon|ma|mes|nous|notre|nos|il|elle|son|sa|ses|lui|utilisateur|utilisatrice|"
    r"saya|aku|ku|kami|kita|dia|beliau|pengguna)\b|[我咱他她]|用户|\w+ku\b",
    re.IGNORECASE,
)
#: A name: a capitalised word past the note's first, or a first word owning something.
_NAME = re.compile(r"(?<=\s)[A-Z][\w'-]+|^\W*[A-Z][\w-]*'s\b")


def unbound_they(note: str, names: frozenset[str] = frozenset()) -> str | None:
    """The pronoun (as written) of a note whose "they" / "them" points outside it (module
    docstring), else ``None``. ``names``: keys of the user's names (and the other speaker's),
    read as persons of the note ("Melanie values moments with her kids and is grateful for
    them")."""
    text = note.strip().replace("’", "'")
    lead = _LEAD.match(text) or _ZH_LEAD.match(text)
    if lead:
        return lead.group("p")
    pointed = _POINTED.search(text)
    if pointed is None or _PERSON.search(text) or _NAME.search(text):
        return None
    if names and any(key_of(word) in names for word in re.findall(r"[\w'-]+", text)):
        return None
    return next(word for word in pointed.groups() if word)


_ONE_LEAD = re.compile(
    _OPENERS
    + r"(?P<p>she(?:'s|'ll|'d)?|he(?:'s|'ll|'d)?|elle|il(?!\s+(?:y\b|faut|fait|fallait|est\s+(?:temps|l'heure|tard|\d)"
    r"|était\s+une\s+fois|paraît|semble|reste|s'agit|vaut|arrive|suffit|manque|pleut|neige))|dia)\b",
    re.IGNORECASE,
)
_ZH_ONE_LEAD = re.compile(r"^\W*(?:还行|还好|嗯|哎)?[，,]?\s*(?:就是)?(?P<p>她(?!们)|他(?![们人]))")
#: A relation of the user's: who "she" is, said in the note ("She is my sister").
_RELATION = re.compile(
    r"\b(?:sister|brother|mother|mom|mum|father|dad|wife|husband|daughter|son|friend|boss|cousin|aunt|uncle"
    r"|grandma|grandmother|grandpa|grandfather|partner|girlfriend|boyfriend|colleague|coworker|neighbou?r|kid|baby"
    r"|sœur|soeur|frère|frere|mère|mere|maman|père|pere|papa|femme|mari|fille|fils|amie?|patron(?:ne)?|cousine?"
    r"|tante|oncle|grand-mère|grand-père|copine|copain|collègue|voisine?|bébé"
    r"|kakak|adik|abang|ibu|emak|mak|ayah|bapa|abah|isteri|suami|anak|kawan|bos|sepupu|nenek|datuk|rakan|jiran)\b"
    r"|[姐妹哥弟妈爸母父]|老婆|老公|丈夫|妻子|女儿|儿子|朋友|老板|表[姐妹哥弟]|奶奶|爷爷|外婆|外公|同事|邻居|孩子",
    re.IGNORECASE,
)


#: A preposition of place or time before a capitalised word: a place or a month, not who
#: "she" is ("…pharmacienne à Annecy", "…married in December", "kerja di Ipoh").
_PLACE_PREP = re.compile(
    r"\b(?:in|at|on|from|to|near|since|until|during|around|across|à|a|en|au|aux|dans|vers|depuis|près\s+de|di|ke|dari|pada|dekat)"
    r"\s+(?:the\s+|la\s+|le\s+|l')?$",
    re.IGNORECASE,
)


def unbound_one(note: str, names: frozenset[str] = frozenset()) -> str | None:
    """The pronoun (as written) of a note that opens on a singular "she" / "he" (en / fr /
    zh / ms) and names no one (module docstring), else ``None``. ``names``: keys of the
    speakers' names ("She told Maya…": Maya named)."""
    text = note.strip().replace("’", "'")
    lead = _ONE_LEAD.match(text) or _ZH_ONE_LEAD.match(text)
    if lead is None:
        return None
    rest = text[lead.end() :]
    if _RELATION.search(rest) or any(
        not _PLACE_PREP.search(rest[max(0, m.start() - 24) : m.start()]) for m in _NAME.finditer(rest)
    ):
        return None
    if names and any(key_of(word) in names for word in re.findall(r"[\w'-]+", text)):
        return None
    return lead.group("p")
