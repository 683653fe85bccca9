"""A request to forget said as a polite question or modal, and what only looks like one (pure).

Session 24 (lane newuser9, a new user's walk): "Kindly forget what I said about my mother",
"Would you mind forgetting…?", « Tu pourrais oublier ce que je t'ai dit sur ma mère ? », « Ça
te dérangerait d'oublier… ? » erased nothing: the cue readers of
:mod:`souvenir.lexical.forget_cues` know the plain leads ("please", "can you", « stp », « tu
peux ») and not these frames, or read the frame's modal as the topic ({pourrais, mère}).

:func:`plain_request` rewrites each polite frame into the plain lead the readers know, so
every cue (forget, delete, « oublier », « effacer »…) is read the same way after it:

* en: "kindly"; "(would / do you) mind (not) forgetting / deleting / erasing / removing…" (the
  gerund made the verb); "would / could you be so kind as to", "… kind enough to"; "can / could
  / would you possibly / perhaps / maybe"; "I'd appreciate it / I'd be grateful if you (could)";
  "do you think you could"; "is it / would it be possible for you to", and "is it / would it be
  possible to" before what the user said ("… to forget what I said", never "is it possible to
  forget someone you loved?", a question about forgetting);
* fr: « (est-ce que) tu pourrais / vous pourriez / tu voudrais bien / tu veux bien / vous
  voudriez bien / vous voulez bien / tu serais gentil(le) d' / vous seriez aimable de » at the
  start of the sentence or in a question, never before the listener's own thing (« Fais une
  liste, sinon tu pourrais oublier des trucs. », « Tu pourrais oublier ton parapluie » warn);
  « ça te / vous dérangerait / ennuierait / embêterait / gênerait (pas) de »;
* zh and ms need no rewriting: 能不能 / 你能…吗 / 可以…吗 and "boleh (tak) / tolong / sudi" are read
  by the cue readers as they stand; what kept 能不能帮我忘掉… from them was read elsewhere
  (:mod:`souvenir.lexical.keep_wishes`: 帮我忘掉 is no 我忘掉; ``forget_cues``: 能不能忘 is no 不能忘).

And what looks like a polite request and asks nothing of the assistant's memory, blanked by
:func:`plain_request` (a question about that memory) or read by :func:`not_asked` (a whole
sentence):

* a question about the assistant's memory: « est-ce que tu oublies… ? », 你会(不会)忘掉…吗？,
  你是不是 / 有没有忘了…, "awak akan / dah / pernah lupa(kan)…" (English "do you ever forget…?"
  was never a cue), and what it can do: "can you forget things?", « tu peux oublier des
  choses ? », 你能忘记东西吗;
* someone else's words, reported after a verb of speech and a colon ("My sister asked him: could
  you forget about it?", « Il m'a demandé : tu pourrais oublier… ? », 我朋友问我：你能不能忘掉…？,
  "Kawan saya tanya: boleh tak kau lupakan…?") or after "as / like X said," (session 25: "Like she
  told me, forget…", « Comme elle m'a dit, oublie… », 就像她说的，忘掉…, "Macam dia cakap, lupakan…"),
  never when the user is among the speakers ("As I said:", "As we said:", « Comme je te l'ai dit : »,
  « Comme on a dit : », 就像我们说的：, "Macam kita cakap:" are the user's own words: a request);
* a rhetorical question the user answers with their own inability in the next sentence, said
  alone ("Could you forget about it? I can't.", « … ? Moi je ne peux pas. », …？我做不到。,
  "…? Aku tak boleh."), never "I can't find the button", which still asks.

**A wish addressed to the assistant is a request** (decided in session 25, lane forget3): "I
wish you could forget what I said about my mother", « J'aimerais que tu puisses oublier ce que je
t'ai dit sur ma mère », « Si seulement tu pouvais oublier… », 真希望你能忘了我说的…, "Kalaulah awak
boleh lupa apa yang saya cakap…", "Saya harap awak dapat lupakan…". Said to the assistant about
its own memory, the wish has one act the listener can do — forget — and the user who regrets
having told it means that; keeping the memory against that wish is the error the privacy rule
forbids, and a request that names nothing stored erases nothing anyway. English and Chinese
were read so already ("you could", 你能 + 忘了 + the user's words); French and Malay wish frames
are rewritten to the plain lead (:data:`_FR_WISH`, :data:`_MS_WISH`). A wish for oneself stays
no request ("I wish I could forget…", « J'aimerais pouvoir oublier… », 我真希望能忘掉…,
"Kalaulah aku boleh lupakan…": :mod:`souvenir.lexical.keep_wishes`).

:data:`FRAME_WORDS`: the frames' words, left out of a request's topic (« pourrais » was one).
"""

