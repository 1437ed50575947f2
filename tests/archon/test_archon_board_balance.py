"""Classic against Classic: even armies, games that end by the rules, imprisonment wins."""

import pytest

from handheld.games.archon import ai as AI
from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon.icons import LIGHT
from handheld.games.archon.positions import position
from handheld.games.archon.selfplay import balance_games
from handheld.runtime.rng import Rng


def test_classic_wins_by_imprisoning_the_last_icon():
    # Dark's last icon, its Sorceress, has left her power point: the outline's
    # first Imprison target. Light casts it and Dark, to move, has lost.
    s = position({"A5": "wizard", "C3": "knight", "G6": "sorceress"}, shade=2)
    act = AI.choose(AI.Classic(), s, Rng(0))
    assert act == R.Cast("imprison", (B.sq("G6"),))
    R.apply(s, act)
    assert s.winner == LIGHT and s.end_reason == "LAST ICON IMPRISONED"


def test_balance_games_tallies_winners_and_ends():
    r = balance_games(2, seed=90_001)
    assert r["light"] + r["dark"] + r["tie"] == 2 == sum(r["reasons"].values())
    assert set(r["reasons"]) <= set(R.RULE_ENDS + R.CABINET_ENDS)
    assert set(r["targets"]) == {"light_40_60", "ties_at_most_15", "cabinet_ends_at_most_3",
                                 "imprison_wins_occur"}
    assert r == balance_games(2, seed=90_001)                      # same seeds, same games


@pytest.mark.slow
def test_two_hundred_classic_games_are_even_and_end_by_the_rules():
    r = balance_games(200, seed=7_000)
    assert all(r["targets"].values()), r
