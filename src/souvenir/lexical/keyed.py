"""Keyed values about the user in a memory text: where they live, who employs them… (pure).

Issue #3, item 4: "When a newer memory contradicts an older one about the same thing
(the polarity flips, or a keyed value changes: city, employer, delivery address), the
new one becomes active and the old one is superseded." This module reads the keyed
values; ``admission.decide`` compares them.

Keys (``KEYS``)::

    home.city / home.region / home.country   "Lives in Ipoh", "Habite en Bretagne",
                                             "Moved to Malaysia", 住在吉隆坡, "Tinggal di Ipoh"
    home.address       "Lives at 12 Jalan Ampang", "Habite au 3 rue des Lilas", 住址是…
    employer           "Works at Petronas", "Travaille chez Airbus", 在马来亚银行工作,
                       "Bekerja di Maybank"
    occupation         "Works as a nurse", "Travaille comme infirmière", 是一名护士,
                       "Bekerja sebagai jururawat"
    delivery.address   "Delivery address is …", "Wants deliveries sent to …",
                       "Adresse de livraison : …", 收货地址改为…, "Alamat penghantaran: …"
    phone / email      "Phone number is …", "Numéro de téléphone : …", 手机号是…, "Emel: …"
    name               "My name is …", "S'appelle …", 名字是…, "Nama saya …"
    name.preferred     "Goes by …", "Se fait appeler …", "Dipanggil …"
    favourite:X / preferred:X / usual:X   a single-valued attribute named by the text
                       ("Favourite colour is red", "Plat préféré : …", 最喜欢的颜色是…,
                       "Warna kegemaran …"; ``attributes.py``)

A value of someone named as the subject ("Bob lives in Lyon") is keyed for that person
(``home.city@bob``), or for the user when the name is one of the user's (``names``).

Precision over recall (seed 000, « Deux erreurs n'ont jamais le même prix »: a wrongly
superseded memory is an erased fact, a missed key only leaves a stale fact beside the
new one). Hence:

* **Anchored.** A key is read only at the start of a clause, after an optional user
  subject ("The user", "L'utilisateur", 用户, "Pengguna", "I", "Je", 我, "Saya") and
  time adverbs ("now", "désormais", 现在, "kini"). "Sister lives in Ipoh", "Son frère
  habite à Lyon", 他妹妹住在怡保, "Kakak tinggal di Ipoh" have no key (a relative's
  value is not kept under any key: the clause is simply not keyed), nor has "Wants to
  move to Penang", "Doesn't live in Ipoh any more" or "Travels to Penang often".
* **Present state only.** Past and planned forms are not patterns ("Lived in",
  "Habitait", "Is moving to", "Va déménager"), and a clause carrying a marker of a past,
  planned or temporary state has no key ("…as a child", "used to", "until", "next
  month", "autrefois", "quand il était…", "dulu", "pernah", "semasa kecil", 以前,
  小时候, 打算, "this week", "on holiday").
* **A change, not an addition.** A second job or a short stay is not a correction:
  "Also works at Shell", "Works at Shell part-time", 也住在…, "based in Penang for two
  weeks", "on weekends", "Moved to the Penang office", "Tinggal di Hotel Seri Malaysia"
  have no key; nor has "Works as a volunteer".
* **Distinct keys.** "Lives in Ipoh" (home.city) and "Works in Ipoh" (no key: "in" a
  town is not an employer) never meet; "Lives in Malaysia" (country) and "Lives in Ipoh"
  (city) are both true. Malay "di" and Chinese 在 say both "at" and "in": a place is
  refused as an employer (``keydata.CITIES`` and prefixes), and 在X工作 needs X to end
  like an organisation (银行, 公司, 医院).
* **Proper names.** A town, an employer or a name is a run of capitalised words (a
  Latin script has no other cue): "Moved to a new flat" has no key.
* **One subject per sentence.** A clause after "and" / a comma / "，" keeps the
  user as subject only when the sentence started with the user (a key, "The user…",
  or a bare verb) and not with a relative ("Has a sister, lives in Ipoh" / 有个妹妹，
  住在怡保: no key). "His / her / son / sa" are read as the user's only in the first
  clause of the text, and never for a name ("Her name is Shadow!" was a dog, in the
  LoCoMo dialogues; "Has a daughter. Her phone number is …" gives no phone).
* **Ambiguous = no key.** Two values in one clause ("Lives in Ipoh and Penang") or two
  different values for one key in one text give no key.

``UserKeys.complete`` says that every clause of the text gave a key, with at most a
short modifier after the value ("with her husband", "since 2020", ", Perak"). Only a
complete memory can be superseded by a keyed correction: "Lives in Ipoh and has two
cats" keeps the cats active even when the user moves (the stale city stays beside
the new one — the cheaper error). The cost on the other side: a short modifier of the
old state ("…with her husband") goes to history with it.

:func:`same_value`: one word set inside the other is the same value ("Ipoh" / "Ipoh,
Perak"); phones by digits. "KL" / "Kuala Lumpur" differ: the newer one supersedes, no loss.

Known misses (the cheap side): a move told in a sentence that starts with a time
("两年前搬到怡保", "In 2023 moved to Penang"), "Joined Shell" (a club as often as an
employer), a pronoun subject ("She lives in Ipoh"), 在X工作 with an employer that has no
organisation suffix (在谷歌工作), a country missing from ``keydata`` (read as a town).
Cost: about 0.1–0.2 ms a text (LoCoMo utterances, the shared suite), cached.
"""

