"""Kanaloa (Piatnik 2020, Günter Burkhardt), 3 to 5 players. Rules: REFERENCE.md §3 and the FR rulebook."""

from companion.games.kanaloa.engine import KanaloaGame

__all__ = ["KanaloaGame"]
