"""Atom-4 rules: one test per numbered rule of the seed and per example in it,
plus the clarified rules (coordinates, turn order, winning, rounds)."""

import pytest

from handheld.games.atom4 import rules as R
from handheld.games.atom4.rules import (BLACK, BLUE, CYAN, GREEN, PURPLE, RED, WHITE,
                                        YELLOW, Position, index)


def pos_with(pieces: dict, turn: int = 0) -> Position:
    """A position holding only `pieces` {(x, y): letter}, `turn` = ORDER index to play."""
    rows = [["."] * 16 for _ in range(16)]
    for (x, y), ch in pieces.items():
        rows[y][x] = ch
    return Position.from_rows(["".join(r) for r in rows], turn=turn)


def colour_at(pos, x, y):
    return pos.board[index(x, y)]


# ---------------------------------------------------------------- lattice
def test_neighbours_follow_the_clarified_ring_on_even_and_odd_rows():
    # even row: o = 0
    assert [R.coords(n) for n in R.STEP[index(5, 4)]] == [(4, 3), (5, 3), (6, 4), (5, 5), (4, 5), (4, 4)]
    # odd row: o = 1, shifted half a step right
    assert [R.coords(n) for n in R.STEP[index(5, 5)]] == [(5, 4), (6, 4), (6, 5), (6, 6), (5, 6), (4, 5)]


def test_points_off_the_board_do_not_exist():
    assert R.STEP[index(0, 0)] == (-1, -1, index(1, 0), index(0, 1), -1, -1)
    assert R.STEP[index(15, 15)][1] == -1 and R.STEP[index(15, 15)][2] == -1
    assert len(R.NEIGHBOURS[index(15, 1)]) == 3     # odd row, right edge


def test_a_direction_followed_repeatedly_is_a_straight_line():
    # down-right from (7,6): the line alternates parity but keeps its slope
    q, seen = index(7, 6), []
    for _ in range(4):
        q = R.STEP[q][3]
        seen.append(R.coords(q))
    assert seen == [(7, 7), (8, 8), (8, 9), (9, 10)]
    # and stepping back up-left retraces it exactly
    for _ in range(4):
        q = R.STEP[q][0]
    assert R.coords(q) == (7, 6)


# ---------------------------------------------------------------- placement
def test_start_position_allows_exactly_the_two_triangle_points():
    pos = Position(1)
    assert {R.coords(i) for i in pos.legal_moves()} == {(8, 6), (8, 8)}


def test_placement_needs_two_touching_pieces_that_touch_each_other():
    # (4,4) and (6,4) are both neighbours of (5,4)... no: (5,4) touches both but
    # they are not next to each other, so (5,4) is not a triangle point.
    pos = pos_with({(4, 4): "r", (6, 4): "g"})
    assert not pos.is_legal(index(5, 4))
    assert pos.legal_moves() == []          # no adjacent pair anywhere
    pos = pos_with({(4, 4): "r", (5, 4): "g"})
    assert {R.coords(i) for i in pos.legal_moves()} == {(4, 3), (4, 5)}


def test_touching_one_piece_or_an_occupied_point_is_illegal():
    pos = Position(1)
    assert not pos.is_legal(index(6, 7))      # touches only green (7,7)
    assert not pos.is_legal(index(7, 7))      # occupied
    with pytest.raises(ValueError):
        pos.play(index(6, 7))


def test_triangle_points_off_the_board_edge_do_not_exist():
    pos = pos_with({(0, 0): "r", (1, 0): "g"})
    assert [R.coords(i) for i in pos.legal_moves()] == [(0, 1)]
    pos = pos_with({(15, 15): "r", (15, 14): "g"})   # odd row 15, even row 14
    assert [R.coords(i) for i in pos.legal_moves()] == [(14, 15)]


def test_placing_updates_the_legal_spots_and_undo_restores_everything():
    pos = Position(1)
    before = (list(pos.board), set(pos.legal), pos.turn)
    pos.play(index(8, 6))
    assert {R.coords(i) for i in pos.legal_moves()} == {(7, 6), (9, 6), (8, 8)}
    expected = {i for i in range(R.CELLS) if R.is_legal_on(pos.board, i)}
    assert pos.legal == expected
    pos.undo()
    assert (pos.board, pos.legal, pos.turn) == before


