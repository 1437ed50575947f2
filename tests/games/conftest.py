"""The contract tests run on every registered game and on Nim, a sixth game
that lives here (tests/games/nim/) and is plugged in exactly as
docs/adding-a-game.md says: its package plus one registry line."""

import sys
from pathlib import Path

import pytest

from handheld.games import registry

HERE = Path(__file__).resolve().parent
SIXTH = ("nim", ("nim", "Nim"))


def game_ids() -> list[str]:
    return [g for g in registry.GAMES if registry.load_game(g).built] + [SIXTH[0]]


@pytest.fixture(autouse=True)
def sixth_game(monkeypatch):
    """Register Nim for the test, as its one registry line would."""
    monkeypatch.setattr(sys, "path", [str(HERE), *sys.path])
    monkeypatch.setitem(registry.GAMES, *SIXTH)
    yield
    registry._loaded.pop(SIXTH[0], None)
    sys.modules.pop("nim", None)
