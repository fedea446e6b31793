"""The rulebook's scenarios, one rule each: placement, sharks, octopuses, four sharks, the curse, pairs that
cannot be placed, refills and the end (REFERENCE.md §2 and kuna-yala.fr.txt)."""

from __future__ import annotations

import pytest

from companion.games.kuna_yala.actions import DiscardShark, PlaceOctopus, Reveal, ShowTile, Take
from companion.games.kuna_yala.state import OCTOPUS, OVER, PLAY, REVEAL, SHARKS, TILES, State
from companion.protocol import Step, Violation
from tests.kuna_yala.tables import Box, bank, game, table

GAME = game()


def broken(result: Step[State] | Violation) -> str:
    assert isinstance(result, Violation), "the action should have been refused"
    for language in ("en", "fr", "it"):
        assert GAME.tell(result, language)
    return result.code


def done(result: Step[State] | Violation) -> State:
    assert isinstance(result, Step), GAME.tell(result) if isinstance(result, Violation) else ""
    assert not GAME.invariant_problems(result.state)
    return result.state


def two_banks(box: Box, mine: dict, theirs: dict | None = None) -> list:
    return [bank({(0, 0): box.coral(), **mine}), bank({(0, 0): box.coral(), **(theirs or {})})]


# --- where a card may go -------------------------------------------------------------------------------------


def test_a_coral_goes_beside_anything_even_fish_bones() -> None:
    box = Box()
    bones = box.fish("red", "yellow")
    banks = two_banks(box, {(1, 0): (bones, "", True)})
    state = table(banks, display=(box.coral(), box.coral(), "", ""))
    after = done(GAME.apply(state, Take(0, 0, (2, 0), 1, 1, (0, 1))))
    assert (2, 0, state.display[0], "", False) in after.banks[0]


@pytest.mark.parametrize("cell", [(5, 5), (1, 1)], ids=["far away", "diagonal"])
def test_a_card_touches_the_bank_side_by_side(cell) -> None:
    box = Box()
    state = table(two_banks(box, {}), display=(box.coral(), box.coral(), "", ""))
    assert broken(GAME.apply(state, Take(0, 0, cell, 1, 1, (1, 0)))) == "kuna-yala.not-touching"


def test_a_place_already_holding_a_card_is_refused() -> None:
    box = Box()
    state = table(two_banks(box, {}), display=(box.coral(), box.coral(), "", ""))
    assert broken(GAME.apply(state, Take(0, 0, (0, 0), 1, 1, (1, 0)))) == "kuna-yala.cell-taken"


@pytest.mark.parametrize(
    ("neighbour", "new", "legal"),
    [
        (("red", "yellow"), ("red", "blue"), True),  # same fish colour
        (("red", "yellow"), ("blue", "yellow"), True),  # same background
        (("red", "yellow"), ("blue", "green"), False),  # nothing shared
    ],
)
def test_a_fish_beside_a_fish_shares_its_colour_or_its_background(neighbour, new, legal) -> None:
    box = Box()
    state = table(
        two_banks(box, {(1, 0): box.fish(*neighbour)}), display=(box.fish(*new), box.coral(), "", "")
    )
    result = GAME.apply(state, Take(0, 0, (2, 0), 1, 1, (1, 0)))
    if legal:
        done(result)
    else:
        assert broken(result) == "kuna-yala.fish-mismatch-every"


@pytest.mark.parametrize(
    ("match", "code"), [("every", "kuna-yala.fish-mismatch-every"), ("at-least-one", None)]
)
def test_every_neighbour_or_at_least_one_as_the_profile_says(match: str, code: str | None) -> None:
    box = Box()
    # (1, 1) has a red fish on yellow to its left, and a green fish on green below it.
    mine = {(1, 0): box.fish("green", "green"), (0, 1): box.fish("red", "yellow")}
    state = table(two_banks(box, mine), display=(box.fish("red", "blue"), box.coral(), "", ""))
    result = game(fish_match=match).apply(state, Take(0, 0, (1, 1), 1, 1, (1, 0)))
    if code is None:
        assert isinstance(result, Step)
    else:
        assert broken(result) == code


@pytest.mark.parametrize("match", ["every", "at-least-one"])
def test_only_a_coral_goes_beside_fish_bones(match: str) -> None:
    box = Box()
    bones = box.fish("red", "yellow")
    state = table(
        two_banks(box, {(1, 0): (bones, "", True)}), display=(box.fish("red", "yellow"), box.coral(), "", "")
    )
    assert (
        broken(game(fish_match=match).apply(state, Take(0, 0, (2, 0), 1, 1, (1, 0))))
        == "kuna-yala.next-to-bones"
    )


