"""One test per rule and spell of Spectral Sorcery, with the exact costs of
../shared/rules/spectral.md."""

import pytest

from handheld.games.spectral import rules as R
from handheld.games.spectral.rules import BLUE, GREEN, RED, VIOLET, YELLOW
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash


def make(board=None, fill=GREEN, red_at=(2, 2), violet_at=(4, 4), power=(21, 21),
         first=0, save_power=False):
    s = R.State(board or [fill] * 25, first=first, save_power=save_power)
    s.wiz = [R.pos_of(*red_at), R.pos_of(*violet_at)]
    s.power = list(power)
    return s


P = R.pos_of


# --- board and start ------------------------------------------------------------

def test_standard_board_layout_and_start():
    s = R.new_game()
    assert [s.board[P(0, c)] for c in range(5)] == [RED, VIOLET, BLUE, GREEN, YELLOW]
    assert [s.board[P(4, c)] for c in range(5)] == [BLUE, GREEN, YELLOW, RED, VIOLET]
    assert all(s.count(c) == 5 for c in range(1, 6))
    assert s.wiz == [P(0, 0), P(4, 4)] and s.power == [21, 21]
    assert s.player == 0 and s.turn == 1


def test_violet_moves_first_when_order_swapped():
    assert R.new_game(first=1).player == 1


def test_random_board_keeps_corners_and_five_of_each():
    boards = set()
    for seed in range(20):
        b = R.new_game(board="random", rng=Rng(seed)).board
        assert b[0] == RED and b[24] == VIOLET
        assert all(b.count(c) == 5 for c in range(1, 6))
        boards.add(tuple(b))
    assert len(boards) == 20
    assert R.new_game(board="random", rng=Rng(7)).board == R.new_game(board="random", rng=Rng(7)).board


def test_colour_distance_to_each_player():
    assert [R.distance(c, 0) for c in range(1, 6)] == [0, 1, 2, 3, 4]
    assert [R.distance(c, 1) for c in range(1, 6)] == [4, 3, 2, 1, 0]


# --- tweak -------------------------------------------------------------------

def test_tweak_steps_toward_the_players_colour_for_one():
    s = make(fill=GREEN)
    ev = []
    assert R.tweak(s, 0, 3, ev) and s.board[3] == YELLOW and s.power[0] == 20
    assert R.tweak(s, 1, 4, ev) and s.board[4] == BLUE and s.power[1] == 20


def test_tweak_is_free_and_does_nothing_on_own_colour_or_lock():
    s = make(fill=RED)
    assert not R.tweak(s, 0, 3, []) and s.board[3] == RED and s.power[0] == 21
    s.board[5] = GREEN
    s.locks[5] = 2
    assert not R.tweak(s, 0, 5, []) and s.board[5] == GREEN and s.power[0] == 21


# --- move, stomp, pass, resign ----------------------------------------------------

def test_move_costs_one_plus_one_for_the_tweak():
    s = make(fill=GREEN)
    R.apply(s, ("move", P(1, 1)))
    assert s.wiz[0] == P(1, 1) and s.board[P(1, 1)] == YELLOW and s.power[0] == 19
    assert s.player == 1


def test_move_onto_own_colour_or_lock_or_last_point_costs_one():
    s = make(fill=GREEN)
    s.board[P(2, 3)] = RED
    R.apply(s, ("move", P(2, 3)))
    assert s.power[0] == 20
    s = make(fill=GREEN)
    s.locks[P(3, 3)] = 2
    R.apply(s, ("move", P(3, 3)))
    assert s.power[0] == 20 and s.board[P(3, 3)] == GREEN
    s = make(fill=GREEN, power=(1, 21))
    R.apply(s, ("move", P(3, 2)))
    assert s.power[0] == 0 and s.board[P(3, 2)] == GREEN


def test_move_cancel_on_start_pad_and_too_far_do_not_use_the_action():
    s = make()
    assert R.apply(s, ("move", P(2, 2)))[0] == ("cancel", 0)
    assert R.apply(s, ("move", P(0, 2)))[0][0] == "refused"
    assert s.player == 0 and s.power[0] == 21 and s.wiz[0] == P(2, 2)


def test_stomp_tweaks_own_pad_and_always_uses_the_action():
    s = make(fill=BLUE)
    R.apply(s, ("stomp",))
    assert s.board[P(2, 2)] == GREEN and s.power[0] == 20 and s.player == 1
    s = make(fill=RED)
    R.apply(s, ("stomp",))
    assert s.power[0] == 21 and s.player == 1


