"""The rules summary teaches what is in the box: its counts are the catalogue's, its names the rulebook's."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import GAMES
from companion.games.kai_piranja.cards import BACKS, SIZES, SPECIES
from companion.i18n import LANGUAGES


def numbers(line: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", line)]


def box_lines(summary: str) -> list[str]:
    """The summary's second paragraph: what is in the box."""
    return summary.split("\n\n")[1].splitlines()


@given(st.integers(0, 28), st.integers(0, 4), st.sampled_from(LANGUAGES))
def test_the_box_in_the_summary_counts_the_cards_in_play(small: int, small_empty: int, language: str) -> None:
    profile = {"small_sated_farandole": small, "small_sated_empty_sea": small_empty}
    game = GAMES.make_game("kai-piranja", profile)
    cards = game.box.catalogue.cards
    heading, *backs, species, each_farandole, each_empty_sea = box_lines(game.rules_summary(language))
    assert numbers(heading) == [len(cards)]
    assert [numbers(line) for line in backs] == [[sum(c.back == back for c in cards)] for back in BACKS]
    assert numbers(species) == [len(SPECIES)]
    for name in SPECIES:
        assert game.species_name(name, language) in species
    for back, line in zip(BACKS, (each_farandole, each_empty_sea), strict=True):
        for name in SPECIES:
            sizes = Counter(
                game.box.faces[c.id].size for c in cards if c.back == back and c.face.startswith(name)
            )
            assert numbers(line) == [sizes[size] for size in SIZES], (name, line)


@pytest.mark.parametrize(
    ("language", "farandole", "empty_sea", "sizes"),
    [
        (
            "en",
            "with a farandole on the back",
            "with the empty sea on the back",
            ("small", "large", "hungry"),
        ),
        ("fr", "avec une farandole au dos", "avec la mer vide au dos", ("petit", "gros", "affamé")),
        ("it", "con i pesci sul dorso", "senza pesci sul dorso", ("piccol", "grand", "affamat")),
    ],
)
def test_the_box_is_told_with_the_rulebooks_words(
    language: str, farandole: str, empty_sea: str, sizes: tuple[str, ...]
) -> None:
    lines = box_lines(GAMES.make_game("kai-piranja").rules_summary(language))
    assert farandole in lines[1] and empty_sea in lines[2]
    assert farandole in lines[4] and empty_sea in lines[5]
    for line in lines[4:]:
        assert [word for word in sizes if word in line] == list(sizes), line
