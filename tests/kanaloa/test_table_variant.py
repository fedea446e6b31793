"""The variant at the table (issue 17, item 3): a boat laid on its side shows no sticker, or a turned one, and the
table adapter reads that as "laid down"; stood up again, on its own square or 3 squares on."""

from __future__ import annotations

import pytest

from companion.games import find_game
from companion.games.kanaloa.actions import Deal, LayDown, StandUp
from companion.games.kanaloa.cards import BOATS, SEA_CARDS
from companion.games.kanaloa.table import boats_down
from companion.simulate import simulate
from companion.table import CENTRE, SeenCard
from tests import tableplay
from vision.identity import game_cards

SPEC = find_game("kanaloa")
GAME = SPEC.make({"lay_down_variant": True})
CARDS = game_cards("kanaloa")


def test_a_boat_with_no_sticker_or_a_turned_one_is_laid_down() -> None:
    sea = [SeenCard(card, CENTRE, 100.0 + 70 * k, 100.0, 0.0) for k, card in enumerate(SEA_CARDS[:4])]
    boats = [
        SeenCard(BOATS[0], CENTRE, 100.0, 110.0, 3.0),  # upright, a little askew
        SeenCard(BOATS[1], CENTRE, 170.0, 110.0, 88.0),  # on its side, its sticker turned a quarter
        SeenCard(BOATS[3], CENTRE, 310.0, 110.0, 178.0),  # upright, turned half round: still upright
    ]  # boat 3 (seat 2) is seen nowhere: on its side, its deck away from the camera
    assert boats_down(4, sea + boats) == frozenset({1, 2})
    held = SeenCard(BOATS[2], CENTRE, 240.0, 110.0, 0.0, fresh=False)  # under a hand for a moment: still up
    assert boats_down(4, [*sea, *boats, held]) == frozenset({1})


def variant_games(players: int) -> list[int]:
    """Seeds whose simulated game lays boats down, wins and loses bets, and stands boats up both ways."""
    found = []
    for seed in range(60):
        actions = simulate(GAME, players, seed).actions
        ups = {a.sail for a in actions if isinstance(a, StandUp)}
        if any(isinstance(a, LayDown) and a.down for a in actions) and ups == {True, False}:
            found.append(seed)
        if len(found) == 2:
            break
    return found


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_referee_reads_boats_laid_down_and_stood_up_and_reaches_the_record(players: int) -> None:
    seeds = variant_games(players)
    assert seeds, "no simulated game stands a boat up both ways"
    for seed in seeds:
        played = simulate(GAME, players, seed)
        live, _, alerts, refused = tableplay.play_at_table(SPEC, GAME, CARDS, played, seed=seed)
        hidden = [Deal(a.seat, None) if isinstance(a, Deal) else a for a in played.actions]
        assert live.record.actions == hidden
        assert alerts == [] and refused == []


def test_the_first_card_answers_for_every_seat_still_to_say_reading_turned_stickers() -> None:
    from companion.games.kanaloa.actions import LayOut, Play
    from companion.games.kanaloa.sea import reference_layout
    from companion.games.kanaloa.table import KanaloaTable
    from companion.table import ADD, TableChange, seat_zone

    state = GAME.apply(GAME.initial_state(3), LayOut(0, *reference_layout(3))).state
    state = GAME.apply(state, Deal(0, None)).state
    adapter = KanaloaTable(GAME)
    seen = [SeenCard(SEA_CARDS[0], CENTRE, 100.0, 100.0), SeenCard(SEA_CARDS[1], CENTRE, 170.0, 100.0)]
    seen += [SeenCard(BOATS[0], CENTRE, 100.0, 110.0), SeenCard(BOATS[1], CENTRE, 104.0, 112.0, 95.0)]
    seen += [SeenCard(BOATS[2], CENTRE, 96.0, 108.0), SeenCard("red-5", seat_zone(0), 100.0, 150.0)]
    change = TableChange(ADD, "red-5", seat_zone(0))
    answers = []
    for _ in range(adapter.actions_per_change):
        action = adapter.action_for(state, change, seen)
        if action is None:
            break
        answers.append(action)
        state = GAME.apply(state, action).state
        if isinstance(action, Play):
            break
    assert answers == [LayDown(0, False), LayDown(1, True), LayDown(2, False), Play(0, "red-5")]
