"""The failure screen: what a family sees after the app failed to start several times in a row.

It is shown by its own small app (ui/app/service.py) instead of the companion's screens, which may be what fails.
Large words, the last error in one short line (its detail behind a button), what to try, and "Try again".
"""

from __future__ import annotations

from collections.abc import Callable

from kivy.uix.boxlayout import BoxLayout

from companion.i18n import N_
from ui.app import theme as th
from ui.app.failures import BROKEN_INSTALL, DISK_FULL, JOURNAL_HINT, READ_ONLY, UNANSWERED, Plan
from ui.app.page import LANGUAGE_NAMES
from ui.app.theme import Theme
from ui.app.widgets import Big, Column, Row, Words, backdrop, scrolled
from ui.talk import ui_translator

COULD_NOT_START = N_("The companion could not start")
TRIED = N_("It tried {count} times in the last few minutes. The last problem:")
UNKNOWN = N_("No error was written down.")
WHAT_TO_TRY = N_(
    "What to try: restart the Raspberry Pi; if this screen comes back, run `companion doctor` on it, "
    "and read what docs/raspberry-pi.md says about a start that fails."
)
DETAILS = N_("Details")
HIDE_DETAILS = N_("Hide details")
DETAIL_TEXT = N_("The app's log says more: {command}")
TRY_AGAIN = N_("Try again")
# The big line, in family words; the error itself is under Details (and in the journal).
SAID: dict[str, str] = {
    DISK_FULL: N_("The SD card is full: nothing more can be saved. The saved games are kept."),
    READ_ONLY: N_("The SD card can no longer be written: it may be worn out. Copy the saved games off it."),
    BROKEN_INSTALL: N_(
        "Part of the app is missing or damaged: run the installer again (sudo deploy/install.sh)."
    ),
    UNANSWERED: N_("It stopped answering (a frozen screen, or the power went) and was started again."),
}
LONGEST_LINE = 90  # characters of the error on the screen: one short line, the rest in Details


def short_line(error: str) -> str:
    line = error.strip().splitlines()[0] if error.strip() else ""
    return line if len(line) <= LONGEST_LINE else line[: LONGEST_LINE - 1] + "…"


class FailureScreen(BoxLayout):
    """The whole window, in ``language`` (its button changes it); "Try again" calls ``on_retry``."""

    def __init__(
        self,
        theme: Theme,
        plan: Plan,
        language: str,
        on_retry: Callable[[], None],
    ) -> None:
        super().__init__(orientation="vertical", padding=theme.gap, spacing=theme.gap)
        self.theme = theme
        self.plan = plan
        self.language = language
        self.on_retry = on_retry
        self.details_shown = False
        backdrop(self, th.BACKGROUND)  # opaque: in the tests it is laid over the app's own screens
        self.refresh()

    def tr(self, message: str, **params: object) -> str:
        return ui_translator(self.language)(message, **params)

    def next_language(self) -> None:
        names = list(LANGUAGE_NAMES)
        self.language = names[(names.index(self.language) + 1) % len(names)]
        self.refresh()

    def toggle_details(self) -> None:
        self.details_shown = not self.details_shown
        self.refresh()

    def refresh(self) -> None:
        self.clear_widgets()
        theme, last = self.theme, self.plan.last
        error = last.error if last is not None and last.error else self.tr(UNKNOWN)
        said = SAID.get(last.kind) if last is not None else None
        body = Column(
            theme,
            [
                Words(self.tr(COULD_NOT_START), theme, th.TURN_MM, th.ALERT, bold=True),
                Words(self.tr(TRIED, count=self.plan.failures), theme),
                Words(self.tr(said) if said else short_line(error), theme, color=th.PENDING),
            ],
        )
        if self.details_shown:
            body.add_widget(Words(error, theme, th.BODY_MM * 0.8, th.MUTED))
            body.add_widget(
                Words(self.tr(DETAIL_TEXT, command=JOURNAL_HINT), theme, th.BODY_MM * 0.8, th.MUTED)
            )
        body.add_widget(Words(self.tr(WHAT_TO_TRY), theme))
        self.add_widget(scrolled(body))
        self.add_widget(
            Row(
                theme,
                [
                    Big(self.tr(HIDE_DETAILS if self.details_shown else DETAILS), theme, self.toggle_details),
                    Big(LANGUAGE_NAMES[self.language], theme, self.next_language),
                    Big(self.tr(TRY_AGAIN), theme, self.on_retry, th.ACCENT),
                ],
            )
        )
