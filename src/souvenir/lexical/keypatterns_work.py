"""The keyed-value patterns of work (:mod:`souvenir.lexical.keypatterns`, whose docstring
says how each ``kind`` is read). :data:`OCCUPATION_PATTERNS`: the occupation ("works as",
« travaille comme », 做会计工作, "bekerja sebagai") and its changes ("from X to Y", 转行, a
promotion; :mod:`souvenir.lexical.keychanges`). :data:`EMPLOYER_PATTERNS`: the employer ("works
at", « bosse chez », 在X上班, "kerja di"), then the place of work. In
:data:`~souvenir.lexical.keypatterns.PATTERNS` in that order, after the home's, the quantities',
counts' and vehicles' between them, the addresses' after: an occupation is read before an
employer ("works as" / "works at" share their start), an employer before a workplace (a place is
never an employer).
"""

from __future__ import annotations

from souvenir.lexical.keychanges import change_sources
from souvenir.lexical.keypattern_parts import (
    AUX as _AUX,
    IS as _IS,
    IS_REQUIRED as _IS_REQUIRED,
    POSS as _POSS,
    Pattern,
    pattern as _p,
)

__all__ = ["EMPLOYER_PATTERNS", "OCCUPATION_PATTERNS"]

OCCUPATION_PATTERNS: tuple[Pattern, ...] = (
    # occupation before employer: "works as" / "works at" share their start
    _p("occupation", "occ", _AUX + r"(?:works?|working|employed)\s+(?:(?:now|currently|full[- ]time)\s+)?as\s+"),
    _p("occupation", "occ", _POSS + r"(?:job\s+title|occupation|profession|métier)" + _IS),
    _p(
        "occupation",
        "occ",
        _AUX + r"(?:a|an)\s+(?P<v>[^\W\d_][\w\-]*(?:\s+[^\W\d_][\w\-]*){0,2}?)\s+by\s+"
        r"(?:profession|trade)\b",
    ),
    _p(
        "occupation",
        "occ",
        r"(?:travaille|bosse)\b(?:\s+(?:désormais|maintenant|actuellement))?\s+"
        r"(?:comme|en\s+tant\s+que|en\s+tant\s+qu'|en\s+qualité\s+de)\s*",
    ),
    _p("occupation", "occ", r"est\s+(?P<v>[^\W\d_][\w\-]*(?:\s+[^\W\d_][\w\-]*)?)\s+de\s+(?:profession|métier)\b"),
    _p("occupation", "occ", r"(?:exerce|fait)\s+le\s+métier\s+d(?:e\s+|')"),
    _p("occupation", "occ", r"(?:bekerja|berkerja|kerja|bertugas|berkhidmat)\s+sebagai\s+"),
    _p("occupation", "occ", r"pekerjaan(?:nya)?(?:\s+(?:pengguna|saya))?\s*(?:ialah|adalah|:|=)\s*"),
    _p("occupation", "occ_zh", r"(?:职业|工作)(?:是|为|:)"),
    # 做会计工作 / 从事销售工作; a career change (转行 / 改行 / 转型) names a trade whatever its ending
    _p("occupation", "occ_zh", r"(?:做|从事)(?P<v>[^\W\d_a-zA-Z]{1,6}?)(?:工作|行业|这一行)"),
    _p(
        "occupation",
        "occ_zh",
        r"(?:(?:从|由)(?P<from>[^，。,;]{1,12}?))?(?:转行|改行|转型)(?:去|到)?(?:做|当|成为|为)了?(?:一名|一位|一个|个)?",
    ),
    # 从测试转成了策划, 由客服转岗为运营: a role changed inside one trade (not 从兼职转成全职: a status)
    _p(
        "occupation",
        "occ_zh",
        r"(?:从|由)(?P<from>[^\W\d_a-zA-Z]{1,6}?)(?:转成了?|转为|转岗(?:到|为|成)?了?|转做|转到了?)(?:一名|一个)?"
        r"(?!全职|兼职|正式|正职|线上|线下|夜班|白班)",
    ),
    _p("occupation", "occ_zh_trade", r"(?:是|当|担任)了?(?:一名|一位|一个|个)?"),
    # "from X to Y" (issue #26): the value is Y
    # The group ``from`` is the old value a change names (``keyed.changed_from``); ``occ_change``
    # asks both sides to look like a trade (``keydata.OCCUPATION_WORDS`` / ``_ENDINGS``).
    _p(
        "occupation",
        "occ",
        _AUX + r"(?:changed|switched)\s+(?:jobs?|careers?|professions?|occupations?)\s+from\s+"
        r"(?:being\s+)?(?:an?\s+)?(?P<from>[^,;]+?)\s+to\s+(?:being\s+|working\s+as\s+)?",
    ),
    _p(
        "occupation",
        "occ",
        _AUX + r"(?:went|switched|moved|changed|transitioned|career\s+changed)\s+from\s+being\s+"
        r"(?:an?\s+)?(?P<from>[^,;]+?)\s+to\s+(?:being\s+)?",
    ),
    # "Went from pulling coffees to managing the whole café": a rise to running the place, the old role in any words
    _p(
        "occupation",
        "occ",
        _AUX
        + r"(?:went|moved|progressed|rose|worked\s+(?:my|his|her|their)\s+way\s+up)\s+from\s+(?P<from>[^,;]+?)\s+to\s+"
        r"(?:managing|running|leading|heading|supervising)\s+(?:the\s+|a\s+)?(?:whole\s+|entire\s+)?",
    ),
    _p(
        "occupation",
        "occ_change",
        _AUX + r"(?:went|switched|moved|changed|transitioned|pivoted)\s+from\s+(?:an?\s+)?"
        r"(?P<from>(?-i:[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}))\s+to\s+(?:becoming\s+|working\s+as\s+)?",
    ),
    # no verb ("From postman to driving instructor", « D'aide-soignante à infirmière », "Dari kerani ke akauntan")
    _p(
        "occupation",
        "occ_change",
        r"from\s+(?:an?\s+)?(?P<from>(?-i:[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}))\s+to\s+(?:an?\s+)?",
    ),
    _p(
        "occupation",
        "occ_change",
        r"(?:de\s+|d')(?P<from>(?-i:[a-zàâçéèêëîïôûùüÿœ][\w\-]*(?:\s+[a-zàâçéèêëîïôûùüÿœ][\w\-]*){0,2}))"
        r"\s+(?:à|a)\s+(?:un\s+poste\s+d[e']\s*)?",
    ),
    _p(
        "occupation",
        "occ_change",
        r"dari(?:pada)?\s+(?:seorang\s+)?(?P<from>(?-i:[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}))\s+(?:ke|kepada)\s+"
        r"(?:seorang\s+)?",
    ),
    _p(
        "occupation",
        "occ",
        r"(?:a\s+)?(?:changé|change)\s+de\s+(?:métier|travail|poste|job|carrière)\s*,?\s*"
        r"(?:de\s+|d')(?P<from>[^,;]+?)\s+(?:à|a|pour\s+devenir)\s+",
    ),
    _p(
        "occupation",
        "occ",
        r"(?:est\s+)?passée?\s+(?:de\s+|d')(?P<from>(?-i:[a-zàâçéèêëîïôûùüÿœ][\w\-]*(?:\s+[a-zàâçéèêëîïôûùüÿœ]"
        r"[\w\-]*){0,2}))\s+(?:à|a)\s+(?:un\s+poste\s+de\s+)?",
    ),
    _p(
        "occupation",
        "occ",
        r"(?:s'est\s+|se\s+)?reconvertie?s?\s+(?:de\s+|d')(?P<from>[^,;]+?)\s+(?:en|à|a|comme)\s+"
        r"(?:tant\s+que\s+|tant\s+qu')?",
    ),
    _p(
        "occupation",
        "occ",
        r"(?:(?:ber)?tukar|beralih)\s+(?:kerja|kerjaya|profesion)\s+dari(?:pada)?\s+(?:seorang\s+)?"
        r"(?P<from>[^,;]+?)\s+(?:ke|kepada|jadi|menjadi)\s+(?:seorang\s+)?",
    ),
    _p(
        "occupation",
        "occ_change",
        r"(?:(?:ber)?tukar|beralih)\s+dari(?:pada)?\s+(?:seorang\s+)?(?P<from>[^,;]+?)\s+"
        r"(?:ke|kepada|jadi|menjadi)\s+(?:seorang\s+)?",
    ),
    _p(
        "occupation",
        "occ",
        r"dari(?:pada)?\s+(?:seorang\s+)?(?P<from>[^,;]+?)\s*,?\s+(?:(?:sekarang|kini)\s+)?(?:(?:dah|sudah|telah)\s+)?"
        r"(?:bertukar\s+)?(?:jadi|menjadi)\s+(?:seorang\s+)?",
    ),
    _p(
        "occupation",
        "occ_zh_trade",
        r"(?:(?:工作|职业|岗位)(?:已经)?)?(?:从|由)(?P<from>[^，。,;]{1,12}?)(?:换成|变成|改成|转成|转为|转行做"
        r"|转行当|转行成为|转行为|转型做|转型为|改做|改行做|改行当|改当|换做|转做|换到|转到|跳到|转行到)了?"
        r"(?:做|当)?(?:一名|一位|一个|个)?",
    ),
    *(_p(key, kind, src) for key, kind, src in change_sources(_AUX)),
    _p("employer", "org_zh_verb", r"(?:工作)?从[^，。,;]{1,12}?(?:跳槽到|跳槽去|跳到|换到|转到)了?"),
    # a promotion from X to Y: "Promoted from clerk to supervisor", « Promue de caissière à
    # cheffe de rayon », 从会计升职为经理, "Naik pangkat dari kerani jadi penyelia"; ``occ_from``:
    # the old value must look like a trade
    _p(
        "occupation",
        "occ_from",
        _AUX + r"(?:(?:got|been|was)\s+)?promoted\s+from\s+(?:an?\s+)?(?P<from>[^,;]+?)\s+to\s+(?:an?\s+)?",
    ),
    _p(
        "occupation",
        "occ_from",
        r"(?:(?:a\s+)?été\s+|est\s+)?promue?\s+(?:de\s+|d')(?P<from>[^,;]+?)\s+(?:à|a|au\s+poste\s+de)\s+",
    ),
    _p(
        "occupation",
        "occ_zh_trade",
        r"(?:被)?(?:从|由)(?P<from>[^，。,;]{1,12}?)(?:升职为|升职成|升职做|升为|升到|升成|晋升为|晋升成|提拔为|提升为)了?"
        r"(?:一名|一位|一个|个)?",
    ),
    # a trade and its place of work with no verb (session 21): "Cashier at the local supermarket", « Caissière au
    # supermarché », "Juruwang di pasar raya" (``occ_at``: the trade must be listed or end like one)
    _p(
        "occupation",
        "occ_at",
        r"(?:an?\s+|une?\s+|seorang\s+)?(?P<v>[^\W\d_][\w\-]*(?:\s+[^\W\d_][\w\-]*)??)\s+"
        r"(?:at|in|for|au|aux|à|chez|dans|di|kat|dekat)\s+",
    ),
    _p(
        "occupation",
        "occ_from",
        r"(?:naik|dinaikkan)\s+pangkat\s+dari(?:pada)?\s+(?:seorang\s+)?(?P<from>[^,;]+?)\s+"
        r"(?:ke|kepada|jadi|menjadi|sebagai)\s+(?:seorang\s+)?",
    ),
)

