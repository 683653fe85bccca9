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

Quotation marks: " (straight, each one opens or closes; never after a digit, where it is an
inch), “ ”, „ “, « », 「 」, 『 』. A mark never closed in the message quotes nothing (a stray
mark). The single quote and ’ are apostrophes in chat (it's, l'adresse), never read as quotes.

Shape::

    outside_quotes('Translate: "Please forget my address." Thanks') -> 'Translate: ' + 31 spaces + ' Thanks'
"""

from __future__ import annotations

import re

__all__ = ["outside_quotes"]

#: Each opening mark and the mark that closes it.
_PAIRS = {'"': '"', "“": "”", "„": "“", "«": "»", "「": "」", "『": "』"}
#: A quoted span of more than one word: a space between two word characters, or three Han
#: characters (忘掉“那件事” quotes a thing; 「忘掉我的地址」 a sentence).
_MORE_THAN_A_WORD = re.compile(r"\w\W+\w|[\u3400-\u9fff]{3}")


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
