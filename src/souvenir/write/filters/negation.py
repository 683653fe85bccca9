"""Negation-flip filter: drop a candidate that states the opposite of what the user said.

Source: the spec's measure — about one reflection in three copied "n'aime pas X"
as "aime X", and both versions then lived side by side — and cases R04c
(喜欢榴莲 from 我一点都不喜欢榴莲) and A29 (control: "I don't like Mondays, but I
do like the Monday deliveries" keeps "Likes Monday deliveries").

How: the candidate's clauses about the user are compared with the user's own
clauses (first person or subject-less, not questions; see ``_clauses``). For
each candidate clause, the message clauses that mention at least half of its
content words are ranked by coverage, then by overlap (Jaccard) so the
tightest clause wins ("Likes Mondays" meets "I don't like Mondays", not the
deliveries clause). The candidate is dropped when every best clause gives the
matched words the opposite sign. Signs are compared only like with like:
attitude against attitude ("likes" / "不喜欢"), plain fact against plain fact
("eats meat" / "no longer eats meat"); a mix says nothing, except a liked act
the user says they do not do, verb and object both matching ("Likes eating
bitter melon" / "我不吃苦瓜"), and a liked thing the user says they do not do,
eat or drink ("Likes meat" / "I don't eat meat", « Les sushis, j'en mange plus »).

Negators: FR ne…pas/plus/jamais/rien/aucun, "pas" alone, horreur de, déteste,
arrêté de; EN not/n't/never/no longer/no, can't stand, hate, quit, stopped -ing;
ZH 不/没/没有/从不/不再/一点都不/讨厌/受不了/戒; MS tak/tidak/bukan/belum/tak suka/benci/
berhenti, chat "x suka".

Known false positives (wrong drops):
- Hedged or reported negation the user then overrides in another sentence
  without repeating the object ("Before, I didn't like coffee. Today? Every
  morning." — the second sentence has no content word to match).
- Sarcasm ("Oh sure, I *love* Mondays") and rhetorical questions not ending
  with "?".
- Double negatives outside the idiom list ("not that I don't like jazz").
Known misses (kept): past habits ("I used to smoke" vs "Smokes"), exceptions
("je ne mange pas de viande sauf le poulet" vs "Mange du poulet" is kept, which
is right, but "Ne mange pas de poulet" is kept too), attitude against plain
fact when only the object matches and the verb is neither doing nor consuming
("Likes Paris" vs "I don't live in Paris").
"""

from __future__ import annotations

from functools import lru_cache

from souvenir.write.filters._candidate import character_names, parse
from souvenir.write.filters._clauses import Clause, Polarity, clauses
from souvenir.write.filters._habit_over import ended_habit
from souvenir.write.filters._past_state import past_state
from souvenir.lexical import lexicon as lx
from souvenir.lexical.ms_affixes import same_root
from souvenir.lexical.tagged import Tok, stem, tok_match
from souvenir.write.filters.shapes import Exchange, FilterDecision, drop, keep
from souvenir.ground.types import Candidate
from souvenir.lexical.zh_topic_verb import ZH_ALREADY, ZH_VO

NAME = "negation"


def negation_filter(candidate: Candidate, exchange: Exchange) -> FilterDecision:
    """Drop a candidate whose polarity is the opposite of the user's own words in the exchange."""
    names = character_names(exchange.assistant_reply, exchange.character_names)
    parsed = parse(candidate.text, names)
    if parsed.subject not in ("none", "user"):
        return keep(NAME, candidate)
    more = _repeats_plus(candidate.text)
    message = [
        c
        for c in clauses(exchange.user_message, more=more)
        if c.person in ("first", "none") and not c.question and not c.topic
    ]
    for own in parsed.user_clauses:
        flipped = _flipped_by(own, message)
        if flipped is not None:
            return drop(NAME, candidate, f"the user said the opposite: {flipped.text!r}")
    ended = ended_habit(candidate.text, exchange.user_message)
    if ended is not None:  # « Les clopes, c'est fini pour moi » against "Fume"
        return drop(NAME, candidate, f"the user said it is over: {ended!r}")
    past = past_state(candidate.text, exchange.user_message)
    if past is not None:  # "back in my twenties I was…, haven't danced since" against "Is a … dancer"
        return drop(NAME, candidate, f"the user told it as their past, now over: {past!r}")
    return keep(NAME, candidate)


def _repeats_plus(text: str) -> bool:
    """The candidate keeps a French "plus" with no "ne" (« Mange plus de légumes »): it read
    the message's ambiguous "plus" as "more", and says the same."""
    keys = text.lower().replace("'", "' ").split()
    return "plus" in keys and not any(key in ("ne", "n'") for key in keys)


