"""Chit-chat: a text that carries no durable fact about the one who wrote it (issue #25).

Pure (text in, verdict out). A text is read sentence by sentence
(:func:`souvenir.lexical.questions.sentences`, tag questions read as the statements they
are); it is chit-chat when **every** sentence is one of these kinds, so a message that also
states something ("Thanks! I started pottery last week") is never chit-chat::

    chit_chat("I totally agree, Melanie!")                  -> "empty"
    chit_chat("That's a beautiful painting! Did you make it?") -> "praise"  (the first kind met)
    chit_chat("Thanks Mel! I started pottery last week.")    -> None

Kinds, in the order they are tried on a sentence:

- ``never_mind`` — a dismissal and fillers only: "Never mind.", « Laisse tomber. », 算了不说了,
  "Takpelah.", or naming the subject dropped: "Never mind about the dentist thing", « Laisse tomber
  pour le dentiste », 算了牙医的事不说了, "Tak apalah pasal doktor gigi tu"
  (:mod:`souvenir.lexical.dismissals`).
- ``retraction`` — the writer's own words taken back, nothing else ("I take back the moon
  landing crack", « Je retire ce que j'ai dit », 我收回那句话, "Saya tarik balik"), and
  ``need`` — a pet's or a child's need of the moment ("Biscuit wants her lunch", « Le chien
  veut sortir », 猫饿了, "Kucing nak makan"): :mod:`souvenir.lexical.momentary` (session 21).
- ``leaving`` — a leave-taking and the errand it goes to: "Well, I'm off to go do some
  research", « Je file faire des courses », 我先去做饭了, "Saya pergi masak dulu"; not with
  a place, a date or a hobby ("I'm off to Japan next month", "I'm off to do some taekwondo"):
  :func:`souvenir.lexical.passing.leaving`.
- ``deferral`` — a plan to think, talk or check later that names nothing ("I'll talk to my wife
  about it", « j'en parlerai à mon mari », 我再想想, "nanti saya bincang dengan suami"), with
  thanks or an acknowledgement at most: :mod:`souvenir.lexical.deferral` (session 24).
- ``moment`` — a state of the moment and nothing else: "so tired right now", « je mange là »,
  阿星！今天苏州39度，热化了, "tgh makan ni" — short, nothing lasting (no date, number, durable
  predicate, relative or place): :func:`souvenir.lexical.now_state.momentary_remark` (session 25).
- ``proposal`` — a proposal to the other speaker, with no "I": "Let's spread love!", « On
  pourrait se voir samedi », 我们一起去吧, "Jom pergi makan", or an exhortation ("We can do
  it!", « On peut le faire ! », "Kita boleh!": "we can" with "!").
- ``question`` — a question with no "I" in it ("How have you been?", « Tu viens ? »,
  你去过吗？, "Awak sihat?"); "Did I tell you I adopted a cat?" is not one.
- ``recall`` — a question asking the listener to recall a thing about the writer, stating
  none ("Do you remember what I do for a living?", « Tu te souviens de ce que je fais ? »,
  你还记得我是做什么的吗, "Kau ingat tak aku kerja apa?"): :mod:`souvenir.lexical.recall_asks`, or asking
  it straight ("What's my dog called?", « Comment s'appelle mon chien ? », 我的狗叫什么名字,
  "Apa nama kucing saya?"): :mod:`souvenir.lexical.own_asks`.
- ``addressed`` — about the other speaker: a second-person word and no "I" ("You both looked
  so great!", « Ta photo est superbe », 你画得真好, "Lukisan awak cantik"), or "I" only as
  a feeling towards them ("I'm so proud of you", « je suis fière de toi », 我为你骄傲,
  "Saya bangga dengan awak").
- ``praise`` — a comment on something shown, with no "I": a demonstrative subject and an
  evaluative word ("That bowl is gorgeous!", « Cette photo est magnifique », 这幅画真漂亮,
  "Gambar ini cantik"), or something that looks / sounds evaluative ("The black and white
  design looks so fancy", « Ça a l'air génial », 看起来很好吃, "Nampak sedap").
- ``opinion`` — a judgement of a thing with no one in it, in the present: a definite subject
  and a word of value ("The colors really blend nicely", « Les couleurs se marient bien »,
  颜色搭配得真好, "Warnanya sangat sepadan"), or a verbless one ("Gorgeous colors!"), tried
  after ``empty``: :func:`souvenir.lexical.passing.opinion`.
- ``empty`` — nothing left once greetings, thanks, farewells, agreement, praise words,
  exclamations, intensifiers, pronouns, stop words and the names called out are set aside
  ("Hey Mel!", "I 100% agree", « Merci beaucoup, c'est trop gentil ! », 太棒了！谢谢！,
  "Terima kasih, setuju!"). "I love it!" is empty; "I love Paris" is not.
- ``remark`` — a maxim with no one in it: a gerund subject or three words, a copula and a
  word of value ("Hanging with loved ones is amazing", "Family is everything"). Other
  remarks are kept: "Just got back from a road trip, it was fun" is a fact without its "I".
- ``support`` — support, encouragement or thanks between the two said in the first person
  ("I'm always here to support you", « je suis là pour toi », 我一直支持你, "saya sentiasa
  sokong awak", "I think you can…"): :func:`souvenir.lexical.support.support`.
- ``resolve`` — a resolve with no object ("I'll keep plugging away and stay optimistic",
  "We'll make it through this", « je lâche rien », 我会继续努力的, "saya akan terus
  berusaha"): :func:`souvenir.lexical.support.resolve`.
- ``helped`` — the helper's answer to thanks, nothing else ("I'm glad I could help,
  John.", « ravie d'avoir pu aider », 很高兴能帮上忙, "gembira dapat membantu"):
  :func:`souvenir.lexical.support.helped`.
- ``reaction`` — a reaction to the other's news, a wish or laughter, naming nothing of the
  writer, tried last: "I can imagine it's so rewarding", "Have a nice day", « haha trop drôle »,
  祝你周末愉快, "Saya boleh bayangkan ia sangat bermakna", "That's a chill pic!":
  :func:`souvenir.lexical.reaction.reaction`.
- ``maxim`` — a maxim with no one in it, in a frame: "This is a reminder to stay strong",
  « C'est un rappel qu'il faut profiter », 这提醒我们要珍惜, "Ini peringatan untuk terus
  kuat", "Life is too short", "It helps us remember the small joys":
  :func:`souvenir.lexical.reaction.maxim`.
- ``team`` — the two cheered on as a team, no "!" needed ("We can achieve great things if we
  join forces together", « On forme une super équipe », 我们是最棒的团队, "Kita memang pasukan
  yang hebat"): :func:`souvenir.lexical.together.team`.
- ``comment`` — a demonstrative and words of weight ("That's really making a big impact",
  « C'est un grand pas », 这真的很有意义, "Itu satu langkah besar"), and ``preface`` — news
  announced, not told ("I gotta tell you about this thing with my biz", « Devine quoi ! »,
  你猜怎么着, "Teka apa!"): :mod:`souvenir.lexical.news`.
- ``guess``, ``congrats``, ``life``, ``us`` — with no "I" (nor "we", but for ``us``: a
  generic-"us" maxim): a guess at the other's experience
  ("Bet it felt awesome…", « ça a dû être… », 一定很…吧, "mesti best"), congratulations on
  the other's named thing, "It's what makes life awesome!": :mod:`souvenir.lexical.guesses`
  (tried last; then ``cheer_on``, ``enjoy``: :mod:`souvenir.lexical.send_off`; then, with no
  first or third person, ``captures`` — "It really captures that calming feeling" — and
  ``wonder`` — "It's incredible how a team creates such strong ties": :mod:`souvenir.lexical.views`). Contractions typed without their apostrophe ("youre", « t es »)
  are restored first: :mod:`souvenir.lexical.sloppy`.
- Notes only (:data:`NOTE_ONLY`, session 16, lane model2): ``recalled`` — ``opinion`` with a
  past copula ("The view from the top was amazing!", :func:`souvenir.lexical.passing.opinion`);
  ``ours`` — a ``maxim`` whose "we / our" is everyone's ("It reminds us to follow our dreams");
  ``journey`` — the two's road ("We've done so much, and there's nothing but good stuff
  coming", :func:`souvenir.lexical.together.journey`); ``relief``, ``gifts`` (session 17);
  ``everyone`` ("We all find our own way to escape"), ``sensations`` ("The waves, the wind,
  it's super exciting") and ``ahead`` ("I am excited about what's coming next!"):
  :mod:`souvenir.lexical.commonplace`; ``date`` — a date alone ("October 5th", 10月5号:
  what happens on it left out; as a message it answers a question and is kept):
  :func:`souvenir.lexical.momentary.date_alone` (session 21).
- ``request`` — an ask for the other's news or view ("Tell me more!", "Let me know what you
  think", « Tiens-moi au courant », 跟我说说, "Ceritalah lagi"): :mod:`souvenir.lexical.asks`.

A bare acknowledgement ("I see", "That makes sense", « je vois », 有道理, "saya faham") is
``empty``, as are thanks or congratulations for something ("Congrats on winning!", 恭喜你…) and
the time since the last talk ("Haven't talked in a few days", « ça fait longtemps », 好久不见).

"I" is the singular first person (I / me / my, je / moi / mon, 我 but not 我们, saya /
aku): "we" is not, because "We went camping last week" is the writer's family's fact — and a
sentence with "we" is never ``addressed``, ``praise`` nor ``question``. Never chit-chat: an
echo ("Me too", « moi aussi », 我也是: the previous statement, for the writer) and a note
naming the user ("The user…", 用户…).

No threshold: the lexicons below are the rule. What it drops of LoCoMo's gold observations
and of its junk: ``bench/chitchat_share.py`` (docs/write-path.md).
Known limits: a general view with no one in it is kept in a message ("It's amazing how a game
brings people together": LoCoMo's annotators read it as the speaker's view; as a model's note
it is ``wonder``, :data:`NOTE_ONLY`); a fact stated only as a question, as advice or as praise in the second person
("You can use coconut oil instead of butter") is lost when nothing else in the message
states it ("Your bowl reminds me of my grandma's" is kept: "my").
"""

