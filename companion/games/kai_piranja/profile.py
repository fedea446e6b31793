"""Kai Piranja's rules profile: every point the rulebooks leave open, as a named option (REFERENCE.md §4)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_
from companion.protocol import Option, Profile


@dataclass(frozen=True)
class KaiPiranjaProfile(Profile):
    # At 3 or 4 players "about 1/3 of the cards" are put back in the box unseen, all empty-sea cards staying.
    # REFERENCE.md §4.2 proposes round(140 / 3) = 47 farandole cards.
    removed_at_3_4_players: int = 47
    # FR and IT: a pile is taken during the turn and the row stays. Several German reviews: only when banking.
    capture_requires_banking: bool = False
    # The small/large split of sated fish is printed nowhere (REFERENCE.md §4.1): small cards per species.
    small_sated_farandole: int = 14
    small_sated_empty_sea: int = 2

    def problem(self) -> str | None:
        if not 0 <= self.removed_at_3_4_players <= 139:
            return "rules option 'removed_at_3_4_players' must be between 0 and 139"
        if not 0 <= self.small_sated_farandole <= 28:
            return "rules option 'small_sated_farandole' must be between 0 and 28"
        if not 0 <= self.small_sated_empty_sea <= 4:
            return "rules option 'small_sated_empty_sea' must be between 0 and 4"
        return None


OPTIONS: tuple[Option, ...] = (
    Option(
        "removed_at_3_4_players",
        N_("At 3 or 4 players: how many farandole cards go back in the box, unseen."),
        "Rulebooks: 'about 1/3 of the cards'; REFERENCE.md §4.2 proposes 47 (a third of 140).",
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
    ),
    Option(
        "small_sated_empty_sea",
        N_("How many of each species' 4 sated empty-sea fish are small (the others are large)."),
        "Not printed anywhere; REFERENCE.md §4.1 proposes 2.",
    ),
)
