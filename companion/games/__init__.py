"""The games the companion referees, by their command-line name."""

from __future__ import annotations

from companion.games.kai_piranja import KaiPiranja
from companion.games.kanaloa import KanaloaGame
from companion.i18n import N_
from companion.protocol import Game, Profile, RecordError

GAMES: dict[str, type[Game]] = {
    KaiPiranja.name: KaiPiranja,
    KanaloaGame.name: KanaloaGame,
}


def game_class(name: str) -> type[Game]:
    try:
        return GAMES[name]
    except KeyError:
        raise RecordError(
            N_("unknown game {name}: choose one of {games}"), name=repr(name), games=", ".join(sorted(GAMES))
        ) from None


def make_game(name: str, profile: Profile | dict | None = None) -> Game:
    """A game's rules object; ``profile`` may be the profile's JSON form."""
    cls = game_class(name)
    if isinstance(profile, dict):
        profile = cls.profile_type.from_json(profile)
    return cls(profile)
