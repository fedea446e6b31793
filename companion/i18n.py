"""Player-facing text in English, French and Italian, through gettext.

Each package (core, vision, hardware, ui) keeps its own gettext domain in its own ``locale/`` folder, so the
catalogs of one package never conflict with another's. Catalogs are kept as ``.po`` source only and compiled to
the ``.mo`` form gettext reads when first loaded: there is no build step to forget. The compiled form is kept in
a ``__pycache__`` folder beside the catalog, as Python keeps bytecode, so that later starts skip the parsing.
"""

from __future__ import annotations

import ast
import gettext
import io
import re
import struct
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from companion.files import write_cache

LANGUAGES: tuple[str, ...] = ("en", "fr", "it")
DEFAULT_LANGUAGE = "en"
CORE_LOCALE_DIR = Path(__file__).parent / "locale"


def N_(message: str) -> str:
    """Mark a string for translation without translating it (it is translated where it is shown)."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural form; the count is its ``{n}`` parameter."""
    return (singular, plural)


class UnknownLanguage(ValueError):
    """A language the app does not speak."""


@dataclass(frozen=True)
class Translator:
    """Translates and formats messages of one domain into one language."""

    language: str
    translations: gettext.NullTranslations

    def __call__(self, message: str, **params: object) -> str:
        text = self.translations.gettext(message)
        return self.fill(text, params) if params else text

    def plural(self, singular: str, plural: str, n: int, **params: object) -> str:
        return self.fill(self.translations.ngettext(singular, plural, n), {"n": n, **params})

    def fill(self, text: str, params: Mapping[str, object]) -> str:
        if self.language == "fr":
            text = french_elision(text, params)
        return text.format(**params)


# "de {seat}" and "que {seat}" before a name said with a vowel first: "la rangée d'Ann", "ce qu'Ève peut faire".
# French elides before a vowel and a mute h. A capital H is taken as a name's, mute in nearly every French name
# (d'Hélène, d'Hugo); a lowercase h may be aspirated (le héron), so a common noun keeps its "de". Italian "di"
# is kept before a name ("la fila di Anna"): its elision is optional and old-fashioned.
ELIDABLE = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")
VOWEL_SOUND = re.compile(r"[aeiouyàâäéèêëîïôöùûüÿœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŸŒÆH]")


def french_elision(template: str, params: Mapping[str, object]) -> str:
    """``template`` with "de {x}"/"que {x}" as "d'{x}"/"qu'{x}" where the text of ``x`` starts with a vowel sound."""

    def elide(match: re.Match[str]) -> str:
        word, name = match.groups()
        value = params.get(name)
        if isinstance(value, str) and VOWEL_SOUND.match(value):
            return f"{word[:-1]}'{{{name}}}"
        return match.group(0)

    return ELIDABLE.sub(elide, template)


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise UnknownLanguage(f"unknown language {language!r}: choose one of {', '.join(LANGUAGES)}")
    return language


@cache
def translator(
    language: str = DEFAULT_LANGUAGE, domain: str = "companion", localedir: Path = CORE_LOCALE_DIR
) -> Translator:
    """The translator for ``language`` in ``domain``; English is the source language (identity)."""
    check_language(language)
    if language == "en":
        return Translator(language, gettext.NullTranslations())
    if not (localedir / language / "LC_MESSAGES" / f"{domain}.po").exists() and domain != "companion":
        raise FileNotFoundError(
            f"missing translation catalog for {domain!r} in {language!r} under {localedir}"
        )
    po_path = localedir / language / "LC_MESSAGES" / f"{domain}.po"
    if not po_path.exists():
        raise FileNotFoundError(f"missing translation catalog {po_path}")
    translations = gettext.GNUTranslations(io.BytesIO(compiled_catalog(po_path)))
    if (domain, localedir) != ("companion", CORE_LOCALE_DIR):
        # A game's or a package's catalog falls back on the core's for shared words ("seat 2", "a and b").
        translations.add_fallback(translator(language).translations)
    return Translator(language, translations)


MO_CACHE = "__pycache__"  # beside each .po: ignored by git and by packaging, like Python's bytecode
STAMP = struct.Struct(
    "<4sQQ"
)  # a tag, then the .po's modification time (ns) and size, as a .pyc checks its source
STAMP_TAG = b"cmo1"


