"""Questions that assert, questions without "?", and marked sarcasm (pure; issue #26).

* :func:`assertive` rewrites a rhetorical or tag question into the statement it asserts:
  我不是对芒果过敏吗？ → 我对芒果过敏。("I'm allergic to mango, aren't I?"), "I'm allergic to
  mango, right?" → "I'm allergic to mango.", « Je suis allergique, non ? / n'est-ce pas ? »,
  "Saya alah pada mangga, kan?", "…对吧？ / 是吧？ / 没错吧？". The filters read the statement
  (its words stay asserted, its 不是 is no negation). The "isn't it obvious I…?" frame
  (« c'est pas évident que je… ? », 难道你看不出来我…吗？, "tak nampak ke saya…?") asserts what
  follows when that is about the user.
* :func:`mark_questions` adds the missing "?" to a sentence that asks without one: Chinese
  A-not-A and question particles (我是不是应该辞职, 要不要, 该不该, …吗 at the end),
  Malay "patut ke / boleh tak / perlu ke", "-kah" words (adakah, patutkah…) and openers
  (macam mana, kenapa…), English "Should I / Do I / Can I…" or "do you think I should" at a
  sentence start, 你觉得/你说 before an A-not-A, French « tu crois que je devrais », "est-ce que", "dois-je / devrais-je / puis-je", and indirect questions ("I wonder
  if", "not sure whether", « je me demande si », « je sais pas si », 不知道该不该, "tak tahu
  nak…"): such a sentence asks, it does not decide.
* :func:`sarcastic` finds the sentences marked as sarcasm: a strong cue (🙄 🙃, "/s",
  "yeah right", "oh sure", "oh great", "said no one ever", « ben voyons »,
  « mais bien sûr », « quelle joie », 呵呵, 才怪, 真是谢谢了, "konon", "yelah tu", "macam la", a
  marker written out: "(sarcasm)", « (ironie) », （反话）, "(perli)", "#sarcasm", an eye roll
  written out or a chat sticker code: "*rolls eyes*", « *lève les yeux au ciel* », [白眼] / [微笑] /
  [呵呵] ([微笑] only beside hyperbole: 简直, 真是, 谁不…), "yelah sangat"),
  or an attitude verb in capitals ("I just LOVE", « J'ADORE », "SUKA SANGAT") beside a
  weaker one ("just", "oh", "sure", "totally", "ever", "wow", "génial", "super", "hebat").
  A cue in a short sentence (four words at most: "Best day ever.", "呵呵。") marks the one
  before it too. A liking of how a mishap goes with no cue ("I love how the bus is always
  late", « j'adore quand le train est annulé », 我就喜欢堵车, "saya suka bila internet
  terputus") is marked, with a short liking echoed after it ("Truly my favourite thing."):
  :mod:`souvenir.lexical.sarcasm_frames`. When in doubt the write path keeps nothing rather than the literal
  opposite.

Known misses: sarcasm without a cue ("Great, another Monday"), rhetorical questions
without a negated frame ("Who doesn't love jazz?").
"""

from __future__ import annotations

import re

from souvenir.lexical.asks_tail import ALTERNATIVE, HESITATES, OPINION_TAIL
from souvenir.lexical.sarcasm_frames import echoed_liking, liked_mishap
from souvenir.lexical.sarcasm_marks import MARKED

__all__ = ["assertive", "mark_questions", "sarcastic", "sentences"]

