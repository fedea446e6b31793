"""Kai Piranja (Abacus 2004, Oliver Igelhaut), 3 to 6 players. Rules: REFERENCE.md §4 and the FR/IT rulebooks."""

from companion.games.kai_piranja.engine import KaiPiranja

__all__ = ["KaiPiranja"]
