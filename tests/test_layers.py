"""The package's layers, top down: the command line (``cli``); the lab (``bench``: research
benches that run the engine, the store and the REST service in-process, called by ``souvenir
bench|calibrate|eval``); the services (``api``, ``mcp``, ``client``, the package's
``__init__``); the library; the engine (``engine``, ``replay``); the write rules (``write``);
the read rules (``read``); the index; the store; and the ground (every other module:
``candidates``, ``lexical``, ``schemas``, ``privacy``, ``embedding``, ``llm``, ``profile``,
``ground``…). A module imports its own layer or a lower one, never a higher one; the command
line and the services reach neither the engine, the store nor the index: they call the
library (the lab, research, reaches them as the library does).

Counted as :mod:`tests.test_import_cycles` counts: every import, module level, deferred or
under ``TYPE_CHECKING``. A wrong-way import kept for a while goes in :data:`KNOWN` with why.
"""

from __future__ import annotations

from functools import cache

from tests.test_import_cycles import import_graph as _import_graph

import_graph = cache(_import_graph)

RANK = {
    "ground": 0,
    "store": 1,
    "index": 2,
    "read": 3,
    "write": 4,
    "engine": 5,
    "library": 6,
    "services": 7,
    "lab": 8,
    "cli": 9,
}
_TOP = {
    "cli": "cli",
    "__main__": "cli",  # `python -m souvenir`: the command line
    "bench": "lab",
    "api": "services",
    "mcp": "services",
    "client": "services",
    "library": "library",
    "engine": "engine",
    "replay": "engine",
    "write": "write",
    "read": "read",
    "index": "index",
    "store": "store",
}
#: The faces that call the library and nothing below it.
FRONTS = ("cli", "services")

#: Wrong-way imports kept for now: (importer, imported) -> why. None today.
KNOWN: dict[tuple[str, str], str] = {}


def layer(module: str) -> str:
    parts = module.split(".")
    return "services" if len(parts) == 1 else _TOP.get(parts[1], "ground")


def test_no_import_goes_up_a_layer():
    wrong = {
        (a, b)
        for a, imported in import_graph().items()
        for b in imported
        if RANK[layer(b)] > RANK[layer(a)] and (a, b) not in KNOWN
    }
    assert not wrong, sorted(wrong)


def test_the_known_exceptions_still_exist():
    graph = import_graph()
    gone = [pair for pair in KNOWN if pair[1] not in graph.get(pair[0], set())]
    assert not gone, f"no longer imported, remove from KNOWN: {gone}"


def test_a_face_calls_the_library_not_the_engine_the_store_or_the_index():
    wrong = {
        (a, b)
        for a, imported in import_graph().items()
        if layer(a) in FRONTS
        for b in imported
        if layer(b) in ("engine", "store", "index")
    }
    assert not wrong, sorted(wrong)


def test_only_the_lab_commands_reach_the_lab():
    """``souvenir bench|calibrate|eval`` (``cli/lab``) is the one door from the command line to
    the research benches; no other CLI module, and nothing below, imports them."""
    importers = {
        a for a, imported in import_graph().items() if layer(a) != "lab" for b in imported if layer(b) == "lab"
    }
    assert importers == {"souvenir.cli.lab"}, sorted(importers)
