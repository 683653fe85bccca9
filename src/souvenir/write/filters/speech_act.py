"""Speech-act filter: a question, a condition, a hypothesis or someone else's words are
not an assertion about the user.

Source: issue #14, kind 4, from public bug reports of other memory systems: "Should I
dye my hair red?" kept as "Is going to dye hair red", 我是不是应该辞职去读研？ as
决定辞职去读研 (case B2-31), "If I were vegetarian…", "Imaginons que je sois médecin à
Brest" as "Est médecin à Brest" (P2-04), "Kalau saya ada kereta…" as "Ada kereta" (B2-48),
a group member's quoted "I just moved to Seremban" as the user's move (B2-41).

How: the user's message is cut into units, each with its act:

- ``quotation``: a quoted span (“…”, "…", «…», 「…」, 『…』; two words or three Han
  characters at least), unless its frame is the user speaking ("I told him "…"",
  "je lui ai dit « … »", 我说“…”, "saya kata "…"");
- ``question``: a clause of a question (the filters' clauses: the last clause of a
  sentence ending with "?" / "？" / 吗 / 呢, or every clause when the sentence opens with a
  question word — "Should I…", "Est-ce que…", "Adakah…", and 是不是 / 要不要 / 该不该…);
- ``hypothetical``: every clause of a sentence that opens with "imagine / suppose / let's
  say / what if / imaginons / supposons / admettons / et si / 假设 / 假如 / 想象 /
  bayangkan / andaikan / katakanlah…", and a clause with a counterfactual modal ("I'd",
  "would", "serais", "aurais") in a sentence holding a condition;
- ``conditional``: a clause opened by "if / unless / si / 如果 / 要是 / 万一 / kalau / jika /
  sekiranya…" or holding …的话, and the clause after it when the sentence opens with it
  ("Kalau saya ada kereta, saya pandu sendiri": neither half is a fact);
- ``relayed``: what follows a third or second person's reporting verb in its sentence
  ("Bob wrote…", "my friend says that…", "selon…", "according to…", 他说, 我妈说, "dia kata"),
  and every line of another speaker in a pasted transcript ("Marc : …", "[Din]: …",
  "妈妈：…": :mod:`souvenir.lexical.speakers`; only the user's own lines, "Moi :", "Me:",
  "我：", "Saya:", and the unlabelled ones, are read for the other acts);
- ``ironic``: a sentence marked as sarcasm (:func:`souvenir.lexical.questions.sarcastic`:
  🙄, "oh sure", "best day ever", 呵呵, 才怪, "konon", an attitude verb in capitals beside
  "just / oh / totally…"): neither the literal preference nor its opposite is kept;
- ``retracted``: a clause a later mark takes back ("…, scratch that", « … Oublie, c'est pas
  sûr », 算了，不去…了，刚才那句不算, "…, tak jadi la, lupakan": ``_speech_frames.taken_back``);
- ``assertion``: everything else. A rhetorical or tag question (我不是…吗？, "…, right?",
  "…, non ?", "…kan?") is the assertion it makes (:func:`souvenir.lexical.questions.assertive`),
  and a sentence that asks without "?" (我是不是…, "patut ke…", "Should I…") a question. A thing
  of the user's described by an age or a count inside a question or a condition ("my 3-year-old",
  « mon chat de 14 ans », 我三岁的女儿, "anak aku yang 3 tahun":
  :mod:`souvenir.lexical.owned_descriptions`) is an assertion of its own beside the clause.

The candidate is dropped when a non-assertion supports it (half of its content words or
more, as the other filters count) and the user's assertions, taken together, do not; a
candidate that carries the act itself ("Asked whether…", "Is considering…", "Seeks
advice on…", "Is curious about…", "Would eat tofu if vegetarian", "Bob said…", a "?") or
names the quoted speaker is kept, as is one nothing supports ("Will take the job offer"
carries no act: :mod:`souvenir.write.filters._act_nouns`). On LoCoMo's gold
observations against their turns, the annotators' paraphrases of a question ("The user is
interested in…", "recommended…") are kept by the first rule; what is still dropped is
listed in docs/write-path.md.

Known false positives (wrong drops):
- A habit stated as a condition ("If it rains I take the bus" → "Takes the bus"): the
  candidate dropped the condition; "Takes the bus when it rains" is kept.
- A fact the user restates inside a question only ("Since I'm diabetic, can I eat this?"
  is two clauses, and kept; "Can I, as a diabetic, eat this?" is one question: dropped).
- Scare quotes of two words or more around the user's own words ('I'm a "night owl"
  type', a quoted title of the user's own book).
- A rhetorical question that asserts ("Who doesn't love jazz?").
Known misses (kept): conditions without a marker ("Had I a car, …"), reported speech
without a reporting verb, indirect questions without "?" ("I wonder if I should quit").
"""

