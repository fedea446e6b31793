"""The live screen's information column changes with every action: its labels are kept and told their new words,
never thrown away (a label thrown away keeps its text's texture until Python's rare full collection: the app's
memory, benchmarks/bench_app.py)."""

from __future__ import annotations

import time

from ui.app.widgets import Words


def test_the_live_column_keeps_its_labels_from_one_view_to_the_next(ui) -> None:
    ui.watch_demo()
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


def test_a_line_already_shown_keeps_its_label_and_its_rendered_text(ui) -> None:
    """A new move shifts the last moves down a line: only the new line's text is rendered, the others keep their
    label and its texture (rendering text is the column's costliest part on the screen's clock)."""
    from ui.app.widgets import Big, Column, TextLine, WordsPool

    theme = ui.app.theme
    column = Column(theme, size_hint_x=None, width=300)
    pool = WordsPool(theme)
    said = ["Ana laid the Shark.", "Bo laid a Piranha.", "Cy passed."]
    pool.fill(column, [TextLine(text) for text in said])
    ui.pump(2)
    before = {w.text: (w, w.texture) for w in column.children}
    button = Big("Try again", theme)
    pool.fill(column, [TextLine("Di took the pile.", bold=True), *(TextLine(t) for t in said), button])
    ui.pump(2)
    shown = list(reversed(column.children))  # Kivy lists children last first
    assert [getattr(w, "text", None) for w in shown] == ["Di took the pile.", *said, "Try again"]
    assert shown[-1] is button and shown[0].bold
    for label in shown[1:-1]:
        assert before[label.text] == (label, label.texture), f"{label.text!r} was rendered again"
    pool.fill(column, [TextLine(said[0], color=(1, 0, 0, 1))])  # the same words in another colour: told so
    assert [tuple(w.color) for w in column.children] == [(1, 0, 0, 1)]
    assert len({id(w) for w in pool._kept}) == 4  # never more labels than the longest column