from __future__ import annotations

import re

__all__ = ["FRAME_WORDS", "not_asked", "plain_request"]

#: A cue verb's gerund and its base form ("would you mind forgetting" -> "please forget").
_GERUNDS = {
    "forgetting": "forget",
    "deleting": "delete",
    "erasing": "erase",
    "removing": "remove",
    "wiping": "wipe",
    "dropping": "drop",
    "scrapping": "scrap",
    "disregarding": "disregard",
    "ignoring": "ignore",
    "remembering": "remember",
    "keeping": "keep",
    "saving": "save",
    "storing": "store",
    "recording": "record",
    "noting": "note",
}
_MIND = re.compile(
    r"(?:^|(?<=[,;:(])|\b(?:would|do|will)\s+(?:you|u)\s+)\s*mind\s+(?P<neg>not\s+)?(?P<g>"
    + "|".join(_GERUNDS)
    + r")\b",
    re.I,
)
#: The user's words as what to forget ("what I said", "that", "everything I told you").
_SAID_NEXT = r"(?=\s+(?:what|that|this|it|everything|all|anything|the\s+(?:stuff|thing|things|part|bit)|my)\b)"
_EN_FRAMES = re.compile(
    r"\bkindly\b"
    r"|\b(?:would|could|will)\s+you\s+be\s+(?:so\s+kind\s+as|kind\s+enough|good\s+enough)\s+to\b"
    r"|\b(?:can|could|would|will)\s+you\s+(?:possibly|perhaps|maybe)\b"
    r"|\bi(?:'d|\s+would)\s+(?:really\s+)?(?:appreciate\s+it|be\s+(?:very\s+|so\s+)?(?:grateful|thankful|glad|happy))"
    r"\s+if\s+you\s+(?:could|would|can)?"
    r"|\bdo\s+you\s+think\s+you\s+(?:could|can)\b"
    r"|\b(?:is\s+it|would\s+it\s+be)\s+possible\s+for\s+you\s+to\b"
    r"|\b(?:is\s+it|would\s+it\s+be)\s+possible\s+to\s+(?=(?:forget|delete|erase|remove)" + _SAID_NEXT + r")",
    re.I,
)
_FR_MODAL = (
    r"(?:tu\s+(?:pourrais|voudrais\s+bien|veux\s+bien|serais\s+(?:gentil|gentille|sympa|adorable|un\s+ange)\s+d(?:e\s+|'))"
    r"|vous\s+(?:pourriez|voudriez\s+bien|voulez\s+bien|seriez\s+(?:gentil|gentille|gentils|aimable|aimables)\s+d(?:e\s+|')))"
)
#: Never before the listener's own thing: « tu pourrais oublier ton parapluie » warns.
_NOT_YOURS = r"(?!\s*\w+\s+(?:ton|ta|tes|votre|vos)\b)"
#: At the sentence's start (after « est-ce que », an interjection) or anywhere in a question.
_FR_OPENING = re.compile(
    r"^\W*(?:(?:et|bon|alors|dis|dites|euh|ok|mais)\W+)*(?:est-ce\s+que\s+|est-ce\s+qu')?" + _FR_MODAL + _NOT_YOURS,
    re.I,
)
_FR_ANYWHERE = re.compile(r"\b(?:est-ce\s+que\s+|est-ce\s+qu')?" + _FR_MODAL + _NOT_YOURS, re.I)
_FR_BOTHER = re.compile(
    r"\b(?:ça|ca|cela)\s+(?:te|vous)\s+(?:d[ée]rangerait|ennuierait|emb[êe]terait|g[êe]nerait)\s+(?:pas\s+)?d(?:e\s+|')",
    re.I,
)
#: A question about the assistant's memory, no request (module docstring).
_ABOUT_MEMORY = re.compile(
    r"\best-ce\s+que\s+(?:tu|vous)\s+(?:oublies|oubliez|effaces|effacez|supprimes|supprimez)\b"
    r"|你(?:还|真的)?(?:会不会|会|不会|是不是|有没有|已经|老是|总是)(?:把[^，。！？,.!?]{0,20}?)?(?:忘掉|忘记|忘了|删掉|删除|删了)"
    r"|\b(?:awak|kau|ko|engkau|anda|you)\s+(?:akan|dah|sudah|pernah|selalu|suka)\s+(?:lupa|lupakan|padam(?:kan)?)\b"
    # "can you forget things?", « tu peux oublier des choses ? », 你能忘记东西吗: what it can do
    r"|\b(?:can|could|do|will)\s+you\s+(?:ever\s+|even\s+|actually\s+|really\s+)?(?:forget|delete|erase)\s+"
    r"(?:things|stuff|anything|memories)\b(?=\s*(?:[,?]|$|at\s+all|like\b|such\b))"
    r"|\b(?:tu\s+peux|peux-tu|est-ce\s+que\s+tu\s+peux)\s+(?:oublier|effacer)\s+des\s+(?:choses|trucs|souvenirs)\b"
    r"|你(?:能|可以|会)(?:忘记|忘掉|删掉|删除)(?:东西|事情|记忆)(?:吗|么)",
    re.I,
)