from __future__ import annotations

import re

from souvenir.lexical import lexicon as lx
from souvenir.lexical.owned_descriptions import owned_descriptions
from souvenir.lexical.questions import sarcastic
from souvenir.write.filters._irony import ironic_liking as _ironic_liking
from souvenir.lexical.speakers import transcript_lines
from souvenir.lexical.tagged import Tok, content_of, key_of, supported, tokenize
from souvenir.lexical.tokens import is_han
from souvenir.write.filters._act_nouns import plain_acts
from souvenir.write.filters._clauses import Clause, clauses
from souvenir.write.filters._joined_offer import joined_offers, wish_offer
from souvenir.write.filters._paste_heading import heading_keys
from souvenir.write.filters._speaker_noun import REPORTING_MORE
from souvenir.write.filters._speech_frames import CONDITIONAL as _CONDITIONAL
from souvenir.write.filters._speech_frames import condition as _condition
from souvenir.write.filters._speech_frames import consequence as _consequence
from souvenir.write.filters._speech_frames import contrast as _contrast
from souvenir.write.filters._speech_frames import offer_condition as _offer_condition
from souvenir.write.filters._speech_frames import listener_offers as _listener_offers
from souvenir.write.filters._speech_frames import offers_to_listener as _offers_to_listener
from souvenir.write.filters._speech_frames import opinion_of_other as _opinion_of_other
from souvenir.write.filters._deliberated import had_while_deliberating
from souvenir.write.filters._speech_frames import presupposes as _presupposes
from souvenir.write.filters._speech_frames import reminds as _reminds
from souvenir.write.filters._speech_frames import presupposed_adverbial as _granted
from souvenir.write.filters._speech_frames import taken_back as _taken_back
from souvenir.write.filters.shapes import Exchange, FilterDecision, drop, keep
from souvenir.ground.types import Candidate

NAME = "speech_act"

