"""Who a candidate is about, and which of its clauses speak about the user.

Extractors write memories as subject-less notes ("Likes X", "Aime X", "喜欢X",
"Suka X") or with a name for the user ("The user…", "L'utilisateur…", "用户…",
"Pengguna…"); both are about the user. ``parse(text, names)`` returns

    Parsed(subject="none" | "user" | "relation" | "assistant" | "character" |
                   "setting" | "other",
           clauses=[Clause, ...], user_clauses=[Clause, ...], mentions_user=bool)

``relation`` is someone of the user's ("The user's tenant", "Sa femme",
"用户的妹妹", "Isteri pengguna"): a legitimate user memory. ``other`` is a named
third party ("Liam paid the rent late"): kept, the multilingual suite is full of
them. Only the first clause's subject is parsed; later clauses about a new
person ("…, but his wife can't stand spice") are left out of ``user_clauses``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from souvenir.lexical import lexicon as lx
from souvenir.write.filters._clauses import Clause, clauses
from souvenir.lexical.tagged import fold, key_of, strip_accents

_ASSISTANT = re.compile(
    r"^(?:the |an? |l'|le |la )?(?:assistant|assistante|bot|chatbot|robot|ai|ia|a\.i\.|narrator|narrateur|"
    r"npc|support agent|agent|conseill[eè]re?|pembantu|ejen|chatgpt)\b"
    r"|^(?:助手|助理|机器人|客服|人工智能|小助手|旁白)"
)
_CHARACTER = re.compile(r"^(?:the |le |la |l')?(?:character|personnage|watak)\b|^角色")
_SETTING = re.compile(
    r"^(?:the |le |la |l')?(?:story|scene|setting|plot|narrative|roleplay|role-play|histoire|sc[eè]ne|d[ée]cor|"
    r"r[ée]cit|intrigue|univers|cerita|babak|latar)\b|^(?:故事|场景|剧情|情节|世界观)"
)
_USER_ANYWHERE = re.compile(r"\b(?:user|utilisat(?:eur|rice)|pengguna|customer|client|pelanggan)\b|用户|客户|顾客")
_ROLE_TAG = re.compile(
    r"^[^\S\n]*[\(\[（【]\s*(?:as|playing|en tant que|en|comme|incarnant|sebagai|作为|扮演)\s*([^\)\]）】]{1,40})[\)\]）】]"
    r"|^[^\S\n]*\*{0,2}([A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2})\*{0,2}\s*[:：]"
    r"|^[^\S\n]*\*([A-Z][\w'-]+)\s",
    re.MULTILINE,
)
_NAME_STOP = frozenset({"captain", "capitaine", "the", "le", "la", "mr", "mrs", "ms", "dr", "lady", "lord", "sir"})


@dataclass(frozen=True, slots=True)
class Parsed:
    subject: str
    clauses: list[Clause]
    user_clauses: list[Clause]
    mentions_user: bool


def character_names(reply: str | None, known: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Names the assistant plays: given by the caller, or announced in the reply.

    ``"(as Captain Mira) Never."`` -> ``("captain mira", "mira")``; ``"Mira: Never."``
    -> ``("mira",)``. Returned as keys (folded, accent-free), full name first, then
    each distinctive word of it (titles left out).
    """
    found: list[str] = [key_of(n) for n in known if n.strip()]
    for match in _ROLE_TAG.finditer(reply or ""):
        name = next(g for g in match.groups() if g)
        found.append(key_of(name.strip()))
    out: list[str] = []
    for name in found:
        for part in [name, *name.split()]:
            if len(part) >= 3 and part not in _NAME_STOP and part not in out:
                out.append(part)
    return tuple(out)


def parse(text: str, names: tuple[str, ...] = ()) -> Parsed:
    """Parse a candidate's subject (see the module docstring)."""
    folded = fold(text).strip()
    plain = strip_accents(folded)
    parts = clauses(text)
    mentions_user = bool(_USER_ANYWHERE.search(folded))
    subject = _subject(plain, parts, names)
    if subject in ("none", "user"):
        user_clauses = [parts[0]] if parts else []
        for clause in parts[1:]:
            if clause.person in ("third", "second"):
                continue
            user_clauses.append(clause)
    else:
        user_clauses = []
    return Parsed(subject, parts, user_clauses, mentions_user)


def _subject(plain: str, parts: list[Clause], names: tuple[str, ...]) -> str:
    head = plain[:60]
    for name in names:
        if head.startswith(name + " ") or head.startswith(name + "'") or head == name:
            return "character"
    if _CHARACTER.match(head):
        return "character"
    if _ASSISTANT.match(head):
        return "assistant"
    if _SETTING.match(head):
        return "setting"
    if not parts:
        return "none"
    first = parts[0]
    tokens = [tok for tok in first.tokens if tok.role != "comma"]
    for pos, tok in enumerate(tokens[:4]):
        if tok.role == "user" or (tok.cjk and tok.key.startswith(lx.ZH_USER_MARKERS)):
            nxt = tokens[pos + 1].key if pos + 1 < len(tokens) else ""
            if nxt in ("'s", "的") or (tok.cjk and tok.key.rstrip("的") not in lx.ZH_USER_MARKERS):
                return "relation"
            if nxt in lx.ZH_RELATIONS:
                return "relation"
            if pos == 0 or all(t.key in ("the", "le", "la", "l'", "this", "ce", "cet") for t in tokens[:pos]):
                return "user"
            return "relation"  # "Anak perempuan pengguna", "La femme de l'utilisateur"
    if first.person == "first":
        return "user"
    if first.person == "third":
        subject_keys = {tok.key for tok in first.subject_toks}
        if subject_keys & lx.RELATIONS or any(k.endswith("nya") for k in subject_keys):
            return "relation"
        if any(tok.cjk for tok in first.subject_toks):
            if any(k.startswith(lx.ZH_RELATIONS) or k[1:] in lx.ZH_RELATIONS for k in subject_keys):
                return "relation"
            return "none"  # 他 / 她: the user, written in the third person
        if subject_keys <= lx.THIRD_PERSON:
            return "none"  # "He drinks his coffee black": the user
        return "other"
    return "none"