#: A wish addressed to the assistant that it forget (module docstring): the frame up to the verb,
#: rewritten to the plain lead. fr « j'aimerais (bien) que tu puisses oublier », « si seulement tu
#: pouvais oublier »; ms "kalaulah awak boleh lupa(kan)", "harap awak dapat lupa". English "I wish
#: you could forget" and 真希望你能忘了 were read already ("you could", 你能 + 忘了 + the user's words).
_FR_WISH = re.compile(
    r"\b(?:(?:j'aimerais|je\s+voudrais|je\s+souhaite|je\s+souhaiterais|j'aurais\s+aimé|j'aurais\s+voulu)"
    r"(?:\s+(?:bien|tant|tellement|vraiment))?\s+que\s+(?:tu\s+(?:puisses|pourrais)|vous\s+(?:puissiez|pourriez))"
    r"|si\s+seulement\s+(?:tu\s+pouvais|vous\s+pouviez))\s+(?=oublier|effacer)",
    re.I,
)
_MS_WISH = re.compile(
    r"\b(?:kalaulah|kalau\s+lah|alangkah\s+baik(?:nya)?\s+(?:kalau|jika)|(?:saya\s+|aku\s+)?(?:harap|berharap)"
    r"|(?:saya\s+|aku\s+)?nak\s+sangat)\s+(?:awak|kau|ko|engkau|anda|you)\s+(?:boleh|dapat|mampu)\s+"
    r"(?:lupa(?:kan)?)\b",
    re.I,
)
_QUESTION = re.compile(r"[?？]\W*$")


def plain_request(folded: str) -> str:
    """``folded`` (a sentence, NFKC-folded, ASCII apostrophes) with each polite frame replaced
    by the plain lead "please" / « stp » and each question about the assistant's memory by
    spaces (module docstring)."""
    text = _ABOUT_MEMORY.sub(lambda m: " " * len(m.group()), folded)
    text = _MIND.sub(lambda m: " please " + ("don't " if m.group("neg") else "") + _GERUNDS[m.group("g").lower()], text)
    text = _EN_FRAMES.sub(" please ", text)
    text = _FR_BOTHER.sub(" stp ", text)
    text = _MS_WISH.sub(" tolong lupakan", _FR_WISH.sub(" stp ", text))
    frame = _FR_ANYWHERE if _QUESTION.search(text) else _FR_OPENING
    return frame.sub(" stp ", text)


#: A verb of speech and a colon: what follows is someone's words — unless the user is among the
#: speakers (:data:`_FIRST_PERSON` in the frame before the verb: "As I said:", "As we said:",
#: « Comme je te l'ai dit : », « Comme on a dit : », 就像我们说的：, "Macam kita cakap:").
_REPORTED = re.compile(
    r"\b(?:asked|asks|said|says|told|tells|goes|went|replied|wrote|texted|messaged|yelled|shouted|demandé|demande"
    r"|dit|répondu|répond|écrit|tanya|bertanya|kata|berkata|cakap|bagitahu|beritahu|tulis)\b"
    r"(?:\s+(?:me|him|her|them|us|moi|lui|saya|aku|dia|kami))?\s*[:：]"
    r"|(?:问|说|讲)(?:过)?(?:的)?(?:我|他|她|他们|她们)?[:：]",
    re.I,
)
#: "As / like she said, …", « Comme elle m'a dit, … », 就像她说的，…, "Macam dia cakap, …": someone's
#: words reported after a comma (the frame's subject read as in :data:`_REPORTED`).
_AS_SAID = re.compile(
    r"\b(?:as|like|comme|macam|seperti|sebagaimana)\s+(?:[\w']+\s+){0,3}?"
    r"(?:said|says|told\s+(?:me|us|him|her)|put\s+it|(?:m'|nous\s+|l'|me\s+l'|te\s+l')?(?:a|avait|ont)\s+dit|disait"
    r"|cakap|kata|beritahu(?:\s+(?:saya|aku))?)\s*[,，]"
    r"|(?:正如|就像|像)[^，,。：:]{1,8}?(?:说|讲)(?:过)?的[，,]",
    re.I,
)
#: The user among the speakers of a frame: I / we, je / j' / nous / on, saya / aku / kami / kita, 我 / 我们
#: (not 我朋友 / 我妈: the user's relative speaks).
_FIRST_PERSON = re.compile(
    r"\b(?:i|we)\b|\bje\s+(?:(?:te|vous|lui|leur|ne)\s+)?(?:l'|le\s+|la\s+)?(?:ai|avais|dis|disais|répète|demande|écris)\b"
    r"|\bj'(?:ai|avais)\b|\bnous\s+(?:avons|avions|disions|l'avons)\b|\bon\s+(?:a|avait|l'a|s'est|se|disait)\b"
    r"|(?:^\W*|\b(?:macam|seperti|sebagaimana|yang|dan|tapi)\s+)(?:saya|aku|kami|kita)\s+(?:(?:dah|sudah|pernah|selalu|kan)\s+)?"
    r"(?:cakap|kata|tanya|beritahu|bagitahu|sebut|tulis|berkata|bertanya|cerita)\b"
    r"|我们|我(?=说|讲|跟|和|对|刚|已经|早就|也|都|不是)",
    re.I,
)
_FRAME_START = re.compile(r"[.!?;,，。！？；]")