_QUOTES = re.compile(
    r"“([^”]{2,400})”|\"([^\"]{2,400})\"|«\s*([^»]{2,400}?)\s*»|「([^」]{2,400})」|『([^』]{2,400})』"
    r"|‘([^’]{4,400})’(?!\w)"
    # plain ASCII single quotes opening after a space, a colon or a line start, closing before no letter; an
    # apostrophe between letters inside ("'I don't care'") is no closing quote (round 16)
    r"|(?:(?<=[\s:(\[])|^)'((?=[^\s'])(?:[^'\n]|(?<=\w)'(?=\w)){4,400}?)'(?!\w)"
    r"|(?<=[\u4e00-\u9fff：，])'([\u4e00-\u9fff][^'\n]{1,400}?)'"
)
_SELF_FRAME = re.compile(
    r"(?:\b(?:i|we)\s+(?:said|say|told|wrote|write|texted|replied|answered|posted)\b|\bje\s+(?:lui|leur|vous)?\s*(?:ai\s+)?"
    r"(?:dit|écrit|répondu)\b|\bj'ai\s+(?:dit|écrit|répondu)\b|我(?:就|也|还)?(?:说|告诉|回答|写)|(?:^|[,;:]\s*)(?:saya|aku)"
    r"\s+(?:kata|cakap|beritahu|tulis|jawab)\b)[^.!?。！？]*$",
    re.I,
)
_HYPOTHETICAL_OPENING = re.compile(
    r"^\W*(?:(?:and|so|ok|okay|well|alors|bon|et|dan|jadi|ok)\W+)?(?:imagine|imagining|suppose|supposing|let'?s\s+say"
    r"|let\s+us\s+say|say\s+(?:i|we)\b|pretend|what\s+if|hypothetically|in\s+theory|assuming|imaginons|imagine|imaginez"
    r"|supposons|suppose|admettons|disons\s+que|mettons\s+que|et\s+si\b|à\s+supposer|dans\s+l'hypothèse|bayangkan"
    r"|andaikan|andaikata|katakanlah|katakan|misalkan|seandainya|假设|假如|假使|设想|想象|想像|比方说|要是|如果|倘若"
    r"|kalau|jika|if\b|si\s+(?:j'|je|tu|on|nous|vous|il|elle))",
    re.I,
)
_MODALS = frozenset(
    {
        "would",
        "'d",
        "could",
        "might",
        "serais",
        "serait",
        "aurais",
        "aurait",
        "ferais",
        "ferait",
        "pourrais",
        "pourrait",
        "irais",
        "irait",
        "voudrais",
        "akan",
        "会",
        "就会",
    }
)
_REPORTING = (
    lx.REPORTING
    | REPORTING_MORE
    | frozenset(
        {
            "wrote",
            "writes",
            "write",
            "posted",
            "texted",
            "messaged",
            "ecrit",
            "tulis",
            "menulis",
            "cakap",
            "写",
            "写道",
            "发",
            "留言",
        }
    )
)
_RELAY_OPENERS = frozenset({"according", "selon", "menurut", "据", "据说", "听说"})
#: Verbs of saying, telling and judging after someone else: "my wife thinks I should…",
#: « ma mère trouve que… », "mak saya rasa…", 我妈说 / 老板觉得 / 医生让我….
_OPINION = frozenset(
    {
        "thinks",
        "think",
        "believes",
        "feels",
        "reckons",
        "suggests",
        "suggested",
        "insists",
        "wants",
        "keeps",
        "pense",
        "pensent",
        "trouve",
        "trouvent",
        "croit",
        "croient",
        "veut",
        "insiste",
        "conseille",
        "rasa",
        "fikir",
        "suruh",
        "nasihatkan",
        "cadangkan",
        "nak",
    }
)
_ZH_RELAY = lx.ZH_REPORTING | frozenset(
    {
        "讲",
        "觉得",
        "认为",
        "让",
        "叫",
        "劝",
        "建议",
        "要求",
        "希望",
        "总说",
        "老说",
        "一直说",
        "跟我说",
        "对我说",
        "和我说",
        "逼",
        "催",
        # claiming and blaming (round 13: the class, not one verb): 一口咬定 / 咬定 / 认定 / 断定 / 声称 /
        # 坚称 / 非说 / 硬说, 怪 / 嫌 / 骂 / 指责 / 埋怨 / 抱怨 / 数落 / 念叨 / 嚷嚷 / 吐槽
        "一口咬定",
        "咬定",
        "认定",
        "断定",
        "声称",
        "宣称",
        "坚称",
        "坚持",
        "非说",
        "硬说",
        "怪",
        "嫌",
        "骂",
        "指责",
        "埋怨",
        "抱怨",
        "数落",
        "念叨",
        "嚷嚷",
        "吐槽",
        "怀疑",
        "以为",
    }
)
#: Words before a Chinese reporting verb that are not its speaker (我一直说…, 我也觉得…).
_ZH_NOT_SPEAKER = frozenset(
    {
        "一直",
        "经常",
        "总是",
        "也",
        "还",
        "都",
        "常常",
        "老是",
        "刚才",
        "刚刚",
        "之前",
        "以前",
        "昨天",
        "今天",
        "上次",
        "其实",
        "就",
        "又",
        "跟",
        "对",
        "和",
        "给",
        "顺便",
        "顺带",
        "老实",
        "实话",
        "坦白",
        "简单",
        "总之",
        "换句话",
    }
)
#: Whom a telling verb tells, said before it (逢人就讲, 到处跟人说, 见人就说, 跟谁都说, 满世界说, round 16): not
#: the speaker, and not counted in the speaker's first words.
_ZH_AUDIENCE = frozenset(
    "逢 逢人 我逢 我见 见 见人 人 就 便 到处 四处 满世界 跟人 跟 谁 都 大家 别人 所有人 全家 亲戚".split()
)
# The candidate carries the act itself: it is not stated as a plain fact.
_SELF_MARKED = re.compile(
    r"\?|？|\b(?:(?:asks?|asked|asking)(?!\s+(?:for|her|him|them|my|his|their)\b)|wonders?|wondered|wondering|whether|if|unless|would|could|might|considering"
    r"|consider|thinking\s+(?:of|about)|hypothetical(?:ly)?|imagines?|imagined|quoted?|said|says|told|wrote|mentions|mentioned"
    r"|according|when|whenever|quand|lorsque|lorsqu|bila|apabila|ketika|seeks?|seeking|sought|advice|tips?|curious|interested|interest|suggests?|suggested|suggesting"
    r"|recommends?|recommended|recommending|needs?|concerned|looking\s+for|inquir\w*|enquir\w*"
    r"|offers?|offered|offering|volunteers?|volunteered|propose[sd]?|proposé|propose|menawarkan|tawarkan|ditawarkan"
    r"|demande|demandé|envisage|hésite|aurait|serait|pourrait|selon|cherche|conseils?|curieux|curieuse"
    r"|intéressée?|s'intéresse|suggère|recommande|tanya|bertanya|fikir|berfikir|mempertimbangkan|kalau|jika"
    r"|menurut|kata|nasihat|berminat|cadang|mencadangkan|syorkan|mencari)\b"
    # « offre » the verb, not the noun (« cette offre », « l'offre »)
    r"|(?<!l')(?<!l’)(?<![a-z]\s)\boffre\b"
    r"|问|想知道|考虑|是否|要不要|如果|假如|据说|听说|请教|咨询|寻求|建议|推荐|好奇|感兴趣|的时候|(?<!小)时候|提出|主动",  # 小时候 (as a child) is no "when"
    re.I,
)


