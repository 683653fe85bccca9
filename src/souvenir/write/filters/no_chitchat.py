"""Chit-chat is no memory (issue #25): a pure write-path filter.

A model's note, or a message kept as an episode, that carries no durable fact about the
user — agreement, greetings, thanks, farewells, praise of the other speaker or of their
thing, a proposal ("let's…"), a question, an exclamation — is dropped with its kind
(:func:`souvenir.lexical.chitchat.chit_chat`). A text is chit-chat only when every
sentence of it is: "Thanks! I started pottery last week" states a fact and is kept whole.
A note that also holds chit-chat sentences is kept without them ("I'm glad to be part of it.
I see." → "I'm glad to be part of it."; « J'ai signé le bail. Je lâche rien ! » → « J'ai
signé le bail. »): they are no part of the memory (a message kept as an episode is not
trimmed: it keeps the user's own words). A note that names the user by their own name (``Exchange.user_names``: "Melanie believes in
having friends you can rely on" when the user is Melanie) is read as naming "the user", as a
note about the user (session 12: three LoCoMo gold observations were dropped this way).

Shape::

    chitchat_filter(Candidate("I totally agree, Melanie!"), Exchange("I totally agree, Melanie! …"))
    -> FilterDecision(kept=False, filter="chitchat", reason="chit-chat (empty): …", candidate=…)
"""

from __future__ import annotations

import re

from dataclasses import replace

from souvenir.lexical.chitchat import NOTES, chit_chat, sentence_kind
from souvenir.lexical.questions import assertive, sentences
from souvenir.lexical.normalize import key_of
from souvenir.ground.types import Candidate
from souvenir.write.deictic import unresolved_deictic
from souvenir.write.filters.shapes import Exchange, FilterDecision, drop, keep

#: The filter's name in drop events (``write:dropped:chitchat``).
NAME = "chitchat"

#: What each kind means, for the diagnostics page.
KIND_REASONS = {
    "never_mind": "a dismissal alone (never mind, laisse tomber, 算了不说了, takpelah)",
    "retraction": "the user's own words taken back (I take that back, je retire ce que j'ai dit, 我收回那句话, saya tarik balik)",
    "need": "a pet's or a child's need of the moment (the dog wants out, le chien veut sortir, 猫饿了, kucing nak makan)",
    "done": "a step just done on what was discussed, or a wait for the assistant, naming no thing "
    "(I just installed it, je viens de l'installer, 我刚装好了, saya baru pasang, ok saya tunggu)",
    "date": "a date alone, what happens on it left out (October 5th, le 5 octobre, 10月5号, 5 Oktober)",
    "leaving": "a leave-taking and the errand it goes to (I'm off to…, je file, 我先走了, saya gerak dulu)",
    "closing": "thanks or the assistant called, and a leave-taking (Thanks Sam, I'm off to bed; merci pour tout, à plus; 谢谢小航，下次聊)",
    "deferral": "a plan to think or talk it over later that names nothing (I'll talk to my wife about it, j'en parlerai à mon mari, 我再想想, nanti saya bincang dengan suami)",
    "moment": "a state of the moment, no fact about the user (so tired right now, je mange là, 今天39度，热化了, tgh makan ni)",
    "opinion": "a judgement of a thing with no one in it (the colors blend nicely…)",
    "proposal": "a proposal to the other speaker (let's…, on pourrait…, 我们…吧, jom…)",
    "question": "a question, with no statement about the user",
    "recall": "a question asking to recall a thing about the user (do you remember what…, what's my dog called, tu te souviens de ce que…, comment s'appelle mon chien, 你还记得…什么, 我的狗叫什么, ingat tak…apa, apa nama kucing saya)",
    "addressed": "about the other speaker (you…, your…), not the user",
    "praise": "praise of something shown (that's…, looks…)",
    "empty": "greetings, thanks, agreement or exclamations only",
    "remark": "a general remark with no one in it (… is key, … is everything)",
    "support": "support or encouragement between the two (I'm here for you, je suis là pour toi, 我支持你, saya sokong awak)",
    "helped": "the helper's answer to thanks (glad I could help, ravie d'avoir pu aider, 很高兴能帮上忙, gembira dapat membantu)",
    "resolve": "a resolve with no object (I'll keep going, je lâche rien, 我会继续努力, saya akan terus berusaha)",
    "reaction": "a reaction to the other's news, a wish or laughter (I can imagine…, bonne soirée, 哈哈太好笑了, selamat malam)",
    "maxim": "a maxim about no one (this is a reminder to…, c'est un bon rappel, 人生苦短, ini peringatan untuk…)",
    "team": "the two cheered on as a team (we can achieve great things together, on forme une équipe, 我们是最棒的团队, kita pasukan hebat)",
    "comment": "a comment on the other's doing by its weight (that's making a big impact, c'est un grand pas, 这很有意义, itu langkah besar)",
    "preface": "news announced but not told (I gotta tell you about…, devine quoi, 你猜怎么着, teka apa)",
    "request": "an ask for the other's news or view (tell me more, let me know what you think, raconte-moi, 跟我说说, ceritalah)",
    "guess": "a guess at the other's experience (bet it felt, must have been, ça a dû être, 一定很…, mesti best)",
    "congrats": "congratulations on the other's news (congrats on, félicitations pour, 恭喜, tahniah atas)",
    "us": "a maxim with a generic 'us' (books help us keep our dreams, nous aident, 让我们, membantu kita)",
    "life": "what makes life good (it's what makes life awesome, c'est ce qui rend la vie belle, 这就是生活, itulah hidup)",
    "cheer_on": "the other cheered on (keep rockin' it, rock on, continue à tout déchirer, 继续保持, teruskan usaha)",
    "enjoy": "the other's wish taken (I'll enjoy it, je vais en profiter, 我会好好享受的, saya akan menikmatinya)",
    "captures": "praise of the thing shown by what it renders (it really captures the feeling, ça dégage une sérénité, 拍出了宁静的感觉, ia menangkap suasana)",
    "wonder": "a general view in an exclamative frame (it's incredible how…, c'est fou comme…, 真神奇，…, memang menakjubkan bagaimana…)",
    "ours": "a maxim with a generic 'our' (it reminds us to follow our dreams, ça nous rappelle de suivre nos rêves, 这提醒我们追随我们的梦想, ini peringatan untuk kita kejar impian kita)",
    "recalled": "a past judgement of a thing with no one in it (the view from the top was amazing!, la vue était magnifique, 山顶的风景太美了, pemandangannya sangat cantik)",
    "journey": "the two's road so far and to come (we've done so much, on a fait tellement de chemin, 我们一起经历了这么多, kita dah buat banyak)",
    "relief": "gladness that an unnamed 'it' is done (glad it's all down!, contente que ce soit fini, 还好都搞定了, lega semua dah siap)",
    "gifts": "what unnamed things give everyone (they bring us joy, ils nous apportent de la joie, 它们给我们带来快乐, mereka memberi kita kegembiraan)",
    "everyone": "a maxim on everyone (we all find our own way, on a tous besoin de, 我们都需要, kita semua perlukan)",
    "sensations": "a bare list of sensations (the waves, the wind, it's exciting; les vagues, le vent, c'est grisant; 海浪，海风，太刺激了; ombak, angin, memang seronok)",
    "ahead": "a feeling about what comes next, naming nothing (excited about what's coming next, j'ai hâte de voir la suite, 我很期待接下来的事, teruja dengan apa yang akan datang)",
    "fleeting": "nothing durable about the user by the learned turn score (a leave-taking, the day's weather, "
    "a deferral: lexical/durable.py)",
}


