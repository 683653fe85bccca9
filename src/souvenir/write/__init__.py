"""The write path's rules, pure: what becomes a memory and how it merges (seed 000, « Écrire »).

- :mod:`~souvenir.write.filters` — the filters in code (the model proposes, the code decides);
- :mod:`~souvenir.write.dedup` — the lexical dedup score with carrier tokens;
- :mod:`~souvenir.write.admission` — insert, absorb, replace or supersede;
- :mod:`~souvenir.write.reflection` — the reflection contract (what the model is asked, how
  its answer is read);
- :mod:`~souvenir.write.story` — positions (self-citation guard) and anchors;
- :mod:`~souvenir.write.writelog` — write decisions as events.

Nothing here does I/O; "now" is passed in.
"""