def test_fish_and_corals_go_beside_a_shark_or_an_octopus() -> None:
    box = Box()
    mine = {(1, 0): (box.shark(), box.fish("red", "yellow")), (0, 1): (box.octopus(), box.coral())}
    state = table(
        two_banks(box, mine), display=(box.fish("blue", "green"), box.fish("green", "blue"), "", "")
    )
    after = done(GAME.apply(state, Take(0, 0, (1, 1), 1, 1, (1, 0))))
    assert len(after.banks[0]) == 4


# --- sharks ----------------------------------------------------------------------------------------------------


def test_a_shark_never_goes_into_your_own_bank() -> None:
    box = Box()
    state = table(
        two_banks(box, {(1, 0): box.fish("red", "yellow")}), display=(box.shark(), box.coral(), "", "")
    )
    assert broken(GAME.apply(state, Take(0, 0, (1, 0), 1, 1, (1, 0)))) == "kuna-yala.shark-own-bank"


def test_a_shark_goes_on_an_opponents_fish_and_eats_it() -> None:
    box = Box()
    fish, shark = box.fish("red", "yellow", 2), box.shark()
    state = table(two_banks(box, {}, {(1, 0): fish}), display=(box.coral(), shark, "", ""), tiles=("", "red"))
    refused = GAME.apply(state, Take(0, 0, (1, 0), 1, 1, (0, 0)))
    assert broken(refused) == "kuna-yala.shark-needs-fish"  # a coral is no fish
    step = GAME.apply(state, Take(0, 0, (1, 0), 1, 1, (1, 0)))
    after = done(step)
    assert (1, 0, shark, fish, False) in after.banks[1]
    assert any(e.code == "kuna-yala.shark-eats" for e in step.effects)  # type: ignore[union-attr]
    assert after.banks[1] != state.banks[1]


# --- octopuses -------------------------------------------------------------------------------------------------


def octopus_table(box: Box, corals_of_second: int, corals_of_third: int = 1) -> State:
    banks = [
        bank({(0, 0): box.coral()}),
        bank({(x, 0): box.coral() for x in range(corals_of_second)}),
        bank({(x, 0): box.coral() for x in range(corals_of_third)}),
    ]
    return table(
        banks, display=("", box.fish("red", "yellow"), box.fish("red", "blue"), box.coral()), phase=REVEAL
    )


def test_an_octopus_goes_to_the_player_with_the_most_corals_on_one_of_them() -> None:
    box = Box()
    state = octopus_table(box, 3)
    octopus = box.octopus()
    after = done(GAME.apply(state, Reveal(0, 0, octopus)))
    assert (after.phase, after.pending, after.octopus, after.display[0]) == (OCTOPUS, 1, octopus, "")
    assert GAME.current_player(after) == 1
    assert broken(GAME.apply(after, PlaceOctopus(1, (5, 0)))) == "kuna-yala.not-a-coral"
    placed = done(GAME.apply(after, PlaceOctopus(1, (2, 0))))
    coral = state.banks[1][2][2]
    assert (2, 0, octopus, coral, False) in placed.banks[1]
    assert placed.phase == REVEAL and placed.pending == -1  # the pile turns up the next card
    assert GAME.scores(placed)[1] == 1


def test_an_octopus_is_discarded_on_a_tie_for_the_most_corals() -> None:
    box = Box()
    state = octopus_table(box, 2, 2)
    octopus = box.octopus()
    after = done(GAME.apply(state, Reveal(0, 0, octopus)))
    assert after.discard == (octopus,) and after.phase == REVEAL and after.pending == -1


def test_an_octopus_at_setup_is_discarded_as_everybody_has_one_coral() -> None:
    state = GAME.initial_state(3)
    after = done(GAME.apply(state, Reveal(0, 0, "octopus-01")))
    assert after.discard == ("octopus-01",)


# --- four sharks in the display --------------------------------------------------------------------------------


def test_four_sharks_in_the_display_one_is_discarded_and_its_pile_turns_up_the_next() -> None:
    box = Box()
    sharks = [box.shark() for _ in range(4)]
    state = table(two_banks(box, {}), display=("", *sharks[1:]), phase=REVEAL)
    after = done(GAME.apply(state, Reveal(0, 0, sharks[0])))
    assert after.phase == SHARKS
    assert broken(GAME.apply(after, Take(0, 0, None, 1, 1, None))) == "kuna-yala.not-now"
    thinned = done(GAME.apply(after, DiscardShark(0, 2)))
    assert thinned.phase == REVEAL and thinned.display[2] == "" and thinned.discard == (sharks[2],)


