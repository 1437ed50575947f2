"""The Strong computer: win rates from the arena's table, adjusted for hits; danger; its spells."""

import functools

import pytest

from handheld.games.archon import ai as AI
from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon.selfplay import strength_match
from handheld.games.archon.icons import DARK, LIGHT
from handheld.games.archon.positions import piece, position
from handheld.runtime.rng import Rng

SQ = B.sq


def flat(a, d, shade):
    return 500


def test_p_win_is_the_table_figure_for_unhurt_icons():
    from handheld.games.archon.duel.matchups import win_permille
    s = position({"D5": "knight", "E5": "dragon"}, shade=4)
    st = AI.Strong()
    st.prepare(s, LIGHT)
    assert st.p_win(piece(s, "D5"), piece(s, "E5"), SQ("E5")) == win_permille("knight", "dragon", 4)


def test_injury_that_saves_the_enemy_a_hit_lowers_the_chance():
    s = position({"D5": "knight", "E5": "goblin"}, shade=2, hp={"D5": 1})
    st = AI.Strong(flat)
    st.prepare(s, LIGHT)
    # Knight 1 + 4 = 5 strength instead of 9: the goblin (5 a hit) needs 1 hit, not 2.
    assert st.p_win(piece(s, "D5"), piece(s, "E5"), SQ("E5")) == 500 - 200
    assert st.p_win(piece(s, "E5"), piece(s, "D5"), SQ("D5")) == 500 + 200


def test_home_point_spell_penalty_counts_as_hits():
    s = position({"H5": "golem", "I5": "sorceress"}, shade=2)
    s.spells_used[DARK] = ["heal", "teleport", "summon", "shift_time", "exchange", "revive", "imprison"]
    st = AI.Strong(flat)
    st.prepare(s, LIGHT)
    # Sorceress 10 + 7 - 7 = 10 on I5: the golem (10 a hit) needs 1 hit instead of 2.
    assert st.p_win(piece(s, "H5"), piece(s, "I5"), SQ("I5")) == 700


def test_hopeless_duel_stays_hopeless():
    s = position({"D5": "knight", "E5": "goblin"}, shade=2, hp={"E5": 1})
    st = AI.Strong(lambda a, d, shade: 0)
    st.prepare(s, LIGHT)
    assert st.p_win(piece(s, "D5"), piece(s, "E5"), SQ("E5")) == 0


def test_danger_moves_an_icon_out_of_reach():
    # A lone knight next to a dragon it can't beat: Strong steps away, Classic doesn't care.
    s = position({"E3": "knight", "G3": "dragon", "I9": "goblin"}, shade=5)
    s.spells_used[LIGHT] = ["teleport", "heal", "shift_time", "exchange", "summon", "revive", "imprison"]
    st = AI.Strong(lambda a, d, shade: 900 if a == "dragon" else 100)
    st.prepare(s, LIGHT)
    k = piece(s, "E3")
    assert st.danger(s, k, SQ("E3")) > 0 and st.danger(s, k, SQ("A3")) == 0


def test_strong_imprisons_the_last_enemy_for_the_win():
    s = position({"A5": "wizard", "C3": "knight", "G7": "goblin"}, shade=2)
    act = AI.choose(AI.Strong(flat), s, Rng(0))
    assert act == R.Cast("imprison", (SQ("G7"),))
    R.apply(s, act)
    assert s.winner == LIGHT and s.end_reason == "LAST ICON IMPRISONED"


def test_strength_match_smoke():
    res = strength_match(2, seed=1)
    assert res["strong"] + res["classic"] + res["tie"] == 2
    assert [r["strong"] for r in res["results"]] == ["light", "dark"]


@functools.lru_cache(maxsize=1)
def _hundred_games():
    return strength_match(100, seed=1)


@pytest.mark.slow
def test_strong_beats_classic_75_of_100_and_most_as_dark():
    res = _hundred_games()
    as_dark = sum(r["winner"] == "strong" for r in res["results"] if r["strong"] == "dark")
    assert res["strong"] >= 75 and as_dark >= 35, res


@pytest.mark.slow
def test_strong_wins_70_percent_as_light():
    res = _hundred_games()
    as_light = sum(r["winner"] == "strong" for r in res["results"] if r["strong"] == "light")
    assert as_light >= 35, res