_ZH_RHETORICAL = re.compile(
    r"(?:^|(?<=[，。！？,.!?\s]))([^，。！？,.!?]{0,12}?)不是([^，。！？,.!?]{1,30}?)[吗嘛](?:[？?]+|[，,]|\s+|$)"
)
#: The end of a told frame: "?", or said without it, the end of the line or a comma before the reproach that
#: follows ("Didn't I tell you I don't work weekends, why am I on the rota": round 26).
_TOLD_END = r"(?:[ \t]*[?？]+|[ \t]*[,，](?=\s*(?:why|how|what|so|and|pourquoi|comment|alors|et|kenapa|apasal|jadi|mengapa)\b)|[ \t]*$)"
#: "Didn't I tell you I'm vegan?", "You know I'm vegan, yeah?", "Bukan ke saya dah berhenti
#: merokok?", "Saya kan alah pada udang?": the frame asks nothing, its content is asserted.
#: The frame is a negated or counted question about the user's own telling or making clear ("Wasn't I clear
#: that…?", "How many times have I told you…?", « Combien de fois je t'ai dit que… ? », 我哪次没跟你说过…？).
_EN_TOLD = re.compile(
    r"^([ \t]*)(?:(?:didn'?t|did\s+not|haven'?t|have\s+not|hadn'?t|wasn'?t|was\s+not)\s+i"
    r"|how\s+many\s+times\s+(?:have|do|did|must)\s+i(?:\s+(?:got|have|need)\s+to)?)\s+"
    r"(?:(?:already|just|ever|made\s+it|been|being|make\s+it|quite|pretty)\s+)*"
    r"(?:tell|told|say|said|mention|mentioned|clear|explain|explained|warn|warned|remind|reminded|repeat|repeated)\s+"
    r"(?:(?:to\s+)?you\s+)?(?:(?:before|already|earlier|enough)\s+)?(?:that\s+|:\s*)?([^?？\n]{1,300}?)" + _TOLD_END,
    re.I | re.M,
)
_FR_TOLD = re.compile(
    r"^([ \t]*)(?:combien\s+de\s+fois\s+)?(?:je\s+)?(?:ne\s+)?(?:t'|vous\s+)ai\s+(?:pas\s+)?(?:déjà\s+)?"
    r"(?:dit|raconté|parlé|répété|expliqué|prévenue?)\s+(?:que\s+|qu')"
    r"([^?？\n]{1,300}?)[ \t]*(?:[,，]?[ \t]*non[ \t]*[?？]+|" + _TOLD_END + ")",
    re.I | re.M,
)
_ZH_TOLD = re.compile(
    r"(?:^|(?<=[，。！？,.!?\s]))(?:我)?(?:哪次|哪回|哪一次|多少次|几次|不是早就|早就|不是已经|都)(?:都)?(?:没有?)?"
    r"(?:跟|和|对|给)?你?(?:说|讲|提|告诉|强调)(?:过|了)?(?:你)?(?:多少次|几次|好几次)?(?:了)?[，,]?"
    r"([^?？。！]{1,80}?)(?:的)?(?:吗|嘛|啊)?[?？]+"
    r"|(?:^|(?<=[，。！？,.!?\s]))(?:我)?(?:都)?(?:跟你)?(?:说|讲|告诉你|提|强调)(?:了|过)?(?:多少|几|好几|无数)(?:次|遍)了?[，,]"
    r"([^?？。！]{1,80}?)(?:吗|嘛|啊)?[?？]+"
)
_MS_TOLD = re.compile(
    r"^([ \t]*)(?:berapa\s+kali|bukan\s+(?:ke|kah))\s+(?:saya|aku)\s+(?:(?:dah|sudah|nak|kena|perlu|pernah)\s+)?"
    r"(?:cakap|bagitahu|bagitau|beritahu|kata|sebut|ulang|pesan)(?:\s+(?:kat|pada|dekat|kepada)\s+(?:awak|kau|you|korang))?"
    r"\s*(?:yang\s+|,\s*)?([^?？\n]{1,300}?)" + _TOLD_END,
    re.I | re.M,
)
#: A counter-question that denies a negation asserts the positive (round 26): 我哪有不吃香菜啊 ("when
#: did I ever not eat coriander" → 我吃香菜), "When have I ever not liked cats?", « Depuis quand j'aime
#: pas les chats ? », "Bila masa saya tak suka kucing?". 我哪有时间 (no negation after it) is no such question.
_ZH_DENIED_NOT = re.compile(
    r"(?:^|(?<=[，。！？,.!?\s]))(我)?(?:又|才)?(?:哪有|哪里有?|哪儿有?|什么时候|啥时候|怎么会|怎么可能)(?:不|没有?)"
    r"([^，。！？,.!?\s吗]{1,20}?)(?:了)?(?:啊|呀|嘛|呢|哦)?(?:[？?!！]+|[，,]|(?=[。\s])|$)"
)
_EN_DENIED_NOT = re.compile(
    r"^(\s*)(?:when\s+(?:have|did|do)\s+i\s+(?:ever\s+)?(?:not|never)|since\s+when\s+(?:do|did|have)\s+i\s+(?:not|never)"
    r"|since\s+when\s+(?:don'?t|didn'?t|haven'?t)\s+i)\s+([^?？]+?)\s*[?？]+",
    re.I | re.M,
)
_FR_DENIED_NOT = re.compile(
    r"^(\s*)depuis\s+quand\s+(?:est-ce\s+que\s+)?(je\s+|j')(?:ne\s+|n')?(\S+)\s+(?:pas|plus|jamais)\s+([^?？]+?)\s*[?？]+",
    re.I | re.M,
)
_MS_DENIED_NOT = re.compile(
    r"^(\s*)(?:bila\s+masa|sejak\s+bila|mana\s+ada)\s+(saya|aku)\s+(?:tak|tidak|x|bukan)\s+([^?？]+?)\s*[?？]+",
    re.I | re.M,
)
_EN_YOU_KNOW = re.compile(
    r"^(\s*)(?:you\s+know|(?:you\s+)?remember)\s+(?:that\s+)?((?:i|i'm|i've|my)\b[^?？]*?)(?:\s*[,，]\s*(?:yeah|yes|right))?\s*[?？]+",
    re.I | re.M,
)
#: "Isn't it obvious I hate mornings?", « C'est pas évident que je déteste le matin ? »,
#: "难道你看不出来我讨厌早起吗？", "Tak nampak ke saya benci pagi?": the frame points at
#: what the user then asserts about themself.
_OBVIOUS = re.compile(
    r"^(\s*)(?:(?:isn'?t|is\s+not)\s+it\s+(?:(?:so|pretty|really)\s+)?(?:obvious|clear|evident)|can'?t\s+you\s+(?:see|tell)"
    r"|(?:c'est|c'était)\s+pas\s+(?:(?:assez|super)\s+)?(?:évident|clair|flagrant)|(?:ce\s+n'est|n'est-ce)\s+pas\s+"
    r"(?:(?:assez)\s+)?(?:évident|clair)|tu\s+(?:vois|sais)\s+pas|(?:tak|tidak|x)\s+(?:nampak|jelas|nyata|tahu)\s+(?:ke|kah)"
    r"|bukan\s+(?:ke|kah)\s+(?:dah\s+)?(?:jelas|nyata))\s*[,，]?\s*(?:that\s+|que\s+|qu'|yang\s+)?"
    r"((?:i|i'm|i've|my|je|j'|moi|mon|ma|mes|saya|aku)\b[^?？]*?)\s*[?？]+"
    r"|^(\s*)难道(?:你)?(?:看不出来|不知道|没看出来)(我[^?？吗]+?)[吗嘛]?[?？]+",
    re.I | re.M,
)
_MS_RHETORICAL = re.compile(
    r"^(\s*)(?:bukan(?:kah|\s+ke|\s+kah)|kan)\s+((?:saya|aku|kita)\b[^?？]+?)\s*[?？]+"
    r"|^(\s*(?:saya|aku|kita)\s+)kan\s+([^?？]+?)\s*[?？]+",
    re.I | re.M,
)
_TAG = re.compile(
    r"\s*[,，]\s*(?:right|isn'?t\s+it|aren'?t\s+i|don'?t\s+i|didn'?t\s+i|haven'?t\s+i|wasn'?t\s+i|am\s+i\s+not"
    r"|yeah|yes|n'est-ce\s+pas|non|hein|pas\s+vrai|kan|bukan|betul\s+tak|kan\s+\w+)\s*[?？]+",
    re.I,
)
#: Tags a speaker ends a statement with, with or without a comma ("I know right?", "It's
#: just great you know?", « C'est dingue hein ? », "Best gila tau tak?"); round 5, read on
#: LoCoMo's turns (docs/write-path.md).
_TAG_BARE = re.compile(
    r"(?<=\w)\s+(?:right|you\s+know|ya\s+know|y'know|huh|eh|isn'?t\s+it|hasn'?t\s+it|wasn'?t\s+it"
    r"|hein|tu\s+sais|tu\s+vois|vous\s+savez|tau\s+tak|tahu\s+tak|ye\s+tak|kan)\s*[?？]+",
    re.I,
)
#: An English statement said with a rising "?": a declarative sentence whose subject is the
#: speaker or "it / this / that" ("It has definitely encouraged me to try kayaking and maybe
#: bungee jumping?"), holding no question material (a wh-word, "do you", "any advice",
#: "wondering"), no modal after "I" ("I can come?" asks leave) and no negation ("I don't
#: drink milk tea anymore?" is a surprised echo: read as a statement it would retire a memory). French, Malay and
#: Chinese ask with declarative order (« Je peux venir ? », "Saya boleh datang?",
#: 我可以来？): no such rule there.
_EN_DECLARATIVE = re.compile(
    r"^\s*(?:(?:yeah|yes|so|and|well|oh|but|plus|also|honestly|actually)[,!]?\s+)*"
    r"(?:i(?:'m|'ve|'d)?|it(?:'s)?|this|that(?:'s)?|we(?:'ve|'re)?|my\s+\w+)\s+(?!(?:can|could|should|shall|may|might|must"
    r"|will|would|'ll)\b)\w",
    re.I,
)
_EN_ASKING = re.compile(
    r"\b(?:what|how|why|when|where|who|whom|whose|which|whether|if|or|any\s+(?:advice|tips?|ideas?|thoughts?"
    r"|recommendations?|suggestions?)|(?:do|did|does|have|has|are|were|is|was|can|could|would|will|should)\s+(?:you|they|we|it"
    r"|that|he|she)|wonder\w*|curious|wanna|see|tell\s+me|ok|okay|not|never|no)\b|n't\b|[,;:\-–—]",
    re.I,
)
_ZH_TAG = re.compile(
    r"[，,]?\s*(?:对吧|是吧|没错吧|对不对|是不是|对吗|是吗"
    # 我乳糖不耐受你忘啦？ / …你不记得了吗？ / …还记得吧？: a reminder after the statement (lane write10)
    r"|你?(?:忘啦|忘了吗|忘了吧|忘了|忘记了吗|忘记啦|忘记了)|你?(?:还)?记得吧|你?不记得了吗?)\s*[？?]+"
)
_MS_KAN = re.compile(r"(\S)\s+kan\s*[?？]+", re.I)

