from handheld.games.sphinx.judge import judge_game
from handheld.games.sphinx.rules import parse_moves
from handheld.games.sphinx.solver import solve
from test_sphinx_cli import run


def test_a_move_that_throws_a_win_away_is_a_drop():
    # 5 x 4 after `5`: the side to move wins (+1), only with column 4 (index 3)
    assert solve(parse_moves("5", 5, 4)) == 1
    kept = judge_game([4, 3], seat=1, max_nodes=10**6, width=5, height=4)
    assert kept == {"judged": 1, "drops": []}
    thrown = judge_game([4, 0], seat=1, max_nodes=10**6, width=5, height=4)
    assert thrown["judged"] == 1 and len(thrown["drops"]) == 1
    ply, before, after = thrown["drops"][0]
    assert (ply, before) == (1, 1) and after <= 0


def test_moves_the_solver_cannot_finish_are_not_judged():
    assert judge_game([3, 3, 2], seat=0, max_nodes=50) == {"judged": 0, "drops": []}
    # the opening plies are nobody's choice
    assert judge_game([4, 0], seat=1, max_nodes=10**6, first_ply=2, width=5, height=4)["judged"] == 0


def test_strength_table_and_judge(capsys, monkeypatch):
    from handheld.games.sphinx import cli

    monkeypatch.setattr(cli, "TABLE_PAIRS", (("strong", "classic"),))
    code, out, _ = run(["strength", "--table", "--games", "2", "--seed", "5"], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("| level | vs | games | moving first")
    assert lines[2].startswith("| STRONG | CLASSIC 1987 | 2 | 1-0-0 | 1-0-0 | ")
    assert len(lines) == 4                              # every game won: nothing to say below the table
    monkeypatch.setattr(cli, "TABLE_PAIRS", (("classic", "strong"),))
    code, out, _ = run(["strength", "--table", "--games", "2", "--seed", "9104", "--both-sides"], capsys)
    assert code == 0 and out.splitlines()[2].startswith("| CLASSIC 1987 | STRONG | 2 | 0-1-0 | 0-1-0 | ")
    assert out.splitlines()[4:] == [
        "CLASSIC 1987 vs STRONG, not won: seeds 9104 9104",
        "  the opening book at CLASSIC 1987's first move: won 1, drawn 0, lost 1, not in it 0; "
        "1 of its 2 losses began lost"]
    code, out, _ = run(["strength", "--games", "1", "--seed", "5", "--judge-nodes", "2000"], capsys)
    assert code == 0 and "STRONG moving first: won 1, lost 0, drawn 0" in out
    assert "judged by the solver (2000 nodes a position): " in out
