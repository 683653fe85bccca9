"""The read path's rules, pure: which memories enter the context, and why (seed 000, « Lire »).

- :mod:`~souvenir.read.scoring` — the fused score (dense, window, BM25 and priors);
- :mod:`~souvenir.read.selection` — the six passes over 24 places, a reason per memory;
- :mod:`~souvenir.read.block` — the text injected into the model's system prompt;
- :mod:`~souvenir.read.explain` — a selected memory's rank and the score's parts.

Nothing here does I/O; "now" is passed in.
"""