_SENTENCE = re.compile(r"[^.!?。！？\n]*[.!?。！？]+|[^.!?。！？\n]+|\n")
_ZH_A_NOT_A = r"(?:是不是|要不要|该不该|能不能|可不可以|会不会|有没有|好不好|行不行|应不应该|需不需要|用不用|值不值得)"
#: A-not-A asks at the head of its sentence (after a subject) or after "don't know / wonder"
#: (我是不是应该辞职, 要不要卖房, 不知道该不该去); embedded, it names a topic (为要不要…吵了一架).
_ZH_ASKS = re.compile(
    r"^\s*(?:那|所以|那么|可是|但是)?\s*(?:你(?:觉得|认为|说|看|猜)|依你看)?\s*(?:[我你他她]们?)?(?:到底|究竟|还|就|真的)?"
    + _ZH_A_NOT_A
    + r"|(?:不知道|不确定|在想|在考虑|犹豫|纠结)(?:[我你他她]们?)?(?:到底|究竟|还)?"
    + _ZH_A_NOT_A
    + r"|吗\s*$|^\s*(?:为什么|为啥|怎么办|如何|谁)"
)
_MS_ASKS = re.compile(
    r"\b(?:patut|perlu|boleh|nak|mahu|harus|betul|wajar|sesuai|elok|okay|ok|sempat|sudah|dah)\s+(?:ke|kah)\b"
    r"|\b(?:boleh|nak|patut|perlu)\s+(?:tak|x|tidak)\b(?!\s+(?:suka|mahu|nak))"
    r"|\b(?:adakah|apakah|bolehkah|patutkah|perlukah|haruskah|sudahkah|betulkah|benarkah|mahukah|bilakah"
    r"|siapakah|manakah|berapakah|mengapakah|kenapakah|bagaimanakah|wajarkah|layakkah)\b"
    r"|^\s*(?:macam\s+mana|bagaimana|kenapa|mengapa|apa\s+patut|berapa|agak-agak)\b|\btak\s+tahu\s+(?:nak|patut|sama\s+ada)\b"
    r"|\b(?:ke|kah)\s+(?:tak|tidak|x|belum|bukan)\s*[.!]*\s*$|\b(?:patut|perlu|boleh|nak|harus)\b.*\bke\s*[.!]*\s*$",
    re.I,
)
_EN_ASKS = re.compile(
    r"^\s*(?:so\s+|and\s+|but\s+|hmm+\s*,?\s*)?(?:should|shall|do|does|did|am|can|could|would|may|might|must)\s+(?:i|we)"
    r"\b|^\s*(?:do\s+you|d'?you)\s+think\s+(?:i|we)\s+(?:should|ought|need)\b|\b(?:i\s+wonder|wondering|not\s+sure|i\s+don'?t\s+know|no\s+idea)\s+(?:if|whether|what|how)\b",
    re.I,
)
_FR_ASKS = re.compile(
    r"^\s*(?:et\s+|alors\s+|bon\s+)?(?:tu\s+(?:crois|penses|trouves)\s+(?:que\s+|qu'))?(?:est-ce\s+que|est\s+ce\s+que)\b"
    r"|^\s*(?:tu\s+(?:crois|penses)\s+(?:que\s+|qu'))(?:je|j')\s*(?:devrais|dois|peux|pourrais)\b|\b(?:dois|devrais|puis|pourrais|vais|faudrait)-je\b"
    r"|\b(?:faut|devrait)-il\b|\bje\s+(?:me\s+demande|(?:ne\s+)?sais\s+pas|hésite)\s+(?:si|s'|entre)\b",
    re.I,
)
_STRONG = re.compile(
    r"🙄|🙃|😒|(?:^|\s)/s\b|\byeah,?\s+right\b|\boh,?\s+(?:sure|great|joy|wonderful|fantastic|perfect)\b"
    r"|^\s*not\s*[.!]+\s*$|\b(?:sure|yeah|oh\s+yes),?\s+because\b|\bsaid\s+no\s+one\s+ever\b|\bjust\s+what\s+i\s+(?:needed|wanted)\b"
    r"|\bas\s+if\b|\bben\s+voyons\b|\bmais\s+bien\s+sûr\b|\bquelle\s+joie\b|\bc'est\s+ça\s+oui\b|\bgénial+\s*\.\.\."
    r"|呵呵|才怪|真是谢谢了|真是太好了呢|\bkonon(?:nya)?\b|\byelah\s+tu\b|\bmacam\s+la(?:h)?\b|\bbest\s+sangat\s+la(?:h)?\s+tu\b"
    r"|[(（\[]\s*(?:sarcasm|sarcastic|irony|ironic|ironie|ironique|sarcasme|sarcastique|second\s+degré"
    r"|perli|sindir|sindiran|menyindir|反话|讽刺|反讽|说反话)\s*[)）\]]"
    r"|#(?:sarcasm|irony|ironie|sarcasme|perli|sindiran|反话|讽刺)"
    # an eye roll written out or a chat app's ironic sticker code ("*rolls eyes*", « *lève les yeux
    # au ciel* », [白眼] / [微笑] / [呵呵] (WeChat), "yelah sangat")
    r"|\*\s*(?:eye\s*-?\s*roll|rolls?\s+(?:my\s+)?eyes|lève\s+les\s+yeux(?:\s+au\s+ciel)?|julingkan?\s+mata)\s*\*"
    r"|\(\s*(?:eye\s*-?\s*roll|rolls?\s+eyes|lève\s+les\s+yeux\s+au\s+ciel)\s*\)"
    r"|\[(?:白眼|翻白眼|呵呵|无语|抠鼻)\]|好棒棒|\byela(?:h)?\s+sangat\b",
    re.I,
)
#: Delight said of a chore done once more is irony: an exclamative of delight beside a repetition ("So much
#: fun redoing my tax return for the third time", « Ah ben super … pour la troisième fois… quel bonheur »,
#: 真开心，又要重新填一遍表, "Seronoknya kena isi borang lagi sekali"). Delight alone is sincere
#: (« Quel bonheur de revoir ma fille »).
_DELIGHT = re.compile(
    r"\b(?:quel\s+bonheur|quel\s+plaisir|que\s+du\s+bonheur|trop\s+(?:contente?|heureux|heureuse|bien)|ah\s+ben\s+super"
    r"|what\s+a\s+(?:joy|treat|delight|pleasure|thrill)|so\s+much\s+fun|such\s+fun|living\s+the\s+dream|lucky\s+me"
    r"|seronok(?:nya)?|bestnya|syok(?:nya)?|bahagia(?:nya)?)\b|真(?:是)?太?(?:开心|幸福|爽)|好开心|太幸福|太棒了",
    re.I,
)
_REPEAT = re.compile(
    r"\b(?:for\s+the\s+(?:\w+th|third|second|fourth|fifth|nth|umpteenth)\s+time|yet\s+again"
    r"|all\s+over\s+again|pour\s+la\s+(?:\w+ième|énième|nième)\s+fois|encore\s+une\s+fois|une\s+fois\s+de\s+plus"
    r"|lagi\s+sekali|sekali\s+lagi|buat\s+kali\s+ke-?\w+|kali\s+ke-?\w+)\b|又要|又得|第[二三四五六七八九十几]次|再一次|重新.{0,4}一遍",
    re.I,
)
#: [微笑] (WeChat's smile) is sincere for many, ironic beside hyperbole (简直是人生享受呢[微笑]).
_ZH_SMILE = re.compile(r"\[微笑\]|🙂")
_ZH_HYPERBOLE = re.compile(r"简直|真是|谁不|太.{0,4}了吧|好开心哦|[呢哦]\s*(?:\[微笑\]|🙂)")
_ATTITUDE = re.compile(
    r"\b(?:love[sd]?|loving|adore[sd]?|enjoy(?:s|ed)?|like[sd]?|j'adore|adore|aime|suka|minat)\b|喜欢|爱", re.I
)
#: Words of a sincere liking beside capitals ("Oh, I LOVE sushi, it's my favourite food!").
_SINCERE = re.compile(r"\b(?:favou?rite|préférée?s?|kegemaran|favorit)\b|最喜欢|最爱吃", re.I)
_CAPS_ATTITUDE = re.compile(r"\b(?:LOVE|LOVED|ADORE|ENJOY|LIKE|J'ADORE|ADORE|AIME|SUKA|SUKE|MINAT)\b")
_WEAK = re.compile(
    r"\b(?:just|oh|sure|totally|ever|wow|yay|great|fun|génial|super|trop|hebat|best|sangat|gila)\b"
    r"|!{2,}",
    re.I,
)


