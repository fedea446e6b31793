"""Finds English sentences in what should be French or Italian output.

A line is English when it holds an English possessive ("Bob's") or a word that is English and no French or
Italian word ("the", "your", "cards", "turn"), or when the whole line is an English message of a catalog that
its language translates differently ("yes"). Codes are not sentences: words with a digit in them (card ids,
``seat-3``, ``2304x1296``), command options (``--source``), text in backquotes or straight double quotes, and the
names a caller allows (players, card ids) are left out before looking. The word list keeps out every word that
is also French or Italian ("on", "in", "a", "as", "come", "camera", "pile", "large", "final"), but for Italian it
adds the English words French shares ("actions", "scores"): ``test_no_english.py`` checks it against every French
and Italian translation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import parse_po

ROOT = Path(__file__).resolve().parents[1]

_ENGLISH_WORDS = """
    the is are was were be been being has have had having do does did done doing
    you your yours my mine his her hers their theirs they them this that these those we our us
    and of to with without from for by at into onto not it its there here what which who whom whose when where
    why how can cannot could must will would should shall may might only still each every all any some none
    than then also again after before over out up off just very too more most less least enough
    one two three four five six seven eight nine ten
    turn turns card cards player players seat seats row rows catch trick tricks boat boats round rounds sea
    fish hungry small game games frame frames saved seen read reads mats sticker stickers sheet sheets
    check light lights move moves play plays played reveals reveal revealed banks bank banked takes take took
    goes go went eats eat ate wins win won winner winners left right first last next new good bad
    print printed printing write writes brightness sharpness detections detection blurry blur closer focus
    yes rule rules line lines illegal nothing now everything something anything because while until
    whose shuffles deals leads follow lap laps waves dolphin square squares free trump removes short finished
    rulebook corrected undone average length panel pins header pressed key hold about such cell cells
    shark sharks puts hunger marker eaten unrecognized invalid value ignored explicit expected
    starting coral above below speed paused
"""
ENGLISH_WORDS = frozenset(_ENGLISH_WORDS.split())
# English words that French shares: English only in Italian output.
ALSO_FRENCH = frozenset({"action", "actions", "score", "scores", "table", "tables"})


def english_words(language: str) -> frozenset[str]:
    """The words that give English away in ``language``'s output."""
    return ENGLISH_WORDS | ALSO_FRENCH if language == "it" else ENGLISH_WORDS


_CODE = re.compile(
    r"`[^`]*`"  # a command in backquotes
    r'|"[^"]*"'  # a value in straight double quotes (the translations use « » or “ ”)
    r"|(?<!\w)'[\w-]+'"  # a record's key in single quotes ('seats')
    r"|[\w.~-]*(?:/[\w.~-]+)+/?"  # a path (/check/work/main/.venv): its folders are names, not words
    r"|--[\w-]+"  # a command option
    r"|[\w./:-]*\d[\w./:-]*"  # anything with a digit: card ids, seat-3, sizes, numbers
    r"|\w+(?:\.\w+)+"  # a dotted name (panel.mode)
)
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


@dataclass(frozen=True)
class EnglishFinder:
    """Finds English lines; ``messages`` are English catalog messages that must never be a whole line."""

    allowed: frozenset[str] = frozenset()
    messages: frozenset[str] = frozenset()
    words: frozenset[str] = ENGLISH_WORDS

    def why(self, line: str) -> str | None:
        """Why ``line`` reads as English (the words that give it away), or None."""
        text = line.strip()
        if text and text in self.messages:
            return "an English message"
        for name in sorted(self.allowed, key=len, reverse=True):
            text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " ", text)
        text = _CODE.sub(" ", text)
        found = []
        for word in _WORD.findall(text):
            lower = word.lower()
            if lower.endswith(("'s", "’s")) or lower in self.words:
                found.append(word)
        return ", ".join(found) if found else None

    def english_lines(self, output: str) -> list[str]:
        """Every line of ``output`` that reads as English, with the words that give it away."""
        return [f"{line!r} ({why})" for line in output.splitlines() if (why := self.why(line))]


def catalogs(language: str) -> Iterable[Path]:
    """Every .po catalog of ``language`` in the project (the core's, each package's, the games')."""
    for package in ("companion", "ui", "vision", "hardware"):
        yield from sorted((ROOT / package / "locale" / language / "LC_MESSAGES").glob("*.po"))


def translated_messages(language: str) -> dict[str, str]:
    """English msgid -> its ``language`` translation, for every singular message of every catalog."""
    found: dict[str, str] = {}
    for path in catalogs(language):
        for key, value in parse_po(path.read_text(encoding="utf-8")).items():
            if isinstance(key, str) and key and isinstance(value, str) and value:
                found[key] = value
    return found


def english_messages(language: str) -> frozenset[str]:
    """The English messages with no placeholder that ``language`` says differently: never a whole line there."""
    return frozenset(
        english.strip()
        for english, translated in translated_messages(language).items()
        if "{" not in english and translated.strip() != english.strip()
    )
