"""More "from X to Y" changes of the user's work (issue #26, round 10). Sources only (key,
kind, regex source), spliced into ``keypatterns.PATTERNS`` before its Chinese employer change;
the group ``from`` is the old value (``keyed.changed_from``), and :func:`states_old_work`
finds the memory that said it.

* **Working hours** (key ``work.hours``, read only in a change): "Went from part-time to
  full-time", « Est passée du temps partiel au temps plein / de mi-temps à temps plein »,
  从兼职转成了全职, "Tukar dari separuh masa ke sepenuh masa". The value is the new status; the
  memory that said the old one in a work frame ("Works part-time at the county library") goes.
* **French contracted articles**: « Est passé du service client au marketing », « …de la compta
  aux achats »: the old value after « du / de la / des », the new after « au / à la / aux ».
* **A Chinese employer change naming the old job**: 从京东客服跳到了顺丰 (the old value 京东客服: the
  memory keyed with 京东 goes; 从X跳到 had no ``from`` before).

:func:`states_old_work`: a memory no pattern keys that states the old value in a work frame —
a verb of working first (works / travaille / bosse / 工作 / 在…做 / kerja), the old value's
words in order, no second clause ("…and plays football" keeps it).
"""

from __future__ import annotations

import re

from souvenir.lexical.keydata import ZH_OCCUPATION_SUFFIXES
from souvenir.lexical.normalize import fold_words, nfkc_fold

__all__ = ["change_sources", "states_old_work"]

#: What parts the old value of a change from the new (round 15): a comma, a semicolon, a dash between
#: spaces or a long dash ("No longer a nurse; now a midwife", « Plus prof — maintenant libraire », 不当老师了——).
_SEP = r"(?:\s*[,;]\s*|\s+-\s+|\s*[–—]{1,2}\s*)"
_EN_HOURS = r"(?:part[-\s]?time|full[-\s]?time|freelance|zero[-\s]hours|night\s+shifts?|day\s+shifts?)"
_FR_HOURS = r"(?:temps\s+partiel|temps\s+plein|plein\s+temps|mi-temps|mi\s+temps|(?:\d0\s*%)|intérim|free-?lance)"
#: A department or a trade after « du / de la » (« passé du thé au café » is no job).
_FR_DEPT = (
    r"(?:service\s+(?:client|clients|commercial|technique|informatique|juridique|comptable|après-vente)"
    r"|marketing|compta|comptabilité|achats|ventes|vente|rh|ressources\s+humaines|logistique|juridique|informatique"
    r"|communication|finance|finances|production|qualité|accueil|support|caisse|rayon|standard|secrétariat"
    r"|(?-i:[a-zàâçéèêëîïôûùüÿœ][\w\-]*(?:ier|ière|eur|euse|iste|ien|ienne)))"
)
_ZH_HOURS = r"(?:兼职|全职|临时工|正式工|夜班|白班|合同工)"
_MS_HOURS = r"(?:separuh\s+masa|sepenuh\s+masa|sambilan|part[-\s]?time|full[-\s]?time|kontrak|tetap)"