def assertive(text: str) -> str:
    """``text`` with its rhetorical and tag questions written as the statements they assert."""
    if (
        "?" not in text
        and "？" not in text
        and "吗" not in text
        and "嘛" not in text
        and not _ZH_DENIED_NOT.search(text)
        and not (_EN_TOLD.search(text) or _FR_TOLD.search(text) or _MS_TOLD.search(text))
    ):
        return text
    text = _ZH_TOLD.sub(lambda m: f"{m.group(1) or m.group(2)}。", text)
    text = _MS_TOLD.sub(r"\1\2.", text)
    text = _ZH_RHETORICAL.sub(lambda m: f"{m.group(1)}{m.group(2)}。", text)
    text = _ZH_DENIED_NOT.sub(lambda m: f"{m.group(1) or '我'}{m.group(2)}。", text)
    text = _EN_DENIED_NOT.sub(r"\1I \2.", text)
    text = _FR_DENIED_NOT.sub(r"\1\2\3 \4.", text)
    text = _MS_DENIED_NOT.sub(r"\1\2 \3.", text)
    text = _EN_TOLD.sub(r"\1\2.", text)
    text = _EN_YOU_KNOW.sub(r"\1\2.", text)
    text = _OBVIOUS.sub(
        lambda m: f"{m.group(1) or m.group(3) or ''}{m.group(2) or m.group(4)}{'。' if m.group(4) else '.'}", text
    )
    text = _FR_TOLD.sub(r"\1\2.", text)
    text = _MS_RHETORICAL.sub(lambda m: f"{m.group(1) if m.group(2) else m.group(3)}{m.group(2) or m.group(4)}.", text)
    text = _ZH_TAG.sub("。", text)
    text = _TAG.sub(".", text)
    text = _TAG_BARE.sub(".", text)
    text = _MS_KAN.sub(r"\1.", text)
    if "?" not in text:
        return text
    return "".join(_uptalk(part) for part in _SENTENCE.findall(text))


