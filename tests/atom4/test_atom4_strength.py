"""Strength: the default level against Easy (>= 70/100) and against a random
player (>= 95/100). The 100-game matches are slow (run with -m slow or
`handheld atom4 strength`); the smoke test runs the same code path briefly."""

import argparse
import json

import pytest

from handheld.games.atom4 import GAME, ai, selfplay
from handheld.games.atom4.cli import add_cli


def test_strength_command_smoke(capsys):
    parser = argparse.ArgumentParser(prog="handheld atom4")
    add_cli(parser, GAME)
    args = parser.parse_args(["strength", "--games", "1", "--json", "--seed", "3"])
    code = args.func(args)
    info = json.loads(capsys.readouterr().out)
    vs_easy, vs_random = info["results"]
    assert (vs_easy["weak"], vs_random["weak"]) == ("easy", "random")
    assert vs_easy["games"] == vs_random["games"] == 1
    assert vs_random["wins"] == 1
    assert code == (0 if info["passed"] else 1)


def test_match_swaps_sides_and_rounds():
    seen = []
    orig = selfplay.play_round

    def spy(agents, seed, round_no=1, times=None):
        seen.append((agents[1], round_no))
        return {"winner": 1, "turns": 1, "moves": [], "state_hash": ""}

    selfplay.play_round = spy
    try:
        res = selfplay.match("normal", "random", 4)
    finally:
        selfplay.play_round = orig
    assert seen == [("normal", 1), ("random", 1), ("normal", 2), ("random", 2)]
    assert res["wins"] == 2 and res["losses"] == 2


@pytest.mark.slow
def test_default_level_beats_easy_in_70_of_100():
    res = selfplay.match(ai.SEARCH_LEVEL, "easy", 100)
    assert res["wins"] >= 70, res


@pytest.mark.slow
def test_default_level_beats_random_in_95_of_100():
    res = selfplay.match(ai.SEARCH_LEVEL, "random", 100)
    assert res["wins"] >= 95, res
