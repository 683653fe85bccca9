"""Caches of readings keyed by a text, whose entries of an erased text can be dropped.

``functools.lru_cache`` keeps a reading of every text it saw until it is evicted: after a
user erased a memory ("forget that I have HIV", forget everything, a user deleted), its
text's readings (normalised text, tokens, keys, propositions, fingerprints…) stayed in the
process for as long as 8,192 other texts had not pushed them out (session 18's harden4 left
it: emptying every cache at each erasure would make one user's repeated requests cost every
other user's next turn a re-read). :func:`text_cache` is a bounded cache of ``maxsize``
entries with ``lru_cache``'s ``cache_info()`` / ``cache_clear()`` / ``__wrapped__``, that also
knows its keys, and every such cache registers itself here; :func:`forget_texts` drops, from all of them, the entries read from the erased texts.

Which entries: an entry is keyed by its first argument (a text, a normalised text, a Han run,
a sentence, or a set of words). It is dropped when every word of that key is a word of the
erased texts (:func:`words`: NFKC, case folded, ``\\w`` runs, each Han character a word of its
own), read raw, normalised and as content words — so a text's own readings, its normalised
form's, its sentences' and its Han runs' go, whatever reader cut them. What else goes with
them is a key made only of the erased texts' words ("I", "ok", "Leeds"): read again when next
needed (a few µs each). Costs one pass over the keys held: ~1 µs a distinct key (8,192 × ~20
caches ≈ 0.1 s at the most; the read caches of 200,000 hold a large user's memories).

Not covered: a reading being computed in another thread when the drop runs is stored after
it (the erasure's transaction is not committed yet then, the text may still be read; the
next erasure or eviction takes it).

Eviction is first in, first out (the oldest sixteenth of the entries at once: one at a time
from a dict's front, each miss skipped every entry deleted since the dict last compacted —
42.7 µs a miss at 200,000 entries against 1.3 µs in batches and 0.8 µs for ``lru_cache``),
not least recently used: a hit is one dict read (as fast as
``lru_cache``'s C hit, ~0.35 µs against ~1.1 µs for a Python pop-and-reinsert that keeps the
recency order, `/tmp` micro-bench in docs/journal.md session 19, lane debt). The write path
reads a user's memories in turn, the same order each time: a user whose memories fit is held
whole either way, and one whose memories do not fit thrashes an LRU as it does a FIFO.
Thread-safe as ``lru_cache`` is: a hit is one dict read, a miss inserts and evicts under a
lock (a reading computed twice by two threads at once is kept once)."""

from __future__ import annotations

import inspect
import re
import threading
import unicodedata
from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any, Generic, NamedTuple, ParamSpec, Protocol, TypeVar, cast

__all__ = ["CacheInfo", "TextCached", "also_clear", "also_forget", "forget_all", "forget_texts", "text_cache", "words"]

P = ParamSpec("P")
R = TypeVar("R")
RT = TypeVar("RT")