def _uptalk(sentence: str) -> str:
    """An English statement said with "?" (``_EN_DECLARATIVE``) ends with "." instead."""
    body = sentence.rstrip()
    if not body.endswith("?") or body.endswith("??"):
        return sentence
    core = body.rstrip("?")
    if not _EN_DECLARATIVE.match(core) or _EN_ASKING.search(core):
        return sentence
    return core + "." + sentence[len(body) :]


def sentences(text: str) -> list[str]:
    """``text`` cut after . ! ? 。！？ and at line ends (blank parts dropped)."""
    return [s for s in _SENTENCE.findall(text) if s.strip()]


def _asks(sentence: str) -> bool:
    return _ask_end(sentence) is not None


_CLAUSE_COMMA = re.compile(r"\s*[,，;；]\s*")


def _ask_end(sentence: str) -> int | None:
    """Where the clause that asks without "?" ends in ``sentence`` (the first comma after its cue:
    "wondering whether I should X, she dreads it" asks up to the comma; the clause after it states),
    or ``None`` when the sentence does not ask so."""
    s = sentence.rstrip()
    if s.endswith(("?", "？")):
        return None
    core = s.rstrip("。.!！")
    tail = OPINION_TAIL.search(core)
    if tail is not None and (not core[: tail.start()].strip() or ALTERNATIVE.search(core, 0, tail.start())):
        return tail.start() or len(core)  # "selling it or keeping it, what would you do": the choice asks
    m = _ZH_ASKS.search(core) or _MS_ASKS.search(s) or _EN_ASKS.search(s) or _FR_ASKS.search(s) or HESITATES.search(s)
    if m is None:
        return None
    comma = _CLAUSE_COMMA.search(core, m.end())
    return comma.start() if comma and m.start() < comma.start() else len(core)


