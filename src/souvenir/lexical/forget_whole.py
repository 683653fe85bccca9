"""A request to forget *everything about the user* (pure): "forget everything about me",
« oublie tout sur moi », 忘掉关于我的一切, "lupakan semua tentang saya" — and what keeps a
sentence from being one: a hedge, a wish, a supposition, quotation marks, a frame other than
words of address, a third person speaking, a question other than a polite one, or words after
it taking it back. Read by :func:`souvenir.lexical.forget_cues.forget_requests` for each
request sentence (``everything`` / ``whole`` of a :class:`~souvenir.lexical.forget_cues.ForgetRequest`).

Shapes::

    EVERYTHING.search("forget everything about me")          -> a match ("everything")
    asks_whole("forget everything about me")                 -> True
    asks_whole("if i asked you to forget everything about me") -> False
    taken_back(" just kidding!")                              -> True
"""

from __future__ import annotations

import re

from souvenir.lexical import lexicon as lx
from souvenir.lexical.normalize import nfkc_fold

__all__ = ["SINGLE_QUOTED", "EVERYTHING", "WHOLE", "asks_whole", "taken_back"]

#: "everything", "all", « tout », 所有 / 全部, "semua": a request for every memory it names —
#: not the intensifiers "at all", "all right", "after all", « du tout », « tout à fait », « tout
#: de suite » (Malay "sama sekali" / "langsung" and Chinese 根本 / 完全 / 一点都 are no cue either).
EVERYTHING = re.compile(
    r"\b(?:everything|(?<!\bat\s)(?<!\bafter\s)all(?!\s+right\b)|every|(?<!\bdu\s)tout(?!\s+(?:à\s+fait|de\s+suite|à\s+l'heure)\b)"
    r"|toutes?|tous|semua|segala)\b|所有|全部|一切",
    re.I,
)


