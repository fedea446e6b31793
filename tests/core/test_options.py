"""Every game's rules options: one doc each, a short translatable explanation, and the choices of str options."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import GAMES
from companion.i18n import marked_messages
from companion.protocol import RecordError

SPECS = [GAMES[name] for name in GAMES]


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_every_profile_option_has_exactly_one_doc(spec) -> None:
    documented = Counter(option.name for option in spec.options)
    assert documented == Counter(f.name for f in fields(spec.profile_type))


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_every_str_option_lists_its_choices_and_its_default_is_one(spec) -> None:
    profile = spec.profile_type()
    for option in spec.options:
        default = getattr(profile, option.name)
        if not isinstance(default, str):
            assert option.choices == (), f"{option.name} is not a str option: it needs no choices"
            continue
        assert default in option.choices, f"{option.name}'s default {default!r} is not among its choices"
        assert len(set(option.choices)) == len(option.choices), f"{option.name} lists a choice twice"
        for choice in option.choices:
            assert replace(profile, **{option.name: choice}).problem() is None, (
                f"{option.name}={choice!r} is listed as a choice but the profile refuses it"
            )


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_every_option_explanation_is_one_short_marked_line(spec) -> None:
    marked = set().union(
        *(marked_messages(p.read_text(encoding="utf-8")) for p in spec.package_dir.glob("*.py"))
    )
    for option in spec.options:
        assert option.why in marked, f"{option.name}'s why is not marked with N_: it would not be translated"
        assert "\n" not in option.why and len(option.why) <= 100, f"{option.name}'s why is not one short line"


# Every whole-number option of every game (its range starts at 0; 10,000 is past every one's end).
NUMBERS = [
    (spec, f.name)
    for spec in (GAMES[name] for name in GAMES)
    for f in fields(spec.profile_type())
    if type(getattr(spec.profile_type(), f.name)) is int
]


@pytest.mark.parametrize(("spec", "name"), NUMBERS, ids=[f"{spec.name}-{name}" for spec, name in NUMBERS])
@given(value=st.integers(max_value=-1) | st.integers(min_value=10_000))
def test_a_whole_number_option_out_of_range_is_told_in_every_language(spec, name: str, value: int) -> None:
    """The app's − and + buttons reach past an option's range: the refusal is said in the screen's language."""
    with pytest.raises(RecordError) as caught:
        spec.profile_type.from_json({name: value})
    told = {language: caught.value.tell(language) for language in ("en", "fr", "it")}
    assert told["en"].startswith(f"rules option {name!r} must be between 0 and ")
    assert told["fr"].startswith(f"l'option de règle {name!r} doit être comprise entre 0 et ")
    assert told["it"].startswith(f"l'opzione di regola {name!r} deve essere compresa tra 0 e ")


@pytest.mark.parametrize(("spec", "name"), NUMBERS, ids=[f"{spec.name}-{name}" for spec, name in NUMBERS])
def test_a_whole_number_option_documents_its_range_and_takes_both_ends(spec, name: str) -> None:
    """The app's − and + stop at ``low`` and ``high``: the profile takes both and nothing past them."""
    (option,) = [o for o in spec.options if o.name == name]
    assert option.low is not None and option.high is not None and option.low <= option.high
    for value in (option.low, option.high):
        spec.profile_type.from_json({name: value})
    for value in (option.low - 1, option.high + 1):
        with pytest.raises(RecordError):
            spec.profile_type.from_json({name: value})


# Every text option whose values are a closed list.
CLOSED = [
    (spec, option.name, option.choices)
    for spec in SPECS
    for option in spec.options
    if option.choices and not option.open
]


@pytest.mark.parametrize(
    ("spec", "name", "choices"), CLOSED, ids=[f"{spec.name}-{name}" for spec, name, _ in CLOSED]
)
@given(value=st.text(max_size=12))
def test_a_text_option_not_among_its_choices_is_told_in_every_language(
    spec, name, choices, value: str
) -> None:
    if value in choices:
        return
    with pytest.raises(RecordError) as caught:
        spec.profile_type.from_json({name: value})
    told = {language: caught.value.tell(language) for language in ("en", "fr", "it")}
    listed = ", ".join(choices)
    assert told["en"] == f"rules option {name!r} must be one of {listed}"
    assert told["fr"].startswith(f"l'option de règle {name!r} ") and told["fr"].endswith(listed)
    assert told["it"].startswith(f"l'opzione di regola {name!r} ") and told["it"].endswith(listed)
