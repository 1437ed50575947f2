"""Every game package has the one shape docs/adding-a-game.md describes: the same
file names with the same roles, GAME declared in __init__.py, pure modules that
never pull in pygame, and no import cycles anywhere in handheld/."""

import ast
import importlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from handheld.audio import NullAudio
from handheld.runtime.context import Context
from handheld.games.base import Game
from handheld.games.registry import GAMES, load_game
from handheld.base.actions import EMPTY_FRAME
from handheld.base.scene import Scene
from conftest import game_ids
from importgraph import find_cycles, import_graph

ROOT = Path(__file__).resolve().parents[2]
GAME_IDS = game_ids()

# name -> what it must be; "x/" means a package of that name is fine too
REQUIRED = ["__init__.py", "rules.py|rules/", "ai.py|ai/", "match.py", "draw.py",
            "options.py", "howto.py", "showcase.py", "selfplay.py", "cli.py", "sounds.py"]
# names that meant different things in different games before the games shared a shape
RETIRED = ["game.py", "scenes.py", "screen.py", "view.py", "match_scene.py", "match_draw.py",
           "match_view.py", "menus.py", "strength.py", "benchfig.py", "ai_classic.py", "ai_strong.py"]
PURE = ["rules", "ai", "selfplay"]


def _module(game_id: str) -> str:
    return GAMES[game_id][0]


def _package(game_id: str) -> Path:
    return Path(importlib.util.find_spec(_module(game_id)).submodule_search_locations[0])


