"""Clauses: the unit a negation or a subject applies to.

``clauses(text)`` cuts a message at sentence ends, commas, and conjunctions that
open a new clause ("but", "mais", "但是", "tapi"; "and I" / "et je"), so that in

    "I don't like Mondays, but I do like the Monday deliveries"

the "not" of the first clause never reaches "deliveries" (case A29). Inside a
clause, a relative pronoun ("that", "qui", "yang") opens a *segment*: a
negation reaches forward into later segments ("tak suka makanan yang pedas")
but not back ("I like the restaurant that doesn't serve meat").

Each :class:`Clause` knows its ``person`` (who it is about: ``first`` = the user,
``second`` = the assistant, ``third`` = someone else, ``none`` = no subject,
which in chat is the speaker), whether it is a ``question``, and the polarity
of each content token (``+1`` / ``-1``: the parity of negators and negative
attitude words in scope).

A clause with no content of its own ("I do", "我不喜欢", "I hate it") inherits
the content of the previous one; an echo ("me too", "moi non plus") inherits
its polarity as well.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from souvenir.lexical import lexicon as lx
from souvenir.lexical.questions import mark_questions
from souvenir.lexical.tagged import Tok, content_of, tok_match, tokenize
from souvenir.lexical.text_cache import text_cache
from souvenir.write.filters._dislocation import DURATION, aspect_first, before_reason, lends, split_fronted
from souvenir.write.filters._speaker_noun import reporter_span
from souvenir.write.filters._spoken_fr import FR_AFTER_VERB, after_verb, spoken_negation, verbless_no_more

_NEG_ROLES = ("neg", "negval")
#: A Chinese sentence ends asking with 吗; 嘛 at the end asserts what goes without saying
#: (我是四川人嘛, 我本来就怕冷嘛): a question only with "?" (questions.py reads 不是…嘛).
_ASKS = ("吗",)


@dataclass(frozen=True, slots=True)
class Polarity:
    """``sign`` +1 / -1; ``attitude`` when an attitude word (like, hate, 喜欢, suka) is in scope.

    Two polarities are comparable only when both or neither carry an attitude:
    "Hates Mondays" says nothing against "Mondays are the worst" (no attitude
    word), and "Has never been to Japan" nothing against "I'd love to go".
    """

    sign: int
    attitude: bool


@dataclass(slots=True)
class Clause:
    """One clause. ``tokens[i]`` lies in segment ``segs[i]``; ``subject_toks`` names who it is about.

    ``topic`` marks a bare topic ("le jazz" in "le jazz, j'aime pas trop") whose
    predicate is the next clause, which inherited its content.
    """

    tokens: list[Tok]
    segs: list[int]
    question: bool = False
    person: str = "none"
    subject_toks: tuple[Tok, ...] = ()
    inherited: list[tuple[Tok, Polarity]] = field(default_factory=list)
    cjk_key: str = ""
    topic: bool = False
    opener: str = ""  # the conjunction that opened it ("if", "kalau", 如果…), key form; ":" after a colon
    sentence: int = 0  # which sentence of the text it is in

    @property
    def content(self) -> list[Tok]:
        return content_of(self.tokens) + [tok for tok, _ in self.inherited]

    def polarity_at(self, index: int) -> Polarity:
        """Polarity of the token at ``index`` (``-1``: end of clause).

        A negator or attitude word reaches forward to the end of the clause,
        through relative segments ("tak suka makanan *yang pedas*"), never back
        out of its own segment ("the restaurant *that doesn't serve meat*").
        In Latin script it reaches forward only ("comforting to know I'm not
        alone" does not negate "comforting"); in Chinese the whole segment,
        since the object often comes first (榴莲我不喜欢).
        """
        if index < 0:
            seg, position, cjk = max(self.segs, default=0), len(self.tokens), True
        else:
            seg, position, cjk = self.segs[index], index, self.tokens[index].cjk
        sign, attitude = 1, False
        for j, (tok, tseg) in enumerate(zip(self.tokens, self.segs)):
            if tseg > seg or (tseg == seg and j > position and not cjk):
                continue
            if tok.role in _NEG_ROLES:
                sign = -sign
            if tok.role in ("pos", "negval"):
                attitude = True
        return Polarity(sign, attitude)

    def polarities(self) -> list[Polarity]:
        """:meth:`polarity_at` of every token, in one pass (asking each in turn reads the
        clause once per token: seconds for a 16 KB clause)."""
        below: dict[int, tuple[int, bool]] = {}  # segment -> (negators, attitude) in the segments before it
        whole: dict[int, tuple[int, bool]] = {}  # segment -> (negators, attitude) in it
        for tok, seg in zip(self.tokens, self.segs):
            negs, att = whole.get(seg, (0, False))
            whole[seg] = (negs + (tok.role in _NEG_ROLES), att or tok.role in ("pos", "negval"))
        negs, att = 0, False
        for seg in sorted(whole):
            below[seg] = (negs, att)
            negs, att = negs + whole[seg][0], att or whole[seg][1]
        run: dict[int, tuple[int, bool]] = {}
        out = []
        for tok, seg in zip(self.tokens, self.segs):
            negs, att = run.get(seg, (0, False))
            run[seg] = (negs + (tok.role in _NEG_ROLES), att or tok.role in ("pos", "negval"))
            inside = whole[seg] if tok.cjk else run[seg]
            count = below[seg][0] + inside[0]
            out.append(Polarity(-1 if count % 2 else 1, below[seg][1] or inside[1]))
        return out

    def find(self, tok: Tok) -> Polarity | None:
        """Polarity of ``tok`` in this clause, or ``None`` when the clause does not mention it."""
        for index, own in enumerate(self.tokens):
            if own.role == "content" and tok_match(tok, own):
                return self.polarity_at(index)
        for own, polarity in self.inherited:
            if tok_match(tok, own):
                return polarity
        if tok.cjk and tok.key in self.cjk_key:
            return self.polarity_at(-1)
        return None

    @property
    def text(self) -> str:
        return " ".join(tok.raw for tok in self.tokens)


def clauses(text: str, more: bool = False) -> list[Clause]:
    """Cut ``text`` into clauses, with person, question flag, segments and inheritance resolved.
    A sentence that asks without "?" (我是不是…, "patut ke…", "Should I…") is a question
    (:func:`souvenir.lexical.questions.mark_questions`). ``more``: an ambiguous spoken
    "plus" (« je bois plus de café depuis un mois ») reads "more" — the reading of a candidate
    that repeats it (« Mange plus de légumes »); "no more" otherwise (:func:`_no_more`).

    Cached (:data:`CLAUSES_CACHE` texts; a new list each call, the clauses shared: no reader
    changes one): a write's filters read the same message, reply and candidate again — 7 of
    8 reads of a 16 KB message were repeats (tests/test_linear_time.py's filter test)."""
    return list(_clauses(text, more))


#: Texts whose clauses are kept: a write reads a message, its reply and a few candidates
#: through several filters; 64 hold them (a 16 KB text's clauses are ~2 MB: 64 of them, the
#: most, ~130 MB, emptied with the lexical caches by the faces' character budget).
CLAUSES_CACHE = 64


@text_cache(CLAUSES_CACHE)
def _clauses(text: str, more: bool) -> tuple[Clause, ...]:
    tokens = tokenize(mark_questions(text))
    sentences: list[tuple[list[Tok], bool]] = []
    current: list[Tok] = []
    for tok in tokens:
        if tok.role == "end":
            question = "?" in tok.raw or "？" in tok.raw or bool(current and current[-1].key in _ASKS)
            sentences.append((current, question))
            current = []
        else:
            current.append(tok)
    if current:
        sentences.append((current, bool(current and current[-1].key in _ASKS)))

    names = _midsentence_capitals(sentences)
    out: list[Clause] = []
    for count, (sentence, question) in enumerate(sentences):
        parts: list[list[Tok]] = [[]]
        openers = [""]
        for index, tok in enumerate(sentence):
            nxt = sentence[index + 1] if index + 1 < len(sentence) else None
            if tok.role == "comma" or tok.role == "brk":
                parts.append([])
                openers.append(tok.key if tok.role == "brk" else ":" if tok.raw in (":", "：") else "")
                continue
            if tok.role == "coord" and nxt is not None and _opens_clause(nxt):
                parts.append([])
                openers.append("")
                continue
            parts[-1].append(tok)
        kept = [
            (piece, opener if n == 0 else "")
            for part, opener in zip(parts, openers)
            if part
            for n, piece in enumerate(split_fronted(part))
        ]
        asks_all = bool(kept) and _opens_question(kept[0][0])
        for number, (part, opener) in enumerate(kept):
            is_question = question and (asks_all or number == len(kept) - 1)
            clause = _make(part, is_question, names, initial=number == 0, more=more)
            clause.opener, clause.sentence = opener, count
            out.append(clause)
    _inherit(out)
    return tuple(out)


#: Nouns that end like an inverted pronoun: « rendez-vous » is an appointment, no "you" asked.
_VOUS_NOUNS = frozenset({"rendez-vous", "garde-a-vous", "garde-à-vous"})


def _opens_question(part: list[Tok]) -> bool:
    """ "Do you…", "Est-ce que…", "Adakah…": the whole sentence asks, not only its last clause."""
    keys = [tok.key for tok in part if tok.key not in lx.DISCOURSE][:1]
    if not keys:
        return False
    inverted = (
        "-" in keys[0] and keys[0].split("-")[-1] in ("tu", "vous", "il", "elle") and keys[0] not in _VOUS_NOUNS
    )  # "pouvez-vous"
    return keys[0] in lx.QUESTION_OPENERS or inverted


def _opens_clause(tok: Tok) -> bool:
    k = tok.key
    return (
        k in lx.FIRST_PERSON
        or k in lx.THIRD_PERSON
        or k in lx.SECOND_PERSON
        or k in lx.FIRST_POSSESSIVE
        or k == "so"  # "and so do I": an echo
        or tok.role in ("neg", "pos", "negval")
    )


def _midsentence_capitals(sentences: list[tuple[list[Tok], bool]]) -> frozenset[str]:
    """Keys of capitalised words seen inside a sentence: likely names ("…asked Jean")."""
    out = set()
    for sentence, _ in sentences:
        for tok in sentence[1:]:
            if tok.role == "content" and tok.raw[:1].isupper() and not tok.cjk:
                out.add(tok.key)
    return frozenset(out)


#: English words that repeat a negation already said in their clause, in colloquial speech
#: ("don't want no…", "don't do it no more", "ain't never"): concord, not a double negative.
_CONCORD = frozenset({"no", "nothing", "never", "nobody", "nowhere", "none"})


def _make(
    part: list[Tok], question: bool, names: frozenset[str] = frozenset(), initial: bool = True, more: bool = False
) -> Clause:
    segs: list[int] = []
    seg = 0
    tokens: list[Tok] = []
    open_ne: int | None = None
    spoken_at = -2  # where a spoken "plus" negated ("j'écoute plus jamais…": one negation)
    for index, tok in enumerate(part):
        if tok.role == "rel" and index > 0:
            seg += 1
            open_ne = None
        if index == spoken_at + 1 and tok.key in ("jamais", "rien", "aucun", "aucune"):
            tok = Tok(tok.raw, tok.key, tok.stem, "stop", tok.cjk)
        elif tok.key in lx.FR_NE:
            open_ne = len(tokens)
        elif tok.key in lx.FR_NE_CONFIRM and open_ne is not None:
            nxt = part[index + 1].key if index + 1 < len(part) else ""
            if not (tok.key in ("plus", "jamais") and nxt in ("que", "qu'")):
                ne = tokens[open_ne]  # "je ne bois plus": the negation starts at "ne"
                tokens[open_ne] = Tok(ne.raw, ne.key, ne.stem, "neg", ne.cjk)
            open_ne = None
            tok = Tok(tok.raw, tok.key, tok.stem, "stop", tok.cjk)
        elif tok.role == "plus" and len(tokens) >= 2 and spoken_negation(part, index, more):
            # "j'aime plus le café": spoken, no "ne"; the negation starts before the verb, as
            # it does at "ne" ("je fume plus": the verb is negated too)
            before = tokens[-2]
            tokens[-2] = Tok(before.raw, before.key, before.stem, "neg", before.cjk)
            tok = Tok(tok.raw, tok.key, tok.stem, "stop", tok.cjk)
            spoken_at = index
        elif tok.role == "neg" and tok.key in FR_AFTER_VERB and open_ne is None and after_verb(tokens):
            # spoken "je mange pas de viande", "j'en bois jamais": no "ne", the verb is negated too
            before = tokens[-2]
            tokens[-2] = Tok(before.raw, before.key, before.stem, "neg", before.cjk)
            tok = Tok(tok.raw, tok.key, tok.stem, "stop", tok.cjk)
        elif tok.role == "plus" and verbless_no_more(part, index):
            tok = Tok(tok.raw, tok.key, tok.stem, "neg", tok.cjk)  # « Plus vraiment fan des jeux vidéo »
        elif tok.role == "plus" or tok.key == "ni":
            tok = Tok(tok.raw, tok.key, tok.stem, "stop", tok.cjk)
        elif tok.key in _CONCORD and any(t.role == "neg" and t.key in ("not", "never") for t in tokens):
            # negative concord: "I don't do karaoke no more", "ain't never": one negation
            tok = Tok(tok.raw, tok.key, tok.stem, "stop", tok.cjk)
        tokens.append(tok)
        segs.append(seg)
    person, subject = detect_person(tokens, names, initial)
    cjk_key = "".join(tok.key for tok in tokens if tok.cjk)
    subject_toks = tuple(tokens[i] for i in subject if i < len(tokens))
    return Clause(tokens, segs, question, person, subject_toks, [], cjk_key)


def _inherit(out: list[Clause]) -> None:
    for index in range(1, len(out)):
        clause, previous = out[index], out[index - 1]
        if clause.person == "none" and previous.person == "third" and _only_subject(previous):
            # "Ma voisine, Mme Petit, adore les orchidées": the subject stands in its own clause
            named = out[index - 2] if index >= 2 and _bare_name(out[index - 2]) else None
            extra = tuple(content_of(named.tokens)) if named else ()
            clause.person, clause.subject_toks = "third", extra + previous.subject_toks
        lead = " ".join(tok.key for tok in clause.tokens)
        zh_lead = clause.cjk_key
        if any(pattern.match(lead) for pattern in lx.ECHO) or zh_lead.startswith(lx.ZH_ECHO):
            clause.person = "first"
            clause.inherited = [(tok, previous.find(tok) or Polarity(1, False)) for tok in previous.content]
            continue
        own = content_of(clause.tokens)
        anaphor = any(tok.key in lx.ANAPHORA for tok in clause.tokens) or any(
            tok.key in lx.ZH_ANAPHORA for tok in clause.tokens
        )
        if not own and not any(t.role in ("neg", "pos", "negval") for t in clause.tokens):
            continue  # "J'aime plus le rap, franchement": a bare adverb judges nothing
        if not own or (anaphor and len(own) <= 1):
            polarity = clause.polarity_at(-1)
            clause.inherited = [(tok, polarity) for tok in previous.content if not _in(tok, own)]
            bare = previous.person == "none" and len(previous.content) <= 3
            if clause.inherited and bare and not any(t.role in ("neg", "pos", "negval") for t in previous.tokens):
                previous.topic = True  # "le jazz, j'aime pas trop": the bare topic is judged in the next clause
        elif (
            (
                clause.person == "first"
                or (clause.person == "none" and (_first_inside(clause) or aspect_first(clause.tokens)))
            )
            and previous.person == "none"
            and previous.sentence == clause.sentence
            and clause.opener != ":"  # "Varen: I hate goblins" is a speaker, not a topic
        ):
            said = content_of(before_reason(clause.tokens))  # "… dah tak minat sejak kahwin": a reason is no object
            verbs = len([tok for tok in said if tok.key not in lx.TIME_WORDS and tok.key not in DURATION])
            if lends(previous.tokens, clause.tokens, verbs):  # « Le fromage, j'en mange plus »: _dislocation
                polarity = clause.polarity_at(-1)
                clause.inherited = [(tok, polarity) for tok in previous.content if not _in(tok, own)]
                previous.topic = True


def _first_inside(clause: Clause) -> bool:
    """A first-person subject after an adverb ("dah lama aku tak sentuh", 早就…我): the user's clause."""
    return any(tok.key in lx.FIRST_PERSON for tok in clause.tokens[1:4])


def _bare_name(clause: Clause) -> bool:
    """ "Liam" in "Liam, my tenant, paid…": a clause of one to three capitalised words."""
    words = [tok for tok in clause.tokens if tok.role != "comma"]
    return 0 < len(words) <= 3 and all(tok.raw[:1].isupper() and not tok.cjk for tok in words)


def _only_subject(clause: Clause) -> bool:
    """The clause is a bare noun phrase naming its subject ("Ma voisine", "Mme Petit")."""
    subject = {id(tok) for tok in clause.subject_toks}
    words = [tok for tok in clause.tokens if tok.role != "comma"]
    return bool(subject) and all(id(tok) in subject or tok.role == "stop" for tok in words)


def _in(tok: Tok, tokens: list[Tok]) -> bool:
    return any(tok_match(tok, other) for other in tokens)


# --------------------------------------------------------------------------- person


def detect_person(
    tokens: list[Tok], names: frozenset[str] = frozenset(), initial: bool = False
) -> tuple[str, tuple[int, ...]]:
    """Who the clause is about, and the indices of its subject tokens.

    Looks at the first three tokens after discourse words ("and", "hier",
    "但是"). ``my wife`` / ``ma voisine`` / ``我妈`` / ``isteri saya`` / a title
    with a name / "he, elle, 她, dia" give ``third``; "my wife and I" gives
    ``first``; an imperative ("Don't forget", "别担心", "Jangan risau") gives
    ``second``; a content word before any pronoun gives ``none`` ("Love the sea").
    A capitalised word is a name only inside a sentence, or at its start when
    the text also uses it inside a sentence (``names``, ``initial``).
    "They" / "ils" / "mereka" are left out: as often things as people.
    Known false positives: a place name inside a sentence followed by "is"
    reads as a person ("…, Paris is lovely").
    """
    idx = [i for i, tok in enumerate(tokens) if tok.role not in ("comma",)]
    while idx and (tokens[idx[0]].key in lx.DISCOURSE or tokens[idx[0]].key in lx.ZH_DISCOURSE):
        idx.pop(0)
    if not idx:
        return "none", ()
    if _imperative(tokens, idx[0]):
        return "second", ()
    reporter = reporter_span(tokens, idx)  # "my optician says…", « mon coiffeur m'a sorti que… »
    if reporter:
        return "third", reporter
    window = idx[:3]
    for pos, i in enumerate(window):
        tok = tokens[i]
        k = tok.key
        if tok.cjk:
            return _zh_person(tokens, i)
        if k in lx.FIRST_PERSON:
            return "first", (i,)
        if k in lx.FIRST_POSSESSIVE:
            rel = _relation_after(tokens, i)
            if rel is not None:
                if _first_follows(tokens, rel):
                    return "first", (i,)
                return "third", tuple(range(i, rel + 1))
            return "first", (i,)
        if k in lx.SECOND_PERSON or (k.endswith(("-vous", "-tu")) and k not in _VOUS_NOUNS):
            return "second", (i,)
        if k in lx.THIRD_SINGULAR or (k in ("sa", "son", "ses", "his", "her") and _relation_after(tokens, i)):
            nxt = tokens[i + 1].key if i + 1 < len(tokens) else ""
            if k == "il" and nxt in lx.FR_IMPERSONAL_AFTER_IL:
                return "none", ()
            end = _relation_after(tokens, i)
            return "third", tuple(range(i, (end if end is not None else i) + 1))
        if k in lx.TITLES and i + 1 < len(tokens) and tokens[i + 1].raw[:1].isupper():
            return "third", (i, i + 1)
        if k in lx.RELATIONS:
            nxt = tokens[i + 1].key if i + 1 < len(tokens) else ""
            if _first_follows(tokens, i):
                return "first", (i,)
            if nxt in ("saya", "aku", "sy", "kami"):
                return "third", (i, i + 1)
            if pos == 0 or (pos == 1 and tokens[window[0]].key in ("the", "le", "la", "l'")):
                return "third", (i,)  # "The doctor thinks…", « Le prof dit… »
        if k.endswith("nya") and k[:-3] in lx.RELATIONS:
            return "third", (i,)
        if _looks_like_name(tokens, i, names, initial and i == idx[0]):
            return "third", (i,)
        if tok.role in ("content", "pos", "negval", "neg", "user"):
            return "none", ()
    return "none", ()


#: An adverb of habit or degree after a subjectless "don't" makes a note, not an order ("Don't
#: really eat sugar anymore": the user, subject dropped; "Don't eat sugar" is an imperative).
_NOTE_ADVERBS = frozenset(
    {"really", "usually", "actually", "generally", "typically", "normally", "often", "even", "much", "always"}
)


def _imperative(tokens: list[Tok], i: int) -> bool:
    keys = [tok.key for tok in tokens[i : i + 3]]
    if keys[:2] == ["do", "not"]:
        return len(keys) < 3 or keys[2] not in _NOTE_ADVERBS
    if keys[0] in lx.IMPERATIVE_NEG:
        return True
    if keys[0] in ("oublie", "oubliez") and len(keys) > 1 and keys[1] in ("pas", "jamais", "surtout"):
        return True  # spoken « Oublie pas que je suis allergique »: said to the assistant, as « N'oublie pas »
    if keys[0] in ("ne", "n'") and len(keys) > 1 and (keys[1] in ("t'", "te", "vous") or keys[1].endswith("ez")):
        return True
    return tokens[i].cjk and tokens[i].key.startswith(lx.ZH_IMPERATIVE)


def _relation_after(tokens: list[Tok], i: int) -> int | None:
    for j in range(i + 1, min(i + 3, len(tokens))):
        if tokens[j].key in lx.RELATIONS:
            return j
    return None


def _first_follows(tokens: list[Tok], i: int) -> bool:
    keys = [tok.key for tok in tokens[i + 1 : i + 4]]
    for a, b in zip(keys, keys[1:]):
        if a in lx.COORDINATORS and b in ("i", "moi", "me", "saya", "aku", "je"):
            return True
    return False


_NAME_VERBS = frozenset(
    {
        "is",
        "was",
        "has",
        "had",
        "loves",
        "likes",
        "hates",
        "lives",
        "works",
        "wants",
        "est",
        "a",
        "habite",
        "travaille",
        "aime",
        "adore",
        "deteste",
        "vit",
        "veut",
        "s'",
        "ialah",
        "adalah",
        "suka",
        "tinggal",
        "bekerja",
        "nak",
        "mahu",
        "'s",
        "will",
        "said",
        "says",
    }
)


#: A verb of saying right after a capitalised first word makes it a speaker ("Sarah told me
#: she's quitting", « Julien m'a dit qu'il part », "Aina cakap dia nak pindah").
_SAYS = frozenset(
    "told tells said says texted wrote reckons thinks mentioned dit disait pense trouve raconte ecrit kata cakap "
    "beritahu bagitahu rasa".split()
)


def _reports(tokens: list[Tok], j: int) -> bool:
    keys = [tok.key for tok in tokens[j : j + 3]]
    while keys and keys[0] in ("m'", "me", "t'", "a", "nous", "lui"):
        keys.pop(0)
    return bool(keys) and keys[0] in _SAYS


def _looks_like_name(tokens: list[Tok], i: int, names: frozenset[str], initial: bool) -> bool:
    tok = tokens[i]
    if not tok.raw[:1].isupper() or (tok.raw.isupper() and len(tok.raw) > 1):
        return False
    if tok.role != "content" or tok.key in lx.RELATIONS or tok.key.endswith("ing"):
        return False
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    if nxt is None:
        return False
    verb_follows = nxt.key in _NAME_VERBS
    if initial:  # a capitalised first word: a name when the text names it again, or when it reports
        return (tok.key in names and verb_follows) or _reports(tokens, i + 1)
    return verb_follows or (nxt.raw[:1].isupper() and nxt.key != "i" and nxt.role == "content")


def _zh_person(tokens: list[Tok], i: int) -> tuple[str, tuple[int, ...]]:
    tok = tokens[i]
    k = tok.key
    nxt = [t.key for t in tokens[i + 1 : i + 4]]
    if k.startswith(lx.ZH_FIRST):
        rest = k[2:] if k.startswith(("我们", "咱们")) else k[1:]
        rest = rest.lstrip("的")
        if rest and rest in lx.ZH_RELATIONS:
            return "third", (i,)
        if nxt and (nxt[0] in lx.ZH_RELATIONS or (nxt[0] == "的" and len(nxt) > 1 and nxt[1] in lx.ZH_RELATIONS)):
            end = i + (1 if nxt[0] in lx.ZH_RELATIONS else 2)
            return "third", tuple(range(i, end + 1))
        return "first", (i,)
    if k.startswith(lx.ZH_SECOND):
        return "second", (i,)
    if k.startswith(lx.ZH_THIRD_SINGULAR) and not k.startswith(("他们", "她们")):
        return "third", (i,)
    if k in lx.ZH_RELATIONS:
        if len(nxt) >= 2 and nxt[0] in ("和", "跟", "与") and nxt[1].startswith("我"):
            return "first", (i,)
        return "third", (i,)
    if nxt and nxt[0] in lx.ZH_TITLES:
        return "third", (i, i + 1)
    return "none", ()