def _flipped_by(own: Clause, message: list[Clause]) -> Clause | None:
    """The message clause that contradicts ``own``, when every best-matching clause does."""
    content = [(tok, polarity) for tok, polarity in zip(own.tokens, own.polarities()) if tok.role == "content"]
    content = _dedup(content)
    if not content:
        return None
    scored: list[tuple[tuple[float, float], Clause, list[tuple[Polarity, Polarity]]]] = []
    glued = [tok.key for tok, _ in content if tok.cjk and len(tok.key) > 1]  # 喝咖啡 / 咖啡…喝: one word
    for clause in message:
        pairs = []
        weight = 0.0
        for tok, polarity in content:
            found = clause.find(tok)
            if found is None:
                found = _light_verb(tok, clause) or _ms_root(tok, clause)
            elif polarity.attitude and polarity.sign > 0 and found.sign < 0 and not found.attitude:
                found = _done(tok, clause) or found
            if found is not None:
                pairs.append((polarity, found))
                # a glued word met through its verb only (吃火锅 / 吃了就上火) is half met; its thing
                # said (喝酒 / 我早就不碰酒了) meets it
                # said: a topic lent by the clause before (密室逃脱啊，现在玩不动了) is said whole too
                half = tok.key[1:] not in clause.cjk_key and not any(
                    tok.key == lent.key for lent, _ in clause.inherited
                )
                weight += 0.5 if tok.cjk and len(tok.key) > 1 and half else 1.0
        if weight * 2 < len(content):
            continue
        others = [
            tok
            for tok in clause.content
            if not _adjunct(tok)
            and not any(tok.cjk and tok.key in word and tok.key != word for word in glued)
            and not _topic_verb(tok, glued, clause)
        ]
        union = len(content) + len(others) - len(pairs)
        # a glued verb and thing (打游戏) met whole is the verb and the thing both ("Likes eating bitter melon")
        pairs += [
            found for (tok, _), found in zip(content, pairs) if tok.cjk and tok.key[:1] in ZH_VO and len(tok.key) > 1
        ]
        scored.append(((weight / len(content), weight / max(union, 1)), clause, pairs))
    if not scored:
        return None
    best_key = max(key for key, _, _ in scored)
    best = [(clause, pairs) for key, clause, pairs in scored if key == best_key]
    verdicts = [_disagrees(pairs, key) for key, _, pairs in scored if key == best_key]
    if all(verdict is True for verdict in verdicts):
        return best[0][0]
    return None


def _disagrees(pairs: list[tuple[Polarity, Polarity]], key: tuple[float, float]) -> bool | None:
    """True when the comparable pairs all have opposite signs; None when nothing is comparable.

    Attitude against attitude needs half the candidate's content words ("Likes
    Monday deliveries" / "I do like the Monday deliveries"). Plain fact against
    plain fact has no verb of attitude to align the two, so it needs all of the
    candidate's words and a tight overlap (Jaccard >= 0.6, time and number
    words left out): "Eats meat" / "I don't eat meat", but not "Is considering
    Edinburgh" / "I haven't been to Edinburgh yet". A liked act that the user
    says they do not do, verb and object both matching, is a flip too ("Likes
    eating bitter melon" / "我不吃苦瓜").
    """
    coverage, jaccard = key
    tight = coverage == 1.0 and jaccard >= 0.6
    comparable = [(a, b) for a, b in pairs if a.attitude == b.attitude]
    if not comparable:
        if tight and len(pairs) >= 2:
            return all(a.attitude and a.sign > 0 and not b.attitude and b.sign < 0 for a, b in pairs) or None
        return None
    if not any(a.attitude for a, _ in comparable) and not tight:
        return None
    return all(a.sign != b.sign for a, b in comparable)


def _adjunct(tok: Tok) -> bool:
    return tok.key in lx.TIME_WORDS or tok.key in _ZH_ALREADY or any(ch.isdigit() for ch in tok.key)


#: Chinese adverbs of "already / long since" (早就不玩了): no content of their own.
_ZH_ALREADY = ZH_ALREADY - {"现在", "都", "也"}


def _topic_verb(tok: Tok, glued: list[str], clause: Clause) -> bool:
    """A one-character verb standing alone after a topic that holds the candidate's glued verb and
    thing (打游戏早就不玩了, 踢足球早就不踢了): the topic's own verb, no other content (round 14)."""
    return tok.cjk and len(tok.key) == 1 and tok.key in ZH_VO and any(w in clause.cjk_key for w in glued)


def _dedup(content: list[tuple[Tok, Polarity]]) -> list[tuple[Tok, Polarity]]:
    seen: set[str] = set()
    out = []
    for tok, polarity in content:
        if tok.stem not in seen:
            seen.add(tok.stem)
            out.append((tok, polarity))
    return out


#: Verbs of eating, drinking and smoking a candidate may state ("Drinks coffee", « Boit de
#: l'alcool », 喝酒, "Hisap rokok"), and the light verbs the user may say them with when they
#: stop ("I don't do coffee", « je touche plus à l'alcool », 我不碰酒了, "tak sentuh rokok").
_CONSUMING = frozenset(
    """eat eats eating ate drink drinks drinking drank smoke smokes smoking smoked
    mange manger mangé boit bois boire bu fume fumer fumé
    makan minum hisap merokok""".split()
)
_LIGHT = frozenset({"do", "does", "touch", "touches", "touche", "toucher", "sentuh", "menyentuh"})
_ZH_CONSUMING = ("吃", "喝", "抽")


