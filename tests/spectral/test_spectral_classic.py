"""Each rule of the 1988 computer, triggered in a constructed position.

Chances use the real match Rng; the expected branch is worked out from a
second Rng with the same seed drawing the same numbers in the same order."""

from handheld.games.spectral.ai import classic as C
from handheld.games.spectral import rules as R
from handheld.games.spectral.rules import BLUE, GREEN, RED, VIOLET, YELLOW
from handheld.runtime.rng import Rng

P = R.pos_of
SEEDS = range(40)


def make(fill=GREEN, red_at=(2, 2), violet_at=(4, 4), power=(21, 21), save_power=False):
    s = R.State([fill] * 25, save_power=save_power)
    s.wiz = [P(*red_at), P(*violet_at)]
    s.power = list(power)
    return s


def test_rule1_unlocks_own_lock_on_a_pad_not_its_colour():
    s = make(fill=GREEN)
    s.locks[P(2, 2)] = 1
    assert all(C.decide(s, Rng(k)) == ("unlock",) for k in SEEDS)


def test_rule1_unlocks_an_affordable_opponent_lock():
    s = make(fill=BLUE, power=(2, 21))     # cost 3 // 2 + 1 = 2
    s.locks[P(2, 2)] = 2
    assert C.decide(s, Rng(0)) == ("unlock",)


def test_rule1_unaffordable_opponent_lock_marks_stuck_so_no_stomp_or_convert():
    s = make(fill=YELLOW, power=(2, 21))
    s.board[P(2, 2)] = VIOLET              # cost 3 > 2: stuck
    s.locks[P(2, 2)] = 2
    for k in SEEDS:
        a = C.decide(s, Rng(k))
        assert a[0] == "move"              # rule 4 skipped; rule 6 moves away
    s.locks[P(2, 2)] = 0                   # without the lock it would convert
    assert sum(C.decide(s, Rng(k)) == ("convert",) for k in SEEDS) > 30


def test_rule2_blitz_when_a_neighbour_is_no_further_than_its_pad():
    s = make(fill=VIOLET, power=(16, 21))
    s.board[P(2, 2)] = BLUE                # d = 3
    s.board[P(2, 1)] = GREEN               # edge neighbour, d = 2, not red
    for k in SEEDS:
        expect = Rng(k).chance(15, 16)
        assert (C.decide(s, Rng(k)) == ("blitz",)) == expect


def test_rule2_no_blitz_when_every_neighbour_is_further_or_power_short():
    s = make(fill=VIOLET, power=(16, 21))
    s.board[P(2, 2)] = BLUE                # all edge neighbours violet (d 4 > 3)
    assert all(C.decide(s, Rng(k)) != ("blitz",) for k in SEEDS)
    s = make(fill=VIOLET, power=(15, 21))
    s.board[P(2, 2)] = BLUE
    s.board[P(2, 1)] = GREEN
    assert all(C.decide(s, Rng(k)) != ("blitz",) for k in SEEDS)


def test_rule3_transmute_when_enough_of_the_3x3_is_not_its_colour():
    s = make(fill=GREEN, power=(9, 21))
    s.board[P(2, 2)] = RED                 # d = 0 so rule 4 never applies
    for k in SEEDS:
        r = Rng(k)
        expect = r.chance(3, 4) and 8 >= r.randint(3, 4)
        assert (C.decide(s, Rng(k)) == ("transmute",)) == expect


def test_rule3_needs_three_or_four_squares_by_chance():
    s = make(fill=RED, power=(9, 21))
    s.board[P(1, 1)] = s.board[P(3, 3)] = s.board[P(1, 3)] = GREEN   # exactly 3 not red
    got = set()
    for k in SEEDS:
        r = Rng(k)
        expect = r.chance(3, 4) and r.randint(3, 4) == 3
        a = C.decide(s, Rng(k))
        assert (a == ("transmute",)) == expect
        got.add(a == ("transmute",))
    assert got == {True, False}


def test_rule4_stomp_at_distance_one_convert_further_stomp_on_last_point():
    for colour, power, want in [(YELLOW, 5, ("stomp",)), (BLUE, 5, ("convert",)),
                                (BLUE, 1, ("stomp",))]:
        s = make(fill=RED, power=(power, 21))
        s.board[P(2, 2)] = colour
        for k in SEEDS:
            expect = Rng(k).chance(15, 16)
            assert (C.decide(s, Rng(k)) == want) == expect


def test_rule5_locks_a_pad_edged_but_not_cornered_by_its_colour():
    s = make(fill=GREEN, power=(5, 21))
    for rc in [(2, 2), (2, 1), (1, 2)]:
        s.board[P(*rc)] = RED
    assert all(C.decide(s, Rng(k)) == ("lock",) for k in SEEDS)
    s.board[P(1, 1)] = RED                 # a red diagonal: no lock
    assert all(C.decide(s, Rng(k)) != ("lock",) for k in SEEDS)


def test_rule6_moves_to_the_neighbour_furthest_from_its_colour():
    s = make(fill=YELLOW, power=(5, 21))
    s.board[P(2, 2)] = RED
    s.board[P(1, 3)] = VIOLET
    s.board[P(3, 1)] = VIOLET
    s.board[P(3, 2)] = BLUE
    picks = {C.decide(s, Rng(k)) for k in SEEDS}
    assert picks == {("move", P(1, 3)), ("move", P(3, 1))}   # uniform among ties


def test_rule7_teleports_to_the_pad_with_the_furthest_neighbourhood():
    s = make(fill=RED, power=(5, 21))
    s.board[P(4, 0)] = VIOLET              # distance 4 < 5: affordable
    picks = {C.decide(s, Rng(k)) for k in SEEDS}
    # every pad whose 3x3 holds the violet corner scores 4; uniform among them
    assert picks == {("teleport", P(4, 0)), ("teleport", P(3, 0)),
                     ("teleport", P(3, 1)), ("teleport", P(4, 1))}


def test_rule7_skips_pads_it_cannot_afford():
    s = make(fill=RED, power=(4, 21))
    s.board[P(4, 0)] = VIOLET              # distance 4, not < 4
    picks = {C.decide(s, Rng(k)) for k in SEEDS}
    assert picks == {("teleport", P(3, 0)), ("teleport", P(3, 1)), ("teleport", P(4, 1))}


def test_rule7_with_save_power_is_behind_a_three_in_four_chance():
    s = make(fill=RED, power=(5, 21), save_power=True)
    s.board[P(4, 0)] = VIOLET
    for k in SEEDS:
        expect = Rng(k).chance(3, 4)
        assert (C.decide(s, Rng(k))[0] == "teleport") == expect


def test_rule8_passes_when_nothing_applies():
    s = make(fill=RED, power=(5, 21))
    s.board[P(2, 2)] = RED
    assert all(C.decide(s, Rng(k)) == ("pass",) for k in SEEDS)


def test_after_an_unlock_it_decides_again():
    s = make(fill=GREEN, power=(5, 21))
    s.locks[P(2, 2)] = 1
    actions, events = C.play_turn(s, Rng(3))
    assert actions[0] == ("unlock",) and len(actions) == 2
    assert s.player == 1 and s.locks[P(2, 2)] == 0