def mark_questions(text: str) -> str:
    """``text`` with "?" after each sentence that asks without one (module docstring)."""
    if not text:
        return text
    out = []
    for part in _SENTENCE.findall(text):  # every character of ``text`` is in one part
        end = _ask_end(part) if part.strip() else None
        if end is None:
            out.append(part)
            continue
        body = part.rstrip()
        stripped = body.rstrip(".!。！")
        if end < len(stripped):  # the asking clause ends at a comma: "?" in its place, the rest a statement
            rest = _CLAUSE_COMMA.match(part, end)
            after = part[rest.end() :] if rest else part[end:]
            out.append(part[:end] + ("？" if re.search(r"[\u3400-\u9fff]$", part[:end]) else " ? ") + after)
            continue
        out.append(stripped + ("？" if re.search(r"[\u3400-\u9fff]$", stripped) else " ?") + part[len(body) :])
    return "".join(out)


def sarcastic(text: str) -> list[str]:
    """The sentences of ``text`` marked as sarcasm (module docstring), as written."""
    parts = [p for p in sentences(text) if p.strip() and p != "\n"]
    marked: set[int] = set()
    for i, part in enumerate(parts):
        strong = (
            bool(_STRONG.search(part) or MARKED.search(part))
            or bool(_ZH_SMILE.search(part) and _ZH_HYPERBOLE.search(part))
            or bool(_DELIGHT.search(part) and _REPEAT.search(part))
        )
        caps = bool(_CAPS_ATTITUDE.search(part)) and bool(_WEAK.search(part)) and not _SINCERE.search(part)
        if strong or caps:
            marked.add(i)
            short = len(part.split()) <= 4 or len(re.sub(r"\W", "", part)) <= 6
            if i and short:
                marked.add(i - 1)
            if strong and short:  # "Oh great, another Monday. I LOVE Mondays.", « Génial... encore… J'ADORE… »
                after = next((j for j in range(i + 1, min(i + 3, len(parts))) if _ATTITUDE.search(parts[j])), None)
                if after is not None:
                    marked.add(after)
        elif liked_mishap(part):  # "I love how the bus is always late… Truly my favourite thing."
            marked.add(i)
            if i + 1 < len(parts) and echoed_liking(parts[i + 1]):
                marked.add(i + 1)
    return [parts[i] for i in sorted(marked)]