class _Unit:
    __slots__ = ("act", "tokens", "cjk_key", "text", "names", "line")

    def __init__(
        self, act: str, tokens: list[Tok], text: str, names: frozenset[str] = frozenset(), line: bool = False
    ) -> None:
        self.act, self.tokens, self.text, self.names = act, tokens, text, names
        self.line = line  # another speaker's line of a pasted transcript
        self.cjk_key = "".join(tok.key for tok in tokens if tok.cjk)


def speech_units(message: str, user_names: frozenset[str] = frozenset()) -> list[_Unit]:
    """The message cut into units with their act (module docstring); ``user_names``: the
    user's own names as keys (a transcript's lines under them are the user's own)."""
    units: list[_Unit] = []
    lines = transcript_lines(message, user_names)
    if lines is not None:  # a pasted transcript: another speaker's line is their words
        for line in lines:
            if not line.own and line.speaker:
                names = frozenset(key_of(w) for w in re.split(r"\s+", line.speaker)) | {key_of(line.speaker)}
                units.append(_Unit("relayed", tokenize(line.text), line.text, names, line=True))
        message = "\n".join(line.text for line in lines if line.own)
    for sentence in sarcastic(message):  # marked sarcasm: not what the user thinks
        units.append(_Unit("ironic", tokenize(sentence), sentence.strip()))
        message = message.replace(sentence, " . ", 1)
    rest = message
    for m in reversed(list(_QUOTES.finditer(message))):
        quoted = next(g for g in m.groups() if g)
        frame = message[: m.start()]
        frame = frame[max(frame.rfind(c) for c in ".!?。！？\n") + 1 :]
        tokens = tokenize(quoted)
        words = [t for t in tokens if t.role not in ("end", "comma")]
        if len(words) >= 2 or sum(len(t.key) for t in words if t.cjk) >= 3:
            act = "assertion" if _SELF_FRAME.search(frame) else "quotation"
            names = frozenset(w.casefold() for w in re.findall(r"\b[A-Z][\w'\-]+", frame))
            units.append(_Unit(act, tokens, quoted, names))
            rest = rest[: m.start()] + (" . " if _reported(frame) else " , ") + rest[m.end() :]
    parts = clauses(rest)
    first_of: dict[int, int] = {}  # sentence -> index of its first clause
    for i, c in enumerate(parts):
        first_of.setdefault(c.sentence, i)
    hypothetical = {
        c.sentence
        for i, c in enumerate(parts)
        if i - first_of[c.sentence] < 2
        and _HYPOTHETICAL_OPENING.match(re.sub(r"\s+'", "'", f"{c.opener} {c.text}").strip())
    }
    conditional_sentence = {c.sentence for c in parts if c.opener in _CONDITIONAL or "的话" in c.cjk_key}
    relayed_from: dict[int, int] = {}
    retracted = _taken_back(parts)
    offers = {c.sentence for c in parts if _offer_condition(c)} | _offers_to_listener(parts) | _listener_offers(parts)
    offers |= joined_offers(parts)  # "If you're ever in Cork I can show you round, …": no comma after the condition
    for index, clause in enumerate(parts):
        act = "assertion"
        previous = parts[index - 1] if index else None
        offered = clause.sentence in offers and (not _condition(clause) or wish_offer(clause))
        if (offered or _reminds(clause)) and not clause.question:
            # "If you want, I can pick you up", "…, got it done on Saturday": an offer; "si tu veux
            # je te file le numéro de mon ostéo, il m'a réglé mon dos": what the offer rests on
            act = "assertion"
        elif clause.question and (_presupposes(clause) or _granted(clause, parts)):
            act = "assertion"  # "How do I tell my boss I'm quitting?": the quitting is taken for granted
        elif clause.question:
            act = "question"
        elif clause.sentence in hypothetical:
            act = "hypothetical"
        elif clause.opener in _CONDITIONAL or "的话" in clause.cjk_key:
            act = "conditional"
        elif (
            previous is not None
            and previous.sentence == clause.sentence
            and index - 1 == first_of[clause.sentence]
            and (previous.opener in _CONDITIONAL or "的话" in previous.cjk_key)
        ):
            act = "conditional"  # the consequent of a sentence that opened with its condition
        elif clause.sentence in conditional_sentence and any(t.key in _MODALS for t in clause.tokens):
            act = "hypothetical"
        elif (clause.person == "first" and _consequence(clause)) or _contrast(clause):
            relayed_from.pop(clause.sentence, None)  # "…said I should rest, so I'm taking two weeks off"
        elif clause.person == "first" and clause.sentence in relayed_from and _said_whole(parts, index):
            relayed_from.pop(clause.sentence, None)  # 医生说是轻度阿尔茨海默，我每周末回去陪她: the user again
        elif _relays(clause) or relayed_from.get(clause.sentence, 10**6) < index:
            act = "relayed"
            relayed_from.setdefault(clause.sentence, index)
        if index in retracted and act == "assertion":
            act = "retracted"  # "…, scratch that", 刚才那句不算, « oublie, c'est pas sûr », "tak jadi la"
        units.append(_Unit(act, clause.tokens, clause.text, _speakers(clause) if act == "relayed" else frozenset()))
        if act in ("question", "conditional", "hypothetical"):  # « mon chat de 14 ans » in it: taken for granted
            glued = re.sub(r"(?<=[\u3400-\u9fff\d])\s+(?=[\u3400-\u9fff\d])", "", clause.text)  # 我家 两只 猫
            units.extend(_Unit("assertion", tokenize(d), d) for d in owned_descriptions(glued))
    return units


