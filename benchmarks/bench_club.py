"""A simulated club evening (issue 36): 20 tables against a local Mosquitto, tables dropping off and on.

Each table plays its games with the random policy's players into real saved games (companion/club/evening.py),
and its publisher tells the broker through a link of its own (a TCP relay the evening cuts and restores: the
table's Wi-Fi). A scoreboard listener (the read-only account, QoS 1, a persistent session) feeds a Room. It
reports messages a second, the time from a ruling to the scoreboard, how long ``show`` took while a table's link
was cut, and checks that every game end arrived, in order, and that the standings equal those of the saved games.

python -m benchmarks.bench_club                   # 20 tables, 5 games each, as fast as the tables can play
python -m benchmarks.bench_club --pace 5          # each table plays 5 moves a second (latency at a calm load)
python -m benchmarks.bench_club --tables 3 --games 2
"""

from __future__ import annotations

import argparse
import contextlib
import random
import selectors
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.club.config import ClubConfig
from companion.club.evening import Seating, play_game, saved_results, seatings
from companion.club.listener import RoomListener
from companion.club.localbroker import LocalBroker
from companion.club.messages import Event, TableState
from companion.club.publisher import TablePublisher
from companion.club.standings import standings
from companion.live import LiveView

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy" / "club"
SLOW_MS = 5.0


class Clock:
    """The wall clock a table's publisher stamps its messages with, noting the last stamp it gave."""

    def __init__(self) -> None:
        self.last = 0.0

    def __call__(self) -> float:
        self.last = time.time()
        return self.last


class Link:
    """A TCP relay from a table to the broker that can be cut (every connection closed, new ones refused) and
    restored: what a table's Wi-Fi dropping does to its MQTT connection."""

    def __init__(self, broker_port: int) -> None:
        self.broker_port = broker_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = True
        self.cuts: list[tuple[float, float]] = []  # (cut, restored) times
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                conn.close()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.broker_port))
            with self._lock:
                self._pairs.append((conn, upstream))
            threading.Thread(target=self._pump, args=(conn, upstream), daemon=True).start()

    def _pump(self, a: socket.socket, b: socket.socket) -> None:
        selector = selectors.DefaultSelector()
        selector.register(a, selectors.EVENT_READ, b)
        selector.register(b, selectors.EVENT_READ, a)
        try:
            while True:
                for key, _ in selector.select():
                    data = key.fileobj.recv(65536)  # type: ignore[union-attr]
                    if not data:
                        return
                    key.data.sendall(data)
        except OSError:
            return
        finally:
            selector.close()
            for s in (a, b):
                s.close()

    def cut(self) -> None:
        self.up = False
        self.cuts.append((time.time(), float("inf")))
        with self._lock:
            pairs, self._pairs = self._pairs, []
        for pair in pairs:
            for s in pair:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def restore(self) -> None:
        self.up = True
        self.cuts[-1] = (self.cuts[-1][0], time.time())

    def cut_between(self, start: float, end: float) -> bool:
        """Whether the link was cut at some time from ``start`` to ``end``."""
        return any(cut <= end and back >= start for cut, back in self.cuts)

    def close(self) -> None:
        self.listener.close()
        self.cut()


@dataclass
class Table:
    name: str
    plan: list[Seating]
    publisher: TablePublisher
    link: Link
    drops: list[tuple[int, int]]  # (tick cut, tick restored)
    games: Iterator[tuple[Seating, LiveView]] | None = None
    show_ms: list[float] = field(default_factory=list)
    show_ms_cut: list[float] = field(default_factory=list)
    backlog: dict[float, int] = field(default_factory=dict)  # a show's time -> messages still unacknowledged

    def moves(self, folder: Path) -> Iterator[tuple[Seating, LiveView]]:
        for seating in self.plan:
            for view in play_game(folder, seating):
                yield seating, view


class Delays:
    """Each ruling's delay from its table's ``show`` to the scoreboard: (table, sent, seconds)."""

    def __init__(self) -> None:
        self.delays: list[tuple[str, float, float]] = []

    def __call__(self, topic: str, payload: bytes, got: Event | TableState | None, now: float) -> None:
        if isinstance(got, Event) and got.kind == "ruling":
            self.delays.append((got.table, got.t, now - got.t))


