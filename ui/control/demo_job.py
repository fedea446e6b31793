"""The demo's camera side, run in the reader's process (ui/worker.py): simulated players lay real-looking cards,
the renderer draws each frame and the vision pipeline reads it.

The players wait for the referee before their next move (a step is settled when its action is applied and the
table matches), so this process keeps a referee of its own to pace them: a LiveGame with no coach, fed exactly
what the app's is. Everything it is fed (each frame's changes and cards, each move entered or button pressed) is
sent to the app in order; the app's live game, the one shown and saved, applies the same calls and so rules the
same.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.live import LiveGame, LiveView
from companion.protocol import Action
from companion.registry import GameSpec
from companion.session import LiveSession
from companion.simulate import default_seats, simulate
from companion.table import SeenCard, TableChange
from ui.control.preview import Preview
from ui.worker import Outlet

if TYPE_CHECKING:  # the renderer, the pipeline and OpenCV load in the reader's process only
    from ui.simtable import SimulatedTable


def demo_table(
    spec: GameSpec,
    live: LiveGame,
    players: int,
    seed: int,
    resolution: tuple[int, int],
    on_frame: Callable[[Any, Any], None] | None,
) -> SimulatedTable:
    """``spec``'s demo game (seed ``seed``) played by simulated players before ``live``'s camera, drawn in pixels
    at ``resolution``, or at the frame its table needs where the game gives one (``GameSpec.demo_frame``)."""
    from ui.simtable import SimulatedTable
    from vision.identity import GameCards
    from vision.render import Camera

    played = simulate(live.game, players, seed, live.seats)
    if spec.demo is None:
        raise ValueError(f"{live.game.title} has no demo scenes")
    # A table larger than the app's frame can read (Kuna Yala's banks) is drawn in a frame of its own size.
    resolution = spec.demo_frame_for(players, resolution)
    return SimulatedTable(
        played,
        live,
        GameCards.of(spec, live.game.profile),
        spec.demo,
        mode="pixels",
        seed=seed,
        camera=Camera(*resolution),
        on_frame=on_frame,
    )


class Relayed(LiveGame):
    """The child's referee: each call it is fed also goes to the app, in order, a frame's with its preview."""

    outlet: Outlet
    shown: Preview | None = None

    def step(self, changes: Sequence[TableChange], seen: Sequence[SeenCard], t: float = 0.0) -> LiveView:
        self.outlet.seen(t, changes, seen, None, self.shown)
        self.shown = None
        return super().step(changes, seen, t)

    def press(self, button: str, t: float = 0.0) -> LiveView:
        self.outlet.send(("press", (button, t)))
        return super().press(button, t)

    def play(self, action: Action, t: float = 0.0) -> LiveView:
        self.outlet.send(("play", (action, t)))
        return super().play(action, t)


class Stopped(Exception):
    """The app closed the demo: leave the simulated table at its next frame."""


@dataclass(frozen=True)
class DemoJob:
    """What the reader's process runs for the demo: ``game`` with ``players`` seats, drawn at ``resolution``."""

    game: str
    profile: Any  # the rules options as JSON; None: the rulebook's
    players: int
    seed: int
    resolution: tuple[int, int]
    width: int  # the preview's, in pixels across
    seats: tuple[str, ...] = ()  # the players' names, the app's; none: P1, P2…

    def __call__(self, outlet: Outlet) -> None:
        from companion.games import GAMES
        from ui.control.preview import preview

        spec = GAMES.find(self.game)
        game = spec.make(self.profile)
        adapter = spec.table_adapter(game)
        if adapter is None:
            raise ValueError(f"{game.title} has no table adapter: it cannot be shown through the camera")
        seats = self.seats or default_seats(self.players)
        with tempfile.TemporaryDirectory(prefix="companion-demo-reader-") as folder:
            session = LiveSession.create(Path(folder) / "pace.sqlite", game, seats, self.seed)
            live = Relayed(game, adapter, session, seats, coaching=False, levels=spec.levels)
            live.outlet = outlet

            def on_frame(image: Any, facts: Any) -> None:
                if outlet.stopping:
                    raise Stopped
                live.shown = preview(image, facts.detections, self.width)
                outlet.keep_pace()

            try:
                for _happening in demo_table(
                    spec, live, self.players, self.seed, self.resolution, on_frame
                ).play():
                    pass
            except Stopped:
                pass
            finally:
                session.close()
