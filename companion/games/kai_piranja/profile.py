"""Kai Piranja's rules profile: every point the rulebooks leave open, as a named option (REFERENCE.md §4)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_
from companion.protocol import JSON, Option, Profile, RecordError

# How many farandole cards a simulated table puts back when the count is unknown: "about a third" of 140 split
# off by eye, 47 give or take 7 (from 2 in 7 to 2 in 5 of the pile), each count as likely (engine.py draws it).
SIMULATED_REMOVED = range(40, 55)


@dataclass(frozen=True)
class KaiPiranjaProfile(Profile):
    # At 3 or 4 players "about 1/3 of the cards" are put back in the box unseen, all empty-sea cards staying.
    # Nobody counts them: the table sees the farandole run out, the engine learns it from the first empty-sea
    # card revealed. A table that did count says so (False) and gives the count.
    removed_unknown: bool = True
    # The count when known. REFERENCE.md §4.2 proposes round(140 / 3) = 47 farandole cards.
    removed_at_3_4_players: int = 47
    # FR and IT: a pile is taken during the turn and the row stays. Several German reviews: only when banking.
    capture_requires_banking: bool = False
    # The small/large split of sated fish is printed nowhere (REFERENCE.md §4.1): small cards per species.
    small_sated_farandole: int = 14
    small_sated_empty_sea: int = 2

    @classmethod
    def from_json(cls, data: JSON) -> Profile:
        """A profile that gives the count without saying whether it is known was written before the count could
        be unknown (every record header until then): it was played with that exact count, and replays so."""
        if isinstance(data, dict) and "removed_at_3_4_players" in data and "removed_unknown" not in data:
            data = {**data, "removed_unknown": False}
        return super().from_json(data)

    def removed_count(self, players: int) -> int | None:
        """How many farandole cards went back in the box at this table: None when nobody counted them."""
        if players > 4:
            return 0
        return None if self.removed_unknown else self.removed_at_3_4_players

    def problem(self) -> RecordError | None:
        return self.options_problem(OPTIONS)


OPTIONS: tuple[Option, ...] = (
    Option(
        "removed_unknown",
        N_(
            "At 3 or 4 players about a third goes back in the box, uncounted: the table shows when it runs out."
        ),
        "Rulebooks: 'about 1/3 of the cards', unseen (true). A table that counted them: false, and the count.",
    ),
    Option(
        "removed_at_3_4_players",
        N_("At 3 or 4 players, if counted: how many farandole cards go back in the box, unseen."),
        "Used only when removed_unknown is false. REFERENCE.md §4.2 proposes 47 (a third of 140).",
        low=0,
        high=139,
    ),
    Option(
        "capture_requires_banking",
        N_("A digesting pile is taken only when you bank your row with 3 of its fish."),
        "FR and IT rulebooks: during the turn, the row stays (false). German reviews: when banking (true).",
    ),
    Option(
        "small_sated_farandole",
        N_("How many of each species' 28 sated farandole fish are small (the others are large)."),
        "Not printed anywhere; REFERENCE.md §4.1 proposes 14. Only each card's own size matters to the rules.",
        low=0,
        high=28,
    ),
    Option(
        "small_sated_empty_sea",
        N_("How many of each species' 4 sated empty-sea fish are small (the others are large)."),
        "Not printed anywhere; REFERENCE.md §4.1 proposes 2.",
        low=0,
        high=4,
    ),
)
