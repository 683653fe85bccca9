"""Relatives named by their relation, in four languages, and the names a text gives them
(pure, no model).

A user asks about "ma fille", "my husband", "女儿", "kakak saya"; the memory that answers
may be in another language ("Hari jadi Jia Xin…", "大姐美华…", "Wai Keong's helmet…"). The
relation words are one concept across languages, and a store that once said "The user's
son, Jun Hao, …" or « La fille de l'utilisatrice, Jia Xin, … » tells which name goes with
which relation — a name is written the same in every Latin-script language.

- :func:`kin_concepts`: the relations a text names, as concept labels (``"daughter"``,
  ``"son"``, ``"child"``, ``"husband"``, ``"wife"``, ``"mother"``, ``"father"``,
  ``"sister"``, ``"brother"``, ``"sibling"``, ``"parent_in_law"``, ``"sibling_in_law"``,
  ``"grandchild"``, ``"grandparent"``). EN "daughter", "husband", "mum", "sister-in-law";
  FR « fille » (not « petite-fille », « belle-fille », « jeune fille »), « mari », « sœur »,
  « belle-mère »; ZH 女儿, 丈夫 / 老公, 妈妈, 大姐 (not 小姐), 婆婆; MS "anak perempuan",
  "anak dara", "suami" / "laki", "mak" (not "makcik"), "kakak", "ibu mertua", with the
  possessive "-nya" ("suaminya").
- :func:`kin_names`: ``(concept, name)`` pairs a text gives: a relation word, an optional
  owner ("of the user", « de l'utilisatrice », "pengguna", "saya") and a comma, then one to
  three capitalised words ("The user's son, Jun Hao, is…" → ``("son", "Jun Hao")``).
  Chinese names are not read (the characters after 女儿 are as often a verb as a name).
- :func:`broader`: the concepts a memory may name for a question's concept: a question
  about a child ("anak saya", "mes enfants") is answered by a son's or a daughter's memory,
  one about a sibling ("adik") by a brother's or a sister's.
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import nfkc_casefold
from souvenir.lexical.text_cache import text_cache

__all__ = ["KIN_CONCEPTS", "broader", "kin_concepts", "kin_names", "word_kin"]

# Latin-script words: \b boundaries on the folded text (casefold keeps "œ" and accents).
_LATIN: dict[str, str] = {
    "daughter": r"daughters?|(?<!petite-)(?<!belle-)(?<!jeune )filles?|anak (?:perempuan|dara|gadis)",
    "son": r"(?:(?<=my )|(?<=his )|(?<=her )|(?<='s )|(?<=our )|(?<=their )|(?<=your )|(?<=the )|(?<=a ))sons?|(?<!petit-)(?<!beau-)fils|anak (?:lelaki|laki-laki|teruna)",
    "child": r"child|children|kids?|(?<!petits-)(?<!petit-)enfants?|(?<!petits-)anak(?!-anak saudara)(?! (?:perempuan|dara|gadis|lelaki|laki-laki|teruna|saudara|patung|buah|tangga|kunci|syarikat|panah|mata|sungai|kapal)\b)",
    "husband": r"husbands?|(?:mon|son|ton|le|du|au|leur|votre|notre) mari|suami|laki(?!-laki)",
    "wife": r"wife|wives|(?:ma|sa|ta|votre|notre) femme|[ée]pouse|isteri|bini",
    "mother": r"mother(?!-in-law)|mom|mum|mommy|mummy|mama|(?<!belle-)(?<!grand-)m[èe]re|maman|ibu(?! (?:mertua|bapa|kota|jari|pejabat)\b)|emak(?! (?:mertua|mentua)\b)|mak(?! (?:mertua|mentua)\b)",
    "father": r"father(?!-in-law)|dad|daddy|papa|(?<!beau-)(?<!grand-)p[èe]re|bapa(?! mertua\b)|ayah(?! mertua\b)|abah",
    "sister": r"sisters?(?!-in-law)|(?<!belle-)s(?:œ|oe)urs?|kakak(?! ipar\b)|adik perempuan",
    "brother": r"brothers?(?!-in-law)|(?<!beau-)fr[èe]res?|abang(?! ipar\b)|adik lelaki",
    "sibling": r"siblings?|adik(?! (?:perempuan|lelaki|ipar)\b)|adik-beradik",
    "parent_in_law": r"(?:mother|father|parents?)-in-law|belle-m[èe]re|beau-p[èe]re|beaux-parents|(?:ibu|bapa|emak|mak|ayah) (?:mertua|mentua)|mertua|mentua",
    "sibling_in_law": r"(?:sister|brother)s?-in-law|belle-s(?:œ|oe)urs?|beaux?-fr[èe]res?|(?:kakak|abang|adik) ipar|ipar",
    "grandchild": r"grandsons?|granddaughters?|grandchild(?:ren)?|grandkids?|petite?s?-(?:fils|filles?|enfants?)|cucu",
    "grandparent": r"grandm(?:a|other)|grandp(?:a|arents?|father)|grand-m[èe]re|grand-p[èe]re|mamie|papi|papy|nenek|atuk",
}
# Chinese: substrings (no word boundary).
_HAN: dict[str, str] = {
    "daughter": r"女儿|闺女",
    "son": r"儿子",
    "child": r"孩子|小孩",
    "husband": r"丈夫|老公",
    "wife": r"妻子|老婆",
    "mother": r"(?<![姑舅姨])妈妈|(?<![姑舅姨老])妈(?!妈)|母亲|老妈",
    "father": r"爸爸|父亲|老爸|(?<!爸)爸(?!爸)",
    "sister": r"姐姐|妹妹|[大二三]姐|(?<![小大二三姐])姐(?!姐|夫)|(?<!妹)妹(?!妹|夫)",
    "brother": r"哥哥|弟弟|(?<![哥大表堂])哥(?!哥)|(?<![弟徒表堂兄])弟(?!弟|媳)",
    "sibling": r"兄弟姐妹|兄弟|姐妹",
    "parent_in_law": r"婆婆|公公|岳母|岳父|丈母娘|老丈人",
    "sibling_in_law": r"嫂子|大嫂|弟媳|姐夫|妹夫|小姑子|小叔子",
    "grandchild": r"孙子|孙女|外孙女?",
    "grandparent": r"奶奶|爷爷|外婆|外公|姥姥|姥爷",
}
KIN_CONCEPTS = tuple(_LATIN)

_ANY_LATIN = re.compile(r"\b(?:" + "|".join(f"(?P<{k}>{v})" for k, v in _LATIN.items()) + r")(?:nya)?\b")
_ANY_HAN = re.compile("|".join(f"(?P<{k}>{v})" for k, v in _HAN.items()))
# A cheap first look (most memories name no relative): a word or a character the patterns
# start from, before the patterns themselves run.
_TRIGGERS = frozenset(
    "daughter daughters fille filles anak son sons fils child children kid kids enfant enfants husband husbands"
    " mari suami laki wife wives femme épouse epouse isteri bini mother mom mum mommy mummy mama mère mere maman"
    " ibu emak mak father dad daddy papa père pere bapa ayah abah sister sisters sœur sœurs soeur soeurs kakak"
    " adik brother brothers frère frères frere freres abang sibling siblings parent parents mertua mentua ipar"
    " grandson grandsons granddaughter granddaughters grandchild grandchildren grandkid grandkids grandma"
    " grandmother grandpa grandfather grandparents grand petit petite petits petites cucu nenek atuk mamie papi"
    " papy belle beau beaux".split()
)
_HAN_TRIGGERS = frozenset("女儿孩丈老公妻婆妈母爸父姐妹哥弟兄岳孙奶爷外姥嫂媳闺大二三小")
_WORD = re.compile(r"\w+")


def _latin_matches(folded: str) -> list[re.Match[str]]:
    """The relation patterns' matches, tried only where a trigger word starts (or the word
    before it: « ma femme », "(?<=my )son")."""
    found: list[re.Match[str]] = []
    previous = -1
    end = 0
    for w in _WORD.finditer(folded):
        word = w.group()
        if w.start() >= end and (word in _TRIGGERS or (word.endswith("nya") and word[:-3] in _TRIGGERS)):
            m = _ANY_LATIN.match(folded, w.start())
            if m is None and previous >= end:
                m = _ANY_LATIN.match(folded, previous)
            if m is not None:
                found.append(m)
                end = m.end()
        previous = w.start()
    return found


def _han_concepts(folded: str) -> set[str]:
    found: set[str] = set()
    for i, ch in enumerate(folded):
        if ch in _HAN_TRIGGERS:
            m = _ANY_HAN.match(folded, i)
            if m is not None and m.lastgroup:
                found.add(m.lastgroup)
    return found


_BROADER = {
    "child": frozenset({"child", "son", "daughter"}),
    "sibling": frozenset({"sibling", "sister", "brother"}),
    "sister": frozenset({"sister", "sibling"}),
    "brother": frozenset({"brother", "sibling"}),
    "son": frozenset({"son", "child"}),
    "daughter": frozenset({"daughter", "child"}),
}

# After the relation word: an owner, then the name ("The user's son, Jun Hao", « La fille
# de l'utilisatrice, Jia Xin », "Anak lelaki pengguna, Jun Hao", "her sister Soizic").
_OWNER = r"(?:\s+(?:of the user|de l['’]utilisat(?:eur|rice)|du user|pengguna|saya|aku|kami|dia|mereka))?"
_NAME = r"((?:[A-Z][a-zà-öø-ÿ'-]+)(?:\s+[A-Z][a-zà-öø-ÿ'-]+){0,2})"
_NAME_AFTER = re.compile(_OWNER + r",?\s+" + _NAME)
_POSSESSIVE_BEFORE = re.compile(
    r"(?:'s|\b(?:my|his|her|their|our|your))\s+(?:(?:older|younger|elder|big|little|eldest|youngest)\s+)?$"
)
# Capitalised words that open a clause or a place, not a name.
_NOT_NAMES = frozenset(
    "The A An In On At For And But Le La Les Un Une Au En Et Mais Pour Dia Di Ke Dan Pada Yang I He She They"
    " Il Elle".split()
)


@text_cache(200_000)
def kin_concepts(text: str) -> frozenset[str]:
    """The relation concepts ``text`` names (see the module), empty when none."""
    folded = nfkc_casefold(text)
    found = {m.lastgroup for m in _latin_matches(folded)}
    if not _HAN_TRIGGERS.isdisjoint(folded):
        found |= _han_concepts(folded)
    found.discard(None)
    return frozenset(str(k) for k in found)


def word_kin(word: str) -> frozenset[str]:
    """The relation concepts of one word standing alone (a request's topic word): as
    :func:`kin_concepts`, and "son" / "sons" the son — in a text it is read only after an
    English possessive or article, French « son » being "his"; a request's topic keeps it only
    where English said it (``souvenir.lexical.forget_cues``)."""
    found = kin_concepts(word)
    if not found and nfkc_casefold(word) in ("son", "sons"):
        return frozenset({"son"})
    return found


@text_cache(200_000)
def kin_names(text: str) -> tuple[tuple[str, str], ...]:
    """``(concept, name)`` pairs ``text`` gives (see the module); names as written."""
    # the folded text keeps the original's length here (Latin letters, apostrophes and
    # hyphens fold one to one), so positions read on it are positions in ``text``
    folded = nfkc_casefold(text)
    if len(folded) != len(text):
        return ()
    pairs: list[tuple[str, str]] = []
    for m in _latin_matches(folded):
        concept = m.lastgroup
        after = _NAME_AFTER.match(text, m.end())
        if concept is None or after is None:
            continue
        # without a comma the name is the relation's only after an English possessive
        # ("the user's son Jason", "her sister Soizic"); « la mère de Hafiz », "ibu Hafiz"
        # name the person whose relative it is
        if "," not in after.group(0) and not _POSSESSIVE_BEFORE.search(folded, 0, m.start()):
            continue
        words = after.group(1).split()
        while words and words[0] in _NOT_NAMES:
            words.pop(0)
        name = " ".join(words)
        name = re.sub(r"'s?$", "", name)
        if name and name.split()[0] not in _NOT_NAMES:
            pairs.append((concept, name))
    return tuple(pairs)


def broader(concept: str) -> frozenset[str]:
    """The concepts whose memories answer a question about ``concept``."""
    return _BROADER.get(concept, frozenset({concept}))
