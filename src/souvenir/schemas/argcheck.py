"""The library's argument checks: :func:`checked_arguments` (a wrongly typed argument is an
:class:`~souvenir.ground.errors.InputError` naming it) and :func:`validated` (a request model built from
keyword arguments, its errors as one ``InputError``).
"""

from __future__ import annotations

import functools
import inspect
from collections import abc
from collections.abc import Callable
from types import UnionType
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from souvenir.ground.errors import InputError


_M = TypeVar("_M", bound=BaseModel)


def validated(model: type[_M], **fields: Any) -> _M:
    """``model(**fields)``, a validation failure raised as :class:`InputError` (one line per
    field, the input never echoed)."""
    try:
        return model(**fields)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'input'}: {e['msg'].removeprefix('Value error, ')}"
            for e in exc.errors(include_input=False)
        )
        raise InputError(problems) from None


_C = TypeVar("_C", bound=type)


#: Classes pydantic has no schema for are checked with ``isinstance``.
_LAX_OBJECTS = ConfigDict(arbitrary_types_allowed=True)


def checked_arguments(cls: _C) -> _C:
    """Class decorator: every public method of ``cls`` checks its arguments against its
    annotations (pydantic's lax mode: ``"10"`` is 10, ``"ten"`` is not an int) before it
    runs, and a wrong one is an :class:`InputError` naming the method, the parameter and
    the type it got (never the value: it may be a secret) — not a ``TypeError`` from deep
    inside. An unknown or missing argument is an :class:`InputError` too. The adapters are
    built on a method's first call (its annotations may name classes defined later)."""
    for name, member in list(vars(cls).items()):
        if not name.startswith("_") and inspect.isfunction(member):
            setattr(cls, name, _checked(member))
    return cls


def _eager(hint: Any) -> Any:
    """``hint`` with ``Iterable[X]`` (alone or in a union) read as ``list[X]``: an iterable
    is consumed once, so it is checked as the list it becomes, before the method runs."""
    if get_origin(hint) is abc.Iterable:
        return list[get_args(hint)[0]]  # type: ignore[misc]
    if get_origin(hint) in (Union, UnionType):
        return Union[tuple(_eager(arm) for arm in get_args(hint))]  # noqa: UP007
    return hint


def _consumed(hint: Any) -> bool:
    return _eager(hint) != hint


#: Inputs a lax check may convert ("10" to 10, an ISO string to a datetime): the method then
#: gets the converted value. Any other value (an object, a list, a callable) is checked and
#: passed on as it is: the check never swaps a caller's object for a copy.
_SCALARS = (str, int, float, bool, bytes)


def _checked(method: Callable[..., Any]) -> Callable[..., Any]:
    signature = inspect.signature(method)
    adapters: dict[str, tuple[TypeAdapter[Any], bool]] = {}
    built: list[bool] = []

    def build() -> None:
        try:
            hints = get_type_hints(method)
        except Exception:  # noqa: BLE001 - an annotation only a type checker resolves: no run-time check
            hints = {}
        for param in list(signature.parameters.values())[1:]:
            hint = hints.get(param.name, Any)
            if hint is Any:
                continue
            try:
                adapters[param.name] = (TypeAdapter(_eager(hint), config=_LAX_OBJECTS), _consumed(hint))
            except Exception:  # noqa: BLE001 - a type pydantic cannot check (os.PathLike[str]…): unchecked
                continue
        built.append(True)

    def _at(value: Any, loc: tuple) -> Any:
        """The part of ``value`` an error's ``loc`` names ("messages.1: … (got int)", not the list's
        type), as deep as it can be followed."""
        for key in loc:
            if isinstance(key, int) and isinstance(value, (list, tuple)) and -len(value) <= key < len(value):
                value = value[key]
            elif isinstance(value, dict) and key in value:
                value = value[key]
            else:
                break
        return value

    @functools.wraps(method)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not built:
            build()
        try:
            bound = signature.bind(self, *args, **kwargs)
        except TypeError as exc:
            raise InputError(f"{method.__name__}(): {exc}") from None
        for name, value in list(bound.arguments.items()):
            if name not in adapters:
                continue
            adapter, consumed = adapters[name]
            try:
                checked = adapter.validate_python(value)
            except ValidationError as exc:
                first = exc.errors(include_input=False)[0]
                where = ".".join(map(str, (name, *first["loc"])))
                raise InputError(
                    f"{method.__name__}(): {where}: {first['msg'].removeprefix('Value error, ')} "
                    f"(got {type(_at(value, first['loc'])).__name__})"
                ) from None
            if consumed or isinstance(value, _SCALARS):
                bound.arguments[name] = checked
        return method(*bound.args, **bound.kwargs)

    return call
