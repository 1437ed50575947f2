"""The computer (looks ahead: wins in one, blocks a loss in one; seeded) and
the `handheld atom4 play` notation tool."""

import argparse
import json

import pytest

from handheld.games.atom4 import GAME, ai, selfplay
from handheld.games.atom4.cli import add_cli
from handheld.games.atom4.rules import Position, index, coords


def pos_with(pieces, turn=0):
    rows = [["."] * 16 for _ in range(16)]
    for (x, y), ch in pieces.items():
        rows[y][x] = ch
    return Position.from_rows(["".join(r) for r in rows], turn=turn)


# a row of three whites whose 4th point (6,6) is one colour from white
THREAT = {(3, 6): "w", (4, 6): "w", (5, 6): "w", (6, 6): "p", (7, 6): "b",
          (9, 9): "r", (10, 9): "g"}


@pytest.mark.parametrize("level", [level.name for level in ai.LEVELS])
def test_takes_a_win_in_one(level):
    pos = pos_with(THREAT, turn=2)             # green to play: green on purple makes the 4th white
    move = ai.choose_move(pos, level, seed=3)
    pos.play(move)
    assert pos.winner == 1


@pytest.mark.parametrize("level", [level.name for level in ai.LEVELS])
def test_blocks_a_loss_in_one(level):
    pos = pos_with(THREAT, turn=1)             # yellow (P2) to play; green (P1) threatens
    threats = []
    for m in pos.legal_moves():
        pos.turn = 2
        pos.play(m)
        if pos.winner == 1:
            threats.append(m)
        pos.undo()
        pos.turn = 1
    assert threats                            # there really is a loss in one to block
    pos.play(ai.choose_move(pos, level, seed=5))
    for m in pos.legal_moves():
        pos.play(m)
        assert pos.winner != 1, f"green at {coords(m)} still wins"
        pos.undo()


def test_same_seed_same_move_and_search_is_node_counted():
    pos = Position(1)
    for m in ("8,6", "7,6", "9,6", "8,5"):
        x, y = map(int, m.split(","))
        pos.play(index(x, y))
    a = ai.Search(pos, "normal", 11)
    list(a.steps())
    b = ai.Search(pos, "normal", 11)
    ticks = sum(1 for _ in b.steps(chunk=7))  # advanced in small chunks, as a screen does
    assert a.best == b.best and a.nodes == b.nodes and ticks == b.nodes // 7
    assert a.nodes <= ai.SEARCH["normal"][1] + 1


def test_easy_and_normal_beat_random_smoke():
    assert selfplay.match("easy", "random", 4, seed=1)["wins"] == 4
    assert selfplay.match("normal", "random", 2, seed=2)["wins"] == 2


def test_selfplay_is_deterministic_for_a_seed():
    a = GAME.selfplay(4, level="easy")
    b = GAME.selfplay(4, level="easy")
    c = GAME.selfplay(5, level="easy")
    assert a == b and a["winner"] in (1, 2, "draw") and a["turns"] > 0
    assert a["moves"] != c["moves"]