def wait(condition: Any, limit: float) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return bool(condition())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1)))] if ordered else float("nan")


def evening(tables: int, games: int, pace: float, seed: int, drops: int) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="club-evening-"))
    names = [f"table-{n}" for n in range(1, tables + 1)]
    accounts = {n: f"pw-{n}" for n in names} | {"scoreboard": "sb"}
    broker = LocalBroker(folder / "broker", DEPLOY / "mosquitto.conf", DEPLOY / "acl", accounts).start()
    timing = Delays()
    listener = RoomListener(broker.port, "sb", "bench-scoreboard", seen=timing)
    wait(listener.subscribed.is_set, 30)
    rng = random.Random(seed)
    room: list[Table] = []
    clocks: dict[str, Clock] = {}
    for name in names:
        link = Link(broker.port)
        clocks[name] = Clock()
        config = ClubConfig("127.0.0.1", link.port, name, accounts[name])
        publisher = TablePublisher(config, clock=clocks[name]).start()
        plan = seatings(name, games, seed)
        room.append(Table(name, plan, publisher, link, []))
    ticks_guess = games * 120  # a game is 60 to 200 moves: drops fall inside the evening
    for table in room:
        for _ in range(drops):
            start = rng.randrange(ticks_guess)
            table.drops.append((start, start + rng.randrange(20, 200)))
    for table in room:
        table.games = table.moves(folder / "games")
    started = time.perf_counter()
    tick = 0
    live = list(room)
    while live:
        tick_start = time.perf_counter()
        for table in list(live):
            for cut_at, back_at in table.drops:
                if tick == cut_at and table.link.up:
                    table.link.cut()
                elif tick == back_at and not table.link.up:
                    table.link.restore()
            assert table.games is not None
            item = next(table.games, None)
            if item is None:
                live.remove(table)
                continue
            seating, view = item
            waiting = table.publisher.queued - table.publisher.delivered
            before = time.perf_counter()
            table.publisher.show(view, seating.game_id)
            ms = (time.perf_counter() - before) * 1000
            (table.show_ms if table.link.up else table.show_ms_cut).append(ms)
            table.backlog[clocks[table.name].last] = waiting
        tick += 1
        if pace:
            time.sleep(max(0.0, 1 / pace - (time.perf_counter() - tick_start)))
    played = time.perf_counter() - started
    for table in room:
        if not table.link.up:
            table.link.restore()
    delivered = all(t.publisher.wait_delivered(120) for t in room)
    drained = time.perf_counter() - started
    wait(lambda: sum(len(v) for v in listener.room.ends.values()) >= tables * games, 60)
    time.sleep(0.5)  # anything delivered twice arrives now and is counted
    saved = saved_results(folder / "games")
    with listener.lock:
        room_state = listener.room
        from_events = standings(
            e.result for ends in room_state.ends.values() for e in ends if e.result is not None
        )
        in_order = all(
            [e.ordinal for e in room_state.ends.get(t.name, [])] == list(range(1, games + 1)) for t in room
        )
        delays = list(timing.delays)
        messages = listener.messages
        result = {
            "tables": tables,
            "games": games,
            "pace": pace,
            "drops": sum(len(t.link.cuts) for t in room),
            "ticks": tick,
            "played_s": played,
            "drained_s": drained,
            "queued": sum(t.publisher.queued for t in room),
            "received": messages,
            "messages_per_s": messages / drained,
            "delivered": delivered,
            "ends": sum(len(v) for v in room_state.ends.values()),
            "saved_games": len(saved),
            "in_order": in_order,
            "lost": room_state.lost,
            "out_of_order": room_state.out_of_order,
            "duplicates": room_state.duplicates,
            "standings_equal": from_events == standings(saved) and room_state.standings() == standings(saved),
            "players": len(from_events),
        }
    # A ruling sent while its table had nothing waiting and its link stayed up until delivery, against one held
    # by a cut link or behind a backlog (the table's earlier messages, one round trip each).
    by_name = {t.name: t for t in room}

    def quiet(table: str, sent: float, delay: float) -> bool:
        return by_name[table].backlog.get(sent, 1) == 0 and not by_name[table].link.cut_between(
            sent, sent + delay
        )

    steady = [d for table, sent, d in delays if quiet(table, sent, d)]
    held = [d for table, sent, d in delays if not quiet(table, sent, d)]
    result |= {
        "rulings": len(delays),
        "latency_ms_median": statistics.median(steady) * 1000 if steady else float("nan"),
        "latency_ms_p95": percentile(steady, 0.95) * 1000,
        "latency_ms_max": max(steady, default=float("nan")) * 1000,
        "held_rulings": len(held),
        "held_latency_s_max": max(held, default=float("nan")),
        "held_latency_s_median": statistics.median(held) if held else float("nan"),
        "show_calls": sum(len(t.show_ms) + len(t.show_ms_cut) for t in room),
        "show_calls_cut": sum(len(t.show_ms_cut) for t in room),
        "show_ms_max": max((m for t in room for m in t.show_ms), default=float("nan")),
        "show_ms_max_cut": max((m for t in room for m in t.show_ms_cut), default=float("nan")),
        "show_over_5ms_cut": sum(m >= SLOW_MS for t in room for m in t.show_ms_cut),
        "show_over_5ms": sum(m >= SLOW_MS for t in room for m in t.show_ms),
    }
    for table in room:
        table.publisher.close(wait=1)
        table.link.close()
    listener.close()
    broker.stop()
    return result


