"""`handheld bench --json` is read by tools: its shape must not drift (values are not judged here)."""

import json

from handheld.tools.cli import main


def test_bench_json_shape(capsys):
    assert main(["bench", "--json", "--quick", "--only", "menu:"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["scenes"]) == {"menu:main", "menu:title", "menu:records", "menu:attract"}
    for scene in report["scenes"].values():
        for scale in ("scale1", "scale2", "scale4"):
            assert {"p50_ms", "p99_ms", "max_ms"} <= set(scene[scale])
            assert 0 < scene[scale]["p50_ms"] <= scene[scale]["p99_ms"] <= scene[scale]["max_ms"]
    assert report["first_frame_ms"] > 0 and report["peak_rss_mb"] > 10
    assert {"p50_ms", "p99_ms"} <= set(report["input_latency"])
    assert report["input_latency"]["samples"] == 60
    assert isinstance(report["games"], dict)
    from handheld.runtime.presents import SCENARIOS

    assert set(report["pacing"]) == set(SCENARIOS)
    for model in report["pacing"].values():
        assert {"game_speed", "frame_ms", "press_p99_ms", "dropped_ticks", "vblank_paced"} == set(model)
    # simulated time, so these are the loop's figures and not this machine's speed
    assert abs(report["pacing"]["software-4-12ms"]["game_speed"] - 1) < 0.001
    assert report["pacing"]["vblank-60"]["vblank_paced"] > 0.99


def test_bench_reports_attract_mode_memory_with_sound(capsys):
    assert main(["bench", "--json", "--quick", "--only", "menu:title"]) == 0
    from handheld.games.registry import built_games

    attract = json.loads(capsys.readouterr().out)["attract"]
    assert attract["games_shown"] == len(built_games()) and attract["sound"] is True
    assert 20 < attract["peak_rss_mb"]