# --- the curse -------------------------------------------------------------------------------------------------


def cursed_cells(state: State, seat: int = 0) -> set[tuple[int, int]]:
    return {(x, y) for x, y, _, _, down in state.banks[seat] if down}


def test_the_curse_in_a_row() -> None:
    box = Box()
    mine = {(1, 0): box.fish("red", "yellow"), (2, 0): box.fish("blue", "yellow")}
    state = table(two_banks(box, mine), display=(box.fish("green", "yellow"), box.coral(), "", ""))
    step = GAME.apply(state, Take(0, 0, (3, 0), 1, 1, (1, 0)))
    assert cursed_cells(done(step)) == {(1, 0), (2, 0), (3, 0)}
    curse = next(e for e in step.effects if e.code == "kuna-yala.curse")  # type: ignore[union-attr]
    told = GAME.tell(curse)
    assert "turn over" in told and "red fish on yellow" in told and "blue fish on yellow" in told


def test_the_curse_in_a_column() -> None:
    box = Box()
    mine = {(0, 1): box.fish("red", "pink"), (0, 2): box.fish("blue", "pink")}
    state = table(two_banks(box, mine), display=(box.fish("red", "pink", 2), box.coral(), "", ""))
    assert cursed_cells(done(GAME.apply(state, Take(0, 0, (0, 3), 1, 1, (1, 0))))) == {(0, 1), (0, 2), (0, 3)}


def test_a_shark_on_a_fish_breaks_a_run() -> None:
    box = Box()
    mine = {
        (1, 0): box.fish("red", "yellow"),
        (2, 0): (box.shark(), box.fish("blue", "yellow")),
        (3, 0): box.fish("green", "yellow"),
    }
    state = table(two_banks(box, mine), display=(box.fish("yellow", "yellow"), box.coral(), "", ""))
    assert cursed_cells(done(GAME.apply(state, Take(0, 0, (4, 0), 1, 1, (1, 0))))) == set()


def test_only_same_backgrounds_curse() -> None:
    box = Box()
    mine = {(1, 0): box.fish("red", "yellow"), (2, 0): box.fish("red", "blue")}
    state = table(two_banks(box, mine), display=(box.fish("red", "yellow"), box.coral(), "", ""))
    assert cursed_cells(done(GAME.apply(state, Take(0, 0, (3, 0), 1, 1, (1, 0))))) == set()


@pytest.mark.parametrize(
    ("whole_run", "turned"),
    [(True, {(1, 0), (2, 0), (3, 0), (4, 0)}), (False, {(2, 0), (3, 0), (4, 0)})],
    ids=["whole run", "new card and the two nearest"],
)
def test_a_run_of_four_is_turned_over_as_the_profile_says(whole_run: bool, turned) -> None:
    box = Box()
    # Row 0: coral, yellow, yellow, (the gap), yellow; row 1: corals holding it together.
    mine = {
        (1, 0): box.fish("red", "yellow"),
        (2, 0): box.fish("blue", "yellow"),
        (4, 0): box.fish("green", "yellow"),
        **{(x, 1): box.coral() for x in range(5)},
    }
    state = table(two_banks(box, mine), display=(box.fish("yellow", "yellow"), box.coral(), "", ""))
    after = done(game(curse_whole_run=whole_run).apply(state, Take(0, 0, (3, 0), 1, 1, (1, 0))))
    assert cursed_cells(after) == turned


def test_cursed_fish_score_nothing() -> None:
    box = Box()
    mine = {(1, 0): box.fish("red", "yellow"), (2, 0): box.fish("red", "yellow", 2)}
    state = table(
        two_banks(box, mine), display=(box.fish("red", "yellow"), box.coral(), "", ""), tiles=("red", "")
    )
    assert GAME.scores(state)[0] == 3 + 3  # three red fish, and the majority
    after = done(GAME.apply(state, Take(0, 0, (3, 0), 1, 1, (1, 0))))
    assert GAME.scores(after)[0] == 0


# --- pairs that cannot both be placed -------------------------------------------------------------------------


