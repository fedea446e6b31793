"""The app's screens, by the name the app goes to them with."""

from __future__ import annotations

from ui.app.page import Page
from ui.app.screens.box import BoxPage
from ui.app.screens.end import EndPage
from ui.app.screens.history import HistoryPage
from ui.app.screens.home import HomePage
from ui.app.screens.lesson import LessonPage
from ui.app.screens.live import LivePage
from ui.app.screens.manual import ManualPage
from ui.app.screens.replay import ReplayPage
from ui.app.screens.rules import RulesPage
from ui.app.screens.secret import SecretPage
from ui.app.screens.setup import SetupPage

PAGES: dict[str, type[Page]] = {
    "home": HomePage,
    "setup": SetupPage,
    "live": LivePage,
    "manual": ManualPage,
    "end": EndPage,
    "history": HistoryPage,
    "replay": ReplayPage,
    "rules": RulesPage,
    "lesson": LessonPage,
    "secret": SecretPage,
    "box": BoxPage,
}