from __future__ import annotations

import re
import unicodedata

from souvenir.lexical import lexicon as lx
from souvenir.lexical.asks import request
from souvenir.lexical.chitchat_persons import FIRST as _FIRST
from souvenir.lexical.chitchat_persons import SECOND as _SECOND
from souvenir.lexical.chitchat_persons import WE as _WE
from souvenir.lexical.chitchat_praise import DEMONSTRATIVE as _DEMONSTRATIVE
from souvenir.lexical.chitchat_praise import EVALUATIVE as _EVALUATIVE
from souvenir.lexical.chitchat_praise import LOOKS as _LOOKS
from souvenir.lexical.chitchat_praise import ZH_EVALUATIVE as _ZH_EVALUATIVE
from souvenir.lexical.chitchat_praise import ZH_LOOKS as _ZH_LOOKS
from souvenir.lexical.chitchat_words import CHITCHAT
from souvenir.lexical.chitchat_words import ZH_CHITCHAT_LONGEST as _ZH_CHITCHAT
from souvenir.lexical.passing import leaving, opinion
from souvenir.lexical.place_names import is_place
from souvenir.lexical.closing import closing, deferral, farewell_to_a_place
from souvenir.lexical.now_state import momentary_remark
from souvenir.lexical.momentary import date_alone, momentary_need, retraction
from souvenir.lexical.done_it import done_it, waiting
from souvenir.lexical.guesses import cheer
from souvenir.lexical.questions import assertive, sentences
from souvenir.lexical.news import comment, preface
from souvenir.lexical.reaction import maxim, reaction
from souvenir.lexical.own_asks import own_question
from souvenir.lexical.recall_asks import recall_question
from souvenir.lexical.send_off import send_off
from souvenir.lexical.sloppy import apostrophes
from souvenir.lexical.support import helped, resolve, support
from souvenir.lexical.tagged import Tok, tokenize
from souvenir.lexical.together import journey, team
from souvenir.lexical.views import captures, relief, wonder
from souvenir.lexical.dismissals import dismissal, topic_dismissal
from souvenir.lexical.gifts import gifts
from souvenir.lexical.commonplace import ahead, everyone, sensations

