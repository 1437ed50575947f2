"""`handheld atom4 strength --vs CMD`: our levels against any program that
speaks the position/move line protocol, here a tiny greedy engine in Python
(tests/atom4/engines/greedy_engine.py). The original atom4 4.1 is measured
the same way from outside the repo (docs/atom4.md)."""

import argparse
import json
import shlex
import sys
from pathlib import Path

import pytest

from handheld.games.atom4 import GAME, selfplay
from handheld.games.atom4.cli import add_cli
from handheld.games.atom4.rules import Position, index

ENGINE = Path(__file__).parent / "engines" / "greedy_engine.py"


def engine_cmd(*extra):
    return " ".join(shlex.quote(a) for a in (sys.executable, str(ENGINE), *extra))


def run(argv, capsys):
    parser = argparse.ArgumentParser(prog="handheld atom4")
    add_cli(parser, GAME)
    args = parser.parse_args(argv)
    code = args.func(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_engine_answers_the_protocol_with_a_legal_move():
    eng = selfplay.ExternalEngine(engine_cmd())
    try:
        pos = Position(2)
        pos.play(index(8, 8))
        move = eng.move(pos, 7)
        assert pos.is_legal(move)
        assert eng.move(pos, 7) == move          # same position and seed, same answer
    finally:
        eng.close()
    assert eng.proc.returncode == 0              # it was told to quit and did


def test_strength_vs_engine_alternates_sides_and_reports(capsys):
    code, out, err = run(["strength", "--vs", engine_cmd(), "--games", "2", "--seed", "5",
                          "--need", "100", "--json", "--verbose"], capsys)
    info = json.loads(out)
    (r,) = info["results"]
    assert r["strong"] == "normal" and r["weak"] == engine_cmd() and r["games"] == 2
    assert r["wins"] + r["losses"] + r["draws"] == 2
    assert r["wins"] == 2                        # the default level beats a greedy-random engine
    assert r["moves_timed"] > 0 and 0 < r["move_ms_p50"] <= r["move_ms_max"]
    assert code == 0 and info["passed"]
    lines = err.splitlines()
    assert [ln.split(",")[0] for ln in lines] == ["game 1: normal played 1", "game 2: normal played 2"]


def test_strength_vs_engine_text_and_need_failure(capsys):
    code, out, _ = run(["strength", "--vs", engine_cmd(), "--games", "1", "--level", "easy",
                        "--need", "101"], capsys)
    assert code == 1
    assert out.startswith(f"easy vs {engine_cmd()}: ") and "FAILED" in out


def test_strength_against_our_own_levels(capsys):
    code, out, _ = run(["strength", "--level", "easy", "--against", "random", "--games", "2",
                        "--json"], capsys)
    (r,) = json.loads(out)["results"]
    assert (r["strong"], r["weak"], r["games"]) == ("easy", "random", 2)
    assert code == 0 and r["wins"] == 2


def test_broken_engines_are_one_line_errors(capsys):
    for mode, needle in (("illegal", "played '0,0', not a legal spot"),
                         ("garbage", "answered 'hello'"),
                         ("quit", "closed its output")):
        code, out, err = run(["strength", "--vs", engine_cmd("--bad", mode), "--games", "1"], capsys)
        assert code == 2 and out == "", mode
        assert needle in err and len(err.strip().splitlines()) == 1, err
    for cmd, needle in (("/no/such/engine -d 2", "cannot start engine '/no/such/engine'"),
                        ("", "the engine command is empty")):
        code, out, err = run(["strength", "--vs", cmd, "--games", "1"], capsys)
        assert code == 2 and needle in err and out == ""
        assert len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_default_level_beats_the_greedy_engine_in_95_of_100():
    eng = selfplay.ExternalEngine(engine_cmd())
    try:
        res = selfplay.match("normal", eng, 100, seed=41)
    finally:
        eng.close()
    assert res["wins"] >= 95, res
