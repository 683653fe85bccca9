"""Requests to forget said with other verbs and a named "stuff" (pure; issue #26, round 10):
"could you scrap the IVF stuff from earlier?", "ditch that whole visa thing", « tu peux zapper
le truc sur ma situation à la banque ? », « jette l'histoire de mon divorce », "yg aku cerita pasal
kena buang kerja tu, delete je la", 那段就划掉吧. Read by ``forget_cues._has_cue`` beside its
own cues; addressed to the assistant like them (at a clause start, after "please", "can you",
« tu peux », never after a subject: "I scrapped the car stuff" is a statement).

* en: a verb of getting rid (scrap, ditch, bin, nuke, trash, toss, drop, lose, purge, wipe, clear,
  delete, erase, remove, forget, scrub, expunge, zap, "get rid of", "cross out", "rub out") + "the / that / this / all the / my" +
  one to four words + stuff / thing / things / bit / part / info / business / saga / story /
  details. Not when a place of the user's follows ("scrap the old stuff in my garage", "delete
  the photo thing from my phone": a thing deleted from a thing, not from memory).
* fr: « zappe / zapper / jette / jeter / vire / virer / enlève / enlever / dégage / efface(r) /
  supprime(r) / retire(r) / oublie(r) / laisse tomber » + « le truc / l'histoire / la partie /
  le passage / le bout / la chose / ce truc » + « sur / de / à propos de / concernant » (not « de
  mon agenda… », as ``forget_cues_extra``).
* ms: a deleting verb closing its clause after "je / jelah / aje / saja" and "la / lah" ("…, delete
  je la", "padam je lah", "buang aje") in a sentence that names what the user told ("cerita",
  "cakap", "bagitahu", "sebut", "kata") or a matter ("pasal / hal / bab / benda … tu").
* zh: 划掉 / 抹了 / 清了 / 作废 after 那段 / 那条 / 那件事 / 那个事 / 的事 (那段就划掉吧, 我失业的事作废吧).

:data:`OTHER_WORDS`: the verbs and fillers, left out of a request's topic.
"""

from __future__ import annotations

import re

from souvenir.lexical.forget_spoken import spoken_fr_cue

__all__ = ["OTHER_WORDS", "other_cue"]

