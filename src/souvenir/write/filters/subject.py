"""Subject filter: a memory must be about the user.

Source: the spec's measure ("10 % des souvenirs extraits parlaient du personnage
ou du décor"; a stricter prompt doubled it, hence a filter in code) and case
R05a (the neighbour's name stored as the user's).

Drops, in this order:

1. **The assistant, the character or the setting as subject** — "The assistant
   recommends…", "Le personnage…", "客服…", "Captain Mira hates the sea" (a
   name the assistant plays), "The story takes place…" — unless the text also
   names the user ("The assistant promised the user…" is kept).
2. **Someone else's name stored as the user's** — "S'appelle Mme Lefèvre",
   "Is called Tom", "叫王芳", "Bernama Ali": the name must be given by the user
   as their own ("je m'appelle", "my name is", "I'm", "我叫", "nama saya", a
   signature at the end). A name the message gives to someone else, or that
   only the assistant's reply contains, is dropped.
3. **Someone else's attribute stored as the user's** — "Habite à Lyon" from
   "Ma sœur habite à Lyon", "Is allergic to peanuts" from "My son is allergic to
   peanuts", "喜欢榴莲" from "我妈喜欢榴莲", "Suka durian" from "Anak saya suka
   durian": every clause of the message that supports the candidate (half of
   its content words or more) has a third-person subject that is not itself part
   of the fact ("Has a dog" from "My dog loves the beach" is kept). Applies only
   when the candidate names nobody else: "Took her kids to the park" or "Met a
   woman named Jean who…" places the fact between the user and that person.

Kept: subject-less notes and "The user…" forms, relations of the user ("The
user's tenant…", "用户的妹妹…"), named third parties ("Liam paid the rent"),
and anything the message does not mention at all (other filters judge that).

Known false positives (wrong drops):
- "Ma femme adore le jazz, et j'en écoute aussi" stored as "Aime le jazz": the
  user's own clause has no content word ("en" is not resolved), so only the
  wife's clause supports it.
- A user who gives their name in a form not listed (``_SELF_NAMING``,
  ``_INTRODUCED`` at the start, a signature at the end) is read as naming
  someone else.
- A capitalised word after a comma followed by "is/est/has" reads as a name
  ("…, Paris is where I live" → "Lives in Paris" supported by a third person).
"""

from __future__ import annotations

import re

from souvenir.lexical import lexicon as lx
from souvenir.write.filters._candidate import character_names, parse
from souvenir.write.filters._clauses import Clause, clauses
from souvenir.lexical.tagged import Tok, content_of, fold, strip_accents
from souvenir.write.filters.shapes import Exchange, FilterDecision, drop, keep
from souvenir.ground.types import Candidate

NAME = "subject"

_USER = r"(?:(?:the |this )?(?:user|customer)(?: 's|'s)? |l' ?utilisat(?:eur|rice) |(?:用户|该用户)的? ?|pengguna )?"
_NAME_CLAIMS = tuple(
    re.compile("^" + _USER + p + r"\s*(?P<n>.+)$")
    for p in (
        r"(?:is |was )?(?:called|named|nicknamed|known as|goes by(?: the name)?)",
        r"(?:first |last |full |given )?name(?: is|:| 's|'s)",
        r"(?:s' ?appelle|se nomme|se prenomme|se fait appeler|porte le nom de|repond au nom de)",
        r"(?:son |le )?(?:nom|prenom)(?: de famille)?(?: de l' ?utilisat(?:eur|rice))?(?: est|\s*:)",
        r"(?:名叫|叫做|名字是|名字叫|姓名是|姓名[:：]|名为|自称|叫|姓)",
        r"(?:bernama|dipanggil|namanya|nama(?:nya| pengguna)? (?:ialah|adalah)|nama(?: pengguna)?\s*:)",
    )
)
_NAME_END = re.compile(r"\s*(?:[,;.，。；!！?？]| and | et | dan | who | qui |，).*$")
_TITLE = r"(?:(?:mr|mrs|ms|miss|dr|m|mme|mlle|monsieur|madame|encik|puan|cik|tuan)\.?\s+)?"
_SELF_NAMING = re.compile(
    r"(?:je m' ?appelle|je me nomme|je me prenomme|je suis|moi,? c'est|mon nom(?: de famille)? (?:est|c'est)|"
    r"mon prenom (?:est|c'est)|on m' ?appelle|ici|my name is|my name's|name's|i am|i'm|call me|this is|it's|"
    r"name\s*:|nom\s*:|nama saya(?: ialah| adalah)?|nama aku|saya|aku|panggil saya|我叫|我是|我的名字是|"
    r"我的名字叫|我名叫|本人|叫我|我姓)\s*[:,-]?\s*" + _TITLE + "$"
)
_SIGNATURE = re.compile(
    r"(?:\n|^|[-–—]\s*|(?:cordialement|regards|best|thanks|thank you|merci|terima kasih|salam|bien a vous|cheers)"
    r"\s*[,.!]?\s*)" + _TITLE + "$"
)
_PEOPLE = lx.RELATIONS | lx.THIRD_SINGULAR | lx.TITLES | lx.PERSON_NOUNS

