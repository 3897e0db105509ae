"""The fast room of the state records: ``update`` and ``builder`` give exactly what
``dataclasses.replace`` and the record's own constructor give, only faster.

The engine's records (``engine.state``, ``engine.events``, ``engine.views``) are frozen
slotted dataclasses without ``__post_init__``. Their frozen ``__init__`` writes each slot
through ``object.__setattr__``, which dominates a draw's or a discard's ``evolve``. Here a
record is made once per shape of change by a small generated function: an object of a
plain class with the same slots is filled by ordinary attribute stores and then given the
record's class (allowed between classes of one layout); without that layout, each slot's
descriptor is called. Readers of the rules never see any of this: they call
``update(record, field=value, ...)`` by name. ``tests/engine/test_fast_records.py`` holds
both functions equal to the slow path on every record type.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, TypeVar

_UPDATERS: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}
_BUILDERS: dict[type, Callable[..., Any]] = {}
_SHADOWS: dict[type, type | None] = {}
_T = TypeVar("_T")


def _shadow(cls: type) -> type | None:
    """A plain class with the slots of the frozen slotted dataclass ``cls``, in the same
    order. An object made as one, filled by ordinary attribute stores and then given
    ``cls`` as its ``__class__`` (allowed between classes of one layout) is an ordinary
    ``cls`` instance, made several times faster than by writing each slot through its
    descriptor. None when the layouts differ (then the descriptors it is)."""
    if cls in _SHADOWS:
        return _SHADOWS[cls]
    names = tuple(f.name for f in fields(cls))
    shadow: type | None = None
    if cls.__dict__.get("__slots__") == names and cls.__bases__ == (object,):
        candidate = type(f"_{cls.__name__}Fill", (), {"__slots__": names})
        probe: Any = object.__new__(candidate)
        for i, name in enumerate(names):
            setattr(probe, name, i)
        try:
            setattr(probe, "__class__", cls)  # noqa: B010 (the check is the assignment)
        except TypeError:
            pass
        else:
            if [getattr(probe, name) for name in names] == list(range(len(names))):
                shadow = candidate
    _SHADOWS[cls] = shadow
    return shadow


def _fill(cls: type, sources: dict[str, str], namespace: dict[str, Any]) -> list[str]:
    """Body lines making a ``cls`` from ``sources`` (field name -> expression)."""
    namespace["new_"] = object.__new__
    namespace["cls"] = cls
    shadow = _shadow(cls)
    if shadow is not None:
        namespace["shadow_"] = shadow
        lines = ["    new = new_(shadow_)"]
        lines += [f"    new.{name} = {src}" for name, src in sources.items()]
        return [*lines, "    new.__class__ = cls", "    return new"]
    lines = ["    new = new_(cls)"]
    for i, (name, src) in enumerate(sources.items()):
        namespace[f"d{i}"] = cls.__dict__[name].__set__  # what object.__setattr__ reaches
        lines.append(f"    d{i}(new, {src})")
    return [*lines, "    return new"]


def _compile(name: str, params: list[str], body: list[str], namespace: dict[str, Any]) -> Any:
    params += [f"{k}={k}" for k in namespace]  # bound as defaults: fast local reads
    exec(f"def {name}({', '.join(params)}):\n" + "\n".join(body), namespace)  # once per shape
    return namespace[name]


def _copier(cls: type[_T], *changed: str) -> Callable[..., _T]:
    """The copier ``update`` uses for ``cls`` with these ``changed`` fields: it takes them
    positionally, in that order, and the rest from the original (made once per shape)."""
    key = (cls, changed)
    fn = _UPDATERS.get(key)
    if fn is not None:
        return fn
    names = _names(cls, changed)
    values = {name: f"v{i}" for i, name in enumerate(changed)}
    namespace: dict[str, Any] = {}
    body = _fill(cls, {n: values.get(n, f"obj.{n}") for n in names}, namespace)
    new: Callable[..., _T] = _compile("upd", ["obj", *values.values()], body, namespace)
    _UPDATERS[key] = new
    return new


def _names(cls: type, changed: tuple[str, ...]) -> list[str]:
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} derives fields in __post_init__: use dataclasses.replace")
    names = [f.name for f in fields(cls)]
    unknown = set(changed) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    return names


def copier(cls: type[_T], *changed: str) -> Callable[..., _T]:
    """``update`` for one shape of change, bound once: ``copier(HandState, "front",
    "drawn")(hand, front=3, drawn=7)`` is ``update(hand, front=3, drawn=7)`` (every
    changed field is a required keyword) without the dict ``**changes`` builds. The hot
    paths of ``engine.evolve`` bind theirs at import."""
    key = (cls, ("*", *changed))
    fn = _UPDATERS.get(key)
    if fn is not None:
        return fn
    names = _names(cls, changed)
    namespace: dict[str, Any] = {}
    body = _fill(cls, {n: n if n in changed else f"obj.{n}" for n in names}, namespace)
    new: Callable[..., _T] = _compile("copy", ["obj", "*", *changed], body, namespace)
    _UPDATERS[key] = new
    return new


def update(obj: _T, **changes: Any) -> _T:
    """``dataclasses.replace`` for the table's frozen slotted records, several times faster
    (no ``__init__`` call; these records have no ``__post_init__``)."""
    key = (obj.__class__, tuple(changes))
    fn = _UPDATERS.get(key)
    if fn is None:
        fn = _copier(obj.__class__, *changes)
    new: _T = fn(obj, *changes.values())
    return new


def builder(cls: type[_T]) -> Callable[..., _T]:
    """A keyword-only constructor for a frozen slotted dataclass without ``__post_init__``:
    the same object as ``cls(**kwargs)`` at a fraction of the cost of a frozen
    ``__init__``. Fields with a plain default may be left out; ``default_factory`` fields
    must be given."""
    found = _BUILDERS.get(cls)
    if found is not None:
        return found
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} checks its fields in __post_init__")
    namespace: dict[str, Any] = {}
    params = ["*"]
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"default_{f.name}"] = f.default
            params.append(f"{f.name}=default_{f.name}")
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    body = _fill(cls, {n: n for n in names}, namespace)
    fn: Callable[..., _T] = _compile("build", params, body, namespace)
    _BUILDERS[cls] = fn
    return fn
