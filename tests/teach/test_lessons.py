"""Each game's Teaching checked by its engine: lessons whose answers the engine gives, rules whose triggers cover
every violation its rules can give, scenes reached by play, texts in three languages, an effect per option."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.games import GAMES
from companion.i18n import LANGUAGES
from companion.protocol import CHECK_CODES, Game
from companion.registry import GameSpec
from companion.teaching import Teaching, answer_problems

TEACHING = [name for name in sorted(GAMES) if GAMES[name].teaches]


def teaching(name: str, profile: dict[str, object] | None = None) -> tuple[Game[Any, Any], Teaching]:
    spec = GAMES[name]
    game = spec.make(profile)
    teach = spec.teaching(game)
    assert teach is not None
    return game, teach


def violation_codes(spec: GameSpec) -> set[str]:
    """Every violation code the game's rules can give: the shared checks' and each ``violation("code", ...)`` of
    its package."""
    codes = set(CHECK_CODES)
    for path in spec.package_dir.glob("*.py"):
        codes |= set(re.findall(r"violation\(\s*f?\"([a-z0-9.{}-]+)\"", path.read_text(encoding="utf-8")))
    return codes


def test_every_game_teaches() -> None:
    assert sorted(GAMES) == TEACHING


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", TEACHING)
def test_the_lesson_has_five_to_ten_steps_each_answered_by_the_engine(name: str, language: str) -> None:
    game, teach = teaching(name)
    lesson = teach.lesson(language)
    assert 5 <= len(lesson) <= 10
    for step in lesson:
        assert answer_problems(game, step) == []
        assert step.question and all(c.label and c.why for c in step.choices)
        assert len({c.label for c in step.choices}) == len(step.choices)


@pytest.mark.parametrize("name", TEACHING)
def test_a_wrong_claim_is_caught(name: str) -> None:
    """The check can fail: every step with its right and wrong answers swapped is told wrong by the engine."""
    from dataclasses import replace

    game, teach = teaching(name)
    for step in teach.lesson("en"):
        swapped = replace(step, choices=tuple(replace(c, right=not c.right) for c in step.choices))
        assert answer_problems(game, swapped)


@pytest.mark.parametrize("name", TEACHING)
def test_every_violation_names_a_rule_of_its_game(name: str) -> None:
    _, teach = teaching(name)
    triggers = teach.triggers()
    codes = violation_codes(GAMES[name])
    assert len(codes) > len(CHECK_CODES)
    # A code made in an f-string ("kuna-yala.fish-mismatch-{code}") is covered by the codes it starts.
    missing = [
        c
        for c in codes - set(triggers)
        if "{" not in c or not any(t.startswith(c.split("{")[0]) for t in triggers)
    ]
    assert missing == []
    keys = {rule.key for rule in teach.rules("en")}
    assert set(triggers.values()) <= keys


@pytest.mark.parametrize("name", TEACHING)
def test_rules_are_translated_and_drawn_from_reached_states(name: str) -> None:
    game, teach = teaching(name)
    english = teach.rules("en")
    assert len({r.key for r in english}) == len(english) >= 5
    for language in ("fr", "it"):
        rules = teach.rules(language)
        assert [r.key for r in rules] == [r.key for r in english]
        for mine, theirs in zip(rules, english, strict=True):
            assert mine.title != theirs.title and mine.words != theirs.words
            assert mine.scene.caption != theirs.scene.caption
            assert mine.scene.state == theirs.scene.state
    for rule in english:
        assert game.invariant_problems(rule.scene.state) == []
        assert teach.rule(rule.key, "en") == rule
        picture = GAMES[name].picture
        assert picture is not None
        picture(game, rule.scene.state, "en", rule.scene.seats)
    with pytest.raises(KeyError):
        teach.rule("no-such-rule", "en")


@pytest.mark.parametrize("name", TEACHING)
def test_the_summary_has_four_paragraphs_with_scenes(name: str) -> None:
    _, teach = teaching(name)
    english, french = teach.summary("en"), teach.summary("fr")
    for part in ("goal", "turn", "end", "scoring"):
        words, scene = getattr(english, part)
        assert words and scene.caption and words != getattr(french, part)[0]


@pytest.mark.parametrize("name", TEACHING)
def test_every_option_value_has_an_effect_sentence(name: str) -> None:
    spec = GAMES[name]
    _, teach = teaching(name)
    defaults = spec.profile_type().to_json()
    for option in spec.options:
        if isinstance(defaults[option.name], bool):
            values: list[object] = [True, False]
        elif option.choices:
            values = list(option.choices)
        elif isinstance(defaults[option.name], int):
            values = [option.low if option.low is not None else 0, defaults[option.name]]
        else:
            values = [defaults[option.name]]
        said = {
            language: [teach.option_effect(option.name, v, language) for v in values]
            for language in LANGUAGES
        }
        assert all(said["en"]) and said["fr"] != said["en"] and said["it"] != said["en"]
        if isinstance(defaults[option.name], bool) or (option.choices and not option.open):
            assert len(set(said["en"])) == len(values), option.name
    with pytest.raises(KeyError):
        teach.option_effect("no_such_option", 1, "en")


@pytest.mark.parametrize("name", TEACHING)
def test_the_cards_a_scene_rings_are_tiles_of_its_picture(name: str) -> None:
    """A front end rings ``scene.highlight`` by the picture's tiles' ``card``: every ringed card is drawn."""
    game, teach = teaching(name)
    picture = GAMES[name].picture
    assert picture is not None
    rung = 0
    for rule in teach.rules("en"):
        drawn = {tile.card for tile in picture(game, rule.scene.state, "en", rule.scene.seats).tiles}
        missing = [c for c in rule.scene.highlight if c not in drawn and c in game.catalogue()]
        rung += len(rule.scene.highlight) - len(missing)
        assert missing == [], (rule.key, missing)
    assert rung > 0 or name == "shark-park"


def flipped_profiles(name: str) -> list[dict[str, object]]:
    """The rulebook's profile with one option changed: each bool option turned, each choice option's other values."""
    spec = GAMES[name]
    defaults = spec.profile_type().to_json()
    profiles = []
    for option in spec.options:
        value = defaults[option.name]
        if isinstance(value, bool):
            profiles.append({**defaults, option.name: not value})
        elif option.choices and not option.open:
            profiles += [{**defaults, option.name: c} for c in option.choices if c != value]
    return profiles


@pytest.mark.parametrize("name", TEACHING)
def test_under_every_rules_option_the_lesson_is_what_the_engine_does(name: str) -> None:
    for profile in flipped_profiles(name):
        game, teach = teaching(name, profile)
        problems = [p for step in teach.lesson("en") for p in answer_problems(game, step)]
        assert problems == [], profile