#: "Ahmed here", "Hélène Roux à l'appareil", "Rashid di sini": a name that opens the message.
_INTRODUCED = re.compile(r"\s*(?:here\b|speaking\b|a l'appareil|ici\b|di sini|disini|这边|在此)")
_GREETING_ONLY = re.compile(
    r"\s*(?:(?:hi|hello|hey|bonjour|bonsoir|salut|hai|helo|salam|assalamualaikum|你好|您好)\W*)?\s*" + _TITLE
)
_ZH_NAME_END = re.compile(r"[，。；！？,.;!?的和].*$")


def subject_filter(candidate: Candidate, exchange: Exchange) -> FilterDecision:
    """Drop a candidate that is about the assistant, the character, the setting or a third person."""
    names = character_names(exchange.assistant_reply, exchange.character_names)
    parsed = parse(candidate.text, names)
    if parsed.subject in ("assistant", "character", "setting") and not parsed.mentions_user:
        return drop(NAME, candidate, f"about the {parsed.subject}, not the user")
    verdict = _name_verdict(candidate.text, exchange, names)  # "The user's name is…" parses as a relation
    if verdict:
        return drop(NAME, candidate, verdict)
    if parsed.subject not in ("none", "user"):
        return keep(NAME, candidate)
    own = [tok for clause in parsed.user_clauses for tok in clause.tokens]
    owner = _third_owner(content_of(own), clauses(exchange.user_message))
    if owner and not _names_someone(own, owner):
        who = " ".join(tok.raw for tok in owner) or "someone"
        return drop(NAME, candidate, f"the message says this of someone else ({who!r}), not of the user")
    return keep(NAME, candidate)


# --------------------------------------------------------------------------- names


def claimed_name(text: str) -> str | None:
    """The name a candidate gives the user: ``"S'appelle Mme Lefèvre"`` -> ``"mme lefevre"``."""
    plain = strip_accents(fold(text)).strip()
    for pattern in _NAME_CLAIMS:
        match = pattern.match(plain)
        if match:
            name = match.group("n").strip()
            name = (_ZH_NAME_END if re.match(r"[\u3400-\u9fff]", name) else _NAME_END).sub("", name)
            name = name.strip(" \"'«»“”")
            if name:
                return name
    return None


def _name_verdict(text: str, exchange: Exchange, names: tuple[str, ...]) -> str | None:
    name = claimed_name(text)
    if not name:
        return None
    message = strip_accents(fold(exchange.user_message))
    parts = [name] + [w for w in name.split() if len(w) >= 3 and w not in lx.TITLES]
    seen_in_message = False
    for part in parts:
        for match in re.finditer(re.escape(part), message):
            seen_in_message = True
            before, after = message[: match.start()], message[match.end() :]
            if after.startswith(("'s", " 's", "的")):
                continue
            if _SELF_NAMING.search(before[-40:]) or (_SIGNATURE.search(before[-40:]) and not after.strip(" .!\n")):
                return None
            if _INTRODUCED.match(after) and _GREETING_ONLY.fullmatch(before):
                return None
    if seen_in_message:
        return f"the name {name!r} belongs to someone the user mentions, not to the user"
    reply = strip_accents(fold(exchange.assistant_reply or ""))
    if any(part in reply for part in parts) or any(part in names for part in parts):
        return f"the name {name!r} comes from the assistant's reply, not from the user"
    return None


# --------------------------------------------------------------------------- attributes