__all__ = ["ALL", "KINDS", "NOTES", "NOTE_ONLY", "chit_chat", "fact_sentences", "sentence_kind"]

#: The kinds :func:`sentence_kind` returns, in the order they are tried.
KINDS = (
    "never_mind",
    "retraction",
    "need",
    "done",
    "leaving",
    "closing",
    "deferral",
    "moment",
    "proposal",
    "question",
    "recall",
    "addressed",
    "praise",
    "opinion",
    "empty",
    "remark",
    "support",
    "helped",
    "resolve",
    "reaction",
    "maxim",
    "team",
    "comment",
    "preface",
    "request",
    "guess",
    "congrats",
    "life",
    "us",
    "cheer_on",
    "enjoy",
    "captures",
    "wonder",
    "journey",
    "ours",
    "recalled",
    "relief",
    "gifts",
    "everyone",
    "sensations",
    "ahead",
    "date",
)
#: Kinds read in a model's notes only, never in a message (its episode, no-model mode):
#: ``wonder`` costs LoCoMo observations when it drops a message (annotators note such a view
#: as the speaker's), none when it drops a note, whose message is then kept as its episode.
NOTE_ONLY = frozenset(
    {"wonder", "journey", "ours", "recalled", "relief", "gifts", "everyone", "sensations", "ahead", "date"}
)
#: The kinds read in a message (the default).
ALL = frozenset(KINDS) - NOTE_ONLY
#: The kinds read in a model's note (:mod:`souvenir.write.filters.no_chitchat`).
NOTES = frozenset(KINDS)

