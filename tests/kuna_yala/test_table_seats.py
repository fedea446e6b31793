"""Kuna Yala at 3 and 4 players: every bank laid where the camera reads it as its own, in a frame that sees the
whole table (their games through rendered frames: test_table_games.py)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from companion.games import find_game, make_game
from companion.games.kuna_yala.physical import rooms, table_steps, with_rooms
from companion.games.kuna_yala.table import DISPLAY_AT, MAT_REACH, KunaYalaTable, display_spots
from companion.simulate import simulate
from companion.table import zone_seat
from vision import layout as paper
from vision.games.kuna_yala.banks import (
    banks_scene,
    card_poses,
    display_at,
    frame_for,
    mat_poses,
    scale,
    table_size,
    to_table,
)
from vision.identity import game_cards
from vision.pipeline import Detector
from vision.render import Camera, Pose, Renderer
from vision.scenes import PLAIN
from vision.zones import NEIGHBOUR

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
    """Each card of the game's last table that the camera would give the wrong zone (vision/zones.py: a bank is
    the region its cards occupy, from a coral within reach of its mat), or that lies on a mat or off the drawn
    table, with why."""
    played = simulate(GAME, players, seed)
    final = played.states[-1]
    laid = with_rooms(KunaYalaTable(GAME).layout(final), rooms(final))
    mats = mat_poses(players, display_at(laid))
    width, height = table_size(players, display_at(laid))
    owner = {card: a.name for a in laid.areas for card in laid.content(a.name).values()}
    corals = {laid.content(a.name).get((0, 0)) for a in laid.areas}
    poses = card_poses(laid, players)
    out = []
    for card, pose in poses:
        far = [off_mat(mat, pose.x, pose.y) for mat in mats]
        seat = zone_seat(next(a.zone for a in laid.areas if a.name == owner[card]))
        # Within NEIGHBOUR of a card of another bank or of the display, it could be read there.
        near = [
            other
            for other, at in poses
            if owner[other] != owner[card] and math.dist((pose.x, pose.y), (at.x, at.y)) <= NEIGHBOUR
        ]
        if near:
            out.append(f"{card}: beside {near[0]} of {owner[near[0]]}")
        if card in corals and seat is not None and (far[seat] > MAT_REACH or min(far) < far[seat]):
            out.append(f"{card}: a coral {far[seat]:.0f} mm beyond its mat, or nearer another")
        if min(far) < paper.CARD_H / 2:
            out.append(f"{card}: over a mat")
        if not (0 < pose.x < width and 0 < pose.y < height):
            out.append(f"{card}: off the table")
    return out


# Games whose banks grew 7 cells or more one way from their coral: laid around the coral, they overran their mat
# or their seat's reach; laid with room for the whole game, they fit.
@pytest.mark.parametrize(("players", "seed"), [(3, 16), (3, 49), (4, 65), (4, 78)])
def test_a_bank_that_grows_far_one_way_is_laid_with_room_for_it(players: int, seed: int) -> None:
    assert misplaced(players, seed) == []


@pytest.mark.parametrize("players", [3, 4])
def test_in_100_games_every_bank_card_is_read_in_its_own_bank_and_the_display_in_none(players: int) -> None:
    assert [(seed, m) for seed in range(100) for m in misplaced(players, seed)] == []


def test_every_step_of_a_game_lays_its_banks_with_the_same_room() -> None:
    played = simulate(GAME, 4, 3)
    steps = list(table_steps(KunaYalaTable(GAME), played))
    assert {a.room for s in steps for a in s.layout.areas if a.name == "bank-2"} == {
        rooms(played.states[-1])["bank-2"]
    }


@pytest.mark.parametrize(("players", "at_least"), [(2, 1.35), (3, 1.5), (4, 1.8)])
def test_the_table_is_as_small_as_its_banks_allow(players: int, at_least: float) -> None:
    # Banks that reach only as far as their cards: 4 players sit at a 2.2 x 1.65 m table, seen at 1.8 px/mm in
    # the HQ camera's 4056 x 3040 (3.02 x 2.08 m and 1.32 px/mm when a seat's reach was fixed).
    assert scale(players, DISPLAY_AT[players], frame_for(players)) >= at_least


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_display_lies_on_the_table_nearer_the_first_mat_than_the_tables_middle(players: int) -> None:
    # The first seat's mat's frame places the display: the nearer that mat, the less a mat seen by two markers
    # misplaces it.
    width, height = table_size(players, DISPLAY_AT[players])
    mat = mat_poses(players, DISPLAY_AT[players])[0]
    for x, y in display_spots(players).values():
        tx, ty = to_table(mat, x, y)
        assert 0 < tx < width and 0 < ty < height
        assert math.dist((mat.x, mat.y), (tx, ty)) < math.dist((mat.x, mat.y), (width / 2, height / 2))


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
