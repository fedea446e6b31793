"""The live screen's information column changes with every action: its labels are kept and told their new words,
never thrown away (a label thrown away keeps its text's texture until Python's rare full collection: the app's
memory, benchmarks/bench_app.py)."""

from __future__ import annotations

import time

from ui.app.widgets import Words


def test_the_live_column_keeps_its_labels_from_one_view_to_the_next(ui) -> None:
    ui.tap("Watch a demo game")
    live = ui.page
    kept: dict[int, Words] = {}  # held, so no id is reused by a new label
    most, fills, last = 0, 0, None
    started = time.monotonic()
    while fills < 6 and time.monotonic() - started < 120 and ui.app.current == "live":
        ui.pump(1)
        labels = [w for w in live.info.children if isinstance(w, Words)]
        words = tuple(w.text for w in labels)
        if labels and words != last:
            fills, last = fills + 1, words
            kept.update((id(w), w) for w in labels)
            most = max(most, len(labels))
    assert fills >= 6, f"the column said something new only {fills} times"
    assert len(kept) <= most, f"{len(kept)} labels made for a column of at most {most}"