# ---------------------------------------------------------------- colour rules
@pytest.mark.parametrize("placed,neighbour", [("r", "y"), ("r", "p"), ("y", "r"), ("y", "g")])
def test_rule1_adjacent_colour_on_the_wheel_does_not_change(placed, neighbour):
    # seed: "if red is placed next to yellow or purple, the yellow or purple remains"
    turn = R.ORDER.index(R.LETTERS.index(placed))
    pos = pos_with({(5, 5): neighbour, (6, 5): "k"}, turn=turn)
    pos.play(index(6, 4))  # the triangle point above (5,5) and (6,5)
    assert R.LETTERS[colour_at(pos, 5, 5)] == neighbour


@pytest.mark.parametrize("placed,neighbour,result", [
    ("r", "g", "y"),   # seed: red next to green -> the green turns yellow
    ("r", "b", "p"),   # seed: red next to blue -> the blue turns purple
    ("y", "p", "r"),   # subtractive 60 degrees: yellow next to purple -> red between them
    ("c", "y", "g"),
])
def test_rule2_sixty_degrees_away_turns_to_the_colour_in_between(placed, neighbour, result):
    assert R.mix(R.LETTERS.index(placed), R.LETTERS.index(neighbour)) == R.LETTERS.index(result)


def test_rule3_opposite_colour_turns_white_for_additive_black_for_subtractive():
    assert R.mix(RED, CYAN) == WHITE        # seed: red next to cyan -> white
    assert R.mix(CYAN, RED) == BLACK        # seed: cyan next to red -> black
    assert R.mix(GREEN, PURPLE) == WHITE and R.mix(YELLOW, BLUE) == BLACK


def test_rule4_black_takes_an_additive_colour_white_takes_a_subtractive_one():
    for c in (RED, GREEN, BLUE):
        assert R.mix(c, BLACK) == c
    for c in (YELLOW, CYAN, PURPLE):
        assert R.mix(c, WHITE) == c


def test_rules_1_to_4_match_the_colour_wheel_for_every_pair():
    wheel = list(R.ORDER)                    # clockwise: red yellow green cyan blue purple
    for placed in wheel:
        for n in wheel:
            steps = min((wheel.index(n) - wheel.index(placed)) % 6, (wheel.index(placed) - wheel.index(n)) % 6)
            got = R.mix(placed, n)
            if steps <= 1:
                assert got == n                                     # rule 1 (and same colour)
            elif steps == 2:
                between = wheel[(wheel.index(placed) + (1 if (wheel.index(n) - wheel.index(placed)) % 6 == 2 else -1)) % 6]
                assert got == between                               # rule 2
            else:
                assert got == (WHITE if R.is_additive(placed) else BLACK)  # rule 3


def test_seed_paint_and_light_examples():
    assert R.mix(RED, GREEN) == YELLOW       # red + green = yellow
    assert R.mix(RED, CYAN) == WHITE         # red + cyan = white
    assert R.mix(YELLOW, CYAN) == GREEN      # yellow next to cyan: cyan loses blue
    assert R.mix(CYAN, WHITE) == CYAN        # cyan next to white: white loses red


def test_on_the_board_rule3_example_red_next_to_cyan_turns_it_white():
    pos = pos_with({(7, 7): "c", (8, 7): "y"}, turn=0)       # red to play
    pos.play(index(8, 6))
    assert colour_at(pos, 7, 7) == WHITE and colour_at(pos, 8, 7) == YELLOW
    assert colour_at(pos, 8, 6) == RED


