"""Selfplay is deterministic; the strong computer's search is bounded and
deterministic; the strength command runs (smoke here, 100 games when slow)."""

import json
import subprocess
import sys

import pytest

from handheld.games.spectral import GAME
from handheld.games.spectral import rules as R
from handheld.games.spectral.ai import strong as ai_strong
from handheld.games.spectral.selfplay import play_game, strength


def test_selfplay_is_deterministic_and_reports_the_contract_fields():
    a = GAME.selfplay(7)
    b = GAME.selfplay(7)
    assert a == b
    assert {"winner", "turns", "ticks", "state_hash"} <= set(a)
    assert a["winner"] in (0, 1, None) and a["turns"] >= 2
    assert GAME.selfplay(8)["state_hash"] != a["state_hash"]


def test_selfplay_with_options_and_strong_level():
    a = GAME.selfplay(3, level="strong", board="random", save_power=1, first=1)
    assert a == GAME.selfplay(3, level="strong", board="random", save_power=1, first=1)
    assert a["level"] == "strong"


def test_strong_search_is_deterministic_and_yields_progress():
    s = R.new_game()
    first = ai_strong.decide(s.copy())
    assert first == ai_strong.decide(s.copy())
    gen = ai_strong.search(s.copy())
    counts = []
    try:
        while True:
            counts.append(next(gen))
    except StopIteration as done:
        assert done.value == first
    assert counts == sorted(counts) and len(counts) > 10


def test_strong_never_picks_an_action_that_changes_nothing():
    s = R.State([R.RED] * 24 + [R.VIOLET])
    s.wiz = [R.pos_of(0, 0), R.pos_of(4, 4)]
    s.power = [9, 0]
    assert ai_strong.decide(s) != ("transmute",)   # a free no-op that would stall the turn
    assert ("transmute",) in ai_strong.candidates(s)


def test_strong_takes_a_winning_blitz():
    s = R.State([R.RED] * 25)
    for p in (12, 13, 17):
        s.board[p] = R.YELLOW
    s.wiz = [12, 24]
    s.board[24] = R.RED
    s.power = [16, 0]
    assert ai_strong.decide(s) == ("blitz",)       # wins at the end of the turn; first in order


def test_strength_smoke_strong_beats_classic():
    res = strength(4)
    assert res["games"] == 4 and res["strong_wins"] >= 3


def test_headless_game_ends():
    r = play_game(11)
    assert r["winner"] in (0, 1)
    assert (r["red_pads"], r["violet_pads"])[r["winner"]] == 25


def test_strength_cli_rejects_bad_games_with_exit_2():
    p = subprocess.run([sys.executable, "-m", "handheld", "spectral", "strength", "--games", "0"],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "expected a whole number >= 1" in p.stderr
    assert "Traceback" not in p.stderr


def test_strength_cli_json_smoke():
    p = subprocess.run([sys.executable, "-m", "handheld", "spectral", "strength", "--games", "2",
                        "--json"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    res = json.loads(p.stdout)
    assert res["games"] == 2 and res["strong_wins"] == 2 and res["passed"]


@pytest.mark.parametrize("module", ["rules", "ai", "selfplay", "cli"])
def test_headless_modules_import_no_pygame(module):
    code = (f"import sys, handheld.games.spectral.{module}; "
            "print(sorted(m for m, mod in sys.modules.items() if mod and m.split('.')[0] == 'pygame'))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "[]"


def test_bench_figures_time_both_computers():
    figs = GAME.bench_figures(quick=True)
    assert set(figs) == {"classic", "strong"}
    for level in figs.values():
        assert level["decisions"] > 0 and 0 <= level["ms_p50"] <= level["ms_max"]
    assert figs["strong"]["nodes_max"] > 0


@pytest.mark.slow
def test_strength_full_100_games():
    res = strength(100)
    assert res["strong_wins"] >= 70
