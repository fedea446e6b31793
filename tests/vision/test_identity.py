import pytest
from hypothesis import given
from hypothesis import strategies as st

from vision.identity import (
    ARUCO_GAME_BLOCKS,
    CardCode,
    MatCorner,
    Resolver,
    aruco_card_id,
    known_games,
    mat_marker_id,
    parse_aruco,
    parse_qr,
    qr_text,
)


@given(st.integers(0, 159))
def test_qr_and_aruco_payloads_round_trip(number):
    assert parse_qr(qr_text("KP", number)) == CardCode("KP", number)
    assert parse_aruco(aruco_card_id("KP", number)) == CardCode("KP", number)


def test_mat_ids_never_collide_with_cards():
    mats = {mat_marker_id(z, c) for z in range(10) for c in range(4)}
    cards = {aruco_card_id("KP", n) for n in range(160)}
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


def test_every_registered_game_has_an_aruco_block_and_fits_it():
    for code, game in known_games().items():
        assert code in ARUCO_GAME_BLOCKS, f"append {code} to ARUCO_GAME_BLOCKS"
        aruco_card_id(code, len(game.catalogue) - 1)


def test_bad_payloads_are_refused():
    with pytest.raises(ValueError):
        qr_text("kp", 1)
    with pytest.raises(ValueError):
        aruco_card_id("ZZ", 1)
