"""Patterns of the user's car (key ``car``, one current value; issue #26): "Drives a Honda
Civic", "Switched from the Civic to a Toyota RAV4", « Conduit une Peugeot 208 », « Est passé
de la Clio à une Tesla », 开的是比亚迪, 把本田换成了特斯拉, "Pandu Perodua Myvi", "Tukar kereta
dari Saga ke Honda City". Sources only (key, kind, regex source), compiled by
``keypatterns.PATTERNS`` in their place; kind ``vehicle`` reads a capitalised run (or Han
characters) and needs a maker among ``MAKES`` right after the frame (the lookahead), so
"Drives a hard bargain" and "Switched from tea to coffee" key nothing.
"""

from __future__ import annotations

__all__ = ["MAKES", "vehicle_sources"]

#: Car makers and common models sold in the four languages' markets (lower case; Han as written).
MAKES = (
    "honda toyota nissan mazda subaru mitsubishi suzuki hyundai kia ford chevrolet chevy tesla bmw mercedes "
    "audi volkswagen vw volvo peugeot renault citroën citroen fiat skoda dacia opel proton perodua lexus "
    "porsche jeep mini byd geely civic corolla camry prius rav4 myvi axia bezza saga persona x70 clio "
    "polo golf yaris jazz"
).split() + ["比亚迪", "特斯拉", "丰田", "本田", "大众", "宝马", "奔驰", "奥迪", "日产", "吉利", "蔚来", "小鹏", "理想"]
_MAKE = (
    r"(?=(?i:"
    + "|".join(m for m in MAKES if m.isascii())
    + r")\b|"
    + "|".join(m for m in MAKES if not m.isascii())
    + ")"
)
#: A year and a few plain adjectives before the maker ("a 2012 Ford Focus", "an electric Kia Niro",
#: "une vieille Clio", 一辆二手的丰田): skipped, the value is read from the maker.
_BEFORE_EN = (
    r"(?:(?:19|20)\d\d\s+)?(?:(?:new|used|second-hand|old|brand\s+new|electric|hybrid|little|small|red|white|black"
    r"|silver|blue|grey|gray|secondhand|(?:19|20)\d\d)\s+){0,3}"
)
_BEFORE_FR = r"(?:(?:nouvelle|vieille|petite|grosse)\s+)?"
_BEFORE_ZH = r"(?:二手的?|电动的?|新的?|旧的?|混动的?)?"
_FROM_EN = r"(?:the\s+|my\s+|an?\s+|his\s+|her\s+|our\s+)?(?P<from>[^,;]+?)"


def vehicle_sources(aux: str) -> tuple[tuple[str, str, str], ...]:
    """The patterns' sources; ``aux`` is the English auxiliary prefix of ``keypatterns``."""
    return (
        (
            "car",
            "vehicle",
            aux + r"(?:drives|driving|drive|owns|bought|got)\s+(?:an?\s+|the\s+|my\s+)?" + _BEFORE_EN + _MAKE,
        ),
        (
            "car",
            "vehicle",
            aux
            + r"(?:switched|changed|swapped|traded(?:\s+in)?|upgraded|went)\s+(?:cars?\s+)?(?:from\s+)?"
            + _FROM_EN
            + r"\s+(?:to|for)\s+(?:an?\s+|the\s+)?"
            + _BEFORE_EN
            + _MAKE,
        ),
        ("car", "vehicle", r"(?:my\s+)?(?:car|vehicle)\s+(?:is\s+(?:now\s+)?|:\s*)(?:an?\s+)?" + _MAKE),
        (
            "car",
            "vehicle",
            r"(?:conduit|conduis|roule\s+en|roule\s+dans|possède|a\s+acheté)\s+(?:une?\s+|la\s+|sa\s+|ma\s+)?"
            + _BEFORE_FR
            + _MAKE,
        ),
        (
            "car",
            "vehicle",
            r"(?:est\s+passée?|a\s+changé|a\s+troqué|a\s+remplacé)\s+(?:de\s+)?(?:la\s+|sa\s+|une\s+|son\s+)?"
            r"(?P<from>[^,;]+?)\s+(?:à|a|pour|par)\s+(?:une?\s+|la\s+)?" + _BEFORE_FR + _MAKE,
        ),
        ("car", "vehicle", r"(?:sa|ma|la)\s+voiture\s+(?:est\s+(?:une?\s+)?|:\s*)" + _MAKE),
        ("car", "vehicle", r"(?:开的是|开着|开)(?:一辆|辆)?" + _BEFORE_ZH + _MAKE),
        (
            "car",
            "vehicle",
            r"(?:把|从)(?P<from>[^，。,;]{1,12}?)(?:换成了?|换了|换到)(?:一辆|辆)?" + _BEFORE_ZH + _MAKE,
        ),
        ("car", "vehicle", r"(?:我的车|车子?)(?:是|为)(?:一辆|辆)?" + _MAKE),
        ("car", "vehicle", r"(?:pandu|memandu|bawa)\s+(?:kereta\s+)?" + _MAKE),
        (
            "car",
            "vehicle",
            r"tukar\s+(?:kereta\s+)?(?:dari(?:pada)?\s+)?(?P<from>[^,;]+?)\s+(?:ke|kepada|jadi|dengan)\s+" + _MAKE,
        ),
        ("car", "vehicle", r"kereta\s+(?:saya\s+|aku\s+)?(?:ialah\s+|adalah\s+|:\s*)?" + _MAKE),
    )
