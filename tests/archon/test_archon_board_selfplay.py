"""Whole computer games with duels fought by the arena's fighters, headless."""

import pytest

from handheld.games.archon import GAME
from handheld.games.archon import rules as R
from handheld.games.archon.selfplay import play_game


def test_selfplay_is_deterministic_per_seed():
    a, b = GAME.selfplay(3), GAME.selfplay(3)
    assert a == b
    assert a["winner"] in ("light", "dark", "tie") and a["duels"] > 0 and a["turns"] > 0
    assert set(a) >= {"winner", "turns", "ticks", "state_hash", "duels"}
    assert GAME.selfplay(4)["state_hash"] != a["state_hash"]


def test_selfplay_smoke_games_end():
    for seed in (11, 12):
        r = play_game(seed)
        assert r["reason"] in R.RULE_ENDS + R.CABINET_ENDS[:2]


@pytest.mark.slow
def test_fifty_seeds_all_end():
    reasons = [play_game(seed)["reason"] for seed in range(1, 51)]
    assert "TURN LIMIT" not in reasons
