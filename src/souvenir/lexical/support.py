"""Support and resolve: a sentence that cheers the other speaker on or only says "I won't give up" (issue #25).

Two kinds of chit-chat (:mod:`souvenir.lexical.chitchat`) that name no durable fact about
the writer. Pure (the sentence's words left once chit-chat, pronouns and names are set
aside — :func:`souvenir.lexical.chitchat._left` — in, verdict out)::

    support("I'm always here to support you!", ["support"], second=True)           -> True
    support("I think you can create that space.", ["create", "space"], second=True) -> True
    resolve("I'll keep plugging away and stay optimistic.", ["keep", "plugging", "away", "stay", "optimistic"]) -> True
    resolve("I'll keep plugging away at pottery.", ["keep", "plugging", "away", "pottery"])                 -> False

- ``support`` — support, encouragement and thanks between the two speakers said in the
  first person: "I'm always here to support you", "with your support I can handle
  anything", "Glad I have you in my corner", « Je te soutiens toujours », 我一直支持你,
  "Saya sentiasa sokong awak" — a second-person word, a word of support, and nothing else
  but words of support or resolve; or a belief about the other ("I think you can create
  that space", « je sais que tu vas y arriver », 我相信你可以, "saya yakin awak boleh"): the
  writer's "I" is only the frame of what the other can or will do.
- ``resolve`` — a resolve with no object: "I'm going for my dreams!", "I'll keep plugging
  away and stay optimistic", "We'll make it through this", "Success is almost here",
  « Je lâche rien, je fonce ! », 我会继续努力的, "Saya akan terus berusaha" — every word
  left is one of determination, effort, adversity or success. "I'll keep pushing with the
  bakery" is kept: "bakery" is no such word.

- ``helped`` — the helper's answer to thanks, and nothing else: "I'm glad I could help,
  John.", "Happy to help!", "My pleasure", « Ravie d'avoir pu aider ! », 很高兴能帮上忙,
  "Gembira dapat membantu" — the speaker is the one who helped, never the user thanking; a
  vocative name is set aside. "Glad I could help with the move" is kept (the move is said).

The gold of LoCoMo notes some of these turns as a relation ("Gina encourages Jon…", "Jon
is grateful for Gina's support") or a trait ("Jon is determined…"): what each kind costs
there is measured by ``bench/chitchat_share.py --by-kind support,resolve``
(docs/write-path.md). No threshold: the lexicons are the rule.
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import strip_accents

__all__ = ["helped", "resolve", "support"]

#: A word of support between the two (folded, accents off).
_SUPPORT = frozenset(
    """support supports supporting supported supportive encourage encouraging encouragement encouragements
    cheer cheering cheered root rooting back corner side behind believe believing count rely here there always
    help helping helped helps pep pep-talk talk words advice kindness having have need needed mean means meant
    much world everything anything lot appreciate appreciated appreciating got
    soutien soutiens soutient soutenir soutenu soutenue encourager encourageant aide aides aider la compter
    compte toujours paroles mots crois croire cote derriere merci serai peux
    sokong sokongan menyokong dorongan galakan bantuan tolong sentiasa ada sini percaya harap kata-kata kata
    sisi belakang atas harapkan bergantung pada kepada boleh""".split()
)
_ZH_SUPPORT = (
    "支持",
    "鼓励",
    "帮助",
    "帮忙",
    "身边",
    "陪着",
    "陪",
    "相信",
    "挺",
    "一直",
    "都在",
    "永远",
    "有你",
    "靠",
    "依靠",
    "指望",
    "可以",
    "在",
    "我",
)
#: Words of determination, effort, adversity and success, with no object of their own.
_RESOLVE = frozenset(
    """keep keeps keeping going go goes chase chasing pushing push pushed forward plugging plug away staying stay
    positive optimistic strong stronger dreams dream goals goal hearts heart put make making happen it through
    handle anything everything up quit quitting never gonna will got this hard harder
    fight fighting hang ready sure almost success successful succeed way on ahead moving move
    setbacks setback obstacles obstacle tough bumpy challenge challenges difficult rough
    struggle struggles determined grind hustle focused focus motivated motivation worry worries
    continuer continue continuerai continuons garde gardons garder lacher lache lacherai lacherons abandonner abandonne abandonnerai jamais reves reve
    objectif objectifs positif positive motive motivee avancer avance fonce foncer battre cap arriver arriverai
    arriverons reussir reussirai obstacles difficile dur durs efforts effort courage
    teruskan terus usaha berusaha impian mimpi putus asa positif kuat boleh mampu pasti jaya berjaya maju
    semangat cuba gigih halangan susah risau bimbang""".split()
)
_ZH_RESOLVE = (
    "坚持",
    "继续",
    "努力",
    "加油",
    "梦想",
    "放弃",
    "积极",
    "乐观",
    "一定",
    "可以",
    "做到",
    "成功",
    "前进",
    "拼",
    "会",
    "的",
    "下去",
    "不",
    "我们",
    "能",
    "挺过",
    "困难",
    "我",
    "一起",
)
#: "I think / know / am sure (that) you can / will / 'll…": the writer's belief about the other.
_BELIEF = re.compile(
    r"\b(?:i|we)\s+(?:really\s+|just\s+|totally\s+)?(?:think|know|believe|bet|reckon|am\s+sure|'m\s+sure|am\s+confident"
    r"|'m\s+confident|have\s+no\s+doubt)\s+(?:that\s+)?(?:you|y'all)\s*(?:'ll|'re|'ve|can|will|are|could|would|got|have)\b"
    r"|\bje\s+(?:sais|pense|crois|suis\s+s[uû]re?|suis\s+convaincue?)\s+(?:que|qu')\s*(?:tu|vous)\b"
    r"|我(?:真的|一直|很)?(?:相信|觉得|知道|肯定)(?:你|您)(?:可以|能|会|一定)"
    r"|\b(?:saya|aku)\s+(?:yakin|percaya|tahu|rasa)\s+(?:yang\s+)?(?:awak|kamu|anda|engkau)\s+(?:boleh|akan|mampu|pasti)\b",
    re.I,
)


#: Phrases whose words are a resolve only together: "give up", "hard work paying off", "try my best",
#: « faire de mon mieux » ("I'm off work today" is a day off, "I'll give it a try" a plan).
_PHRASES = re.compile(
    r"\b(?:give|giving|gave)\s+up\b|\b(?:paying|pays|paid)\s+off\b|\bhard\s+work\b|\bwork(?:ing)?\s+hard\b"
    r"|\btry(?:ing)?\s+(?:my|our)\s+best\b|\bdo(?:ing)?\s+(?:my|our)\s+best\b"
    r"|\bfaire\s+de\s+(?:mon|notre)\s+mieux\b|\bbuat\s+(?:yang\s+)?terbaik\b",
    re.I,
)
#: Past and done markers: a sentence holding one tells of something that happened ("It was
#: tough", "I even made this for you"), no resolve nor support.
_PAST = frozenset(
    """was were went had did made took saw came been gave told ate
    etait etaient ete fait fis avait eu
    sudah dah telah pernah tadi semalam""".split()
)
_ZH_PAST = ("了", "过", "昨天", "上次", "以前", "去年")


#: Support said in a phrase of function words: "here for you", « là pour toi », "ada untuk awak".
_CUE = re.compile(
    r"\b(?:here|there)\s+for\s+(?:you|ya|y'all)\b|\bcount\s+on\s+(?:me|us)\b|\bl[àa]\s+pour\s+(?:toi|vous)\b"
    r"|\bcompte[rz]?\s+sur\s+(?:moi|nous)\b|\bada\s+untuk\s+(?:awak|kamu|anda)\b|有我(?:在|呢)|(?:可以|能)?(?:依靠|指望)我"
    r"|\b(?:harapkan|bergantung\s+(?:pada|kepada))\s+(?:saya|aku|kami)\b",
    re.I,
)


def _fold(word: str) -> str:
    return strip_accents(word.lower())


def _past(sentence: str) -> bool:
    words = {_fold(w) for w in re.findall(r"[\w']+", sentence)}
    return bool(words & _PAST) or any(z in sentence for z in _ZH_PAST)


def _only(left: list[str], latin: frozenset[str], zh: tuple[str, ...], sentence: str) -> bool:
    latin = latin | {_fold(w) for m in _PHRASES.finditer(sentence) for w in m.group().split()}
    for word in left:
        if any("\u3400" <= ch <= "\u9fff" for ch in word):
            rest = word
            for part in sorted(zh, key=len, reverse=True):
                rest = rest.replace(part, "")
            if rest:
                return False
            continue
        key = _fold(word)
        if key not in latin and key.rstrip("s") not in latin:
            return False
    return True


def support(sentence: str, left: list[str], second: bool) -> bool:
    """Support or encouragement between the two speakers (module docstring). ``left``: the
    sentence's words once chit-chat, pronouns and names are set aside; ``second``: it holds a
    second-person word (you, toi, 你, awak)."""
    cued = bool(_CUE.search(sentence))  # "Count on me for support.": the other is the one helped, unnamed
    if (not second and not cued) or _past(sentence):
        return False
    if _BELIEF.search(sentence.replace("\u2019", "'")):
        return True
    cue = cued or any(_fold(w) in _SUPPORT for w in left) or any(z in w for w in left for z in _ZH_SUPPORT[:8])
    return cue and _only(left, _SUPPORT | _RESOLVE, _ZH_SUPPORT + _ZH_RESOLVE, sentence)


def resolve(sentence: str, left: list[str]) -> bool:
    """A resolve with no object (module docstring); ``sentence`` as written, ``left`` as for
    :func:`support`."""
    return bool(left) and not _past(sentence) and _only(left, _RESOLVE, _ZH_RESOLVE, sentence)


#: The helper's whole answer to thanks (:func:`helped`), a vocative name and the end marks set aside.
_HELPED = re.compile(
    r"(?:(?:i'?m|i\s+am|i'?ve\s+been|we'?re)\s+)?(?:(?:so|really|very|just|always|truly)\s+)*(?:glad|happy|pleased|delighted)"
    r"\s+(?:(?:that\s+)?(?:i|we)\s+(?:could|can|was\s+able\s+to|were\s+able\s+to)\s+|to\s+)"
    r"(?:help|be\s+of\s+help|be\s+helpful)(?:\s+(?:you|out|you\s+out))?"
    r"|(?:it\s+(?:is|was)\s+|it'?s\s+)?(?:my|our)\s+pleasure|(?:any\s*time)"
    r"|(?:je\s+suis\s+|j'en\s+suis\s+)?(?:(?:tellement|vraiment|tr[eè]s|si)\s+)?(?:ravie?|contente?|heureuse?|heureux)"
    r"\s+(?:d'avoir\s+pu|de\s+pouvoir|d')\s*(?:t'|vous\s+)?(?:aider|[eê]tre\s+utile)"
    r"|avec\s+plaisir|tout\s+le\s+plaisir\s+est\s+pour\s+moi"
    r"|我?(?:很|真|非常)?(?:高兴|开心|乐意)(?:能|可以)?(?:帮上忙|帮到你|帮助你|帮到您|帮上你的忙|帮忙|效劳)了?"
    r"|(?:(?:saya|aku)\s+)?(?:sangat\s+)?(?:gembira|seronok|suka|senang\s+hati)\s+(?:dapat|boleh|sebab\s+dapat)\s+"
    r"(?:membantu|bantu|tolong)(?:\s+(?:awak|kamu|anda|engkau))?",
    re.I,
)


#: End marks, emoji and a trailing comma: "Happy to help! :)", 很高兴能帮上忙。
_END = re.compile(r"[\s!.~。！～:)(,，\U0001f300-\U0001faff\u2600-\u27bf]+$")


#: The user named in the note filter's wording, called at either end: "…help, the user."
_AS_USER = re.compile(
    r"^(?i:the\s+user|l'utilisat(?:eur|rice)|pengguna)\s*[,，]\s*|^用户[,，]\s*"
    r"|[\s,，]+(?i:the\s+user|l'utilisat(?:eur|rice)|pengguna)(?=[\W_]*$)|[,，]\s*用户(?=[\W_]*$)"
)


def helped(sentence: str, names: frozenset[str] = frozenset()) -> bool:
    """The helper's answer to thanks and nothing else (module docstring). ``names``:
    lower-case names of the speakers; a capitalised word set off by a comma at either end is
    read as a vocative too. No threshold: the phrase list is the rule."""
    text = sentence.replace("\u2019", "'").strip()
    text = re.sub(r"^[\W_]*(?:(?:oh|well|aw+|yeah|hey|of course|bien s[uû]r|eh|wah)\b[\s,!.]*)*", "", text, flags=re.I)
    text = _AS_USER.sub("", text)  # the note filter writes the user's name "the user"
    lead = re.compile(r"^[A-Z][\w\u00c0-\u00ff-]*\s*[,!]\s*")
    trail = re.compile(r"[\s,，]+[A-Z][\w\u00c0-\u00ff-]*[\W_]*$")
    for cand in (text, lead.sub("", text), trail.sub("", text), trail.sub("", lead.sub("", text))):
        cand = _END.sub("", cand.strip())
        words = cand.split()
        if words and words[-1].lower().strip(",!.") in names:
            cand = _END.sub("", " ".join(words[:-1]))
        if _HELPED.fullmatch(cand.strip()):
            return True
    return False
