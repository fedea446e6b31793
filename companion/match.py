"""A game in progress with its history: push, undo any number of times, redo; python-chess's move stack."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.protocol import JSON, Action, Effect, Game, Step, Violation
from companion.record import Header, dumps


@dataclass
class Match:
    """One game at one table: the rules, the seats, and every state since the start."""

    game: Game[Any, Any]
    seats: tuple[str, ...]
    seed: int | None = None
    states: list[JSON] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    effects: list[tuple[Effect, ...]] = field(default_factory=list)
    _redo: list[Action] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.states:
            self.states.append(self.game.initial_state(len(self.seats)))

    @property
    def state(self) -> JSON:
        return self.states[-1]

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def push(self, action: Action) -> Step[Any] | Violation:
        """Apply ``action`` if legal. A new action clears what could have been redone."""
        result = self.game.apply(self.state, action)
        if isinstance(result, Step):
            self.push_step(action, result)
        return result

    def push_step(self, action: Action, step: Step[Any]) -> None:
        """Record ``action`` with the step the rules already gave for it in the current state (no second check,
        no second application). A new action clears what could have been redone."""
        self._record(action, step)
        self._redo.clear()

    def _record(self, action: Action, step: Step[Any]) -> None:
        self.states.append(step.state)
        self.actions.append(action)
        self.effects.append(step.effects)

    def undo(self) -> Action | None:
        """Take back the last action; None if there is none."""
        if not self.actions:
            return None
        self.states.pop()
        self.effects.pop()
        action = self.actions.pop()
        self._redo.append(action)
        return action

    def redo(self) -> Step[Any] | None:
        """Play again the last action undone; None if there is none."""
        if not self._redo:
            return None
        action = self._redo.pop()
        result = self.game.apply(self.state, action)
        assert isinstance(result, Step), "an undone action is legal again in the state it was played from"
        self._record(action, result)
        return result

    def can_redo(self) -> bool:
        return bool(self._redo)

    def header(self) -> Header:
        return Header(self.game.name, self.seats, self.game.profile.to_json(), self.seed)

    def record_text(self) -> str:
        return dumps(self.header(), self.game, self.actions)

    @classmethod
    def from_actions(
        cls, game: Game[Any, Any], seats: Sequence[str], actions: Sequence[Action], seed: int | None = None
    ) -> Match:
        match = cls(game, tuple(seats), seed)
        for action in actions:
            result = match.push(action)
            if isinstance(result, Violation):
                raise ValueError(f"illegal action {action}: {result.code}")
        return match
