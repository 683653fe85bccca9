"""Every face goes through the front door (issue #24): no module of ``souvenir.api``,
``souvenir.cli`` or ``souvenir.mcp.server`` imports the engine or the store — they act
through the library :class:`souvenir.Souvenir`. A static read of each module's imports
(``import``/``from … import``, deferred and ``TYPE_CHECKING`` ones included)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "souvenir"
FACES = sorted([*(PACKAGE / "api").rglob("*.py"), *(PACKAGE / "cli").rglob("*.py"), *(PACKAGE / "mcp").rglob("*.py")])
FORBIDDEN = ("souvenir.engine", "souvenir.store")


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in ``path``, relative ones resolved."""
    return _imports_of(
        path.read_text(encoding="utf-8"), ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    )


def _imports_of(source: str, here: str) -> list[tuple[int, str]]:
    """(line, module) of every import in ``source``, the text of module ``here``."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = here.split(".")[: -node.level]
                base = ".".join([*parent, base] if base else parent)
            found.append((node.lineno, base))
            if base == "souvenir":  # from souvenir import engine
                found += [(node.lineno, f"souvenir.{alias.name}") for alias in node.names]
    return found


def _reaches_in(module: str) -> bool:
    return any(module == f or module.startswith(f + ".") for f in FORBIDDEN)


def test_the_faces_are_found():
    names = {p.name for p in FACES}
    assert {"app.py", "deps.py", "proxy.py", "main.py", "server.py"} <= names
    assert any(p.parent.name == "routes" for p in FACES)


def test_no_face_imports_the_engine_or_the_store():
    reached = [
        f"{p.relative_to(PACKAGE)}:{line} imports {module}"
        for p in FACES
        for line, module in _imports(p)
        if _reaches_in(module)
    ]
    assert reached == [], "\n".join(reached)


def test_the_check_sees_every_form_of_import():
    for source in (
        "import souvenir.engine.core",
        "from souvenir.store import open_store",
        "from souvenir import store",
        "from ..engine import runtime",
        "if TYPE_CHECKING:\n    from souvenir.engine.runtime import Runtime",
        "def f():\n    from souvenir.store.base import BaseStore",
    ):
        assert any(_reaches_in(m) for _, m in _imports_of(source, "souvenir.api.x")), source
    assert not any(_reaches_in(m) for _, m in _imports_of("from souvenir import Souvenir", "souvenir.api.x"))