from __future__ import annotations

import re

from souvenir.lexical.cache_size import TEXT_CACHE
from typing import NamedTuple

from souvenir.lexical import keydata as D
from souvenir.lexical.attributes import named_subject, owned
from souvenir.lexical.keychildren import CHILD_PAIRS, birth_head
from souvenir.lexical.keycounts import counterpart_head
from souvenir.lexical.keyowned_age import age_only, owned_ages
from souvenir.lexical.keyraise import RAISE, raise_only, raised_salary
from souvenir.lexical.keytimes import untimed_move
from souvenir.lexical.quantity_reader import attribute_free, read_quantity, someone, year_free
from souvenir.lexical.keycompare import KEYS, UserKeys, changed_keys, measured, outdates, same_value
from souvenir.lexical.keypatterns import ADVERBS, ALSO, ALSO_OPENING, MARKERS, PATTERNS, SUBJECT
from souvenir.lexical.normalize import nfkc_fold, normalize
from souvenir.lexical.tokens import content_words, tokenize
from souvenir.lexical.vocab import NEGATORS
from souvenir.lexical.keyed_values import (
    _CONJUNCTION,
    _CUT,
    _HAN_RUN,
    _MULTI,
    _ORG_LINKS,
    _SENTENCE_END,
    _SPACES,
    _cap_run,
    _occupation,
    _org_ok,
    _read,
    fold,
)
from souvenir.lexical.text_cache import text_cache

__all__ = [
    "KEYS",
    "UserKeys",
    "user_keys",
    "subject_names",
    "same_value",
    "changed_keys",
    "outdates",
    "fold",
    "changed_from",
    "says_only",
    "says_trade",
]


# --------------------------------------------------------------------------- clauses


class _Clause(NamedTuple):
    values: tuple[tuple[str, str], ...]
    subject: str | None  # "user", "first", "third" or None
    light: bool  # nothing after the value but a short modifier
    opens_bare: bool  # starts with a bare verb (a subject-less note)
    relation: bool  # names a relative
    owner: str | None = None  # the person named as subject ("Bob lives in…"), None: the user


_SECONDARY = (
    (
        "employer",
        re.compile(r"\s*,?\s*(?:(?:as|comme|en\s+tant\s+que|sebagai)\s+|en\s+tant\s+qu')", re.I),
        "occupation",
    ),
    ("occupation", re.compile(r"\s*,?\s*(?:at|for|chez|pour|di|dengan|kat)\s+", re.I), "employer"),
)


