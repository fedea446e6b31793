"""Plain JSON to and from frozen dataclasses, read from their type hints, with a RecordError naming the field.

Every game's states and actions go through here: ints, strings, bools, tuples (of one type, or of fixed
length), nested tuples, frozensets and ``X | None``. A game gives its odd fields their own pair of functions
(``Custom``) and keeps its consistency checks apart (``Game.state_problem``, ``Game.action_problem``).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from companion.errors import RecordError as RecordError  # defined with the other errors; exported here
from companion.i18n import N_

JSON = Any
T = TypeVar("T")

Reader = Callable[[JSON, str], Any]  # (value, the field's name in messages) -> value, or raises RecordError


MAX_DEPTH = 64  # far deeper than any state or action; a line nested deeper is not a record's
TOO_DEEP = N_("JSON nested more than {limit} levels deep")
# Python refuses to read an int of more than 4,300 digits (a ValueError deep in json, not a decoding error):
# refused here it is a RecordError naming its line, which `repair` can cut off with the moves after it.
MAX_DIGITS = 4300  # Python's own limit (sys.get_int_max_str_digits): what this program writes reads back
TOO_LONG = N_("a number of {digits} digits (at most {limit} are read)")
NOT_A_NUMBER = N_("{value} is not a number a record holds")


def _whole_number(digits: str) -> int:
    size = len(digits.lstrip("-"))
    if size > MAX_DIGITS:
        raise RecordError(TOO_LONG, digits=size, limit=MAX_DIGITS)
    return int(digits)


def _decimal(digits: str) -> float:
    if len(digits) > MAX_DIGITS:
        raise RecordError(TOO_LONG, digits=len(digits), limit=MAX_DIGITS)
    return float(digits)


def _constant(name: str) -> float:
    raise RecordError(NOT_A_NUMBER, value=name)


def parse_json(text: str) -> JSON:
    """``json.loads`` with a depth limit: a line nested a hundred thousand deep is a RecordError saying so,
    not a RecursionError; so is a number too long to read, or NaN and Infinity (not JSON, though Python
    reads them). Raises json.JSONDecodeError for text that is not JSON."""
    import json  # here: a command that reads no JSON (``rules``) starts without it (a tenth of a bare start)

    try:
        value = json.loads(text, parse_int=_whole_number, parse_float=_decimal, parse_constant=_constant)
    except RecursionError:
        raise RecordError(TOO_DEEP, limit=MAX_DEPTH) from None
    if _too_deep(value):
        raise RecordError(TOO_DEEP, limit=MAX_DEPTH)
    return value


def _too_deep(value: JSON) -> bool:
    # A stack, not recursion: the value came from json.loads, which nests up to the interpreter's limit.
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


@dataclass(frozen=True)
class Custom:
    """How one odd field goes to JSON and back (Kai Piranja's piles are an object keyed by species)."""

    write: Callable[[Any], JSON]
    read: Reader


# --- the plain readers, also used on their own --------------------------------------------------------


def whole(value: JSON, name: str, minimum: int | None = None) -> int:
    if type(value) is not int or (minimum is not None and value < minimum):
        raise RecordError(f"{name} must be a whole number, not {value!r}")
    return value


def text(value: JSON, name: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{name} must be a string, not {value!r}")
    return value


def flag(value: JSON, name: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"{name} must be true or false, not {value!r}")
    return value


def items(value: JSON, name: str) -> list[JSON]:
    if not isinstance(value, list):
        raise RecordError(f"{name} must be a list, not {value!r}")
    return value


def texts(value: JSON, name: str) -> tuple[str, ...]:
    return tuple(text(item, name) for item in items(value, name))


# --- readers built from type hints ----------------------------------------------------------------------


def reader(hint: Any) -> Reader:
    """The reader of values of type ``hint``: int, str, bool, tuple[X, ...], tuple[X, Y], frozenset[X], X | None."""
    if hint is int:
        return whole
    if hint is str:
        return text
    if hint is bool:
        return flag
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union) and type(None) in args:
        others = [a for a in args if a is not type(None)]
        inner = reader(others[0] if len(others) == 1 else typing.Union[tuple(others)])  # noqa: UP007
        return lambda value, name: None if value is None else inner(value, name)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        each = reader(args[0])
        return lambda value, name: tuple(each(item, name) for item in items(value, name))
    if origin is tuple:
        parts = [reader(a) for a in args]

        def fixed(value: JSON, name: str) -> tuple[Any, ...]:
            if not isinstance(value, list) or len(value) != len(parts):
                raise RecordError(f"{name} must be a list of {len(parts)} items, not {value!r}")
            return tuple(part(item, name) for part, item in zip(parts, value, strict=True))

        return fixed
    if origin is frozenset:
        each = reader(args[0])
        return lambda value, name: frozenset(each(item, name) for item in items(value, name))
    raise TypeError(f"no JSON reader for the type {hint!r}")


def plain(value: Any) -> JSON:
    """A field's value as JSON: tuples become lists, frozensets sorted lists."""
    if isinstance(value, tuple):
        return [plain(item) for item in value]
    if isinstance(value, frozenset):
        return sorted(plain(item) for item in value)
    return value


@dataclass(frozen=True)
class Shape:
    """What ``to_json`` and ``from_json`` need to know of one dataclass: its fields, readers and defaults."""

    names: tuple[str, ...]
    readers: Mapping[str, Reader]
    writers: Mapping[str, Callable[[Any], JSON]]
    required: frozenset[str]


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def shape(cls: type, custom: Mapping[str, Custom] | None = None) -> Shape:
    """``cls``'s fields and how to read and write each (built once per class and custom fields)."""
    return _shape(cls, tuple(sorted((custom or {}).items())))


@cache
def _shape(cls: type, custom: tuple[tuple[str, Custom], ...]) -> Shape:
    odd = dict(custom)
    fields = dataclasses.fields(cls)
    hints = _hints(cls)
    names = tuple(f.name for f in fields)
    readers = {n: odd[n].read if n in odd else reader(hints[n]) for n in names}
    writers = {n: odd[n].write if n in odd else plain for n in names}
    required = frozenset(
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    )
    return Shape(names, readers, writers, required)


def to_json(value: Any, custom: Mapping[str, Custom] | None = None) -> dict[str, JSON]:
    """A frozen dataclass's fields as a JSON object."""
    s = shape(type(value), custom)
    return {name: s.writers[name](getattr(value, name)) for name in s.names}


def from_json(
    cls: type[T], data: JSON, what: str, label: str, custom: Mapping[str, Custom] | None = None
) -> T:
    """A ``cls`` read from a JSON object: ``what`` names the whole in messages ("a Kanaloa state"), ``label``
    a field (``"state field {name!r}"``). Fields with a default may be left out."""
    if not isinstance(data, dict):
        raise RecordError(f"{what} must be a JSON object")
    s = shape(cls, custom)
    missing = [name for name in s.names if name in s.required and name not in data]
    if missing:
        raise RecordError(f"{what} needs the field(s) {', '.join(repr(n) for n in missing)}")
    unknown = sorted(str(key) for key in data if key not in s.readers)
    if unknown:
        raise RecordError(f"unknown field(s) in {what}: {', '.join(unknown)}")
    values = {key: s.readers[key](value, label.format(name=key)) for key, value in data.items()}
    return cls(**values)