#: "you know", "tu sais", "you see": a filler, not the listener as a topic.
_FILLER = re.compile(
    r"\b(?:you know|you see|mind you|tu sais|tu vois|vous savez|long time no (?:talk|see|chat)"
    r"|s'il (?:vous|te) pla[iî]t|svp|stp|(?:we\s+)?haven't\s+(?:talked|chatted|spoken)\s+in\s+(?:a\s+(?:few\s+)?\w+|ages|forever)"
    r"|it's\s+been\s+(?:a\s+minute|a\s+while|ages|forever)|[çc]a\s+fait\s+(?:un\s+bail|longtemps)|lama\s+tak\s+(?:jumpa|borak|sembang)"
    r"|(?:a lot|lots)(?:'s| has| have| is)?(?: been)? going on(?: (?:in|with) my life)?)\b[,]?",
    re.I,
)
_ZH_FILLER = re.compile(r"好久不见了?|好久没(?:聊|联系)了?")
#: A wish opening a clause, with the Chinese name it calls at the sentence's end (谢谢，晚安小李。): the name goes.
_ZH_WISHED = re.compile(
    r"(?P<wish>(?:^|[，,]\s*)(?:晚安|再见|拜拜|周末愉快|晚上好)[啦呀哦喔咯]?)[，,\s]*[\u4e00-\u9fff]{1,3}(?=[。！!~～…\s]*$)"
)
#: "Thanks for the support", "Congrats on winning!": thanking or congratulating for something, not a fact.
_THANKS_FOR = re.compile(
    r"^\W*(?:thanks|thank you|thx|merci|terima kasih|tq)\s+(?:so much\s+|a lot\s+)?(?:for|pour|de|d'|atas|untuk|kerana)\b"
    r"|^\W*(?:congrats|congratulations|kudos|f[ée]licitations|bravo|tahniah)\s+(?:on|for|pour|atas|kerana)\b"
    r"|^\W*(?:谢谢|感谢|多谢|恭喜)(?:你|您)",
    re.I,
)

_PROPOSAL = re.compile(
    r"^(?:let'?s|let us|on pourrait|on devrait|allons|et si on|faisons|jom\w*|mari kita|mari"
    r"|apa kata kita)\b",
    re.I,
)
_ZH_PROPOSAL = re.compile(r"^(?:让)?(?:我们|咱们)?(?:一起)?.*吧\s*$|^(?:要不|不如)(?:我们|咱们)")
#: An exhortation: "We can do it!", « On peut le faire ! », 我们可以的！, "Kita boleh!" — "we can"
#: with an exclamation mark (without one it may be a plan: "We can stay at my aunt's").
_EXHORT = re.compile(
    r"^(?:we\s+(?:can|could|will|'ll|should)|on\s+(?:peut|va)|kita\s+boleh|我们(?:可以|能|一定))\b.*[!！]\s*$", re.I
)
#: A feeling towards the listener: "I'm (so) proud of you", "je suis fière de toi", 我为你骄傲.
_TOWARDS = re.compile(
    r"\b(?:proud|happy|glad|stoked|excited|thrilled|sorry|grateful|thankful)\s+(?:of|for)\s+(?:you|y'all|ya)\b"
    r"|\b(?:glad|happy)\s+(?:you|y'all|to hear)\b|\bi\s+(?:\w+\s+)?(?:agree|admire|appreciate)\b.*\byou\b"
    r"|\bfi[eè]re?s?\s+de\s+(?:toi|vous)\b|\b(?:content|contente|heureux|heureuse|ravie?)\s+pour\s+(?:toi|vous)\b"
    r"|我(?:真|很|好)?(?:为|替)(?:你|您)|\bbangga\s+(?:dengan|dgn)\s+(?:awak|kamu|anda)\b"
    r"|\b(?:gembira|happy)\s+untuk\s+(?:awak|kamu|anda)\b"
    r"|^\W*(?:\w+\W+)?i\s+(?:just\s+|really\s+)?(?:love|like|adore)\s+(?:it\s+)?(?:when|how)\s+(?:you|y'all)\b"
    r"(?!.*\b(?:my|mine|i)\b)|^\W*j'(?:adore|aime\s+(?:bien\s+)?)\s*quand\s+(?:tu|vous)\b(?!.*\b(?:mon|ma|mes|je)\b)"
    r"|^我(?:真|很)?喜欢你(?:每次|总是)(?!.*我)|^\W*(?:saya|aku)\s+suka\s+(?:bila|apabila)\s+(?:awak|kamu|anda)\b(?!.*\b(?:saya|aku)\b)",
    re.I,
)
#: A name called out: after a greeting or thanks, after a comma, or before a comma at the start.
_CALLED = re.compile(
    r"(?:\b(?i:hey|hi|hello|dear|thanks|thank you|bye|salut|bonjour|coucou|merci|bravo|hai|helo|congrats|wow|yeah|yep)"
    r"[,!]?\s+|[,，]\s*|^\s*)(?P<name>[A-Z][a-z\u00e0-\u00ff]+)(?=\s*(?:[,!?.，！？]|$))"
    r"|\b(?i:hey|hi|hello|dear|thanks|thank you|bye|salut|bonjour|coucou|merci|hai|helo|yeah|yep)[,!]?\s+"
    r"(?P<greeted>[A-Z][a-z\u00e0-\u00ff]+)\b"
    # a wish ending the sentence with the name it calls: « bonne soirée Hugo », "good night Sam" (session 22)
    r"|\b(?i:(?:good|nice|great|lovely)\s+(?:night|evening|day|weekend|afternoon)|(?:bonne|belle)\s+(?:soir[ée]e|journ[ée]e"
    r"|nuit|semaine|fin\s+de\s+journ[ée]e)|bon\s+(?:week-end|weekend|apr[èe]s-midi|dimanche)|selamat\s+(?:malam|pagi|petang"
    r"|tengah\s+hari|jalan|tidur)|jumpa\s+lagi|see\s+you(?:\s+(?:soon|later|tomorrow))?|[àa]\s+(?:demain|bient[ôo]t|plus))"
    r"[,!]?\s+(?P<wished>[A-Z][a-z\u00e0-\u00ff]+)(?=[\s!.…~]*$)"
)