#: A wrong value named after a measured one (", not 1m68", « , pas 1m68 », "，不是八千", ", bukan 65 kg").
_NOT_VALUE = re.compile(
    r"^\s*[,，;]?\s*(?:(?:and\s+)?not|pas|et\s+non|bukan(?:nya)?|tak|而?不是)\s*[^\s,，.。;]*[\d一两二三四五六七八九十百千万][^\s,，.。;]*",
    re.I,
)

#: A reason after a measured value ("…because the landlord…", « car… », 因为…, "sebab si Oren beranak"):
#: it does not qualify the value, and its words are not the value's markers.
_REASON = re.compile(
    r"^\s*[,，]?\s*(?:because|'cause|cos|car|parce\s+qu|puisqu|sebab|kerana|karena|因为|由于)\b.*$", re.I | re.S
)


#: « ne pèse plus que 68 kilos »: "no more than" is "only", no negation.
_ONLY = re.compile(r"\bn(?:e\s+|')(?=\S+\s+plus\s+qu(?:e\b|'))|\bplus\s+qu(?:e\b|')", re.I)


def _secondary(values: list[tuple[str, str]], tail: str) -> tuple[list[tuple[str, str]], str]:
    """ "Works at Petronas as an engineer": the occupation after the employer (and back)."""
    for primary, link, key in _SECONDARY:
        if len(values) != 1 or values[0][0] != primary:
            continue
        m = link.match(tail)
        if not m:
            continue
        rest = tail[m.end() :]
        got = _occupation(rest) if key == "occupation" else _cap_run(rest, _ORG_LINKS)
        if got and (key == "occupation" or _org_ok(got[0])):
            return values + [(key, got[0])], rest[got[1] :]
    return values, tail


def _light(tail: str) -> bool:
    tail = tail.strip(" ,.;:")
    return not tail or (not _CONJUNCTION.search(tail) and len(content_words(normalize(tail))) <= 3)


def _negated(text: str) -> bool:
    return any(t in NEGATORS for t in tokenize(normalize(text)))


def _multiple(tail: str) -> bool:
    m = _MULTI.match(tail)
    if not m or m.end() >= len(tail):
        return False
    nxt = tail[m.end()]
    return nxt.isupper() or bool(_HAN_RUN.match(nxt))


def _relation(clause: str) -> bool:
    words = set(fold(re.sub(r"[^\w'\s-]", " ", clause)).split())
    return bool(words & D.RELATIONS) or any(r in clause for r in D.ZH_RELATIONS)


def _after_adverbs(text: str, pos: int) -> int:
    """Where the adverbs at ``pos`` end (``pos`` when there are none)."""
    m = ADVERBS.match(text, pos)
    return m.end() if m else pos


def _opening(clause: str, names: frozenset[str] = frozenset()) -> tuple[str | None, int, str | None]:
    """(subject, where the predicate starts, owner): a named subject is ``"named"`` with its
    name as owner, or ``"user"`` when the name is one of the user's ``names``. Time adverbs
    may come before the subject too ("Now I live in Lyon", "Sekarang saya tinggal di
    Paris", "Maintenant j'habite à Lyon", 现在我住在深圳)."""
    subject, pos, named = _opening_read(clause)
    if named is not None:
        return ("user", named[1], None) if named[0] in names else ("named", named[1], named[0])
    return subject, pos, None


def _opening_read(clause: str) -> tuple[str | None, int, tuple[str, int] | None]:
    """:func:`_opening` before the user's names: (subject, where the predicate starts, ``(name,
    where its predicate starts)`` when a named subject opens the clause, else ``None``)."""
    lead = _after_adverbs(clause, 0)
    m = SUBJECT.match(clause, lead)
    subject = m.lastgroup if m else None
    pos = _after_adverbs(clause, m.end() if m else lead)
    named = named_subject(clause) if m is None else None  # its cheap test first (the patterns' scans are not)
    if named is not None and not _reads_at(clause, pos, subject):
        after = _after_adverbs(clause, named[1])
        if any(p.regex.match(clause, after) for p in PATTERNS):
            return subject, pos, (named[0], after)
    return subject, pos, None


