import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import GAMES
from companion.games.kai_piranja.actions import Reveal
from vision.identity import (
    ARUCO_IDS,
    CardCode,
    CodeBook,
    GameCards,
    MatCorner,
    Resolver,
    aruco_card_id,
    known_games,
    mat_marker_id,
    parse_aruco,
    parse_qr,
    qr_text,
)


@given(st.integers(0, 287))
def test_qr_and_aruco_payloads_round_trip(number):
    assert parse_qr(qr_text("KP", number)) == CardCode("KP", number)
    assert parse_aruco(aruco_card_id("KP", number)) == CardCode("KP", number)


def test_stickers_printed_before_the_registry_keep_their_meaning():
    # The ids printed by the first sticker sheets: 40 + 240 * block + number, Kai Piranja block 0, Kanaloa 1.
    for code, block, count in (("KP", 0, 160), ("KA", 1, 65)):
        for number in range(count):
            assert aruco_card_id(code, number) == 40 + 240 * block + number


def test_mat_ids_never_collide_with_cards():
    mats = {mat_marker_id(z, c) for z in range(10) for c in range(4)}
    cards = {
        aruco_card_id(g.sticker_code, c.number) for g in known_games().values() for c in g.components.cards
    }
    assert len(mats) == 40 and not mats & cards
    assert parse_aruco(mat_marker_id(3, 2)) == MatCorner(3, 2)


def test_foreign_payloads_are_recognised_as_such():
    assert parse_qr("https://example.com") is None
    assert parse_qr("KP17") is None
    assert parse_aruco(999) is None  # no game's block


def test_resolver_reports_other_games_and_out_of_range(game):
    other = type(game)("other-game", "ZZ", game.catalogue, game.card_name)
    resolver = Resolver(game, {"KP": game, "ZZ": other})
    assert resolver.resolve(CardCode("KP", 17)).id == game.catalogue.by_number(17).id
    assert resolver.resolve(CardCode("ZZ", 17)) == "other-game"
    assert resolver.resolve(CardCode("KP", 500)) == "foreign"
    assert resolver.resolve(CardCode("QQ", 1)) == "foreign"


def test_every_registered_component_has_its_own_aruco_id():
    book = CodeBook.of(GAMES)
    components = sum(len(g.components) for g in known_games().values())
    assert len(book.cards) == components  # every component has a code, and no two share one
    assert all(40 <= marker < ARUCO_IDS for marker in book.cards)


@pytest.mark.parametrize(("small_farandole", "small_empty_sea"), [(14, 2), (16, 3), (0, 0), (28, 4), (9, 1)])
def test_a_sticker_names_the_same_card_whatever_the_rules_profile(small_farandole, small_empty_sea):
    spec = GAMES.find("kai-piranja")
    profile = {"small_sated_farandole": small_farandole, "small_sated_empty_sea": small_empty_sea}
    cards = GameCards.of(spec, profile)
    default = GameCards.of(spec)
    assert cards.components == default.components  # the box, fixed by the stickers
    assert len(cards.catalogue) == 160
    game = spec.make(profile)
    resolver = Resolver.for_game(cards)
    state = game.initial_state(5)
    for card in cards.catalogue.cards:  # every card in play: its sticker reads as itself, and may be revealed
        assert resolver.resolve(CardCode("KP", card.number)) == default.components[card.id]
        if card.back == "farandole":
            assert game.check(state, Reveal(0, card.id)) is None, card.id
    for card in cards.components.cards:  # a card of the box left out of play is not read as a card
        if card.id not in cards.catalogue:
            assert resolver.resolve(CardCode("KP", card.number)) == "foreign"


def test_bad_payloads_are_refused():
    with pytest.raises(ValueError):
        qr_text("kp", 1)
    with pytest.raises(ValueError):
        aruco_card_id("ZZ", 1)
