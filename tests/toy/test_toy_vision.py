"""A fifth game's vision in one module of its own (issue 33, build 5): the toy registers tests/toy/toy_vision.py
through its spec alone, and vision's shared tools (the drawn table, the simulated table's facts, the demo's camera
frame, ``print board``) use it, with nothing added to vision's shared modules."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import GAMES
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import default_seats, simulate
from companion.table import seat_zone, zone_seat
from tests.toy import game, toy_vision
from ui.control.demo_job import demo_table
from ui.simtable import sightings
from vision import layout as layout_mm
from vision.gamevision import game_vision
from vision.identity import game_cards
from vision.kinds import StickerKind
from vision.pipeline import Pipeline
from vision.render import Camera, Renderer
from vision.tablescene import CARD_STEP, layout_scene

TOY = GAMES.with_game(toy_vision.spec(GAMES))
PLAIN_TOY = GAMES.with_game(game.spec(GAMES))  # the same game, no vision module of its own


def finished(players: int, seed: int) -> Match:
    rules = TOY.find("pebbles").make()
    return simulate(rules, players, seed, default_seats(players))


def gaps(poses: dict[str, tuple[float, float]], row: tuple[str, ...]) -> set[float]:
    """The distances (mm, rounded) between neighbouring cards of ``row`` on the table."""
    return {round(math.dist(poses[a], poses[b]), 6) for a, b in itertools.pairwise(row)}


def test_the_drawn_table_lays_the_toys_rows_its_own_way_and_the_pipeline_reads_them() -> None:
    cards = game_cards("pebbles", TOY)
    played = finished(2, 5)
    layout = game.PebblesTable(played.game).layout(played.state)
    camera = Camera(3840, 2160)  # QR stickers need more pixels than ArUco's
    # QR stickers: the renderer and the reader know the ArUco ids of the default registry's games only.
    scene = layout_scene(layout, cards, 2, None, camera, seed=3, kind=StickerKind.QR)
    own = {c.card_id: (c.pose.x, c.pose.y) for c in scene.cards}
    shared = layout_scene(
        layout, game_cards("pebbles", PLAIN_TOY), 2, None, camera, seed=3, kind=StickerKind.QR
    )
    fanned = {c.card_id: (c.pose.x, c.pose.y) for c in shared.cards}
    for row in played.state.rows:
        # The toy's pebbles side by side, a card and a gap apart; the shared drawing fans them, overlapping.
        assert gaps(own, row) == {round(layout_mm.CARD_W + toy_vision.GAP, 6)}
        assert gaps(fanned, row) == {CARD_STEP}
    read = (
        Pipeline.create(cards, StickerKind.QR, players=2)
        .detector.detect(Renderer().render(scene).image)
        .cards
    )
    assert {c.card_id: zone_seat(c.zone) for c in read} == {
        card: seat for seat, row in enumerate(played.state.rows) for card in row
    }


def test_the_simulated_tables_facts_are_where_the_toy_lays_its_pebbles() -> None:
    played = finished(3, 2)
    layout = game.PebblesTable(played.game).layout(played.state)
    own = game_vision(TOY.find("pebbles").vision)
    seen = sightings(layout, 0.0, random.Random(0), 3, own=own)
    assert {(s.card, s.zone, s.x, s.y) for s in seen} == {
        (card, seat_zone(seat), x, y)
        for seat, row in enumerate(played.state.rows)
        for card, (x, y) in zip(row, toy_vision.row_spots(len(row)), strict=True)
    }


def test_the_apps_demo_draws_the_toy_in_its_own_frame() -> None:
    spec = TOY.find("pebbles")
    rules = spec.make()
    seats = default_seats(2)
    live = LiveGame(rules, spec.table_adapter(rules), Match(rules, seats), seats, "en")
    table = demo_table(spec, live, 2, 4, (1280, 720), None)
    assert (table.camera.width, table.camera.height) == toy_vision.FRAME
    assert table.game_cards.vision == toy_vision.__name__


def test_the_terminals_demo_plays_the_toy_from_the_facts_its_own_module_lays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["demo", "--game", "pebbles", "--mode", "facts", "--players", "3", "--seed", "6"]
    assert main([*argv, "--session", str(tmp_path / "toy.sqlite")], TOY) == 0
    assert "The referee's scores equal the simulated game's: yes." in capsys.readouterr().out


def test_print_board_prints_the_toys_tray_through_its_module(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tray.pdf"
    assert main(["print", "board", "pebbles", "--out", str(out)], TOY) == 0
    assert out.read_bytes().startswith(b"%PDF") and str(out) in capsys.readouterr().out
    assert main(["print", "board", "pebbles", "--out", str(tmp_path / "none.pdf")], PLAIN_TOY) == 2
    assert "Pebbles has no board to print" in capsys.readouterr().err
    assert not (tmp_path / "none.pdf").exists()


def test_print_board_for_a_registration_naming_no_module_says_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = GAMES.with_game(replace(game.spec(GAMES), vision="tests.toy.no_such_module"))
    assert main(["print", "board", "pebbles", "--out", str(tmp_path / "tray.pdf")], wrong) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "'tests.toy.no_such_module' cannot be imported" in err
