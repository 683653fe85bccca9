"""The package's layers, top down: the faces (``api``, ``cli``, ``mcp_server``, ``client``,
``library``, ``bench``, the package's ``__init__``), the engine (``engine``, ``replay``), the
write rules (``write``), the read rules (``read``), the index, the store, and the ground
(every other module: ``lexical``, ``schemas``, ``privacy``, ``embedding``, ``llm``,
``config``, ``errors``…). A module imports its own layer or a lower one, never a higher one;
a face other than the library (and the research ``bench``) reaches neither the engine,
the store nor the index: it calls the library, which imports no other face.

The imports that go the wrong way today are listed in :data:`KNOWN`, each with why it is
not moved yet; a new one fails here. Counted as :mod:`tests.test_import_cycles` counts:
every import, module level, deferred or under ``TYPE_CHECKING``.
"""

from __future__ import annotations

from functools import cache

from tests.test_import_cycles import import_graph as _import_graph

import_graph = cache(_import_graph)

RANK = {"ground": 0, "store": 1, "index": 2, "read": 3, "write": 4, "engine": 5, "faces": 6}
_TOP = {
    "api": "faces",
    "cli": "faces",
    "mcp_server": "faces",
    "client": "faces",
    "library": "faces",
    "bench": "faces",
    "engine": "engine",
    "replay": "engine",
    "write": "write",
    "read": "read",
    "index": "index",
    "store": "store",
}

#: Wrong-way imports kept for now: (importer, imported) -> why.
KNOWN = {}


def layer(module: str) -> str:
    parts = module.split(".")
    return "faces" if len(parts) == 1 else _TOP.get(parts[1], "ground")


def _library_reaches_a_face(a: str, b: str) -> bool:
    """The library is the faces' floor: it imports no other face."""
    return a.startswith("souvenir.library.") and layer(b) == "faces" and not b.startswith("souvenir.library")


def test_no_import_goes_up_a_layer():
    wrong = {
        (a, b)
        for a, imported in import_graph().items()
        for b in imported
        if (RANK[layer(b)] > RANK[layer(a)] or _library_reaches_a_face(a, b)) and (a, b) not in KNOWN
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
        if layer(a) == "faces" and a.split(".")[1:2] not in (["library"], ["bench"])
        for b in imported
        if layer(b) in ("engine", "store", "index")
    }
    assert not wrong, sorted(wrong)