def chitchat_reason(kind: str) -> str:
    """The human reason of a chit-chat drop of ``kind``."""
    return f"chit-chat ({kind}): {KIND_REASONS.get(kind, kind)}, no fact about the user"


def chitchat_filter(candidate: Candidate, exchange: Exchange) -> FilterDecision:
    """Drop ``candidate`` when its text is chit-chat (module docstring). A note is judged by its
    own words (grounding already tied them to the message), the user's own names
    (``exchange.user_names``) read as "the user"."""
    text = _as_the_user(candidate.text, exchange.user_names)
    kind = chit_chat(text, kinds=NOTES)  # with the note-only kinds (``wonder``)
    if kind is not None:
        return drop(NAME, candidate, chitchat_reason(kind))
    parts, read = _parts(candidate.text), _parts(text)
    if len(parts) == len(read):  # the user's name written "the user" cuts no sentence
        facts = [part.strip() for part, same in zip(parts, read) if sentence_kind(same, kinds=NOTES) is None]
        if 0 < len(facts) < len(parts):
            pointer = unresolved_deictic(facts[0])  # "Must be awesome! That makes me want to hike…"
            if pointer:  # the chit-chat cut held what the fact's "that" points at (conv-44)
                return drop(NAME, candidate, f"chit-chat left out, and the rest points at it: {pointer!r}")
            trimmed = replace(candidate, text=" ".join(facts))
            return keep(NAME, trimmed, "chit-chat sentences left out of the note")
    return keep(NAME, candidate)


def _parts(text: str) -> list[str]:
    return [s for s in sentences(assertive(text)) if s.strip() and any(ch.isalnum() for ch in s)]


_WORD = re.compile(r"[^\W\d_][\w'’\-]*")


def _as_the_user(text: str, names: frozenset[str]) -> str:
    """``text`` with each of the user's ``names`` (folded keys) written "the user" (用户 in
    Chinese): "Melanie's painting…" → "the user's painting…"."""
    if not names:
        return text
    for name in names:
        if re.search(r"[\u3400-\u9fff]", name) and name in text:
            text = text.replace(name, "用户")

    def swap(m: re.Match[str]) -> str:
        word = m.group()
        base, owned = (word[:-2], word[-2:]) if word.endswith(("'s", "’s")) else (word, "")
        return f"the user{owned}" if key_of(base) in names else word

    return _WORD.sub(swap, text)
