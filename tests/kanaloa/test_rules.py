"""Each Kanaloa rule on its own, and each profile option both ways."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.kanaloa import KanaloaGame
from companion.games.kanaloa.actions import Deal, Dolphin, LayDown, LayOut, Play, RemoveSeaCard, StandUp
from companion.games.kanaloa.cards import COLOURS, SEA_CARDS
from companion.games.kanaloa.profile import KanaloaProfile
from companion.games.kanaloa.sea import reference_layout
from companion.games.kanaloa.tricks import colour_to_follow, winning_index
from companion.protocol import RecordError
from tests.kanaloa.tables import (
    ANNA,
    BERNARD,
    DANI,
    EMILE,
    EXAMPLE_CARDS,
    EXAMPLE_SQUARES,
    SEATS,
    codes,
    example_table,
    fill_hands,
    play,
    refuse,
    table,
)


def game_with(**options: object) -> KanaloaGame:
    return KanaloaGame(KanaloaProfile(**options))


def play_cards(game: KanaloaGame, state, cards):
    """Play one card per seat from the current player on; returns the last step."""
    step = None
    for card in cards:
        step = play(game, state, Play(game.current_player(state), card))
        state = step.state
    return step


# --- who wins a trick ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        (("red-3", "red-9", "red-5"), "green", 1),  # highest of the colour led
        (("red-3", "green-1", "red-12"), "green", 1),  # any trump beats the colour led
        (("red-3", "green-1", "green-2"), "green", 2),  # the highest trump
        (("red-3", "kanaloa-1", "green-12"), "green", 1),  # a Kanaloa beats trumps
        (("kanaloa-1", "red-3", "kanaloa-2"), "green", 2),  # the last Kanaloa played wins
        (("kraken-1", "red-3", "red-2"), "green", 1),  # a Kraken never wins, even when led
        (("red-3", "kraken-1", "navy-12"), "green", 0),  # a card of another colour does not win
        (("kraken-1", "navy-4", "red-12"), "red", 2),  # after a Kraken lead, a trump still wins
    ],
)
def test_who_wins_the_trick(trick, trump, winner) -> None:
    assert winning_index(trick, trump) == winner


def test_after_a_special_lead_the_first_tiki_card_sets_the_colour() -> None:
    assert colour_to_follow(("kanaloa-1",), "first-tiki") is None
    assert colour_to_follow(("kanaloa-1", "red-4"), "first-tiki") == "red"
    assert colour_to_follow(("kanaloa-1", "red-4"), "no-colour") is None
    assert colour_to_follow(("green-2", "red-4"), "no-colour") == "green"


@pytest.mark.parametrize(("special_lead", "legal"), [("first-tiki", False), ("no-colour", True)])
def test_special_lead_profile_option(special_lead: str, legal: bool) -> None:
    game = game_with(special_lead=special_lead)
    cards, squares = reference_layout(3)
    hands = fill_hands([("kanaloa-1",), ("red-4",), ("red-5", "green-12")])
    state = table(game, 3, cards, squares, boats=(0, 0, 0), order=(0, 1, 2), leader=0, hands=hands)
    state = play_cards(game, state, ["kanaloa-1", "red-4"]).state
    result = game.apply(state, Play(2, "green-12"))
    assert (result.__class__.__name__ == "Step") == legal
    if not legal:
        assert result.code == "kanaloa.must-follow-colour"


# --- trump and moving -----------------------------------------------------------------------------


def test_trump_starts_navy_blue_on_the_waves() -> None:
    game = KanaloaGame()
    state = play(game, game.initial_state(5), LayOut(0, *reference_layout(5))).state
    step = play(game, state, Deal(0, None))
    assert step.state.trump == "navy" and codes(step) == ["kanaloa.dealt", "kanaloa.trump"]
    assert game.tell(step.effects[1]) == "Trick 1: seat 1 leads and announces the trump: navy blue."


def test_leaving_the_start_puts_the_boat_ahead_of_those_still_there() -> None:
    game = KanaloaGame()
    state = play(game, game.initial_state(3), LayOut(0, *reference_layout(3))).state
    state = play(game, state, Deal(0, None)).state
    step = play_cards(game, state, ["red-1", "red-2", "red-3"])  # trump navy: the red 3 wins
    assert step.state.order[0] == 2 and step.state.boats[2] == 1
    assert step.state.trump == "turquoise"  # reference sea: the waves card is navy + turquoise


# --- the Kraken -------------------------------------------------------------------------------------


def test_the_kraken_player_must_first_remove_a_free_sea_card() -> None:
    game = KanaloaGame()
    state = example_table(game, None)
    state = play(game, state, Play(BERNARD, "kraken-1")).state
    assert state.phase == "kraken-removal"
    violation = refuse(game, state, Play(ANNA, "red-1"))
    assert violation.code == "kanaloa.not-now"
    assert (
        game.tell(violation, "en", SEATS)
        == "Not now: Bernard must first remove a free sea card for the Kraken."
    )
    assert refuse(game, state, RemoveSeaCard(BERNARD, "sea-11")).code == "kanaloa.sea-card-gone"
    assert refuse(game, state, RemoveSeaCard(BERNARD, "sea-99")).code == "kanaloa.unknown-sea-card"
    assert refuse(game, state, RemoveSeaCard(ANNA, "sea-02")).code == "not-your-turn"
    assert refuse(game, state, RemoveSeaCard(BERNARD, "sea-waves")).code == "kanaloa.sea-card-not-free"
    state = play(game, state, RemoveSeaCard(BERNARD, "sea-09")).state
    assert state.phase == "play" and game.current_player(state) == ANNA


@pytest.mark.parametrize(("removable", "legal"), [(True, True), (False, False)])
def test_the_waves_card_once_free_goes_as_the_profile_says(removable: bool, legal: bool) -> None:
    game = game_with(waves_card_removable=removable)
    state = replace(example_table(game, None), boats=(2, 3, 10, 11), order=(EMILE, DANI, ANNA, BERNARD))
    state = play(game, state, Play(BERNARD, "kraken-1")).state
    result = game.apply(state, RemoveSeaCard(BERNARD, "sea-waves"))
    assert (result.__class__.__name__ == "Step") == legal
    if not legal:
        assert result.code == "kanaloa.waves-card-stays"


@pytest.mark.parametrize(("floor", "removal"), [(True, False), (False, True)])
def test_the_kraken_and_the_floor_of_three_sea_cards(floor: bool, removal: bool) -> None:
    game = game_with(kraken_sea_floor=floor)
    state = table(
        game,
        3,
        EXAMPLE_CARDS[:10],
        EXAMPLE_SQUARES[:20],
        boats=(2, 8, 9),  # sea-01 and sea-04 carry boats; sea-02 is free
        order=(2, 1, 0),
        leader=0,
        hands=None,
        sea=("sea-01", "sea-02", "sea-04"),
    )
    step = play(game, state, Play(0, "kraken-2"))
    assert (step.state.phase == "kraken-removal") == removal
    if not removal:
        assert codes(step) == ["kanaloa.kraken-nothing"]
    else:
        assert len(play(game, step.state, RemoveSeaCard(0, "sea-02")).state.sea) == 2


@pytest.mark.parametrize("keeps", [False, True])
def test_without_the_floor_a_kraken_may_leave_no_free_square(keeps: bool) -> None:
    game = game_with(kraken_sea_floor=False, kraken_keeps_free_square=keeps)
    state = table(
        game, 4, EXAMPLE_CARDS, EXAMPLE_SQUARES, boats=(2, 3, 4, 5), order=(3, 2, 1, 0), leader=0, hands=None,
        sea=("sea-01", "sea-02", "sea-03"),
    )  # fmt: skip
    step = play(
        game, state, Play(0, "kraken-1")
    )  # sea-03 is free, but taking it leaves 4 squares for 4 boats
    if keeps:
        assert codes(step) == ["kanaloa.kraken-nothing"]
        return
    state = play(game, step.state, RemoveSeaCard(0, "sea-03")).state
    step = play_cards(game, state, ["kanaloa-1", "red-1", "red-2"])  # seat 1 wins: no square is free
    assert step.state.boats[1] == 3 and step.state.phase == "over" and game.winners(step.state) == [1]
    assert "kanaloa.game-won" in codes(step)


def test_a_kraken_with_no_free_sea_card_removes_nothing() -> None:
    game = KanaloaGame()
    state = table(
        game, 4, EXAMPLE_CARDS, EXAMPLE_SQUARES, boats=(2, 4, 6, 8), order=(3, 2, 1, 0), leader=0, hands=None,
        sea=("sea-01", "sea-02", "sea-03", "sea-04"),
    )  # fmt: skip
    step = play(game, state, Play(0, "kraken-1"))  # each of the 4 sea cards carries a boat
    assert codes(step) == ["kanaloa.kraken-nothing"] and step.state.phase == "play"
    assert game.tell(step.effects[0]) == "seat 1 played a Kraken, but no sea card can be removed."


# --- the dolphin ------------------------------------------------------------------------------------


def dolphin_table(game: KanaloaGame, squares=EXAMPLE_SQUARES):
    """The example after trick 2: Anna wins trick 3 and lands on the dolphin square 6."""
    state = example_table(game, None)
    state = replace(state, sea=tuple(c for c in state.sea if c != "sea-02"))
    state = replace(state, boats=(2, 3, 12, 11), order=(DANI, EMILE, ANNA, BERNARD), leader=DANI)
    state = replace(state, trump="turquoise", layout_squares=squares)
    return play_cards(game, state, ["red-11", "kanaloa-1", "red-7", "kanaloa-2"])


def test_the_dolphin_can_be_declined() -> None:
    game = KanaloaGame()
    step = dolphin_table(game)
    assert step.state.phase == "dolphin"
    assert refuse(game, step.state, Play(ANNA, "red-1")).code == "kanaloa.not-now"
    state = play(game, step.state, Dolphin(ANNA, False)).state
    assert state.boats[ANNA] == 6 and state.phase == "play"


def test_the_dolphin_is_automatic_when_the_profile_says_so() -> None:
    game = game_with(dolphin_optional=False)
    step = dolphin_table(game)
    assert step.state.boats[ANNA] == 7 and step.state.phase == "play"
    assert "kanaloa.dolphin" in codes(step)


@pytest.mark.parametrize(("chain", "square"), [(True, 8), (False, 7)])
def test_dolphins_chain_when_the_profile_says_so(chain: bool, square: int) -> None:
    game = game_with(dolphin_optional=False, dolphin_chain=chain)
    squares = list(EXAMPLE_SQUARES)
    squares[7] = "turquoise-dolphin"  # square 8 in front is free, square 6 behind was just left
    step = dolphin_table(game, tuple(squares))
    assert step.state.boats[ANNA] == square


# --- the end of a round -----------------------------------------------------------------------------


def round_of_leader_wins(game: KanaloaGame, state, last_dolphin: bool = True):
    """8 tricks in which the leader plays the highest card of the colour led and the others follow lower
    (``last_dolphin`` false: a dolphin offered after the 8th is left to the caller)."""
    step = None
    for t in range(8):
        colour, base = COLOURS[t % 4], 3 * (t // 4)
        step = play_cards(
            game, state, [f"{colour}-{base + 3}", f"{colour}-{base + 1}", f"{colour}-{base + 2}"]
        )
        state = step.state
        if state.phase == "dolphin" and (last_dolphin or t < 7):  # stay, to keep the count simple
            step = play(game, state, Dolphin(game.current_player(state), False))
            state = step.state
    return step


def start(game: KanaloaGame, players: int = 3):
    state = play(game, game.initial_state(players), LayOut(0, *reference_layout(players))).state
    return play(game, state, Deal(0, None)).state


def test_the_last_mover_removes_a_sea_card_then_deals_and_leads() -> None:
    game = KanaloaGame()
    step = round_of_leader_wins(game, start(game))
    state = step.state
    assert codes(step)[-1] == "kanaloa.round-over"
    assert state.phase == "round-removal" and game.current_player(state) == 0
    assert refuse(game, state, RemoveSeaCard(0, "sea-waves")).code == "kanaloa.sea-card-not-free"
    assert refuse(game, state, Deal(0, None)).code == "kanaloa.not-now"
    state = play(game, state, RemoveSeaCard(0, "sea-09")).state
    assert state.phase == "deal" and game.current_player(state) == 0 and len(state.sea) == 9
    state = play(game, state, Deal(0, None)).state
    assert state.round == 2 and state.trick_number == 1 and state.played == ()


def test_no_sea_card_is_removed_at_three_cards() -> None:
    game = KanaloaGame()
    earlier = tuple(f"{colour}-{value}" for colour in ("turquoise", "red") for value in range(1, 12))[:21]
    state = replace(start(game), sea=SEA_CARDS[:3], trick_number=8, played=earlier, tricks_won=(7, 0, 0))
    step = play_cards(game, state, ["navy-12", "navy-1", "navy-2"])  # the round's last trick
    assert codes(step)[-1] == "kanaloa.sea-floor" and step.state.phase == "deal"
    assert game.tell(step.effects[-1], "it") == "Restano solo 3 carte mare: non se ne tolgono più."


def test_a_deal_must_give_eight_different_cards_to_everyone() -> None:
    game = KanaloaGame()
    state = play(game, game.initial_state(3), LayOut(0, *reference_layout(3))).state
    hands = fill_hands([(), (), ()])
    assert refuse(game, state, Deal(0, hands[:2])).code == "kanaloa.deal-size"
    assert refuse(game, state, Deal(0, (hands[0], hands[1], hands[2][:7]))).code == "kanaloa.deal-size"
    assert refuse(game, state, Deal(0, (hands[0], hands[1], (*hands[2][:7], "blue-3")))).code == (
        "kanaloa.deal-unknown-card"
    )
    assert refuse(game, state, Deal(0, (hands[0], hands[1], (*hands[2][:7], hands[0][0])))).code == (
        "kanaloa.deal-card-twice"
    )
    assert refuse(game, state, Deal(1, hands)).code == "not-your-turn"


# --- the variant: laying the boat down ----------------------------------------------------------------


@pytest.mark.parametrize("counts", [False, True])
def test_a_boat_laid_down_that_takes_no_trick_sails_three_free_squares(counts: bool) -> None:
    game = game_with(
        lay_down_variant=True, lay_down_counts_as_moved_last=counts, lay_down_sail_optional=False
    )
    state = play(game, game.initial_state(3), LayOut(0, *reference_layout(3))).state
    state = play(game, state, Deal(0, None)).state
    assert state.phase == "lay-down" and game.current_player(state) == 0
    assert refuse(game, state, Play(0, "red-1")).code == "kanaloa.not-now"
    state = play(game, state, LayDown(0, False)).state
    state = play(game, state, LayDown(1, True)).state
    step = play(game, state, LayDown(2, True))
    assert step.state.phase == "play" and step.state.laid_down == (False, True, True)
    step = round_of_leader_wins(game, step.state)  # seat 0 takes all 8 tricks
    assert codes(step).count("kanaloa.bet-won") == 2
    assert step.state.boats[1] == 3  # squares 1, 2, 3
    assert step.state.boats[2] == 4  # squares 1, 2, then 3 is taken: 4
    assert game.current_player(step.state) == (2 if counts else 0)


def test_a_boat_laid_down_that_takes_a_trick_does_not_move() -> None:
    game = game_with(lay_down_variant=True)
    state = play(game, game.initial_state(3), LayOut(0, *reference_layout(3))).state
    state = play(game, state, Deal(0, None)).state
    for seat, down in ((0, True), (1, False), (2, False)):
        state = play(game, state, LayDown(seat, down)).state
    step = round_of_leader_wins(game, state)
    assert "kanaloa.bet-lost" in codes(step) and step.state.boats[0] == 8


def variant_round(game: KanaloaGame, down: tuple[bool, ...], squares=None):
    """3 players on the reference sea (or ``squares``); the seats in ``down`` lay their boats down, then seat 0
    takes all 8 tricks."""
    cards, reference = reference_layout(3)
    state = play(game, game.initial_state(3), LayOut(0, cards, squares or reference)).state
    state = play(game, state, Deal(0, None)).state
    for seat, flag in enumerate(down):
        state = play(game, state, LayDown(seat, flag)).state
    return round_of_leader_wins(game, state, last_dolphin=False)


def test_the_bets_three_squares_are_the_players_choice() -> None:
    game = game_with(lay_down_variant=True)  # lay_down_sail_optional: true by default ("il peut")
    step = variant_round(game, (False, True, True))
    assert step.state.phase == "stand-up" and game.current_player(step.state) == 1
    assert game.tell(step.effects[-1]) == (
        "seat 2 took no trick, as they bet: they may stand the boat up and sail 3 free squares, or stand it up "
        "and stay."
    )
    assert refuse(game, step.state, RemoveSeaCard(0, "sea-01")).code == "kanaloa.not-now"
    assert refuse(game, step.state, StandUp(1, "yes")).code == "kanaloa.malformed"
    step = play(game, step.state, StandUp(1, True))
    assert step.state.boats[1] == 3 and step.state.laid_down == (False, False, True)
    assert step.state.phase == "stand-up" and game.current_player(step.state) == 2
    step = play(game, step.state, StandUp(2, False))
    assert step.state.boats[2] == 0 and step.state.laid_down == (False, False, False)
    assert codes(step)[0] == "kanaloa.stand-up-stay" and step.state.phase == "round-removal"
    assert game.describe_action(StandUp(2, False)) == "seat 3 stands the boat up and stays"


@pytest.mark.parametrize("optional", [False, True])
def test_the_bets_three_squares_that_end_on_a_dolphin_may_take_its_extra_square(optional: bool) -> None:
    squares = [code.removesuffix("-dolphin") for code in reference_layout(3)[1]]
    squares[3] += "-dolphin"  # seat 1's 3 squares from the start end here; seat 0 ends on square 8
    for dolphin in (False, True):
        game = game_with(lay_down_variant=True, lay_down_dolphin=dolphin, lay_down_sail_optional=optional)
        step = variant_round(game, (False, True, False), squares)
        if optional:
            step = play(game, step.state, StandUp(1, True))
        assert step.state.boats[1] == 3
        assert step.state.phase == ("dolphin" if dolphin else "round-removal")
        if dolphin:
            step = play(game, step.state, Dolphin(1, True))
            assert step.state.boats[1] == 4 and step.state.phase == "round-removal"


@pytest.mark.parametrize("wrong_bet", ["keep", "lose"])
def test_a_wrong_bets_trick_moves_are_kept_or_lost(wrong_bet: str) -> None:
    game = game_with(lay_down_variant=True, wrong_bet=wrong_bet)
    step = variant_round(game, (True, False, False))  # seat 0 bets on no trick, then takes all 8
    assert "kanaloa.bet-lost" in codes(step) and step.state.phase == "round-removal"
    if wrong_bet == "keep":
        assert step.state.boats[0] == 8
    else:
        assert step.state.boats == (0, 0, 0) and step.state.tricks_won == (8, 0, 0)
        assert game.tell(step.effects[1]) == (
            "seat 1's boat is laid down: with these rules it does not sail for the trick."
        )
        assert game.current_player(step.state) == 0  # nobody sailed: the last trick's winner removes the card


def test_a_wrong_bet_option_that_is_no_reading_is_refused() -> None:
    with pytest.raises(RecordError):
        KanaloaProfile.from_json({"wrong_bet": "half"})


# --- the end of the game ------------------------------------------------------------------------------


def race_table(game: KanaloaGame, boats):
    """3 players on a sea of 3 cards (squares 0..5); seat 0 leads the race, seat 2 is last on square 0."""
    return table(
        game, 3, EXAMPLE_CARDS[:10], EXAMPLE_SQUARES[:20], boats=boats, order=(0, 1, 2), leader=0, hands=None,
        sea=SEA_CARDS[:3],
    )  # fmt: skip


def test_lapping_the_last_boat_wins_the_game() -> None:
    game = KanaloaGame()
    state = race_table(game, boats=(5, 4, 0))
    step = play_cards(game, state, ["kanaloa-1", "red-1", "red-2"])
    assert (
        step.state.phase == "over"
        and game.winners(step.state) == [0]
        and game.scores(step.state) == [1, 0, 0]
    )
    assert game.tell(step.effects[-1]) == "seat 1's boat laps the last boat: seat 1 wins the game!"
    assert game.current_player(step.state) is None and game.legal_actions(step.state) == []
    assert refuse(game, step.state, Play(1, "red-3")).code == "game-over"


@pytest.mark.parametrize(("game_end", "over"), [("lap", False), ("catch-up", True)])
def test_catching_up_ends_the_game_only_when_the_profile_says_so(game_end: str, over: bool) -> None:
    game = game_with(game_end=game_end)
    state = race_table(game, boats=(4, 3, 0))
    step = play_cards(game, state, ["kanaloa-1", "red-1", "red-2"])  # seat 0 sails to 5, right behind seat 2
    assert step.state.boats[0] == 5 and (step.state.phase == "over") == over


def test_overtaking_a_boat_ahead_is_not_lapping() -> None:
    game = KanaloaGame()
    state = race_table(game, boats=(3, 2, 0))
    step = play_cards(game, state, ["red-1", "kanaloa-1", "red-2"])  # seat 1 jumps seat 0
    assert step.state.order == (1, 0, 2) and step.state.phase == "play"


@pytest.mark.parametrize(("only_moves", "over"), [(True, False), (False, True)])
def test_a_removal_can_end_a_catch_up_game_when_the_profile_says_so(only_moves: bool, over: bool) -> None:
    game = game_with(game_end="catch-up", end_only_after_moves=only_moves)
    state = table(
        game, 3, EXAMPLE_CARDS[:10], EXAMPLE_SQUARES[:20], boats=(5, 4, 8), order=(0, 1, 2), leader=1, hands=None,
        sea=SEA_CARDS[:5],
    )  # fmt: skip
    state = play(game, state, Play(1, "kraken-1")).state
    # Without sea-03, seat 0 (square 5) is right behind seat 2 (square 8).
    state = play(game, state, RemoveSeaCard(1, "sea-03")).state
    assert (state.phase == "over") == over


# --- hidden hands: revokes --------------------------------------------------------------------------


def test_a_revoke_is_reported_when_the_colour_shows_up_later() -> None:
    game = KanaloaGame()
    state = example_table(game, None)
    state = play_cards(game, state, ["turquoise-2", "turquoise-5", "navy-1", "turquoise-4"]).state
    assert state.voids == ((DANI, "turquoise", 1),)
    state = play_cards(game, state, ["navy-8"]).state
    step = play(game, state, Play(DANI, "turquoise-9"))  # not navy: a second note; and turquoise: a revoke
    assert codes(step) == ["kanaloa.revoke"]
    assert game.tell(step.effects[0], "en", SEATS) == (
        "Revoke! Dani plays the turquoise 9, but in trick 1 they did not follow turquoise: "
        "they had a card of that colour and had to play it."
    )
    assert "pli 1" in game.tell(step.effects[0], "fr", SEATS)
    assert "presa 1" in game.tell(step.effects[0], "it", SEATS)
    assert step.state.revokes == ((1, DANI, 1, 2),)
    assert step.state.voids == ((DANI, "navy", 2),)
    state = play(game, step.state, Play(EMILE, "turquoise-10")).state  # Émile has shown nothing
    assert state.revokes == step.state.revokes
    # The plain replay tells it too (describe_state), not only the JSON state.
    told = "Revoke in round 1: Dani did not follow colour in trick 1, and showed that colour in trick 2."
    assert told in game.describe_state(state, "en", SEATS).splitlines()
    assert "Renonce à la manche 1" in game.describe_state(state, "fr", SEATS)


def test_specials_never_reveal_a_missing_colour() -> None:
    game = KanaloaGame()
    state = example_table(game, None)
    state = play_cards(game, state, ["turquoise-2", "kanaloa-1", "kraken-2"]).state
    assert state.phase == "kraken-removal" and state.voids == ()


def test_unknown_hands_accept_any_card_not_yet_played() -> None:
    game = KanaloaGame()
    state = example_table(game, None)
    assert len(game.legal_actions(state)) == 53
    state = play(game, state, Play(BERNARD, "green-7")).state
    assert len(game.legal_actions(state)) == 52
    assert refuse(game, state, Play(ANNA, "green-7")).code == "kanaloa.already-played"
    assert refuse(game, state, Play(ANNA, "gold-7")).code == "kanaloa.unknown-card"


def test_bad_options_are_refused() -> None:
    with pytest.raises(RecordError, match="special_lead"):
        KanaloaProfile.from_json({"special_lead": "wizard"})
    with pytest.raises(RecordError, match="elements"):
        KanaloaProfile.from_json({"elements": "water=navy,air=navy,earth=green,fire=red"})
    assert KanaloaProfile.from_json({"game_end": "catch-up"}).game_end == "catch-up"
