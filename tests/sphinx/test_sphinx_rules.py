import pytest

from handheld.games.sphinx.rules import (Board, IllegalMove, four_bits, geometry, has_four,
                                         parse_moves, winning_squares)
from handheld.runtime.rng import Rng

SIZES = [(4, 4), (5, 4), (4, 6), (7, 6), (7, 7), (9, 5), (6, 9)]
DIRECTIONS = {"horizontal": (1, 0), "vertical": (0, 1), "rising": (1, 1), "falling": (1, -1)}


def naive_four(cells: set, width: int, height: int) -> bool:
    for (c, r) in cells:
        for dc, dr in DIRECTIONS.values():
            if all((c + k * dc, r + k * dr) in cells for k in range(4)):
                return True
    return False


def naive_four_through(cells: set, cell) -> bool:
    c, r = cell
    with_cell = cells | {cell}
    for dc, dr in DIRECTIONS.values():
        for back in range(4):
            if all((c + (k - back) * dc, r + (k - back) * dr) in with_cell for k in range(4)):
                return True
    return False


def bits_of(cells, geo):
    return sum(geo.bit(c, r) for c, r in cells)


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("name", list(DIRECTIONS))
def test_four_in_every_direction_at_every_position(width, height, name):
    """Every possible four (so every edge and corner) is seen; three never is."""
    geo = geometry(width, height)
    dc, dr = DIRECTIONS[name]
    found = 0
    for c in range(width):
        for r in range(height):
            line = [(c + k * dc, r + k * dr) for k in range(4)]
            if not all(0 <= x < width and 0 <= y < height for x, y in line):
                continue
            found += 1
            assert has_four(bits_of(line, geo), geo.stride), (name, line)
            assert not has_four(bits_of(line[:3], geo), geo.stride)
            assert four_bits(bits_of(line, geo), geo.stride) == bits_of(line, geo)
    expected = {"horizontal": (width - 3) * height, "vertical": width * (height - 3),
                "rising": (width - 3) * (height - 3), "falling": (width - 3) * (height - 3)}[name]
    assert found == expected


@pytest.mark.parametrize("width,height", SIZES)
def test_no_wrap_between_columns(width, height):
    """Lines that leave the board on one side never continue on the other."""
    geo = geometry(width, height)
    # top two of column 0 + bottom two of column 1 are consecutive cell indexes minus the sentinel
    assert not has_four(bits_of([(0, height - 2), (0, height - 1), (1, 0), (1, 1)], geo), geo.stride)
    # a diagonal that would wrap over the top edge
    wrap = [(0, height - 2), (1, height - 1), (3, 0), (4, 1)]
    assert not has_four(bits_of(wrap, geo), geo.stride)
    # horizontal run off the right edge of the last row
    edge = [(width - 2, height - 1), (width - 1, height - 1), (0, 0), (1, 0)]
    assert not has_four(bits_of(edge, geo), geo.stride)


@pytest.mark.parametrize("width,height", [(4, 4), (7, 6), (7, 7), (5, 8)])
def test_bitboards_agree_with_naive_on_random_boards(width, height):
    geo = geometry(width, height)
    rng = Rng(width * 100 + height)
    for _ in range(400):
        # any stone pattern for the four test
        cells = {(c, r) for c in range(width) for r in range(height) if rng.chance(2, 5)}
        assert has_four(bits_of(cells, geo), geo.stride) == naive_four(cells, width, height)
        # stacked columns (as in play) for the winning-squares test
        mine, theirs = set(), set()
        for c in range(width):
            for r in range(rng.randint(0, height)):
                (mine if rng.chance(1, 2) else theirs).add((c, r))
        mask = bits_of(mine | theirs, geo)
        want = 0
        for c in range(width):
            for r in range(height):
                if (c, r) not in mine | theirs and naive_four_through(mine, (c, r)):
                    want |= geo.bit(c, r)
        assert winning_squares(bits_of(mine, geo), mask, geo) == want


def test_vertical_win_by_play_and_winning_cells():
    b = Board(7, 7)
    for col in [0, 1, 0, 1, 0, 1]:
        b.play(col)
    assert b.winner is None
    b.play(0)
    assert b.winner == 0 and b.over and not b.draw
    assert b.winning_cells() == [(0, 0), (0, 1), (0, 2), (0, 3)]
    with pytest.raises(IllegalMove, match="over"):
        b.play(3)
    assert b.legal_moves() == []


def test_horizontal_win_on_right_edge_for_second_player():
    b = Board(7, 6)
    for col in [0, 6, 0, 5, 1, 4, 0]:
        b.play(col)
    assert b.winner is None
    b.play(3)
    assert b.winner == 1
    assert b.winning_cells() == [(3, 0), (4, 0), (5, 0), (6, 0)]


def test_diagonal_wins_both_ways():
    rising = parse_moves("12234334464", 7, 7)   # X: a1 b2 c3 d4
    assert rising.winner == 0
    assert rising.winning_cells() == [(0, 0), (1, 1), (2, 2), (3, 3)]
    falling = parse_moves("76654554424", 7, 7)
    assert falling.winner == 0
    assert falling.winning_cells() == [(3, 3), (4, 2), (5, 1), (6, 0)]


def test_five_in_a_row_highlights_all_five():
    b = parse_moves("11225533", 7, 7)
    b.play(3)       # X fills the gap: 1 2 3 4 5 on the bottom row
    assert b.winner == 0
    assert b.winning_cells() == [(c, 0) for c in range(5)]


def test_full_column_rejected_and_draw_on_full_board():
    b = Board(4, 4)
    for _ in range(4):
        b.play(0)
    assert not b.can_play(0)
    with pytest.raises(IllegalMove, match="full"):
        b.play(0)
    # a known drawn fill of the 4x4 board
    b = parse_moves("132431421324314", 4, 4)
    assert not b.over and b.legal_moves() == [1]
    b.play(1)
    assert b.full and b.draw and b.winner is None and b.over
    assert b.render() == "OOXX\nXXOO\nOOXX\nXXOO"


def test_out_of_range_and_undo():
    b = Board(5, 4)
    with pytest.raises(IllegalMove, match="no column"):
        b.play(5)
    with pytest.raises(IllegalMove):
        b.play(-1)
    b.play(2)
    b.play(2)
    assert b.cell(2, 0) == 0 and b.cell(2, 1) == 1 and b.cell(2, 2) is None
    assert b.undo() == 2
    assert b.cell(2, 1) is None and b.column_height(2) == 1 and b.to_move == 1


def test_parse_moves_errors_name_the_move():
    with pytest.raises(IllegalMove, match="move 3 .* out of range"):
        parse_moves("118", 7, 7)
    with pytest.raises(IllegalMove, match="full column"):
        parse_moves("11111111", 7, 7)
    with pytest.raises(IllegalMove, match="after the game ended"):
        parse_moves("12121215", 7, 7)
    with pytest.raises(IllegalMove, match="column digits"):
        parse_moves("12a", 7, 7)


def test_too_small_board_refused():
    with pytest.raises(ValueError, match="at least 4 x 4"):
        Board(3, 7)
