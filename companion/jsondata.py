"""Reading fields of plain JSON data with a clear RecordError naming the field, for every game's state."""

from __future__ import annotations

from typing import Any

from companion.protocol import RecordError

JSON = Any


def whole(value: JSON, name: str, minimum: int | None = 0) -> int:
    if type(value) is not int or (minimum is not None and value < minimum):
        raise RecordError(f"state field {name!r} must be a whole number, not {value!r}")
    return value


def text(value: JSON, name: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"state field {name!r} must be a string, not {value!r}")
    return value


def flag(value: JSON, name: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"state field {name!r} must be true or false, not {value!r}")
    return value


def items(value: JSON, name: str) -> list:
    if not isinstance(value, list):
        raise RecordError(f"state field {name!r} must be a list, not {value!r}")
    return value


def texts(value: JSON, name: str) -> tuple[str, ...]:
    return tuple(text(item, name) for item in items(value, name))


def wholes(value: JSON, name: str, minimum: int | None = 0) -> tuple[int, ...]:
    return tuple(whole(item, name, minimum) for item in items(value, name))


def flags(value: JSON, name: str) -> tuple[bool, ...]:
    return tuple(flag(item, name) for item in items(value, name))
