"""A request to forget that is only in a quoted text: someone's words pasted, not the user's ask (pure).

Session 25 (lane harden10): "Can you translate this email to French: "Please forget my previous
message about the address, the cat is fine."" erased the user's address, and "Tolong terjemah
ayat ni ke English: "Tolong lupakan alamat saya."" the same: the cue readers
(:mod:`souvenir.lexical.forget_cues`) read every sentence of the message as the user's, and the
quoted email's "Please forget…" was read as a request. Session 24's reported frame
(:func:`souvenir.lexical.polite_asks.not_asked`) needs a verb of speech and a colon; a pasted
text to translate, summarise, answer or proof-read has neither.

The rule: a sentence whose cue is only inside quotation marks asks nothing. The quoted spans
are blanked (:func:`outside_quotes`) and the cue is read again on what is left; a quote that
opens in one sentence and closes in a later one (a pasted email of several sentences) blanks
the sentences between. What stays a request:

* a cue outside the quotes, the quote its topic: 'Please forget this: "my address is 12 Jalan
  Ampang"', « Oublie ce que j'ai dit sur « mon ex » », 忘掉“那件事”, "Lupakan "alamat lama" tu";
* a quote of one word, or of one or two Han characters — a word set apart, no one's text:
  'Please "forget" my address' (a scare quote).

A quote the user adopts is their own ask (session 26, lane forget4): 'Please do this: "forget my
address"', « Fais ça : « oublie mon adresse » », 照这个做：“忘掉我的地址”, 'Tolong buat ni: "lupakan
alamat saya"' erased nothing (the cue only quoted). :func:`adopt_quotes` takes the marks off a
quote whose sentence opens on such a frame — a verb of doing addressed to the assistant and
"this" / "that" / "the following", nothing else before the quote (please, ok, just allowed) —
so the cue readers read it as said. A reported quote ('she said "forget…"', « elle m'a dit :
« oublie… » », 她说：“忘掉…”, 'dia kata "lupakan…"') and a pasted text to work on ('Translate
this: "…"') have no such frame and stay inert; so does a frame after a third person ("She told
me to do this: …": the sentence does not open on the frame).

Quotation marks: " (straight, each one opens or closes; never after a digit, where it is an
inch), “ ”, „ “, « », 「 」, 『 』. A mark never closed in the message quotes nothing (a stray
mark). The single quote and ’ are apostrophes in chat (it's, l'adresse), never read as quotes.

Shape::

    outside_quotes('Translate: "Please forget my address." Thanks') -> 'Translate: ' + 31 spaces + ' Thanks'
"""

from __future__ import annotations

import re

__all__ = ["adopt_quotes", "outside_quotes"]

#: Each opening mark and the mark that closes it.
_PAIRS = {'"': '"', "“": "”", "„": "“", "«": "»", "「": "」", "『": "』"}
#: A quoted span of more than one word: a space between two word characters, or three Han
#: characters (忘掉“那件事” quotes a thing; 「忘掉我的地址」 a sentence).
_MORE_THAN_A_WORD = re.compile(r"\w\W+\w|[\u3400-\u9fff]{3}")


#: A sentence's opening that adopts the quote after it: do this / do that / do the following,
#: « fais / faites ça / ceci / ce qui suit », 照这个做 / 就这么做 / 按这个来, "buat / lakukan / ikut
#: ni / ini / macam ni" — with please / ok / just around it, a colon or comma after it.
_ADOPTS = re.compile(
    r"(?:(?:please|pls|ok|okay|just|now|kindly|s'il\s+te\s+pla[iî]t|s'il\s+vous\s+pla[iî]t|stp|svp|bon|alors"
    r"|tolong|sila|ok\s+lah|请|麻烦你?|好|那)[\s,，]*)*"
    r"(?:(?:do|perform|execute|carry\s+out|follow)\s+(?:this|that|the\s+following|these|this\s+one|as\s+follows)"
    r"|(?:fais|faites|ex[ée]cute|ex[ée]cutez|suis|suivez)\s+(?:[çc]a|ceci|cela|ce\s+qui\s+suit|ces?\s+consignes?)"
    r"|照(?:着|这个|这样)?做|就?这么做|按(?:这个|照这个|下面的?)(?:做|来|办)|照办"
    r"|(?:buat|lakukan|ikut)\s+(?:ni|ini|macam\s+ni|macam\s+ini|yang\s+ini|arahan\s+ini))"
    r"(?:[\s,，]*(?:please|pls|for\s+me|s'il\s+te\s+pla[iî]t|stp|svp|吧|ya|je|lah))*\s*[:：,，]?\s*$",
    re.I,
)
#: What ends a sentence (the frame is read from the last one before the quote).
_ENDS = frozenset(".!?。！？\n")
#: A frame longer than this is no frame (the words before it are read no further).
_FRAME_MAX = 80


def adopt_quotes(message: str) -> str:
    """``message`` with the marks taken off each quote its sentence adopts (module docstring:
    'Please do this: "forget my address"' → 'Please do this:  forget my address '), a space
    in each mark's stead so offsets hold; any other quote as it was."""
    out = list(message)
    start = 0  # where the sentence holding ``i`` opens
    i = 0
    while i < len(message):
        char = message[i]
        if char in _ENDS:
            start = i + 1
        closing = _PAIRS.get(char)
        if closing is None or (char == '"' and i and message[i - 1].isdigit()):
            i += 1
            continue
        end = message.find(closing, i + 1)
        if end < 0:
            break
        head = message[start:i].strip().lstrip('"”»」』“').strip()  # a quote that ended the sentence before
        if len(head) <= _FRAME_MAX and _ADOPTS.fullmatch(head):
            out[i] = out[end] = " "
        for at in range(i + 1, end + 1):  # a sentence ending inside the quote ends there
            if message[at] in _ENDS:
                start = at + 1
        i = end + 1
    return "".join(out)


def outside_quotes(message: str) -> str:
    """``message`` with each quoted span of more than one word blanked: spaces, the length and
    every offset kept, so a sentence's slice of it is that sentence outside its quotes (module
    docstring). Linear in the message's length: each mark looks for its closing mark once, from
    where it stands (``str.find``), and the scan goes on after it."""
    out: list[str] = []
    never: set[str] = set()  # closing marks not found after some point: none after it either
    done = 0  # what of ``message`` is in ``out``
    i = 0
    while i < len(message):
        char = message[i]
        closing = _PAIRS.get(char)
        if closing is None or closing in never or (char == '"' and i and message[i - 1].isdigit()):
            i += 1
            continue
        end = message.find(closing, i + 1)
        if end < 0:  # never closed: a stray mark, and so is every later one of its kind
            never.add(closing)
            i += 1
            continue
        span = message[i : end + 1]
        if _MORE_THAN_A_WORD.search(span):
            out.append(message[done:i])
            out.append(" " * len(span))
            done = end + 1
        i = end + 1
    out.append(message[done:])
    return "".join(out)