_EN_LEAD = (
    r"(?:(?:^|[,;:\-–—(]\s*)(?:(?:oh|hey|ok|okay|actually|also|and|but|so|yeah|pls|please|plz)\s+)*(?:just\s+)?"
    r"|\b(?:please|pls|plz)\s+(?:just\s+)?|\b(?:can|could|would|will)\s+(?:you|u|ya)\s+(?:please\s+|pls\s+|plz\s+)?"
    r"(?:just\s+)?|\b(?:you|u)\s+(?:can|could|should|may)\s+(?:just\s+)?)"
)
_EN_VERB = (
    r"(?:scrap|ditch|bin|nuke|trash|toss|drop|lose|purge|wipe|clear|delete|erase|remove|forget|scratch|scrub|expunge"
    r"|zap|junk|get\s+rid\s+of|cross\s+out|strike|rub\s+out|blot\s+out)"
)
_EN_THING = r"(?:stuff|thing|things|bit|part|info|business|saga|story|details|convo|conversation)"
#: A place of the user's after the thing: deleted from a thing, not from memory.
_EN_PLACE = r"(?!\s+(?:in|on|from|off|at|out\s+of)\s+(?:my|the|our)\s+(?!memory|memories|notes|records|chat|convo)\w)"
_EN = re.compile(
    _EN_LEAD
    + _EN_VERB
    + r"\s+(?:(?:pls|please|just)\s+)?(?:the|that|this|all\s+(?:the|that)|my)\s+(?:whole\s+)?"
    + r"(?:[\w'-]+\s+){0,3}?"
    + _EN_THING
    + r"\b"
    + _EN_PLACE,
    re.I,
)
#: What the user told, as the object of a verb of getting rid: "strike what I said about the lawsuit",
#: "wipe everything I told you re my ex" (any verb of the class, any telling verb).
_EN_TOLD = re.compile(
    _EN_LEAD
    + _EN_VERB
    + r"\s+(?:(?:pls|please|just)\s+)?(?:what|everything|anything|all|whatever|the\s+(?:stuff|things?|bits?)\s+(?:that\s+)?)"
    r"\s*(?:that\s+)?i\s+(?:(?:just|already)\s+)?(?:said|told\s+(?:you|u)|mentioned|shared|wrote|typed|put|explained"
    r"|brought\s+up|let\s+slip)\s+(?:to\s+(?:you|u)\s+)?"
    r"(?:(?:earlier|before|yesterday|last\s+(?:time|week|night)|just\s+now|the\s+other\s+day|a\s+while\s+ago)\s+)?"
    r"(?:about|regarding|re|on|concerning)\b",
    re.I,
)
_FR_LEAD = (
    r"(?:(?:^|[,;:\-–—(]\s*)(?:(?:et|alors|bon|donc|mais|en\s+fait|allez)\s+)?|\b(?:s'il\s+te\s+plaît|s'il\s+vous"
    r"\s+plaît|stp|svp|peux-tu|pourrais-tu|pouvez-vous|pourriez-vous|tu\s+peux|tu\s+pourrais|vous\s+pouvez|merci\s+de)\s+)"
)
_FR = re.compile(
    _FR_LEAD
    + r"(?:zappe|zapper|zappez|jette|jeter|jetez|vire|virer|virez|enlève|enlever|enlevez|dégage|dégager|efface|effacer"
    r"|supprime|supprimer|retire|retirer|oublie|oublier|laisse\s+tomber|laisser\s+tomber)\s+(?:(?:stp|svp|juste|donc)\s+)?"
    r"(?:le|ce|l'|la|cette|les|ces)\s*(?:truc|trucs|histoire|histoires|partie|passage|bout|chose|choses|sujet|info|infos)"
    r"\s+(?:sur|de|d'|du|des|à\s+propos\s+d[eu']|concernant|avec)"
    r"(?!\s*(?:mon|ma|mes|ton|ta|tes|le|la|les|l')\s*(?:agenda|calendrier|liste|panier|t[ée]l[ée]phone|portable"
    r"|ordi|ordinateur|dossier|fichier|compte|album|galerie|appli|application|mail|bo[îi]te|photos?|playlist"
    r"|cloud|drive|frigo|placard|sac|voiture|bureau|disque|garage|cave|grenier)\b)",
    re.I,
)
#: « vire ce que je t'ai dit sur mon licenciement », « efface tout ce que je t'ai raconté à propos de… ».
_FR_TOLD = re.compile(
    _FR_LEAD
    + r"(?:zappe|zapper|zappez|jette|jeter|jetez|vire|virer|virez|enlève|enlever|enlevez|dégage|dégager|efface|effacer"
    r"|supprime|supprimer|retire|retirer|oublie|oublier|laisse\s+tomber|laisser\s+tomber|raye|rayer|barre|barrer)"
    r"\s+(?:(?:stp|svp|juste|donc)\s+)?(?:tout\s+)?ce\s+que\s+je\s+(?:t'|vous\s+)ai\s+(?:dit|raconté|confié|écrit"
    r"|expliqué|partagé)\s+(?:(?:tout\s+à\s+l'heure|tantôt|hier|l'autre\s+jour|avant|la\s+dernière\s+fois)\s+)?(?:sur|à\s+propos\s+d|au\s+sujet\s+d|concernant|de|d'|du|pour)",
    re.I,
)
_MS_VERB = r"(?:delete|padam|buang|hapus|remove|erase|buangkan|padamkan|hapuskan)"
_MS_CLOSE = re.compile(
    r"(?:^|[,;:，]\s*|\b(?:tolong|pls|please)\s+)" + _MS_VERB + r"(?:lah)?\s+(?:je|jelah|aje|saja|sahaja|ja)"
    r"(?:\s+(?:la|lah|ye|ok|k))?\s*(?:[,.!;]|$)",
    re.I,
)
_MS_TOLD = re.compile(
    r"\b(?:cerita|ceritakan|cakap|bagitahu|bagitau|beritahu|sebut|kata|share|kongsi)\b"
    r"|\b(?:pasal|hal|bab|benda|perkara)\b[^,.!?]{1,60}?\b(?:tu|itu|ni|ini)\b",
    re.I,
)
#: ms: "buang apa yang aku cerita pasal…", "padam semua yang saya bagitahu tentang…".
_MS_TOLD_OBJ = re.compile(
    r"(?:^|[,;:，]\s*|\b(?:tolong|pls|please|boleh)\s+)"
    + _MS_VERB
    + r"(?:lah)?\s+(?:je\s+|aje\s+)?(?:apa|semua|segala)"
    r"\s+(?:yang|yg)\s+(?:aku|saya|sy)\s+(?:dah\s+|pernah\s+)?(?:cerita|ceritakan|cakap|bagitahu|bagitau|beritahu|sebut"
    r"|kata|share|kongsi|tulis)\s+(?:kat\s+\w+\s+|pada\s+\w+\s+)?(?:(?:tadi|semalam|hari\s+tu|minggu\s+lepas"
    r"|dulu|sebelum\s+ni)\s+)?(?:pasal|tentang|mengenai|berkenaan|fasal)\b",
    re.I,
)
#: zh: 把我说的…删了, 我跟你讲的…那些去掉吧.
_ZH_TOLD = re.compile(
    r"把?我(?:刚才|之前|上次)?(?:跟你|和你|对你)?(?:说|讲|提|聊)(?:过)?的[^，。,.!！?？]{1,20}?(?:都|全)?(?:删|去掉|抹掉|抹去|擦掉|划掉|清掉|清除|扔掉)"
)
#: fr: the thing first, then a clitic and the verb: « Le passage sur mes soucis avec le fisc, tu le retires
#: stp », « l'histoire de ma dette, tu peux l'effacer ».
_FR_FRONTED = re.compile(
    r"(?:^|[.!?;]\s*)(?:le|la|les|l'|ce|cette|ces)\s*(?:truc|trucs|passage|partie|histoire|bout|chose|choses|sujet|info"
    r"|infos|message)\s+(?:sur|de|d'|du|des|à\s+propos\s+d[eu']|concernant)[^.!?]{1,80}?,\s*(?:tu\s+(?:peux\s+|pourrais"
    r"\s+)?)?(?:le|la|les|l'|me\s+le|me\s+la)\s*(?:retire|retirer|retires|efface|effacer|effaces|vire|virer|vires"
    r"|supprime|supprimer|supprimes|zappe|zapper|zappes|enlève|enlever|enlèves|jette|jeter|jettes|oublie|oublier|oublies)\b",
    re.I,
)
#: Out of the assistant's memory, with any verb of getting rid: "…, buang je dari ingatan kau", "wipe it
#: from your memory", « efface ça de ta mémoire », 从你的记忆里删掉.
_FROM_MEMORY = re.compile(
    r"\b(?:scrap|scrub|ditch|bin|nuke|trash|toss|drop|purge|wipe|clear|delete|erase|remove|get\s+rid\s+of|take)\b[^.!?]{0,40}?"
    r"\b(?:from|out\s+of|off)\s+(?:your|ur)\s+(?:memory|memories|notes|records|head|brain)\b"
    r"|\b(?:retire|efface|supprime|vire|enlève|jette|sors|zappe)\w*\b[^.!?]{0,40}?\bde\s+(?:ta|votre)\s+(?:mémoire"
    r"|tête|liste|base)\b"
    r"|\b(?:buang|padam|hapus|delete|remove|keluarkan|buangkan|padamkan|hapuskan)\b[^.!?]{0,30}?\b(?:dari|daripada)"
    r"\s+(?:ingatan|memori|kepala|otak|simpanan|rekod)\s+(?:kau|awak|you|mu|anda)\b"
    r"|从(?:你(?:的)?)?(?:记忆|脑子|脑袋|记录)(?:里|中)?(?:删|去掉|抹掉|清掉|清除|拿掉)",
    re.I,
)
#: zh: a matter named, then 你 / 就 and a verb of clearing: 钱的那档子事你清掉吧, 我住院那事你删了吧.
_ZH_CLEAR = re.compile(
    r"(?:的|那)(?:档子|码|些|件|个|段)?(?:事|事情|事儿)(?:你|您)(?:就|也|都)?(?:给我)?(?:清掉|清了|删掉|删了|删除|去掉|抹掉|抹了"
    r"|扔掉|忘掉|忘了|拿掉)"
)
_ZH = re.compile(
    r"(?:那段|这段|那条|这条|那件事|这件事|那个事|这个事|的事(?:情)?)(?:你)?(?:就|也)?(?:给我)?(?:划掉|抹了|清了|作废|撤回|撤了)"
)

#: Words of the added cues, left out of the topic (keys).
OTHER_WORDS = frozenset(
    "ditch bin nuke trash toss lose purge clear get rid cross out business saga story convo conversation whole "
    "zappe zapper zappez jette jeter jetez vire virer enleve enlever degage degager laisse tomber sujet "
    "delete remove erase ja la lah ye scrub expunge zap junk rub blot earlier yesterday heure tantot hier tadi "
    "semalam".split()
) | frozenset(("划掉", "作废", "撤回", "那段", "这段", "擦掉", "抹去", "抹掉", "清掉", "清除"))


def other_cue(folded: str) -> bool:
    """Whether ``folded`` (a sentence, NFKC-folded, ASCII apostrophes) holds one of the cues
    of the module docstring."""
    if any(
        p.search(folded)
        for p in (_EN, _FR, _ZH, _EN_TOLD, _FR_TOLD, _MS_TOLD_OBJ, _ZH_TOLD, _FR_FRONTED, _FROM_MEMORY, _ZH_CLEAR)
    ):
        return True
    return bool(_MS_CLOSE.search(folded) and _MS_TOLD.search(folded)) or spoken_fr_cue(folded)
