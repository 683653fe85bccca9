"""Requests to forget that name the thing, not the speech (pure): 删掉我生病的事, 把我失业那件事删了,
"padam hal kerja saya tu", « vire ce que je t'ai dit sur… », « supprime l'histoire de mon
divorce ». Read by :func:`souvenir.lexical.forget_cues._has_cue` beside its own cues.

:mod:`souvenir.lexical.forget_cues` takes a deleting verb for a request only beside a word
of speech or memory (说, 那件事, "apa yang", « ce que »): 删掉我生病的事 ("delete the thing about my
being ill") has none, and was stored as a fact instead (issue #26, lane forget3). The kinds
added here, all addressed to the assistant (never after a subject: 我删掉了…, 我想删掉…, "saya
buang…", « ils ont supprimé mon poste » is a statement):

- zh: 删 / 删掉 / 删除 / 删了 / 去掉 / 抹掉 / 清掉 / 清除, opening a clause or after 请 / 帮我 / 麻烦 /
  你 / 可以 / 能不能, + 我…的事(情) / 那件事 / 那个 ending the clause (删掉那个app deletes an app,
  删掉我生病的事的帖子 a post), and the 把 order: 把我…的事 / 把…那件事 / 把那个 +
  the verb (把订单删了 deletes an order: the thing must be 事 or a bare 那个 / 这个);
- ms: padam / buang / hapus (+kan, +lah) + hal / cerita / pasal / perkara / bab … (tu / itu)
  ("buang sampah tu" throws rubbish away: the thing must be a matter, not an object);
- fr: « vire(z) » as « efface » (« vire ce que je t'ai dit », « vire ça »), and « supprime /
  efface / vire » + « l'histoire / le truc / la partie / le passage / ce truc » + « de / sur / à
  propos de » (« supprime mon compte » deletes an account: not read);
- all four: a deleting verb on the user's own *matter* ending the clause — a word of debt,
  illness, allergy, mental health or romance (``topic_concepts``): « supprime mon divorce »,
  "delete my divorce", "padam perceraian saya", 删掉我的离婚 / 把我离婚删了. Nobody deletes a
  divorce but from a memory; "delete my account / photos", « supprime mon compte », "padam
  gambar saya", 删掉我的照片 name no matter and stay orders;
- all four: a deleting verb on the user's own contact data ending the clause (session 24): "please
  delete my address / phone number", « tu pourrais supprimer mon adresse ? », 请删除我的地址,
  "tolong padam alamat saya" (before, each stayed an order, kept as an episode beside the address).

:data:`MORE_WORDS`: the added verbs and fillers, left out of a request's topic.
"""

from __future__ import annotations

import re

__all__ = ["MORE_WORDS", "more_cue"]