def test_resign_ends_the_game_with_no_winner():
    s = make()
    R.apply(s, ("resign",))
    assert s.over and s.winner is None and s.resigned == 0
    assert R.result_text(s) == "RED RESIGNS"


# --- rounds and turns -------------------------------------------------------------

def test_turn_ends_when_both_pass_in_one_round():
    s = make(fill=GREEN, power=(5, 7))
    s.board[0] = YELLOW
    R.apply(s, ("pass",))
    ev = R.apply(s, ("pass",))
    assert s.turn == 2 and ev[-1][0] == "turn_end"
    assert s.power == [16, 16]


def test_pass_count_resets_each_round():
    s = make(fill=GREEN, power=(5, 7))
    R.apply(s, ("stomp",))       # round 1: Red acts
    R.apply(s, ("pass",))        # Violet passes
    R.apply(s, ("pass",))        # round 2: Red passes
    assert s.turn == 1 and s.player == 1
    R.apply(s, ("stomp",))
    assert s.turn == 1 and s.player == 0


def test_turn_ends_when_both_have_no_power_at_end_of_round():
    s = make(fill=GREEN, power=(1, 1))
    R.apply(s, ("stomp",))
    ev = R.apply(s, ("stomp",))
    assert s.turn == 2 and ("turn_end", 2, 16, 16) in ev


def test_player_without_power_passes_automatically():
    s = make(fill=GREEN, power=(1, 5))
    R.apply(s, ("stomp",))       # Red spends its last point
    R.apply(s, ("stomp",))       # Violet acts; round 2: Red auto-passes
    assert s.player == 1 and s.passes == 1 and s.power[0] == 0
    ev = R.apply(s, ("pass",))   # Red had no power, Violet passes: the turn ends
    assert s.turn == 2 and ev[0] == ("pass", 1, False)


def test_pass_then_opponent_spends_all_does_not_end_the_round_early():
    s = make(fill=GREEN, power=(5, 1))
    R.apply(s, ("pass",))
    R.apply(s, ("stomp",))       # Violet uses its last point
    assert s.turn == 1 and s.player == 0 and s.power == [5, 0]


def test_new_power_without_save_power_discards_leftover():
    s = make(fill=GREEN, power=(9, 3))
    for i in range(7):
        s.board[i] = RED
    s.board[24] = VIOLET
    s.locks[P(3, 3)] = 1          # a Red lock on a green pad still counts against Red
    s.locks[P(3, 4)] = 1
    R.apply(s, ("pass",))
    R.apply(s, ("pass",))
    assert s.power == [16 + 7 - 2, 16 + 1]
    assert s.adv == [6, 0]


def test_new_power_with_save_power_keeps_leftover_and_clamps_to_99():
    s = make(fill=GREEN, power=(9, 90), save_power=True)
    s.board[0] = RED
    R.apply(s, ("pass",))
    R.apply(s, ("pass",))
    assert s.power == [9 + 16 + 1, 99]
    assert s.adv == [1, 0]


def test_new_power_is_at_least_one():
    s = make(fill=GREEN, power=(3, 3))
    s.board[24] = VIOLET
    for i in range(20):
        s.locks[i] = 1
    R.apply(s, ("pass",))
    R.apply(s, ("pass",))
    assert s.power[0] == 1


@pytest.mark.parametrize("colour,winner,text", [(RED, 0, "RED WINS"), (VIOLET, 1, "VIOLET WINS"),
                                               (BLUE, None, "A DRAW")])
def test_one_colour_board_at_end_of_turn_decides(colour, winner, text):
    s = make(fill=colour, power=(2, 2))
    R.apply(s, ("pass",))
    assert not s.over             # only checked at the end of a turn
    R.apply(s, ("pass",))
    assert s.over and s.winner == winner and R.result_text(s) == text


# --- spells ----------------------------------------------------------------------

def test_convert_tweaks_until_own_colour():
    s = make(fill=BLUE)
    R.apply(s, ("convert",))
    assert s.board[P(2, 2)] == RED and s.power[0] == 21 - 3


def test_convert_stops_when_power_runs_out():
    s = make(fill=VIOLET, power=(2, 21))
    R.apply(s, ("convert",))
    assert s.board[P(2, 2)] == GREEN and s.power[0] == 0


def test_convert_on_own_colour_wraps_to_opponents_for_one():
    s = make(fill=RED)
    R.apply(s, ("convert",))
    assert s.board[P(2, 2)] == VIOLET and s.power[0] == 20
    s = make(fill=VIOLET, red_at=(0, 0), violet_at=(2, 2), first=1)
    R.apply(s, ("convert",))
    assert s.board[P(2, 2)] == RED and s.power[1] == 20


