"""The camera side's own process (ui/worker.py): frames and previews arrive in order, a child that dies is said in
three languages and the game goes on by hand, stopping leaves no process, and neither does the app's crash."""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from companion.session import LiveSession
from tests.ui.app_process import run_app, start_app
from ui.control.camera import CameraJob
from ui.control.preview import Preview
from ui.control.table import TableControl
from ui.worker import Outlet, Reader, ReaderStopped, Seen, preview_bytes

WIDTH = 8  # previews 8 pixels across: the test's buffers stay small


def picture(n: int) -> Preview:
    """A preview whose every byte says which frame it is from."""
    return Preview(WIDTH, 4, bytes([n % 256]) * (WIDTH * 4 * 3), n, 0)


@dataclass(frozen=True)
class Frames:
    """Sends ``count`` frames, each with a preview, its events naming the child's process and the frame."""

    count: int
    pace: float = 0.0

    def __call__(self, outlet: Outlet) -> None:
        for n in range(self.count):
            outlet.seen(n / 30, [(os.getpid(), n)], [], None, picture(n))
            outlet.keep_pace()


@dataclass(frozen=True)
class Dies:
    """Sends ``frames`` frames of an empty table, then its process ends at once, as a crash in OpenCV's C code
    would end it."""

    frames: int

    def __call__(self, outlet: Outlet) -> None:
        for n in range(self.frames):
            outlet.seen(n / 30, [], [], None, picture(n))
        os._exit(3)


@dataclass(frozen=True)
class Forever:
    """Reads frames at the app's pace until told to stop (``obeys``), or never stops at all."""

    obeys: bool = True

    def __call__(self, outlet: Outlet) -> None:
        n = 0
        while not (self.obeys and outlet.stopping):
            outlet.seen(n / 30, [], [], None, None)
            n += 1
            outlet.keep_pace()
            time.sleep(0.005)


@dataclass(frozen=True)
class Spins:
    """Asks, as fast as it can, whether the app wants it to stop or to retry: what a killed child was doing."""

    def __call__(self, outlet: Outlet) -> None:
        outlet.send(("up", os.getpid()))
        while not outlet.stopping:
            for _ in range(1000):
                outlet.retry_asked()


def take_all(reader: Reader, limit: float = 120.0) -> list[Any]:
    out: list[Any] = []
    deadline = time.monotonic() + limit
    while not reader.ended and time.monotonic() < deadline:
        out += reader.take(wait=0.2)
    return out


def take_for(reader: Reader, seconds: float) -> None:
    """Take what the child sends for ``seconds``, as the app's clock does."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        reader.take(wait=0.05)


def gone(pid: int) -> bool:
    """No such process, or only its zombie (the state letter after the name in /proc/PID/stat)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(1, 120))
def test_every_frame_arrives_in_order_from_another_process_with_the_latest_preview(count: int) -> None:
    reader = Reader(Frames(count), preview_bytes(WIDTH)).start()
    try:
        got = take_all(reader)
    finally:
        reader.stop()
    assert all(isinstance(item, Seen) for item in got)
    assert [item.events[0][1] for item in got] == list(range(count))
    assert {item.events[0][0] for item in got} == {reader.pid} != {os.getpid()}
    assert reader.frames == count
    shown = [item for item in got if item.preview is not None]
    # Of the previews taken at once only the newest is copied out, and a buffer freed while the app is still
    # taking may carry a later frame's in the same take: some preview is shown, in the frames' order.
    assert shown
    assert [item.events[0][1] for item in shown] == sorted({item.events[0][1] for item in shown})
    for item in shown:  # byte for byte the preview made with its own frame, never a later one written over it
        assert item.preview == picture(item.events[0][1])


def test_a_pace_is_kept_and_can_change_while_reading() -> None:
    reader = Reader(Forever(), preview_bytes(WIDTH), pace=5.0).start()
    try:
        # Timed from the child's first frame: a loaded machine starts it slowly.
        assert reader.take(wait=60), "the child started"
        first = reader.frames
        take_for(reader, 2.0)
        slow = reader.frames - first
        reader.pace = 0.0
        take_for(reader, 2.0)
        fast = reader.frames - first - slow
    finally:
        reader.stop()
    assert slow <= 12, slow  # 5 a second, and the one due at once
    assert fast > 2 * slow, (slow, fast)