def compiled_catalog(po_path: Path) -> bytes:
    """The .mo bytes of the catalog ``po_path``. Parsing a .po costs a tenth of a French or Italian command's
    start-up, so the bytes are cached in ``__pycache__/<domain>.mo`` beside it, stamped with the .po's
    modification time and size: a cache of another version of the .po is compiled again. Written only where
    Python writes bytecode (not under ``PYTHONDONTWRITEBYTECODE``), atomically; a folder that cannot be written
    is left alone, and the catalog is compiled at each start as before."""
    info = po_path.stat()
    stamp = STAMP.pack(STAMP_TAG, info.st_mtime_ns, info.st_size)
    cache = po_path.parent / MO_CACHE / f"{po_path.stem}.mo"
    try:
        cached = cache.read_bytes()
    except OSError:
        cached = b""
    if cached[: STAMP.size] == stamp:
        return cached[STAMP.size :]
    mo = compile_po(parse_po(po_path.read_text(encoding="utf-8")))
    if not sys.dont_write_bytecode:
        write_cache(cache, stamp + mo)
    return mo


# --- .po parsing and .mo compiling (what GNU msgfmt does, for the subset of .po we write) ---

PoKey = str | tuple[str, str]  # msgid, or (msgid, msgid_plural)


def parse_po(text: str) -> dict[PoKey, str | list[str]]:
    """Parse a .po file's entries: msgid -> msgstr, or (msgid, msgid_plural) -> [msgstr[0], msgstr[1], ...].

    The header entry (empty msgid) is kept under the key "". Fuzzy entries are skipped, as msgfmt does.
    """
    entries: dict[PoKey, str | list[str]] = {}
    fields: dict[str, str] = {}
    current: str | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        if "msgid" in fields and not fuzzy:
            if "msgid_plural" in fields:
                forms = [fields[k] for k in sorted(k for k in fields if k.startswith("msgstr["))]
                entries[(fields["msgid"], fields["msgid_plural"])] = forms
            else:
                entries[fields["msgid"]] = fields.get("msgstr", "")
        fields.clear()
        fuzzy = False

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            current = None
            continue
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
            continue
        if line.startswith("#"):
            continue
        if line.startswith('"'):
            if current is None:
                raise ValueError(f"po: continuation line without a keyword: {raw!r}")
            fields[current] += ast.literal_eval(line)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid" and "msgid" in fields and current is not None and current.startswith("msgstr"):
            flush()
        current = keyword
        fields[keyword] = ast.literal_eval(rest.strip())
    flush()
    return entries


def compile_po(entries: dict[PoKey, str | list[str]]) -> bytes:
    """The GNU .mo bytes for parsed .po entries (untranslated entries are left out, so gettext falls back)."""
    pairs: list[tuple[bytes, bytes]] = []
    for key, value in entries.items():
        if isinstance(key, tuple):
            assert isinstance(value, list)
            if not all(value):
                continue
            msgid = f"{key[0]}\0{key[1]}"
            msgstr = "\0".join(value)
        else:
            assert isinstance(value, str)
            if not value and key:
                continue
            msgid, msgstr = key, value
        pairs.append((msgid.encode(), msgstr.encode()))
    pairs.sort()
    n = len(pairs)
    ids_table_at = 28
    strs_table_at = ids_table_at + 8 * n
    data_at = strs_table_at + 8 * n
    ids_table: list[tuple[int, int]] = []
    strs_table: list[tuple[int, int]] = []
    data = b""
    for original, _ in pairs:
        ids_table.append((len(original), data_at + len(data)))
        data += original + b"\0"
    for _, translated in pairs:
        strs_table.append((len(translated), data_at + len(data)))
        data += translated + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, n, ids_table_at, strs_table_at, 0, 0)
    tables = b"".join(struct.pack("<2I", *t) for t in ids_table + strs_table)
    return header + tables + data


def marked_messages(source: str, markers: tuple[str, ...] = ("N_", "_", "tr")) -> set[PoKey]:
    """Messages marked in Python ``source``: the literal first argument of a marker call (``N_("...")``,
    ``tr("...")``), and (singular, plural) pairs marked with ``NP_``."""
    found: set[PoKey] = set()
    for node in ast.walk(ast.parse(source)):
        if not (
            isinstance(node, ast.Call)
            and node.args
            and all(isinstance(a, ast.Constant) for a in node.args[:2])
        ):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
        constants = [a for a in node.args[:2] if isinstance(a, ast.Constant)]
        first = constants[0].value
        if name in markers and isinstance(first, str):
            found.add(first)
        elif name in ("NP_", "plural") and len(constants) >= 2 and isinstance(first, str):
            found.add((first, str(constants[1].value)))
    return found