def _wish_without_name(m: re.Match[str]) -> str:
    """:data:`_ZH_WISHED`'s replacement: the wish without the name it calls, unless that name
    is a place (再见北京: a place left, :mod:`~souvenir.lexical.place_names`)."""
    called = m.group(0)[m.end("wish") - m.start() :].strip("，, ")
    return m.group(0) if is_place(called) else m.group("wish")


def _names(sentence: str, names: frozenset[str]) -> frozenset[str]:
    called = {
        name.lower()
        for m in _CALLED.finditer(sentence)
        if not is_place(name := m.group("name") or m.group("greeted") or m.group("wished"))
    }  # "Goodbye London": a place left, no name called (lexical/place_names.py)
    folded = {
        unicodedata.normalize("NFKD", n).encode("ascii", "ignore").decode() for n in called
    }  # Léa: a token's key "lea"
    return frozenset(called | folded) | names


def _first(toks: list[Tok], plural: bool = False) -> bool:
    for tok in toks:
        if tok.key in _FIRST or (plural and tok.key in _WE) or tok.key.endswith(("-moi", "-nous")):
            return True
        if tok.cjk and tok.key.startswith("我") and (plural or not tok.key.startswith("我们")):
            return True
        if tok.cjk and plural and tok.key.startswith("咱们"):
            return True
    return False


def _second(toks: list[Tok]) -> bool:
    for pos, tok in enumerate(toks):
        nxt = toks[pos + 1].key if pos + 1 < len(toks) else ""
        if tok.key in ("ton", "ta", "tes") and (nxt in ("of", "da", "") or not tok.raw.islower()):
            continue  # "a ton of", "ta-da": English
        if tok.raw == "U":
            continue  # "un antivol en U"
        if tok.key in _SECOND or tok.key.split("'")[0] in lx.SECOND_PERSON:
            return True
        if tok.cjk and any(word in tok.key for word in lx.ZH_SECOND):
            return True
    return False


#: An acknowledgement on its own: "I see", « je vois », 明白了, "saya faham".
_ACK = re.compile(
    r"^\W*(?:(?:ah|oh|ok|okay|ah|bon|baik)\W+)?(?:i\s+see|i\s+understand|understood|got\s+it|je\s+vois|je\s+comprends"
    r"|compris|(?:saya\s+)?faham|dah\s+tangkap|oh\s+begitu|(?:我)?明白了|懂了|原来如此"
    r"|(?:that|it)\s+makes\s+(?:total\s+|perfect\s+|a\s+lot\s+of\s+)?sense|c'est\s+logique|[çc]a\s+se\s+tient"
    r"|(?:这|那|你说的)?(?:很|挺)?有道理|masuk\s+akal)\W*$",
    re.I,
)
_USER = re.compile(r"\b(?:the user|user's|l'utilisat(?:eur|rice)|pengguna)\b|用户|客户|顾客", re.I)
_OPENERS = frozenset({"wow", "oh", "wah", "whoa", "omg", "aw", "aww", "ooh", "so", "and", "well", "yeah", "alors"})


