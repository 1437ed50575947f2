"""The chamber: 10x10, corner portals as single spaces, blocked centre, orb layout."""

from chamber_helpers import E, N, NE, NW, S, SE, SW, W, sp

from handheld.games.chamber import board, rules
from handheld.runtime.rng import Rng


def test_chamber_has_80_ordinary_spaces_and_four_portals():
    assert len(board.ORDINARY_SPACES) == 80
    assert len(board.ALL_SPACES) == 84
    assert board.cell_space(0, 0) == board.cell_space(1, 1) == 100
    assert board.cell_space(0, 9) == 101 and board.cell_space(9, 9) == 102 and board.cell_space(9, 0) == 103
    for r, c in ((4, 4), (4, 5), (5, 4), (5, 5), (-1, 3), (10, 3), (3, 10)):
        assert board.cell_space(r, c) == -1


def test_portal_has_four_orthogonal_and_five_diagonal_steps():
    steps = board.STEPS[100]
    ortho = sorted(t for d, t in steps if d % 2 == 0)
    diag = sorted(t for d, t in steps if d % 2 == 1)
    assert ortho == [sp(0, 2), sp(1, 2), sp(2, 0), sp(2, 1)]
    assert diag == [sp(0, 2), sp(1, 2), sp(2, 0), sp(2, 1), sp(2, 2)]
    assert board.NEIGHBOURS[100] == {sp(0, 2), sp(1, 2), sp(2, 0), sp(2, 1), sp(2, 2)}
    # the same for the opposite corner, by symmetry
    assert board.NEIGHBOURS[102] == {sp(7, 7), sp(7, 8), sp(7, 9), sp(8, 7), sp(9, 7)}


def test_centre_blocks_steps_and_edges_have_no_steps_off_board():
    assert sp(4, 4) not in {t for _, t in board.STEPS[sp(3, 3)]}
    assert [d for d, t in board.STEPS[sp(3, 3)] if d == SE] == []
    assert all(d not in (N, NE, NW) for d, _ in board.STEPS[sp(0, 5)])
    assert len(board.STEPS[sp(5, 0)]) == 5       # edge cell: W, NW, SW are off the board
    assert len(board.STEPS[sp(6, 6)]) == 7       # NW of (6,6) is the centre


def test_zap_rays_stop_at_centre_and_edge():
    (line,) = board.RAYS[sp(4, 0)][E]
    assert line == (sp(4, 1), sp(4, 2), sp(4, 3))
    (line,) = board.RAYS[sp(3, 0)][E]
    assert line[-1] == sp(3, 9) and len(line) == 9
    assert board.RAYS[sp(0, 5)][N] == ()


def test_portal_zap_has_a_wider_sweep():
    # from the top-left portal, facing east, both rows 0 and 1 carry a zap
    lines = board.RAYS[100][E]
    assert len(lines) == 2
    assert {line[0] for line in lines} == {sp(0, 2), sp(1, 2)}
    # diagonally SE: three parallel lines, the middle one stopped by the centre
    se = board.RAYS[100][SE]
    assert len(se) == 3
    assert (sp(2, 2), sp(3, 3)) in se


def test_orb_layout_is_symmetric_and_clear_of_portals():
    layout = set(board.ORB_LAYOUT)
    assert len(layout) == 24
    near_portal = set().union(*(board.NEIGHBOURS[100 + p] for p in range(4)))
    assert not layout & near_portal
    assert all(s in board.ORDINARY_SPACES for s in layout)
    rotated = {(s % 10) * 10 + (9 - s // 10) for s in layout}
    assert rotated == layout
    quads = [sum(1 for s in layout if (s // 10 >= 5, s % 10 >= 5) == q)
             for q in ((False, False), (False, True), (True, False), (True, True))]
    assert quads == [6, 6, 6, 6]


def test_setup_six_orbs_per_suit_sorcerers_on_their_portals_facing_centre():
    s = rules.new_game(4, Rng(7))
    suits = sorted(v[0] for v in s.orbs.values())
    assert suits == [0] * 6 + [1] * 6 + [2] * 6 + [3] * 6
    assert s.pos == [100, 101, 102, 103]
    assert s.facing == [SE, SW, NW, board.DIRS.index((-1, 1))]
    assert s.pyr == [3, 3, 3, 3] and s.moves == 2 and s.stones == 3
    two = rules.new_game(2, Rng(7))
    assert two.suit == (0, 2) and two.pos == [100, 102]   # opposite corners
    assert rules.new_game(3, Rng(7)).suit == (0, 1, 2)


def test_setup_is_deterministic_per_seed():
    a, b, c = rules.new_game(3, Rng(5)), rules.new_game(3, Rng(5)), rules.new_game(3, Rng(6))
    assert a.hash_fields() == b.hash_fields()
    assert a.hash_fields() != c.hash_fields()


def test_directions_helpers():
    assert (W, S, SW) == (6, 4, 5)
    assert board.DIST[100, sp(2, 2)] == 1 and board.DIST[100, 102] == 7