def _present(pkg: Path, choice: str) -> bool:
    for name in choice.split("|"):
        if name.endswith("/") and (pkg / name / "__init__.py").is_file():
            return True
        if not name.endswith("/") and (pkg / name).is_file():
            return True
    return False


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_package_has_the_shared_files(game_id):
    pkg = _package(game_id)
    missing = [c for c in REQUIRED if not _present(pkg, c)]
    assert not missing, f"{_module(game_id)} lacks {missing} (docs/adding-a-game.md)"
    retired = [n for n in RETIRED if (pkg / n).exists()]
    assert not retired, f"{_module(game_id)} uses retired names {retired}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_init_declares_the_game_and_nothing_else(game_id):
    tree = ast.parse((_package(game_id) / "__init__.py").read_text())
    body = tree.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]          # the docstring
    imports = [s for s in body if isinstance(s, (ast.Import, ast.ImportFrom))]
    classes = [s for s in body if isinstance(s, ast.ClassDef)]
    assigns = [s for s in body if isinstance(s, ast.Assign)]
    assert len(imports) + len(classes) + len(assigns) == len(body), "only imports, the class and GAME"
    allowed = {"__future__", "handheld.games.base"}
    assert {s.module for s in imports if isinstance(s, ast.ImportFrom)} <= allowed
    assert not [s for s in imports if isinstance(s, ast.Import)]
    assert len(classes) == 1 and classes[0].name.endswith("Game")
    methods = [s.name for s in classes[0].body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
    assert not methods, f"{game_id}'s Game class declares, Game finds the modules: move {methods} out"
    assert len(assigns) == 1
    target, value = assigns[0].targets[0], assigns[0].value
    assert isinstance(target, ast.Name) and target.id == "GAME"
    assert isinstance(value, ast.Call) and value.func.id == classes[0].name and not value.args

    module = importlib.import_module(_module(game_id))
    assert type(module.GAME).__name__ == classes[0].name and isinstance(module.GAME, Game)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pure_modules_never_import_pygame(game_id):
    names = ", ".join(f"{_module(game_id)}.{m}" for m in PURE)
    code = f"import sys, {names}; print('pygame' in sys.modules)"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False", f"{game_id}: {', '.join(PURE)} must run without pygame"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_roles_are_the_same_in_every_game(game_id):
    game = load_game(game_id)
    prefix = _module(game_id)
    match = importlib.import_module(f"{prefix}.match")
    showcase = importlib.import_module(f"{prefix}.showcase")
    cli = importlib.import_module(f"{prefix}.cli")
    ctx = Context.headless_context(seed=1)

    scene = game.match_scene(ctx, 1, {})
    assert isinstance(scene, match.MatchScene) and isinstance(scene, Scene)
    assert isinstance(scene.state_hash(), str)
    first = game.start_scene(ctx)
    assert type(first).__module__ == f"{prefix}.options", "the first screen lives in options.py"
    assert callable(cli.add_cli)
    assert set(game.screenshot_scenes()) == set(showcase.screenshot_scenes(game))
    assert set(game.bench_scenes()) == set(showcase.bench_scenes(game))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_sounds_are_registered_one_way_under_the_game_prefix(game_id):
    sounds = importlib.import_module(f"{_module(game_id)}.sounds")
    audio = NullAudio()
    sounds.register(audio)
    assert audio.names, f"{game_id} registers no sound"
    assert all(n.startswith(f"{game_id}.") for n in audio.names), sorted(audio.names)

    # and what a demo plays is what the game registered (or the cabinet's own ui.* set)
    ctx = Context.headless_context(seed=3)
    demo = load_game(game_id).demo_scene(ctx, 3)
    for _ in range(1800):
        demo.update(EMPTY_FRAME)
        if demo.finished:
            break
    played = {n for n in ctx.audio.played if not n.startswith("ui.")}
    assert played <= ctx.audio.names, f"played but never registered: {played - ctx.audio.names}"


def test_no_import_cycles_in_the_cabinet():
    cycles = find_cycles(import_graph(ROOT / "handheld", "handheld"))
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_the_cycle_finder_sees_a_cycle(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from pkg import b\n")
    (pkg / "b.py").write_text("from pkg.a import f\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\n")
    (pkg / "d.py").write_text("from . import c\n")
    assert find_cycles(import_graph(pkg, "pkg")) == [["pkg.a", "pkg.b"]]


def test_every_games_tests_are_named_after_it():
    """tests/<id>/test_<id>_*.py: a test file says which game it tests."""
    stray = [f"{folder.name}/{f.name}" for folder in (ROOT / "tests").iterdir()
             if folder.name in GAMES for f in folder.glob("test_*.py") if not f.name.startswith(f"test_{folder.name}_")]
    assert not stray, f"rename to test_<id>_*.py: {stray}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_match_scene_is_a_match_scene(game_id):
    """The runner reads `result` and `state_hash()` from what scene.MatchScene declares."""
    from handheld.base.scene import MatchScene

    match = load_game(game_id).match_scene(Context.headless_context(seed=1), 1, {})
    assert isinstance(match, MatchScene) and match.result is None or match.result == {}
    assert isinstance(match.state_hash(), str) and match.human_players() in range(0, 5)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_computer_is_declared_one_way(game_id):
    """ai.LEVELS: Level records, names unique, one default offered in the menu, labels
    the records table shows; ai.think: the one entry point; the frame budget figures."""
    import inspect

    from handheld.games.levels import Level, default, in_menu

    game = load_game(game_id)
    ai = game.part("ai")
    assert isinstance(ai.LEVELS, tuple) and ai.LEVELS and all(isinstance(lv, Level) for lv in ai.LEVELS)
    assert len({lv.name for lv in ai.LEVELS}) == len(ai.LEVELS)
    assert sum(lv.default for lv in ai.LEVELS) == 1 and default(ai.LEVELS) in in_menu(ai.LEVELS)
    assert [game.level_label(lv.name) for lv in ai.LEVELS] == [lv.label for lv in ai.LEVELS]
    params = list(inspect.signature(ai.think).parameters)
    assert params[1:3] == ["level", "rng"] or params[1:3] == ["level", "seed"], (
        f"ai.think(position, level, rng, ...): {params}")
    assert isinstance(ai.TICK_NODES, int) and ai.TICK_NODES > 0 and ai.NODE_US > 0
