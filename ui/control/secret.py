"""Private entry: a player's secret (Kuna Yala's fish tile) entered on the touchscreen while the others look away.

The table adapter keeps it out of the record and off the screen until the game shows it; a game whose adapter
keeps no secrets has no private entry. No Kivy here: the app's secret screen draws these values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class KeepsSecrets(Protocol):
    """A table adapter with a secret per seat (companion/games/kuna_yala/table.py)."""

    def secret_choices(self, language: str) -> tuple[tuple[str, str], ...]: ...

    def keep_secret(self, seat: int, value: str) -> None: ...

    def secret_kept(self, seat: int) -> bool: ...


@dataclass(frozen=True)
class SecretSeat:
    """One seat on the private entry screen: its name, and whether its secret is kept already (never which)."""

    seat: int
    name: str
    kept: bool


def keeper(adapter: Any) -> KeepsSecrets | None:
    """The adapter if it keeps secrets, else None."""
    return adapter if isinstance(adapter, KeepsSecrets) else None


def seats(adapter: KeepsSecrets, names: tuple[str, ...]) -> tuple[SecretSeat, ...]:
    return tuple(SecretSeat(seat, name, adapter.secret_kept(seat)) for seat, name in enumerate(names))


def missing(adapter: Any, players: int) -> bool:
    """Whether some seat has a secret still to enter (False for a game with none)."""
    kept = keeper(adapter)
    return kept is not None and not all(kept.secret_kept(seat) for seat in range(players))
