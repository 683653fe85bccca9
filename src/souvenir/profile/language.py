"""The user's language: channel code, stored value, detection (seed 001 §3 ``lang``, §5.1).

Priority (§5.1): the channel's language code for this turn (Telegram ``language_code``)
> the stored ``lang`` > detection from the message text. Codes are ISO 639-1 primary
subtags: ``zh``, ``en``, ``ms``, ``fr`` are the project's languages; any other language
that is recognised gets its best code (``id``, ``es``, ``ja``…), else ``None``.

Detection is a scoreboard, no model and no dependency:

* Scripts: each Han character is worth 0.6 to ``zh`` (one "好" is no evidence, "好的"
  is); kana → ``ja``, Hangul → ``ko``, Thai, Cyrillic, Arabic, Devanagari, Tamil,
  Hebrew, Greek → their code (0.5 per letter).
* Latin words: weighted keyword lists (function words, question words, the vocabulary of
  customer service). Tokens with a digit (SKUs, order numbers, prices) are ignored.
* Malay and Indonesian share most words. Shared words score for the Malay family; the
  family's code is ``id`` only when Indonesian-only words (``bisa``, ``mau``, ``gak``,
  ``kapan``, ``pengiriman``…) outweigh Malay-only ones (``tak``, ``nak``, ``dah``,
  ``boleh``, ``penghantaran``…): shared-only text is ``ms``, the deployment's language
  (Shopee/Lazada Malaysia). Shared case A35.
* Code-mixing: English service words (order, check, refund, parcel…) are common loans in
  Malaysian Malay; they count for English (0.25 each) only when no Malay word is present,
  and Manglish particles (lah, ah, meh…) count for Malay: "boleh check my order ah?" is
  ``ms``, "can you check my order ah?" is ``en``.
* Decision: the best score must reach 1.0 and lead the runner-up by 0.5; otherwise the
  text is no evidence (``None``): "ok", "?", "LZ-7731", "order status", "hi".
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from souvenir.lexical import nfkc_casefold

__all__ = [
    "detect_language",
    "language_scores",
    "normalize_code",
    "resolve_language",
    "update_language",
    "LanguageUpdate",
    "MIN_EVIDENCE",
    "MIN_MARGIN",
]

MIN_EVIDENCE = 1.0  # best score needed to claim a language
MIN_MARGIN = 0.5  # lead over the runner-up needed to claim it
HAN_WEIGHT = 0.6
SCRIPT_WEIGHT = 0.5
LOAN_WEIGHT = 0.25


def _words(spec: dict[float, str]) -> dict[str, float]:
    return {w: weight for weight, words in spec.items() for w in words.split()}


# English. Loans (LOANS below) are scored separately.
EN = _words(
    {
        1.0: "the is are was were be been being am my your yours you i me we our us it its this "
        "that these those what where when why how which who whom whose can could would "
        "should will shall do does did have has had not and or but with for of to from "
        "in at about still already yet just there here any some if than then get got "
        "want need know tell help buy bought send sent arrived received delivered "
        "deliver address long take number last available please thank wrong much many "
        "money back return anyone someone nothing something yesterday today tomorrow "
        "week hasn't haven't isn't aren't wasn't can't won't didn't doesn't don't i'm "
        "i've i'd i'll it's that's what's where's there's you're let's",
        0.7: "by so they them their he she his her him said",
        0.5: "on me no yes thanks thx hi hello hey bye sorry okay",
        0.3: "a",
    }
)
# Service words used as loans in Malaysian Malay (and elsewhere): weak English evidence.
LOANS = set(
    "order orders check delivery parcel refund cancel tracking track status voucher item "
    "items stock size shop seller cod online free shipping update payment promo sale "
    "discount link app account color colour code ok lol pls plz".split()
)

# Malay family. SHARED: Malay and Indonesian alike. MS / ID: one side only.
MY_SHARED = _words(
    {
        1.0: "saya aku kami kita anda ini itu yang dengan untuk dari pada ada tidak belum sudah "
        "akan apa berapa bagaimana kenapa mengapa siapa mana sampai lagi barang alamat "
        "harga beli bayar terima kasih tolong minta mohon hari minggu bulan tahun baru "
        "masih juga hanya sangat banyak sedikit semua pesanan pembayaran produk batal "
        "batalkan hendak ingin perlu tunggu lambat cepat periksa warna dapat tetapi tapi "
        "kalau jika bila sebab telah jadi salah sama-sama maaf",
        0.7: "dan di ke kan pun dekat lama kamu balik",
        0.5: "ya",
        0.3: "kak",
    }
)
MS_ONLY = _words(
    {
        1.0: "tak nak dah boleh penghantaran hantar tukar sahaja ni kat macam camne mahu sila "
        "wang duit kerana percuma nombor telefon kedai semak saiz pulangan bayaran "
        "pulangkan awak korang encik puan kejap sikit betul tempahan takde xde tk "
        "lepas dapatkan alamak cik ringgit beritahu rosak poslaju tersalah",
        0.8: "laju",
        0.7: "je tu lah ah meh leh lor kot la",
    }
)
ID_ONLY = _words(
    {
        1.0: "bisa mau gak nggak enggak ngga udah aja banget dong sih deh kok nih gimana kapan "
        "silakan uang karena gratis nomor telepon toko pengembalian resi ongkir "
        "pengiriman dikirim sepatu kualitas mobil terlambat rusak dicek makasih",
        0.7: "cek ukuran kirim",
        0.5: "ganti dana apakah gan",
    }
)

FR = _words(
    {
        1.0: "je j' tu il elle nous vous ils elles les des du une mon ma mes ton ta tes votre "
        "vos notre nos leur est suis sont être avoir ai avez avons pas ne n' très avec "
        "pour dans chez où quand comment pourquoi quel quelle quels quelles qu' c' d' l' "
        "s' m' t' ça cela ceci oui merci bonjour bonsoir commande colis livraison "
        "remboursement adresse changer annuler reçu arrivé arrivée encore déjà toujours "
        "aujourd'hui demain hier peux peut pouvez veux voudrais besoin acheter au aux ce "
        "cette ces combien beaucoup rien quelque svp paiement possible",
        0.7: "le la de et ou mais sur par qui y a",
        0.5: "on un en que non plus salut se si",
    }
)
ES = _words(
    {
        1.0: "el los las por está estoy qué cómo dónde cuándo mi mis su sus gracias hola quiero "
        "necesito puedo puede envío dirección con muy pero también hay cuál pedido es",
        0.5: "la de que en y no un una para",
    }
)
PT = _words(
    {
        1.0: "não você obrigado obrigada meu minha onde eu quero preciso entrega endereço também olá está ainda",
        0.5: "com para quando pedido posso é",
    }
)
IT = _words(
    {
        1.0: "il gli sono che grazie ciao dove mio mia voglio della delle degli questo questa "
        "anche perché ancora ordine è",
        0.5: "non per quando posso",
    }
)
DE = _words(
    {
        1.0: "ich nicht ist und der die das mein meine bitte danke wo wie wann bestellung sind "
        "haben habe kann können ein eine mit für auf noch schon",
    }
)
NL = _words(
    {
        1.0: "ik het een niet mijn waar wanneer bestelling bedankt alstublieft graag",
        0.5: "dank van",
    }
)
LATIN = {"en": EN, "fr": FR, "es": ES, "pt": PT, "it": IT, "de": DE, "nl": NL}
_LEXICONS = (MY_SHARED, MS_ONLY, ID_ONLY, *LATIN.values())
# Letters that point at one Latin-script language (a small bonus per message).
LETTER_HINTS = {"fr": "çœèêëîïûù", "es": "ñ¿¡", "pt": "ãõ", "de": "ßäö"}

SCRIPTS = (  # (code, first, last) code point ranges of letters
    ("ja", 0x3040, 0x30FF),
    ("ko", 0xAC00, 0xD7AF),
    ("ko", 0x1100, 0x11FF),
    ("th", 0x0E00, 0x0E7F),
    ("ru", 0x0400, 0x04FF),
    ("ar", 0x0600, 0x06FF),
    ("hi", 0x0900, 0x097F),
    ("ta", 0x0B80, 0x0BFF),
    ("he", 0x0590, 0x05FF),
    ("el", 0x0370, 0x03FF),
)
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_URLISH = re.compile(r"(?<!\S)\S+@\S+|\bhttps?://\S+|\bwww\.\S+")
_WITH_DIGIT = re.compile(r"(?<!\S)\S*\d\S*")
_TOKEN = re.compile(r"[^\W\d_]+(?:['\-][^\W\d_]+)*'?")
_ELISION = re.compile(r"^(qu|jusqu|lorsqu|puisqu|[cdjlmnst])'(.+)$")
_CLITIC = re.compile(r"(nya|lah|kah|ku|mu)$")


def _known(token: str) -> bool:
    return any(token in lexicon for lexicon in _LEXICONS)


def _latin_tokens(text: str) -> list[str]:
    """Word tokens (casefolded) as the lexicons spell them.

    French elision is split ("j'ai" → "j'", "ai"); an unknown hyphenated word is read
    as its parts ("pouvez-vous" → "pouvez", "vous"; "sama-sama" is known); the Malay
    clitics -nya / -lah / -kah / -ku / -mu are dropped when the stem is known
    ("ongkirnya" → "ongkir", "bolehkah" → "boleh").
    """
    out: list[str] = []
    for token in _TOKEN.findall(text):
        m = _ELISION.match(token)
        if m and not token.endswith("'"):
            out.append(m.group(1) + "'")
            token = m.group(2)
        token = token.rstrip("'") if token.endswith("'") and len(token) > 2 else token
        parts = [token] if _known(token) or "-" not in token else token.split("-")
        for part in parts:
            if not _known(part):
                stem = _CLITIC.sub("", part)
                if stem != part and len(stem) > 2 and _known(stem):
                    part = stem
            out.append(part)
    return out


def language_scores(text: str) -> dict[str, float]:
    """Evidence per language code for ``text`` (see the module docstring for the weights)."""
    norm = nfkc_casefold(text)
    scores: dict[str, float] = {}

    def add(code: str, value: float) -> None:
        if value:
            scores[code] = scores.get(code, 0.0) + value

    add("zh", HAN_WEIGHT * len(_HAN.findall(norm)))
    for char in norm:
        point = ord(char)
        for code, first, last in SCRIPTS:
            if first <= point <= last and unicodedata.category(char).startswith("L"):
                add(code, SCRIPT_WEIGHT)
                break
    latin = _WITH_DIGIT.sub(" ", _URLISH.sub(" ", norm))
    tokens = _latin_tokens(latin)
    malay_ms = sum(MS_ONLY.get(t, 0.0) for t in tokens)
    malay_id = sum(ID_ONLY.get(t, 0.0) for t in tokens)
    malay = malay_ms + malay_id + sum(MY_SHARED.get(t, 0.0) for t in tokens)
    if malay:
        add("id" if malay_id > malay_ms else "ms", malay)
    for code, lexicon in LATIN.items():
        add(code, sum(lexicon.get(t, 0.0) for t in tokens))
    if not malay:  # loans are Malay words in a Malay sentence
        add("en", LOAN_WEIGHT * sum(1 for t in tokens if t in LOANS))
    for code, letters in LETTER_HINTS.items():
        if code in scores and any(c in letters for c in norm):
            add(code, 0.5)
    return scores


def detect_language(text: str) -> str | None:
    """The language code of ``text``, or ``None`` when it is no evidence.

    ``text``: one user message (any script). Returns ``zh``, ``en``, ``ms``, ``fr``, or
    another recognised code (``id``, ``es``, ``pt``, ``it``, ``de``, ``nl``, ``ja``,
    ``ko``, ``th``, ``ru``, ``ar``, ``hi``, ``ta``, ``he``, ``el``). Short or ambiguous
    text ("ok", "?", "LZ-7731", "thanks") is ``None``: the third level of seed 001 §5.1
    must never overwrite knowledge with a guess.
    """
    scores = sorted(language_scores(text).items(), key=lambda kv: kv[1], reverse=True)
    if not scores or scores[0][1] < MIN_EVIDENCE:
        return None
    if len(scores) > 1 and scores[0][1] - scores[1][1] < MIN_MARGIN:
        return None
    return scores[0][0]


# Legacy and ISO 639-2/3 codes to ISO 639-1 ("in" is the withdrawn code of Indonesian,
# still sent by Java/Android locales: Indonesian stays Indonesian, never Malay).
_ALIASES = {
    "in": "id",
    "iw": "he",
    "ji": "yi",
    "jw": "jv",
    "ind": "id",
    "zsm": "ms",
    "may": "ms",
    "msa": "ms",
    "zlm": "ms",
    "zho": "zh",
    "chi": "zh",
    "cmn": "zh",
    "eng": "en",
    "fra": "fr",
    "fre": "fr",
}
_NO_LANGUAGE = {"und", "mul", "zxx", "mis", "xx"}
_CODE = re.compile(r"[a-z]{2,3}")


def normalize_code(code: str | None) -> str | None:
    """A language tag as its primary subtag: "zh-CN" → "zh", "ms-MY" → "ms", "en_US" →
    "en", "in" → "id", "zsm" → "ms"; ``None``, blank, "und" or malformed → ``None``."""
    if not code or not isinstance(code, str):
        return None
    primary = code.strip().lower().replace("_", "-").split("-", 1)[0]
    if not _CODE.fullmatch(primary) or primary in _NO_LANGUAGE:
        return None
    return _ALIASES.get(primary, primary)


class LanguageUpdate(NamedTuple):
    """What :func:`update_language` decided.

    ``language``: the value in force after the turn (``None`` = still unknown);
    ``changed``: the language differs from the stored one (unknown → known counts: the
    seed's ``preferredLanguage !== mem.lang``), the summarizer trigger of seed 001 §5.3;
    ``source``: ``channel`` / ``stored`` / ``detected`` / ``None``;
    ``write``: the stored string must be rewritten (changed, or a legacy spelling such
    as "zh-CN" to normalise).
    """

    language: str | None
    changed: bool
    source: str | None
    write: bool


def update_language(channel_code: str | None, stored: str | None, text: str) -> LanguageUpdate:
    """Seed 001 §5.1 priority with its bookkeeping (see :class:`LanguageUpdate`).

    ``channel_code``: the channel's language code for this turn (``None`` when the
    channel has none, e.g. Shopee/Lazada); ``stored``: the user's ``lang`` value;
    ``text``: the user's message.
    """
    known = normalize_code(stored)
    language, source = normalize_code(channel_code), "channel"
    if language is None:
        language, source = known, "stored"
    if language is None:
        language, source = detect_language(text), "detected"
    if language is None:
        return LanguageUpdate(None, False, None, False)
    return LanguageUpdate(language, language != known, source, language != stored)


def resolve_language(channel_code: str | None, stored: str | None, text: str) -> str | None:
    """The user's language after this turn: channel code > stored > detected (§5.1).

    Codes are normalised with :func:`normalize_code`. ``None`` when all three are unknown.
    """
    return update_language(channel_code, stored, text).language