def _speakers(clause: Clause) -> frozenset[str]:
    """The content words before a relayed clause's first reporting verb: who speaks (医生让我…: 医生). A
    candidate naming them tells of that person's words (医生让控制饮食), as one naming a quoted speaker does."""
    words: set[str] = set()
    for tok in clause.tokens:
        if tok.key in _REPORTING or tok.key in _ZH_RELAY or tok.key in _OPINION:
            return frozenset(words)
        if tok.role == "content":
            words.add(tok.key)
    return frozenset()


def _said_whole(parts: list[Clause], index: int) -> bool:
    """The clause before ``index`` relays (a reporting verb) and says its words inside itself (two
    content words or more after the verb: 医生说是轻度阿尔茨海默, "the doctor says it's early
    dementia"): a first-person clause at ``index`` is the user's own again. A bare "我妈说，" / "my
    mum says," keeps the next clause as its words."""
    if not index or parts[index - 1].sentence != parts[index].sentence or not _relays(parts[index - 1]):
        return False
    tokens = parts[index - 1].tokens
    verb = next((i for i, t in enumerate(tokens) if t.key in _REPORTING or t.key in _ZH_RELAY), None)
    return verb is not None and sum(1 for t in tokens[verb + 1 :] if t.role == "content") >= 2


def _relays(clause: Clause) -> bool:
    """A third or second person's reporting verb ("Bob wrote", "my friend says", 他说), or
    "according to / selon / menurut / 据"."""
    keys = [tok.key for tok in clause.tokens]
    if any(k in _RELAY_OPENERS for k in keys[:2]) or any(k.startswith(("据", "听说")) for k in keys[:1]):
        return True
    if keys[:1] == ["听"] and any(k in ("说", "讲", "说过", "讲过") for k in keys[1:5]):  # 听我表姐讲…: hearsay
        return True
    if keys[:2] in (["d'", "apres"], ["d'apres"]) or keys[:1] == ["d'apres"]:  # « D'après ma copine, … »
        return True
    if _opinion_of_other(keys, clause.cjk_key):
        return True
    if len(keys) > 1 and keys[0] in ("kata", "cakap") and keys[1] in lx.RELATIONS:  # "Kata mak, saya patut…"
        return True
    if _zh_relays(clause.tokens):
        return True
    if clause.person == "third" and any(k in _OPINION for k in keys[:6]):
        return True
    return clause.person in ("third", "second") and any(k in _REPORTING for k in keys[:6])


