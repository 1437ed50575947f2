"""Moving: two moves a turn, step ahead / ahead-left / ahead-right or rotate,
pick up orbs, turn order, time stones restored, the sorcerer's stone passes."""

import pytest
from chamber_helpers import CROWNS, E, MOONS, N, NE, NW, S, SE, SUNS, blank, give, put, sp

from handheld.games.chamber import rules


def moves_of(s):
    return sorted(a[1] for a in rules.legal_actions(s) if a[0] == "move")


def test_steps_only_ahead_ahead_left_ahead_right():
    s = blank()
    put(s, 0, sp(5, 2), N)
    assert moves_of(s) == [sp(4, 1), sp(4, 2), sp(4, 3)]
    put(s, 0, sp(5, 2), E)
    assert moves_of(s) == [sp(4, 3), sp(5, 3), sp(6, 3)]


def test_cannot_step_onto_another_sorcerer_or_into_the_centre():
    s = blank()
    put(s, 0, sp(3, 3), SE)
    put(s, 1, sp(4, 3), N)
    assert moves_of(s) == [sp(3, 4)]   # SE is the centre, S... is not ahead; (4,3) is taken


def test_rotate_to_any_other_of_eight_directions():
    s = blank()
    rot = sorted(a[1] for a in rules.legal_actions(s) if a[0] == "rotate")
    assert rot == [d for d in range(8) if d != SE]


def test_two_moves_per_turn_then_only_spells_or_end():
    s = blank()
    put(s, 0, sp(5, 1), N)
    rules.apply(s, ("rotate", E))
    rules.apply(s, ("move", sp(5, 2)))
    assert s.moves == 0 and s.facing[0] == E and s.pos[0] == sp(5, 2)
    assert [a for a in rules.legal_actions(s) if a[0] in ("move", "rotate")] == []
    with pytest.raises(rules.IllegalAction):
        rules.apply(s, ("move", sp(5, 3)))


def test_stepping_onto_an_orb_picks_it_up():
    s = blank()
    put(s, 0, sp(5, 1), N)
    s.orbs[sp(4, 1)] = (CROWNS,)
    ev = rules.apply(s, ("move", sp(4, 1)))
    assert s.hand[0] == [0, 0, 1, 0] and sp(4, 1) not in s.orbs
    assert ("pickup", 0, sp(4, 1), (CROWNS,)) in ev


def test_portal_step_onto_and_off():
    s = blank()
    put(s, 0, sp(2, 2), NW)
    s.pos[1] = sp(9, 5)
    assert 100 in moves_of(s)
    rules.apply(s, ("move", 100))
    assert s.pos[0] == 100


def test_end_turn_passes_clockwise_and_resets_moves_and_stones():
    s = blank(3, current=2)
    s.moves, s.stones = 0, 1
    ev = rules.apply(s, ("end",))
    assert s.current == 0 and s.moves == 2 and s.stones == 3 and s.turn == 2
    assert ("turn", 0) in ev


def test_turn_order_skips_the_eliminated():
    s = blank(4, current=0)
    s.pos[1] = -1
    rules.apply(s, ("end",))
    assert s.current == 2


def test_first_player_comes_from_the_match_rng():
    from handheld.runtime.rng import Rng
    firsts = {rules.new_game(4, Rng(seed)).current for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_player_count_is_checked():
    from handheld.runtime.rng import Rng
    with pytest.raises(ValueError, match="2-4 players"):
        rules.new_game(5, Rng(1))


def test_no_actions_after_game_over():
    s = blank()
    s.phase = "over"
    assert rules.legal_actions(s) == [] and s.to_act() == -1


def test_moves_keep_facing_and_ne_constants():
    s = blank()
    put(s, 0, sp(6, 1), NE)
    rules.apply(s, ("move", sp(5, 2)))
    assert s.facing[0] == NE
    assert (SUNS, MOONS, S) == (0, 1, 4)
    give(s, 0, SUNS)
    assert s.hand[0][SUNS] == 1
