"""Patterns of the keyed values read by ``keys.py`` (FR / EN / ZH / MS); no behaviour.

Each pattern is matched at the start of a clause, after the subject (``SUBJECT``) and
time adverbs (``ADVERBS``); the value is read after it (or inside it, group ``v``) by
``keys._read`` according to its ``kind``:

* ``place``: a town, region or country (the key follows from the value), or a street
  address ("Lives at 12 Jalan Ampang"); ``street``: a street address only;
* ``org`` / ``org_zh`` / ``org_zh_trade``: an employer (在X当Y also gives Y as the
  occupation); ``occ`` / ``occ_zh`` / ``occ_zh_trade``: an occupation (``_trade``: only
  a word that ends like a trade, 工程师, 护士);
* ``address``, ``phone``, ``contact`` (a phone, else an e-mail), ``email``, ``name``;
* ``attr``: a single-valued attribute of a family (favourite / preferred / usual X): the
  pattern's key is the family, group ``attr`` names X (``attributes.attribute_key``),
  the value is the rest of the clause.

Named groups: ``prep`` (the preposition before a place: French "en / au / aux / dans"
mark a region or a country), ``poss`` / ``poss_zh`` ("his / her / son / sa / 他的": read
as the user's only in the first clause of a text, and never for a name).

``MARKERS``: a past, planned, hypothetical, partial or temporary state — a clause that
has one outside its value gives no key ("Lived in Ipoh as a child", "until June", "next
month", "on weekends", "autrefois", "dulu", "semasa kecil", 以前, 小时候, 打算, 周末), a
second job or a short stay ("part-time", "for two weeks", "sambilan", 兼职, 出差). ``ALSO``
("also", "juga", 也) does the same in the first clause of a sentence only ("Also works at
Shell"); after "and" it merely joins two facts, and ``ALSO_OPENING`` is skipped there.
"""

from __future__ import annotations

import re

from souvenir.lexical.keycounts import count_sources
from souvenir.lexical.keymarkers import MARKERS
from souvenir.lexical.keypattern_parts import (
    AUX as _AUX,
    DWELLING_EN as _DWELLING_EN,
    DWELLING_FR as _DWELLING_FR,
    DWELLING_MS as _DWELLING_MS,
    IS as _IS,
    IS_REQUIRED as _IS_REQUIRED,
    POSS as _POSS,
    Pattern,
    pattern as _p,
)
from souvenir.lexical.keypatterns_work import EMPLOYER_PATTERNS, OCCUPATION_PATTERNS
from souvenir.lexical.keyquantities import quantity_sources
from souvenir.lexical.keyvehicles import vehicle_sources

__all__ = ["Pattern", "PATTERNS", "SUBJECT", "ADVERBS", "ALSO", "ALSO_OPENING", "MARKERS"]

SUBJECT = re.compile(
    r"(?P<user>(?:the\s+|this\s+)?(?:user|customer)\s+|l'utilisat(?:eur|rice)\s+|utilisat(?:eur|rice)\s+"
    r"|pengguna(?:\s+ini)?\s+|(?:该用户|用户|使用者)的?)"
    r"|(?P<first>i\s+|i(?=')|je\s+|j'|saya\s+|aku\s+|我(?!们)的?)"
    r"|(?P<third>(?:he|she|they|il|elle|ils|elles|dia|beliau|mereka)\s+|他们|她们|他|她)",
    re.I,
)
ADVERBS = re.compile(
    r"(?:(?:now|currently|still|just|recently|finally|officially|already|actually|désormais"
    r"|maintenant|actuellement|récemment|kini|sekarang|masih|baru|sudah|telah|dah)\s+"
    r"|现在|目前|如今|已经|最近|刚刚|刚|一直|仍然|依然|终于|正式|又|重新|再次)*",
    re.I,
)
# "Also": in the first clause of a sentence it adds a second job or home ("Also works at
# Shell": no key); after "and" it only joins two facts ("…and also works at Maybank").
ALSO = re.compile(r"(?:also|too|as\s+well|aussi|également|juga)\b|也|还", re.I)
ALSO_OPENING = re.compile(r"(?:(?:also|aussi|également|juga)\s+|也|还)", re.I)