# ---------------------------------------------------------------- CLI
def run(argv, capsys):
    parser = argparse.ArgumentParser(prog="handheld atom4")
    add_cli(parser, GAME)
    args = parser.parse_args(argv)
    code = args.func(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_play_prints_sixteen_rows_and_the_next_colour(capsys):
    code, out, _ = run(["play", "8,6 7,6", "9,6"], capsys)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 17
    # red on 8,6 turned the green yellow; yellow on 7,6 left red and yellow alone;
    # green on 9,6 turned the red yellow and the purple white
    assert lines[6] == ".......yyg......" and lines[7] == ".......yw......."
    assert lines[16].startswith("next: 2 c")


def test_play_json_and_rounds(capsys):
    code, out, _ = run(["play", "--json"], capsys)
    info = json.loads(out)
    assert code == 0 and info["winner"] is None and info["next_player"] == 1 and info["next_colour"] == "r"
    assert info["board"][7] == ".......gp......."
    code, out, _ = run(["play", "--round", "2", "--json"], capsys)
    info = json.loads(out)
    assert info["next_player"] == 2 and info["next_colour"] == "y" and info["board"][7] == ".......cr......."


def test_play_reports_a_win_and_refuses_moves_after_it(capsys):
    game = GAME.selfplay(6, level="easy")                # a seed whose round is won
    assert game["winner"] in (1, 2)
    code, out, _ = run(["play", "--json", game["moves"]], capsys)
    info = json.loads(out)
    assert code == 0 and info["winner"] == game["winner"] and info["next_player"] is None
    code, out, _ = run(["play", game["moves"]], capsys)
    assert out.splitlines()[16] == f"winner: {game['winner']}"
    n = len(game["moves"].split())
    code, out, err = run(["play", game["moves"] + " 0,0"], capsys)
    assert code == 2 and f"move {n + 1} '0,0': the round is already over" in err


@pytest.mark.parametrize("moves,needle", [
    (["8,6 3,3"], "move 2 '3,3': not a legal spot"),
    (["8,6 x"], "move 2 'x':"),
    (["16,0"], "move 1 '16,0': off the board"),
    (["8,6 8,6"], "move 2 '8,6': not a legal spot"),
])
def test_play_errors_name_the_move_and_exit_2(moves, needle, capsys):
    code, out, err = run(["play"] + moves, capsys)
    assert code == 2 and out == ""
    assert needle in err and len(err.strip().splitlines()) == 1


def test_play_suggest_is_seeded(capsys):
    code, out1, _ = run(["play", "8,6 7,6", "--suggest", "--seed", "4"], capsys)
    code2, out2, _ = run(["play", "8,6 7,6", "--suggest", "--seed", "4"], capsys)
    assert code == code2 == 0 and out1 == out2
    x, y = map(int, out1.strip().split(","))
    pos = Position(1)
    pos.play(index(8, 6)); pos.play(index(7, 6))
    assert pos.is_legal(index(x, y))


def test_bad_level_is_an_argparse_error(capsys):
    with pytest.raises(SystemExit) as e:
        run(["play", "--suggest", "--level", "genius"], capsys)
    assert e.value.code == 2


# round 2 after these moves: the side to move has no win in one, but a move after
# which every reply leaves it a win (found by a full-width search of seeded random games)
FORK_GAME = ("8,8 7,8 9,8 8,6 7,6 6,7 9,7 7,5 8,9 10,8 6,5 9,6 7,9 10,7 9,9 6,9 7,4 7,10 6,4 "
             "11,8 6,10 5,9 10,6 10,9 6,11 11,6 11,9 10,10 6,6 6,8 5,7 5,11 11,7 9,10 8,4 8,10 "
             "11,10 8,5 10,11 11,11 6,12 5,5 8,11 5,6 5,10 9,5 5,8")


def position_after(round_no, moves):
    from handheld.games.atom4.rules import parse_move
    pos = Position(round_no)
    for m in moves.split():
        pos.play(parse_move(m))
    return pos


def fork_position():
    return position_after(2, FORK_GAME)


def wins_against_every_reply(pos, move):
    from handheld.games.atom4.ai.threats import winning_move
    pos.play(move)
    try:
        return all(_reply_leaves_a_win(pos, r, winning_move) for r in pos.legal_moves())
    finally:
        pos.undo()


def _reply_leaves_a_win(pos, reply, winning_move):
    pos.play(reply)
    ok = pos.winner is None and winning_move(pos) >= 0
    pos.undo()
    return ok


@pytest.mark.parametrize("table", [True, False])
def test_search_finds_a_forced_win_in_two_with_and_without_the_table(table):
    pos = fork_position()
    from handheld.games.atom4.ai.threats import winning_move
    assert winning_move(pos) == -1                      # no win in one: it must look deeper
    search = ai.Search(pos, "normal", seed=4, table=table)
    list(search.steps())
    assert search.value >= ai.WIN // 2
    assert wins_against_every_reply(pos, search.best)


@pytest.mark.parametrize("moves", [16, 24, 30, 36])
def test_transposition_table_keeps_the_full_width_value(monkeypatch, moves):
    # full width (no beam), fixed depth, no budget: the table and the killer moves may
    # change the order and the work, never the value
    from handheld.games.atom4.rules import parse_move
    monkeypatch.setitem(ai.SEARCH, "full3", (3, 10**9, 0, True))
    pos = Position(2)
    for m in FORK_GAME.split()[:moves]:
        pos.play(parse_move(m))
    plain = ai.Search(pos, "full3", 9, table=False)
    list(plain.steps())
    tabled = ai.Search(pos, "full3", 9, table=True)
    list(tabled.steps())
    assert tabled.value == plain.value and tabled.depth_done == plain.depth_done == 3
    assert len(tabled.table) > 0 and plain.table is None


@pytest.mark.parametrize("extension", [True, False])
def test_threat_extension_sees_a_forced_win_past_the_horizon(monkeypatch, extension):
    # one ply deep, the fork's replies lie past the horizon: the extension searches
    # them (the side to move there faces a win in one) and finds that none blocks;
    # without it the horizon only scores the fork
    monkeypatch.setitem(ai.SEARCH, "depth1", (1, 10**9, 0, True))
    monkeypatch.setattr(ai.search, "THREAT_EXTENSION", extension)
    pos = fork_position()
    search = ai.Search(pos, "depth1", 4)
    list(search.steps())
    assert (search.value >= ai.WIN // 2) == extension
    if extension:
        assert wins_against_every_reply(pos, search.best)


# a round against atom4 4.1 (round 5, the computer plays P1), 92 moves in: six of P1's
# 27 moves leave the other side no fork; the root once added its tie-break jitter to a
# move's refuted bound, lifted it over the best value and played (6,14), which loses in three
JITTER_GAME = ("8,8 9,8 9,7 8,9 8,6 9,6 9,9 8,5 9,10 10,8 9,5 10,10 9,11 10,6 9,4 8,11 7,5 8,4 "
               "8,10 7,6 10,11 7,9 6,5 11,10 10,7 10,9 11,6 11,8 10,5 9,12 7,4 10,4 10,12 6,7 9,3 "
               "7,8 11,7 8,3 7,11 7,3 11,5 8,12 12,6 11,4 6,3 10,3 9,2 11,12 8,2 10,2 7,12 12,5 "
               "11,3 12,4 6,6 13,6 13,4 9,1 8,1 6,11 11,2 7,10 7,2 11,9 12,7 12,8 11,11 13,7 6,8 "
               "6,9 14,6 13,5 12,3 13,8 9,13 6,12 5,11 8,13 9,0 7,13 6,10 12,2 6,13 5,9 5,7 14,5 "
               "13,3 9,14 8,14 13,2 5,12 7,14")


def loses_in_three(pos, move):
    """After `move`, can the other side win at once, or play a move after which every reply lets it win?"""
    from handheld.games.atom4.ai.threats import winning_move
    pos.play(move)
    try:
        return winning_move(pos) >= 0 or any(wins_against_every_reply(pos, r) for r in pos.legal_moves())
    finally:
        pos.undo()


def test_the_root_never_plays_a_move_its_search_refuted():
    pos = position_after(5, JITTER_GAME)
    assert loses_in_three(pos, index(6, 14))
    assert sum(not loses_in_three(pos, m) for m in pos.legal_moves()) == 6
    move = ai.choose_move(pos, "normal", seed=859481040)
    assert move != index(6, 14) and not loses_in_three(pos, move)


def test_the_root_plays_a_best_move_of_a_full_width_search(monkeypatch):
    # each root move's value from a full-width search of its own, give or take the
    # jitter of the two roots (0-2 each): the move played is one of the best
    monkeypatch.setitem(ai.SEARCH, "full3", (3, 10**9, 0, True))
    monkeypatch.setitem(ai.SEARCH, "full2", (2, 10**9, 0, True))
    pos = position_after(5, JITTER_GAME)
    search = ai.Search(pos, "full3", 859481040)
    list(search.steps())
    values = {}
    for m in pos.legal_moves():
        pos.play(m)
        reply = ai.Search(pos, "full2", 1)
        list(reply.steps())
        values[m] = -reply.value
        pos.undo()
    assert values[search.best] >= max(values.values()) - 4