def test_a_pair_that_cannot_both_be_placed_may_not_be_taken_while_another_can() -> None:
    box = Box()
    state = table(
        two_banks(box, {}, {(1, 0): box.fish("red", "yellow")}),
        display=(box.shark(), box.shark(), box.coral(), box.coral()),
    )
    assert broken(GAME.apply(state, Take(0, 0, None, 1, 1, (1, 0)))) == "kuna-yala.pair-unplaceable"
    assert done(game(unplaceable_pair="discard").apply(state, Take(0, 0, None, 1, 1, (1, 0)))).discard == (
        state.display[0],
    )


def test_a_card_with_a_place_is_never_discarded() -> None:
    box = Box()
    state = table(two_banks(box, {}), display=(box.coral(), box.shark(), box.coral(), ""))
    assert broken(GAME.apply(state, Take(0, 0, None, 1, 2, (1, 0)))) == "kuna-yala.must-place"


def test_when_no_pair_can_be_placed_the_cards_with_no_place_are_discarded() -> None:
    box = Box()
    sharks = (box.shark(), box.shark())
    state = table(two_banks(box, {}), display=(*sharks, "", ""), piles=(0, 0, 50, 50))
    assert not any(isinstance(a, Take) and (a.own_cell or a.other_cell) for a in GAME.legal_actions(state))
    after = done(game(empty_pile="leave-empty").apply(state, Take(0, 0, None, 1, 1, None)))
    assert set(after.discard) == set(sharks)


# --- refills and the end ---------------------------------------------------------------------------------------


def test_an_empty_piles_place_is_refilled_from_the_next_pile_or_left_empty() -> None:
    box = Box()
    display = (box.coral(), box.coral(), box.coral(), box.coral())
    state = table(two_banks(box, {}), display=display, piles=(0, 30, 30, 38))
    take = Take(0, 0, (1, 0), 1, 1, (1, 0))
    refilled = done(GAME.apply(state, take))
    assert refilled.phase == REVEAL
    card = next(c for c in ("fish-01", "fish-02") if c not in refilled.seen)
    after = done(GAME.apply(refilled, Reveal(0, 0, card)))
    assert after.display[0] == card and after.piles[0] == 0 and after.piles[1] == 29
    left = done(game(empty_pile="leave-empty").apply(state, take))
    assert left.phase == REVEAL and left.display[0] == ""
    assert broken(game(empty_pile="leave-empty").apply(left, Reveal(0, 0, card))) == "kuna-yala.cannot-fill"


@pytest.mark.parametrize(("end", "reveals"), [("end-of-turn", 2), ("at-once", 1)])
def test_the_game_ends_when_three_piles_are_empty(end: str, reveals: int) -> None:
    box = Box()
    display = (box.coral(), box.coral(), box.coral(), box.coral())
    rest = 104 - 2 - 4 - 1
    rules = game(game_end=end)
    state = table(two_banks(box, {}), display=display, piles=(0, 0, 1, rest))
    state = done(rules.apply(state, Take(0, 2, (1, 0), 1, 3, (1, 0))))
    unseen = [c for c in ("fish-01", "fish-02", "fish-03") if c not in state.seen]
    for n in range(reveals):
        assert state.phase == REVEAL
        slot = 2 + n
        state = done(rules.apply(state, Reveal(0, slot, unseen[n])))
    assert state.phase == TILES and rules.current_player(state) == 0


def test_the_tiles_are_shown_in_seat_order_each_a_different_type() -> None:
    box = Box()
    state = table(two_banks(box, {}), display=("", "", box.coral(), box.coral()), piles=(0, 0, 0, 104 - 4))
    state = State(**{**state.__dict__, "phase": TILES})
    assert broken(GAME.apply(state, ShowTile(1, "red"))) == "not-your-turn"
    shown = done(GAME.apply(state, ShowTile(0, "red")))
    assert broken(GAME.apply(shown, ShowTile(1, "red"))) == "kuna-yala.tile-shown-twice"
    assert broken(GAME.apply(shown, ShowTile(1, "purple"))) == "kuna-yala.unknown-type"
    over = done(GAME.apply(shown, ShowTile(1, "blue")))
    assert over.phase == OVER and over.tiles == ("red", "blue") and GAME.is_over(over)


def test_the_wrong_kind_of_action_is_refused_with_what_the_table_waits_for() -> None:
    state = GAME.initial_state(2)
    result = GAME.apply(state, Take(0, 0, (1, 0), 1, 1, (1, 0)))
    assert broken(result) == "kuna-yala.not-now"
    assert "turn up a card" in GAME.tell(result)  # type: ignore[arg-type]
    assert PLAY not in {state.phase}