EMPLOYER_PATTERNS: tuple[Pattern, ...] = (
    # employer
    _p(
        "employer",
        "org",
        _POSS + r"(?:employer|company|workplace|employeur|entreprise|majikan|syarikat"
        r"|tempat\s+kerja)" + _IS_REQUIRED,
    ),
    _p("employer", "org_zh", r"(?:工作单位|公司|单位|雇主)(?:是|为|:)"),
    _p(
        "employer",
        "org",
        _AUX + r"(?:works?|working)\s+(?:(?:now|currently|still|full[- ]time)\s+)?"
        r"(?:at|for)\s+",
    ),
    _p("employer", "org", _AUX + r"(?:employed|hired)\s+(?:at|by)\s+"),
    _p(
        "employer",
        "org",
        _AUX + r"(?:(?:has|got|landed|started|began|begun|took)\s+)(?:a\s+)?(?:new\s+)?"
        r"(?:full[- ]time\s+)?job\s+(?:at|with)\s+",
    ),
    _p("employer", "org", _AUX + r"(?:started|began|begun)\s+(?:working|work)\s+(?:at|for)\s+"),
    _p(
        "employer",
        "org",
        r"(?:travaille|bosse)\b(?:\s+(?:désormais|maintenant|actuellement|toujours"
        r"|aujourd'hui))?\s+(?:chez|pour)\s+",
    ),
    _p(
        "employer",
        "org",
        r"(?:est|a\s+été|vient\s+d'être)\s+(?:(?:désormais|maintenant|actuellement)\s+)?"
        r"(?:employée?|embauchée?|salariée?|recrutée?)\s+(?:chez|par|de|à)\s+",
    ),
    _p(
        "employer",
        "org",
        r"(?:bekerja|berkerja|kerja|bertugas|berkhidmat)(?:\s+(?:kini|sekarang|sepenuh\s+masa))?"
        r"\s+(?:di|dengan|untuk|kat)\s+",
    ),
    _p("employer", "org_zh", r"在(?P<v>[^,。;、]{1,20}?)(?:工作|上班|任职|就职|打工)"),
    _p("employer", "org_zh_trade", r"在(?P<v>[^,。;、]{1,20}?)(?:当|担任|做)了?(?:一名|一位|一个)?"),
    _p("employer", "org_zh", r"(?:就职于|任职于|供职于|受雇于|工作于|入职了?)"),
    # a verb of changing or going back to a job names an employer whatever its ending (跳槽去了字节,
    # 又回腾讯上班了; ``org_zh_verb``: any name but a place)
    _p("employer", "org_zh_verb", r"(?:跳槽到了?|跳槽去了?|跳槽至|跳槽进了?)"),
    _p("employer", "org_zh_verb", r"(?:又|重新)?回(?:到)?(?P<v>[^,。;、]{1,12}?)(?:上班|工作|任职|打工)"),
    # the town, region or country the user works in (``workplace``: a known place only); after the
    # employer, which a place never is ("Kerja di Brunei", « Travaille à Lyon », 在北京工作)
    _p(
        "work",
        "workplace",
        _AUX + r"(?:works?|working)\s+(?:(?:now|currently|still|again|remotely)\s+)?(?P<prep>in)\s+",
    ),
    _p(
        "work",
        "workplace",
        _AUX + r"(?:(?:got|been|was|being)\s+)?(?:transferred|posted|seconded)\s+(?:back\s+)?(?P<prep>to)\s+",
    ),
    _p(
        "work",
        "workplace",
        r"(?:travaille|bosse|retravaille)\b(?:\s+(?:désormais|maintenant|actuellement|de\s+nouveau|à\s+nouveau"
        r"|toujours))?\s+(?P<prep>à|a|au|aux|en)\s+",
    ),
    _p("work", "workplace", r"(?:(?:a\s+)?été\s+|est\s+)?(?:re)?mutée?\s+(?P<prep>à|a|au|aux|en)\s+"),
    _p(
        "work",
        "workplace",
        r"(?:bekerja|berkerja|kerja|bertugas|berkhidmat)(?:\s+(?:semula|balik|kembali|kini|sekarang))?"
        r"\s+(?P<prep>di|kat|dekat)\s+",
    ),
    _p(
        "work",
        "workplace",
        r"(?:pindah|bertukar|ditukarkan|ditukar|dihantar)\s+(?:kerja|tempat\s+kerja|tugas)?\s*(?P<prep>ke)\s+",
    ),
    _p(
        "work",
        "workplace",
        r"(?:又|重新)?(?:在|回到|回|(?<![过出回])去(?![年世])|调到|调去|调回|派到|外派到)(?=[^,。;、]{1,8}?(?:工作|上班|任职|打工))",
    ),
)