def _reads_at(clause: str, pos: int, subject: str | None) -> bool:
    """Whether a key pattern reads a value at ``pos`` as :func:`_parse` would (a first-person
    pattern only after a first-person subject, a value read). A pattern that matches but reads
    nothing — "Bob lives in Lyon" as a trade "Bob lives" at a place, whatever the pattern's
    kind — does not stop the named subject from opening the clause: ``_parse`` would skip it."""
    for p in PATTERNS:
        m = p.regex.match(clause, pos)
        if m and not (p.first_person and subject != "first") and _read(p, m, clause) is not None:
            return True
    return False


def _bare(clause: str, pos: int) -> bool:
    if _HAN_RUN.match(clause, pos):
        return clause.startswith(D.ZH_BARE_VERBS, pos)
    word = clause[pos : pos + 64].split(" ", 1)[0]  # a verb is shorter: no need to fold a 16 KB run
    return len(word) < 64 and fold(word) in D.BARE_VERBS


def _parse(clause: str, first: bool, head: bool, names: frozenset[str] = frozenset()) -> _Clause:
    subject, pos, owner = _opening(clause, names)
    bare, relation = _bare(clause, pos), _relation(clause)
    if subject == "third":
        return _Clause((), subject, False, False, relation)
    also = ALSO_OPENING.match(clause, pos)
    if also and not head:  # "…and also works at Maybank": one more fact, not a second job
        pos = _after_adverbs(clause, also.end())
    for pat in PATTERNS:
        m = pat.regex.match(clause, pos)
        if not m or (pat.first_person and subject != "first"):
            continue
        possessive = m.groupdict().get("poss") or m.groupdict().get("poss_zh")
        if possessive and (not first or pat.key.startswith("name")):
            continue  # "Her name is Shadow!" names the dog far more often than the user
        got = _read(pat, m, clause)
        if got is None:
            continue
        values, start, end = got
        if measured(values[0][0]) and someone(values[0][1]):
            break  # "Berat suami 80 kg": the husband's weight
        # Markers are read outside the value ("Jalan Bakal" is a street), except in a
        # free-text address ("Delivery address was … until March"). The opening cannot
        # hold a negator (it is anchored; "No. telefon" is a number, not a "no").
        outside = clause[start:end] if pat.kind == "address" else ""
        prefix, tail = clause[:start], clause[end:]
        if m.groupdict().get("from"):  # "went from part-time to…": the old value named is no marker of the new
            prefix = prefix.replace(m.group("from"), " ")
            tail = _CHANGED_WHEN.sub(" ", tail)  # "… this spring": when the change came, no bound of the new value
        if measured(values[0][0]):  # "Mesure 1m71, pas 1m68": the wrong value named after is no negation;
            tail = _REASON.sub("", _NOT_VALUE.sub("", tail))  # "…kucing sebab si Oren beranak": a reason
        if (
            any(MARKERS.search(part) or (head and ALSO.search(part)) for part in (prefix, tail, outside))
            or _negated(tail)
            or _multiple(tail)
        ):
            break
        values, tail = _secondary(values, tail)
        values = [(k, v) for k, v in values if v]
        return _Clause(tuple(values), subject, _light(tail), bare, relation, owner)
    else:
        measure = read_quantity(clause, pos)  # no pattern: the general (attribute, number, unit) reader
        if measure is not None:
            key, value, start, end = measure
            prefix = attribute_free(_ONLY.sub(" ", clause[:start]))
            tail = year_free(_REASON.sub("", _NOT_VALUE.sub("", clause[end:])))
            if not (MARKERS.search(prefix) or MARKERS.search(tail) or _negated(prefix) or _negated(tail)):
                return _Clause(((key, value),), subject, _light(tail), bare, relation, owner)
    return _Clause((), subject, False, bare, relation, owner)


#: When a change came ("went from X to Y this spring", « … cet automne »): the season of the change, not a
#: season that bounds the new value ("for the summer", « pour l'été » stay markers).
_CHANGED_WHEN = re.compile(
    r"\b(?:this|last)\s+(?:spring|summer|autumn|fall|winter)\b|\b(?:ce\s+printemps|cet\s+(?:été|automne|hiver))\b", re.I
)


