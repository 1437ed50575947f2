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
    assert out.startswith("STRONG vs CLASSIC 1987: 2 games (2 random opening plies, sides alternate), "
                          "STRONG won 2 (moving first 1, second 1), lost 0, drawn 0")
    code, out, _ = run(["strength", "--level", "prover", "--vs", "classic", "--games", "2", "--seed", "5",
                        "--budget", "4000"], capsys)
    assert code == 0 and out.startswith("PROVER (ENDGAME) vs CLASSIC 1987: 2 games") and "PROVER (ENDGAME) won 2" in out
    code, out, _ = run(["strength", "--games", "2", "--seed", "5", "--both-sides"], capsys)
    assert code == 0 and "2 games (2 random opening plies, each opening from both sides)" in out
    # after 51 the side to move wins and 514 is lost for it (book.txt: 37 +1 and 374 -1, mirrored)
    code, out, _ = run(["strength", "--level", "classic", "--vs", "strong", "--games", "2", "--seed", "9104",
                        "--both-sides"], capsys)
    assert code == 0 and ("the opening book at CLASSIC 1987's first move: won 1, drawn 0, lost 1, "
                          "not in it 0; 1 of its 2 losses began lost") in out
    code, out, _ = run(["strength", "--games", "2", "--seed", "5", "--opening", "6"], capsys)
    assert code == 0 and "opening book" not in out                      # 6 stones: past the book
    code, _, err = run(["strength", "--opening", "-1"], capsys)
    assert code == 2 and "--opening must be 0..20" in err


def test_solve_gives_up_at_max_seconds_with_a_bound(capsys, monkeypatch):
    from handheld.games.sphinx import cli

    # each slice of the search "takes" 0.1 s, whatever this machine's speed: a progress
    # line every 0.2 s, and the search stops after six slices
    ticks = iter(range(10**6))
    monkeypatch.setattr(cli, "clock", lambda: next(ticks) / 10)
    monkeypatch.setattr(cli, "PROGRESS_SECONDS", 0.2)
    code, out, err = run(["solve", "--max-seconds", "0.6", "4453"], capsys)
    assert code == 3
    assert out.count("\n") == 1
    lines = err.strip().splitlines()
    assert lines[-1].startswith("handheld sphinx solve: not proven within --max-seconds 0.6")
    assert "best proven bound:" in lines[-1]
    progress = [line for line in lines[:-1] if line.startswith("solving: ") and " nodes" in line]
    assert len(progress) == 2                       # at 0.2 and 0.4 s
    code, _, err = run(["solve", "--max-seconds", "0", "44"], capsys)
    assert code == 2 and "--max-seconds must be above 0" in err


def test_solver_table_is_capped():
    from handheld.games.sphinx.rules import parse_moves
    from handheld.games.sphinx.solver import Solver, solve
    board = parse_moves("112233", 7, 6)
    capped = Solver(board.geo, table_cap=500)
    assert capped.solve(board) == solve(board) == 18
    assert len(capped.tt) <= 500


def test_reach_prints_a_row_per_count_of_empty_squares(capsys):
    code, out, _ = run(["reach", "--empties", "16,18", "--positions", "2", "--verbose"], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("| empty squares |")
    rows = [ln for ln in lines if ln.startswith("| 1")]
    assert [r.split(" | ")[0:3] for r in rows] == [["| 16", "2", "2"], ["| 18", "2", "2"]]
    assert sum(1 for ln in lines if ln.startswith("  ")) == 4    # one line per position


@pytest.mark.parametrize("empties", ["abc", "80", "", "30,x", "0"])
def test_reach_refuses_bad_counts_of_empty_squares_in_one_line(capsys, empties):
    with pytest.raises(SystemExit) as exit_:
        run(["reach", "--empties", empties], capsys)
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == "" and "Traceback" not in err
    last = err.strip().splitlines()[-1]                      # after argparse's usage
    assert last.startswith("handheld sphinx reach: error: argument --empties:") and "from 1 to 48" in last