def test_a_child_that_dies_is_said_in_three_languages_after_every_frame_it_sent() -> None:
    reader = Reader(Dies(5), preview_bytes(WIDTH)).start()
    got: list[Any] = []
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            try:
                got += reader.take(wait=0.2)
            except ReaderStopped as stopped:
                words = stopped.words
                break
        else:
            raise AssertionError("the child's death was never said")
    finally:
        reader.stop()
    assert len(got) == 5
    assert words["en"] == "its reading process ended unexpectedly (exit code 3)"
    assert words["fr"] != words["en"] and words["it"] not in (words["en"], words["fr"])
    assert all("3" in text for text in words.values())


def test_the_table_says_the_camera_stopped_in_the_screen_language_and_moves_go_on_by_hand(
    tmp_path: Path,
) -> None:
    spec = GAMES.find("kai-piranja")
    session = LiveSession.create(tmp_path / "game.sqlite", spec.make(), ("Ana", "Bo", "Cy"))

    def camera() -> tuple[Reader, Reader]:
        reader = Reader(Dies(2), preview_bytes(WIDTH))
        return reader, reader

    control = TableControl.start(spec, session, language="fr", camera=camera)
    try:
        deadline = time.monotonic() + 60
        while control.notice() is None and time.monotonic() < deadline:
            control.poll()
            time.sleep(0.05)
        notice = control.notice() or ""
        # The family's words on screen; the exit code is the log's (the view keeps it for the log).
        assert notice.startswith("La caméra n'envoie plus d'images") and "code" not in notice, notice
        assert not control.view.camera.ok and "3" in (control.view.camera.problem or "")
        control.set_language("it")
        assert (control.notice() or "").startswith("La telecamera") and control.notice() != notice
        control.play(session.game.legal_actions(session.state)[0])
        assert len(session.actions) == 1, "the game goes on by hand"
    finally:
        control.close()


def test_stopping_leaves_no_process_even_when_the_child_does_not_listen() -> None:
    listening = Reader(Forever(), preview_bytes(WIDTH)).start()
    deaf = Reader(Forever(obeys=False), preview_bytes(WIDTH)).start()
    pids = [listening.pid, deaf.pid]
    time.sleep(0.5)
    listening.stop()
    deaf.stop(timeout=0.5)
    # The listening child left when asked (exit code 0), the deaf one was terminated: told by how each ended,
    # not by a time that a loaded machine stretches.
    assert listening.exit_code == 0, f"the listening child was ended by signal {listening.exit_code}"
    assert deaf.exit_code is not None and deaf.exit_code < 0
    assert all(pid is not None and gone(pid) for pid in pids)


APP_THAT_CRASHES = """
import sys, time
from ui.worker import Reader, preview_bytes
from tests.ui.test_worker import Forever
if __name__ == "__main__":
    reader = Reader(Forever(), preview_bytes(8)).start()
    reader.take(wait=30)  # the child runs
    print(reader.pid, flush=True)
    time.sleep(60)
"""


