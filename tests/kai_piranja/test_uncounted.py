"""An unknown number of farandole cards put back at 3 or 4 players ("about a third", uncounted, the rulebook's
reading), beside the exact count kept as an option."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.actions import KaiPiranjaAction, Reveal
from companion.games.kai_piranja.cards import EMPTY_SEA, FARANDOLE
from companion.games.kai_piranja.picture import picture
from companion.games.kai_piranja.profile import SIMULATED_REMOVED, KaiPiranjaProfile
from companion.games.kai_piranja.rules import decisions
from companion.games.kai_piranja.state import State
from companion.match import Match
from companion.protocol import Effect, RecordError, Violation
from companion.record import IllegalAction, loads, replay
from companion.simulate import simulate

UNCOUNTED = KaiPiranjaGame()
COUNTED = KaiPiranjaGame(KaiPiranjaProfile(removed_unknown=False))  # 47, REFERENCE.md's third


@dataclass
class TableGame:
    """What a real table did: the actions the referee accepted, and the first one it refused (if any)."""

    match: Match
    farandole_in_play: int
    refused: Violation | None = None
    refused_after: int = 0  # farandole cards revealed before the refused action


def play_table(game: KaiPiranjaGame, players: int, removed: int, seed: int) -> TableGame:
    """A table that shuffled and put back ``removed`` farandole cards, unseen, plays to the end: each reveal
    takes the top card of the farandole stack while it holds one, then of the empty sea; the other choices
    (captures, banking, ending) are drawn among the legal ones. Stops at the first action the referee refuses."""
    rng = random.Random(seed)
    farandole = list(game.catalogue().ids(FARANDOLE))
    empty_sea = list(game.catalogue().ids(EMPTY_SEA))
    rng.shuffle(farandole)
    rng.shuffle(empty_sea)
    stacks = [farandole[removed:], empty_sea]
    played = TableGame(Match(game, tuple(f"P{n + 1}" for n in range(players))), len(stacks[0]))
    while not played.match.is_over():
        state = played.match.state
        options: list[KaiPiranjaAction | None] = [*decisions(game.box, state), None]
        choice = rng.choice(options)
        if choice is None:  # reveal the top card of the first stack that has one
            stack = stacks[0] or stacks[1]
            choice = Reveal(state.current, stack.pop(0))
        result = played.match.push(choice)
        if isinstance(result, Violation):
            played.refused = result
            played.refused_after = played.farandole_in_play - len(stacks[0]) - (choice.card in farandole)
            return played
    return played


def effects_coded(match: Match, code: str) -> list[Effect]:
    return [e for effects in match.effects for e in effects if e.code == code]


@settings(max_examples=60, deadline=None)
@given(removed=st.integers(0, 139), players=st.sampled_from([3, 4]), seed=st.integers(0, 2**20))
def test_uncounted_any_number_put_back_plays_through_and_the_record_says_when_the_farandole_ran_out(
    removed: int, players: int, seed: int
) -> None:
    played = play_table(UNCOUNTED, players, removed, seed)
    assert played.refused is None, played.refused
    match = played.match
    assert all(not UNCOUNTED.invariant_problems(state) for state in match.states)
    ran_out = effects_coded(match, "farandole-ran-out")
    if removed == 0:  # every farandole card came up: the last one says so, as with a count
        assert not ran_out and len(effects_coded(match, "last-farandole")) == 1
    else:
        assert [e.param("n") for e in ran_out] == [140 - removed]
    # The record keeps the uncounted reading and replays to the same end; states round-trip through JSON.
    record = loads(match.record_text())
    assert record.game.profile.removed_unknown
    assert replay(record)[0] == match.state
    for state in (match.states[len(match.states) // 2], match.state):
        assert UNCOUNTED.state_from_json(json.loads(json.dumps(UNCOUNTED.state_to_json(state)))) == state


@pytest.mark.parametrize("removed", [45, 49])
def test_a_table_that_put_back_45_or_49_is_refereed_without_a_false_violation(removed: int) -> None:
    played = play_table(UNCOUNTED, 4, removed, seed=removed)
    assert played.refused is None and played.match.is_over()
    (ran_out,) = effects_coded(played.match, "farandole-ran-out")
    n = 140 - removed
    assert UNCOUNTED.tell(ran_out) == (
        f"The farandole ran out after {n} cards: from now on, reveal empty-sea cards."
    )
    assert UNCOUNTED.tell(ran_out, "fr") == (
        f"Les cartes « farandole » sont épuisées après {n} cartes : révélez maintenant les cartes « mer vide »."
    )
    assert UNCOUNTED.tell(ran_out, "it") == (
        f"Le carte con i pesci sul dorso sono finite dopo {n} carte: "
        "ora si scoprono le carte senza pesci sul dorso."
    )


def test_the_exact_count_still_refuses_a_table_that_put_back_49_or_45() -> None:
    more = play_table(COUNTED, 4, 49, seed=1)
    assert more.refused is not None and more.refused.code == "farandole-first"
    assert more.refused_after == 91  # its first empty-sea card, while the count says 2 farandole cards remain
    fewer = play_table(COUNTED, 4, 45, seed=1)
    assert fewer.refused is not None and fewer.refused.code == "no-farandole-left"
    assert fewer.refused_after == 93  # its 94th farandole card


@settings(max_examples=40, deadline=None)
@given(removed=st.integers(0, 139), seed=st.integers(0, 2**20))
def test_the_exact_count_accepts_only_that_count(removed: int, seed: int) -> None:
    played = play_table(COUNTED, 3, removed, seed)
    expected = None if removed == 47 else "farandole-first" if removed > 47 else "no-farandole-left"
    assert (played.refused and played.refused.code) == expected
    if expected is not None:
        assert played.refused_after == min(93, 140 - removed)


def test_once_the_farandole_ran_out_a_farandole_card_is_a_mistake() -> None:
    state = UNCOUNTED.initial_state(3)
    empty = next(iter(UNCOUNTED.catalogue().ids(EMPTY_SEA)))
    step = UNCOUNTED.apply(state, Reveal(0, empty))
    assert not isinstance(step, Violation)
    assert [e.code for e in step.effects][:2] == ["revealed", "farandole-ran-out"]
    assert step.state.farandole_left == 0 and step.effects[1].param("n") == 0
    farandole = next(iter(UNCOUNTED.catalogue().ids(FARANDOLE)))
    refused = UNCOUNTED.apply(step.state, Reveal(step.state.current, farandole))
    assert isinstance(refused, Violation) and refused.code == "no-farandole-left"


def test_uncounted_the_referee_lists_both_backs_until_the_farandole_runs_out() -> None:
    state = UNCOUNTED.initial_state(4)
    backs = {
        UNCOUNTED.catalogue()[a.card].back for a in UNCOUNTED.legal_actions(state) if isinstance(a, Reveal)
    }
    assert backs == {FARANDOLE, EMPTY_SEA}
    first = UNCOUNTED.legal_actions(state)[0]
    assert isinstance(first, Reveal) and UNCOUNTED.catalogue()[first.card].back == FARANDOLE  # expected first


def test_the_table_in_words_and_in_the_picture_says_uncounted_until_it_runs_out() -> None:
    state = UNCOUNTED.initial_state(3)
    farandole = UNCOUNTED.catalogue().ids(FARANDOLE)
    state = UNCOUNTED.apply(state, Reveal(0, farandole[0])).state
    assert UNCOUNTED.describe_state(state).splitlines()[0] == (
        "Face-down cards: farandole uncounted, 1 revealed so far; empty sea 20."
    )
    assert "farandole: uncounted" in [t.label for t in picture(UNCOUNTED, state, "en", ()).tiles]
    assert COUNTED.describe_state(COUNTED.initial_state(3)).splitlines()[0] == (
        "Face-down cards: farandole 93, empty sea 20."
    )
    ended = run_out(state)
    assert UNCOUNTED.describe_state(ended).splitlines()[0] == "Face-down cards: farandole 0, empty sea 19."


def run_out(state: State) -> State:
    """``state`` after the current player reveals a sated empty-sea card (placed: no game ends on it)."""
    sated = next(c for c in UNCOUNTED.catalogue().ids(EMPTY_SEA) if "hungry" not in c)
    step = UNCOUNTED.apply(state, Reveal(state.current, sated))
    assert not isinstance(step, Violation)
    return step.state


def test_a_simulated_table_puts_back_about_a_third_drawn_by_seed() -> None:
    kept = []
    for seed in range(120):
        match = simulate(UNCOUNTED, 3 + seed % 2, seed)
        (ran_out,) = effects_coded(match, "farandole-ran-out")
        kept.append(ran_out.param("n"))
    assert {140 - n for n in kept} <= set(SIMULATED_REMOVED)
    assert len(set(kept)) >= 10  # spread over the range, not one count
    again = simulate(UNCOUNTED, 3, 7)
    assert again.record_text() == simulate(UNCOUNTED, 3, 7).record_text()  # the same seed, the same game


def test_a_record_written_before_the_count_could_be_unknown_replays_with_its_exact_count() -> None:
    match = simulate(COUNTED, 4, seed=3)
    header, *lines = match.record_text().splitlines()
    old = json.loads(header)
    del old["profile"]["removed_unknown"]  # as every record header was written until now
    record = loads("\n".join([json.dumps(old), *lines]))
    assert record.game.profile == COUNTED.profile
    assert replay(record)[0] == match.state
    # And it still refuses what the exact count refuses: an empty-sea card while farandole cards remain.
    empty = json.dumps({"action": "reveal", "seat": 0, "card": UNCOUNTED.catalogue().ids(EMPTY_SEA)[0]})
    with pytest.raises(IllegalAction) as refused:
        replay(loads("\n".join([json.dumps(old), empty])))
    assert refused.value.violation.code == "farandole-first"


def test_the_option_is_read_with_a_clear_message() -> None:
    with pytest.raises(RecordError, match="rules option 'removed_unknown' must be bool, not str"):
        KaiPiranjaProfile.from_json({"removed_unknown": "yes"})
    with pytest.raises(RecordError, match="'removed_at_3_4_players' must be between 0 and 139"):
        KaiPiranjaProfile.from_json({"removed_unknown": True, "removed_at_3_4_players": 140})
    assert KaiPiranjaProfile.from_json({}).removed_count(4) is None
    assert KaiPiranjaProfile.from_json({"removed_unknown": False}).removed_count(3) == 47
    assert KaiPiranjaProfile.from_json({"removed_at_3_4_players": 50}).removed_count(4) == 50
    assert KaiPiranjaProfile().removed_count(5) == 0


def test_an_empty_sea_card_turned_up_by_mistake_is_undone_and_the_farandole_goes_on() -> None:
    match = Match(UNCOUNTED, ("Ann", "Bob", "Cy"))
    empty, farandole = UNCOUNTED.catalogue().ids(EMPTY_SEA)[0], UNCOUNTED.catalogue().ids(FARANDOLE)[0]
    assert not isinstance(match.push(Reveal(0, empty)), Violation)
    # As far as the referee knows, the farandole ran out.
    assert isinstance(match.push(Reveal(0, farandole)), Violation)
    match.undo()
    assert match.state.farandole_left == 140
    assert not isinstance(match.push(Reveal(0, farandole)), Violation)
