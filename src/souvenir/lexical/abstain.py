"""A diet said as who one is, read as what one does not eat (pure; issue #26).

"Is a vegetarian" and "Started eating meat again" are the same proposition with opposite
signs, as "Doesn't eat meat" and "Eats meat" are: a vegetarian (vegan) eats no meat. The
identity words are rewritten, token by token, into the abstention they mean before a
proposition is read (:func:`souvenir.lexical.proposition.proposition`):

    vegetarian, vegan          → not eat meat        (en; ms uses the same words)
    végétarien(ne), végan(e)   → pas mange viande    (fr)
    素食者, 素食主义者, 吃素      → 不 吃肉              (zh; 开荤 "breaks the fast" → 吃肉)

"Went back to being" and « redevenu(e) » are "again" before such a word. So "Went back to
being vegetarian" retires "Started eating meat again", « Remange de la
viande » retires « Est végétarienne », 又开始吃肉了 retires 吃素, "Dah makan daging balik"
retires "Seorang vegetarian". Tests: ``tests/test_keys_round8.py``.
"""

from __future__ import annotations

__all__ = ["abstentions"]

_REWRITE: dict[str, list[str]] = {
    **{w: ["not", "eat", "meat"] for w in ("vegetarian", "vegetarians", "vegan", "vegans", "veggie")},
    **{
        w: ["pas", "mange", "viande"]
        for w in ("végétarien", "végétarienne", "végétariens", "végétariennes", "végan", "végane", "vegane")
    },
    **{w: ["不", "吃肉"] for w in ("素食者", "素食主义者", "吃素", "素食")},
    "开荤": ["吃肉"],
}
#: Malay says "makan daging" where English says "eat meat".
_MS = {"not": "tak", "eat": "makan", "meat": "daging"}
_NEGATORS = frozenset(
    {"not", "n't", "no", "never", "pas", "plus", "jamais", "不", "不是", "没", "bukan", "tak", "tidak"}
)
_ARTICLES = frozenset({"a", "an", "un", "une", "seorang", "是", "一个", "一名"})
_MS_WORDS = frozenset(
    "seorang saya aku dah sudah makan daging balik semula kembali jadi menjadi sekarang kini tak tidak lagi "
    "masih pengguna ialah adalah bukan".split()
)


_BECOME_AGAIN = frozenset({"redevenu", "redevenue", "redevenus", "redevenues", "redevient", "redeviens"})
_GO = frozenset({"went", "gone", "go", "goes", "going", "got", "get", "gets"})


def _back_to_being(tokens: list[str]) -> list[str]:
    """ "Went back to being vegetarian", « Est redevenue végétarienne »: the identity again."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if tokens[i] in _BECOME_AGAIN:
            out.append("again")
            i += 1
            continue
        at = i + 1 if tokens[i] in _GO else i
        if tokens[at : at + 3] == ["back", "to", "being"]:
            out.append("again")
            i = at + 3
            continue
        out.append(tokens[i])
        i += 1
    return out


def abstentions(tokens: list[str]) -> list[str]:
    """``tokens`` with each diet identity written as its abstention (module docstring)."""
    if not any(t in _REWRITE for t in tokens):
        return tokens
    tokens = _back_to_being(tokens)
    malay = any(t in _MS_WORDS for t in tokens)
    out: list[str] = []
    for token in tokens:
        words = _REWRITE.get(token, [token])
        if token in _REWRITE:
            while out and out[-1] in _ARTICLES:
                out.pop()
            if out and out[-1] in _NEGATORS:  # "Is not vegetarian", 不是素食者: eats meat
                out.pop()
                words = words[1:]
                for back in (1, 2):  # « N'est plus végétarienne »: its "ne" too
                    if len(out) >= back and out[-back] in ("ne", "n'"):
                        del out[-back]
                        break
            if malay:
                words = [_MS.get(w, w) for w in words]
        out.extend(words)
    return out
