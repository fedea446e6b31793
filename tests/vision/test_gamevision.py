"""One place per game for vision (issue 33, build 5): what a game draws and reads its own way lives in its own
module under vision/games/, reached through its registration (``GameSpec.vision``); vision's shared modules
name no game. The toy game's own vision module is used by the shared tools in tests/toy/test_toy_vision.py."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.games import GAMES
from vision.gamevision import SHARED, SharedVision, game_vision

ROOT = Path(__file__).resolve().parents[2]
# vision's shared modules: every module of the package but the games' own (vision/games/<game>/).
SHARED_MODULES = sorted([*(ROOT / "vision").glob("*.py"), ROOT / "vision/games/__init__.py"])


def game_words() -> set[str]:
    """Every way a registered game is named: its name, title, aliases, gettext domain and package name."""
    words = set()
    for name in GAMES:
        spec = GAMES[name]
        words |= {spec.name, spec.name.replace("-", "_"), spec.title, spec.domain, *spec.aliases}
    return {w.lower() for w in words}


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the nodes that are docstrings: prose, where a game may be an example."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def naming(source: str, words: set[str]) -> list[str]:
    """Where ``source``'s code (comments and docstrings left out) names a game: an import of a game's package
    (companion.games.<game>, vision.games.<game>), or a name, attribute or string holding one of ``words``."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module]
        games = [m for m in modules if m.startswith(("companion.games.", "vision.games."))]
        if games:
            found.append(f"line {node.lineno}: imports {games[0]}")
        texts: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            texts = [node.value]
        elif isinstance(node, ast.Name):
            texts = [node.id]
        elif isinstance(node, ast.Attribute):
            texts = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            texts = [node.name]
        elif isinstance(node, ast.arg):
            texts = [node.arg]
        elif isinstance(node, ast.alias):  # a name imported: from companion.games import kanaloa
            texts = [node.name, node.asname or ""]
        for text in texts:
            hits = sorted(w for w in words if w in text.lower())
            if hits:
                found.append(f"line {getattr(node, 'lineno', '?')}: {text!r} names {', '.join(hits)}")
    return found


@pytest.mark.parametrize("path", SHARED_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_shared_vision_module_names_a_game(path: Path) -> None:
    assert naming(path.read_text(encoding="utf-8"), game_words()) == []


def test_the_check_finds_a_game_named_in_code_and_not_in_prose() -> None:
    words = game_words()
    named = (
        '"""Kuna Yala\'s banks, as an example."""\n'
        "# Shark Park's board: a comment\n"
        "from companion.games.kuna_yala.demo_frame import demo_frame\n"
        "import vision.games.shark_park\n"
        "def kanaloa_ring(kai_piranja: int) -> str:\n"
        '    """Kanaloa\'s sea."""\n'
        '    return "shark-park" if spec.name == "Kuna Yala" else GAMES.find("kai").title\n'
    )
    found = naming(named, words)
    assert (
        sorted(line.split(":")[0] for line in found)
        == ["line 3"] + ["line 4"] * 2 + ["line 5"] * 2 + ["line 7"] * 3
    )
    assert naming('"""Kuna Yala."""\n# kanaloa\nfrom companion.games import GAMES\n', words) == []


def test_each_game_that_draws_its_own_way_names_its_module_in_its_registration() -> None:
    modules = {name: GAMES[name].vision for name in GAMES}
    assert modules == {
        "kai-piranja": None,  # rows fanned on the mats, piles in the centre: the shared drawing
        "kanaloa": "vision.games.kanaloa",
        "kuna-yala": "vision.games.kuna_yala",
        "shark-park": "vision.games.shark_park",
    }
    for module in filter(None, modules.values()):
        assert isinstance(game_vision(module), SharedVision)
        assert type(game_vision(module)) is not SharedVision, module
    assert game_vision(None) is SHARED


def test_a_registration_naming_a_missing_module_is_told_by_its_name() -> None:
    with pytest.raises(ValueError, match=r"'vision\.games\.no_such_game' cannot be imported"):
        game_vision("vision.games.no_such_game")
    with pytest.raises(ValueError, match=r"'vision\.layout' has no VISION"):
        game_vision("vision.layout")


def test_only_the_board_game_prints_a_board() -> None:
    from vision.identity import game_cards

    printers = {name: game_vision(GAMES[name].vision).board_sheet(game_cards(name)) for name in GAMES}
    assert {name for name, printer in printers.items() if printer is not None} == {"shark-park"}
