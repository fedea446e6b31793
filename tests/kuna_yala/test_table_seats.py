"""Kuna Yala at 3 and 4 players: every bank laid where the camera reads it as its own, in a frame that sees the
whole table (their games through rendered frames: test_table_games.py)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import find_game, make_game
from companion.games.kuna_yala.physical import rooms, table_steps, with_rooms
from companion.games.kuna_yala.table import DISPLAY_Y, MAT_REACH, KunaYalaTable
from companion.simulate import simulate
from companion.table import zone_seat
from vision import layout as paper
from vision.identity import game_cards
from vision.pipeline import Detector
from vision.render import Camera, Pose, Renderer
from vision.scene_banks import (
    banks_scene,
    card_poses,
    display_y,
    frame_for,
    mat_poses,
    scale,
    table_size,
)
from vision.scenes import PLAIN

SPEC = find_game("kuna-yala")
GAME = make_game("kuna-yala")
CARDS = game_cards("kuna-yala")


def off_mat(mat: Pose, x: float, y: float) -> float:
    """How far (x, y) on the table lies outside the mat's marked area, in mm (0 on it): vision/zones.py's reach."""
    a = math.radians(mat.angle)
    dx, dy = x - mat.x, y - mat.y
    u, v = dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)
    return math.hypot(max(abs(u) - paper.MAT_W / 2, 0.0), max(abs(v) - paper.MAT_H / 2, 0.0))


def misplaced(players: int, seed: int) -> list[str]:
    """Each card of the game's last table that the camera would give the wrong zone, or that lies on a mat or off
    the drawn table, with why."""
    played = simulate(GAME, players, seed)
    final = played.states[-1]
    laid = with_rooms(KunaYalaTable(GAME).layout(final), rooms(final))
    mats = mat_poses(players, display_y(laid))
    width, height = table_size(players, display_y(laid))
    owner = {card: zone_seat(a.zone) for a in laid.areas for card in laid.content(a.name).values()}
    out = []
    for card, pose in card_poses(laid, players):
        far = [off_mat(mat, pose.x, pose.y) for mat in mats]
        seat = owner[card]
        if seat is None and min(far) <= MAT_REACH:
            out.append(f"{card}: the display within a mat's reach")
        if seat is not None and far[seat] > MAT_REACH:
            out.append(f"{card}: {far[seat]:.0f} mm beyond its mat")
        if seat is not None and min(range(players), key=far.__getitem__) != seat:
            out.append(f"{card}: nearer another seat's mat")
        if seat is not None and far[seat] < paper.CARD_H / 2:
            out.append(f"{card}: over its mat")
        if not (0 < pose.x < width and 0 < pose.y < height):
            out.append(f"{card}: off the table")
    return out


# Games whose banks grew 7 cells or more one way from their coral: laid around the coral, they overran their mat
# or their seat's reach; laid with room for the whole game, they fit.
@pytest.mark.parametrize(("players", "seed"), [(3, 16), (3, 49), (4, 65), (4, 78)])
def test_a_bank_that_grows_far_one_way_is_laid_with_room_for_it(players: int, seed: int) -> None:
    assert misplaced(players, seed) == []


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([3, 4]), st.integers(0, 10_000))
def test_every_bank_card_is_read_in_its_own_seat_and_the_display_in_none(players: int, seed: int) -> None:
    assert misplaced(players, seed) == []


def test_every_step_of_a_game_lays_its_banks_with_the_same_room() -> None:
    played = simulate(GAME, 4, 3)
    steps = list(table_steps(KunaYalaTable(GAME), played))
    assert {a.room for s in steps for a in s.layout.areas if a.name == "bank-2"} == {
        rooms(played.states[-1])["bank-2"]
    }


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_is_seen_at_about_the_same_scale_at_every_player_count(players: int) -> None:
    # Two rows of seats make the table nearly twice as deep: the 4:3 HQ camera's full frame keeps the scale.
    assert 1.24 <= scale(players, DISPLAY_Y, frame_for(players)) <= 1.4


def test_a_bank_whose_mat_is_hidden_is_never_read_in_a_neighbours_bank() -> None:
    # Seat 2's mat lies 1 m beside seat 0's: seat 0's bank is within its reach. With seat 0's mat out of view,
    # seat 0's cards are in no known zone (the tracker keeps them where they were), not in seat 2's bank.
    played = simulate(GAME, 3, 16)
    state, final = played.states[60], played.states[-1]
    layout = KunaYalaTable(GAME).layout(state)
    drawn = with_rooms(layout, rooms(final))
    scene = banks_scene(drawn, CARDS.catalogue, CARDS.sticker_code, 3, Camera(*frame_for(3)), PLAIN, seed=5)
    hidden = replace(scene, mats=tuple(m for m in scene.mats if m.zone != 0))
    det = Detector(CARDS, expected_seats={0, 1, 2}).detect(Renderer().render(hidden).image)
    expected = layout.expected_places()
    assert sorted(det.mats) == [1, 2]
    assert {c.card_id for c in det.cards} == layout.cards()
    wrong = [c.card_id for c in det.cards if c.zone not in (expected[c.card_id].zone, "unknown")]
    assert wrong == []
    assert any(expected[c.card_id].zone == "seat-0" for c in det.cards)
