"""The rulebook's 4-player worked example (Émile, Bernard, Anna, Dani), trick by trick."""

from __future__ import annotations

import pytest

from companion.games.kanaloa import KanaloaGame
from companion.games.kanaloa.actions import Dolphin, Play, RemoveSeaCard
from tests.kanaloa.tables import ANNA, BERNARD, DANI, EMILE, SEATS, codes, example_table, play, refuse

HANDS = (
    # Bernard, Anna
    ("turquoise-2", "kraken-1", "red-7", "green-1", "green-2", "green-3", "navy-2", "navy-3"),
    ("turquoise-5", "navy-8", "kanaloa-2", "green-4", "green-5", "green-6", "green-7", "turquoise-12"),
    # Dani: no turquoise, and the navy 1 is his only navy card
    ("navy-1", "red-3", "red-11", "green-8", "green-9", "green-10", "green-11", "red-1"),
    # Émile
    ("turquoise-4", "navy-10", "kanaloa-1", "red-2", "red-4", "red-5", "green-12", "navy-11"),
)


@pytest.fixture
def game() -> KanaloaGame:
    return KanaloaGame()


@pytest.mark.parametrize("hands", [HANDS, None], ids=["hands-known", "hands-unknown"])
def test_the_worked_example_trick_by_trick(game: KanaloaGame, hands) -> None:
    state = example_table(game, hands)
    # "C'est Émile qui mène. Son bateau est sur une case rouge : le rouge est donc l'atout."
    assert state.trump == "red" and state.order[0] == EMILE

    # Trick 1. "Bernard joue ... un 2 turquoise. Anna joue un 5 turquoise. Dani n'a pas de carte turquoise et
    # joue un 1 bleu. Émile joue un 4 turquoise. Anna fait le pli car elle a joué la carte la plus haute."
    for seat, card in ((BERNARD, "turquoise-2"), (ANNA, "turquoise-5"), (DANI, "navy-1")):
        state = play(game, state, Play(seat, card)).state
    step = play(game, state, Play(EMILE, "turquoise-4"))
    state = step.state
    assert codes(step)[:2] == ["kanaloa.trick-won", "kanaloa.sails-past"]
    assert step.effects[0].param("seat") == ANNA
    # "Elle saute la case de devant car cette dernière est déjà occupée et atterrit sur une case d'eau verte."
    assert state.boats[ANNA] == 3 and state.layout_squares[3] == "green"
    assert step.effects[1].param("seats") == (BERNARD,)
    # "Le rouge reste l'atout pour le pli suivant car le bateau en tête n'a pas bougé."
    assert state.order == (EMILE, DANI, ANNA, BERNARD)
    assert state.trump == "red" and state.leader == ANNA and state.trick_number == 2

    # Trick 2. "Anna ouvre le pli suivant : un 8 bleu. Dani joue un 3 rouge. Émile un 10 bleu. Bernard joue une
    # carte-Kraken et peut retirer la carte-mer de son choix. Il choisit la case libre suivante : bleu +
    # turquoise."
    for seat, card in ((ANNA, "navy-8"), (DANI, "red-3"), (EMILE, "navy-10")):
        state = play(game, state, Play(seat, card)).state
    step = play(game, state, Play(BERNARD, "kraken-1"))
    state = step.state
    assert codes(step) == ["kanaloa.kraken"] and game.current_player(state) == BERNARD
    assert refuse(game, state, RemoveSeaCard(BERNARD, "sea-01")).code == "kanaloa.sea-card-not-free"
    step = play(game, state, RemoveSeaCard(BERNARD, "sea-02"))
    state = step.state
    assert "sea-02" not in state.sea
    # "Dani fait le pli car il était le seul à poser un atout. Il avance son bateau et dépasse Émile. La
    # nouvelle couleur atout est le turquoise."
    won = step.effects[codes(step).index("kanaloa.trick-won")]
    assert won.param("seat") == DANI and won.param("card") == "red-3"
    assert state.boats[DANI] == 12 and state.order[:2] == (DANI, EMILE)
    assert state.trump == "turquoise"

    # Trick 3. "Dani joue un 11 rouge. Émile joue une carte-Kanaloa, Bernard un 7 rouge. Anna joue également une
    # carte-Kanaloa. Elle fait le pli car elle a joué une carte-Kanaloa en dernière."
    for seat, card in ((DANI, "red-11"), (EMILE, "kanaloa-1"), (BERNARD, "red-7")):
        state = play(game, state, Play(seat, card)).state
    step = play(game, state, Play(ANNA, "kanaloa-2"))
    state = step.state
    assert step.effects[0].param("seat") == ANNA and step.effects[0].param("card") == "kanaloa-2"
    # "Anna avance son bateau sur la case libre suivante. Dessus se trouve un dauphin. La case derrière elle et la
    # case devant sont libres, elle peut donc avancer son bateau d'une case de plus."
    assert state.boats[ANNA] == 6 and state.layout_squares[6] == "red-dolphin"
    assert state.phase == "dolphin" and game.current_player(state) == ANNA
    step = play(game, state, Dolphin(ANNA, True))
    state = step.state
    assert state.boats[ANNA] == 7
    assert state.phase == "play" and state.leader == ANNA and state.trick_number == 4
    assert state.trump == "turquoise"  # Dani still leads the race
    assert (
        game.tell(step.effects[0], "en", SEATS)
        == "The dolphin carries Anna's boat one square further (turquoise)."
    )


def test_the_example_refuses_what_the_rules_forbid(game: KanaloaGame) -> None:
    state = example_table(game, HANDS)
    state = play(game, state, Play(BERNARD, "turquoise-2")).state
    assert refuse(game, state, Play(DANI, "navy-1")).code == "not-your-turn"
    state = play(game, state, Play(ANNA, "turquoise-5")).state
    state = play(game, state, Play(DANI, "navy-1")).state  # Dani has no turquoise: anything goes
    violation = refuse(game, state, Play(EMILE, "red-2"))  # Émile holds the turquoise 4
    assert violation.code == "kanaloa.must-follow-colour"
    assert game.tell(violation, "en", SEATS) == (
        "Émile must follow turquoise: they still have a card of that colour, so they must play it. "
        "Only a Kanaloa or a Kraken may be played instead."
    )
    assert "fournir" in game.tell(violation, "fr", SEATS)
    play(game, state, Play(EMILE, "kanaloa-1"))  # a Kanaloa may be played at any time
    assert refuse(game, state, Play(EMILE, "turquoise-5")).code == "kanaloa.already-played"
    assert refuse(game, state, Play(EMILE, "navy-12")).code == "kanaloa.not-in-hand"


def test_the_example_told_in_three_languages(game: KanaloaGame) -> None:
    state = example_table(game, HANDS)
    for seat, card in ((BERNARD, "turquoise-2"), (ANNA, "turquoise-5"), (DANI, "navy-1")):
        state = play(game, state, Play(seat, card)).state
    step = play(game, state, Play(EMILE, "turquoise-4"))
    told = {lang: [game.tell(e, lang, SEATS) for e in step.effects] for lang in ("en", "fr", "it")}
    assert told["en"][:3] == [
        "Anna wins trick 1 with the turquoise 5.",
        "Anna's boat skips the occupied squares, passes Bernard and lands on the next free square (green).",
        "Trick 2: Anna leads and announces the trump: red.",
    ]
    assert told["fr"][0] == "Anna remporte le pli 1 avec le 5 turquoise."
    assert told["it"][2] == "Presa 2: Anna apre e annuncia la briscola: rosso."