def _reported(frame: str) -> bool:
    """Does the frame before a quote end on a reporting verb ("My therapist keeps saying",
    « Ma mère répète », 我妈总说, "Mak selalu cakap"), with no condition in it? The quote is
    then that verb's whole complement: what follows it is no more of their words."""
    tokens = [t for t in tokenize(frame) if t.role not in ("end", "comma")]
    if not tokens or any(t.key in _CONDITIONAL for t in tokens):
        return False
    last = tokens[-1].key
    return last in _REPORTING or last in _ZH_RELAY or last in ("saying", "dit", "répète", "repete", "kata", "说")


#: 我跟我妈说…, 我对老板说…: the user speaks to someone (跟 / 对 / 和 / 给 / 向 before them).
_ZH_TO = frozenset({"跟", "对", "和", "给", "向", "同"})


def _zh_relays(tokens: list[Tok]) -> bool:
    """A Chinese reporting verb in the first words after a speaker who is not the user
    (我妈说, 小王说, 老板觉得, 医生让我; not 我说, 我也觉得)."""
    # the audience of a telling verb does not count among the first words (逢人就讲, 到处跟人说, 见人就说)
    heard = sum(1 for t in tokens[:9] if t.key in _ZH_AUDIENCE)
    for index, tok in enumerate(tokens[: 5 + heard]):
        if not (tok.cjk and index and tok.key in _ZH_RELAY):
            continue
        before = [t for t in tokens[:index] if t.role != "comma"]
        if before and before[-1].role == "neg":
            continue  # 婚礼的事不说了: a subject dropped, no words relayed (round 25)
        if before and before[0].key in ("我", "我们") and any(t.key in _ZH_TO for t in before[1:3]):
            return False  # 我跟我妈说: the user told their mother
        to_you = [t.key for t in before[-2:]]
        after = tokens[index + 1].key if index + 1 < len(tokens) else ""
        if (len(to_you) == 2 and to_you[0] in _ZH_TO and to_you[1] in ("你", "您")) or (
            after in ("你", "您") and tok.key == "告诉"
        ):
            return False  # 差点忘了跟你说, 忘了告诉你: telling the assistant, which only the user does
        last = [t.key for t in before[-2:]]
        if last[-1:] and (last[-1] in ("忘", "忘了", "忘记") or last == ["忘", "了"]):
            return False  # 差点忘了说: the user nearly forgot to say it (not 忘了我说的…吧: a request)
        before = [t for t in before if t.key not in _ZH_AUDIENCE]
        if any(
            t.cjk and t.key not in _ZH_NOT_SPEAKER and (t.role == "content" or t.key.startswith(("他", "她")))
            for t in before
        ):
            return True
    return False


