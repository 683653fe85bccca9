"""``MARKERS``: the words of a past, planned, hypothetical, partial or temporary state — a
clause holding one outside its value gives no key (``souvenir.lexical.keypatterns``'s
docstring; split from it, re-exported there). FR / EN / ZH / MS; no behaviour."""

from __future__ import annotations

import re

__all__ = ["MARKERS"]

# A past, planned, hypothetical, partial or temporary state: the clause gives no key.
# Read on the clause outside its value (a street may be called "Jalan Bakal").
MARKERS = re.compile(
    r"\b(?:used\s+to|formerly|former|previously|as\s+a\s+(?:child|kid|teen|teenager|boy|girl|student)"
    r"|when\s+(?:he|she|i|they)\s+(?:was|were)|when\s+(?:young|little|small|younger)|growing\s+up|grew\s+up"
    r"|in\s+the\s+past|back\s+then|until|till|childhood|(?:next|coming)\s+(?:week|month|year|summer|spring"
    r"|autumn|fall|winter)|soon|someday|one\s+day|if|unless|temporarily|for\s+now|this\s+week(?:end)?"
    r"|on\s+(?:holiday|vacation|a\s+trip|business)|weekdays|weekends?|week-ends?|en\s+semaine|hujung\s+minggu"
    r"|will|going\s+to|gonna|plans?\s+to|planning|intends?\s+to"
    r"|hopes?\s+to|dreams?\s+of|thinking\s+(?:of|about)|considering|might|maybe|perhaps|probably"
    r"|autrefois|auparavant|jadis|anciennement|ancienne?|enfance|enfant|jeunesse|jusqu'|bientôt|prochaine?"
    r"|un\s+jour|si|temporairement|provisoirement|pour\s+l'instant|en\s+vacances|va|vont|compte|envisage"
    r"|peut-être|aimerait|voudrait|(?:quand|lorsqu')\s*(?:il|elle|j'|je)\s*(?:était|étais|etait|etais)"
    r"|dulu|dahulu|pernah|bekas|kecil|kanak-kanak|sebelum|akan|bakal|bercadang|merancang|rancang|mungkin"
    r"|kalau|jika|depan|nanti|esok|suatu\s+hari|sementara|bercuti"
    # a second job or a short stay, not a change: "part-time", "for two weeks" (also: ALSO)
    r"|part[- ]time|side\s+job|on\s+the\s+side|freelance|à\s+temps\s+partiel|à\s+mi-temps|sambilan"
    r"|separuh\s+masa|for\s+(?:a\s+few\s+|several\s+|\d+\s+|one\s+|two\s+|three\s+)?(?:days?|weeks?|nights?)"
    r"|trip|conference|project|internship|assignment|secondment|en\s+déplacement"
    r"|en\s+mission|en\s+stage|stage|lawatan|(?<!lepas\s)kursus|latihan\s+industri"
    # a visit for an event ("Returned to Glasgow for a wedding"): no move
    r"|wedding|funeral|reunion|mariage|enterrement|obsèques|kenduri|majlis|perkahwinan"
    r"|ramadh?an|bulan\s+puasa|musim\s+perayaan"
    # a season, a holiday, a bounded stretch (issue #26: a summer job retired the occupation)
    r"|(?:summer|winter|spring|autumn|holiday|vacation|seasonal|christmas|xmas|easter)\s+(?:job|jobs|gig|work|break"
    r"|holidays?|vacation|term|season|period|rush|internship)|seasonal(?:ly)?"
    r"|(?:this|for\s+the|over\s+the|during\s+the|through\s+the|until\s+the\s+end\s+of\s+the)\s+(?:summer|winter"
    r"|spring|autumn|fall|holidays?|vacation|break|season|semester|term|month|school\s+holidays?)"
    r"|over\s+(?:christmas|easter|the\s+holidays)|during\s+(?:christmas|easter|ramadan|the\s+holidays)"
    r"|school\s+(?:holidays?|break)|(?:spring|summer|winter|semester)\s+break"
    r"|vacances|cong[ée]s|cet\s+(?:été|ete|hiver|automne)|ce\s+printemps|pour\s+(?:l'été|l'ete|l'hiver|la\s+saison"
    r"|les\s+fêtes|les\s+vacances)|pendant\s+(?:l'été|l'ete|l'hiver|la\s+saison|les\s+fêtes|le\s+ramadan)"
    r"|saisonni(?:er|ère|ers|ères)|job\s+d'été|cette\s+semaine|ce\s+mois(?:-ci)?|la\s+rentrée"
    r"|cuti|musim\s+(?:panas|sejuk|perayaan|raya)|minggu\s+ini|bulan\s+ini|sehingga|hingga|sepanjang\s+musim)\b|'ll\b"
    r"|以前|曾经|曾|小时候|童年|过去|从前|原来|原本|之前|当年|那时|将要|将|打算|准备|计划|想|可能|也许|下个月|下周"
    r"|明年|以后|将来|如果|要是|暂时|临时|出差|旅游|度假|婚礼|葬礼|探亲|周末|平日|兼职|实习|培训|交换"
    r"|暑假|寒假|假期|暑期|寒期|放假|节假日|春节期间|国庆期间|这个夏天|今年夏天|这个冬天|今年冬天|这周|本周|这个月|本月|直到|为止",
    re.I,
)
