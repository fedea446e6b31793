"""The club's words, in its own gettext domain (``club``, companion/club/locale): what ``companion club`` and a
table's config say, and the scoreboard page's strings, served to the page as JSON in its language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.errors import Told
from companion.i18n import LANGUAGES, N_, Translator, translator

DOMAIN = "club"
LOCALE_DIR = Path(__file__).parent / "locale"


def club_translator(language: str) -> Translator:
    return translator(language, DOMAIN, LOCALE_DIR)


class ClubError(Told):
    """A problem with the club's config or command, told in the player's language."""

    def tell(self, language: str = "en") -> str:
        return club_translator(language)(self.message, **self.params)


PUBLISHING = N_("Club night: this table ({table}) tells the room's broker at {broker} how the game goes.")

# The page's strings, by the key the page's script asks for.
PAGE: dict[str, str] = {
    "heading": N_("Club night"),
    "tables": N_("Tables"),
    "standings": N_("Tonight's standings"),
    "player": N_("Player"),
    "points": N_("Points"),
    "games": N_("Games"),
    "wins": N_("Wins"),
    "to_play": N_("to play"),
    "over": N_("Game over"),
    "won": N_("won"),
    "offline": N_("offline"),
    "no_tables": N_("No table has reported yet."),
    "no_games": N_("No game has finished yet."),
    "connecting": N_("Connecting to the broker…"),
    "connected": N_("Live"),
    "disconnected": N_("The broker cannot be reached: trying again."),
    "finished": N_("Games finished: {n}"),  # the page puts the count in
    "rule": N_(
        "A place is worth one point for each player below it, half a point for each player sharing it."
    ),
}


def page_strings(language: str) -> dict[str, Any]:
    """The page's strings in ``language`` (one of LANGUAGES; anything else gets English)."""
    tr = club_translator(language if language in LANGUAGES else "en")
    return {"language": tr.language, **{key: tr(text) for key, text in PAGE.items()}}