def _zh_evaluative(toks: list[Tok]) -> bool:
    return any(t.cjk and any(w in t.key for w in _ZH_EVALUATIVE) for t in toks)


def _third(toks: list[Tok], names: frozenset[str], vocatives: frozenset[str]) -> bool:
    """A third person as a subject: a pronoun (he, elle, dia, 他, 她) or a known name opening
    the sentence that is not called out — a note about someone ("Nate expresses…")."""
    for tok in toks:
        if tok.key in lx.THIRD_SINGULAR or (tok.cjk and tok.key.startswith(lx.ZH_THIRD_SINGULAR)):
            return True
    words = [t for t in toks if t.role != "comma"]
    return bool(words) and words[0].key in names and words[0].key not in vocatives


#: A general remark's value word: "… is key / so important / everything / amazing".
_REMARK = _EVALUATIVE | frozenset(
    """important key everything essential vital rewarding crucial precious essentiel essentielle primordial
    penting""".split()
)
_COPULA = frozenset({"is", "are", "be", "'s", "est", "c'est", "adalah", "ialah"})


def _remark(toks: list[Tok]) -> bool:
    """A general remark with a gerund for its subject and a word of value for its
    predicate, no one in it ("Hanging with loved ones is amazing", "Being a mom is awesome",
    "Relaxing and expressing ourselves is key"). Other general remarks are kept: "Just got
    back from a road trip, it was fun" is a fact without its "I"."""
    words = [t for t in toks if t.role != "comma" and t.key not in _OPENERS]
    keys = [t.key for t in words]
    if 2 < len(keys) <= 3 and keys[1] in _COPULA and keys[2] in _REMARK:
        return True  # a maxim: "Family is everything", "Health is key"
    if not words or words[0].cjk or not words[0].key.endswith("ing") or len(words[0].key) < 6:
        return False
    for i, key in enumerate(keys):
        if key in _COPULA:
            return any(k in _REMARK for k in keys[i + 1 : i + 4])
    return False


def _left(toks: list[Tok], names: frozenset[str]) -> list[str]:
    """The words of a sentence once chit-chat, pronouns, stop words and names are set aside."""
    out = []
    for tok in toks:
        if tok.role in ("end", "comma", "pos", "negval", "neg"):
            continue
        if tok.cjk:
            rest = tok.key
            for word in _ZH_CHITCHAT:
                rest = rest.replace(word, "")
            if rest and rest not in lx.ZH_STOPWORDS and not any(rest == w for w in lx.ZH_FIRST):
                out.append(rest)
            continue
        key = tok.key
        if tok.raw.lower() in ("thé", "thés"):
            out.append(key)  # French tea, folded to English "the"
            continue
        if tok.role != "content" or key in lx.DISCOURSE or not any(ch.isalnum() for ch in key):
            continue
        if key in CHITCHAT or tok.stem in CHITCHAT or key in names or key in _FIRST or key in _SECOND:
            continue
        if key.rstrip("!") in CHITCHAT or re.fullmatch(r"(?:ha)+h?|(?:he)+|(?:a*w+)+|o+h+|w+o+w+|y+a+y+|lo+l", key):
            continue
        out.append(key)
    return out


