"""Stop words for FR / EN / ZH / MS, in normalised form.

Stop words are left out of *content words* (the Jaccard and richness measures); they
stay in the token sequence used for verbatim containment. Negators are never in these
lists: they are carriers (``vocab.NEGATORS``) and are removed from content words by
``tokens.content_words`` on their own, so that "Is allowed…" and "Is not allowed…"
have identical content words and differ only in carriers (shared case R03a).

"mais" (but) is a stop word; it must never be folded into the month "mai" (seed 000).
Words that are stop words in one language and content in another stay content: French
"car" (because) is the English "car", "son" (his) the English "son", "ton" a ton.
The subject words "utilisateur", "user", "pengguna", "用户" are stop words because the
extractor starts most memories with them ("L'utilisateur…", "The user…"): they say
nothing about which fact it is. Time adverbs that go with a polarity flip ("no longer",
"already", "anymore", "still", "always", toujours, 已经, 不再, masih) are stop words too,
so that "Eats meat" / "Doesn't eat meat anymore" keep the same content words and the
flip is judged by the negator alone.
"""

from __future__ import annotations

__all__ = ["STOP_WORDS"]

_FR = """
a à afin ai aie ainsi alors as au aucuns aussi autre aux avait avec avoir ayant
bien c' ça ce ceci cela celle celles celui ces cet cette chaque chez ci comme
comment d' dans de des donc dont du elle elles en encore est et étaient était été
être eu eux fait faire fois font hors il ils j' je jusqu' l' la le les leur leurs
lui m' ma mais me même mes moi mon notre nos nous on ont or ou où par parce
peu peut pour pourquoi qu' quand que quel quelle quelles quels qui quoi s' sa se
ses si sien soi sont sous soit sur t' ta te tes toi tous tout toute toutes
très tu un une unes uns vers via voici voilà vos votre vous y beaucoup déjà
toujours désormais dorénavant utilisateur utilisatrice
"""

_EN = """
a about above after again all also am an and any are as at be because been before
being both but by can could did do does doing down during each few for from had has
have having he her here hers herself him himself his how i if in into is it its
itself just me more most my myself of off on once only or other our ours ourselves
out over own really same she should so some such than that the their theirs them
themselves then there these they this those through to too under up very was we
were what when where which while who whom why will with would you your yours
yourself 's 'm 're 've 'll 'd user users user's must might shall ought may
however although though already anymore still always
"""

_MS = """
ada adalah akan aku anda atau bagi bahawa beliau boleh dalam dan dari daripada dengan
di dia ialah ini itu juga kami kamu ke kepada kerana kita lagi lah kah mereka nya
oleh pada para pun sahaja saja sangat amat saya se sebab sedang sudah telah tersebut
tetapi tapi untuk yang pengguna seorang sebuah namun walaupun jika kalau supaya agar
jadi selalu masih
"""

_ZH = """
的 了 着 过 是 在 和 与 及 或 也 都 就 还 又 很 太 吗 呢 吧 啊 呀 我 你 他 她 它 我们 你们
他们 她们 这 那 这个 那个 这些 那些 有 被 把 给 对 让 从 到 用户 个 之 而 并 其 于 以 为
得 地 所 非常 比较 一个 会 要 能 可以 自己
但 但是 不过 可是 然而 而且 所以 因为 如果 虽然 或者 还是 并且 然后 因此 再 已经 总是 一直
仍然 还在
"""

STOP_WORDS: frozenset[str] = frozenset((_FR + _EN + _MS + _ZH).split())
