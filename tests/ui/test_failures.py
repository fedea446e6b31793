"""The start record's rules: when a start waits, how long, when it shows the failure screen; and its file."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from ui.app.failures import (
    BROKEN_INSTALL,
    DISK_FULL,
    FAILED,
    OTHER,
    READ_ONLY,
    RECORD_NAME,
    RUNNING,
    UNANSWERED,
    UNFINISHED,
    Plan,
    Policy,
    Start,
    StartRecord,
    describe,
    is_permanent,
    kind_of,
    plan,
)

POLICY = Policy()
NOW = 1_800_000_000.0
BOOT = "this-boot"


def failure(age: float, permanent: bool = False, boot: str = BOOT) -> Start:
    return Start(NOW - age, boot, FAILED, "OSError: boom", permanent)


ages = st.floats(min_value=-600.0, max_value=POLICY.window_s)  # negative: the clock was set back since
recent = st.lists(st.builds(failure, ages, st.booleans()), max_size=12).map(
    lambda starts: sorted(starts, key=lambda s: s.at)  # the file's order: oldest first
)
irrelevant = st.lists(
    st.one_of(
        st.builds(failure, st.floats(min_value=POLICY.window_s + 0.001, max_value=1e6), st.booleans()),
        st.builds(failure, ages, st.booleans(), st.just("another-boot")),
        st.builds(lambda age: Start(NOW - age, BOOT, "running"), ages),
    ),
    max_size=6,
)


@given(recent)
def test_fewer_than_k_recent_failures_start_at_once(starts: list[Start]) -> None:
    result = plan(starts[: POLICY.failures - 1], NOW, BOOT)
    assert result.delay_s == 0 and not result.show_failure


@given(recent)
def test_from_k_failures_the_wait_doubles_up_to_its_cap_and_the_screen_follows_one_more(
    starts: list[Start],
) -> None:
    result = plan(starts, NOW, BOOT)
    count = len(starts)
    assert result.failures == count
    if count < POLICY.failures:
        assert result == Plan(failures=count, last=starts[-1] if starts else None)
        return
    assert POLICY.first_delay_s <= result.delay_s <= POLICY.max_delay_s
    assert result.delay_s == min(POLICY.max_delay_s, POLICY.first_delay_s * 2 ** (count - POLICY.failures))
    assert result.show_failure == (count > POLICY.failures or starts[-1].permanent)
    assert result.last == starts[-1]


@given(recent, st.integers(min_value=0, max_value=10))
def test_one_more_failure_never_shortens_the_wait(starts: list[Start], more: int) -> None:
    before = plan(starts, NOW, BOOT)
    after = plan(starts + [failure(0.0)] * more, NOW, BOOT)
    assert after.delay_s >= before.delay_s
    assert after.show_failure or not before.show_failure


@given(recent, irrelevant)
def test_old_failures_another_boot_and_unfinished_entries_change_nothing(
    starts: list[Start], others: list[Start]
) -> None:
    # An entry still "running" in memory is the start under way: StartRecord.load turns a left-over one into a
    # failure before any plan is made (tested below).
    assert plan(starts + others, NOW, BOOT) == plan(starts, NOW, BOOT)


def test_three_quick_failures_then_a_wait_then_the_failure_screen() -> None:
    assert plan([failure(50), failure(40)], NOW, BOOT).delay_s == 0
    third = plan([failure(50), failure(40), failure(30)], NOW, BOOT)
    assert (third.delay_s, third.show_failure) == (10.0, False)
    fourth = plan([failure(50), failure(40), failure(30), failure(5)], NOW, BOOT)
    assert (fourth.delay_s, fourth.show_failure) == (20.0, True)
    many = plan([failure(i) for i in range(20)], NOW, BOOT)
    assert (many.delay_s, many.show_failure) == (60.0, True)
    permanent = plan([failure(50), failure(40), failure(30, permanent=True)], NOW, BOOT)
    assert (permanent.delay_s, permanent.show_failure) == (10.0, True)


def test_an_exception_is_told_in_one_line_and_import_errors_are_permanent() -> None:
    assert describe(ValueError("bad rotation 45\nmore")) == "ValueError: bad rotation 45"
    assert describe(RuntimeError()) == "RuntimeError"
    assert describe(SystemExit(1)) == "SystemExit: the app exited with code 1"
    assert is_permanent(ModuleNotFoundError("cv2")) and is_permanent(ImportError("numpy.dtype size changed"))
    assert not is_permanent(OSError(28, "No space left on device"))


def test_each_failure_is_kept_with_what_a_family_is_told(tmp_path: Path) -> None:
    assert kind_of(OSError(28, "No space left on device")) == DISK_FULL
    assert kind_of(OSError(30, "Read-only file system")) == READ_ONLY
    assert (
        kind_of(ModuleNotFoundError("cv2"))
        == kind_of(ImportError("numpy.dtype size changed"))
        == BROKEN_INSTALL
    )
    assert kind_of(OSError(2, "No such file")) == kind_of(ValueError("x")) == OTHER
    record = StartRecord.load(tmp_path / RECORD_NAME)
    record.begin(NOW, BOOT)
    record.fail(OSError(28, "No space left on device"))
    record.begin(NOW + 1, BOOT)  # killed: never says how it ended
    assert [s.kind for s in StartRecord.load(tmp_path / RECORD_NAME).starts] == [DISK_FULL, UNANSWERED]


def test_the_record_file_round_trips_and_a_left_over_running_start_is_a_failure(tmp_path: Path) -> None:
    path = tmp_path / RECORD_NAME
    record = StartRecord.load(path)
    assert record.starts == []
    record.begin(NOW, BOOT)
    record.fail(ImportError("numpy.dtype size changed"))
    record.begin(NOW + 1, BOOT)  # this one is killed (the watchdog): it never writes how it ended
    again = StartRecord.load(path)
    assert [(s.outcome, s.error, s.permanent) for s in again.starts] == [
        (FAILED, "ImportError: numpy.dtype size changed", True),
        (FAILED, UNFINISHED, False),
    ]
    assert json.loads(path.read_text("utf-8"))["starts"][1]["outcome"] == RUNNING
    again.begin(NOW + 2, BOOT)
    again.ended_well()  # asked to stop: no failure
    assert [s.at for s in StartRecord.load(path).starts] == [NOW, NOW + 1]
    again.clear()
    assert not path.exists() and StartRecord.load(path).starts == []


def test_begin_forgets_entries_older_than_the_window_or_of_another_boot(tmp_path: Path) -> None:
    record = StartRecord(tmp_path / RECORD_NAME, [failure(1000), failure(10, boot="old"), failure(10)])
    record.begin(NOW, BOOT)
    assert [s.at for s in record.starts] == [NOW - 10, NOW]


def test_a_broken_or_unwritable_record_never_stops_the_app(tmp_path: Path) -> None:
    path = tmp_path / RECORD_NAME
    path.write_text("{not json", "utf-8")
    assert StartRecord.load(path).starts == []
    path.write_text(json.dumps({"starts": [{"when": 1}]}), "utf-8")
    assert StartRecord.load(path).starts == []
    blocked = tmp_path / "a-file"
    blocked.write_text("", "utf-8")
    record = StartRecord(blocked / RECORD_NAME)  # its folder is a file: nothing can be written there
    record.begin(NOW, BOOT)
    record.fail(OSError("disk"))
    assert record.starts[-1].outcome == FAILED  # kept in memory, logged, not raised
