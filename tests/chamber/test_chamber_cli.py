"""`handheld chamber strength`, selfplay through the generic CLI, bench hooks."""

import json

import pytest

from handheld.tools.cli import main as cli_main
from handheld.games.chamber import GAME


def test_strength_command_smoke(capsys):
    assert cli_main(["chamber", "strength", "--games", "6", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 6 and out["wins"] >= 5 and out["passed"] and out["capped"] == 0


def test_strength_command_rejects_bad_counts(capsys):
    with pytest.raises(SystemExit) as e:
        cli_main(["chamber", "strength", "--games", "0"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "--games" in err and "Traceback" not in err


@pytest.mark.parametrize("players", [2, 3, 4])
def test_selfplay_cli_for_each_table_size(players, capsys):
    assert cli_main(["selfplay", "chamber", "--seed", "7", "--players", str(players), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == players and out["winner"] in ("SUNS", "MOONS", "CROWNS", "ARMS")
    assert sum(1 for p in out["pyramids"] if p) == 1


def test_bench_figures_report_computer_turn_time():
    figs = GAME.bench_figures(quick=True)
    turn, decision = figs["computer_turn_ms"], figs["computer_decision_ms"]
    assert turn["turns"] > 20 and turn["target_ms"] == 50
    assert 0 < turn["p50"] <= turn["p99"] <= turn["max"]
    assert decision["decisions"] > turn["turns"] and decision["max"] <= turn["max"]


def test_bench_and_screenshot_scene_names():
    assert set(GAME.bench_scenes()) == {"match", "cpu_turns", "zap", "options"}
    assert list(GAME.screenshot_scenes())[0] == "match"