def sentence_kind(sentence: str, names: frozenset[str] = frozenset(), kinds: frozenset[str] = ALL) -> str | None:
    """The chit-chat kind of one sentence (module docstring), ``None`` when it may state a
    fact. ``names``: lower-case names of the speakers (never content); ``kinds``: the kinds
    read (all by default; the bench leaves one out to measure what it costs)."""
    text = _ZH_WISHED.sub(_wish_without_name, _ZH_FILLER.sub(" ", _FILLER.sub(" ", apostrophes(sentence)))).strip()
    if not text:
        return "empty"
    if "never_mind" in kinds and (dismissal(text) or topic_dismissal(text)):
        return "never_mind"  # "Never mind.", « Laisse tomber. », 算了不说了, "Takpelah." (lexical/dismissals.py)
    if "retraction" in kinds and retraction(text):
        return "retraction"  # "I take that back", « je retire ce que j'ai dit », 我收回那句话 (lexical/momentary.py)
    if "need" in kinds and momentary_need(text):
        return "need"  # "Biscuit wants her lunch", « le chien veut sortir », 猫饿了 (lexical/momentary.py)
    if "done" in kinds and (done_it(text) or waiting(text)):
        return "done"  # "I just installed it, thanks", « je viens de l'installer », 我刚装好了 (lexical/done_it.py)
    if "date" in kinds and date_alone(text):
        return "date"  # "October 5th", 10月5号 alone: what happens on it left out (notes only)
    if "helped" in kinds and helped(text, names):
        return "helped"  # "I'm glad I could help, John.", 很高兴能帮上忙 (lexical/support.py)
    if _USER.search(text):
        return None  # a note about the user ("The user…", « L'utilisateur… », 用户…, "Pengguna…")
    folded = text.lower().lstrip(" \t\"'“«")
    if any(p.match(folded) for p in lx.ECHO) or folded.startswith(lx.ZH_ECHO) or "pun suka" in folded:
        return None  # "me too", « moi aussi », 我也是: the previous statement, for the writer
    if "recall" in kinds and (recall_question(apostrophes(sentence)) or own_question(apostrophes(sentence))):
        return "recall"  # "tu sais" read before the filler goes (recall_asks.py); "What's my dog called?" (own_asks.py)
    if farewell_to_a_place(text):
        return None  # "Thanks for everything, goodbye Singapore!": a place left (lexical/place_names.py)
    if "closing" in kinds and (closing(text) or closing(apostrophes(sentence))):  # 晚安小航: the name called
        return "closing"  # "Thanks Sam, I'm off to bed", 好嘞，谢谢小星，我先睡了 (lexical/closing.py)
    if "deferral" in kinds and deferral(text):
        return "deferral"  # "I'll talk to my wife about it", 我再想想, "nanti saya bincang dengan suami" (lexical/deferral.py)
    if "moment" in kinds and momentary_remark(text):
        return "moment"  # "so tired right now", « je mange là », 今天苏州39度，热化了, "tgh makan ni" (lexical/now_state.py)
    if "leaving" in kinds and leaving(text.replace("\u2019", "'")):
        return "leaving"  # "I'm off to…", « je file », 我先走了, "saya gerak dulu" (lexical/passing.py)
    toks = [t for t in tokenize(text) if t.role != "end"]
    first = _first(toks)
    head = re.sub(
        r"^[\W_]*(?:(?:well|oh|so|yeah|yes|ok|okay|hey|alors|bon|ben|eh|wah)\b[\s,!]*)*", "", text, flags=re.I
    )
    head = re.sub(r"^[A-Z][a-z\u00e0-\u00ff]+\s*[,!]\s*", "", head)  # "Yeah Mel, let's…": the name called
    proposal = _PROPOSAL.match(head) or _ZH_PROPOSAL.search(text.rstrip("。.!！~～")) or _EXHORT.match(head)
    if not first and proposal:
        return "proposal"
    first = _first(toks, plural=True)
    stripped = text.rstrip().rstrip("\"'”»）)")
    if not first and (stripped.endswith(("?", "？")) or stripped.rstrip("。.!！").endswith(("吗", "呢"))):
        return "question"
    if (_second(toks) and not first) or _TOWARDS.search(text):
        return "addressed"
    called = _names(text, names)
    vocatives = _names(text, frozenset())
    judged = recalled = False
    if not first and not _third(toks, names, vocatives):
        keys = [t.key for t in toks if t.role != "comma" and t.key not in called and t.key not in _OPENERS]
        looks = any(
            k in _LOOKS and any(n in _EVALUATIVE or n == "like" for n in keys[i + 1 : i + 4])
            for i, k in enumerate(keys)
        ) or any(t.cjk and t.key.startswith(_ZH_LOOKS) and _zh_evaluative(toks[i:]) for i, t in enumerate(toks))
        evaluative = any(k in _EVALUATIVE for k in keys)
        shown = bool(keys) and (keys[0] in _DEMONSTRATIVE or (len(keys) > 1 and keys[1] in ("ini", "itu")))
        opens = shown and evaluative  # "That bowl is gorgeous", "Gambar ini cantik"
        pointed = evaluative and bool(re.search(r"\blike (?:that|this|those|these)\b|\bcomme [çc]a\b", text, re.I))
        if pointed:
            return "praise"
        if looks or opens:
            return "praise"
        if toks and toks[0].cjk and toks[0].key.startswith(("这", "那", "真", "好", "太")) and _zh_evaluative(toks):
            return "praise"
        # "The colors really blend nicely": no one in it, a value, the present (lexical/passing.py)
        plain = [t for t in toks if t.key not in called and t.key not in _OPENERS]
        judged = "opinion" in kinds and opinion(plain)
        recalled = "recalled" in kinds and not judged and opinion(plain, past=True)
    if not first and _THANKS_FOR.search(text):
        return "empty"
    left = _left(toks, called)
    if not left or _ACK.match(text):
        return "empty"
    if judged:
        return "opinion"
    if recalled:
        return "recalled"  # "The view from the top was amazing!" (notes only)
    if not first and _remark(toks):
        return "remark"
    second = _second(toks)
    if "support" in kinds and support(text, left, second) and not _third(toks, names, vocatives):
        return "support"  # "I'm always here to support you", 我一直支持你 (lexical/support.py)
    if "resolve" in kinds and not second and not _third(toks, names, vocatives) and resolve(text, left):
        return "resolve"  # "I'll keep plugging away and stay optimistic", "We got this"
    if "reaction" in kinds and reaction(text):
        return "reaction"  # "I can imagine it's rewarding", "Have a nice day", 哈哈太好笑了 (lexical/reaction.py)
    if "maxim" in kinds and maxim(text):
        return "maxim"  # "This is a reminder to stay strong during tough times" (lexical/reaction.py)
    if "ours" in kinds and maxim(text, generic_we=True):
        return "ours"  # "It reminds us to follow our dreams" (notes only: 1 held-out observation as a message)
    if "gifts" in kinds and gifts(text):
        return "gifts"  # "They bring us joy, support…" (notes only, lexical/gifts.py)
    if "everyone" in kinds and everyone(text):
        return "everyone"  # "We all find our own way to escape…" (notes only, lexical/commonplace.py)
    if "sensations" in kinds and sensations(text):
        return "sensations"  # "The waves, the wind, it's super exciting" (notes only)
    if "ahead" in kinds and ahead(text):
        return "ahead"  # "I am excited about what's coming next!" (notes only)
    if "team" in kinds and team(text, left):
        return "team"  # "We can achieve great things if we join forces together" (lexical/together.py)
    if "journey" in kinds and journey(text, left):
        return "journey"  # "We've done so much, and there's nothing but good stuff coming" (notes only)
    if "comment" in kinds and comment(text):
        return "comment"  # "That's really making a big impact" (lexical/news.py)
    if "preface" in kinds and preface(text):
        return "preface"  # "I gotta tell you about this thing with my biz" (lexical/news.py)
    if "request" in kinds and request(text):
        return "request"  # "Tell me more!", "Let me know what you think" (lexical/asks.py)
    cheered = None if _first(toks) else cheer(text, _first(toks, plural=True))
    if cheered in kinds:
        return cheered  # "Must have been a rush!", "Congrats on…" (lexical/guesses.py)
    off = send_off(text)
    if off in kinds:
        return off  # "Keep rockin' it!", "I'll enjoy writing them" (lexical/send_off.py)
    if _first(toks, plural=True):
        return None
    if "captures" in kinds and captures(text):  # « elle » may be the photo: no third-person gate
        return "captures"  # "It really captures that calming feeling" (lexical/views.py)
    if _third(toks, names, vocatives):
        return None
    if "relief" in kinds and relief(text):
        return "relief"  # "Glad it's all down!" (notes only, lexical/views.py)
    return "wonder" if "wonder" in kinds and wonder(text) else None  # "It's incredible how a team…"


