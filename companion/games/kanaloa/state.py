"""Kanaloa's game state: one immutable value, plain tuples, ints and strings, that round-trips through JSON."""

from __future__ import annotations

from dataclasses import dataclass

# What the table is waiting for.
LAYOUT = "layout"  # the sea to be laid out (a chance action: the real table's sea, or a random one)
DEAL = "deal"  # the round's deal (a chance action; the hands are unknown at a real table)
LAY_DOWN = "lay-down"  # variant: each player in turn says whether he lays his boat down
PLAY = "play"  # the next card of the trick
KRAKEN_REMOVAL = "kraken-removal"  # the player who just played a Kraken removes a free sea card
DOLPHIN = "dolphin"  # the trick's winner decides whether to take the dolphin's extra square
ROUND_REMOVAL = "round-removal"  # end of round: the player who moved last removes a free sea card
STAND_UP = "stand-up"  # variant, end of round: a player who won the bet says whether to sail the 3 squares
OVER = "over"
PHASES: tuple[str, ...] = (
    LAYOUT,
    DEAL,
    LAY_DOWN,
    PLAY,
    KRAKEN_REMOVAL,
    DOLPHIN,
    ROUND_REMOVAL,
    STAND_UP,
    OVER,
)

NOBODY = -1


@dataclass(frozen=True)  # not slotted: evolve copies its __dict__ at once, several times faster
class State:
    """Everything the rules need. Squares are indexes into ``layout_squares``, which never changes once laid,
    so a boat's square stays the same number when sea cards are removed."""

    players: int
    phase: str = LAYOUT
    layout_cards: tuple[str, ...] = ()  # sea card ids clockwise, as laid at setup
    layout_squares: tuple[str, ...] = ()  # two per sea card, clockwise: "red", "green-dolphin", "navy-waves"
    sea: tuple[str, ...] = ()  # the sea cards still in the circle, in layout order
    boats: tuple[int, ...] = ()  # each seat's square
    order: tuple[int, ...] = ()  # the race order, leading boat first (boats still on the start come last)
    round: int = 0
    leader: int = 0  # who leads the current trick; at the start of a round, the dealer
    trick_number: int = 0  # 1..8 in a round
    trump: str = ""  # announced before each trick
    trick: tuple[str, ...] = ()  # the current trick's cards, the leader's first
    hands: tuple[tuple[str, ...], ...] | None = None  # None: the hands are unknown (a real table)
    played: tuple[str, ...] = ()  # this round's cards in finished tricks, in play order
    voids: tuple[tuple[int, str, int], ...] = ()  # (seat, colour, trick): did not follow colour in that trick
    revokes: tuple[
        tuple[int, int, int, int], ...
    ] = ()  # (round, seat, trick not followed, trick that shows it)
    tricks_won: tuple[int, ...] = ()  # this round, by seat
    laid_down: tuple[bool, ...] = ()  # variant: boats laid down this round, by seat (stood up at its end)
    pending: int = NOBODY  # the seat owing a decision (lay-down, dolphin and removal phases)
    last_mover: int = NOBODY  # the player who moved his boat last (removes a sea card at the end of a round)
    winner: int = NOBODY