#: "Everything about me": the request names the user as a whole, not one topic — "everything
#: (you know) about me", "all about me", "all my memories / data / info", "everything I've
#: told you"; « tout ce que tu sais sur moi », « tout sur moi », « tout ce que je t'ai dit »,
#: « toutes mes données / infos »; 关于我的一切 / 所有, 我的所有信息, 我跟你说过的所有;
#: "semua tentang saya", "segala-galanya pasal saya", "semua maklumat saya", "semua yang saya
#: pernah cakap".
_WHOLE = re.compile(
    r"\b(?:everything|all|anything)\s+(?:(?:that\s+)?you\s+(?:know|have|remember|stored?|kept)\s+|you've\s+got\s+)?"
    r"(?:about|on|of|regarding)\s+me\b"
    r"|\ball\s+(?:of\s+)?my\s+(?:data|memories|info|information|details|personal\s+(?:data|info|information))\b"
    r"|\b(?:everything|all)\s+(?:that\s+)?i(?:'ve|\s+have)?\s+(?:ever\s+)?(?:told|said\s+to|shared\s+with)\s+you\b"
    r"|\btout\s+(?:ce\s+que\s+tu\s+(?:sais|as|retiens|gardes)\s+)?(?:sur|de)\s+moi\b|\btout\s+à\s+mon\s+sujet\b"
    r"|\btout\s+ce\s+que\s+je\s+t'ai\s+(?:jamais\s+)?(?:dit|raconté|confié)\b"
    r"|\btoutes?\s+mes\s+(?:données|informations|infos|souvenirs)\b"
    r"|(?:关于|有关)我的(?:一切|所有|全部)|我的(?:一切|所有|全部)(?:信息|资料|记忆|数据)?"
    r"|(?:所有|全部|一切)(?:关于|有关)我的|我(?:跟|和|对)你(?:说|讲)过的(?:所有|一切|全部)"
    r"|(?:所有|全部)我(?:跟|和|对)你(?:说|讲)过的"
    r"|\b(?:semua(?:nya)?|segala(?:-galanya)?)\s+(?:yang\s+(?:awak|kamu|anda)\s+tahu\s+)?"
    r"(?:tentang|pasal|mengenai)\s+(?:diri\s+)?(?:saya|aku)\b"
    r"|\bsemua\s+(?:maklumat|data|memori|info)\s+(?:saya|aku)\b"
    r"|\bsemua\s+yang\s+(?:saya|aku)\s+(?:pernah\s+)?(?:cakap|cerita|beritahu|kongsi)\b",
    re.I,
)
#: What narrows "everything I told you" to a topic: "…about my debts", « …sur mes dettes »,
#: "…tentang hutang saya", …关于欠钱的事 — that topic, never the user as a whole (read as whole,
#: it erased every memory of the user). ``_WHOLE`` matches only where none follows.
_NARROWED = (
    r"\s*,?\s*(?:about|on|regarding|concerning|sur|de|d'|au\s+sujet\s+d[eu']|à\s+propos\s+d[eu']|concernant"
    r"|tentang|pasal|mengenai|berkenaan(?:\s+dengan)?)\s*(?!(?:me|moi|saya|aku|diri)\b)\w"
    r"|\s*(?:关于|有关)(?!我的?(?:一切|所有|全部|信息|资料|$))"
)
_WHOLE = re.compile(rf"(?:{_WHOLE.pattern})(?!{_NARROWED})", re.I)
#: A whole request must be meant: no condition, hypothesis or hedge ("if I asked you to
#: forget everything about me…", « et si… », 要是 / 如果 / 也许, "kalau / mungkin"), no joke
#: marker; a question only in a polite frame ("can you…?", « tu peux… ? », 你能 / 能不能 /
#: 可以, "boleh tak / tolong…?"), never "do you forget everything about me when…?".
_HEDGED = re.compile(
    r"\b(?:if|unless|what\s+if|suppose|imagine|hypothetically|maybe|perhaps|might|would\s+you\s+(?:ever|really)"
    r"|jk|lol|kidding|joking|si|et\s+si|imaginons|supposons|peut-être|plaisante|blague|kalau|jika|andai|seandainya"
    r"|bayangkan|mungkin|gurau)\b|如果|要是|假如|万一|假设|也许|或许|开玩笑|会不会|是不是",
    re.I,
)
_POLITE_QUESTION = re.compile(
    r"^\W*(?:(?:please|pls)\s+)?(?:can|could|will|would)\s+you\b|^\W*(?:tu\s+(?:peux|pourrais)|(?:peux|pourrais|pouvez|pourriez)"
    r"[-\s](?:tu|vous)|est-ce\s+que\s+tu\s+(?:peux|pourrais)|vous\s+pouvez)\b|^\W*(?:你|您)?(?:能不能|可不可以|可以|能|请)"
    r"|^\W*(?:boleh|tolong|minta)\b",
    re.I,
)