def passed(r: dict[str, Any]) -> bool:
    return bool(
        r["delivered"]
        and r["ends"] == r["saved_games"] == r["tables"] * r["games"]
        and r["in_order"]
        and r["lost"] == 0
        and r["out_of_order"] == 0
        and r["standings_equal"]
    )


def report(r: dict[str, Any]) -> str:
    pace = f"{r['pace']:g} moves a second at each table" if r["pace"] else "as fast as the tables play"
    lines = [
        f"{r['tables']} tables x {r['games']} games ({pace}), {r['drops']} link drops: "
        f"{r['saved_games']} games saved, {r['ends']} game ends received, in order: {r['in_order']}, "
        f"lost {r['lost']}, out of order {r['out_of_order']}, delivered twice {r['duplicates']}; "
        f"standings equal to the saved games' ({r['players']} players): {r['standings_equal']}",
        f"- messages: {r['queued']} published, {r['received']} received by the scoreboard in "
        f"{r['drained_s']:.1f} s (games played in {r['played_s']:.1f} s): {r['messages_per_s']:.0f} messages a "
        "second",
        f"- a ruling to the scoreboard, its table with nothing waiting and its link up "
        f"({r['rulings'] - r['held_rulings']} "
        f"rulings): median {r['latency_ms_median']:.1f} ms, 95th percentile {r['latency_ms_p95']:.1f} ms, worst "
        f"{r['latency_ms_max']:.1f} ms; held by a cut link or behind a backlog (the table's earlier messages: "
        f"{r['held_rulings']}): median {r['held_latency_s_median']:.2f} s, worst {r['held_latency_s_max']:.1f} s",
        f"- `show` (the game's whole cost of publishing): {r['show_calls']} calls, worst "
        f"{r['show_ms_max']:.2f} ms; {r['show_calls_cut']} of them with the table's link cut, worst "
        f"{r['show_ms_max_cut']:.2f} ms; calls of {SLOW_MS:.0f} ms or more: {r['show_over_5ms']} with the link "
        f"up, {r['show_over_5ms_cut']} cut",
    ]
    return "\n".join(lines)


def run(quick: bool) -> str:
    tables, games = (5, 2) if quick else (20, 5)
    fast = evening(tables, games, 0.0, 1, 2)
    calm = evening(tables, games, 20.0 if quick else 5.0, 2, 2)
    section = [
        "## Club night: 20 tables, one broker (`benchmarks/bench_club.py`)",
        "",
        "A simulated evening against a local Mosquitto (deploy/club's config), each table's link cut and restored "
        "twice; the scoreboard listener is the read-only account with QoS 1 and a persistent session.",
        "",
        report(fast),
        "",
        report(calm),
        "",
        f"Passed: {passed(fast) and passed(calm)}",
    ]
    return "\n".join(section) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--pace", type=float, default=0.0, help="moves a second at each table (0: flat out)")
    parser.add_argument("--drops", type=int, default=2, help="link drops per table")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = evening(args.tables, args.games, args.pace, args.seed, args.drops)
    print(report(result))
    ok = passed(result)
    print("passed" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
