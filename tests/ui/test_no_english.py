"""No English sentence in the French or Italian output of the commands a player reads, and French says "vous".

The commands run as a player runs them (``companion.cli.main``): `rules` and `narrate` for every game, `demo
--mode facts` for every game the camera referees, `camera check` on the synthetic table and `print`. The
detector (tests/english.py) is first shown to catch English and to let every French and Italian translation
through.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli import main
from companion.games import GAMES
from companion.i18n import parse_po
from tests.english import EnglishFinder, catalogs, english_messages, english_words, translated_messages

LANGUAGES = ("fr", "it")
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")

# Translations that quote English codes a player types or reads in a file, on purpose: a square's code, a rules
# option's values, the record format's name.
QUOTES_CODES = frozenset(
    {
        "{square} is not a square: write its colour (navy, turquoise, red or green), with -dolphin for a "
        "dolphin or -waves for the start, for example red-dolphin.",
        "The game ends when a boat laps the last boat (lap) or catches up with it (catch-up).",
        "Kanaloa or Kraken leads: follow the first tiki card (first-tiki) or nothing (no-colour).",
        "{path}: not a text file (a record is UTF-8 JSON Lines)",
        "dim_after_minutes {value}: must be a number of minutes, 0 or more (0: never dim). The screen dims after "
        "{default} minutes until it is fixed.",
        "dim_brightness {value}: must be a percentage from 0 to 100. The dimmed screen is at {default}% until it is "
        "fixed.",
    }
)


def finder(language: str) -> EnglishFinder:
    ids = {card.id for name in GAMES for card in GAMES[name].components().cards}
    titles = {GAMES[name].title for name in GAMES}  # proper names, whatever words they are made of
    return EnglishFinder(
        frozenset(ids | titles) | set(NAMES), english_messages(language), english_words(language)
    )


def filled(message: str) -> str:
    """``message`` with a player's name in each placeholder."""
    return "".join(text + ("Ann" if name else "") for text, name, _, _ in string.Formatter().parse(message))


def forms(language: str) -> list[tuple[str, str]]:
    """(msgid, each translated form) of every catalog of ``language``."""
    found = []
    for path in catalogs(language):
        for key, value in parse_po(path.read_text(encoding="utf-8")).items():
            if key:
                msgid = key[0] if isinstance(key, tuple) else key
                found += [(msgid, form) for form in (value if isinstance(value, list) else [value])]
    return found


# --- the detector ---


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_detector_catches_every_english_message_of_two_words_or_more(language: str) -> None:
    find = finder(language)
    missed = []
    for english, translated in translated_messages(language).items():
        words = re.findall(r"[^\W\d_]+", filled(english).replace("Ann", ""))
        caught = any(find.why(line) for line in filled(english).splitlines())
        if len(words) >= 2 and translated.strip() != english.strip() and not caught:
            missed.append(english)
    assert not missed, missed


@pytest.mark.parametrize(
    "line",
    [
        "line 12: illegal action (not-your-turn): It is Bob's turn, not Ann's.",
        "frame 2304x1296, saved with detections to /tmp/x.png",
        "mats seen: 1, 2, 3, 4; brightness 138; sharpness 0.57",
        "/tmp/s.pdf: 160 stickers on 10 pages (a4, aruco)",
        "  Coach: Ann, it is your turn.",
        "Ann reveals a large piranha.",
        "Winner: Ann.",
    ],
)
def test_the_detector_catches_english_lines(line: str) -> None:
    assert finder("fr").why(line) and finder("it").why(line)


def test_a_bare_english_message_is_caught_as_a_whole_line() -> None:
    assert finder("fr").why("  yes ") == "an English message"
    assert finder("fr").why("oui") is None


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_detector_lets_every_french_and_italian_translation_through(language: str) -> None:
    find = finder(language)
    flagged = [
        (form, why)
        for msgid, form in forms(language)
        if msgid not in QUOTES_CODES
        for line in filled(form).splitlines()
        if (why := find.why(line))
    ]
    assert not flagged, flagged


@given(
    st.lists(st.sampled_from(NAMES), min_size=1, max_size=4),
    st.lists(st.sampled_from(["piranha-large-F03", "navy-7", "seat-2", "2304x1296", "--source"]), max_size=3),
)
def test_names_and_codes_are_not_sentences(names: list[str], codes: list[str]) -> None:
    line = " : ".join(names + codes)
    assert finder("fr").why(f"{line} — au tour de {names[0]}.") is None