def _reported_by_others(folded: str) -> bool:
    """Whether a frame of reported speech (:data:`_REPORTED`, :data:`_AS_SAID`) in ``folded``
    has no first-person speaker before its verb."""
    for pattern in (_REPORTED, _AS_SAID):
        for found in pattern.finditer(folded):
            before = folded[: found.start()]
            cut = max((m.end() for m in _FRAME_START.finditer(before)), default=0)
            frame = folded[cut : found.end()]
            # "as X said," holds its verb ("Macam saya cakap,"); a reported frame's speaker
            # stands before its verb, read up to 12 characters past the frame's start
            upto = found.end() - cut if pattern is _AS_SAID else found.start() - cut + 12
            if not _FIRST_PERSON.search(frame[:upto]):
                return True
    return False


#: The user's own inability, said alone after a question.
_CANT = re.compile(
    r"^\W*(?:(?:but|and|well|because|cause|coz)\s+)?(?:me,?\s+)?i\s+(?:just\s+|really\s+|still\s+)?"
    r"(?:can't|cannot|can\s+not|couldn't|could\s+not)"
    r"(?:\s+(?:forget(?:\s+(?:it|him|her|them|that))?|either|do\s+it|stop\s+thinking\s+about\s+it))?\W*$"
    r"|^\W*(?:mais\s+)?(?:moi,?\s+)?je\s+(?:ne\s+)?(?:peux|pourrais|arrive)\s+pas(?:\s+l'oublier)?\W*$"
    r"|^\W*(?:mais\s+)?(?:moi,?\s+)?je\s+n'y\s+arrive\s+pas\W*$"
    r"|^\W*(?:但是?|可是)?我(?:可|就|真的|根本|还是)?(?:做不到|办不到|忘不了|忘不掉|没办法|不行)\W*$"
    r"|^\W*(?:tapi\s+)?(?:saya|aku)\s+(?:tak|tidak|x)\s+(?:boleh|dapat|mampu|sanggup)(?:\s+(?:lupakan|lupa)(?:\s+(?:dia|ia))?)?\W*$",
    re.I,
)


def not_asked(folded: str, after: str) -> bool:
    """Whether a request sentence ``folded`` (NFKC-folded, ASCII apostrophes) asks nothing of
    the assistant: someone else's words, reported after a verb of speech and a colon, or a
    question the user answers in ``after`` (the next sentence, folded) with their own
    inability said alone (module docstring)."""
    if _reported_by_others(folded):
        return True
    return bool(_QUESTION.search(folded) and _CANT.search(after))


#: Words of the frames, left out of a request's topic (keys).
FRAME_WORDS = frozenset(
    """kindly mind kind enough possibly perhaps maybe appreciate grateful thankful glad happy think possible
    pourrais pourriez voudrais voudriez veux voulez bien serais seriez gentil gentille gentils sympa adorable ange
    aimable aimables est-ce derangerait ennuierait embeterait generait confie confies
    forgetting deleting erasing removing
    boleh sudi ke
    wish aimerais voudrais souhaite souhaiterais aurais aime voulu puisses puissiez pouvais pouviez seulement
    kalaulah alangkah harap berharap lupa mampu dapat""".split()
) | frozenset(("能否", "能不能", "可不可以", "可以", "能", "吗"))