#: Quotation marks: a whole request inside one is someone's words or a title ('"Forget everything
#: about me," she said', “忘掉关于我的一切”，她说, '"Lupakan semua tentang saya," kata dia').
#: Single quotation marks count too: curly ‘…’ (朋友说‘忘掉关于我的一切’), and straight '…' opening after a
#: space or a frame and closing before no letter ("Kawan saya kata 'lupakan semua tentang saya'."), never
#: an apostrophe inside a word (I'm, j'ai, 'cause I'm…) — each erased every memory (session 22, harden7).
SINGLE_QUOTED = r"(?:^|(?<=[\s:：,，(]))'(?=\S)([^']{1,400})'(?!\w)"
_QUOTES = re.compile('["“”«»「」『』„‘]|' + SINGLE_QUOTED)
#: A frame before a colon or a dash: a whole request after one is the user's only when the frame
#: is words of address ("OK, listen: …", « Bon, écoute : … », 对了：, "Satu lagi: …"); "Her last
#: text was: …", "Lyrics: …", 她最后的短信：…, "Mesej terakhir dia: …" quote someone or something.
_FRAME_END = re.compile(r"[:：]|\s[-–—]\s|[–—]")
_ADDRESS = frozenset(
    """ok okay hey hi so and also actually please pls plz just now listen look right alright seriously honestly
    one more thing last final request important note bot assistant
    bon alors écoute ecoute et aussi dernière derniere chose une important stp svp sérieusement serieusement
    dengar satu lagi penting tolong baiklah okey""".split()
) | frozenset(
    ("好", "好吧", "听着", "还有", "对了", "另外", "最后", "请", "重要", "嗯", "那么", "一件事", "还有一件事")
)
#: A wish or a supposition, not a request ("Sometimes I wish you could…", "You must forget everything
#: about me by now", « Parfois j'aimerais que… », 有时候我希望…, "Kadang-kadang saya harap…").
_SUPPOSED = re.compile(
    r"\b(?:wish(?:ed)?|sometimes|someday|one\s+day|by\s+now|probably|already|you\s+(?:must|may|might)"
    r"|parfois|des\s+fois|un\s+jour|sans\s+doute|déjà|kadang(?:-kadang)?|suatu\s+hari|agaknya|mesti\s+dah)\b"
    r"|有时候?|有一天|总有一天|真希望|大概|可能|早就",
    re.I,
)
#: Said after a whole request, takes it back or makes it a joke ("… Just kidding!", "No wait, don't",
#: « Je plaisante », 开玩笑的, 算了, "Gurau je"): with :data:`_HEDGED`, the request is no longer clear.
_RETRACTED = re.compile(
    r"\b(?:kidding|joking|jk|no\s+wait|wait|never\s*mind|don'?t|do\s+not|not\s+really|nah|haha|lol"
    r"|je\s+(?:plaisante|rigole|blague)|non\s+attends|attends|laisse\s+tomber|mdr|pas\s+vraiment"
    r"|gurau|main-main|tak\s+jadi|jangan|tunggu|haha)\b|开玩笑|逗你|算了|等等|别删|不要删|哈哈",
    re.I,
)


#: The verb of a whole request; someone else named before it speaks ("and then she goes, forget…").
_VERB = re.compile(
    r"\b(?:forget|delete|erase|wipe|oubli\w*|effac\w*|supprim\w*|lupakan|padam\w*|hapus\w*)\b|忘|删", re.I
)
_THIRD = frozenset(lx.THIRD_PERSON - {"sa", "son", "ses"})


def _framed(folded: str) -> bool:
    """A frame other than words of address before the sentence's first colon or dash, or a
    third person before the request's verb (reported speech: "and then she goes, forget
    everything about me", 她说忘掉…)."""
    verb = _VERB.search(folded)
    before = folded[: verb.start()] if verb else ""
    if any(w in _THIRD for w in re.findall(r"[\w'-]+", before.lower())) or re.search("[他她]", before):
        return True
    found = _FRAME_END.search(folded)
    if found is None:
        return False
    words = re.findall(r"[\w'\u00c0-\u00ff-]+|[\u3400-\u9fff]+", folded[: found.start()].lower())
    return any(word not in _ADDRESS for word in words)


def asks_whole(folded: str) -> bool:
    """Does a request sentence (folded) ask, clearly, to forget everything about the user?
    Not under a hedge, a wish or a supposition, inside quotation marks or after another
    frame than words of address (:data:`_QUOTES`, :func:`_framed`)."""
    if not _WHOLE.search(folded) or _HEDGED.search(folded) or _SUPPOSED.search(folded):
        return False
    if _QUOTES.search(folded) or _framed(folded):
        return False
    asks = bool(re.search(r"[?？]|吗|呢\W*$", folded))
    return not asks or bool(_POLITE_QUESTION.search(folded))


def taken_back(after: str) -> bool:
    """Whether the words after a whole request take it back or hedge it (:data:`_RETRACTED`,
    :data:`_HEDGED`): "Forget everything about me. Just kidding!" erases nothing."""
    folded = nfkc_fold(after).replace("’", "'")
    return bool(folded.strip()) and bool(_RETRACTED.search(folded) or _HEDGED.search(folded))


WHOLE = _WHOLE