def test_a_crashed_app_leaves_no_reader_behind(tmp_path: Path) -> None:
    app = start_app(APP_THAT_CRASHES, tmp_path)
    try:
        assert app.stdout is not None
        child = int(app.stdout.readline())
        assert not gone(child)
        app.kill()  # as the kernel's out-of-memory killer, or a pulled plug of the app's own process
        app.wait(10)
        deadline = time.monotonic() + 10
        while not gone(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gone(child), "the reader outlived the app"
    finally:
        app.kill()


def counting_camera() -> Any:
    """A live camera that cannot be opened, and says how many times it was tried (it is tried once a minute)."""
    from vision.sources import Retrying

    tries = []

    def open_device() -> Any:
        tries.append(1)
        raise OSError(f"try {len(tries)}")

    return Retrying(open_device, "test camera", retry_every=60.0)


def test_the_retry_button_reaches_the_camera_in_the_reader_process() -> None:
    job = CameraJob("kai-piranja", None, 3, partial(counting_camera))
    reader = Reader(job, preview_bytes(WIDTH)).start()
    try:
        deadline = time.monotonic() + 60
        while "try 1" not in (reader.status.problem or "") and time.monotonic() < deadline:
            reader.take(wait=0.2)
        assert "test camera could not be opened (try 1)" in (reader.status.problem or "")
        asked = time.monotonic()
        reader.retry_now()
        while "try 2" not in (reader.status.problem or "") and time.monotonic() < asked + 10:
            reader.take(wait=0.05)
        assert "try 2" in (reader.status.problem or ""), "tried again when asked, not a minute later"
    finally:
        reader.stop()


HEAVY = ("cv2", "numpy", "vision.render", "vision.pipeline", "ui.simtable")
APP_SIDE = """
import sys, time
from companion.games import GAMES
from ui.control.camera import camera_opener
from ui.control.camera_check import CameraCheck
from ui.control.demo import DemoControl
if __name__ == "__main__":
    spec = GAMES.find("kai-piranja")
    demo = DemoControl(spec, players=3, seed=1, fps=1000.0).start()
    reader, _feed = camera_opener(spec, spec.make(), 3, "webcam:9")()
    reader.start()
    while not demo.finished and demo.reader.frames < 5:
        demo.poll()
    demo.close()
    reader.stop()
    check = CameraCheck(spec, "webcam:9", "aruco", 3, "en", wait=0.5).start()
    while check.result is None:
        time.sleep(0.05)
    assert not check.result.good and check.result.advice
    print(" ".join(name for name in HEAVY if name in sys.modules))
"""


def test_the_app_process_loads_no_opencv_numpy_or_renderer_for_the_demo_the_camera_or_its_check(
    tmp_path: Path,
) -> None:
    # The memory the camera side's process would save is lost if the app's process loads the same libraries.
    loaded = run_app(f"HEAVY = {HEAVY!r}\n" + APP_SIDE, tmp_path).strip()
    assert loaded == "", f"the app's process loaded {loaded}"


def test_a_child_killed_while_it_asks_for_requests_never_blocks_the_app() -> None:
    """The app's requests are plain shared bytes: a child killed at any moment holds no lock the app's next stop
    or retry would wait for (a multiprocessing Event's lock, held by a child killed in ``is_set``, did)."""
    import signal
    import threading

    for _ in range(8):
        reader = Reader(Spins(), preview_bytes(WIDTH)).start()
        assert reader.take(wait=60), "the child started"
        time.sleep(0.05)
        assert reader.pid is not None
        os.kill(reader.pid, signal.SIGKILL)
        asked = threading.Thread(target=lambda r=reader: (r.retry_now(), r.stop()), daemon=True)
        asked.start()
        asked.join(15)
        assert not asked.is_alive(), "the app waited for a lock the killed child held"
        assert gone(reader.pid)


@dataclass(frozen=True)
class Floods:
    """Sends big items as fast as it can until told to stop: a pipe that is never empty when the app stops it."""

    def __call__(self, outlet: Outlet) -> None:
        n = 0
        while not outlet.stopping:
            outlet.send(("words", bytes([n % 256]) * 100_000))
            n += 1


def test_stopping_while_another_thread_takes_never_mixes_two_reads_of_the_pipe() -> None:
    # The demo takes on its own thread while the screen stops the reader (the game's end): two readers of one
    # pipe would each get half of an item, and the next read fails to unpickle.
    for _ in range(8):
        reader = Reader(Floods(), preview_bytes(WIDTH)).start()
        failures: list[BaseException] = []
        got: list[Any] = []

        def taking(
            reader: Reader = reader, failures: list[BaseException] = failures, got: list[Any] = got
        ) -> None:
            try:
                while not reader.ended:
                    got.extend(reader.take(wait=0.01))
            except ReaderStopped:
                pass  # the pipe ended under it: said as a stopped reader, which is what it is
            except BaseException as exc:  # any other is the failure this test looks for
                failures.append(exc)

        thread = threading.Thread(target=taking, daemon=True)
        thread.start()
        reader.take(wait=0)  # nothing: the other thread reads
        time.sleep(0.3)
        reader.stop()
        thread.join(10)
        assert not thread.is_alive(), "the taking thread never returned"
        assert failures == []
        assert got and all(kind == "words" and len(item) == 100_000 for kind, item in got)
