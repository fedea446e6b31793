"""Each scoring line and the tie-break (REFERENCE.md §2.5), as the profile reads them."""

from __future__ import annotations

import pytest

from companion.games.kuna_yala.ending import scores
from companion.games.kuna_yala.state import OVER
from tests.kuna_yala.tables import FACES, Box, bank, game, table


def final(banks, tiles):
    return table(banks, phase=OVER, tiles=tiles)


def test_one_point_per_fish_of_your_colour_in_every_bank_a_two_fish_card_counting_two() -> None:
    box = Box()
    banks = [
        bank({(0, 0): box.coral(), (1, 0): box.fish("red", "yellow", 2), (2, 0): box.fish("blue", "yellow")}),
        bank(
            {
                (0, 0): box.coral(),
                (1, 0): box.fish("red", "blue"),
                (2, 0): (box.shark(), box.fish("red", "blue")),
            }
        ),
        bank({(0, 0): box.coral(), (1, 0): (box.fish("red", "pink"), "", True)}),  # fish bones score nothing
    ]
    lines = scores(game().profile, FACES, final(banks, ("red", "blue", "green")))
    assert [s.fish for s in lines] == [3, 1, 0]


@pytest.mark.parametrize(
    ("options", "bonus"),
    [
        ({}, 3),  # 2 red fish on one card against 1 blue and 1 green: the most fish
        ({"majority_counts": "cards"}, 0),  # 1 card of each: no majority
        ({"majority_counts": "cards", "majority_strict": False}, 3),  # a tie for the most is enough
    ],
)
def test_three_points_for_the_majority_of_your_colour_in_your_own_bank(options, bonus: int) -> None:
    box = Box()
    mine = {
        (1, 0): box.fish("red", "yellow", 2),
        (2, 0): box.fish("blue", "yellow"),
        (3, 0): box.fish("green", "green"),
    }
    banks = [bank({(0, 0): box.coral(), **mine}), bank({(0, 0): box.coral()})]
    assert scores(game(**options).profile, FACES, final(banks, ("red", "blue")))[0].majority == bonus


@pytest.mark.parametrize(("strict", "bonus"), [(True, 0), (False, 3)])
def test_a_tie_for_the_majority_scores_as_the_profile_says(strict: bool, bonus: int) -> None:
    box = Box()
    mine = {(1, 0): box.fish("red", "yellow"), (2, 0): box.fish("blue", "yellow")}
    banks = [bank({(0, 0): box.coral(), **mine}), bank({(0, 0): box.coral()})]
    assert (
        scores(game(majority_strict=strict).profile, FACES, final(banks, ("red", "blue")))[0].majority
        == bonus
    )


def test_no_majority_without_a_fish_of_your_colour() -> None:
    box = Box()
    banks = [bank({(0, 0): box.coral()}), bank({(0, 0): box.coral()})]
    assert scores(game(majority_strict=False).profile, FACES, final(banks, ("red", "blue")))[0].majority == 0


def test_one_point_per_octopus_in_your_bank() -> None:
    box = Box()
    mine = {(0, 0): (box.octopus(), box.coral()), (1, 0): (box.octopus(), box.coral())}
    banks = [bank(mine), bank({(0, 0): box.coral()})]
    assert [s.octopuses for s in scores(game().profile, FACES, final(banks, ("red", "blue")))] == [2, 0]


def test_two_points_for_the_most_sharks_every_tied_player_included() -> None:
    box = Box()

    def with_sharks(n: int):
        return bank(
            {
                (0, 0): box.coral(),
                **{(x + 1, 0): (box.shark(), box.fish("green", ("blue", "pink")[x])) for x in range(n)},
            }
        )

    banks = [with_sharks(2), with_sharks(2), with_sharks(1)]
    assert [s.sharks for s in scores(game().profile, FACES, final(banks, ("red", "blue", "yellow")))] == [
        2,
        2,
        0,
    ]


@pytest.mark.parametrize(("needs_shark", "bonus"), [(True, 0), (False, 2)])
def test_nobody_with_a_shark_gets_the_bonus_as_the_profile_says(needs_shark: bool, bonus: int) -> None:
    box = Box()
    banks = [bank({(0, 0): box.coral()}), bank({(0, 0): box.coral()})]
    lines = scores(game(shark_bonus_needs_shark=needs_shark).profile, FACES, final(banks, ("red", "blue")))
    assert [s.sharks for s in lines] == [bonus, bonus]


def test_the_tie_break_is_the_most_fish_in_your_own_bank() -> None:
    box = Box()
    # Seat 0 (red) has one red fish; seat 1 (blue) one blue fish and one green. Each scores 1 for their fish
    # and, a tie for the most being enough here, 3 for the majority: 4 each. Seat 1 has more fish in its bank.
    banks = [
        bank({(0, 0): box.coral(), (1, 0): box.fish("red", "yellow")}),
        bank({(0, 0): box.coral(), (1, 0): box.fish("blue", "yellow"), (2, 0): box.fish("green", "yellow")}),
    ]
    rules = game(majority_strict=False)
    state = final(banks, ("red", "blue"))
    assert rules.scores(state) == [4, 4]
    assert rules.winners(state) == [1]
    told = rules.outcome(state)
    assert told[-1].endswith("seat 2 wins.") and "most fish in their bank" in told[-1]
    for language in ("fr", "it"):
        assert len(rules.outcome(state, language)) == 3


def test_a_tie_on_points_and_fish_is_a_shared_win() -> None:
    box = Box()
    banks = [
        bank({(0, 0): box.coral(), (1, 0): box.fish("red", "yellow")}),
        bank({(0, 0): box.coral(), (1, 0): box.fish("blue", "yellow")}),
    ]
    state = final(banks, ("red", "blue"))
    assert game().winners(state) == [0, 1]
    assert game().outcome(state)[-1].endswith("seat 1 and seat 2 share the win.")
