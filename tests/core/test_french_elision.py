"""French elides "de" and "que" before a name said with a vowel first: "la rangée d'Ann"; Italian keeps "di"."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.cli import main
from companion.games import make_game
from companion.i18n import french_elision, translator

GAME = make_game("kai-piranja")
JOINS = "The {card} joins {seat}'s row."


def joins(language: str, seat: str) -> str:
    return GAME.translator(language)(JOINS, card="x", seat=seat)


def test_de_before_a_vowel_or_a_names_h_is_elided() -> None:
    assert joins("fr", "Ann") == "Le x rejoint la rangée d'Ann."
    assert joins("fr", "Émile") == "Le x rejoint la rangée d'Émile."
    assert joins("fr", "Hélène") == "Le x rejoint la rangée d'Hélène."
    assert joins("fr", "Bob") == "Le x rejoint la rangée de Bob."
    assert joins("fr", "P1") == "Le x rejoint la rangée de P1."


def test_both_names_of_one_sentence_are_elided_each_as_its_own() -> None:
    told = translator("fr")("It is {current_seat}'s turn, not {seat}'s.", current_seat="Ève", seat="Bob")
    assert told == "C'est au tour d'Ève, pas de Bob."
    told = translator("fr")("It is {current_seat}'s turn, not {seat}'s.", current_seat="Bob", seat="Ann")
    assert told == "C'est au tour de Bob, pas d'Ann."


def test_que_is_elided_too_and_a_lowercase_h_or_a_number_is_not() -> None:
    assert french_elision("ce que {seat} peut faire", {"seat": "Ann"}) == "ce qu'{seat} peut faire"
    assert french_elision("le nid de {bird}", {"bird": "héron"}) == "le nid de {bird}"  # an aspirated h
    assert french_elision("de {n} cartes", {"n": 8}) == "de {n} cartes"
    assert french_elision("guide {x}", {"x": "Ann"}) == "guide {x}"  # "de" inside a word is no "de"


def test_italian_keeps_di_before_a_name() -> None:
    assert joins("it", "Ann") == "Il x va nella fila di Ann."


@given(st.sampled_from("AEIOUYÉÈÂÎHaeiouéè"), st.text("abcdefghijklmnopqrstuvwxyz", max_size=6))
def test_no_french_de_is_left_before_a_vowel_name(first: str, rest: str) -> None:
    told = joins("fr", first + rest)
    assert f"de {first}" not in told and f"d'{first}{rest}." in told


def test_narrate_in_french_elides_before_ann(capsys) -> None:
    assert main(["narrate", "--players", "3", "--seed", "1", "--names", "Ann,Bob,Cy", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "rangée d'Ann" in out and "de Ann" not in out and "rangée de Bob" in out