def _names_someone(tokens: list[Tok], owner: tuple[Tok, ...]) -> bool:
    """The candidate itself mentions another person ("…like his son", "met a woman named
    Jean…", "她…", or the owner's own name): it places the fact between the user and
    them, rather than moving it onto the user."""
    for tok in tokens:
        if tok.key in _PEOPLE:
            return True
        if tok.cjk and (
            any(r in tok.key for r in lx.ZH_RELATIONS + lx.ZH_PERSON_NOUNS) or tok.key.startswith(lx.ZH_THIRD_SINGULAR)
        ):
            return True
        if any(tok.role == "content" and _same(tok, own) for own in owner):
            return True
    return False


def _third_owner(content: list[Tok], message: list[Clause]) -> tuple[Tok, ...] | None:
    """The third person every supporting clause attributes ``content`` to, if any."""
    if not content:
        return None
    owners: list[tuple[Tok, ...]] = []
    for clause in message:
        matched = [tok for tok in content if clause.find(tok) is not None]
        if len(matched) * 2 < len(content):
            continue
        owner = _owner(clause, matched)
        if owner is None:
            return None
        owners.append(owner)
    return owners[0] if owners else None


def _owner(clause: Clause, matched: list[Tok]) -> tuple[Tok, ...] | None:
    """Who ``clause`` says ``matched`` of: a third person's tokens, or ``None`` (the user, or unclear)."""
    if clause.person == "third":
        if any(_same(tok, own) for tok in matched for own in clause.subject_toks):
            return None
        if _done_to_user(clause):
            return None  # "…, she fixed my knee", « il m'a réglé le dos », 她治好了我的膝盖, "dia betulkan lutut saya"
        return clause.subject_toks or ()
    if clause.person == "first":
        return None
    return _genitive_owner(clause, matched)


_MS_TIME = frozenset({"dulu", "tadi", "semalam", "lepas", "hari", "minggu", "bulan", "tahun", "hari-hari"})


def _done_to_user(clause: Clause) -> bool:
    """A third person's act on the user or on something of the user's, after the subject: "she
    fixed my knee", "he drove me home", « il m'a réglé le dos », 她治好了我的膝盖, "dia betulkan lutut
    saya" — a fact about the user too. Not the subject's own words ("My son is allergic").
    A possessive needs a noun after it; "me" / 我 must come after the verb."""
    subject = {id(tok) for tok in clause.subject_toks}
    rest = [tok for tok in clause.tokens if id(tok) not in subject]
    for index, tok in enumerate(rest[1:], start=1):  # rest[0] is the verb (or an auxiliary)
        after = rest[index + 1] if index + 1 < len(rest) else None
        if tok.key == "me" or (tok.key in ("我的", "我") and after is not None and after.key == "的"):
            return True  # "drove me home", 治好了我的膝盖 (a bare 我 is the subject of a relayed clause: 嫌我做饭…)
        if tok.key == "我的" or (tok.key in lx.FIRST_POSSESSIVE and after is not None and after.role == "content"):
            return True
        if (
            tok.key in ("saya", "aku", "ku")
            and index > 1
            and rest[index - 1].role == "content"
            and (after is None or after.role in ("end", "comma") or after.key in _MS_TIME)
        ):
            return True  # "lutut saya (dulu)": a possessive closing its noun, not "aku manjakan…", "aku ni kedekut"
    return any(tok.key in ("m'", "me") for tok in rest[:2])


def _same(a: Tok, b: Tok) -> bool:
    return a.key == b.key or a.stem == b.stem or (a.cjk and b.cjk and (a.key in b.key or b.key in a.key))


def _genitive_owner(clause: Clause, matched: list[Tok]) -> tuple[Tok, ...] | None:
    """ "la commande *de Mme Lefèvre*", "the order *of my neighbour*": matched words owned by a third person."""
    tokens = clause.tokens
    for index, tok in enumerate(tokens):
        if tok.role != "content" or not any(_same(tok, m) for m in matched):
            continue
        after = tokens[index + 1 : index + 5]
        if after and after[0].key in ("de", "du", "d'", "of", "des"):
            rest = after[1:]
            if rest and rest[0].key in lx.TITLES:
                return tuple(rest[:2])
            if rest and rest[0].key in lx.FIRST_POSSESSIVE | {"sa", "son", "ses", "his", "her"} and len(rest) > 1:
                if rest[1].key in lx.RELATIONS:
                    return tuple(rest[:2])
            if rest and rest[0].raw[:1].isupper() and rest[0].role == "content":
                return (rest[0],)
    return None


__all__ = ["subject_filter", "claimed_name"]