@pytest.mark.parametrize("spell", ["convert", "blitz", "lock"])
def test_spell_on_locked_pad_fails_but_uses_the_action(spell):
    s = make(fill=BLUE)
    s.locks[P(2, 2)] = 2
    ev = R.apply(s, (spell,))
    assert ev[0] == ("fail", 0, spell)
    assert s.board[P(2, 2)] == BLUE and s.power[0] == 21 and s.player == 1


@pytest.mark.parametrize("colour,cost", [(RED, 1), (YELLOW, 2), (GREEN, 3), (BLUE, 4), (VIOLET, 5)])
def test_teleport_costs_one_plus_distance(colour, cost):
    s = make(fill=GREEN)
    s.board[P(0, 4)] = colour
    R.apply(s, ("teleport", P(0, 4)))
    assert s.wiz[0] == P(0, 4) and s.power[0] == 21 - cost and s.board[P(0, 4)] == colour


def test_teleport_refused_when_unaffordable_and_cancel_on_own_pad():
    s = make(fill=GREEN, power=(4, 21))
    s.board[0] = VIOLET
    ev = R.apply(s, ("teleport", 0))
    assert ev == [("refused", 0, "teleport", 5)] and s.player == 0
    assert R.apply(s, ("teleport", P(2, 2))) == [("cancel", 0)]
    s.locks[P(4, 0)] = 2
    R.apply(s, ("teleport", P(4, 0)))     # locked pads are fine targets
    assert s.wiz[0] == P(4, 0) and s.power[0] == 1


def test_blitz_needs_sixteen_to_ignite():
    s = make(fill=GREEN, power=(15, 21))
    assert R.apply(s, ("blitz",)) == [("refused", 0, "ignition", 16)]
    assert s.player == 0 and s.power[0] == 15


def test_blitz_floods_breadth_first_in_neighbour_order():
    # A plus of blue around (2,2) plus a blue tail at (0,2); one pass with 6 power.
    s = make(fill=GREEN, power=(16, 21))
    for rc in [(2, 2), (2, 1), (2, 3), (1, 2), (3, 2), (0, 2)]:
        s.board[P(*rc)] = BLUE
    ev = R.apply(s, ("blitz",))
    tweaks = [e[1] for e in ev if e[0] == "tweak"]
    first_pass = [P(2, 2), P(2, 1), P(2, 3), P(1, 2), P(3, 2), P(0, 2)]
    assert tweaks[:6] == first_pass
    # pass 2 starts again from the wizard's pad, now green like everything around
    assert tweaks[6] == P(2, 2) and tweaks[7:9] == [P(2, 1), P(2, 3)]
    assert s.power[0] == 0 and s.board.count(YELLOW) == 10   # 16 = 6 (B->G) + 10 (G->Y)


def test_blitz_stops_on_own_colour_and_locks_block_the_flood():
    s = make(fill=YELLOW, power=(16, 21))
    s.locks[P(2, 3)] = 2
    s.board[P(2, 3)] = YELLOW
    for r in range(5):
        s.locks[P(r, 3)] = 2
    ev = R.apply(s, ("blitz",))
    changed = {e[1] for e in ev if e[0] == "tweak"}
    assert all(p % 5 < 3 for p in changed)      # the locked column walls it off
    assert s.board[P(2, 2)] == RED
    assert s.power[0] == 16 - 15                 # 15 yellow pads left of the wall, one pass
    s = make(fill=RED, power=(16, 21))
    assert [e for e in R.apply(s, ("blitz",)) if e[0] == "tweak"] == []
    assert s.power[0] == 16


def test_blitz_stops_when_power_is_out():
    s = make(fill=VIOLET, power=(16, 21))
    R.apply(s, ("blitz",))
    assert s.power[0] == 0
    assert sum(1 for c in s.board if c == BLUE) == 16


def test_transmute_order_skips_and_costs():
    s = make(fill=GREEN, power=(9, 21))
    s.board[P(2, 3)] = RED        # own colour: skipped, free
    s.locks[P(1, 2)] = 2          # locked: skipped, free
    ev = R.apply(s, ("transmute",))
    order = [e[1] for e in ev if e[0] == "tweak"]
    assert order == [P(2, 1), P(3, 2), P(1, 1), P(1, 3), P(3, 1), P(3, 3), P(2, 2)]
    assert s.power[0] == 9 - 7