#: A word: a Han character alone, or a run of other word characters.
_WORD = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[^\W\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_MISS = object()
_KW = object()  # separates keyword arguments in a key, as lru_cache does


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: int
    currsize: int


class TextCached(Protocol, Generic[P, RT]):
    """A function cached by :func:`text_cache`."""

    __wrapped__: Callable[P, RT]

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> RT: ...
    def cache_info(self) -> CacheInfo: ...
    def cache_clear(self) -> None: ...
    def drop(self, covered: Callable[[object], bool]) -> int: ...
    def held(self) -> list[object]: ...


#: Every cache made by :func:`text_cache`, in the order they were made.
_ALL: list[TextCached[Any, Any]] = []
#: Other holders of what was read from a text, told the erased texts (:func:`also_forget`).
_HOOKS: list[Callable[[list[str]], int]] = []
#: The same holders, told to drop everything (:func:`also_clear`).
_CLEARS: list[Callable[[], int]] = []


def also_forget(hook: Callable[[list[str]], int]) -> None:
    """``hook(texts)`` is called by every :func:`forget_texts` with the erased texts (a cache
    keyed otherwise than by words: :mod:`souvenir.index.query_vectors`'s hashes); it returns
    the entries it dropped."""
    if hook not in _HOOKS:
        _HOOKS.append(hook)


def also_clear(hook: Callable[[], int]) -> None:
    """``hook()`` is called by every :func:`forget_all`: it drops everything it holds and
    returns how many entries."""
    if hook not in _CLEARS:
        _CLEARS.append(hook)


def forget_all() -> int:
    """Drop every entry of every registered cache and of every :func:`also_clear` holder; how
    many. For an erasure whose texts this process cannot know (another replica's:
    :mod:`souvenir.store.erasure_clock`); an erasure here drops only its texts'
    (:func:`forget_texts`). Each cache's hit and miss counts stay."""
    return sum(cache.drop(lambda _key: True) for cache in list(_ALL)) + sum(hook() for hook in list(_CLEARS))


def text_cache(maxsize: int) -> Callable[[Callable[P, R]], TextCached[P, R]]:
    """``lru_cache(maxsize=maxsize)`` whose entries :func:`forget_texts` can drop; registered."""
    if maxsize < 1:
        raise ValueError("maxsize must be at least 1")

    def decorate(fn: Callable[P, R]) -> TextCached[P, R]:
        data: dict[Any, Any] = {}
        lock = threading.Lock()
        stats = [0, 0]  # hits, misses

        get = data.get
        # evicting one entry at a time from the front made each miss skip every entry deleted
        # since the dict last compacted (~75,000 at 200,000 entries): a batch skips them once
        batch = max(0, maxsize // 16 - 1)

        def miss(key: Any, value: Any) -> Any:
            with lock:
                stats[1] += 1
                data[key] = value
                if len(data) > maxsize:  # the oldest first, a sixteenth at once (below)
                    for old in list(islice(data, len(data) - maxsize + batch)):
                        data.pop(old, None)
            return value

        def one(arg: Any) -> Any:
            value = get(arg, _MISS)
            if value is not _MISS:
                stats[0] += 1
                return value
            return miss(arg, fn(arg))  # type: ignore[call-arg]

        def many(*args: Any, **kwargs: Any) -> Any:
            key = (*args, _KW, *kwargs.items()) if kwargs else args
            value = get(key, _MISS)
            if value is not _MISS:
                stats[0] += 1
                return value
            return miss(key, fn(*args, **kwargs))

        single = _one_argument(fn)
        cached = one if single else many

        def cache_info() -> CacheInfo:
            return CacheInfo(stats[0], stats[1], maxsize, len(data))

        def cache_clear() -> None:
            with lock:
                data.clear()
                stats[0] = stats[1] = 0

        def drop(covered: Callable[[object], bool]) -> int:
            """Drop the entries whose first argument ``covered`` accepts; how many."""
            with lock:
                keys = list(data)
            gone = 0
            for key in keys:
                first = key if single else (key[0] if key and key[0] is not _KW else None)
                if covered(first) and data.pop(key, _MISS) is not _MISS:
                    gone += 1
            return gone

        def held() -> list[object]:
            """The first argument of each entry held (a copy; for tests and diagnostics)."""
            with lock:
                keys = list(data)
            return [key if single else (key[0] if key and key[0] is not _KW else None) for key in keys]

        made = cast(Any, cached)
        made.cache_info, made.cache_clear, made.drop, made.held = cache_info, cache_clear, drop, held
        made.__wrapped__ = fn
        made.__name__, made.__qualname__ = fn.__name__, fn.__qualname__
        made.__doc__, made.__module__ = fn.__doc__, fn.__module__
        _ALL.append(made)
        return cast("TextCached[P, R]", made)

    return decorate


def _one_argument(fn: Callable[..., Any]) -> bool:
    """Whether ``fn`` takes exactly one argument, positional, without a default (the fast path)."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return False
    return (
        len(params) == 1
        and params[0].kind in (params[0].POSITIONAL_ONLY, params[0].POSITIONAL_OR_KEYWORD)
        and params[0].default is params[0].empty
    )


def words(text: str) -> list[str]:
    """The words of ``text`` as :func:`forget_texts` compares keys (module docstring)."""
    return _WORD.findall(unicodedata.normalize("NFKC", text).casefold())


def forget_texts(texts: Iterable[str | None], readings: Iterable[Callable[[str], Iterable[str]]] = ()) -> int:
    """Drop from every registered cache the entries read from ``texts`` (module docstring).
    ``readings``: more words of each text (its normalised form's, its content words: the
    engine passes the lexical readers; called before the drop, so what they cache goes too).
    Returns the entries dropped. Linear in the texts' length plus the keys held."""
    said = [t for t in texts if t]
    if not said:
        return 0
    vocabulary: set[str] = set()
    for text in said:
        vocabulary.update(words(text))
        for read in readings:
            for part in read(text):
                vocabulary.update(words(part))
    seen: dict[object, bool] = {}

    def covered(key: object) -> bool:
        try:
            known = seen.get(key)
        except TypeError:  # an unhashable first argument: never a text
            return False
        if known is not None:
            return known
        if isinstance(key, str):
            verdict = vocabulary.issuperset(words(key))
        elif isinstance(key, (frozenset, tuple)) and key and all(isinstance(k, str) for k in key):
            verdict = all(vocabulary.issuperset(words(k)) for k in key)
        else:
            verdict = False
        seen[key] = verdict
        return verdict

    return sum(cache.drop(covered) for cache in list(_ALL)) + sum(hook(said) for hook in list(_HOOKS))
