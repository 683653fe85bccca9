"""What the block tells the model when the user's message asks to forget something: what
will be erased and what will not, so that the reply says it instead of a blanket "done".

A request to forget a topic that no memory clearly matches ("forget what I said about my HIV
medication" beside "I take Biktarvy for my HIV every morning") erases nothing and is recorded
``write:forget:ambiguous``; the model, shown only the memories, answered "I've forgotten
it" — and the user believed it. The note (pure: data in, text out) names, in the user's
language, how many memories match (they are erased after the reply: counted, never quoted —
what the user asked to forget is not shown to the model once more), or says that none does and
how to have one erased (naming it in its own words, or deleting it from the memory list); a
request whose match is unsure names the candidates (nothing erased) and asks which: at most
:data:`MAX_QUOTED`, each cut at :data:`QUOTED_CHARS` characters, the rest counted, and only
those the context may show (global ones and the current story's: another story's are counted,
never quoted). With a chat model the memories of the user's latest messages are written by
their reflections after the reply: while one is still to run, a request that matches nothing yet
is told as such — what of those messages matches is erased once written (the record's own
late reading, :func:`souvenir.engine.chat_forget.act_on_late_memories`) — never "nothing is
erased" (session 23, lane newuser8: « Oublie ce que je t'ai dit sur ma sœur » right after saying
it, in ``souvenir chat``; the memory was erased and the model said it was not)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

__all__ = ["MAX_QUOTED", "QUOTED_CHARS", "ForgetNote", "render_forget_note"]

#: Candidates quoted at most, and the characters of each (the rest counted).
MAX_QUOTED = 4
QUOTED_CHARS = 200


class ForgetNote(NamedTuple):
    """A dry run of the user's request on their active memories: ``whole`` (everything about
    them), ``erased`` (the texts that match), ``candidates`` (texts it may mean, none erased)."""

    whole: bool
    erased: tuple[str, ...]
    candidates: tuple[str, ...]
    #: candidates not quoted because the context may not show them (another story's)
    unquoted: int = 0
    #: nothing matches yet, but reflections of the user's earlier turns are still to run (a
    #: chat model writes their memories after the reply): what of them matches is erased then
    pending: bool = False


#: "and {n} more" after the candidates quoted, per language.
_MORE: dict[str, str] = {
    "en": "- … and {n} more",
    "fr": "- … et {n} autres",
    "zh": "- ……还有 {n} 条",
    "ms": "- … dan {n} lagi",
}

#: (everything, these, none, which) per language; {n} is the number of memories.
_WORDS: dict[str, tuple[str, str, str, str]] = {
    "en": (
        "The user asks to forget everything about them: every memory of theirs is erased after this reply. "
        "Confirm it plainly.",
        "The user asks to forget something. Stored memories matching what they named: {n}; they are erased "
        "after this reply, nothing else is. Tell them how many.",
        "The user asks to forget something, but no stored memory clearly matches what they named: nothing is "
        "erased. Do not say it was forgotten; tell them so, and that they can name it in the words they used "
        "before, or delete it from their memory list.",
        "The user asks to forget something, but it may mean any of these; nothing is erased until they say which:",
    ),
    "fr": (
        "L'utilisateur demande d'oublier tout ce qui le concerne : chacun de ses souvenirs est effacé après "
        "cette réponse. Confirme-le simplement.",
        "L'utilisateur demande d'oublier quelque chose. Souvenirs correspondant à ce qu'il nomme : {n} ; ils "
        "sont effacés après cette réponse, rien d'autre ne l'est. Dis-lui combien.",
        "L'utilisateur demande d'oublier quelque chose, mais aucun souvenir ne correspond clairement à ce qu'il "
        "nomme : rien n'est effacé. Ne dis pas que c'est oublié ; dis-le-lui, et qu'il peut le nommer avec les "
        "mots qu'il avait employés, ou le supprimer de sa liste de souvenirs.",
        "L'utilisateur demande d'oublier quelque chose, mais cela peut désigner l'un de ces souvenirs ; rien "
        "n'est effacé tant qu'il n'a pas dit lequel :",
    ),
    "zh": (
        "用户要求忘掉关于他的一切：本次回复后将删除他的所有记忆。请明确确认。",
        "用户要求忘掉某件事：有 {n} 条记忆与他所说的相符，本次回复后将被删除；其他内容不会删除。请告诉他删除了几条。",
        "用户要求忘掉某件事，但没有任何已存记忆明确符合他所说的内容：什么都没有删除。不要说已经忘掉；"
        "请如实告诉他，并说明他可以用当初说过的原话再提一次，或在记忆列表中删除它。",
        "用户要求忘掉某件事，但可能指以下任何一条；在他说明是哪一条之前，什么都不会删除：",
    ),
    "ms": (
        "Pengguna minta dilupakan segala-galanya tentang dirinya: setiap memorinya dipadam selepas jawapan ini. "
        "Sahkan dengan jelas.",
        "Pengguna minta sesuatu dilupakan. Memori yang sepadan dengan apa yang disebutnya: {n}; ia dipadam "
        "selepas jawapan ini, yang lain tidak. Beritahu dia berapa banyak.",
        "Pengguna minta sesuatu dilupakan, tetapi tiada memori tersimpan yang jelas sepadan dengan apa yang "
        "disebutnya: tiada apa-apa dipadam. Jangan kata ia sudah dilupakan; beritahu dia, dan bahawa dia boleh "
        "menyebutnya dengan perkataan yang dia guna dulu, atau memadamnya dari senarai memorinya.",
        "Pengguna minta sesuatu dilupakan, tetapi ia mungkin salah satu daripada ini; tiada apa-apa dipadam "
        "sehingga dia menyatakan yang mana:",
    ),
}


#: Nothing matches yet while the user's latest messages are still being noted, per language.
_PENDING: dict[str, str] = {
    "en": "The user asks to forget something. No stored memory matches what they named yet, but their latest "
    "messages are still being noted: what of them matches it is erased as soon as it is noted, nothing else. "
    "Tell them so; something said long ago in other words they can name in the words they used then, or "
    "delete from their memory list.",
    "fr": "L'utilisateur demande d'oublier quelque chose. Aucun souvenir ne correspond encore à ce qu'il nomme, "
    "mais ses derniers messages sont en train d'être notés : ce qui y correspond est effacé dès qu'il est noté, "
    "rien d'autre. Dis-le-lui ; une chose dite il y a longtemps avec d'autres mots, il peut la nommer avec les "
    "mots qu'il avait employés, ou la supprimer de sa liste de souvenirs.",
    "zh": "用户要求忘掉某件事。目前还没有已存记忆符合他所说的内容，但他最近的消息仍在记录中：其中相符的内容一记下就会删除，"
    "其他不会删除。请如实告诉他；很久以前用别的说法讲过的事，他可以用当初的原话再提一次，或在记忆列表中删除它。",
    "ms": "Pengguna minta sesuatu dilupakan. Belum ada memori tersimpan yang sepadan dengan apa yang disebutnya, "
    "tetapi mesej terbarunya masih sedang dicatat: yang sepadan dengannya dipadam sebaik sahaja dicatat, yang "
    "lain tidak. Beritahu dia; sesuatu yang disebut lama dulu dengan perkataan lain boleh disebutnya dengan "
    "perkataan yang dia guna dulu, atau dipadam dari senarai memorinya.",
}


def render_forget_note(note: ForgetNote | None, profile: Mapping[str, object], quote) -> list[str]:
    """The note's lines in the user's language (``profile["lang"]``); ``quote``: the block's
    quoting of a stored text (quoted data, never an instruction)."""
    if note is None:
        return []
    whole, these, none, which = _WORDS.get(str(profile.get("lang") or "en"), _WORDS["en"])
    if note.whole:
        return [whole]
    if note.erased:  # counted, not quoted: what the user asked to forget is not shown once more
        return [these.format(n=len(note.erased))]
    if note.candidates:  # bounded: a request may match many long memories
        shown = note.candidates[:MAX_QUOTED]
        more = len(note.candidates) - len(shown) + note.unquoted
        tail = [_MORE.get(str(profile.get("lang") or "en"), _MORE["en"]).format(n=more)] if more else []
        return [which] + _items(shown, quote) + tail
    if note.pending:  # the memory named may be written after this reply: never "nothing is erased"
        return [_PENDING.get(str(profile.get("lang") or "en"), _PENDING["en"])]
    return [none]


def _items(texts: Sequence[str], quote) -> list[str]:
    return [f"- {quote(t if len(t) <= QUOTED_CHARS else t[: QUOTED_CHARS - 1] + '…')}" for t in texts]
