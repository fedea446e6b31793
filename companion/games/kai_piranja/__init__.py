"""Kai Piranja (Abacus 2004, Oliver Igelhaut), 3 to 6 players. Rules: REFERENCE.md §4 and the FR/IT rulebooks."""

from companion.games.kai_piranja.engine import KaiPiranjaGame

# The name before the games were named alike: companion/games/__init__.py (the registry) still imports it.
KaiPiranja = KaiPiranjaGame

__all__ = ["KaiPiranja", "KaiPiranjaGame"]
