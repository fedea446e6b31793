"""Create, push, close, resume; undo and redo kept across resumes; corrections of a misread card."""

from __future__ import annotations

import json
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import make_game
from companion.games.kai_piranja.actions import Reveal
from companion.match import Match
from companion.protocol import RecordError, Step, Violation
from companion.record import loads, replay
from companion.session import Correction, LiveSession, SessionError
from companion.simulate import simulate
from tests.session.script import script, snapshot

KP = make_game("kai-piranja")


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["kai-piranja", "kanaloa"]), st.integers(0, 10_000), st.integers(0, 200))
def test_resume_rebuilds_the_same_match(game_name: str, seed: int, played: int) -> None:
    game = make_game(game_name)
    full = simulate(game, game.min_players, seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.db"
        with LiveSession.create(path, game, full.seats, seed) as session:
            for action in full.actions[:played]:
                assert isinstance(session.push(action), Step)
        with LiveSession.resume(path) as again:
            assert again.damage == ()
            assert snapshot(again.match) == snapshot(
                Match.from_actions(game, full.seats, full.actions[:played], seed)
            )
            assert again.game.profile == game.profile and again.game.name == game_name


def test_a_stored_rules_profile_comes_back(tmp_path: Path) -> None:
    game = make_game("kai-piranja", {"capture_requires_banking": True})
    with LiveSession.create(tmp_path / "g.db", game, ("Ann", "Bob", "Cy")):
        pass
    with LiveSession.resume(tmp_path / "g.db") as session:
        assert session.game.profile == game.profile and session.seats == ("Ann", "Bob", "Cy")


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(["kai-piranja", "kanaloa"]), st.integers(0, 10_000), st.integers(1, 40))
def test_undo_and_redo_survive_resume_after_every_operation(game_name: str, seed: int, length: int) -> None:
    seats, ops = script(game_name, seed, length)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.db"
        LiveSession.create(path, make_game(game_name), seats, seed).close()
        reference = Match(make_game(game_name), seats, seed)
        for op in ops:
            with LiveSession.resume(path) as session:  # a resume between every two operations
                target_result = getattr(session, op.kind)(*([op.action] if op.action else []))
                getattr(reference, op.kind)(*([op.action] if op.action else []))
                assert target_result is not None
        with LiveSession.resume(path) as session:
            assert snapshot(session.match) == snapshot(reference)


def test_an_illegal_push_is_not_stored(tmp_path: Path) -> None:
    full = simulate(KP, 3, 1)
    with LiveSession.create(tmp_path / "g.db", KP, full.seats) as session:
        session.push(full.actions[0])
        result = session.push(full.actions[0])  # the same card again
        assert isinstance(result, Violation)
        assert session.actions == full.actions[:1]
    with LiveSession.resume(tmp_path / "g.db") as session:
        assert session.actions == full.actions[:1]


def test_undo_and_redo_at_the_ends_do_nothing(tmp_path: Path) -> None:
    with LiveSession.create(tmp_path / "g.db", KP, ("A", "B", "C")) as session:
        assert session.undo() is None and session.redo() is None and not session.can_redo()


def test_a_push_after_undo_forgets_the_redo_in_the_file_too(tmp_path: Path) -> None:
    full = simulate(KP, 3, 4)
    with LiveSession.create(tmp_path / "g.db", KP, full.seats) as session:
        for action in full.actions[:6]:
            session.push(action)
        session.undo()
        session.undo()
        session.push(full.actions[4])
    with LiveSession.resume(tmp_path / "g.db") as session:
        assert session.actions == full.actions[:5] and not session.can_redo()


def test_create_refuses_an_existing_file(tmp_path: Path) -> None:
    LiveSession.create(tmp_path / "g.db", KP, ("A", "B", "C")).close()
    with pytest.raises(RecordError, match="already exists"):
        LiveSession.create(tmp_path / "g.db", KP, ("A", "B", "C"))
    with pytest.raises(RecordError, match="played by 3 to 6"):
        LiveSession.create(tmp_path / "h.db", KP, ("A",))
    assert not (tmp_path / "h.db").exists()


