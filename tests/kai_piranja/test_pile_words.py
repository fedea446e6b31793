"""What the table is told about the cards of a digesting pile: "eaten" only for a fish a hungry fish ate."""

from __future__ import annotations

from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.actions import Reveal
from companion.games.kai_piranja.table import KaiPiranjaTable
from companion.table import CENTRE, SeenCard, differences, seat_zone
from tests.kai_piranja.tables import Deck, table

GAME = KaiPiranjaGame()
SEATS = ("Ann", "Bob", "Cy", "Dee")


def told(state, seen: list[SeenCard], language: str = "en") -> list[str]:
    adapter = KaiPiranjaTable(GAME)
    diffs = differences(adapter.layout(state), seen)
    return adapter.instructions(state, diffs, GAME.translator(language), SEATS)


def test_a_hungry_fish_covered_by_the_next_one_is_not_said_to_be_eaten() -> None:
    deck = Deck(GAME)
    before = table(GAME, deck, rows={0: ["moonfish-small"]}, piles={"moonfish": ["moonfish-hungry"]})
    first = before.piles[1][0]
    second = deck("moonfish-hungry")
    after = GAME.apply(before, Reveal(0, second)).state  # it eats nothing: the row ends with a moonfish
    assert after.piles[1] == (first, second)
    # The players laid the new hungry fish beside the old one instead of on top of it.
    seen = [
        SeenCard(first, CENTRE),
        SeenCard(second, CENTRE, x=100),
        SeenCard(after.rows[0][0], seat_zone(0)),
    ]
    words = told(after, seen)
    assert not any("eaten" in w for w in words), words
    assert words == [
        "Put the hungry moonfish on top of the hungry moonfish, on the moonfish pile in the centre."
    ]


def test_fish_eaten_by_an_older_hungry_fish_are_said_to_be_under_that_one() -> None:
    deck = Deck(GAME)
    before = table(
        GAME,
        deck,
        rows={0: ["piranha-small", "moonfish-large"]},
        piles={"piranha": ["flamefish-small", "piranha-hungry"]},
    )
    eaten_first, older = before.piles[0]
    newer = deck("piranha-hungry")
    after = GAME.apply(before, Reveal(0, newer)).state  # it eats the large moonfish
    eaten_now = before.rows[0][1]
    assert after.piles[0] == (eaten_first, older, eaten_now, newer)
    seen = [SeenCard(c, CENTRE, x=i * 60) for i, c in enumerate(after.piles[0])]
    seen.append(SeenCard(after.rows[0][0], seat_zone(0)))
    assert sorted(told(after, seen)) == [
        "Put the hungry piranha on top of the hungry piranha, on the piranha pile in the centre.",
        "The large moonfish was eaten: put it under the hungry piranha, on the piranha pile in the centre.",
        "The small flame fish was eaten: put it under the hungry piranha, on the piranha pile in the centre.",
    ]
