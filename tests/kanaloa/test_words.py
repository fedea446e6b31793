"""Kanaloa in English, French and Italian: every text translated, cards and actions named, the rules taught."""

from __future__ import annotations

import random
import re
import string
from collections import Counter
from pathlib import Path

import pytest

from companion.games.kanaloa import KanaloaGame
from companion.games.kanaloa import text as T
from companion.games.kanaloa.actions import Deal, Dolphin, LayDown, LayOut, Play, RemoveSeaCard
from companion.games.kanaloa.cards import COLOUR_OF, COLOURS, KANALOA, KRAKEN, TIKI_CARDS, VALUE_OF, catalogue
from companion.games.kanaloa.profile import OPTIONS, KanaloaProfile
from companion.games.kanaloa.sea import reference_layout
from companion.i18n import marked_messages, parse_po

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "companion/games/kanaloa").glob("*.py"))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", ["fr", "it"])
def test_every_message_is_translated_with_the_same_placeholders(language: str) -> None:
    catalog = parse_po(
        (ROOT / f"companion/locale/{language}/LC_MESSAGES/kanaloa.po").read_text(encoding="utf-8")
    )
    core = parse_po(
        (ROOT / f"companion/locale/{language}/LC_MESSAGES/companion.po").read_text(encoding="utf-8")
    )
    marked = set().union(*(marked_messages(path.read_text(encoding="utf-8")) for path in SOURCES))
    assert len(marked) > 50
    for key in marked:
        translation = catalog.get(key, core.get(key))  # shared words ("seat {n}") come from the core
        assert translation, f"[{language}] no translation for {key!r}"
        singular = key[0] if isinstance(key, tuple) else key
        for form in translation if isinstance(translation, list) else [translation]:
            assert placeholders(form) == placeholders(singular), form
    assert not set(catalog) - marked - {""}, "stale entries"


@pytest.mark.parametrize(
    ("card", "en", "fr", "it"),
    [
        ("navy-1", "navy blue 1", "1 bleu marine", "1 blu"),
        ("green-12", "green 12", "12 vert", "12 verde"),
        ("kanaloa-3", "Kanaloa", "Kanaloa", "Kanaloa"),
        ("kraken-1", "Kraken", "Kraken", "Kraken"),
        ("sea-waves", "the waves sea card", "la carte-mer des vagues", "la carta mare delle onde"),
        ("sea-07", "sea card 7", "la carte-mer 7", "la carta mare 7"),
        ("mystery", "mystery", "mystery", "mystery"),
    ],
)
def test_card_names(card: str, en: str, fr: str, it: str) -> None:
    game = KanaloaGame()
    assert [game.card_name(card, lang) for lang in ("en", "fr", "it")] == [en, fr, it]


def test_actions_in_words() -> None:
    game = KanaloaGame()
    seats = ("Ana", "Bo", "Cy")
    said = [
        game.describe_action(action, "en", seats)
        for action in (
            LayOut(0, *reference_layout(3)),
            Deal(1),
            LayDown(2, True),
            LayDown(2, False),
            Play(0, "red-7"),
            RemoveSeaCard(1, "sea-03"),
            Dolphin(2, True),
            Dolphin(2, False),
        )
    ]
    assert said == [
        "Ana lays out the sea: 10 sea cards",
        "Bo deals 8 cards to each player",
        "Cy lays their boat down",
        "Cy keeps their boat up",
        "Ana plays the red 7",
        "Bo removes sea card 3",
        "Cy takes the dolphin's extra square",
        "Cy stays on the dolphin square",
    ]
    assert game.describe_action(Play(0, "red-7"), "it", seats) == "Ana gioca il 7 rosso"


def test_the_table_in_words_at_every_step_of_a_game() -> None:
    game = KanaloaGame()
    rng = random.Random(3)
    state = game.initial_state(3)
    while not game.is_over(state):
        for language in ("en", "fr", "it"):
            assert game.describe_state(state, language)
        state = game.apply(state, game.random_action(state, rng)).state
    text = game.describe_state(state, "en", ("Ana", "Bo", "Cy"))
    assert text.splitlines()[-1] == f"{('Ana', 'Bo', 'Cy')[state.winner]} has won the game."


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_rules_summary(language: str) -> None:
    summary = KanaloaGame().rules_summary(language)
    assert "Kanaloa" in summary and "Kraken" in summary and len(summary) > 800
    assert {"en": "water", "fr": "eau", "it": "acqua"}[language] in summary


def test_every_profile_option_is_documented() -> None:
    fields = set(KanaloaProfile().to_json())
    assert {option.name for option in OPTIONS} == fields
    docs = (ROOT / "docs/games/kanaloa.md").read_text(encoding="utf-8")
    for name in fields:
        assert f"`{name}`" in docs, f"docs/games/kanaloa.md does not document {name}"


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_rules_summary_counts_the_box_from_the_catalogue(language: str) -> None:
    game = KanaloaGame()
    cards = catalogue().cards
    tiki = [card for card in cards if card.id in TIKI_CARDS]
    heading, sea, tiki_line, specials = game.rules_summary(language).split("\n\n")[1].splitlines()
    assert numbers(heading) == [len(cards), game.max_players]
    assert numbers(sea)[0] == sum(card.back == "sea" for card in cards)
    assert numbers(tiki_line) == [
        len(tiki),
        min(VALUE_OF[c.id] for c in tiki),
        max(VALUE_OF[c.id] for c in tiki),
    ]
    for colour in COLOURS:
        assert game.translator(language)(T.COLOUR_NAMES[colour]) in tiki_line
    kinds = Counter(COLOUR_OF.get(card.id) for card in cards)
    assert numbers(specials) == [kinds[KANALOA], kinds[KRAKEN]]
    names = {
        "en": ("sea card", "tiki card"),
        "fr": ("cartes-mer", "cartes-tiki"),
        "it": ("carte mare", "carte tiki"),
    }
    assert names[language][0] in sea and names[language][1] in tiki_line


def numbers(line: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", line)]
