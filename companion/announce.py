"""What the referee says aloud: successive live views in, short sentences for the ear out.

Every front end (the app, `companion play`, `companion demo`) hands its views to ``announce`` and speaks what comes
back, so they all say the same: the seat to act, what the table must fix, a rule broken, a ruling worth hearing
(a catch, the kraken, the curse), the coach when a player asks, and the winner with the scores. An announcement
knows what made it, so a queue can drop it once the table has moved on (``still_due``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.i18n import N_, translator
from companion.live import LiveView

YOUR_TURN = N_("{seat}, your turn.")
COACH_SAYS = N_("Coach: {summary}")
WINS = N_("{seat} wins.")
TIED = N_("It is a tie between {seats}.")
SCORE = N_("{name}: {told}.")

# Effects worth hearing aloud, by game: the moments a table cheers or groans at. The routine ones (a card revealed,
# placed, a turn passing, Kanaloa's trick won, Shark Park's every scare) are on the screen; said aloud at every
# move they would bury the rest (docs/benchmarks.md counts what a game says).
HEARD: dict[str, frozenset[str]] = {
    "kai-piranja": frozenset({"ate", "ate-all", "captured", "farandole-ran-out", "game-ends-hungry"}),
    "kanaloa": frozenset(
        {"kanaloa.kraken", "kanaloa.dolphin", "kanaloa.round-over", "kanaloa.game-won", "kanaloa.sea-floor"}
    ),
    "kuna-yala": frozenset(
        {"kuna-yala.shark-eats", "kuna-yala.curse", "kuna-yala.octopus-goes", "kuna-yala.game-ends"}
    ),
    "shark-park": frozenset(
        {
            "shark-park.fish-eaten",
            "shark-park.fish-escapes",
            "shark-park.shark-flees",
            "shark-park.shark-bitten",
            "shark-park.game-over",
        }
    ),
}


class Kind(StrEnum):
    TURN = "turn"
    FIX = "fix"
    RULE_BROKEN = "rule-broken"
    RULING = "ruling"
    COACH = "coach"
    WINNER = "winner"


@dataclass(frozen=True)
class Announcement:
    """One thing to say: ``alert`` ones interrupt what is being said; ``about`` is the pending item or alert it
    tells of, or the turn number, so it can be found stale."""

    kind: Kind
    text: str
    language: str
    alert: bool = False
    about: str = ""


def announce(before: LiveView | None, after: LiveView) -> tuple[Announcement, ...]:
    """What is new in ``after`` since ``before`` (None: the first view), in the order it is best heard."""
    tr = translator(after.language)
    lang = after.language
    said: list[Announcement] = []
    for words in after.refused:
        said.append(Announcement(Kind.RULE_BROKEN, words, lang, alert=True))
    for alert in after.alerts:
        if before is None or alert not in before.alerts:
            said.append(Announcement(Kind.RULE_BROKEN, alert, lang, alert=True, about=alert))
    heard = HEARD.get(after.game, frozenset())
    for code, words in after.effects:
        if code in heard:
            said.append(Announcement(Kind.RULING, words, lang))
    if after.over and (before is None or not before.over):
        said.append(Announcement(Kind.WINNER, winner_words(after), lang))
        return tuple(said)
    for item in after.pending:
        if before is None or item not in before.pending:
            said.append(Announcement(Kind.FIX, item, lang, about=item))
    if after.turn is not None and (before is None or before.turn_number != after.turn_number):
        seat = after.seats[after.turn]
        said.append(Announcement(Kind.TURN, tr(YOUR_TURN, seat=seat), lang, about=str(after.turn_number)))
    if after.coaching is not None and before is not None and after.coach_asks > before.coach_asks:
        said.append(Announcement(Kind.COACH, tr(COACH_SAYS, summary=after.coaching.summary), lang))
    return tuple(said)


def winner_words(view: LiveView) -> str:
    """ "Ann wins. Ann: 12 points. Bruno: 9 points." — the winners, then each seat's score as the game tells it."""
    tr = translator(view.language)
    names = [view.seats[seat] for seat in view.winners]
    head = tr(WINS, seat=names[0]) if len(names) == 1 else tr(TIED, seats=", ".join(names))
    rows = sorted(view.scoreboard.rows, key=lambda row: view.scoreboard.ranking.index(row.seat))
    return " ".join([head, *(tr(SCORE, name=row.name, told=row.told) for row in rows)])


def still_due(announcement: Announcement, view: LiveView) -> bool:
    """False once ``view`` shows the announcement is stale: the fix made, the alert gone, the turn passed."""
    if announcement.kind is Kind.FIX:
        return announcement.about in view.pending
    if announcement.kind is Kind.RULE_BROKEN and announcement.about:
        return announcement.about in view.alerts
    if announcement.kind is Kind.TURN:
        return announcement.about == str(view.turn_number)
    return True
