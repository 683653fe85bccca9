"""The public surface is locked (httpx's test_exported_members): ``souvenir.__all__`` is
exactly what is documented, and every name in it exists."""

from __future__ import annotations

import souvenir

EXPECTED = {
    "AsyncSouvenir",
    "Souvenir",
    "Settings",
    "__version__",
    "SouvenirError",
    "InputError",
    "TextError",
    "FileFormatError",
    "UnknownError",
    "StoreError",
    "StoreBusyError",
    "StaleJobError",
    "EmbedderError",
    "EmbedderBusyError",
    "ModelError",
    "ServiceError",
    "AccessDeniedError",
    "ServiceUnreachableError",
}


def test_all_is_the_public_surface():
    assert set(souvenir.__all__) == EXPECTED
    assert len(set(souvenir.__all__)) == len(souvenir.__all__)


def test_every_exported_member_exists_and_errors_are_one_tree():
    for name in souvenir.__all__:
        member = getattr(souvenir, name)
        assert member is not None, name
        if name.endswith("Error"):
            assert issubclass(member, souvenir.SouvenirError), name
            assert member.__module__ == "souvenir.ground.errors", name
        elif name != "__version__":
            assert member.__doc__, f"{name} has no docstring"
