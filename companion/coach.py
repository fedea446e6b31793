"""The coach: the current player's options in words, what each would do, and a risk hint where it helps.

``coach(game, state, language, seats, game_coach)`` is the one entry point. A game whose spec names a coach of its
own (Kai Piranja) is coached by it; any other game gets a plain list of its legal decisions, each told by
``describe_action``.

The coach's texts live in their own gettext domain, "coach", which falls back on the core's. They are marked
with ``CN_`` / ``CNP_`` rather than ``N_`` / ``NP_``: the catalog checks of the core and of each game extract
``N_`` from every module in their folder, and this domain's messages belong in ``coach.po``, not in theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.i18n import CORE_LOCALE_DIR, Translator, check_language, translator
from companion.protocol import Action, Game, seat_name

DOMAIN = "coach"
MAX_GENERIC_OPTIONS = 12  # a game without a coach may list many moves; a child reads a dozen at most


def CN_(message: str) -> str:
    """Mark a message of the coach's domain (translated in coach.po) without translating it."""
    return message


def CNP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message of the coach's domain with a plural form; the count is its ``{n}`` parameter."""
    return (singular, plural)


@dataclass(frozen=True)
class Advice:
    """One option of the current player.

    ``action`` is None for "reveal a card": which card comes up is chance, so no single action stands for it.
    ``risk`` is a hint about what could go wrong, or None when nothing can.
    """

    action: Action | None
    title: str
    outcome: str
    risk: str | None = None


@dataclass(frozen=True)
class Coaching:
    """The coach's word on one moment of a game: who acts (None once the game is over), the situation, the options.

    ``short`` is the same in one line, for players who know the game (a front end gives the rest on request);
    ``coach`` fills it (``short_form``) when a game's coach leaves it empty."""

    seat: int | None
    summary: str
    options: tuple[Advice, ...]
    short: str = ""


GameCoach = Callable[[Any, Any, str, Sequence[str]], Coaching]

GAME_OVER = CN_("The game is over.")
NO_COACH = CN_("The coach does not know {title} yet. Here is what {seat} may do.")
MORE_OPTIONS = CNP_("…and {n} more move.", "…and {n} more moves.")
NO_ADVICE = CN_("The rules allow this move.")


def coach_translator(language: str) -> Translator:
    """The coach's texts in ``language``; shared words ("seat 2", "a and b") come from the core's catalog."""
    return translator(check_language(language), DOMAIN, CORE_LOCALE_DIR)


def coach(
    game: Game[Any, Any],
    state: Any,
    language: str = "en",
    seats: Sequence[str] = (),
    game_coach: GameCoach | None = None,
) -> Coaching:
    """The current player's options in ``state``, in ``language``; ``seats`` names the seats (default "seat 1"...).

    ``game_coach`` is the game's own coach (its spec's ``coach``); without one the legal moves are listed."""
    tr = coach_translator(language)
    seat = game.current_player(state)
    if seat is None or game.is_over(state):
        return Coaching(None, tr(GAME_OVER), (), tr(GAME_OVER))
    said = (
        generic_coaching(game, state, language, seats)
        if game_coach is None
        else game_coach(game, state, language, seats)
    )
    return said if said.short else replace(said, short=short_form(said))


SHORT_OPTIONS = 3  # the options a one-line coach names, by their titles


def short_form(coaching: Coaching) -> str:
    """The coaching in one line: its summary's first sentence and the titles of its first options."""
    titles = [advice.title for advice in coaching.options[:SHORT_OPTIONS]]
    more = "…" if len(coaching.options) > SHORT_OPTIONS else ""
    return " ".join([first_sentence(coaching.summary), *(["; ".join(titles) + more] if titles else [])])


def first_sentence(text: str) -> str:
    """The first sentence of ``text`` (up to its first full stop, question or exclamation mark and a space)."""
    for index, char in enumerate(text):
        if char in ".!?…" and (index + 1 == len(text) or text[index + 1] == " "):
            return text[: index + 1]
    return text


def generic_coaching(
    game: Game[Any, Any], state: Any, language: str = "en", seats: Sequence[str] = ()
) -> Coaching:
    """For a game without a coach: its legal moves in words, one entry per distinct description."""
    tr = coach_translator(language)
    seat = game.current_player(state)
    assert seat is not None
    options: dict[str, Action] = {}
    for action in game.legal_actions(state):
        options.setdefault(game.describe_action(action, language, seats), action)
    listed = tuple(
        Advice(action, title, tr(NO_ADVICE)) for title, action in list(options.items())[:MAX_GENERIC_OPTIONS]
    )
    summary = tr(NO_COACH, title=game.title, seat=seat_name(seat, tr, seats))
    hidden = len(options) - len(listed)
    if hidden:
        summary += " " + tr.plural(*MORE_OPTIONS, hidden)
    return Coaching(seat, summary, listed)