def test_open_or_create_creates_then_resumes_and_refuses_another_game(tmp_path: Path) -> None:
    full = simulate(KP, 3, 2)
    with LiveSession.open_or_create(tmp_path / "g.db", KP, full.seats) as session:
        session.push(full.actions[0])
    with LiveSession.open_or_create(tmp_path / "g.db", KP, full.seats) as session:
        assert session.actions == full.actions[:1]
    with pytest.raises(RecordError, match="holds another game"):
        LiveSession.open_or_create(tmp_path / "g.db", make_game("kanaloa"), full.seats)


def test_export_writes_the_standard_record(tmp_path: Path) -> None:
    full = simulate(KP, 4, 9)
    with LiveSession.create(tmp_path / "g.db", KP, full.seats, 9) as session:
        for action in full.actions[:30]:
            session.push(action)
        session.undo()
        session.export(tmp_path / "g.jsonl")
        assert session.record_text() == Match.from_actions(KP, full.seats, full.actions[:29], 9).record_text()
    state, applied = replay(loads((tmp_path / "g.jsonl").read_text(encoding="utf-8")))
    assert list(applied) == full.actions[:29] and state == session.state


def test_an_export_that_stops_midway_keeps_the_record_exported_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    full = simulate(KP, 3, 4)
    out = tmp_path / "g.jsonl"
    with LiveSession.create(tmp_path / "g.db", KP, full.seats, 4) as session:
        session.push(full.actions[0])
        session.export(out)
        before = out.read_text(encoding="utf-8")
        session.push(full.actions[1])

        def power_cut(fd: int) -> None:
            raise OSError(5, "Input/output error")

        monkeypatch.setattr("os.fsync", power_cut)
        with pytest.raises(OSError):
            session.export(out)
        monkeypatch.undo()
    assert out.read_text(encoding="utf-8") == before


# --- corrections -------------------------------------------------------------------------------------


def reveals(actions: list) -> list[int]:
    return [i for i, a in enumerate(actions) if isinstance(a, Reveal)]


def oracle(seats, actions: list, index: int, new) -> tuple[Match, list, Violation | None]:
    """The correction done by hand: the new action, then each later one until one is illegal; another copy of
    the same card (same face and back) is first tried with the two copies exchanged in the later moves."""
    box, old = KP.catalogue(), actions[index]
    if (box[old.card].face, box[old.card].back) == (box[new.card].face, box[new.card].back):
        exchange = {old.card: new.card, new.card: old.card}
        later = [
            Reveal(a.seat, exchange.get(a.card, a.card)) if isinstance(a, Reveal) else a for a in actions
        ]
        swapped = [*actions[: index + 1], *later[index + 1 :]]  # the moves before are as played
        match, dropped, violation = replayed(seats, swapped, index, new)
        if not dropped:
            return match, dropped, violation
    return replayed(seats, actions, index, new)


def replayed(seats, actions: list, index: int, new) -> tuple[Match, list, Violation | None]:
    match = Match.from_actions(KP, seats, [*actions[:index], new])
    for i, later in enumerate(actions[index + 1 :]):
        result = match.push(later)
        if isinstance(result, Violation):
            return match, actions[index + 1 + i :], result
    return match, [], None


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10**6), st.integers(0, 10**6), st.integers(20, 160))
def test_correcting_a_revealed_card_replays_the_rest_or_drops_from_the_first_illegal(
    seed: int, pick: int, other: int, played: int
) -> None:
    full = simulate(KP, 3, seed)
    actions = full.actions[:played]
    index = reveals(actions)[pick % len(reveals(actions))]
    wrong = actions[index]
    choices = [a for a in KP.legal_actions(full.states[index]) if isinstance(a, Reveal) and a != wrong]
    new = choices[other % len(choices)]
    want, want_dropped, want_violation = oracle(full.seats, actions, index, new)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.db"
        with LiveSession.create(path, KP, full.seats) as session:
            for action in actions:
                session.push(action)
            preview = session.preview_correction(index, new)
            assert session.actions == actions  # a preview changes nothing
            result = session.correct(index, new)
            assert result == preview and isinstance(result, Correction)
            assert (result.old, result.new, result.index) == (wrong, new, index)
            assert list(result.dropped) == want_dropped and result.violation == want_violation
            assert session.actions == want.actions and session.state == want.state == result.state
            assert result.step.state == want.states[index + 1]
        with LiveSession.resume(path) as again:
            assert again.actions == want.actions and again.damage == ()
        with sqlite3.connect(path) as db:
            (ordinal, old, new_text, dropped, code) = db.execute(
                "SELECT ordinal, old, new, dropped, violation FROM corrections"
            ).fetchone()
        assert (ordinal, json.loads(old), json.loads(new_text)) == (index, wrong.to_json(), new.to_json())
        assert len(json.loads(dropped)) == len(want_dropped) and code == (
            want_violation and want_violation.code
        )