def test_rule5_additive_propagates_through_a_line_of_whites_to_a_coloured_piece():
    # line to the right of (3,4): w w c ; red placed at (3,4) turns the cyan white
    pos = pos_with({(4, 4): "w", (5, 4): "w", (6, 4): "c", (3, 5): "g"}, turn=0)
    assert pos.is_legal(index(3, 4))
    changed = pos.play(index(3, 4))
    assert colour_at(pos, 4, 4) == WHITE and colour_at(pos, 5, 4) == WHITE
    assert colour_at(pos, 6, 4) == WHITE
    assert index(6, 4) in changed and index(4, 4) not in changed


def test_rule5_propagation_reaching_an_empty_spot_does_nothing():
    pos = pos_with({(4, 4): "w", (5, 4): "w", (7, 4): "c", (3, 5): "g"}, turn=0)
    before = list(pos.board)
    pos.play(index(3, 4))
    assert colour_at(pos, 7, 4) == CYAN
    diff = [i for i in range(R.CELLS) if pos.board[i] != before[i]]
    assert sorted(diff) == sorted([index(3, 4), index(3, 5)])  # only the piece and its green neighbour (-> yellow)
    assert colour_at(pos, 3, 5) == YELLOW


def test_rule5_propagation_off_the_board_edge_does_nothing():
    pos = pos_with({(1, 4): "w", (0, 4): "w", (1, 5): "g"}, turn=0)
    pos.play(index(2, 4))
    assert colour_at(pos, 0, 4) == WHITE and colour_at(pos, 1, 4) == WHITE


def test_rule5_propagated_effect_acts_as_if_placed_next_to_it():
    # through a white onto a black: rule 4 applies at the far end
    pos = pos_with({(4, 4): "w", (5, 4): "k", (3, 5): "p"}, turn=2)   # green to play
    pos.play(index(3, 4))
    assert colour_at(pos, 5, 4) == GREEN
    assert colour_at(pos, 3, 5) == WHITE       # green next to purple: rule 3


def test_rule6_subtractive_propagates_through_blacks():
    # down-right line from (5,2): (5,3) k, (6,4) k, (6,5) r ; yellow at (5,2)... placed piece is cyan
    pos = pos_with({(5, 3): "k", (6, 4): "k", (6, 5): "r", (4, 3): "c"}, turn=3)   # cyan to play
    assert pos.is_legal(index(5, 2))
    assert [R.coords(R.STEP[index(5, 2)][3])] == [(5, 3)]
    pos.play(index(5, 2))
    assert colour_at(pos, 6, 5) == BLACK        # cyan on red through two blacks
    assert colour_at(pos, 5, 3) == BLACK and colour_at(pos, 6, 4) == BLACK
    assert colour_at(pos, 4, 3) == CYAN


def test_rule6_subtractive_propagation_ending_empty_does_nothing_and_white_is_not_a_propagator():
    pos = pos_with({(5, 3): "k", (6, 4): "k", (4, 3): "w"}, turn=3)
    pos.play(index(5, 2))
    assert colour_at(pos, 5, 3) == BLACK and colour_at(pos, 6, 4) == BLACK
    assert colour_at(pos, 4, 3) == CYAN        # rule 4: white takes the subtractive colour


def test_seed_strategy_example_red_on_blue_then_green_makes_white():
    pos = pos_with({(7, 7): "b", (8, 7): "y"}, turn=0)
    pos.play(index(8, 6))                     # red next to blue
    assert colour_at(pos, 7, 7) == PURPLE
    pos.turn = 2                              # green's turn (skip the yellow for the example)
    pos.play(index(7, 6))                     # touches (7,7) and (8,6)
    assert colour_at(pos, 7, 7) == WHITE


# ---------------------------------------------------------------- turns, wins, rounds
def test_colours_go_round_the_wheel_alternating_players():
    pos = Position(1)
    seen = []
    for _ in range(7):
        seen.append((pos.player, R.NAMES[pos.colour]))
        pos.play(pos.legal_moves()[0])
    assert seen == [(1, "red"), (2, "yellow"), (1, "green"), (2, "cyan"),
                    (1, "blue"), (2, "purple"), (1, "red")]