def _starts_clause(text: str) -> bool:
    subject, pos, _ = _opening(text)
    if subject is not None:
        return True
    also = ALSO_OPENING.match(text, pos)
    if also:
        pos = _after_adverbs(text, also.end())
    return _bare(text, pos) or any(p.regex.match(text, pos) for p in PATTERNS)


def _change_across(clause: str, cut: int) -> bool:
    """Whether a change naming its old value ("from" group) opens ``clause`` and runs past ``cut``."""
    pos = _opening(clause)[1]
    return any((m := p.regex.match(clause, pos)) is not None and m.end() > cut for p in _CHANGES)


_CHANGES = tuple(p for p in PATTERNS if "from" in p.regex.groupindex)


_ZH_WRONG_TAIL = re.compile(r"[记搞说弄写填]?错了$")
_ZH_TRUE_HEAD = re.compile(r"(?:其实|实际上|应该|正确的|是)")


_PAIRS = re.compile("|".join(f"(?:{src})".replace("(?P<v>", "(?:") for src in CHILD_PAIRS), re.I)


def _clauses(sentence: str) -> list[str]:
    """Cut a sentence at commas and conjunctions that open a new clause (a subject, a
    bare verb or a key pattern after them; any comma before a Chinese character)."""
    out: list[str] = []
    start = 0
    pairs = [(p.start(), p.end()) for p in _PAIRS.finditer(sentence)]  # once a sentence: linear
    for m in _CUT.finditer(sentence):
        after = sentence[m.end() :]
        if not after or m.start() == 0:
            continue
        han = bool(_HAN_RUN.match(after))
        if _change_across(sentence[start:], m.end() - start):
            continue  # "No longer a chef, now a food photographer": one change, its comma inside
        if any(a < m.start() < b for a, b in pairs):
            continue  # "Has a son and a daughter": one count
        if han and _ZH_WRONG_TAIL.search(sentence[start : m.start()]) and _ZH_TRUE_HEAD.match(after):
            continue  # 生日记错了，其实是4月8号: the value named wrong, then the true one, one clause
        if (han and ("," in m.group() or m.group().strip())) or (not han and _starts_clause(after)):
            out.append(sentence[start : m.start()])
            start = m.end()
    out.append(sentence[start:])
    return [c.strip() for c in out if c.strip()]


def _last_word(text: str, start: int, end: int) -> str:
    """The word ending at ``end`` (read back to a space, not before ``start``): each word is
    read once (a slice of the sentence so far, searched for each abbreviation, was quadratic
    in "No. No. No. …")."""
    i = end
    while i > start and not text[i - 1].isspace():
        i -= 1
    return text[i:end]


