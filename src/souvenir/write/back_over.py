"""A return over an unkeyed move away (pure; issue #26, session 19): "Works in the Birmingham office" →
"Switched to working from home full time" → "Back in the Birmingham office four days a week"; 在药店当药剂师
→ 辞职去做自媒体了 → 重新回药店上班了.

``admission._back_to`` reads a return when the move away gives a keyed value another value; a move away
no pattern keys (working from home, 自媒体) stayed active beside the return. Read here by parts:

* the new wording says a return (:func:`~souvenir.lexical.resumption.back_again`: back, 重新 / 回,
  « de retour », "balik");
* an older memory holds what it returns to: the same keyed value (:func:`user_keys`) or two content
  words of its own said again (Birmingham, office);
* a memory between the two opens on a verb of moving away (switched, moved, quit, left; « est passé(e) »,
  « a quitté »; 辞职 / 跳槽 / 转行 / 换 / 改 / 调到; "tukar", "berhenti") and is about the same thing: a content
  word of the older memory or of the return (works / working), or a change of job (辞职, quit, « a
  démissionné », "letak jawatan") when the older memory keys a job.

Then the older memory holds again with the new wording and the memories between move to history.

The older memory may already be in history: the move away superseded it ("Works in the Birmingham office"
→ "Switched to working from home full time", keyed or not). ``history`` is then read too, bounded: the
memories superseded by one of the active moves away (:func:`away_ids`, the store's ``superseded_by_any``,
at most 16 moves and 32 memories). A base found there is not revived: the new wording supersedes the moves.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timezone

from souvenir.lexical.keyed import user_keys
from souvenir.lexical.proposition import stems
from souvenir.lexical.referents import lead_relative
from souvenir.lexical.resumption import back_again
from souvenir.ground.types import Memory
from souvenir.write.back_frame import other_value
from souvenir.write.dedup import fingerprint

__all__ = ["away_ids", "return_over"]

_AWAY = re.compile(
    r"^\s*(?:(?:has\s+|have\s+|just\s+|now\s+)?(?:switched|moved|changed|went|gone|quit|left|resigned|relocated|transferred)\b"
    r"|(?:est\s+passée?|a\s+(?:quitté|démissionné|changé|déménagé)|est\s+partie?|s'est\s+(?:mise?|lancée?)\s+(?:à|dans))\b"
    r"|(?:(?:dah|sudah|telah)\s+)?(?:tukar|bertukar|pindah|berpindah|berhenti|beralih|letak\s+jawatan)\b"
    r"|(?:我)?(?:已经)?(?:辞职|离职|跳槽|转行|换了?|改|搬|去|调到|调去)"
    r"|[\u4e00-\u9fff]{1,4}?(?:已经|也)?(?:换成|换到|换了|改成|改用|转到|搬到))",  # 宽带换成了广电: a topic first
    re.I,
)
#: A change of job: a move away from a keyed job whatever its words.
_JOB_AWAY = re.compile(
    r"\b(?:quit|resigned|left\s+(?:my|the)\s+job|démissionné|letak\s+jawatan|berhenti\s+kerja)\b|辞职|离职|跳槽|转行"
    r"|^(?:我)?(?:已经)?(?:换到|调到|调去|转到)",
    re.I,
)
#: A move away to another activity ("Switched to tutoring online", « Est passée au soutien scolaire », 改做线上家教了,
#: "Tukar jadi tutor online"), and a return to an activity ("Back teaching maths", « Enseigne de nouveau »,
#: 又回中学教数学了, "Dah balik mengajar"): the activity left is the one returned to, whatever the middle's words.
_TO_DOING = re.compile(
    r"^\s*(?:(?:has\s+|have\s+|just\s+|now\s+)?(?:switched|moved|changed|went|gone)\s+(?:over\s+)?to\s+[^\W\d_]+ing\b"
    r"|(?:est\s+passée?|s'est\s+(?:mise?|lancée?))\s+(?:à\s+la\s+|à\s+l'|au\s+|aux\s+|à\s+|dans\s+)"
    r"|(?:(?:dah|sudah|telah)\s+)?(?:tukar|bertukar|beralih)\s+(?:jadi|ke|kepada|menjadi)\s"
    r"|(?:我)?(?:已经)?(?:改做|改当|转做|转去做|改去|转行做|改行做))",
    re.I,
)
_BACK_DOING = re.compile(
    r"\bback\s+[^\W\d_]+ing\b|\b(?:de\s+nouveau|à\s+nouveau)\b|\b(?:balik|kembali)\s+(?:me|ber)[^\W\d_]+"
    r"|(?:又回|重新回|回到)[\u4e00-\u9fff]{1,4}?(?:教|做|当|带|开|上)",
    re.I,
)
#: A way of working the activity switched to says (online, freelance, tutoring, 线上, 家教, "dalam talian"): the move is
#: a change of work, not a pastime ("Switched to running in the mornings" is no move away from teaching).
_WORK_MODE = re.compile(
    r"\b(?:online|remote(?:ly)?|freelanc\w*|from\s+home|part[- ]time|full[- ]time|contract\w*|tutor\w*|consult\w*"
    r"|self[- ]employed|en\s+ligne|à\s+distance|télétravail|indépendante?|soutien\s+scolaire|cours\s+particuliers"
    r"|mi-temps|temps\s+plein|dalam\s+talian|separuh\s+masa|sepenuh\s+masa|dari\s+rumah|kerja\s+sendiri|sambilan)\b"
    r"|线上|网上|远程|兼职|全职|自由职业|家教|在家|网课|自媒体",
    re.I,
)
_JOB_KEYS = ("occupation", "employer", "work")
#: The return is to a job (又回银行上班了, "back at work", « reprend le travail », "balik kerja").
_AT_WORK = re.compile(r"上班|工作|\b(?:works?|working|job|travail|travaille|bekerja|kerja)\b", re.I)
#: The place a return names right after its mark (又回银行上班, "back at the Leeds office", « de retour chez
#: Renault », "balik kerja di Petronas"): one Latin word (an article and a town skipped) or two Chinese characters.
_RETURNED_TO = re.compile(
    r"(?:back\s+(?:in|at|to|on|into)|returned\s+to|retour\s+(?:à|au|chez|en)|(?:retournée?|revenue?)\s+(?:à|au|chez)"
    r"|balik\s+(?:ke|kerja\s+(?:di|kat)|di|kat)|kembali\s+(?:ke|bekerja\s+di|di)"
    # a few words of the frame between the mark and the place ("Back with HSBC", "balik isi minyak di Petron",
    # « revenue faire ses courses chez Carrefour »)
    r"|(?:back|returned|retour|retournée?|revenue?|balik|kembali)\s+(?:[^\W\d_]+\s+){0,3}?"
    r"(?:with|at|to|in|chez|à|au|di|ke|kat|dengan|guna|pakai))\s+(?:the\s+|le\s+|la\s+|l')?"
    r"(?P<w>[^\W\d_]{3,})"
    r"|(?:又回|重新回|回到|又回到|搬回|调回|换回|改回|转回|切回|用回)(?:了)?(?:用)?(?P<h>[\u4e00-\u9fff]{2})",
    re.I,
)
#: The place before a return mark said last ("Dah guna Celcom balik", "pakai Maxis semula", "with Monzo again").
_RETURNED_AFTER = re.compile(
    r"\b(?:guna|pakai|dengan|di|ke|kat|with|at)\s+(?P<w>[^\W\d_]{3,})\s+(?:balik|semula|again)\b", re.I
)


#: "Back" in idioms that return to no value: "back in touch", "back on track", "back to normal".
_IDIOM = re.compile(
    r"\bback\s+(?:in\s+touch|on\s+track|to\s+normal|in\s+shape|on\s+(?:my|his|her|their)\s+feet|to\s+square\s+one"
    r"|at\s+it|to\s+(?:sleep|bed))\b",
    re.I,
)


#: A return said by "back" and the activity's gerund, opening the text ("Back teaching maths at Hillside"); not
#: the body's back ("Back aching again" says "again" anyway).
_BACK_GERUND = re.compile(
    r"^\s*(?:(?:i'm|i\s+am|am|is|now|just)\s+)*back\s+(?!aching|hurting|killing|playing\s+up)[^\W\d_]+ing\b", re.I
)


def _returns(text: str) -> bool:
    """Whether ``text`` says a return (:func:`back_again`, or ``_BACK_GERUND``)."""
    return back_again(text) or _BACK_GERUND.match(text) is not None


def _holds(text: str, place: str) -> bool:
    """Whether ``text`` names ``place`` as a word (Latin: not "touch" inside "touching"; Han: as written)."""
    if re.search(r"[\u4e00-\u9fff]", place):
        return place in text
    return re.search(rf"\b{re.escape(place)}\b", text, re.I) is not None


def _dated(memory: Memory) -> datetime:
    return memory.updated_at or memory.created_at or datetime.min.replace(tzinfo=timezone.utc)


def away_ids(text: str, pool: Sequence[Memory]) -> tuple[int, ...]:
    """Ids of the newest 16 memories of ``pool`` that open on a move away, when ``text`` says a return
    (else none): what superseded a value the return may go back to."""
    if not _returns(text) or lead_relative(text) is not None:
        return ()
    moves = [m for m in pool if m.status == "active" and lead_relative(m.text) is None and _AWAY.match(m.text)]
    return tuple(m.id for m in sorted(moves, key=_dated, reverse=True)[:16])


def return_over(
    text: str, pool: Sequence[Memory], said_at: datetime, history: Sequence[tuple[Memory, int]] = ()
) -> tuple[Memory, tuple[int, ...]] | None:
    """``(older memory, ids of the memories between)`` when ``text`` returns over a move away (module
    docstring), else ``None``. ``pool``: the user's comparable active memories; ``said_at``: when ``text``
    was said (a memory dated after it is never retired); ``history``: ``(superseded memory, the id that
    superseded it)`` comparable with ``text``, read when no active memory is the older one (the older
    memory returned is then a superseded one; the move that superseded it is one of the moves between,
    whatever its words: « Est passée en télétravail » superseded « Travaille au bureau de Lyon »)."""
    if not _returns(text) or lead_relative(text) is not None or _IDIOM.search(text):
        return None
    found = _return_over(text, pool, pool, said_at, {})
    if found is None and history:
        bases = [m for m, _ in history if m.status == "superseded"]
        found = _return_over(text, bases, pool, said_at, {m.id: by for m, by in history})
    return found


def _return_over(
    text: str, bases: Sequence[Memory], pool: Sequence[Memory], said_at: datetime, superseded_by: dict[int, int]
) -> tuple[Memory, tuple[int, ...]] | None:
    keys = user_keys(text)
    new_words = stems(fingerprint(text).words)
    to = _RETURNED_TO.search(text) or _RETURNED_AFTER.search(text)
    place = (to.groupdict().get("w") or to.groupdict().get("h") or "").casefold() if to else ""
    older = []
    for memory in bases:
        if lead_relative(memory.text) is not None or _AWAY.match(memory.text):
            continue
        theirs = user_keys(memory.text)
        same_key = any(theirs.get(key) is not None and theirs.get(key) == value for key, value in keys.values)
        shared = stems(fingerprint(memory.text).words) & new_words
        if place and not _holds(memory.text, place) and not same_key:
            continue  # the return names its place: « Est revenue à Carrefour » goes back to Carrefour only
        if same_key or len(shared) >= 2 or (place and shared and place in memory.text.casefold()):
            older.append(memory)
    if not older:
        return None
    base = max(older, key=_dated)
    base_words = stems(fingerprint(base.text).words)
    job = any(user_keys(base.text).get(key) is not None for key in _JOB_KEYS) or bool(_AT_WORK.search(text))
    middles = tuple(
        m.id
        for m in pool
        if m.id != base.id
        and _dated(base) < _dated(m) <= said_at
        and lead_relative(m.text) is None
        and (
            (
                _AWAY.match(m.text) is not None
                and (
                    superseded_by.get(base.id) == m.id
                    or bool(stems(fingerprint(m.text).words) & (base_words | new_words))
                    or bool(job and _JOB_AWAY.search(m.text))
                    or bool(_TO_DOING.match(m.text) and _WORK_MODE.search(m.text) and _BACK_DOING.search(text))
                )
            )
            or other_value(base.text, m.text, place, text)
        )
    )
    return (base, middles) if middles else None
