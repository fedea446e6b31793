"""Club night for the front ends: start a table's publisher when the config's ``[club]`` section names a broker
(docs/club.md), and what each front end calls with every view it draws. Off, and no connection, without it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from companion.club.config import ClubConfig, read_club_config
from companion.club.publisher import TablePublisher
from companion.club.words import PUBLISHING, ClubError, club_translator
from companion.errors import CommandError
from companion.live import LiveView
from hardware.config import config_source
from ui.control.problems import Problems


def club_config(config_option: str | Path | None, environ: Mapping[str, str] | None = None) -> ClubConfig:
    """The ``[club]`` section of the app's config file (``--config``, $COMPANION_CONFIG, or the default one);
    ClubError says what is wrong in it."""
    source = config_source(config_option) if environ is None else config_source(config_option, environ)
    return read_club_config(source.path)


def checked_club(config_option: str | Path | None, language: str) -> ClubConfig:
    """The ``[club]`` section, or CommandError saying what to fix: commands call it before they make anything, so
    that a wrong section leaves no new saved game behind (a table that believes it publishes, and does not, would
    be found out late)."""
    try:
        return club_config(config_option)
    except ClubError as exc:
        raise CommandError(exc.tell(language)) from None


def start_club(config: ClubConfig, language: str, out: Callable[[str], None]) -> TablePublisher | None:
    """The table's publisher, started (it connects in the background), if ``config`` names a broker."""
    if not config.enabled:
        return None
    out(club_translator(language)(PUBLISHING, table=config.table, broker=f"{config.broker}:{config.port}"))
    return TablePublisher(config).start()


def shown_by(publisher: TablePublisher | None, game_id: str) -> Callable[[LiveView], None] | None:
    """What a front end calls with each view of the game ``game_id`` (its saved game's name); None: nothing."""
    if publisher is None:
        return None
    return lambda view: publisher.show(view, game_id)


CLUB_CONFIG = "club-config"  # the home screen's cause for a [club] section that is wrong


def start_club_in_app(problems: Problems, config_option: str | Path | None) -> TablePublisher | None:
    """The app's publisher, for the whole evening (one connection, every game it plays); a wrong ``[club]`` is
    said on the home screen, in the screen's language, and the app plays on without publishing."""
    try:
        config = club_config(config_option)
    except ClubError as exc:
        problems.say(CLUB_CONFIG, exc.tell)
        return None
    problems.solved(CLUB_CONFIG)
    return TablePublisher(config).start() if config.enabled else None
