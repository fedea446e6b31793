"""The touchscreen app: start-up to the home screen, the screen's frame rate while the camera side reads
1280x720 frames at full rate, and the whole app's memory during a live game.

Targets (issue "The touchscreen app"): the home screen within 3 s of launch (a Kivy hello-world under Xvfb takes
about 1.6 s); at least 30 screen frames a second while the vision pipeline reads 1280x720 frames as fast as it
can; at most 300 MB resident. Each figure comes from a fresh process on a virtual screen (Xvfb), as a Pi starts
the app; the hello-world is timed in the same run, alternating with the app, so the two compare.

Two live games are measured on the live screen at 1280x720: one refereed from a recording of a demo game's camera
frames (the camera's own path: frames read, detected, tracked, refereed), first read as fast as they come, then
at a camera's 30 frames a second, then idle; and the demo itself (each frame also drawn by the synthetic
renderer on the reading thread), flat out then idle. The benchmarks pin themselves to one core
(benchmarks/run.py); the app's processes here may use every core, as the app's threads (the screen, the camera
side, OpenGL's drawing) would a Pi's four.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from benchmarks.trees import tree_at
from ui.app.xvfb import NoVirtualScreen, start_xvfb

ROOT = Path(__file__).resolve().parent.parent
LAUNCH_TARGET_S = 3.0
FPS_TARGET = 30.0
RSS_TARGET_MB = 300.0

HELLO_DRAWING = """
import os, sys, time
os.environ.update(KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1")
from kivy.config import Config
Config.set("graphics", "width", "1280"); Config.set("graphics", "height", "720"); Config.set("graphics", "maxfps", "0")
Config.set("graphics", "multisamples", "0")  # as the app draws (ui/app/kiosk.py)
from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.button import Button
class Hello(App):
    flips = 0
    def build(self):
        Window.bind(on_flip=self.flipped)
        Clock.schedule_interval(lambda _dt: Window.canvas.ask_update(), 0)
        Clock.schedule_once(self.begin, 2)
        return Button(text="Hello")
    def flipped(self, *_):
        self.flips += 1
    def begin(self, _dt):
        self.first, self.t = self.flips, time.perf_counter()
        Clock.schedule_once(self.end, 5)
    def end(self, _dt):
        print("RESULT", (self.flips - self.first) / (time.perf_counter() - self.t), flush=True); self.stop()
Hello().run()
"""

HELLO = """
import os, sys, time
os.environ.update(KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1")
from kivy.config import Config
Config.set("graphics", "width", "800"); Config.set("graphics", "height", "480")
from kivy.app import App
from kivy.clock import Clock
from kivy.uix.button import Button
class Hello(App):
    def build(self):
        Clock.schedule_once(self.ready, 0)
        return Button(text="Hello")
    def ready(self, _dt):
        print("READY", time.time(), flush=True); self.stop()
Hello().run()
"""

APP = """
import sys, time
from pathlib import Path
from ui.app.kiosk import Display, configure
configure(Display(800, 480, 7.0), home=Path(sys.argv[1]))
from kivy.clock import Clock
from ui.app.app import CompanionApp
from ui.app.options import AppOptions
from ui.control.library import Library
from companion.games import GAMES
class Timed(CompanionApp):
    def on_start(self):
        Clock.schedule_once(self.ready, 0)  # after the first frame is drawn
    def ready(self, _dt):
        assert self.current == "home"
        print("READY", time.time(), flush=True); self.stop()
Timed(AppOptions(registry=GAMES, library=Library(Path(sys.argv[1])))).run()
"""

LIVE = """
import json, os, resource, sys, time
from functools import partial
from pathlib import Path
WARM, SECONDS = float(sys.argv[2]), float(sys.argv[3])
def tree():
    # This process and every process it started (the camera side's, multiprocessing's resource tracker).
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    found, todo = [], [os.getpid()]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += [child for child, parent in parents.items() if parent == pid]
    return found
def frames_held(pid):
    # The physical pages ``pid`` holds resident (their frame numbers: /proc/PID/pagemap, as root; else None).
    from array import array
    held = set()
    with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for line in maps:
            start, end = (int(x, 16) for x in line.split()[0].split("-"))
            if end - start > 1 << 34:
                continue  # an address space reservation, not memory
            pagemap.seek(start // 4096 * 8)
            entries = array("Q")
            try:
                entries.frombytes(pagemap.read((end - start) // 4096 * 8))
            except OSError:
                continue
            held.update(e & ((1 << 55) - 1) for e in entries if e >> 63)
    return None if held <= {0} else held
def processor():
    # This process's processor time so far, every thread's: the screen's, OpenGL's drawing (llvmpipe), the referee's.
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime
def memory():
    # Resident sizes over the app's processes: "pages", each physical page counted once however many of them map
    # it (the app's true footprint; needs root); RSS summed (pages they share counted in each); PSS summed (a
    # page shared with any process, theirs or not, divided among them: other programs on the machine lower it);
    # and the sum of each one's peak resident size (VmHWM).
    out = {"VmRSS": 0.0, "VmHWM": 0.0, "Pss": 0.0, "processes": 0, "app_rss": 0.0, "pages": 0.0}
    held = {}
    for pid in tree():
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
            pages = frames_held(pid)
        except OSError:
            continue
        sizes = {l.split(":")[0]: int(l.split()[1]) / 1024 for l in status.splitlines() if l.startswith(("VmHWM", "VmRSS"))}
        out["VmRSS"] += sizes["VmRSS"]
        out["VmHWM"] += sizes["VmHWM"]
        out["Pss"] += sum(int(l.split()[1]) / 1024 for l in rollup.splitlines() if l.startswith("Pss:"))
        out["processes"] += 1
        if pid == os.getpid():
            out["app_rss"] = sizes["VmRSS"]
        held[pid] = pages
    if any(pages is None for pages in held.values()):
        out["pages"] = float("nan")
    else:
        union = set().union(*held.values())
        out["pages"] = len(union) * 4096 / 2**20
        # What each process adds: the pages no other of the app's processes holds.
        for pid, pages in held.items():
            others = set().union(*(p for q, p in held.items() if q != pid))
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
            name = "app" if pid == os.getpid() else "tracker" if b"resource_tracker" in command else "camera side"
            out[f"own {name}"] = out.get(f"own {name}", 0.0) + len(pages - others) * 4096 / 2**20
    return out
if __name__ == "__main__":  # the camera side's process, spawned, imports this script again: it must do nothing
    from ui.app.kiosk import Display, configure
    configure(Display(1280, 720, 10.1), home=Path(sys.argv[1]))
    from kivy.clock import Clock
    from kivy.config import Config
    from kivy.core.window import Window
    from ui.app.app import CompanionApp
    from ui.app.options import AppOptions
    from ui.control.library import Library
    from companion.games import GAMES
    try:
        from ui.worker import Reader  # the camera side in a process of its own
    except ImportError:  # the code before it (a --base tree): the camera side on a thread of the app's process
        Reader = None
    Config.set("graphics", "maxfps", "0")  # measure what the screen can do, not Kivy's 60 a second cap
    class Measured(CompanionApp):
        # Up to three phases on the same live screen, each drawn afresh at every turn of the clock: the camera
        # side reading 1280x720 frames flat out ("loaded"), at a camera's 30 a second ("camera": the recorded
        # table only), then one frame every 5 s ("idle").
        def on_start(self):
            self.flips, self.results = 0, {}
            Window.bind(on_flip=self.flipped)
            Clock.schedule_interval(self.frame, 0)
            Clock.schedule_once(lambda _dt: self.begin("loaded"), WARM)
        def flipped(self, *_):
            self.flips += 1
        def vision_frames(self):
            if Reader is not None:
                return self.table.reader.frames if hasattr(self.table, "reader") else self.table.feed.frames
            return self.table._table.frame if hasattr(self.table, "_table") else self.table.feed.frames
        def frame(self, _dt):
            Window.canvas.ask_update()
            now = time.perf_counter()
            if getattr(self, "last", None) is not None and getattr(self, "phase", None):
                self.gaps.append(now - self.last)
            self.last = now
        def pace(self, fps):
            if Reader is not None:
                (self.table.reader if hasattr(self.table, "reader") else self.table.feed).pace = fps
            elif hasattr(self.table, "_table"):
                self.table.fps = fps
            elif fps < 1:
                self.table.feed.stop()
            else:
                self.source.pace = fps
        def begin(self, phase):
            self.phase, self.gaps = phase, []
            self.start = time.perf_counter()
            self.start_flips, self.start_images = self.flips, self.page("live").images_shown
            self.start_processor = processor()
            self.start_vision = self.vision_frames()
            Clock.schedule_once(self.end, SECONDS)
        def end(self, _dt):
            spent = time.perf_counter() - self.start
            gaps = sorted(self.gaps)
            self.results[self.phase] = {
                "seconds": spent,
                "loop_fps": len(gaps) / spent,
                "flips_fps": (self.flips - self.start_flips) / spent,
                "images_fps": (self.page("live").images_shown - self.start_images) / spent,
                "vision_fps": (self.vision_frames() - self.start_vision) / spent,
                "cpu_ms": 1000 * (processor() - self.start_processor) / max(self.flips - self.start_flips, 1),
                "gap_p99_ms": 1000 * gaps[int(0.99 * (len(gaps) - 1))],
                "gap_max_ms": 1000 * gaps[-1],
                **memory(),
            }
            if self.phase == "loaded" and self.recorded:
                self.phase = None
                self.pace(30.0)  # a camera's full rate
                Clock.schedule_once(lambda _dt: self.begin("camera"), 2.0)
            elif self.phase in ("loaded", "camera"):
                self.phase = None
                self.pace(0.2)
                Clock.schedule_once(lambda _dt: self.begin("idle"), 6.0)
            else:
                print("RESULT", json.dumps(self.results), flush=True)
                self.stop()
    class Played(Measured):
        # A live game refereed from a recording of a real-looking table, read as fast as the pipeline goes.
        recorded = True
        def on_start(self):
            from bench_looping import Looping
            from companion.session import LiveSession
            from ui.control.camera import PREVIEW_WIDTH
            from ui.control.table import TableControl
            spec = GAMES.find("kai-piranja")
            game = spec.make()
            session = LiveSession.create(self.library.new_session_path(spec.name), game, ("Ana", "Bo", "Cy", "Di"))
            def camera():
                if Reader is not None:
                    from ui.control.camera import CameraJob
                    from ui.worker import preview_bytes
                    reader = Reader(CameraJob("kai-piranja", None, 4, partial(Looping, Path(sys.argv[4]))),
                                    preview_bytes(PREVIEW_WIDTH))
                    return reader, reader
                from ui.control.preview import preview
                from ui.feed import CameraFeed
                from vision.identity import GameCards
                from vision.pipeline import Pipeline
                source = self.source = Looping(Path(sys.argv[4]))
                pipeline = Pipeline.create(GameCards.of(spec), players=4)
                feed = CameraFeed(source, pipeline.process, live=False,
                                  preview=lambda frame, facts: preview(frame, facts.detections, PREVIEW_WIDTH))
                return source, feed
            self.table = TableControl.start(spec, session, language="en", camera=camera)
            self.page("live").open()
            super().on_start()
    class Demo(Measured):
        recorded = False
    if sys.argv[4] == "demo":
        # At a camera's 30 frames a second: drawn flat out (186 a second here), a game ends before the measures do.
        Demo(AppOptions(registry=GAMES, library=Library(Path(sys.argv[1])), demo=True, seed=4, demo_players=6,
                        demo_resolution=(1280, 720), demo_fps=30.0)).run()
    else:
        Played(AppOptions(registry=GAMES, library=Library(Path(sys.argv[1])))).run()
"""

LOOPING = """
import time
class Looping:
    # A recorded table, read again from the start whenever it ends: the camera side never runs dry.
    def __init__(self, path):
        from vision.sources import VideoFile
        self.path, self.problem, self._file = path, None, VideoFile(path)
        self.pace, self._next = 0.0, 0.0  # frames a second, as a camera gives them (0: as fast as read)
    def read(self):
        if self.pace:
            self._next = max(self._next + 1.0 / self.pace, time.monotonic())
            time.sleep(max(0.0, self._next - time.monotonic()))
        frame = self._file.read()
        if frame is None:
            self._file.close()
            from vision.sources import VideoFile
            self._file = VideoFile(self.path)
            frame = self._file.read()
        return frame
    def close(self):
        self._file.close()
"""


def every_core() -> None:
    """Run on every core: the benchmarks pin themselves to one (benchmarks/run.py), but the app is threads (the
    screen, the camera side, OpenGL's drawing) made for a Pi's four cores."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, range(os.cpu_count() or 1))


def environment(home: Path, tree: Path = ROOT) -> dict[str, str]:
    """The app's environment: ``tree``'s code, and the recording's reader (bench_looping.py in ``home``)."""
    env = dict(os.environ, PYTHONPATH=f"{tree}{os.pathsep}{home}", KIVY_HOME=str(home))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed app has its bytecode cached
    return env


def script(code: str, home: Path) -> str:
    """The child's code as a file: Kivy's App names itself after its script, and ``-c`` is no script."""
    path = home / f"child_{abs(hash(code))}.py"
    path.write_text(code, encoding="utf-8")
    return str(path)


def timed_launch(code: str, home: Path) -> float:
    program = script(code, home)
    started = time.time()
    out = subprocess.run(
        [sys.executable, program, str(home)],
        env=environment(home),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        preexec_fn=every_core,
    )
    for line in out.stdout.splitlines():
        if line.startswith("READY"):
            return float(line.split()[1]) - started
    raise RuntimeError(f"no READY line: {out.stderr[-2000:]}")


def live_figures(
    home: Path, warm: float, seconds: float, source: str, tree: Path = ROOT
) -> dict[str, dict[str, float]]:
    """The live screen's figures with ``tree``'s code: ``source`` is "demo" or a recording to read."""
    out = subprocess.run(
        [sys.executable, script(LIVE, home), str(home), str(warm), str(seconds), source],
        env=environment(home, tree),
        capture_output=True,
        text=True,
        timeout=3 * seconds + warm + 120,
        cwd=tree,
        preexec_fn=every_core,
    )
    for line in out.stdout.splitlines():
        if line.startswith("RESULT"):
            figures: dict[str, dict[str, float]] = json.loads(line.split(" ", 1)[1])
            return figures
    raise RuntimeError(f"no RESULT line: {out.stderr[-2000:]}")


def recording(home: Path, frames: int = 400) -> Path:
    """The first ``frames`` camera frames of a demo game at 1280x720, as a video: a real-looking table in play,
    read back without the demo's drawing (looped, the table jumps back to its start: the referee says so)."""
    import cv2

    from companion.games import GAMES
    from companion.live import LiveGame
    from companion.session import LiveSession
    from companion.simulate import default_seats
    from ui.control.demo_job import demo_table

    path = home / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 30.0, (1280, 720))
    spec = GAMES.find("kai-piranja")
    game, seats = spec.make(), default_seats(4)
    adapter = spec.table_adapter(game)
    assert adapter is not None
    session = LiveSession.create(home / "recorded.sqlite", game, seats, 4)
    live = LiveGame(game, adapter, session, seats, coaching=False, levels=spec.levels)

    def keep(image: Any, _facts: Any) -> None:
        writer.write(image)

    table = demo_table(spec, live, 4, 4, (1280, 720), keep)
    for _ in table.play():
        if table.frame >= frames:
            break
    writer.release()
    session.close()
    return path


def drawing_figures(home: Path) -> tuple[float, float]:
    """A Kivy hello-world at 1280x720 redrawn at every turn: what this machine's OpenGL can draw, and the
    memory Kivy and its OpenGL take before any of the app's own."""
    code = HELLO_DRAWING.replace(
        'print("RESULT"',
        'print("MEMORY", [l for l in open("/proc/self/status") if l.startswith("VmHWM")][0].split()[1]); '
        'print("RESULT"',
    )
    out = subprocess.run(
        [sys.executable, script(code, home)],
        env=environment(home),
        capture_output=True,
        text=True,
        timeout=60,
    )
    fps = mb = 0.0
    for line in out.stdout.splitlines():
        if line.startswith("RESULT"):
            fps = float(line.split()[1])
        if line.startswith("MEMORY"):
            mb = float(line.split()[1]) / 1024
    return fps, mb


def run(quick: bool = False, base: str | None = None) -> str:
    """The app's section of docs/benchmarks.md; with ``base`` (a git revision), the live screen measured with
    that revision's code too, in the same run, alternating, and compared."""
    try:
        server = start_xvfb()
    except NoVirtualScreen as exc:
        raise SystemExit(f"bench_app: {exc}") from None
    try:
        with tempfile.TemporaryDirectory(prefix="bench-app-") as tmp, ExitStack() as stack:
            home = Path(tmp)
            (home / "bench_looping.py").write_text(LOOPING, encoding="utf-8")
            trees: dict[str, Path] = {"after": ROOT}
            if base is not None:
                before = stack.enter_context(tree_at(base))
                if before is None:
                    raise SystemExit(f"bench_app: git cannot give {base}")
                trees["before"] = before
            runs = 3 if quick else 7
            timed_launch(APP, home)  # warm-up: bytecode caches, Kivy's config file, fonts
            timed_launch(HELLO, home)
            hello, app = [], []
            for _ in range(runs):
                hello.append(timed_launch(HELLO, home))
                app.append(timed_launch(APP, home))
            seconds, warm = (10.0, 3.0) if quick else (20.0, 5.0)
            video = str(recording(home))
            figures: dict[tuple[str, str], dict[str, dict[str, float]]] = {}
            for game, source in (("demo", "demo"), ("recorded table", video)):
                for label, tree in trees.items():
                    figures[label, game] = live_figures(home, warm, seconds, source, tree)
            hello_fps, hello_mb = drawing_figures(home)
    finally:
        if server is not None:
            server.terminate()
    h, a = statistics.median(hello), statistics.median(app)
    ok = "met" if a <= LAUNCH_TARGET_S else "NOT met"
    rows = [
        "## The touchscreen app (`benchmarks/bench_app.py`)",
        "",
        f"Fresh processes on Xvfb, whose OpenGL is Mesa's llvmpipe: drawn by this machine's CPU, where a Pi has a GPU. "
        f"{runs} launches of each, alternating; medians. The live screen at 1280x720 is drawn afresh at every turn "
        f"of Kivy's clock (no 60 a second cap), {seconds:.0f} s with the camera side reading flat out, then as long "
        "with it idle. Two live games: one refereed from a recording of a real-looking table (the camera's path: "
        "frames read, detected, tracked, refereed), and the demo, a 6-player game (each frame also drawn by the "
        "synthetic renderer, at a camera's 30 frames a second: drawn flat out, the game would end before the "
        "measures). The camera side (the frames' source, the renderer, the vision pipeline, the preview) runs in a "
        "process of its own (ui/worker.py); memory is that of all the app's processes (the app's, the camera side's, "
        "multiprocessing's resource tracker), judged as their resident pages each counted once (read as root from "
        "/proc/PID/pagemap: pages two of them map count once). Summed RSS counts a shared page in each process, "
        "summed PSS divides it among every process that maps it, this machine's others included (other programs "
        "lower it), and the summed peaks (VmHWM) are an upper bound of the peak. The app draws one sample a pixel "
        "(ui/app/kiosk.py): Kivy's default multisampling is 4 samples on llvmpipe.",
        "",
        "| measure | figure | target |",
        "|---|---|---|",
        f"| Kivy hello-world, launch to first frame | {h:.2f} s | (reference) |",
        f"| `companion app`, launch to the home screen drawn | {a:.2f} s ({a / h:.2f}x the hello-world) "
        f"| ≤ {LAUNCH_TARGET_S:.0f} s: {ok} |",
        f"| a Kivy hello-world button at 1280x720, drawn afresh each turn, one sample a pixel as the app | "
        f"{hello_fps:.0f} frames/s, {hello_mb:.0f} MB | (what this machine's software OpenGL draws) |",
    ]
    for name, pace in (
        ("recorded table", "reading flat out"),
        ("demo", "drawing and reading 30 frames a second"),
    ):
        rows += live_rows(name, pace, figures["after", name])
    if base is not None:
        rows += [
            "",
            f"Before (`{base}`) and after, measured in the same run, one after the other; the app's processor "
            "time a frame counts every thread of the app's process (the screen's, OpenGL's drawing, the referee's), "
            "and moves less than frames a second with what else the machine runs:",
            "",
            "| measure | before | after |",
            "|---|---|---|",
        ]
        for name in ("recorded table", "demo"):
            rows += compared_rows(name, figures["before", name], figures["after", name])
    return "\n".join(rows)


def live_rows(name: str, pace: str, figures: dict[str, dict[str, float]]) -> list[str]:
    """One live game's rows of the app's table."""
    loaded, idle = figures["loaded"], figures["idle"]
    fps_ok = "met" if loaded["flips_fps"] >= FPS_TARGET else "NOT met here"
    rss_ok = "met" if max(loaded["pages"], idle["pages"]) <= RSS_TARGET_MB else "NOT met here"
    rows = []
    if "camera" in figures:
        camera = figures["camera"]
        rows.append(
            f"| {name}: live screen, 30 camera frames a second read | {camera['flips_fps']:.1f} frames/s "
            f"({camera['flips_fps'] / idle['flips_fps']:.2f}x idle; worst gap {camera['gap_max_ms']:.0f} ms, "
            f"p99 {camera['gap_p99_ms']:.0f} ms; {camera['vision_fps']:.1f} frames read a second; "
            f"the app's processor {camera['cpu_ms']:.1f} ms a frame) "
            f"| ≥ {FPS_TARGET:.0f}: {'met' if camera['flips_fps'] >= FPS_TARGET else 'NOT met here'} |"
        )
    return [
        *rows,
        f"| {name}: live screen, camera side idle | {idle['flips_fps']:.1f} frames/s "
        f"(worst gap {idle['gap_max_ms']:.0f} ms; the app's processor {idle['cpu_ms']:.1f} ms a frame) | |",
        f"| {name}: live screen, camera side {pace} | {loaded['flips_fps']:.1f} frames/s "
        f"({loaded['flips_fps'] / idle['flips_fps']:.2f}x idle; worst gap {loaded['gap_max_ms']:.0f} ms, "
        f"p99 {loaded['gap_p99_ms']:.0f} ms; the app's processor {loaded['cpu_ms']:.1f} ms a frame) "
        f"| ≥ {FPS_TARGET:.0f}: {fps_ok} |",
        f"| {name}: 1280x720 frames read a second meanwhile | {loaded['vision_fps']:.1f} "
        f"({loaded['images_fps']:.1f} reached the screen) | as fast as it goes |",
        f"| {name}: resident memory, {loaded['processes']:.0f} processes | {memory(loaded, idle)} "
        f"| ≤ {RSS_TARGET_MB:.0f} MB: {rss_ok} |",
    ]


def memory(loaded: dict[str, float], idle: dict[str, float]) -> str:
    """The app's memory during a live game: its processes' resident pages, each counted once (the most of the two
    phases: the figure judged), then the other ways of counting it."""
    own = ", ".join(f"{key[4:]} {value:.0f}" for key, value in loaded.items() if key.startswith("own "))
    return (
        f"{max(loaded['pages'], idle['pages']):.0f} MB, each page counted once"
        + (f" (each process's own: {own} MB)" if loaded["processes"] > 1 else "")
        + f"; RSS summed {loaded['VmRSS']:.0f} MB, PSS summed {loaded['Pss']:.0f} MB; "
        f"peaks summed {max(loaded['VmHWM'], idle['VmHWM']):.0f} MB"
    )


def compared_rows(
    name: str, before: dict[str, dict[str, float]], after: dict[str, dict[str, float]]
) -> list[str]:
    def fps(figures: dict[str, dict[str, float]], phase: str) -> str:
        return f"{figures[phase]['flips_fps']:.1f} frames/s" if phase in figures else "-"

    rows = [
        f"| {name}: live screen, camera side {label} | {fps(before, phase)} | {fps(after, phase)} |"
        for label, phase in (
            ("idle", "idle"),
            ("at a camera's 30 frames a second", "camera"),
            ("flat out", "loaded"),
        )
        if phase in before or phase in after
    ]
    cpu = [
        f"| {name}: the app's processor a frame, camera side {label} | {before[phase]['cpu_ms']:.1f} ms "
        f"| {after[phase]['cpu_ms']:.1f} ms |"
        for label, phase in (
            ("idle", "idle"),
            ("at a camera's 30 frames a second", "camera"),
            ("flat out", "loaded"),
        )
        if "cpu_ms" in before.get(phase, {}) and "cpu_ms" in after.get(phase, {})
    ]
    return [
        *rows,
        *cpu,
        f"| {name}: frames read a second, flat out | {before['loaded']['vision_fps']:.1f} "
        f"| {after['loaded']['vision_fps']:.1f} |",
        f"| {name}: memory | {memory(before['loaded'], before['idle'])} "
        f"| {memory(after['loaded'], after['idle'])} |",
    ]


if __name__ == "__main__":
    base = sys.argv[sys.argv.index("--base") + 1] if "--base" in sys.argv else None
    print(run(quick="--quick" in sys.argv, base=base))
