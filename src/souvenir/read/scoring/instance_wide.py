"""The instances a memory names beyond the kind lexicon's words (pure, no model): venues,
gatherings, titles.

:mod:`souvenir.read.scoring.instance_kinds` reads an instance by its word ("hiking",
« poterie », 吉他); a third of the evidence of LoCoMo's kind questions names none it knows
(docs/journal.md, "Session 19, lane recall4"), of three kinds:

- *a venue* for the places asked ("a new cafe in town", « un petit café », 咖啡馆,
  "kafe baru");
- *a gathering* for the events asked ("a support group", "a food drive", « un groupe de
  parole », 读书会, "kumpulan sokongan");
- *a title* for the books, films, songs and games asked: a quoted name ("The Alchemist",
  « Les Misérables », 《红楼梦》, 「千与千寻」) or a capitalised name right after a verb of the
  kind ("reading Harry Potter", « j'ai lu Germinal », "menonton Ejen Ali").

:func:`wide_kinds` reads them, each rule in English, French, Chinese and Malay; the words
were written from the four languages' everyday vocabulary of each kind. Linear time:
one pass of dictionary lookups over the tokens, two regular-expression scans without
nested repetition; inputs read up to 16 KiB. Used by ``ScoringConfig.kind_wide``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from souvenir.lexical import nfkc_casefold

__all__ = ["TITLE_KINDS", "wide_kinds"]

#: The kinds a title is an instance of.
TITLE_KINDS = frozenset({"book", "screen", "music", "game"})

# kind → words (en | fr | zh | ms; "_" joins a phrase of two words)
_WIDE: dict[str, str] = {
    "place": "cafe café cafes coffee_shop restaurant restaurants diner bistro bakery bar pub park parks "
    "lake mountain mountains gallery zoo aquarium theater theatre stadium arena mall market shop "
    "store hotel resort island downtown neighborhood neighbourhood venue spot convention "
    "| café cafés bistrot boulangerie bar pub parc parcs lac montagne galerie zoo aquarium théâtre "
    "stade centre_commercial marché boutique magasin hôtel île quartier "
    "| 咖啡馆 咖啡店 餐厅 饭店 餐馆 面包店 酒吧 公园 湖边 山上 画廊 动物园 水族馆 剧院 体育场 商场 "
    "市场 商店 酒店 海岛 市中心 "
    "| kafe kedai_kopi restoran kedai_makan bar taman tasik gunung galeri zoo akuarium teater "
    "stadium pasar kedai hotel pulau",
    "event": "group groups support_group program programme fair fairs food_drive blood_drive "
    "toy_drive charity_run fun_run walkathon networking mentorship open_mic poetry_reading "
    "book_club club meeting gathering reunion screening premiere expo retreat summit hackathon "
    "carnival bake_sale "
    "| groupe groupes groupe_de_parole réunion rassemblement foire kermesse programme collecte soirée "
    "club projection avant-première vente_de_charité course_solidaire "
    "| 互助小组 小组 集会 博览会 展会 募捐 义卖 读书会 见面会 俱乐部 晚会 首映 放映 研讨会 夏令营 嘉年华 庙会 "
    "| kumpulan kumpulan_sokongan mesyuarat perhimpunan program karnival kutipan jualan_amal "
    "larian_amal kelab tayangan",
    "sport": "kickboxing muay_thai mma zumba spinning lacrosse softball "
    "| kick-boxing boxe_thaï zumba | 泰拳 搏击 散打 尊巴 | tomoi muay_thai zumba",
}
_WIDE["activity"] = _WIDE["sport"]


def _index() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for kind, spec in _WIDE.items():
        for word in spec.replace("|", " ").split():
            out.setdefault(nfkc_casefold(word.replace("_", " ")), set()).add(kind)
    return {w: frozenset(k) for w, k in out.items()}


def _is_han(word: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in word)


_WORDS = _index()
_LATIN = {w: k for w, k in _WORDS.items() if not _is_han(w)}
_FORMS: dict[str, frozenset[str]] = {}
for _w in sorted(_LATIN, key=len, reverse=True):
    for _suffix in ("", "s", "es"):
        _FORMS.setdefault(_w + _suffix, _LATIN[_w])
_HAN = {w: k for w, k in _WORDS.items() if _is_han(w)}
_HAN_LONGEST = max(map(len, _HAN), default=1)
_PHRASE_FIRST = frozenset(w.split(" ")[0] for w in _LATIN if " " in w)
_TOKEN = re.compile(r"([\w'-]+)( (?=[\w'-]))?")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")

# a quoted name: "…" / “…” / « … » / 《…》 / 「…」 / '…' (a capital first, for the two ASCII quotes)
_QUOTED = re.compile(
    r'"[A-Z0-9][^"\n]{1,60}"|“[^”\n]{2,60}”|«[^»\n]{2,60}»|《[^》\n]{1,40}》|「[^」\n]{1,40}」'
    r"|(?<![\w'])'[A-Z][^'\n]{1,60}'(?![\w])"
)
# a capitalised name right after a verb of reading, watching, playing or listening
_TITLED = re.compile(
    r"\b(?:read|reading|reread|finished|watched|watching|rewatched|played|playing|listening\sto|listened\sto"
    r"|lu|lire|relu|regardé|regarder|joué\sà|jouer\sà|écouté|écouter"
    r"|membaca|baca|menonton|tonton|bermain|main|mendengar|dengar)\s+"
    r"(?:the\s|le\s|la\s|les\s)?[A-Z][\w'’-]+"
)
_LIMIT = 16_384


@lru_cache(maxsize=200_000)
def wide_kinds(text: str) -> frozenset[str]:
    """The kinds ``text`` names an instance of by this module's rules: a venue (place), a
    gathering (event), a sport the lexicon lacks (sport, activity), a title (book, screen,
    music, game). Empty when it names none."""
    text = text[:_LIMIT]
    found: set[str] = set()
    if _QUOTED.search(text) or _TITLED.search(text):
        found |= TITLE_KINDS
    folded = nfkc_casefold(text).replace("’", "'")
    tokens = _TOKEN.findall(folded)
    i, n = 0, len(tokens)
    while i < n:
        word, space = tokens[i]
        if space and word in _PHRASE_FIRST and i + 1 < n:
            hit = _FORMS.get(word + " " + tokens[i + 1][0])
            if hit:
                found |= hit
                i += 2
                continue
        hit = _FORMS.get(word)
        if hit:
            found |= hit
        i += 1
    for run in _HAN_RUN.finditer(folded):
        chars, k = run.group(), 0
        while k < len(chars):
            for size in range(min(_HAN_LONGEST, len(chars) - k), 0, -1):
                hit = _HAN.get(chars[k : k + size])
                if hit:
                    found |= hit
                    k += size
                    break
            else:
                k += 1
    return frozenset(found)