def change_sources(aux: str) -> tuple[tuple[str, str, str], ...]:
    """The patterns' sources; ``aux`` is the English auxiliary prefix of ``keypatterns``."""
    return (
        (
            "work.hours",
            "count",
            aux + r"(?:went|switched|moved|changed|gone|got\s+moved|been\s+moved|transitioned)\s+from\s+(?:working\s+)?"
            r"(?P<from>" + _EN_HOURS + r")\s+to\s+(?:working\s+)?(?P<v>" + _EN_HOURS + r")\b",
        ),
        (
            "work.hours",
            "count",
            r"(?:est\s+)?passée?\s+(?:du\s+|de\s+|d')(?P<from>"
            + _FR_HOURS
            + r")\s+(?:au\s+|à\s+|a\s+)(?P<v>"
            + _FR_HOURS
            + r")",
        ),
        (
            "work.hours",
            "count",
            r"(?:工作)?(?:从|由)(?P<from>"
            + _ZH_HOURS
            + r")(?:转成|转为|转到|变成|改成|换成)了?(?P<v>"
            + _ZH_HOURS
            + r")",
        ),
        (
            "work.hours",
            "count",
            r"(?:(?:ber)?tukar|beralih|pindah)\s+(?:kerja\s+)?dari(?:pada)?\s+(?P<from>" + _MS_HOURS + r")\s+"
            r"(?:ke|kepada|jadi|menjadi)\s+(?P<v>" + _MS_HOURS + r")\b",
        ),
        (
            "occupation",
            "occ",
            r"(?:est\s+)?passée?\s+(?:du\s+|de\s+la\s+|de\s+l'|des\s+)(?P<from>" + _FR_DEPT + r")\s+"
            r"(?:aux\s+|au\s+|à\s+la\s+|à\s+l'|a\s+la\s+)",
        ),
        ("employer", "org_zh_verb", r"(?:工作)?从(?P<from>[^，。,;]{1,12}?)(?:跳槽到|跳槽去|跳到|换到|转到)了?"),
        # "from X to Y" with no verb (session 20): 从会计到产品经理 — both sides end like a trade
        (
            "occupation",
            "occ_zh_trade",
            r"^(?:我)?(?:从|由)(?P<from>[\u4e00-\u9fff]{0,6}?(?:" + "|".join(ZH_OCCUPATION_SUFFIXES) + r"))到了?",
        ),
        # Leaving one job for another (round 13), the class "left X for Y / no longer X, now Y":
        # "Swapped being a paramedic for a desk job as a dispatcher", "Quit nursing to become a doula",
        # « A quitté l'enseignement pour devenir sophrologue », « N'est plus serveur, maintenant barman »,
        # "Bukan lagi guru tadika, sekarang pembantu farmasi"
        (
            "occupation",
            "occ_change",
            aux + r"(?:swapped|traded|left|quit|gave\s+up|ditched)\s+(?:being\s+|working\s+as\s+)?(?:an?\s+)?"
            r"(?P<from>(?-i:[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}))\s+(?:for\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}?(?:job|role"
            r"|position|post|career|gig)\s+as|to\s+(?:become|be|work\s+as|retrain\s+as)|for\s+(?:being|becoming))"
            r"\s+an?\s+",
        ),
        # working hours said as a state (round 13): "Works full-time now", « Travaille à temps plein »,
        # 现在做全职, "Kerja sepenuh masa" (the change form above reads "from X to Y")
        ("work.hours", "count", aux + r"(?:works?|working)\s+(?:now\s+)?(?P<v>" + _EN_HOURS + r")\b"),
        (
            "work.hours",
            "count",
            r"(?:travaille|bosse)\s+(?:maintenant\s+|désormais\s+)?(?:à\s+|en\s+)?(?P<v>" + _FR_HOURS + r")",
        ),
        (
            "work.hours",
            "count",
            r"(?:现在|目前)?(?:在[^，。,;]{1,8}?)?(?:做|是|在做|打)(?P<v>" + _ZH_HOURS + r")(?=$|[，。,]|工作|了)",
        ),
        ("work.hours", "count", r"(?:bekerja|kerja)\s+(?:sekarang\s+|kini\s+)?(?P<v>" + _MS_HOURS + r")\b"),
        # a trade of the list after the copula (round 13): "Is a nurse", « Est professeure des écoles », "Adalah
        # seorang jururawat" — the list only: "Is a mother", « Est fan de jazz » are no trade
        ("occupation", "occ_listed", aux + r"is\s+(?:now\s+|actually\s+)?an?\s+"),
        ("occupation", "occ_listed", r"(?:est|suis)\s+(?:maintenant\s+|désormais\s+|en\s+fait\s+)?(?:une?\s+)?"),
        ("occupation", "occ_listed", r"(?:(?:adalah|ialah|merupakan)\s+)?seorang\s+"),
        (
            "occupation",
            "occ",
            r"(?:a\s+)?quitté\s+(?P<from>[^,;]{1,40}?)\s+pour\s+(?:devenir|être|bosser\s+comme|travailler\s+comme"
            r"|se\s+lancer\s+comme|se\s+reconvertir\s+en)\s+",
        ),
        # "no longer X, now Y" split by its comma (round 14): the old trade after the negation, the new
        # one after "now" and an optional "I'm / je fais / 做 / buat" (« Je suis plus prof, maintenant je
        # fais de l'assurance », 不再当老师了，现在做保险, "Bukan cikgu lagi, sekarang buat insurans")
        (
            "occupation",
            "occ_change",
            aux
            + r"(?:is\s+|am\s+|i'm\s+)?(?:no\s+longer|not(?=\s+(?:working\s+as\s+)?an?\s+[\w-]+(?:\s+[\w-]+){0,2}?\s+anymore))\s+"
            r"(?:(?:working\s+)?as\s+)?(?:an?\s+)?(?P<from>(?-i:[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?))(?:\s+anymore)?"
            + _SEP
            + r"(?:(?:and|but)\s+)?(?:(?:i'm\s+|is\s+)?now\s+(?:i'm\s+|i\s+am\s+|working\s+as\s+|as\s+)?"
            r"|(?:i'm|i\s+am)\s+(?=an?\s+[\w-]+(?:\s+[\w-]+)?\s+now\b))(?:an?\s+)?",
        ),
        (
            "occupation",
            "occ",
            r"(?:(?:n'est|n'suis|ne\s+suis|je\s+ne\s+suis|je\s+suis|suis|est)\s+)?plus\s+(?!de\b|d'|du\b|des\b|que\b|qu')"
            r"(?P<from>[^,;—–]{1,30}?)" + _SEP + r"(?:(?:il|elle)\s+est\s+|je\s+suis\s+)?(?:maintenant|désormais)\s+"
            r"(?:(?:je\s+suis|il\s+est|elle\s+est)\s+|(?:je\s+)?(?:fais|fait|bosse|travaille)\s+(?:dans\s+)?"
            r"(?:de\s+l'|de\s+la\s+|du\s+|des\s+|l'|la\s+|le\s+)?)?",
        ),
        (
            "occupation",
            "occ_zh",
            r"(?:已经)?(?:不再|不)(?:当|做|干)(?P<from>[^，。,;—–]{1,8}?)了?"
            + _SEP
            + r"(?:现在|如今|目前|改|转)*(?:在)?(?:当|做|干)了?"
            r"(?:一名|一个)?",
        ),
        (
            "occupation",
            "occ_zh",
            r"(?:辞掉|辞去|辞了|不干|不做)了?(?P<from>[^，。,;]{1,8}?)(?:的工作|的活)?(?:去|改|转|跑去)(?:当|做)了?(?:一名|一个)?",
        ),
        (
            "occupation",
            "occ_change",
            r"(?:dah\s+|sudah\s+)?bukan\s+(?=(?:[^,;]*\s)?lagi\b)(?:lagi\s+)?(?:seorang\s+)?(?P<from>[^,;—–]{1,30}?)"
            r"(?:\s+lagi)?(?:" + _SEP + r"|\s+)(?:sekarang|kini)\s+"
            r"(?:dah\s+)?(?:jadi\s+|bekerja\s+sebagai\s+|kerja\s+sebagai\s+|sebagai\s+|buat\s+|kerja\s+)?(?:seorang\s+)?",
        ),
    )


_WORK_FRAME = re.compile(
    r"^(?:i\s+|i'm\s+|je\s+|j'|saya\s+|aku\s+|我)?(?:works?|working|is\s+working|travaille|bosse|bekerja|kerja"
    r"|工作|上班|在)",
    re.I,
)
_SECOND_CLAUSE = re.compile(r"\b(?:and|but|et|mais|dan|tapi|tetapi)\b|[,;，；、]|和|并且|而且|但是", re.I)


def states_old_work(text: str, old: str) -> bool:
    """Whether a memory ``text`` states ``old`` in a work frame (module docstring): "Works
    part-time at the county library" for "part-time", « Travaille au service client chez
    Orange » for « service client », 在京东做客服 for 京东客服 (its parts in order)."""
    folded = nfkc_fold(text).strip()
    if not _WORK_FRAME.match(folded) or _SECOND_CLAUSE.search(folded):
        return False
    if re.search(r"[\u3400-\u9fff]", old):
        pos = 0
        for ch in old:
            pos = folded.find(ch, pos)
            if pos < 0:
                return False
            pos += 1
        return True
    words, own = fold_words(folded).split(), fold_words(old).split()
    return bool(own) and any(words[i : i + len(own)] == own for i in range(len(words)))
