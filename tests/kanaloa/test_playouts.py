"""Random games to the end under every profile option: invariants after every step, a winner at the end."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.kanaloa import KanaloaGame
from companion.games.kanaloa.cards import DECK, HAND_SIZE
from companion.games.kanaloa.outcomes import random_deal
from companion.games.kanaloa.profile import KanaloaProfile
from companion.protocol import Step

PROFILES = {
    "default": KanaloaProfile(),
    "variant": KanaloaProfile(lay_down_variant=True, lay_down_counts_as_moved_last=True),
    "variant-strict": KanaloaProfile(
        lay_down_variant=True, lay_down_sail_optional=False, lay_down_dolphin=False, wrong_bet="lose"
    ),
    "strict": KanaloaProfile(
        special_lead="no-colour", dolphin_optional=False, dolphin_chain=False, waves_card_removable=False
    ),
    "catch-up": KanaloaProfile(game_end="catch-up", end_only_after_moves=False, kraken_sea_floor=False),
    "no-floor": KanaloaProfile(kraken_sea_floor=False, random_sea_dolphins=0),
    "free-square": KanaloaProfile(kraken_sea_floor=False, kraken_keeps_free_square=True),
    "many-dolphins": KanaloaProfile(random_sea_dolphins=23),
}


def play_to_the_end(
    game: KanaloaGame, players: int, seed: int, hands_known: bool = True
) -> tuple[object, int]:
    rng = random.Random(seed)
    state = game.initial_state(players)
    steps = 0
    while not game.is_over(state):
        legal = game.legal_actions(state)
        action = game.random_action(state, rng) if hands_known or state.phase != "deal" else legal[0]
        assert action in legal, f"seed {seed}: {action} is not among the legal actions"
        result = game.apply(state, action)
        assert isinstance(result, Step), f"seed {seed}: {action}: {result}"
        state = result.state
        steps += 1
        problems = game.invariant_problems(state)
        assert not problems, f"seed {seed}, step {steps}: {problems}"
        assert steps < 5_000, "a game that never ends"
    return state, steps


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_random_games_keep_every_invariant_and_end_with_a_winner(profile: str, players: int) -> None:
    game = KanaloaGame(PROFILES[profile])
    for seed in range(25):
        state, _ = play_to_the_end(game, players, seed)
        assert len(game.winners(state)) == 1 and sum(game.scores(state)) == 1
        assert game.current_player(state) is None and game.legal_actions(state) == []


@pytest.mark.parametrize("players", [3, 5])
def test_games_with_unknown_hands_run_and_report_revokes(players: int) -> None:
    game = KanaloaGame()
    revokes = 0
    for seed in range(15):
        state, _ = play_to_the_end(game, players, seed, hands_known=False)
        revokes += len(state.revokes)
    assert revokes > 0  # a random player with unknown hands revokes now and then, and is caught


def test_a_state_in_every_phase_round_trips_through_json() -> None:
    game = KanaloaGame(PROFILES["variant"])
    phases = set()
    for seed in range(10):
        rng = random.Random(seed)
        state = game.initial_state(4)
        while not game.is_over(state):
            phases.add(state.phase)
            assert game.state_from_json(json.loads(json.dumps(game.state_to_json(state)))) == state
            action = game.random_action(state, rng)
            assert game.action_from_json(json.loads(json.dumps(game.action_to_json(action)))) == action
            state = game.apply(state, action).state
        assert game.state_from_json(json.loads(json.dumps(game.state_to_json(state)))) == state
    assert phases == {
        "layout",
        "deal",
        "lay-down",
        "play",
        "kraken-removal",
        "dolphin",
        "round-removal",
        "stand-up",
    }


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_random_deal_deals_as_rng_sample_does(players: int) -> None:
    """``random_deal`` makes rng.sample's draws inline: the same hands and the same generator state after."""
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        cards = theirs.sample(DECK, HAND_SIZE * players)
        expected = tuple(tuple(cards[i : i + HAND_SIZE]) for i in range(0, len(cards), HAND_SIZE))
        assert random_deal(ours, players) == expected
        assert ours.getstate() == theirs.getstate()