def test_revealing_a_card_that_was_revealed_later_drops_from_that_reveal(tmp_path: Path) -> None:
    full = simulate(KP, 3, 11)
    first, later = reveals(full.actions)[0], reveals(full.actions)[5]
    new = Reveal(full.actions[first].seat, full.actions[later].card)
    with LiveSession.create(tmp_path / "g.db", KP, full.seats) as session:
        for action in full.actions:
            session.push(action)
        result = session.correct(first, new)
        assert isinstance(result, Correction) and result.dropped and result.violation is not None
        assert first + 1 + len(result.kept) <= later  # dropped at that reveal or before it
        assert session.actions == [*full.actions[:first], new, *result.kept]


def test_an_illegal_correction_changes_nothing(tmp_path: Path) -> None:
    full = simulate(KP, 3, 3)
    index = reveals(full.actions)[3]
    taken = Reveal(full.actions[index].seat, full.actions[reveals(full.actions)[0]].card)  # already face up
    with LiveSession.create(tmp_path / "g.db", KP, full.seats) as session:
        for action in full.actions[:40]:
            session.push(action)
        session.undo()
        result = session.correct(index, taken)
        assert isinstance(result, Violation) and result.code == "already-revealed"
        assert session.actions == full.actions[:39] and session.can_redo()
        with pytest.raises(IndexError):
            session.correct(39, full.actions[39])
    with LiveSession.resume(tmp_path / "g.db") as session:
        assert session.actions == full.actions[:39] and session.can_redo()


def test_a_correction_forgets_the_redo(tmp_path: Path) -> None:
    full = simulate(KP, 3, 5)
    with LiveSession.create(tmp_path / "g.db", KP, full.seats) as session:
        for action in full.actions[:20]:
            session.push(action)
        session.undo()
        assert isinstance(session.correct(0, full.actions[0]), Correction)
        assert not session.can_redo() and session.actions == full.actions[:19]
    with LiveSession.resume(tmp_path / "g.db") as session:
        assert not session.can_redo() and session.actions == full.actions[:19]


class FailingSession(LiveSession):
    """A session whose disk refuses the next commit."""

    fail = False

    def _commit(self) -> None:
        if self.fail:
            raise sqlite3.OperationalError("disk I/O error")
        super()._commit()


def test_a_failed_write_changes_nothing_and_the_session_goes_on(tmp_path: Path) -> None:
    full = simulate(KP, 3, 8)
    with FailingSession.create(tmp_path / "g.db", KP, full.seats) as session:
        for action in full.actions[:10]:
            session.push(action)
        session.fail = True
        for attempt in (
            lambda: session.push(full.actions[10]),
            session.undo,
            lambda: session.correct(0, full.actions[0]),
        ):
            with pytest.raises(SessionError, match="disk I/O error"):
                attempt()
            assert session.actions == full.actions[:10]
        session.fail = False
        assert isinstance(session.push(full.actions[10]), Step)  # the failed transaction was rolled back
    with LiveSession.resume(tmp_path / "g.db") as session:
        assert session.actions == full.actions[:11] and session.damage == ()


def test_each_push_applies_the_rules_once(tmp_path: Path) -> None:
    """The session checks and applies an action once, and keeps that very step in memory."""
    calls = []

    class Counting(type(KP)):  # type: ignore[misc]
        def apply(self, state, action):  # type: ignore[no-untyped-def]
            calls.append(action)
            return super().apply(state, action)

    game = Counting(KP.profile)
    played = simulate(KP, 4, seed=3)
    with LiveSession.create(tmp_path / "once.db", game, played.seats) as session:
        for action in played.actions[:10]:
            step = session.push(action)
            assert isinstance(step, Step) and session.match.effects[-1] is step.effects
        assert len(calls) == 10
        assert session.state == played.states[10]