@pytest.mark.parametrize("game", list(GAMES))
def test_the_detector_catches_every_sentence_the_commands_say_in_english(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    players = GAMES.make_game(game).min_players
    output = run(capsys, "rules", game) + run(
        capsys,
        "narrate",
        "--game",
        game,
        "--players",
        str(players),
        "--seed",
        "3",
        "--names",
        ",".join(NAMES[:players]),
    )
    find = finder("fr")
    sentences = [line for line in output.splitlines() if len(re.findall(r"[^\W\d_]{2,}", line)) >= 3]
    assert sentences and not [line for line in sentences if not find.why(line)]


# --- French says "vous" ---

TU = re.compile(r"\b(tu|ton|ta|tes|toi|te|tien|tienne)\b|\bt'", re.IGNORECASE)


def test_french_says_vous_throughout_the_catalogs() -> None:
    found = [form for _, form in forms("fr") if TU.search(form)]
    assert not found, found


def test_the_vous_check_catches_tu() -> None:
    assert TU.search("C'est ton tour.") and TU.search("Tu dois révéler une carte.")
    assert not TU.search("C'est votre tour. Vous devez révéler une carte.")


# --- the commands ---


def run(capsys: pytest.CaptureFixture[str], *args: str, expect: int = 0) -> str:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == expect, err
    return out + err


def assert_no_english(output: str, language: str) -> None:
    quoting = translated_messages(language)
    for message in QUOTES_CODES:  # their translations quote codes on purpose (`rules` lists the options)
        output = output.replace(quoting.get(message, message), "")
    english = finder(language).english_lines(output)
    assert not english, "\n".join(english)
    if language == "fr":
        tu = [line for line in output.splitlines() if TU.search(line)]
        assert not tu, tu


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_rules(game: str, language: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert_no_english(run(capsys, "rules", game, "--lang", language), language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_narrate(game: str, language: str, capsys: pytest.CaptureFixture[str]) -> None:
    players = GAMES.make_game(game).min_players
    names = ",".join(NAMES[:players])
    output = run(capsys, "narrate", "--game", game, "--players", str(players), "--seed", "3", "--names", names,
                 "--lang", language)  # fmt: skip
    assert_no_english(output, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", [name for name in GAMES if GAMES[name].demo is not None])
def test_demo_facts(game: str, language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = run(capsys, "demo", "--game", game, "--mode", "facts", "--players", "3", "--seed", "5",
                 "--names", "Ann,Bob,Cy", "--session", str(tmp_path / "g.sqlite"), "--lang", language)  # fmt: skip
    assert_no_english(output, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_simulate(game: str, language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players = str(GAMES.make_game(game).min_players)
    output = run(
        capsys, "simulate", game, "--players", players, "--out", str(tmp_path / "g.jsonl"), "--lang", language
    )
    output += run(capsys, "simulate", game, "--players", players, "--games", "3", "--lang", language)
    assert_no_english(output, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_replay_names_the_broken_rule_in_words_not_by_its_code(
    language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.jsonl"
    run(capsys, "simulate", "kai-piranja", "--players", "3", "--seed", "1", "--out", str(record))
    header, first, *rest = record.read_text(encoding="utf-8").splitlines()
    record.write_text("\n".join([header, first, first, *rest]), encoding="utf-8")  # the same card twice
    assert main(["replay", str(record), "--lang", language]) == 1
    assert_no_english(capsys.readouterr().err, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_camera_check(language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # synthetic:1 leaves two mats' far markers out of view: "not ready" (exit 3), whose fixes are words too
    output = run(capsys, "camera", "check", "--source", "synthetic:1", "--out", str(tmp_path / "c.png"),
                 "--players", "4", "--language", language, expect=3)  # fmt: skip
    assert_no_english(output, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_print(language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = run(
        capsys, "print", "mats", "--players", "4", "--out", str(tmp_path / "m.pdf"), "--language", language
    )
    for game in GAMES:
        output += run(capsys, "print", "stickers", game, "--out", str(tmp_path / f"{game}.pdf"),
                      "--language", language)  # fmt: skip
    assert_no_english(output, language)