def _preference(candidate: Candidate) -> bool:
    """A preference, or a text holding an attitude word (loves, 喜欢, suka…)."""
    return candidate.kind == "preference" or any(t.role in ("pos", "negval") for t in tokenize(candidate.text))


def _carried(text: str) -> list[Tok]:
    """The words that carry ``text``'s meaning: content, negators and attitude words ("Dah
    berhenti kerja": berhenti, kerja), first occurrence of each stem."""
    seen: set[str] = set()
    out = []
    for tok in tokenize(text):
        if tok.role in ("content", "neg", "pos", "negval") and tok.stem not in seen:
            seen.add(tok.stem)
            out.append(tok)
    return out


def _support(content: list[Tok], unit: _Unit) -> float:
    """Share of the candidate's content words the unit holds (Chinese: by substring, or half
    of a word's characters at least: 辞职 in 把工作辞了, 排队 in 排两个小时队)."""
    return sum(
        supported(tok, unit.tokens, unit.cjk_key) or _han_half(tok, unit.cjk_key) or _ms_prefixed(tok, unit.tokens)
        for tok in content
    ) / len(content)


#: Malay verbal prefixes: "berkahwin" said as "kahwin", "menyewa" as "sewa" (round 16).
_MS_PREFIXES = frozenset({"ber", "mem", "men", "meng", "di", "ter"})


def _ms_prefixed(tok: Tok, tokens: list[Tok]) -> bool:
    """A word of four letters or more and its Malay prefixed form, either way (kahwin / berkahwin): the
    quoted or relayed words support the candidate's (only here: a request to forget "hutang" must not
    name "Berhutang…" alone, ``forget_match`` keeps its own words)."""
    if tok.cjk:
        return False
    for other in tokens:
        short, long_ = sorted((tok.key, other.key), key=len)
        if len(short) >= 4 and long_.endswith(short) and long_[: -len(short)] in _MS_PREFIXES:
            return True
    return False


def _han_half(tok: Tok, key: str) -> bool:
    return tok.cjk and len(tok.key) >= 2 and sum(ch in key for ch in tok.key) * 2 >= len(tok.key)


_ACT_REASON = {
    "question": "the user asked it",
    "conditional": "the user said it under a condition",
    "hypothetical": "the user said it of a hypothetical",
    "quotation": "it is someone else's words, quoted",
    "relayed": "the user relays someone else's words",
    "ironic": "the user said it in marked sarcasm",
    "retracted": "the user took it back",
}