PATTERNS: tuple[Pattern, ...] = (
    # home: en / fr / ms / zh
    _p(
        "home",
        "place",
        _AUX + r"(?:lives?|living|resides?|residing|based|settled(?:\s+down)?)\s+"
        r"(?:(?:now|currently|still|permanently)\s+)?" + _DWELLING_EN + r"(?P<prep>in)\s+",
    ),
    # "Moved in with partner in Croydon": who with, then where
    _p(
        "home",
        "place",
        _AUX + r"(?:moved|moving)\s+in\s+(?:together\s+)?with\s+[^,;]{1,40}?\s+(?P<prep>in)\s+",
    ),
    _p("home.address", "street", _AUX + r"(?:lives?|living|resides?)\s+at\s+"),
    _p(
        "home",
        "place",
        _AUX + r"(?:(?:moved|relocated|went|gone|come|came)\s+back|returned(?:\s+back)?)(?:\s+home)?"
        r"(?:\s+from\s+[^,;]+?)?\s+(?P<prep>to)\s+(?:live\s+in\s+|living\s+in\s+)?",
    ),
    _p(
        "home",
        "place",
        _AUX + r"(?:moved|relocated|went|came|headed)\s+(?:back\s+)?home(?:\s+from\s+[^,;]+?)?\s+(?P<prep>to)\s+",
    ),
    _p("home", "place", _AUX + r"(?:moved|relocated)(?:\s+back)?(?:\s+from\s+[^,;]+?)?\s+(?P<prep>to)\s+"),
    _p(
        "home",
        "place",
        r"(?:habite|vit|réside|demeure)\b(?:\s+(?:désormais|maintenant|actuellement|toujours"
        r"|aujourd'hui|à\s+présent|depuis\s+peu|de\s+nouveau|à\s+nouveau|encore))?"
        + _DWELLING_FR
        + r"(?:\s+(?P<prep>à|a|au|aux|en"
        r"|dans)\b)?\s*",
    ),
    _p(
        "home",
        "place",
        r"(?:(?:est|a)\s+)?(?:revenue?s?|retournée?s?|rentrée?s?)\s+(?:(?:vivre|habiter|s'installer"
        r"|s'établir)\s+)?(?P<prep>à|a|au|aux|en|dans)\b\s*",
    ),
    _p("home", "place", r"(?:a\s+)?(?:re-?déménagé|redéménagé)\s+(?P<prep>à|a|au|aux|en|dans)\b\s*"),
    _p(
        "home",
        "place",
        r"(?:(?:a|ai|s'est|est|suis|me\s+suis|m'|vient\s+de|vient\s+d'|viens\s+de|viens\s+d')\s*)?(?:(?:récemment|finalement"
        r"|enfin|déjà)\s+)?"
        r"(?:déménagé|déménager|emménagé|emménager|installée?s?|s'installer)\b(?:\s+(?:de|d'|avec)\s*[^,;]+?)?"
        r"\s+(?P<prep>à|a|au|aux|en|dans)\b\s*",
    ),
    _p(
        "home",
        "place",
        r"(?:(?:balik|kembali|semula)\s+)?(?:tinggal|menetap|bermastautin)(?:\s+(?:kini|sekarang"
        r"|semula|balik|kembali))?" + _DWELLING_MS + r"\s+(?P<prep>di|dalam|kat)\s+",
    ),
    _p(
        "home",
        "place",
        r"(?:baru\s+(?:sahaja|saja)\s+)?(?:(?:ber)?pindah|balik|kembali)(?:\s+(?:rumah|balik|semula"
        r"|kembali|masuk|duduk))?(?:\s+(?:dari|dengan|bersama)\s+[^,;]+?)?\s+(?P<prep>ke|di)\s+",
    ),
    _p("home", "place", r"(?:住在|居住在|居住于|定居在|定居于|定居|生活在|现居于|现居|住于|常住在|长住在)"),
    _p(
        "home",
        "place",
        r"(?:从[^,。;]{1,12}?)?(?:(?:和|跟|与)[^,。;]{1,8}?(?:一起)?)?(?:(?:搬家|搬)(?:到|去|往|至)|搬回(?:到|去)?|(?:迁居|移居|迁回|回)(?:到|至)?(?![^,。;]{1,12}?(?:上班|工作|任职|打工))"
        r"|回(?:到|去)(?=[^,。;]{1,8}(?:住|生活|定居|居住)))了?",
    ),
    _p(
        "home",
        "place",
        _POSS + r"(?:home\s+city|home\s+town|city\s+of\s+residence|place\s+of\s+residence"
        r"|residence|city|ville\s+de\s+résidence|lieu\s+de\s+résidence|ville|tempat\s+tinggal|bandar\s+kediaman)"
        + _IS_REQUIRED,
    ),
    _p("home", "place", r"(?:居住地|居住城市|所在城市|现居地)(?:是|为|:)"),
    *OCCUPATION_PATTERNS,  # occupation before employer: "works as" / "works at" share their start
    *(_p(key, kind, src) for key, kind, src in quantity_sources(_AUX)),
    *(_p(key, kind, src) for key, kind, src in count_sources(_AUX)),
    *(_p(key, kind, src) for key, kind, src in vehicle_sources(_AUX)),
    *EMPLOYER_PATTERNS,  # employer, then the town, region or country worked in
    # delivery address
    _p(
        "delivery.address",
        "address",
        _POSS + r"(?:delivery|shipping)\s+address(?:\s+for\s+(?:deliveries|parcels"
        r"|orders|packages))?" + _IS,
    ),
    _p(
        "delivery.address",
        "address",
        r"(?:wants|would\s+like|prefers|asked\s+for|asks\s+for|has|gets)\s+"
        r"(?:(?:all\s+)?(?:(?P<poss>his|her|their)|the)\s+|all\s+)?(?:deliveries|parcels|packages|orders|items"
        r"|mail|post)\s+(?:to\s+(?:be\s+)?)?(?:sent|delivered|shipped|forwarded|go)\s+to\s+",
    ),
    _p(
        "delivery.address",
        "address",
        r"(?:(?:(?P<poss>his|her|their)|all)\s+)?(?:deliveries|parcels|packages"
        r"|orders)\s+(?:should\s+|must\s+|now\s+)?(?:go|be\s+sent|be\s+delivered|be\s+shipped|are\s+sent"
        r"|are\s+delivered|are\s+shipped|get\s+delivered|get\s+sent)\s+to\s+",
    ),
    _p(
        "delivery.address",
        "address",
        _POSS + r"adresse\s+(?:de\s+livraison|d'expédition|d'envoi)"
        r"(?:\s+de\s+l'utilisat(?:eur|rice))?\s*(?:est\s+désormais|est\s+maintenant|est|a\s+changé\s*:?"
        r"|devient|:|=|-)\s*",
    ),
    _p(
        "delivery.address",
        "address",
        r"(?:se\s+fait|veut\s+se\s+faire|préfère\s+se\s+faire|fait|veut\s+faire)"
        r"\s+livrer(?:\s+(?:ses\s+|les\s+)?(?:colis|commandes|courses|achats))?\s+(?:à|au|aux|chez|en)\s+",
    ),
    _p(
        "delivery.address",
        "address",
        r"(?:veut|préfère|souhaite|aime)\s+être\s+livrée?\s+"
        r"(?:à|au|aux|chez|en)\s+",
    ),
    _p(
        "delivery.address",
        "address",
        r"(?:(?P<poss>ses)\s+|les\s+)?(?:colis|livraisons|commandes)\s+"
        r"(?:doivent\s+être|sont|arrivent)\s+(?:(?:livrée?s?|envoyée?s?|expédiée?s?)\s+)?(?:à|au|aux|chez|en)\s+",
    ),
    _p(
        "delivery.address",
        "address",
        r"alamat\s+(?:penghantaran|untuk\s+penghantaran|hantar|penerimaan)"
        r"(?:nya)?(?:\s+(?:pengguna|saya|baru))?\s*(?:kini\s+|sekarang\s+)?(?:ialah|adalah"
        r"|ditukar\s+(?:ke|kepada)|bertukar\s+(?:ke|kepada)|:|=|-)?\s*",
    ),
    _p(
        "delivery.address",
        "address",
        r"(?:(?:mahu|mahukan|nak|minta|ingin)\s+)?(?:semua\s+)?(?:barang|bungkusan"
        r"|parcel|pesanan|barangan)(?:nya)?\s+(?:perlu\s+|hendaklah\s+|mesti\s+)?(?:dihantar|diposkan|dikirim)"
        r"\s+(?:ke|kepada)\s+",
    ),
    _p(
        "delivery.address",
        "address",
        r"(?:收货地址|收件地址|送货地址|快递地址|配送地址|邮寄地址)(?:已经?)?"
        r"(?:是|为|改为|改成|换成|变更为|更新为|更改为|改到|:)?",
    ),
    _p("delivery.address", "address", r"(?:快递|包裹|货|东西)(?:都|要|一律)*(?:寄|送|发)(?:到|去|至)"),
    # home address, phone, email
    _p("home.address", "address", _POSS + r"(?:home|residential)\s+address" + _IS),
    _p(
        "home.address",
        "address",
        _POSS + r"(?:adresse\s+(?:personnelle|postale|du\s+domicile|de\s+domicile)"
        r"|domicile)\s*(?:est|:|=)\s*",
    ),
    _p(
        "home.address",
        "address",
        r"alamat\s+(?:rumah|kediaman)(?:nya)?(?:\s+(?:pengguna|saya|baru))?\s*"
        r"(?:ialah|adalah|:|=|-)?\s*",
    ),
    _p("home.address", "address", r"(?:家庭住址|家庭地址|家的地址|住址|地址)(?:是|为|改为|:)?"),
    _p(
        "phone",
        "phone",
        _POSS + r"(?:(?:numéro|numero|n°)\s+(?:de\s+)?(?:téléphone|telephone|portable|mobile"
        r"|whatsapp)|(?:nombor|nomor|no\.?)\s+(?:telefon\s+bimbit|telefon|tel|fon|hp|handphone|whatsapp)(?:nya)?"
        r"|(?:mobile|cell|cellphone|phone|telephone|téléphone|handphone|whatsapp|contact|portable"
        r"|telefon\s+bimbit|telefon)(?:\s+phone)?(?:\s+(?:number|no\.?|#))?)(?:\s+(?:pengguna|saya|baru))?" + _IS,
    ),
    _p("phone", "phone", r"(?:手机号码|手机号|手机|电话号码|电话|联系电话)(?:是|为|改为|改成|换成|:)?了?"),
    _p("phone", "contact", _AUX + r"(?:can\s+be\s+)?reached\s+(?:at|on)\s+"),
    _p(
        "email",
        "email",
        _POSS + r"(?:(?:e-?mail|courriel|e-?mel|emel)(?:\s+address)?|adresse\s+(?:e-?mail|mail"
        r"|électronique|courriel)|alamat\s+(?:e-?mel|emel|email))(?:nya)?(?:\s+(?:pengguna|saya|baru))?" + _IS,
    ),
    _p("email", "email", r"(?:电子邮箱|电子邮件|邮箱地址|邮箱|邮件地址)(?:是|为|改为|改成|换成|:)?了?"),
    # names
    _p(
        "name",
        "name",
        _POSS + r"(?:full\s+|first\s+|given\s+)?(?:name|prénom|nom\s+complet)\s*"
        r"(?:is|est|:|=)\s*",
    ),
    _p("name", "name", _AUX + r"(?:called|named)\s+"),
    _p("name", "name", r"(?:s'appelle|m'appelle|se\s+prénomme|se\s+nomme)\s+"),
    _p(
        "name",
        "name",
        r"(?:nama(?:nya)?(?:\s+(?:penuh|sebenar))?(?:\s+(?:pengguna|saya))?\s*(?:ialah|adalah|:|=)?"
        r"|bernama)\s*",
    ),
    _p("name", "name", r"(?:名字|姓名|全名)(?:是|叫|为|:)|名叫|叫做"),
    _p("name", "name", r"叫", first_person=True),
    _p(
        "name.preferred",
        "name",
        _AUX + r"(?:goes\s+by|prefers\s+to\s+be\s+called|wants\s+to\s+be\s+called"
        r"|likes\s+to\s+be\s+called|prefers\s+being\s+called)\s+",
    ),
    _p(
        "name.preferred",
        "name",
        r"(?:se\s+fait\s+appeler|préfère\s+qu'on\s+l'appelle"
        r"|veut\s+qu'on\s+l'appelle)\s+",
    ),
    _p("name.preferred", "name", r"(?:(?:suka|mahu|lebih\s+suka|minta)\s+)?dipanggil\s+"),
    _p("name.preferred", "name", r"(?:希望|喜欢|要求)被(?:叫做|称为|称呼为)"),
    # single-valued attributes as a family (``attributes.py``): the key comes from the text
    _p(
        "favourite",
        "attr",
        _POSS + r"(?:favou?rite|all-time\s+favou?rite)\s+(?P<attr>[^\W\d_][\w\-]*(?:\s+[^\W\d_]"
        r"[\w\-]*){0,2}?)" + _IS_REQUIRED,
    ),
    _p(
        "preferred", "attr", _POSS + r"preferred\s+(?P<attr>[^\W\d_][\w\-]*(?:\s+[^\W\d_][\w\-]*){0,2}?)" + _IS_REQUIRED
    ),
    _p(
        "usual",
        "attr",
        _POSS + r"(?:usual|go-to|regular)\s+(?P<attr>[^\W\d_][\w\-]*(?:\s+[^\W\d_][\w\-]*){0,2}?)" + _IS_REQUIRED,
    ),
    _p(
        "favourite",
        "attr",
        r"(?:(?:sa|son|ses|ma|mon|mes|la|le|les)\s+|l')?(?P<attr>[^\W\d_][\w\-']*(?:\s+"
        r"[^\W\d_][\w\-']*){0,2}?)\s+(?:préférée?s?|preferee?s?|favorie?s?|favori)(?:\s+de\s+l'utilisat(?:eur|rice))?"
        r"\s*(?:est\s+désormais|est\s+maintenant|est\s+devenue?|est|:|=|devient|reste)\s*",
    ),
    _p(
        "usual",
        "attr",
        r"(?:(?:sa|son|ses|ma|mon|mes|la|le|les)\s+|l')?(?P<attr>[^\W\d_][\w\-']*(?:\s+"
        r"[^\W\d_][\w\-']*){0,2}?)\s+habituelle?s?\s*(?:est\s+désormais|est\s+maintenant|est|:|=|devient)\s*",
    ),
    _p(
        "favourite",
        "attr",
        r"(?:最喜欢|最爱|最喜爱|最钟爱)的(?P<attr>[^\s，。,;；:：是为]{1,6}?)(?:现在|已经|如今|目前)?"
        r"(?:是|为|:|：|变成了?|改成了?|换成了?)",
    ),
    _p(
        "usual",
        "attr",
        r"(?:平时|平常|常用|惯用)的(?P<attr>[^\s，。,;；:：是为]{1,6}?)(?:现在|已经|如今|目前)?"
        r"(?:是|为|:|：|变成了?|改成了?|换成了?)",
    ),
    _p(
        "favourite",
        "attr",
        r"(?P<attr>[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+(?:kegemaran|kesukaan|favorit)(?:nya|\s+(?:saya"
        r"|pengguna|dia|aku))?\s*(?:(?:ialah|adalah|kini|sekarang|:|=)\s*)*",
    ),
    # last: a bare "address" is the home ("Alamat emel" is an e-mail, read above)
    _p(
        "home.address",
        "address",
        _POSS + r"(?:address|adresse|alamat|地址)(?:\s+(?:pengguna|saya|baru))?" + _IS_REQUIRED,
    ),
)