def _sentences(text: str) -> list[str]:
    return [s for s in sentences(assertive(text)) if s.strip() and any(ch.isalnum() for ch in s)]


def chit_chat(text: str, names: frozenset[str] = frozenset(), kinds: frozenset[str] = ALL) -> str | None:
    """The kind of the first sentence when every sentence of ``text`` is chit-chat, else
    ``None`` (the text may state a fact). A text with no word at all is ``"empty"``.
    ``kinds``: as :func:`sentence_kind`."""
    parts = _sentences(text)
    if not parts:
        return "empty"
    if "closing" in kinds and len(parts) > 1 and closing("\n".join(parts)):
        return "closing"  # « Merci Lumi t'es un amour. Je retourne voir mes patients. » (lexical/closing.py)
    if "moment" in kinds and len(parts) > 1 and momentary_remark("\n".join(parts)):
        return "moment"  # "阿星！今天苏州39度，热化了": the assistant called, then the moment (lexical/now_state.py)
    found = (sentence_kind(part, names, kinds) for part in parts)  # lazily: a fact ends the read
    first = next(found)
    return first if first is not None and all(kind is not None for kind in found) else None


def fact_sentences(text: str, names: frozenset[str] = frozenset()) -> list[str]:
    """The sentences of ``text`` that may state a fact (not chit-chat), as written."""
    return [part for part in _sentences(text) if sentence_kind(part, names) is None]
