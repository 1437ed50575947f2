import argparse

import pytest

from handheld.games.sphinx import GAME


def run(argv, capsys):
    parser = argparse.ArgumentParser(prog="handheld sphinx")
    GAME.add_cli(parser)
    args = parser.parse_args(argv)
    code = args.func(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_the_exact_score(capsys):
    code, out, err = run(["solve", "--width", "7", "--height", "6", "112233"], capsys)
    assert (code, out, err) == (0, "18\n", "")
    code, out, _ = run(["solve", "112233"], capsys)          # default board is the 7x7 Sphinx board
    assert (code, out) == (0, "22\n")
    code, out, _ = run(["solve", "--width", "7", "--height", "6", "27374"], capsys)
    assert (code, out) == (0, "-18\n")


@pytest.mark.parametrize("moves,fragment", [
    ("1111111", "full column"),
    ("118", "out of range"),
    ("12121215", "after the game ended"),
    ("1212121", "already won"),
    ("12x", "column digits"),
])
def test_solve_rejects_bad_moves_in_one_line(capsys, moves, fragment):
    code, out, err = run(["solve", "--height", "6", moves], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err and err.startswith("handheld sphinx solve: error:")


def test_solve_rejects_bad_sizes(capsys):
    code, _, err = run(["solve", "--width", "3", "1"], capsys)
    assert code == 2 and "--width must be 4..9" in err and err.count("\n") == 1
    code, _, err = run(["solve", "--height", "40", "1"], capsys)
    assert code == 2 and "--height" in err


def test_strength_smoke(capsys):
    code, out, _ = run(["strength", "--games", "2", "--seed", "5"], capsys)
    assert code == 0
    assert out.startswith("Strong (moving second) vs Classic: 2 games, Strong won 2, Classic won 0, drawn 0")