def _light_verb(tok: Tok, clause: Clause) -> Polarity | None:
    """The polarity of a light verb standing for the candidate's verb of consuming ("Drinks
    coffee" / "I don't really do coffee"; 喝酒 / 我不碰酒了, 喝奶茶 / 奶茶我早就不碰了, 喝咖啡 /
    咖啡我现在不喝了: 碰 or the verb itself, the thing before or after it), or ``None``. Only
    the verb is lent: the thing itself must be in the clause (a verb alone, 喝 of 喜欢喝奶茶,
    is lent 碰 and the thing is matched on its own)."""
    if tok.cjk:
        verb, thing = tok.key[:1], tok.key[1:]
        if verb in _ZH_CONSUMING and thing:  # 酒嘛，我早就戒了: the thing lent by its topic
            lent = next(
                (pol for own, pol in clause.inherited if own.cjk and own.key.rstrip("嘛呢啊吧呀") == thing), None
            )
            if lent is not None:
                return lent
        if verb not in _ZH_CONSUMING or thing not in clause.cjk_key:
            return None
        for index, own in enumerate(clause.tokens):
            # the thing before the verb too (奶茶我早就不碰了, 咖啡我现在不喝了: a topicalised object)
            if own.cjk and (own.key.startswith("碰") or (thing and own.key.startswith(verb))):
                return clause.polarity_at(index)
        return None
    if tok.key not in _CONSUMING and tok.stem not in _consuming_stems():
        return None
    lights = [index for index, own in enumerate(clause.tokens) if own.key in _LIGHT]
    if not lights:
        return None
    # the last one ("I don't really do coffee": not the auxiliary), read on what follows it
    # ("je touche pas à…": the negation comes after the verb)
    after = lights[-1] + 1
    return clause.polarity_at(after if after < len(clause.tokens) else lights[-1])


#: Verbs that stand for any activity ("I don't do karaoke no more", « je ne fais plus de
#: yoga », 我不搞摄影了, "saya dah tak buat yoga"): negated before a liked activity, they are
#: the user not doing what the candidate says they enjoy.
_DOING = frozenset({"do", "does", "doing", "did", "done", "fais", "fait", "faire", "faisons", "buat", "membuat"})
_ZH_DOING = ("搞", "做", "玩")
_BETWEEN = frozenset(
    {"any", "much", "more", "the", "de", "du", "des", "la", "le", "l'", "d'", "plus", "pas", "jamais", "lagi", "dah"}
)


def _done(tok: Tok, clause: Clause) -> Polarity | None:
    """A negated verb of doing right before the candidate's liked activity ("Enjoys karaoke"
    / "I don't do karaoke no more"): an attitude with the verb's sign, or ``None``."""
    doing = [i for i, own in enumerate(clause.tokens) if own.key in _DOING or own.key in _CONSUMING]
    if doing and any(tok_match(tok, own) for own, _ in clause.inherited):  # « Le karaoké, j'en fais plus »
        return Polarity(clause.polarity_at(doing[-1]).sign, True)
    for index, own in enumerate(clause.tokens):
        if (
            own.cjk
            and tok.cjk
            and own.key != tok.key
            and own.key.startswith(_ZH_DOING + _ZH_CONSUMING)
            and own.key[1:] == tok.key
        ):
            return Polarity(clause.polarity_at(index).sign, True)  # 搞摄影, glued
        if own.role != "content" or not tok_match(tok, own):
            continue
        before = index - 1
        while before >= 0 and clause.tokens[before].key in _BETWEEN:
            before -= 1
        if before >= 0 and (
            clause.tokens[before].key in _DOING
            or clause.tokens[before].key in _CONSUMING
            or (own.cjk and clause.tokens[before].key in _ZH_DOING + _ZH_CONSUMING)
        ):
            return Polarity(clause.polarity_at(before).sign, True)
    return None


def _ms_root(tok: Tok, clause: Clause) -> Polarity | None:
    """The polarity of a Malay word said with or without its prefix ("Suka berkaraoke" /
    "karaoke ni dah tak minat": :func:`souvenir.lexical.ms_affixes.same_root`)."""
    if tok.cjk:
        return None
    for index, own in enumerate(clause.tokens):
        if own.role == "content" and not own.cjk and same_root(tok.key, own.key):
            return clause.polarity_at(index)
    for own, polarity in clause.inherited:  # a topic lent by the clause before ("Karaoke ni, dah tak minat")
        if not own.cjk and same_root(tok.key, own.key):
            return polarity
    return None


@lru_cache(maxsize=1)
def _consuming_stems() -> frozenset[str]:
    return frozenset(stem(word) for word in _CONSUMING)
