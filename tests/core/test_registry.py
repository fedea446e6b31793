"""The registry: one spec per game, and every tool reaching a game through it.

A toy game ("Pebbles", tests/toy/game.py) registered only in a temporary registry is simulated, replayed, printed
as stickers and refereed from table facts, with no other code touched.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from companion.catalogue import build_catalogue
from companion.cli import main
from companion.games import GAMES
from companion.match import Match
from companion.protocol import RecordError
from companion.referee import Referee
from companion.registry import STICKER_ID_SPACE, GameSpec, Registry, StickerBlock, allocation_problems
from companion.table import ADD, SeenCard, TableChange
from tests.toy import game as toy

TOY = GAMES.with_game(toy.spec(GAMES))


def run(capsys: pytest.CaptureFixture[str], registry: Registry, *args: str) -> tuple[int, str, str]:
    code = main(list(args), registry)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_toy_game_is_simulated_and_replayed_through_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "pebbles.jsonl"
    code, out, err = run(
        capsys, TOY, "simulate", "pebbles", "--players", "3", "--seed", "2", "--out", str(record)
    )
    assert code == 0, err
    assert len(record.read_text().splitlines()) == 1 + 6  # the header and six reveals
    code, out, err = run(capsys, TOY, "replay", str(record), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["game"] == "pebbles" and result["over"] and result["actions"] == 6
    assert sum(result["scores"]) == 12  # two pebbles of each value 1, 2 and 3
    code, out, _ = run(capsys, TOY, "rules", "pebbles", "--lang", "it")
    assert code == 0 and "Sassi" in out


def test_the_default_registry_does_not_know_the_toy(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, GAMES, "simulate", "pebbles", "--players", "3")
    assert code == 2 and "unknown game 'pebbles'" in err and "kai-piranja" in err


def test_a_toy_game_is_printed_as_stickers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vision.identity import CardCode, CodeBook

    pdf = tmp_path / "stickers.pdf"
    code, out, err = run(capsys, TOY, "print", "stickers", "pebbles", "--out", str(pdf))
    assert code == 0, err
    assert pdf.read_bytes().startswith(b"%PDF") and "6 stickers" in out
    book = CodeBook.of(TOY)
    spec = TOY.find("pebbles")
    first = spec.stickers[0].first
    assert book.parse(first) == CardCode("PB", 0) and first >= 393  # after every game registered before it
    assert all(book.parse(marker) == code for marker, code in CodeBook.of(GAMES).cards.items())


def test_a_toy_game_is_refereed_from_table_facts() -> None:
    spec = TOY.find("pebbles")
    game = spec.make()
    seats = ("Ann", "Bob")
    referee = Referee(game, spec.table_adapter(game), Match(game, seats), seats, "fr")
    seen = [SeenCard("black-1", "seat-0")]
    ruling = referee.on_change(TableChange(ADD, "black-1", "seat-0"), seen)
    assert ruling.action == toy.Reveal(0, "black-1")
    assert ruling.words == ("Ann retourne un galet noir.",)
    # Bob turns up a pebble but leaves it in Ann's row: the referee says where it goes.
    seen.append(SeenCard("white-2", "seat-0", order=1))
    referee.on_change(TableChange(ADD, "white-2", "seat-0"), seen)
    review = referee.review(seen)
    assert "Posez le galet blanc dans la rangée de Bob." in review.pending + review.alerts
    assert game.scores(referee.state) == [3, 1]


def test_find_matches_aliases_without_regard_to_case_and_lists_the_games() -> None:
    assert GAMES.find("Kai-Piranja") is GAMES["kai-piranja"] is GAMES.find("KAI")
    with pytest.raises(RecordError, match="choose one of kai-piranja, kanaloa"):
        GAMES.find("chess")


def test_sticker_blocks_may_not_overlap_nor_share_a_code() -> None:
    pebbles = toy.spec(GAMES)
    with pytest.raises(ValueError, match="overlap"):
        GAMES.with_game(replace(pebbles, stickers=(StickerBlock(300, 6),)))
    with pytest.raises(ValueError, match="sticker code 'KP'"):
        GAMES.with_game(replace(pebbles, code="KP"))
    with pytest.raises(ValueError, match="no sticker id"):
        GAMES.with_game(replace(pebbles, stickers=(StickerBlock(2000, 5),)))


def test_the_sticker_id_space_holds_eight_more_games_of_200_components() -> None:
    registry = GAMES
    for n in range(8):
        name = f"toy-{n}"
        rules = type(f"Toy{n}", (toy.PebblesGame,), {"name": name})
        box = build_catalogue(name, [("pebble", "plain", 200)], "{face}-{serial}")
        spec = GameSpec.of(
            rules, f"T{n}", lambda box=box: box, (StickerBlock(registry.next_free_sticker_id(), 200),)
        )
        registry = registry.with_game(spec)
    assert len(registry) == len(GAMES) + 8 and registry.next_free_sticker_id() <= STICKER_ID_SPACE


def test_every_built_in_box_fits_its_sticker_blocks() -> None:
    # The default registry skips this check at start-up (it would load every game's cards): it is made here.
    assert allocation_problems(GAMES.values()) == []


@pytest.mark.parametrize("name", list(GAMES))
def test_a_games_registration_says_what_its_rules_class_says(name: str) -> None:
    spec = GAMES[name]
    rules = spec.rules
    assert (spec.name, spec.title, spec.domain, spec.locale_dir) == (
        rules.name,
        rules.title,
        rules.domain,
        rules.locale_dir,
    )
    assert (spec.min_players, spec.max_players) == (rules.min_players, rules.max_players)
    assert (
        spec.profile_type is rules.profile_type and spec.package_dir.name == rules.__module__.split(".")[-2]
    )


def test_a_registration_that_disagrees_with_its_rules_is_refused_when_they_load() -> None:
    spec = replace(GAMES["kanaloa"], max_players=9)
    with pytest.raises(ValueError, match="kanaloa: the spec registers"):
        spec.make()


def loaded_after(code: str) -> list[str]:
    """The games' engines, states and boxes and the heavy libraries a fresh interpreter has loaded after
    running ``code``."""
    probe = (
        f"import sys\n{code}\n"
        "print(sorted(m for m in sys.modules if m.rsplit('.')[-1] in ('engine', 'state', 'cards')"
        " or m.split('.')[0] in ('cv2', 'numpy', 'kivy', 'gpiozero')))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return [m for m in done.stdout.strip().strip("[]").replace("'", "").split(", ") if m]


def test_registering_the_games_loads_no_engine_and_no_box() -> None:
    assert loaded_after("import companion.games") == []


def test_a_game_loads_its_own_engine_only() -> None:
    loaded = loaded_after("from companion.games import GAMES\nGAMES.make_game('kanaloa')")
    assert "companion.games.kanaloa.engine" in loaded
    assert not [m for m in loaded if not m.startswith("companion.games.kanaloa.")]
