"""Golden playthroughs: a readable, exact text of a seeded game (OpenSpiel's regression files)."""

from __future__ import annotations

import json
from pathlib import Path

from companion.games import GAMES, make_game
from companion.narrate import final_lines
from companion.simulate import simulate

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "goldens"


def golden_cases() -> list[tuple[str, int, int]]:
    """(game, players, seed): for each game, its smallest and largest table and one in between."""
    cases = []
    for name, cls in sorted(GAMES.items()):
        counts = sorted({cls.min_players, (cls.min_players + cls.max_players) // 2, cls.max_players})
        cases += [(name, players, seed) for seed, players in enumerate(counts, start=1)]
    return cases


def golden_path(name: str, players: int, seed: int, folder: Path = GOLDEN_DIR) -> Path:
    """The golden file of a case; ``folder``: the tests' own, where the app is installed without its tests."""
    return folder / f"{name}-{players}p-seed{seed}.txt"


def playthrough_text(name: str, players: int, seed: int, language: str = "en") -> str:
    game = make_game(name)
    match = simulate(game, players, seed)
    lines = [
        f"# {game.title}, {players} players, seed {seed}. Regenerate with: python tools/regen_goldens.py",
        f"# profile: {json.dumps(game.profile.to_json(), sort_keys=True)}",
    ]
    for number, (action, effects) in enumerate(zip(match.actions, match.effects, strict=True), start=1):
        lines.append(f"{number}. {json.dumps(game.action_to_json(action), ensure_ascii=False)}")
        lines += ["     " + game.tell(e, language, match.seats) for e in effects]
    lines.append(game.describe_state(match.state, language, match.seats))
    lines += list(final_lines(game, match.state, match.seats, language))
    return "\n".join(lines) + "\n"
