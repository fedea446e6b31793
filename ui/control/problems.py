"""What is wrong, for the Home screen: one entry per cause, said once, gone when the cause is solved.

Each problem is keyed by its cause ("panel-config", "screen-config", ...): saying it again replaces it, and a check
that finds the cause solved takes it away. Its words are made in the screen's language when shown, so a problem
said in English reads in Italian after a change of language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

Words = Callable[[str], str]  # the problem in a given language


@dataclass
class Problems:
    """The app's problems by cause, in the order they were first said."""

    _said: dict[str, Words] = field(default_factory=dict)

    def say(self, cause: str, words: Words) -> None:
        """``cause`` is a problem, in ``words``: it replaces what was said for the same cause."""
        self._said[cause] = words

    def solved(self, cause: str) -> None:
        """``cause`` is no longer a problem (nothing happens if it was not one)."""
        self._said.pop(cause, None)

    def solved_all(self, prefix: str) -> None:
        """Every cause starting with ``prefix`` is solved: a check that found none of them again."""
        for cause in [c for c in self._said if c.startswith(prefix)]:
            del self._said[cause]

    def words(self, cause: str) -> Words | None:
        """What was said for ``cause``, None if it is not a problem now."""
        return self._said.get(cause)

    def causes(self) -> list[str]:
        return list(self._said)

    def lines(self, language: str) -> list[str]:
        """Each problem once, in ``language``; two causes that read the same are said once."""
        return list(dict.fromkeys(words(language) for words in self._said.values()))

    def clear(self) -> None:
        self._said.clear()

    # A line already in words, keyed by itself: for callers that have only a sentence to say.
    def append(self, line: str) -> None:
        self.say(line, lambda _language: line)

    def extend(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.append(line)

    def __len__(self) -> int:
        return len(self._said)