#: The verb opens a clause or follows words of address (请, 帮我, 麻烦(你), 你, 可以, 能不能): after
#: a subject (我删掉了…, 我想删掉…, 他把那个删了) it is a statement or a wish about something else.
_ZH_LEAD = r"(?:^|(?<=[，,；;：:\s])|(?<=请)|(?<=帮我)|(?<=麻烦)|(?<=麻烦你)|(?<=^你)|(?<=可以)|(?<=能不能))"
_ZH_VERB = r"(?:删掉|删除|删了|删|去掉|抹掉|抹去|清掉|清除)"
_ZH_MATTER = r"(?:我[^，。！？,.!?]{1,12}?的事(?:情)?|[^，。！？,.!?]{0,12}?(?:那件|这件)事(?:情)?)"
_ZH_BARE = r"(?:那个|这个|那些|这些)"
#: The thing ends the clause (删掉我生病的事的帖子 deletes a post).
_ZH_END = r"(?=\s*(?:吧|了|啊|呀|哦|嘛|好吗|行吗|吗)*\s*(?:[，。！？,.!?；;]|$))"
_ZH = re.compile(
    _ZH_LEAD
    + _ZH_VERB
    + r"(?:吧|了)?"
    + r"(?:"
    + _ZH_MATTER
    + r"|"
    + _ZH_BARE
    + r")"
    + _ZH_END
    + r"|"
    + _ZH_LEAD
    + r"把(?:"
    + _ZH_MATTER
    + r"|"
    + _ZH_BARE
    + r")(?:给)?"
    + _ZH_VERB
)
_MS = re.compile(
    r"(?<!saya\s)(?<!aku\s)(?<!dia\s)(?<!kami\s)(?<!kita\s)(?<!mereka\s)(?<!dah\s)(?<!sudah\s)(?<!telah\s)"
    r"(?<!jangan\s)(?<!tak\s)"
    r"\b(?:padam|buang|hapus)(?:kan)?(?:lah)?\s+(?:(?:je|jelah|saja|aje)\s+)?(?:hal|cerita|pasal|perkara|bab)\b",
    re.I,
)
_FR_LEAD = (
    r"(?:(?:^|[,;:\-–—(]\s*)(?:(?:et|alors|bon|donc|mais|en\s+fait)\s+)?|\b(?:s'il\s+te\s+plaît|s'il\s+vous"
    r"\s+plaît|stp|svp|peux-tu|pourrais-tu|pouvez-vous|pourriez-vous|tu\s+peux|vous\s+pouvez)\s+)"
)
_FR = re.compile(
    _FR_LEAD + r"(?:vire|virez)\s+(?:ce\s+que|ça|ca|cela|ceci|tout|l'info|cette\s+info|ce\s+détail|ce\s+passage)\b"
    # « vire ça de la table » moves a thing; « de ta mémoire » is the memory
    r"(?!\s+(?:de|du|des|dans|sur)\s+(?:mon|ma|mes|le|la|les|l'|notre|nos)\s*(?!historique|m[ée]moire|profil)\w)"
    r"|"
    + _FR_LEAD
    + r"(?:supprime|supprimez|efface|effacez|vire|virez)\s+(?:l'histoire|le\s+truc|la\s+partie|le\s+passage|ce\s+truc"
    r"|cette\s+histoire|le\s+détail)\s+(?:de|d'|du|des|sur|à\s+propos\s+d[eu']|concernant)"
    # « supprime le truc de mon agenda » deletes from one of the user's things, not from memory
    r"(?!\s*(?:mon|ma|mes|ton|ta|tes|le|la|les|l')\s*(?:agenda|calendrier|liste|panier|t[ée]l[ée]phone|portable"
    r"|ordi|ordinateur|dossier|fichier|compte|album|galerie|appli|application|mail|bo[îi]te|photos?|playlist"
    r"|cloud|drive|frigo|placard|sac|voiture|bureau|disque)\b)",
    re.I,
)

#: Words of the added cues, left out of the topic (keys and Chinese words).
MORE_WORDS = frozenset("vire virez histoire partie passage truc bab cerita".split()) | frozenset(
    ("清掉", "删掉了", "删除了", "去掉了", "那件", "这件", "事情", "的事", "的事情", "给", "帮")
)


_EN_LEAD = (
    r"(?:(?:^|[,;:\-–—(]\s*)(?:(?:and|so|ok|okay|also|just|please|pls)\s+)*|\b(?:can\s+you|could\s+you|please)\s+)"
)
_MS_LEAD = r"(?:(?:^|[,;:\-–—(]\s*)(?:(?:tolong|boleh|tak|je|jelah|cepat)\s+)*)"
#: A deleting verb on one of the user's own matters (the verb addressed, the matter ending the clause).
_OWN_MATTER = (
    re.compile(
        _EN_LEAD
        + r"(?:delete|erase|remove|wipe)\s+(?:my|our)\s+(?P<w>[a-z][\w'-]*)(?=\s*(?:please|pls)?\s*(?:[.!?,;]|$))",
        re.I,
    ),
    re.compile(
        _FR_LEAD + r"(?:supprime|supprimez|efface|effacez|vire|virez)\s+(?:mon|ma|mes|notre|nos)\s+"
        r"(?P<w>[^\W\d_][\w'-]*)(?=\s*(?:stp|svp|s'il\s+te\s+plaît)?\s*(?:[.!?,;]|$))",
        re.I,
    ),
    re.compile(
        _MS_LEAD + r"(?:padam|buang|hapus)(?:kan)?(?:lah)?\s+(?P<w>[a-z]+)\s+(?:saya|aku|sy)"
        r"(?=\s*(?:tu|itu|ya|je)?\s*(?:[.!?,;]|$))",
        re.I,
    ),
    re.compile(_ZH_LEAD + _ZH_VERB + r"(?:吧|了)?(?:掉)?我的?(?P<w>[\u4e00-\u9fff]{1,4}?)" + _ZH_END),
    re.compile(_ZH_LEAD + r"把我的?(?P<w>[\u4e00-\u9fff]{1,4}?)(?:给)?" + _ZH_VERB),
)
#: Matters no one deletes but from a memory: « supprime mon divorce » (« supprime mon compte »
#: deletes an account, "delete my photos" photos: their words name no such matter).
_MATTERS = frozenset({"debt", "illness", "allergy", "mental", "romance"})


