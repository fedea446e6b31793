"""Speech: how soon a ruling is heard, and how many announcements a game makes.

Latency: for the views with a ruling worth hearing in a Kai Piranja demo (its text in English; each language's
voice says it, the turn's words in that language), from the view's arrival (``Speaker.hear`` called on the UI thread) to espeak-ng's first audio bytes after
its WAV header on its standard output (``--stdout``), the queue empty before each view. Target (issue 34):
under 500 ms. On a Pi the sound device adds its own buffer (ALSA's period, tens of milliseconds): not measured here.

Announcements: a demo of each game (3 players, as `companion demo --mode facts` plays it), every view through
``announce``, counted by kind: what a table would hear with speech on, before the queue drops the stale ones.
"""

from __future__ import annotations

import statistics
import subprocess
import time
from collections import Counter
from pathlib import Path

from companion.announce import Announcement, Kind, announce
from companion.games import GAMES
from companion.live import LiveGame, LiveView
from companion.match import Match
from companion.simulate import simulate
from ui.simtable import SimulatedTable
from ui.speech.espeak import Espeak
from ui.speech.speaker import Speaker
from vision.identity import GameCards
from vision.render import Camera

TARGET_MS = 500.0
WAV_HEADER = 44


class FirstSound(Espeak):
    """espeak-ng writing to a pipe: notes when its first audio bytes arrive, then drains the rest."""

    first: list[float]

    def say(self, text: str, voice: str, wav: Path | None = None) -> None:
        process = subprocess.Popen(self.command(text, voice, stdout=True), stdout=subprocess.PIPE)
        assert process.stdout is not None
        process.stdout.read(WAV_HEADER + 1)
        self.first.append(time.perf_counter())
        process.stdout.read()
        process.wait()


def demo_views(name: str, seed: int = 1) -> list[LiveView]:
    spec = GAMES[name]
    game = spec.make()
    played = simulate(game, 3, seed, ("Ann", "Bruno", "Chiara"))
    live = LiveGame(game, spec.table_adapter(game), Match(game, played.seats), played.seats, "en", spec.coach)
    assert spec.demo is not None
    width, height = spec.demo_frame_for(3)
    table = SimulatedTable(
        played, live, GameCards.of(spec), spec.demo, mode="facts", seed=seed, camera=Camera(width, height)
    )
    return [live.view, *(happening.view for happening in table.play())]


def said(views: list[LiveView]) -> list[Announcement]:
    out: list[Announcement] = []
    for before, after in zip([None, *views], views, strict=False):
        out += announce(before, after)
    return out


def latencies(views: list[LiveView], language: str, count: int) -> list[float]:
    engine = FirstSound()
    engine.first = []
    speaker = Speaker(engine, tell=lambda line: None)
    # Views with a ruling worth hearing (a catch, the game's end): said first, before that view's fixes and turn.
    spoken = [v for v in views if any(a.kind in (Kind.RULING, Kind.WINNER) for a in announce(None, v))][
        :count
    ]
    waits = []
    for view in spoken:
        assert speaker.idle(30)
        view = view if view.language == language else _relabel(view, language)
        engine.first.clear()
        speaker._view = None  # each view heard as a first one: something to say, the queue empty
        start = time.perf_counter()
        speaker.hear(view)
        assert speaker.idle(30)
        if engine.first:
            waits.append((engine.first[0] - start) * 1000)
    speaker.close()
    return waits


def _relabel(view: LiveView, language: str) -> LiveView:
    from dataclasses import replace

    return replace(view, language=language)


def run(quick: bool = False) -> str:
    lines = ["## Speech (issue 34)", "", __doc__.split("\n\n", 1)[1].strip(), ""]
    views = {name: demo_views(name) for name in sorted(GAMES)}
    lines += [
        "| game | moves | announcements | turn | fix | rule broken | ruling | coach | winner | per move |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, game_views in views.items():
        kinds = Counter(a.kind for a in said(game_views))
        moves = game_views[-1].actions
        total = sum(kinds.values())
        cells = " | ".join(str(kinds.get(kind, 0)) for kind in Kind)
        lines.append(f"| {name} | {moves} | {total} | {cells} | {total / max(moves, 1):.2f} |")
    lines += [
        "",
        "| language | rulings timed | to first sound (median / worst) | target | met |",
        "|---|---|---|---|---|",
    ]
    count = 5 if quick else 15
    for language in ("en", "fr", "it"):
        waits = latencies(views["kai-piranja"], language, count)
        worst = max(waits)
        met = "yes" if worst < TARGET_MS else "no"
        lines.append(
            f"| {language} | {len(waits)} | {statistics.median(waits):.0f} ms / {worst:.0f} ms | "
            f"< {TARGET_MS:.0f} ms | {met} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    print(run(quick=True))
