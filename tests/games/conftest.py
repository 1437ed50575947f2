"""The contract tests run on every registered game and on a sixth: a throwaway copy
of Nim (tests/games/nim/) made in a temporary folder under a package name of its
own, and plugged in exactly as docs/adding-a-game.md says: its package plus one
registry line. Nothing in the cabinet or its tests may count to five."""

import shutil
import sys

import pytest

from handheld.games import registry

from pathlib import Path

HERE = Path(__file__).resolve().parent
SIXTH_ID, SIXTH_PACKAGE = "nim", "throwaway_sixth_game"


def game_ids() -> list[str]:
    return [g for g in registry.GAMES if registry.load_game(g).built] + [SIXTH_ID]


@pytest.fixture(scope="session")
def sixth_game_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("sixth")
    shutil.copytree(HERE / "nim", folder / SIXTH_PACKAGE, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


@pytest.fixture(autouse=True)
def sixth_game(monkeypatch, sixth_game_folder):
    """Register the throwaway game for the test, as its one registry line would."""
    monkeypatch.setattr(sys, "path", [str(sixth_game_folder), *sys.path])
    monkeypatch.setitem(registry.GAMES, SIXTH_ID, (SIXTH_PACKAGE, "Nim"))
    yield
    registry._loaded.pop(SIXTH_ID, None)
    for name in [m for m in sys.modules if m == SIXTH_PACKAGE or m.startswith(SIXTH_PACKAGE + ".")]:
        sys.modules.pop(name)