def _own_matter(folded: str) -> bool:
    from souvenir.lexical.tagged import tokenize
    from souvenir.lexical.topic_concepts import word_concepts

    for pattern in _OWN_MATTER:
        for m in pattern.finditer(folded):
            if any(word_concepts(tok) & _MATTERS for tok in tokenize(m.group("w"))):
                return True
    return False


#: A deleting verb on the user's own contact data ending the clause (session 24): "(please)
#: delete my (home / email) address / phone number", « supprime(r) / efface(r) mon adresse / mon
#: numéro (de téléphone) », 删除我的地址 / 把我的电话号码删了, "padam alamat / nombor telefon saya".
#: Whatever the provider does with an account, the user wants the memory of it gone (docs/write-path.md).
_CONTACT = (
    re.compile(
        _EN_LEAD
        + r"(?:delete|erase|remove|wipe)\s+(?:my|our)\s+(?:(?:home|email|e-mail|postal|mailing|delivery|shipping"
        r"|billing)\s+)?(?:address|phone\s+number|mobile\s+number|phone|number|email)(?=\s*(?:please|pls)?\s*(?:[.!?,;]|$))",
        re.I,
    ),
    re.compile(
        _FR_LEAD + r"(?:supprime|supprimez|supprimer|efface|effacez|effacer|retire|retirez|retirer|vire|virez|virer)\s+"
        r"(?:mon|ma|notre)\s+(?:adresse(?:\s+(?:e-?mail|mail|postale))?|num[ée]ro(?:\s+de\s+(?:t[ée]l[ée]phone|portable))?"
        r"|t[ée]l[ée]phone|e-?mail|mail)(?=\s*(?:stp|svp|s'il\s+te\s+plaît|s'il\s+vous\s+plaît)?\s*(?:[.!?,;]|$))",
        re.I,
    ),
    re.compile(
        _MS_LEAD
        + r"(?:(?:awak|kau|anda|you)\s+)?(?:padam|buang|hapus)(?:kan)?(?:lah)?\s+(?:alamat(?:\s+(?:rumah|emel|e-mel))?|nombor(?:\s+(?:telefon|fon|hp))?"
        r"|emel|e-mel)\s+(?:saya|aku|sy)(?=\s*(?:tu|itu|ya|je)?\s*(?:[.!?,;]|$))",
        re.I,
    ),
    re.compile(
        _ZH_LEAD
        + _ZH_VERB
        + r"(?:吧|了)?(?:掉)?我的?(?:家庭|家|电子)?(?:地址|住址|电话号码|电话|手机号码|手机号|邮箱)"
        + _ZH_END
        + r"|"
        + _ZH_LEAD
        + r"把我的?(?:家庭|家|电子)?(?:地址|住址|电话号码|电话|手机号码|手机号|邮箱)(?:给)?"
        + _ZH_VERB
    ),
)


def more_cue(folded: str) -> bool:
    """Whether ``folded`` (a sentence, NFKC-folded, ASCII apostrophes) holds one of the cues
    of the module docstring."""
    if any(pattern.search(folded) for pattern in _CONTACT):
        return True
    return bool(_ZH.search(folded) or _MS.search(folded) or _FR.search(folded) or _own_matter(folded))
