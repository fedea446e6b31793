"""Shark Park's rules profile: every point REFERENCE.md §1 marks UNKNOWN, and the rulebook's two variants."""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_
from companion.protocol import Option, Profile, RecordError

# A fish pushed onto a square holding two sharks or more (the rulebook's sentence is cut off).
TWO_SHARKS_BLOCK = "block"  # not eaten: it stays where it was and blocks its lane
TWO_SHARKS_ESCAPE = "escape"  # it leaves the game, as if pushed off the board
TWO_SHARKS_ACTIVE = "active-player"  # eaten by the active player's shark there, else it blocks
TWO_SHARKS: tuple[str, ...] = (TWO_SHARKS_BLOCK, TWO_SHARKS_ESCAPE, TWO_SHARKS_ACTIVE)


@dataclass(frozen=True)
class SharkParkProfile(Profile):
    # Variant Sonar: the fish lie face up.
    sonar: bool = False
    # Variant Vivier: a fish that escapes is put back on a free square of its value before the sharks move.
    vivier: bool = False
    # Two sharks may not share a square at setup.
    setup_one_per_square: bool = True
    # The fish-bone tile may point along each of the 4 directions (false: only away from the board's edge).
    any_direction: bool = True
    # Peur! shifts a lane even when its first square is empty.
    fear_from_empty_start: bool = True
    # The wave of Peur! stops at the first shark of the lane: fish beyond it do not move.
    fear_stops_at_shark: bool = True
    # Terreur!!!: the active player's own sharks stay put and eat as usual.
    terror_own_sharks_stay: bool = True
    # A fish pushed onto a square with two sharks or more.
    two_sharks: str = TWO_SHARKS_BLOCK
    # Sharks may end a move on, or pass through, a square holding another shark.
    sharks_share_squares: bool = True
    # Still tied after the 4- and 3-point fish: a shared win (false: nobody wins).
    shared_win: bool = True

    def problem(self) -> RecordError | None:
        return self.options_problem(OPTIONS)


OPTIONS: tuple[Option, ...] = (
    Option(
        "sonar",
        N_("Variant Sonar: the fish lie face up, everyone sees their value."),
        "Rulebook, 'Variantes': Sonar. Off by default because it is a variant.",
    ),
    Option(
        "vivier",
        N_("Variant Vivier: an escaped fish goes back on a free square of its value."),
        "Rulebook, 'Variantes': Vivier. The player who made it escape puts it back before moving his sharks; "
        "with no free square of its value it stays out. Off by default because it is a variant.",
    ),
    Option(
        "setup_one_per_square",
        N_("At setup, two sharks may not share a square."),
        "Not in the rulebook. REFERENCE.md §1.2 proposes true.",
    ),
    Option(
        "any_direction",
        N_("The fish-bone tile may point in any of the 4 directions."),
        "The rulebook's example shows only 'de gauche à droite'. True: any of the 4 orthogonal directions, lanes "
        "starting off the board ignored (REFERENCE.md §1.3 proposes true). False: a shark on the outer ring scares "
        "only towards the inside of the board, away from its side.",
    ),
    Option(
        "fear_from_empty_start",
        N_("Fear!: a lane moves even when its first square is empty."),
        "Not in the rulebook. REFERENCE.md §1.3 proposes true.",
    ),
    Option(
        "fear_stops_at_shark",
        N_("Fear!: the wave stops at the first shark of a lane."),
        "Not in the rulebook: fish beyond that shark do not move. REFERENCE.md §1.3 proposes true; false lets the "
        "wave run on to the edge, every fish pushed onto a shark being eaten.",
    ),
    Option(
        "terror_own_sharks_stay",
        N_("Terror!!!: your own sharks stay put and eat; only the others flee."),
        "Not in the rulebook. REFERENCE.md §1.3 proposes true. False: every shark in the lanes flees, the active "
        "player's too (one pushed off is put back on a free outer square by the active player), so none is "
        "bitten; the scaring shark never moves.",
    ),
    Option(
        "two_sharks",
        N_(
            "A fish pushed onto two sharks: `block` (it stays), `escape` (it leaves) or `active-player` (yours)."
        ),
        "The rulebook's sentence is cut off after 'un seul Requin'. REFERENCE.md §1.3 proposes 'block': the fish "
        "is not eaten and stays where it was, blocking its lane. 'escape': it leaves the game. 'active-player': "
        "the active player's shark there eats it (if none is his, it blocks).",
        TWO_SHARKS,
        says=(
            N_("it stays where it was"),
            N_("it leaves the game"),
            N_("the shark of the player to play eats it"),
        ),
        ask=N_("A fish pushed onto a square with two sharks:"),
    ),
    Option(
        "sharks_share_squares",
        N_("Sharks may stop on, or pass through, a square with another shark."),
        "Not in the rulebook, whose 'un seul Requin' implies two sharks can share a square. REFERENCE.md §1.3 "
        "proposes true.",
    ),
    Option(
        "shared_win",
        N_("Still tied after the 4- and 3-point fish: the tied players share the win."),
        "The rulebook's tie-breaks end at the 3-point fish. REFERENCE.md §1.4 proposes a shared win; false "
        "makes it a draw that nobody wins.",
    ),
)
