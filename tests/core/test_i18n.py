"""Every text a player sees exists in English, French and Italian, with the same placeholders."""

from __future__ import annotations

import gettext
import io
import os
import string
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import i18n
from companion.games import GAMES
from companion.i18n import (
    LANGUAGES,
    Translator,
    compile_po,
    compiled_catalog,
    marked_messages,
    parse_po,
    translator,
)

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
    ("club", ROOT / "companion/club/locale", sorted((ROOT / "companion/club").glob("*.py"))),
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


# --- the compiled catalogs kept beside the .po files (companion.i18n.compiled_catalog) ---

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def write_catalog(folder: Path, greeting: str) -> Path:
    po = folder / "fr" / "LC_MESSAGES" / "cached.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_text(f'{HEADER}msgid "Hello"\nmsgstr "{greeting}"\n', encoding="utf-8")
    return po


def compiled_here(po: Path) -> bytes:
    return compile_po(parse_po(po.read_text(encoding="utf-8")))


@pytest.fixture
def writes_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    """As an installed app runs: the tests' shell sets PYTHONDONTWRITEBYTECODE, which caches nothing."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def refuse_to_parse(text: str) -> dict:
    raise AssertionError("the catalog was parsed again instead of read from its cache")


@pytest.mark.usefixtures("writes_caches")
@settings(max_examples=20, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters='"\\'), min_size=1))
def test_a_catalog_read_from_its_cache_is_the_catalog_compiled(greeting: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        po = write_catalog(Path(folder), greeting)
        first = compiled_catalog(po)
        assert (po.parent / "__pycache__" / "cached.mo").exists()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(i18n, "parse_po", refuse_to_parse)
            again = compiled_catalog(po)
        assert first == again == compiled_here(po)
        tr = Translator("fr", gettext.GNUTranslations(io.BytesIO(again)))
        assert tr("Hello") == greeting


@pytest.mark.usefixtures("writes_caches")
def test_a_catalog_changed_since_its_cache_was_written_is_compiled_again(tmp_path: Path) -> None:
    po = write_catalog(tmp_path, "Bonjour")
    compiled_catalog(po)
    write_catalog(tmp_path, "Salut à vous")  # another size
    assert compiled_catalog(po) == compiled_here(po)
    stamp = po.stat()
    write_catalog(tmp_path, "Bonsoir")  # the same size: told apart by its modification time
    os.utime(po, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1_000_000))
    assert compiled_catalog(po) == compiled_here(po)
    assert b"Bonsoir" in compiled_catalog(po)


@pytest.mark.usefixtures("writes_caches")
def test_a_catalog_whose_cache_cannot_be_written_is_compiled_at_each_start(tmp_path: Path) -> None:
    po = write_catalog(tmp_path, "Bonjour")
    (po.parent / "__pycache__").write_text(
        "not a folder"
    )  # refuses the cache even to root, as read-only would
    assert compiled_catalog(po) == compiled_here(po)
    assert sorted(p.name for p in po.parent.iterdir()) == ["__pycache__", "cached.po"], "a file was left"


def test_no_cache_is_written_where_python_writes_no_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    po = write_catalog(tmp_path, "Bonjour")
    assert compiled_catalog(po) == compiled_here(po)
    assert not (po.parent / "__pycache__").exists()