WIN_LINES = {
    # direction name: three whites, the cyan that becomes the 4th, where red goes
    "left-right": ({(3, 6): "w", (4, 6): "w", (5, 6): "w", (6, 6): "c", (7, 6): "g"}, (6, 5)),
    "up-left/down-right": ({(4, 4): "w", (4, 5): "w", (5, 6): "w", (5, 7): "c", (6, 7): "g"}, (6, 6)),
    "up-right/down-left": ({(8, 4): "w", (7, 5): "w", (7, 6): "w", (6, 7): "c", (7, 7): "g"}, (7, 8)),
}


@pytest.mark.parametrize("name", list(WIN_LINES))
def test_player1_wins_with_four_whites_in_each_direction(name):
    pieces, (x, y) = WIN_LINES[name]
    pos = pos_with(pieces, turn=0)
    assert pos.is_legal(index(x, y))
    pos.play(index(x, y))
    assert pos.winner == 1
    assert pos.legal_moves() == []
    with pytest.raises(ValueError):
        pos.play(pos.legal.copy().pop())


def test_player2_wins_with_four_blacks():
    pos = pos_with({(3, 6): "k", (4, 6): "k", (5, 6): "k", (6, 6): "r", (7, 6): "g"}, turn=3)
    pos.play(index(6, 5))                     # cyan next to red: black, fourth in the row
    assert colour_at(pos, 6, 6) == BLACK and pos.winner == 2


def test_three_in_a_row_is_not_a_win_and_undo_clears_the_winner():
    pos = pos_with({(4, 6): "w", (5, 6): "w", (6, 6): "c", (7, 6): "g"}, turn=0)
    pos.play(index(6, 5))
    assert colour_at(pos, 6, 6) == WHITE
    assert pos.winner is None
    pos = pos_with(WIN_LINES["left-right"][0], turn=0)
    pos.play(index(6, 5))
    assert pos.winner == 1
    pos.undo()
    assert pos.winner is None and pos.turn == 0


def test_only_the_mover_can_win():
    # four blacks already stand on the board; player 1's move does not end the round
    pos = pos_with({(3, 10): "k", (4, 10): "k", (5, 10): "k", (6, 10): "k",
                    (7, 6): "g", (8, 6): "b"}, turn=0)
    pos.play(index(7, 5))
    assert colour_at(pos, 8, 6) == PURPLE and pos.winner is None
    # a row touched by the mover but of the opponent's goal colour does not count either
    assert not R.makes_row(pos.board, [index(3, 10)], WHITE)
    assert R.makes_row(pos.board, [index(3, 10)], BLACK)


def test_a_full_board_is_a_drawn_round():
    rows = ["r" * 16 for _ in range(16)]
    rows[0] = "." + "r" * 15
    pos = Position.from_rows(rows, turn=0)
    assert pos.legal_moves() == [0]
    pos.play(0)
    assert pos.winner == "draw"


@pytest.mark.parametrize("round_no,first,at77,at87,player", [
    (1, "red", "green", "purple", 1),
    (2, "yellow", "cyan", "red", 2),
    (3, "green", "blue", "yellow", 1),
    (4, "cyan", "purple", "green", 2),
    (5, "blue", "red", "cyan", 1),
    (6, "purple", "yellow", "blue", 2),
    (7, "red", "green", "purple", 1),
])
def test_round_starting_positions(round_no, first, at77, at87, player):
    pos = Position(round_no)
    assert R.NAMES[pos.colour] == first and pos.player == player
    assert R.NAMES[colour_at(pos, 7, 7)] == at77 and R.NAMES[colour_at(pos, 8, 7)] == at87
    assert sum(v != R.EMPTY for v in pos.board) == 2


def test_notation_round_trip_and_errors():
    assert R.parse_move("8,6") == index(8, 6) and R.format_move(index(8, 6)) == "8,6"
    for bad in ("8", "a,b", "16,0", "3,-1", "1,2,3"):
        with pytest.raises(ValueError):
            R.parse_move(bad)


def test_board_rows_use_the_issue_letters():
    pos = Position(1)
    pos.play(index(8, 6))
    rows = pos.rows()
    assert rows[6] == "........r......." and rows[7] == ".......yp......."  # red turned the green yellow
