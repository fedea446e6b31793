"""The live game any front end can draw: table facts and button presses in, a frozen view out.

``LiveGame.step(changes, seen, t)`` takes one frame's stable changes and the cards the camera holds;
``LiveGame.press(button)`` takes a press of the panel's or the screen's buttons. Both return a ``LiveView``: whose
turn it is, the coach's advice, what the table still has to do, alerts, the latest rulings, scores, the camera's
and the panel's status and what the panel's lights should show. Front ends (the terminal's `demo` and `play`, the
touchscreen app) only draw views and send presses, like ubo_app's renderers: none of them keeps game state.

The session and the referee live on one thread, the caller's; camera reading may run on its own and hand its
facts over (ui/feed.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.coach import Coaching, GameCoach, coach
from companion.i18n import N_, translator
from companion.panel import GAME_BUTTONS, Level, PanelButton
from companion.protocol import Action, Effect, Game, Violation
from companion.referee import GameRecord, Referee, Review, Ruling, TableAdapter
from companion.scoreboard import Scoreboard
from companion.table import SeenCard, TableChange
from companion.teaching import Rule, Teaching

RECENT = 8  # rulings kept in a view: what a screen shows under "last effects"
NO_BUTTON = N_("The {button} button does nothing in this game.")
# An effect whose code starts so is accepted by the rules but doubtful (Kai Piranja's empty-sea card after a
# handful of farandole cards): the view asks the table to check it and offers to take it back (``check``).
CHECK_PREFIX = "check-"


@dataclass(frozen=True)
class CameraStatus:
    """``ok``: frames arrive. ``problem``: why not (said on screen with a retry). ``present``: a camera is used."""

    present: bool = True
    ok: bool = True
    problem: str | None = None


@dataclass(frozen=True)
class Lights:
    """What the panel's lights show, drawn from the view: a turn light per seat (blinking while the table needs
    fixing), a level light per seat (None: off), and the alert light."""

    turn: int | None = None
    fixing: bool = False
    levels: tuple[Level | None, ...] = ()
    alert: bool = False


@dataclass(frozen=True)
class LiveView:
    """One moment of a live game, everything a front end draws. Frozen: two views compare with ``==``."""

    game: str
    title: str
    seats: tuple[str, ...]
    language: str
    turn: int | None  # the seat to act, None once the game is over
    turn_number: int  # 1 for the first player's first turn, +1 each time the seat to act changes
    actions: int  # moves played so far
    coaching: Coaching | None  # the coach's word for the seat to act; None when coaching is off or it is over
    coach_asks: int  # how many times a player pressed confirm to hear the coach again
    pending: tuple[str, ...]  # what the table still has to do, as sentences
    alerts: tuple[str, ...]  # rules the table breaks now, as sentences
    rulings: tuple[str, ...]  # what this step or press did, in words
    refused: tuple[str, ...]  # among them, the actions refused as against the rules
    recent: tuple[str, ...]  # the last rulings, oldest first
    scores: tuple[int, ...]
    scoreboard: Scoreboard  # each seat's score and the game's own state of it, in the view's language
    over: bool
    winners: tuple[int, ...]
    camera: CameraStatus
    panel: str  # "gpio", "keys" (typed keys stand in), "screen" (on-screen buttons only) or "off"
    lights: Lights
    seen: tuple[SeenCard, ...]  # the cards the camera holds, for drawing over its image
    state: Any  # the game state, for the game's own table picture (never pixels)
    t: float = 0.0  # the time of the frame or press that made this view
    # The last move, accepted but to be checked (a "check-" effect in words), while it is the last: undo takes it
    # back, and a front end offers that in one touch (the app's button, the terminal's key).
    check: str | None = None
    # The panel's buttons that do something now (a move, maybe refused, or a choice), in PanelButton values: a
    # screen shows only these (Kanaloa's "sail on" and "stay" only at the dolphin's square or a won bet). Undo and
    # confirm are always there; ``can_undo`` says whether undo has a move to take back.
    buttons: tuple[str, ...] = ()
    can_undo: bool = False
    # First-game mode (``LiveGame.first_game``): the rule to explain now, at its first effect in this game; once
    # per rule per game, never one of ``LiveGame.known``.
    explain: Rule | None = None
    # For each refused move of this step or press, the rule it broke (a front end's "show me" draws its scene).
    why: tuple[Rule, ...] = ()
    # Every rule first-game mode explains now (one move may show two for the first time); ``explain`` is the first.
    explains: tuple[Rule, ...] = ()
    pending_cards: tuple[str | None, ...] = ()  # the card each ``pending`` line names, for its picture
    effects: tuple[tuple[str, str], ...] = ()  # (code, words) of each effect of this step's accepted moves

    @property
    def matches(self) -> bool:
        """The table is as the rules expect: nothing pending, no alert."""
        return not self.pending and not self.alerts


@dataclass
class LiveGame:
    """A game refereed live: the rules, the table adapter, the saved record, and the one thread that drives them."""

    game: Game[Any, Any]
    adapter: TableAdapter
    record: GameRecord
    seats: tuple[str, ...]
    language: str = "en"
    game_coach: GameCoach | None = None
    coaching: bool = True
    panel: str = "off"
    levels: Callable[[Any], Sequence[Level | None]] | None = None  # state -> each seat's level light (hunger)
    camera: CameraStatus = field(default_factory=lambda: CameraStatus(present=False))
    # First-game mode: each rule of ``teaching`` is explained at its first effect, once, unless it is ``known``.
    first_game: bool = False
    known: frozenset[str] = frozenset()
    teaching: Teaching | None = None  # the game's (its spec's ``teach``); None: no explanations, no why
    referee: Referee = field(init=False)
    _seen: tuple[SeenCard, ...] = field(default=(), init=False)
    _review: Review = field(default_factory=lambda: Review((), ()), init=False)
    _recent: tuple[str, ...] = field(default=(), init=False)
    _turn_number: int = field(default=0, init=False)
    _coach_asks: int = field(default=0, init=False)
    _mover: int | None = field(default=None, init=False)
    _coached: tuple[int, Coaching | None] | None = field(default=None, init=False)
    _view: LiveView | None = field(default=None, init=False)
    _check: tuple[int, Action, Effect] | None = field(default=None, init=False)  # moves then, the move, why
    _explained: frozenset[str] = field(default=frozenset(), init=False)  # rule keys told in this game

    def __post_init__(self) -> None:
        self.referee = Referee(self.game, self.adapter, self.record, self.seats, self.language)
        # A game resumed (after a crash, or the app's restart) explains no rule its moves so far have shown.
        self._explained = self.known | self._rules_of(replayed_codes(self.game, self.record, len(self.seats)))
        self._follow_turn()

    # --- what comes in --------------------------------------------------------------------------------

    def step(self, changes: Sequence[TableChange], seen: Sequence[SeenCard], t: float = 0.0) -> LiveView:
        """One frame's stable changes and the cards the camera holds now."""
        self._seen = tuple(seen)
        rulings = [self.referee.on_change(change, self._seen) for change in changes]
        rulings.append(self.referee.on_table(self._seen))
        return self._after(rulings, t)

    def press(self, button: str, t: float = 0.0) -> LiveView:
        """A button of the panel or of the screen: turn, confirm, undo, or one of the game's two actions."""
        if button == PanelButton.UNDO:
            rulings = [self.referee.undo()]
        elif button == PanelButton.CONFIRM:
            self._coached = None  # the coach speaks again, as a player asked
            self._coach_asks += 1
            rulings = []
        else:
            ruling = self.referee.on_button(button, self._seen)
            if ruling.action is None and not ruling.words:
                words = translator(self.language)(NO_BUTTON, button=button)
                ruling = Ruling(words=(words,))
            rulings = [ruling]
        return self._after(rulings, t)

    def play(self, action: Action, t: float = 0.0) -> LiveView:
        """An action entered by hand: a card the camera cannot see, or a game with no camera at all."""
        return self._after([self.referee.play(action, self._seen)], t)

    def refresh(self, words: Sequence[str] = (), t: float = 0.0) -> LiveView:
        """The record changed under the live game (a corrected move): look again, and say ``words``."""
        return self._after([Ruling(words=tuple(words))], t)

    def camera_status(self, status: CameraStatus, t: float = 0.0) -> LiveView:
        """The camera came or went: the view says so, and manual entry goes on."""
        self.camera = status
        return self._after([], t)

    def set_language(self, language: str) -> LiveView:
        """Speak another language from now on (the app's language button)."""
        self.language = language
        self.referee.language = language
        self._coached = None
        return self._after([], self._view.t if self._view else 0.0)

    # --- what goes out --------------------------------------------------------------------------------

    @property
    def view(self) -> LiveView:
        if self._view is None:
            self._view = self._build((), (), 0.0)
        return self._view

    def _after(self, rulings: Sequence[Ruling], t: float) -> LiveView:
        self._review = self.referee.review(self._seen)
        words = tuple(w for r in rulings for w in r.words)
        refused = tuple(w for r in rulings if r.violation is not None for w in r.words)
        self._recent = (*self._recent, *words)[-RECENT:]
        for ruling in rulings:
            doubts = [e for e in ruling.effects if e.code.startswith(CHECK_PREFIX)]
            if ruling.action is not None and ruling.violation is None and doubts and self.record.actions:
                self._check = (len(self.record.actions), self.record.actions[-1], doubts[0])
        self._follow_turn()
        explain, why = self._teach(rulings)
        self._view = self._build(words, refused, t, explain, why)
        effects = tuple(
            (e.code, w)
            for r in rulings
            if r.violation is None
            for e, w in zip(r.effects, r.words, strict=False)
        )
        if effects:
            self._view = replace(self._view, effects=effects)
        return self._view

    def _rules_of(self, codes: Sequence[str]) -> frozenset[str]:
        if self.teaching is None:
            return frozenset()
        triggers = self.teaching.triggers()
        return frozenset(triggers[c] for c in codes if c in triggers)

    def _teach(self, rulings: Sequence[Ruling]) -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
        """The rules first-game mode explains now (each at its first effect or breach, in order), and the rule
        each refused move broke."""
        if self.teaching is None:
            return (), ()
        triggers = self.teaching.triggers()
        why = tuple(
            self.teaching.rule(triggers[r.violation.code], self.language)
            for r in rulings
            if r.violation is not None and r.violation.code in triggers
        )
        if not self.first_game:
            return (), why
        codes = [e.code for r in rulings for e in r.effects]
        codes += [r.violation.code for r in rulings if r.violation is not None]
        new = [
            k for k in dict.fromkeys(triggers[c] for c in codes if c in triggers) if k not in self._explained
        ]
        self._explained |= frozenset(new)
        return tuple(self.teaching.rule(k, self.language) for k in new), why

    def _follow_turn(self) -> None:
        current = self.game.current_player(self.record.state)
        if current is not None and current != self._mover:
            self._turn_number += 1
        self._mover = current

    def _coaching(self) -> Coaching | None:
        state = self.record.state
        if not self.coaching or self.game.is_over(state):
            return None
        key = len(self.record.actions)
        if self._coached is None or self._coached[0] != key:
            # Coaching costs a few milliseconds (the odds of every card left): once per move, not per frame.
            self._coached = (key, coach(self.game, state, self.language, self.seats, self.game_coach))
        return self._coached[1]

    def _build(
        self,
        rulings: tuple[str, ...],
        refused: tuple[str, ...],
        t: float,
        explains: tuple[Rule, ...] = (),
        why: tuple[Rule, ...] = (),
    ) -> LiveView:
        state = self.record.state
        over = self.game.is_over(state)
        turn = self.game.current_player(state)
        alerts = self._review.alerts
        levels = tuple(self.levels(state)) if self.levels is not None else ()
        lights = Lights(turn, not self._review.matches, levels, bool(alerts))
        return LiveView(
            game=self.game.name,
            title=self.game.title,
            seats=self.seats,
            language=self.language,
            turn=turn,
            turn_number=self._turn_number,
            actions=len(self.record.actions),
            coaching=self._coaching(),
            coach_asks=self._coach_asks,
            pending=self._review.pending,
            alerts=alerts,
            rulings=rulings,
            refused=refused,
            recent=self._recent,
            scores=tuple(self.game.scores(state)),
            scoreboard=self.game.scoreboard(state, self.language, self.seats),
            over=over,
            winners=tuple(self.game.winners(state)) if over else (),
            camera=self.camera,
            panel=self.panel,
            lights=lights,
            seen=self._seen,
            state=state,
            t=t,
            check=self._checked(),
            buttons=() if over else buttons_now(self.adapter, state),
            can_undo=bool(self.record.actions),
            explain=explains[0] if explains else None,
            explains=explains,
            why=why,
            pending_cards=self._review.pending_cards,
        )

    def _checked(self) -> str | None:
        """The words of the last move's doubt, while that move is still the last one played."""
        if self._check is None:
            return None
        moves, action, doubt = self._check
        actions = self.record.actions
        if len(actions) != moves or actions[-1] != action:
            return None
        return self.game.tell(doubt, self.language, self.seats)