def test_transmute_needs_nine_and_is_smaller_on_edges():
    s = make(fill=GREEN, power=(8, 21))
    assert R.apply(s, ("transmute",)) == [("refused", 0, "ignition", 9)]
    s = make(fill=GREEN, red_at=(0, 0), power=(9, 21))
    R.apply(s, ("transmute",))
    assert s.power[0] == 9 - 4
    s = make(fill=GREEN, red_at=(0, 2), power=(9, 21))
    R.apply(s, ("transmute",))
    assert s.power[0] == 9 - 6


@pytest.mark.parametrize("colour,cost", [(RED, 1), (YELLOW, 1), (GREEN, 2), (BLUE, 2), (VIOLET, 3)])
def test_lock_costs_half_distance_plus_one(colour, cost):
    s = make(fill=colour)
    R.apply(s, ("lock",))
    assert s.locks[P(2, 2)] == 1 and s.power[0] == 21 - cost and s.player == 1


def test_lock_without_enough_power_is_refused_and_does_not_use_the_action():
    s = make(fill=VIOLET, power=(2, 21))
    assert R.apply(s, ("lock",)) == [("refused", 0, "lock", 3)]
    assert s.locks[P(2, 2)] == 0 and s.player == 0


def test_unlock_own_lock_is_free_and_keeps_the_choice():
    s = make(fill=GREEN)
    s.locks[P(2, 2)] = 1
    R.apply(s, ("unlock",))
    assert s.locks[P(2, 2)] == 0 and s.power[0] == 21 and s.player == 0


def test_unlock_opponents_lock_costs_lock_price_plus_advantage_fifths():
    s = make(fill=VIOLET)
    s.locks[P(2, 2)] = 2
    s.adv = [11, 0]
    R.apply(s, ("unlock",))
    assert s.locks[P(2, 2)] == 0 and s.power[0] == 21 - (3 + 2) and s.player == 0
    s = make(fill=BLUE, power=(2, 21))
    s.locks[P(2, 2)] = 2
    s.adv = [4, 0]
    R.apply(s, ("unlock",))       # blue is 3 from red: 3 // 2 + 1 = 2, advantage 4 // 5 = 0
    assert s.locks[P(2, 2)] == 0 and s.power[0] == 0


def test_unlock_refused_when_unaffordable():
    s = make(fill=VIOLET, power=(3, 21))
    s.locks[P(2, 2)] = 2
    s.adv = [5, 0]
    assert R.apply(s, ("unlock",)) == [("refused", 0, "unlock", 4)]
    assert s.locks[P(2, 2)] == 2 and s.power[0] == 3 and s.player == 0


def test_unlock_spending_the_last_point_passes_automatically():
    s = make(fill=RED, power=(1, 21))
    s.locks[P(2, 2)] = 2
    ev = R.apply(s, ("unlock",))
    assert ev[-1] == ("pass", 0, True) and s.player == 1 and s.power[0] == 0


def test_release_removes_all_own_locks_for_one():
    s = make(fill=GREEN)
    s.locks[0] = s.locks[7] = 1
    s.locks[9] = 2
    R.apply(s, ("release",))
    assert s.locks[0] == s.locks[7] == 0 and s.locks[9] == 2
    assert s.power[0] == 20 and s.player == 1


def test_release_with_no_locks_is_refused():
    s = make()
    assert R.apply(s, ("release",)) == [("refused", 0, "no locks", 0)] and s.player == 0


def test_state_is_integer_hashable_and_copy_is_independent():
    s = R.new_game()
    h = state_hash(s)
    c = s.copy()
    R.apply(c, ("stomp",))
    assert state_hash(s) == h and state_hash(c) != h


def test_moving_or_stomping_onto_a_locked_pad_says_so_and_changes_nothing():
    from handheld.games.spectral.texts import event_message

    s = R.State([R.GREEN] * 25)
    s.wiz = [R.pos_of(2, 2), R.pos_of(4, 4)]
    s.power = [21, 21]
    s.locks[R.pos_of(2, 3)] = 2
    events = R.apply(s, ("move", R.pos_of(2, 3)))
    assert ("locked_pad", 0, R.pos_of(2, 3)) in events
    assert s.board[R.pos_of(2, 3)] == R.GREEN and not any(e[0] == "tweak" for e in events)
    assert event_message(("locked_pad", 0, 0)) == ("PAD IS LOCKED: NO COLOUR CHANGE", 90)   # 1.5 s