def speech_act_filter(candidate: Candidate, exchange: Exchange) -> FilterDecision:
    """Drop a candidate that only a question, a condition, a hypothesis or someone else's
    words in the user's message support."""
    if not exchange.user_message:
        return keep(NAME, candidate)
    content = content_of(tokenize(candidate.text))
    if not content:
        return keep(NAME, candidate)
    units = speech_units(exchange.user_message, exchange.user_names)
    asserted = [u for u in units if u.act == "assertion"]
    together = _Unit("assertion", [t for u in asserted for t in u.tokens], "")
    lines = [u for u in units if u.line]
    if lines:  # a pasted transcript: another speaker's line saying more of it than the user's own lines
        carried = _carried(candidate.text)
        other = max(lines, key=lambda u: _support(carried, u))
        heading = heading_keys(transcript_lines(exchange.user_message, exchange.user_names) or [])
        own = _Unit("assertion", [t for t in together.tokens if t.key not in heading], "")  # not "my *work* group:"
        if _support(carried, other) > _support(carried, own) and not other.names & {t.key for t in content}:
            return drop(NAME, candidate, f"relayed: {_ACT_REASON['relayed']} ({other.text[:80]!r}), not the user's")
    if _SELF_MARKED.search(plain_acts(candidate.text)):  # not "Will take the job offer"
        ironic = [u for u in units if u.act == "ironic"]
        if ironic and _support(content, together) < 0.5 and _preference(candidate):
            # "Loves it when flights get cancelled /s": "when" marks no act here
            return drop(NAME, candidate, f"ironic: {_ACT_REASON['ironic']} ({ironic[0].text[:80]!r})")
        return keep(NAME, candidate)
    ironic = [
        u for u in units if u.act == "ironic" and (_support(content, u) >= 0.5 or _ironic_liking(candidate, content, u))
    ]
    if ironic and _preference(candidate) and not any(t.role == "pos" for t in together.tokens):
        # « Génial... encore du brocoli. J'ADORE le brocoli. »: the liking is only said in sarcasm
        return drop(NAME, candidate, f"ironic: {_ACT_REASON['ironic']} ({ironic[0].text[:80]!r})")
    if asserted and _support(content, together) >= 0.5:
        return keep(NAME, candidate)  # the user's assertions, together, say it
    supporting = [u for u in units if u.act != "assertion" and _support(content, u) >= 0.5]
    ironic = [u for u in units if u.act == "ironic"]
    if not supporting and ironic and _preference(candidate):
        # marked sarcasm yields no preference, in whatever words the extractor put it
        return drop(NAME, candidate, f"ironic: {_ACT_REASON['ironic']} ({ironic[0].text[:80]!r})")
    if not supporting:
        return keep(NAME, candidate)
    named = {tok.key for tok in content}
    # a relayed clause's speaker named with a reporting word of the candidate's own (医生让控制饮食), not a plan
    # of the user's beside the speaker (打算搬去跟婆婆住)
    reports = any(t.key in _REPORTING or t.key in _ZH_RELAY or t.key in _OPINION for t in tokenize(candidate.text))

    def told(u: _Unit) -> bool:  # the speaker right before a Chinese reporting word (医生叫少吃…: 叫 glued on)
        return any(n + w in candidate.text for n in u.names if is_han(n[:1]) for w in _ZH_RELAY)

    if any(u.names & named and (u.act != "relayed" or u.line or reports or told(u)) for u in supporting):
        return keep(NAME, candidate)  # "Bob just moved to Seremban": the user tells of Bob
    best = max(supporting, key=lambda u: _support(content, u))
    if best.act == "question" and had_while_deliberating(candidate.text, best.text):
        return keep(NAME, candidate)  # "Should I accept the offer?": having the offer is taken for granted
    return drop(NAME, candidate, f"{best.act}: {_ACT_REASON[best.act]} ({best.text[:80]!r}), not a fact about the user")