def _sentences(text: str) -> list[tuple[str, bool]]:
    """``(sentence, is_question)``; a period after an abbreviation ("No. 12") or a single
    letter does not end a sentence."""
    out: list[tuple[str, bool]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.group().startswith("."):
            word = _last_word(text, start, m.start())
            if fold(word) in D.ABBREVIATIONS or (len(word) == 1 and word.isalpha()):
                continue
        if m.group() == ";" and _change_across(text[start:], m.end() - start):
            continue  # "No longer a nurse; now a midwife": one change, its semicolon inside
        out.append((text[start : m.start()], "?" in m.group()))
        start = m.end()
    out.append((text[start:], False))
    return [(s.strip(), q) for s, q in out if s.strip()]


#: Words that mark a correction, not a value: "Is actually 175 cm tall", « Est en réalité né le
#: 13 juin », 其实身高是一米七二, "Berat sebenarnya 65 kg" key like the same without them.
_CORRECTING = re.compile(
    r"\b(?:actually|in\s+fact|in\s+reality|en\s+fait|en\s+réalité|en\s+realite|en\s+vrai|réellement"
    r"|sebenarnya|sebetulnya)\s+|其实|实际上|事实上"
    r"|^\s*(?:oops|sorry|my\s+bad|correction|silap|salah|maaf|oups|pardon|erreur|je\s+me\s+suis\s+tromp[ée]e?|记错了|说错了"
    r"|搞错了)\s*[,，:：!！]\s*",  # "Silap, tarikh nikah sebenarnya 15 Februari": the correction's own word
    re.I,
)


#: A mark of taking up again between a verb and its place (round 15): « Travaille de nouveau chez Renault »,
#: "Bekerja semula di Petronas" key like the same without it.
_AGAIN_INSIDE = re.compile(
    r"(?<=\w)\s(?:(?:à|a|de)\s+nouveau|semula|kembali)(?=\s+(?:chez|à|au|aux|en|dans|di|ke|dengan)\s)", re.I
)


def _keyed_text(text: str) -> str:
    """``text`` as :func:`user_keys` cuts it into sentences (a correction's opening word and a time
    before a move left out, spaces collapsed)."""
    text = _AGAIN_INSIDE.sub("", _CORRECTING.sub("", untimed_move(nfkc_fold(text))))
    return _SPACES.sub(" ", text).strip()


def subject_names(text: str) -> frozenset[str]:
    """The names (folded) that open a clause of ``text`` as its subject, the only names
    :func:`user_keys` compares with the user's: ``user_keys(text, names) == user_keys(text)`` whenever
    ``names`` holds none of them (each clause's opening is read before the names are;
    ``tests/test_pool_reach.py``). Empty for a text with no capital letter (a name opens on one)."""
    folded = nfkc_fold(text)
    if not any(c.isupper() for c in folded):
        return frozenset()
    found = set()
    for sentence, _ in _sentences(_keyed_text(text)):
        for clause in _clauses(sentence):
            named = _opening_read(clause)[2]
            if named is not None:
                found.add(named[0])
    return frozenset(found)


@text_cache(TEXT_CACHE)
def user_keys(text: str, names: frozenset[str] = frozenset()) -> UserKeys:
    """The keyed values about the user in ``text`` (module docstring); a value of someone
    named as subject is keyed ``key@name`` (``attributes.py``), unless the name is one of
    the user's ``names`` (folded)."""
    found: dict[str, list[str]] = {}
    complete = True
    first = True
    raised_in, someone_said = "", False  # the last clause read that says a raise; whether one was about someone else
    for sentence, question in _sentences(_keyed_text(text)):
        ages = owned_ages(sentence)  # "My cat, who is 14, …", 我的猫，今年14岁了: the cat's age, not the user's
        for thing, age in ages if not question else ():
            found.setdefault(owned("age", thing), []).append(age)
        if ages and not question and age_only(sentence):
            continue  # "My cat is 15 now": the thing's age and nothing else, keyed whole
        head_user = head_neutral = False
        head_owner: str | None = None
        head_text = ""
        for index, clause in enumerate(_clauses(sentence)):
            parsed = _parse(clause, first, index == 0, names)
            first = False
            raised = None
            if not parsed.values and parsed.subject != "third" and not parsed.relation and not someone_said:
                raised = raised_salary(raised_in, clause)  # "Got a raise, now on 3,600 a month"
                if raised is not None:
                    parsed = parsed._replace(values=(("salary", raised),), light=True)
            if RAISE.search(clause):
                raised_in = clause
            someone_said = someone_said or parsed.subject == "third" or parsed.relation
            if index == 0:
                head_owner, head_text = parsed.owner, clause
                head_neutral = parsed.subject is None and not parsed.relation and not parsed.values
                head_user = (
                    bool(parsed.values)
                    or parsed.subject in ("user", "first", "named")
                    or (parsed.subject is None and parsed.opens_bare and not parsed.relation)
                )
            owner = parsed.owner if parsed.subject is not None else head_owner
            allowed = (
                index == 0
                or raised is not None
                or parsed.subject in ("user", "first", "named")
                or head_user
                or (head_neutral and bool(parsed.values) and all(measured(k) for k, _ in parsed.values))
                or (parsed.subject is None and counterpart_head(head_text, tuple(k for k, _ in parsed.values)))
                or (parsed.subject is None and birth_head(head_text) and all(k == "children" for k, _ in parsed.values))
            )  # 二宝出生了，现在有两个孩子: an event with no subject, then the user's measured value; 房东涨租了，…
            if parsed.values and allowed and not question:
                for key, value in parsed.values:
                    if key == "age" and any(age in value for _, age in ages):
                        complete = False  # the thing's age read above
                        continue
                    found.setdefault(owned(key, owner), []).append(value)
                complete = complete and parsed.light
            elif not (index == 0 and not parsed.values and raise_only(clause)):
                complete = False  # 涨薪了，…: a raise alone opening the text leaves it whole
    values: dict[str, str] = {}
    for key, seen in found.items():
        value = normalize(seen[0]) if key != "phone" else seen[0]
        if all(same_value(key, value, other) for other in seen[1:]):
            values[key] = value
        else:  # two values for one key in one text: no key, and not supersedable
            complete = False
    return UserKeys(tuple(sorted(values.items())), complete and bool(values))


@text_cache(4096)
def changed_from(text: str) -> tuple[str, str] | None:
    """``(key, old value)`` when ``text`` tells a change of a keyed value with its old value
    ("Switched from waiter to barista": ``("occupation", "waiter")``, 工作从会计换成了老师,
    « S'est reconverti de comptable en ébéniste », "Tukar kerja dari kerani ke jurutera"),
    else ``None``; only when the new value is keyed (:func:`user_keys`)."""
    keys = user_keys(text)
    if not keys:
        return None
    folded = _SPACES.sub(" ", nfkc_fold(text)).strip()
    _, pos, _ = _opening(folded)
    for pat in PATTERNS:
        if "from" not in pat.regex.groupindex or pat.key not in keys.keys:
            continue
        m = pat.regex.match(folded, pos)
        if m and m.group("from"):
            return pat.key, m.group("from").strip()
    return None


#: The frame of a bare statement of a trade ("Is a teacher", « Est comptable », "Seorang
#: jurujual", 在银行做柜员): words that say nothing of the value itself.
_FRAME = frozenset(
    "i i'm im am is a an the my works work working worked as job occupation profession currently now still "
    "je j' suis est un une le la travaille comme en tant que qu' metier profession actuellement toujours "
    "saya aku ialah adalah seorang bekerja kerja sebagai pekerjaan kini sekarang masih".split()
)
_ZH_FRAME = re.compile(r"我|是|当|做|在|担任|一名|一位|一个|一家|一间|公司里?|名|个|工作|职业|上班|了|的|现在|目前|还")


def says_trade(text: str, value: str) -> bool:
    """Whether a Chinese ``text`` ends with ``value`` as its trade after 做 / 当 / 担任
    (在一家游戏公司做测试 and 测试): the memory a change 从测试转成了策划 outdates."""
    if not _HAN_RUN.match(value):
        return False
    pattern = r"(?:做|当|担任|是)(?:一名|一位|一个|个)?" + re.escape(value) + r"(?:工作)?[。.!！]?$"
    return re.search(pattern, nfkc_fold(text).strip()) is not None


def says_only(text: str, value: str) -> bool:
    """Whether ``text`` names nothing but ``value`` in a bare frame ("Is a teacher" and
    "teacher", 在银行做柜员 and 银行柜员, « Est infirmière » and « infirmière »): the memory a
    change "from ``value`` to …" outdates although no pattern keys it."""
    if _HAN_RUN.search(value):
        rest = "".join(_HAN_RUN.findall(_ZH_FRAME.sub("", nfkc_fold(text))))
        if re.search(r"[A-Za-z0-9]", nfkc_fold(text)) or len(rest) < 2:
            return False
        return all(ch in value for ch in rest)
    words = set(fold(re.sub(r"[^\w'\s-]", " ", nfkc_fold(text))).split()) - _FRAME
    own = set(fold(re.sub(r"[^\w'\s-]", " ", nfkc_fold(value))).split()) - _FRAME
    return bool(words) and bool(own) and words <= own
