"""Every text a player sees exists in English, French and Italian, with the same placeholders."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.i18n import LANGUAGES, compile_po, marked_messages, parse_po, translator

ROOT = Path(__file__).resolve().parents[2]
# (domain, its locale folder, the sources whose marked messages it translates): the core's, the app's, and each
# registered game's from its spec.
DOMAINS = [
    (
        "companion",
        ROOT / "companion/locale",
        [*sorted((ROOT / "companion").glob("*.py")), ROOT / "companion/games/__init__.py"],
    ),
    ("ui", ROOT / "ui/locale", sorted((ROOT / "ui").rglob("*.py"))),
    *(
        (spec.domain, spec.locale_dir, sorted(spec.package_dir.glob("*.py")))
        for spec in (GAMES[name] for name in GAMES)
    ),
    ("pebbles", ROOT / "tests/toy/locale", [ROOT / "tests/toy/game.py"]),
]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def catalog(localedir: Path, language: str, domain: str) -> dict:
    return parse_po((localedir / language / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("domain", "localedir", "sources"), DOMAINS, ids=[d[0] for d in DOMAINS])
@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_marked_message_is_translated_with_the_same_placeholders(
    domain, localedir, sources, language
) -> None:
    entries = catalog(localedir, language, domain)
    core = catalog(ROOT / "companion/locale", language, "companion")
    marked = set().union(*(marked_messages(p.read_text(encoding="utf-8")) for p in sources))
    assert marked, "no marked message found: the extraction is broken"
    for key in marked:
        translation = entries.get(key, core.get(key))
        assert translation, f"{domain} [{language}] has no translation for {key!r}"
        singular = key[0] if isinstance(key, tuple) else key
        for form in translation if isinstance(translation, list) else [translation]:
            assert placeholders(form) == placeholders(singular), (
                f"{language}: placeholders differ in {form!r}"
            )


def test_catalogs_hold_no_stale_entries() -> None:
    for domain, localedir, sources in DOMAINS:
        marked = set().union(*(marked_messages(p.read_text(encoding="utf-8")) for p in sources))
        for language in ("fr", "it"):
            stale = set(catalog(localedir, language, domain)) - marked - {""}
            assert not stale, f"{domain} [{language}] translates messages no code uses: {stale}"


def test_the_compiled_catalog_translates_and_counts_plurals() -> None:
    po = 'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\nmsgid "fish"\nmsgstr "poisson"\n\nmsgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} carte"\nmsgstr[1] "{n} cartes"\n'
    import gettext
    import io

    t = gettext.GNUTranslations(io.BytesIO(compile_po(parse_po(po))))
    assert t.gettext("fish") == "poisson"
    assert t.ngettext("{n} card", "{n} cards", 1) == "{n} carte"
    assert t.ngettext("{n} card", "{n} cards", 2) == "{n} cartes"


def test_rulebook_names_per_language() -> None:
    from companion.games import make_game

    game = make_game("kai-piranja")
    names = {
        lang: [game.species_name(s, lang) for s in ("piranha", "moonfish", "flamefish", "barracuda")]
        for lang in LANGUAGES
    }
    assert names["fr"] == ["piranha", "poisson lune", "poisson flamme", "barracuda"]
    assert names["it"] == ["piranha", "pesce palla", "pesce leone", "pesce spada"]
    assert translator("it")("seat {n}", n=2) == "posto 2"
