"""Text normalisation shared by deduplication, carriers and tokens.

``normalize`` is the single place where two spellings of the same words are made
equal. Everything downstream (content words, carrier tokens, the sequence ratio)
reads its output, never the raw text.
"""

from __future__ import annotations

import re
import unicodedata

from souvenir.lexical.cache_size import TEXT_CACHE
from souvenir.lexical.text_cache import text_cache

__all__ = ["normalize", "nfkc_casefold", "nfkc_fold", "strip_accents", "key_of", "fold_words"]

# Typographic apostrophes and hyphens folded to ASCII. NFKC keeps U+2019 and maps
# the non-breaking hyphen U+2011 to U+2010, so both need an explicit table.
_FOLD = str.maketrans(
    {
        "\u2019": "'",  # right single quotation mark, the French typographic apostrophe
        "\u2018": "'",
        "\u02bc": "'",  # modifier letter apostrophe
        "\u2032": "'",  # prime, produced by some keyboards
        "`": "'",  # a grave accent typed for an apostrophe
        "\u2010": "-",
        "\u2011": "-",
        "\u00ad": None,  # soft hyphen
        "\u200b": None,  # zero-width space
        "\u200c": None,
        "\u200d": None,
        "\u2060": None,  # word joiner
        "\ufeff": None,
    }
)

# After NFKC, the no-break space (U+00A0), the narrow no-break space (U+202F), the
# thin space (U+2009) and the figure space (U+2007) are all plain spaces. A group of
# 1-3 digits followed by groups of exactly three digits is one number written with
# thousands separators: "1 250 €" == "1250 €". The look-arounds keep "12" from ever
# being read as part of "2", and keep decimals ("3,5 250") from being glued.
_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?: \d{3})+(?!\d)")
_SPACES = re.compile(r"\s+")


def nfkc_fold(text: str) -> str:
    """NFKC and apostrophe/hyphen folding, case kept (``keys.py`` reads capitals)."""
    return unicodedata.normalize("NFKC", text).translate(_FOLD)


def nfkc_casefold(text: str) -> str:
    """NFKC, apostrophe/hyphen folding and casefold, without any other change.

    This is the comparison used by the shared test cases' "contains" checks.
    """
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    return unicodedata.normalize("NFKC", text.casefold())


@text_cache(TEXT_CACHE)
def normalize(text: str) -> str:
    """Return the comparison form of ``text``.

    Steps: NFKC; typographic apostrophe ``’`` → ``'``; non-breaking hyphens → ``-``;
    casefold; thousands separators removed inside numbers ("1 250" → "1250", whatever
    the space character); runs of whitespace collapsed to one space; ends stripped.

    >>> normalize("Le  Contrat\u00a0: 1\u202f250 €")
    'le contrat : 1250 €'
    """
    text = nfkc_casefold(text)
    text = _SPACES.sub(" ", text).strip()
    return _THOUSANDS.sub(lambda m: m.group().replace(" ", ""), text)


def strip_accents(text: str) -> str:
    """Accents removed, ligatures spelled out: ``déteste`` -> ``deteste``, ``sœur`` -> ``soeur``."""
    text = text.replace("œ", "oe").replace("æ", "ae").replace("Œ", "OE").replace("Æ", "AE")
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def key_of(word: str) -> str:
    """The lexicon key of a word: :func:`nfkc_casefold` and accent-free (the filters' word lists)."""
    return strip_accents(nfkc_casefold(word))


def fold_words(text: str) -> str:
    """Key form with hyphens read as spaces and runs of spaces collapsed: "Île-de-France"
    -> "ile de france" (the keyed values' place lists)."""
    return " ".join(key_of(text).replace("-", " ").split())
