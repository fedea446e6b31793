"""Kuna Yala in words: places a person can find, the curse as the cards to turn over, three languages."""

from __future__ import annotations

import pytest

from companion.games.kuna_yala.actions import Take
from companion.games.kuna_yala.bank import anchor, top_of
from companion.games.kuna_yala.words import where
from tests.kuna_yala.tables import FACES, Box, bank, game, table

GAME = game()
SEATS = ("Marie", "Paul")


def test_a_place_is_told_from_a_card_beside_it_yours_or_another_players() -> None:
    box = Box()
    mine = bank({(0, 0): box.coral(), (1, 0): box.fish("red", "yellow")})
    tr = GAME.translator("en")
    assert (
        where(FACES, anchor(top_of(mine), (-1, 0), 0), tr, SEATS, viewer=0)
        == "to the left of your starting coral"
    )
    assert where(FACES, anchor(top_of(mine), (1, -1), 0), tr, SEATS) == "below Marie's red fish on yellow"
    assert where(FACES, anchor(top_of(mine), (1, 1), 0), tr, SEATS) == "above Marie's red fish on yellow"
    assert (
        where(FACES, anchor(top_of(mine), (2, 0), 0), tr, SEATS)
        == "to the right of Marie's red fish on yellow"
    )
    assert where(FACES, anchor(top_of(mine), (1, 0), 0), tr, SEATS) == "on Marie's red fish on yellow"


def test_the_starting_coral_is_preferred_and_fish_bones_come_last() -> None:
    box = Box()
    cells = {(0, 0): box.coral(), (1, 1): (box.fish("red", "yellow"), "", True), (0, 1): box.coral()}
    top = top_of(bank(cells))
    assert anchor(top, (1, 0), 0)[0:2] == ["right", cells[(0, 0)]]  # beside the start and fish bones
    assert anchor(top, (2, 1), 0)[1] == ""  # only fish bones beside: told as fish bones


@pytest.mark.parametrize(
    ("language", "placed", "curse"),
    [
        ("en", "Paul puts the green fish on yellow in their own bank, to the right of Paul's", "turn over"),
        (
            "fr",
            "Paul pose la carte poisson vert sur fond jaune dans son propre banc, à droite de",
            "retournez",
        ),
        ("it", "Paul mette la carta pesce verde su fondo giallo nel proprio banco, a destra di", "gira"),
    ],
)
def test_a_turn_is_told_with_its_places_and_the_curse_as_the_cards_to_turn_over(
    language, placed, curse
) -> None:
    box = Box()
    mine = {(1, 0): box.fish("red", "yellow"), (2, 0): box.fish("blue", "yellow")}
    banks = [bank({(0, 0): box.coral()}), bank({(0, 0): box.coral(), **mine})]
    state = table(banks, display=(box.fish("green", "yellow"), box.coral(), "", ""), current=1)
    step = GAME.apply(state, Take(1, 0, (3, 0), 0, 1, (1, 0)))
    told = [GAME.tell(e, language, SEATS) for e in step.effects]  # type: ignore[union-attr]
    assert any(line.startswith(placed) for line in told), told
    cursed = next(line for line in told if curse in line)
    for fish in ("red", "blue", "green") if language == "en" else ():
        assert f"{fish} fish on yellow" in cursed


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_table_and_every_card_in_three_languages(language: str) -> None:
    state = GAME.initial_state(3)
    assert GAME.describe_state(state, language, ("A", "B", "C"))
    names = {GAME.card_name(card.id, language) for card in GAME.catalogue().cards}
    assert len(names) == 16 * 2 + 3  # every fish look with one or two fish, coral, shark, octopus


def test_french_speaks_to_the_player_as_vous() -> None:
    messages = [
        GAME.tell(v, "fr")
        for v in (
            GAME.check(
                table(
                    [bank({(0, 0): "coral-01"}), bank({(0, 0): "coral-02"})],
                    display=("shark-1", "coral-03", "", ""),
                ),
                Take(0, 0, (1, 0), 1, 1, (1, 0)),
            ),
        )
        if v is not None
    ]
    assert messages and all(" tu " not in m and " ton " not in m and " ta " not in m for m in messages)
    assert "vôtre" in messages[0]
