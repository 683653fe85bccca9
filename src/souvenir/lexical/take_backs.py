"""A clause that takes back what the user just said (pure; issue #26, round 18): "scratch that",
"that doesn't count", « oublie, c'est pas sûr », 算了算了 / 刚才那句不算, "tak jadi la, lupakan".

:func:`takes_back` is true when a clause is such a mark and fillers only (oh, well, bon, 哎, alah,
la…). The speech-act filter reads the clauses before it in its sentence, or the sentence before
when the mark is a sentence of its own, as taken back: "Aku nak pindah KL bulan depan, tak jadi la,
lupakan" states no move; a mark that opens a sentence going on ("Never mind, I'll ask my mom")
takes back nothing. The marks, per language:

* en: scratch / strike / cancel / disregard that, never mind, nvm, forget it / that / what I said,
  ignore that / what I said, (that) doesn't count, not happening, that's off, I take it back;
* fr: oublie(z) (ça / ce que j'ai dit), laisse tomber, c'est pas sûr, rien n'est sûr, (ça) compte
  pas, annule, j'ai rien dit, je retire (ce que j'ai dit);
* zh: 算了, 刚才那句不算, 那句不算, 不算数, 当我没说, 取消, 不作数, 收回, 当我没讲;
* ms: tak jadi, lupakan, batal(kan), abaikan, tak payah, belum pasti, tak pasti lagi, cancel.
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import nfkc_fold

__all__ = ["takes_back"]

_FILLER = (
    r"(?:oh|ah|eh|well|ok|okay|so|actually|anyway|hmm+|just|please|pls|bon|ben|bah|alors|enfin|bref|non|no|nah|en\s+fait"
    r"|finalement|alah|haih|aduh|la|lah|je|ja|pun|sebenarnya|哎|唉|嗯|好吧|啊|呃|那|还是|吧|了|啦|哈)"
)
_MARK = (
    r"(?:scratch|strike|cancel|disregard)\s+that|never\s*mind(?:\s+that)?|nvm|forget\s+(?:it|that|what\s+i\s+(?:just\s+)?said)"
    r"|ignore\s+(?:that|what\s+i\s+(?:just\s+)?said)|(?:that\s+)?(?:doesn't|does\s+not|don't)\s+count|not\s+happening"
    r"|that's\s+off|it's\s+off|i\s+take\s+(?:it|that)\s+back"
    # round 26: "forget I said anything", "pretend I never said that", "ignore me"
    r"|(?:forget|ignore|disregard)\s+(?:that\s+|what\s+)?i\s+(?:ever\s+|just\s+)?(?:said|mentioned|asked)(?:\s+(?:anything|it|that))?"
    r"|pretend\s+i\s+(?:never|didn't|did\s+not)\s+(?:said|say|mention(?:ed)?|ask(?:ed)?)(?:\s+(?:anything|it|that))?"
    r"|i\s+(?:never\s+said|didn't\s+say)\s+(?:anything|a\s+thing)|ignore\s+me|forget\s+about\s+it|disregard\s+everything"
    r"|oubliez?(?:\s+(?:ça|ca|ce\s+que\s+j'ai\s+dit|ce\s+que\s+je\s+viens\s+de\s+dire))?|laissez?\s+tomber"
    r"|(?:c'est|ce\s+n'est)\s+pas\s+sûr|rien\s+n'est\s+sûr|(?:ça|ca)\s+(?:ne\s+)?compte\s+pas|annulez?(?:\s+(?:ça|ca))?"
    r"|j'ai\s+rien\s+dit|je\s+n'ai\s+rien\s+dit|je\s+retire(?:\s+ce\s+que\s+j'ai\s+dit)?"
    r"|(?:fais|faites|faisons)\s+comme\s+si\s+(?:j'avais|je\s+n'avais)\s+rien\s+dit|oubliez?\s+tout(?:\s+(?:ça|ca))?|non\s+rien"
    r"|算了|(?:刚才|刚刚|之前)?(?:那句|那句话|说的)?不算数?|当我没(?:说|讲)过?|取消|不作数|收回(?:那句话?)?"
    r"|你?(?:就)?当(?:我)?(?:什么都)?没(?:说|讲|提)过?|你?(?:就)?当没(?:听到|听见)|别当真|忘了(?:我说的)?吧"
    r"|tak\s+jadi|lupakan|batal(?:kan)?|abaikan|tak\s+payah|belum\s+pasti|tak\s+pasti\s+lagi|cancel"
    r"|anggap(?:lah)?\s+(?:(?:je|saja|aje)\s+)?(?:saya|aku)\s+(?:tak|tidak|x)\s+(?:cakap|kata|sebut|tanya)(?:\s+apa(?:-apa)?(?:\s+pun)?)?"
    r"|buat(?:-buat|\s+macam)\s+tak\s+dengar|tarik\s+balik"
)
_ALONE = re.compile(rf"^(?:{_FILLER}[\s,，]*)*(?:{_MARK})(?:[\s,，、]*(?:{_MARK}|{_FILLER}))*[\s,.!…。！]*$", re.I)


def takes_back(clause: str) -> bool:
    """Whether ``clause`` is a mark taking back what was just said and fillers only (module
    docstring); the tokenizer's spaces between Han characters and after an apostrophe are read
    away. A text over 90 characters is never one."""
    text = nfkc_fold(clause).replace("\u2019", "'").strip()
    text = re.sub(r"(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])", "", text)
    text = re.sub(r"'\s+", "'", text)
    return 0 < len(text) <= 90 and _ALONE.match(text) is not None