def replayed_codes(game: Game[Any, Any], record: GameRecord, players: int) -> tuple[str, ...]:
    """The effect codes of the moves ``record`` holds, played again from the start: what a game resumed has
    already shown its players."""
    if not record.actions:
        return ()
    state = game.initial_state(players)
    codes: list[str] = []
    for action in record.actions:
        step = game.apply(state, action)
        if isinstance(step, Violation):
            break  # a record is legal; a corrected one is read again by its session
        codes += [e.code for e in step.effects]
        state = step.state
    return tuple(codes)


def buttons_now(adapter: TableAdapter, state: Any) -> tuple[str, ...]:
    """The turn button and game buttons that do something in ``state``: those the adapter turns into a move (the
    rules may still refuse it: that is said), and those that make a choice (an adapter's ``choice_buttons``)."""
    chooser = getattr(adapter, "choice_buttons", None)
    choosing = set(chooser(state)) if chooser is not None else set()
    return tuple(
        button
        for button in (PanelButton.TURN, *GAME_BUTTONS)
        if button in choosing or adapter.action_for_button(state, button) is not None
    )


def changed(before: LiveView | None, after: LiveView) -> dict[str, bool]:
    """Which parts of a view changed, for front ends that redraw or speak only what is new."""
    if before is None:
        return {"turn": True, "coaching": True, "pending": True, "alerts": True, "lights": True}
    return {
        "turn": before.turn_number != after.turn_number,
        "coaching": before.coaching != after.coaching or before.coach_asks != after.coach_asks,
        "pending": before.pending != after.pending,
        "alerts": before.alerts != after.alerts,
        "lights": before.lights != after.lights,
    }
