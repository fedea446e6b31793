"""The rulebook's 4-player example (issue 17, item 9) played through rendered frames: the sea ring, the boats and
the cards on the mats drawn by vision/games/kanaloa/ring.py, read by the real pipeline, refereed live; the referee tells
what the rulebook says, trick by trick. Only settled frames are drawn (each step's few, as the tracker needs)."""

from __future__ import annotations

from companion.games import find_game
from companion.games.kanaloa import KanaloaGame
from companion.games.kanaloa.actions import Dolphin, Play, RemoveSeaCard
from companion.live import LiveGame
from companion.match import Match
from tests.kanaloa.tables import ANNA, BERNARD, DANI, EMILE, SEATS, example_table
from ui.simtable import SimulatedTable
from vision.identity import game_cards
from vision.render import Camera

SPEC = find_game("kanaloa")
EXAMPLE = (
    # Trick 1: Bernard leads; Dani has no turquoise; Anna's 5 is the highest.
    Play(BERNARD, "turquoise-2"), Play(ANNA, "turquoise-5"), Play(DANI, "navy-1"), Play(EMILE, "turquoise-4"),
    # Trick 2: Bernard's Kraken takes the next free sea card (navy + turquoise); Dani's red 3 is the only trump.
    Play(ANNA, "navy-8"), Play(DANI, "red-3"), Play(EMILE, "navy-10"), Play(BERNARD, "kraken-1"),
    RemoveSeaCard(BERNARD, "sea-02"),
    # Trick 3: two Kanaloas, Anna's the last; her boat lands on a dolphin with free squares around it.
    Play(DANI, "red-11"), Play(EMILE, "kanaloa-1"), Play(BERNARD, "red-7"), Play(ANNA, "kanaloa-2"),
    Dolphin(ANNA, True),
)  # fmt: skip


def test_the_rulebooks_example_through_rendered_frames() -> None:
    game = KanaloaGame()
    start = example_table(game, None)  # a real table: nobody sees the hands
    played = Match(game, SEATS, states=[start])
    for action in EXAMPLE:
        assert played.push(action) is not None
    live = LiveGame(
        game, SPEC.table_adapter(game), Match(game, SEATS, states=[start]), SEATS, "en", coaching=False
    )
    assert SPEC.demo is not None
    table = SimulatedTable(
        played, live, game_cards("kanaloa"), SPEC.demo, mode="pixels", seed=3, camera=Camera(1280, 720)
    )
    rulings: list[str] = []
    alerts: list[str] = []
    for happening in table.play():
        rulings += happening.view.rulings
        alerts += happening.view.alerts
    assert live.record.actions == list(EXAMPLE) and alerts == []
    told = "\n".join(rulings)
    for sentence in (
        # "Anna fait le pli car elle a joué la carte la plus haute. [...] Elle saute la case de devant car cette
        # dernière est déjà occupée et atterrit sur une case d'eau verte."
        "Anna wins trick 1 with the turquoise 5.",
        "Anna's boat skips the occupied squares, passes Bernard and lands on the next free square (green).",
        # "Le rouge reste l'atout pour le pli suivant."
        "Trick 2: Anna leads and announces the trump: red.",
        # "Bernard joue une carte-Kraken et peut retirer la carte-mer de son choix. Il choisit [...] bleu +
        # turquoise."
        "Bernard played a Kraken and must now remove a free sea card.",
        "Bernard removes sea card 2: the sea is shorter.",
        # "Dani fait le pli car il était le seul à poser un atout. Il avance son bateau et dépasse Émile. La nouvelle
        # couleur atout est le turquoise."
        "Dani wins trick 2 with the red 3.",
        "Dani's boat skips the occupied squares, passes Émile and lands on the next free square",
        "Trick 3: Dani leads and announces the trump: turquoise.",
        # "Anna fait le pli car elle a joué une carte-Kanaloa en dernière. [...] Dessus se trouve un dauphin. La case
        # derrière elle et la case devant sont libres, elle peut donc avancer son bateau d'une case de plus."
        "Anna wins trick 3 with the Kanaloa.",
        "Anna's boat is on a dolphin, with free squares in front and behind: Anna may sail one more square.",
        "The dolphin carries Anna's boat one square further",
    ):
        assert sentence in told, f"not told: {sentence}\n{told}"
    assert told.index("Anna wins trick 1") < told.index("Dani wins trick 2") < told.index("Anna wins trick 3")
    assert table.frame < 200  # settled frames only: a few for each of the example's steps
