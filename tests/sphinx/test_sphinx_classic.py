from handheld.games.sphinx.ai.classic import BLOCK_FOUR, OWN_FOUR, classic_move, column_ranks, square_score
from handheld.games.sphinx.rules import Board, parse_moves
from handheld.runtime.rng import Rng


def test_empty_board_ranks_match_the_documented_formula():
    # centre squares: 2 (horizontal, two open ends) + 1 + 1 + 1; edges lose the off-board ends
    assert column_ranks(Board(7, 7)) == {0: 3, 1: 5, 2: 5, 3: 5, 4: 5, 5: 5, 6: 3}


def test_hand_scored_square():
    b = parse_moves("44", 7, 7)        # X on d1, O on d2, X to move
    # X on c1: horizontal run 1 open both ends 4*2, up-slant blocked by O 0, vertical 1, down-slant 1
    assert square_score(b, 2, 0, 0, OWN_FOUR) == 10
    # O on c1: horizontal blocked by X one side 1*1, up-slant run 1 with one open end 4, vertical 1, down 1
    assert square_score(b, 2, 0, 1, BLOCK_FOUR) == 7
    assert column_ranks(b)[2] == 10


def test_run_of_two_with_open_ends():
    b = parse_moves("3355", 7, 7)     # X c1 e1, O c2 e2; X to move: d1 joins two Xs
    # horizontal: run 2 (c1, e1), ends b1 and f1 open -> 16*2; up 0 (O on e2, off board), vertical 1,
    # down-slant: e0 off board, c2 is O -> 0
    assert square_score(b, 3, 0, 0, OWN_FOUR) == 33


def test_picks_its_winning_square():
    b = parse_moves("112233", 7, 7)    # X a1 b1 c1, O a2 b2 c2; X to move: d1 wins
    for seed in range(20):
        assert classic_move(b, Rng(seed)) == 3


def test_own_four_outranks_blocking():
    b = Board(7, 7)
    for col in [0, 0, 1, 1, 2, 2, 6, 5, 6, 5, 4, 5]:
        b.play(col)
    # X: a1 b1 c1 e1 g1 g2; O: a2 b2 c2 f1 f2 f3. X to move: d1 wins, f4 would only block O
    assert b.to_move == 0 and b.winner is None
    ranks = column_ranks(b)
    assert ranks[3] >= OWN_FOUR
    assert BLOCK_FOUR <= ranks[5] < OWN_FOUR
    for seed in range(10):
        assert classic_move(b, Rng(seed)) == 3


def test_blocks_a_human_four():
    b = parse_moves("1122336", 7, 7)   # X a1 b1 c1 f1, O a2 b2 c2; O to move must take d1
    assert b.to_move == 1
    for seed in range(10):
        assert classic_move(b, Rng(seed)) == 3
    b = parse_moves("17171", 7, 7)     # X a1 a2 a3, O g1 g2; O must block a4
    for seed in range(10):
        assert classic_move(b, Rng(seed)) == 0


def test_ties_are_broken_by_the_match_rng():
    picks = {classic_move(Board(7, 7), Rng(seed)) for seed in range(40)}
    assert picks == {1, 2, 3, 4, 5}
    # same seed, same choice
    assert classic_move(Board(7, 7), Rng(5)) == classic_move(Board(7, 7), Rng(5))
