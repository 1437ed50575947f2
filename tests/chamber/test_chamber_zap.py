"""Zap, shield and deflect, with every condition of the seed."""

import pytest
from chamber_helpers import ARMS, CROWNS, E, MOONS, N, SUNS, W, blank, give, put, sp, total_orbs

from handheld.games.chamber import rules


def duel(n=2):
    """Player 0 at (3,0) facing east, player 1 at (3,7) facing west."""
    s = blank(n)
    put(s, 0, sp(3, 0), E)
    put(s, 1, sp(3, 7), W)
    if n > 2:
        for p in range(2, n):
            put(s, p, sp(8, 2 + 2 * p), N)
    return s


def zaps(s):
    return [a for a in rules.legal_actions(s) if a[0] == "zap"]


def test_zap_needs_an_orb_and_a_sorcerer_in_the_facing_line():
    s = duel()
    assert zaps(s) == []                     # no orb
    give(s, 0, MOONS)
    assert zaps(s) == [("zap", MOONS, 1, 0)]
    s.facing[0] = N
    assert zaps(s) == []                     # behind/aside: must rotate first


def test_zap_passes_over_orbs_but_not_sorcerers_or_the_centre():
    s = duel(3)
    give(s, 0, MOONS)
    s.orbs[sp(3, 3)] = (ARMS,)
    assert {a[2] for a in zaps(s)} == {1}
    put(s, 2, sp(3, 4), N)                   # a sorcerer in between takes the zap
    assert {a[2] for a in zaps(s)} == {2}
    put(s, 0, sp(4, 0), E)                   # row 4 runs into the centre
    put(s, 1, sp(4, 7), W)
    put(s, 2, sp(8, 8), N)
    assert zaps(s) == []


def test_zap_from_a_portal_uses_the_wider_sweep():
    s = blank()
    put(s, 0, 100, E)
    put(s, 1, sp(1, 6), W)                   # on row 1, reached from the portal's lower cells
    give(s, 0, MOONS)
    assert zaps(s) == [("zap", MOONS, 1, 0)]


def test_unshielded_target_without_orbs_loses_a_pyramid_at_once():
    s = duel()
    give(s, 0, MOONS)
    ev = rules.apply(s, ("zap", MOONS, 1, 0))
    assert s.pyr == [3, 2] and s.stunned[1]
    assert ("hit", 1, 2) in ev and ("reveal", "zap", 0, MOONS) in ev
    assert s.phase == "place" and s.queue == [(0, MOONS)]   # the zapper places its orb


def test_zapped_sorcerer_cannot_be_zapped_again_until_it_has_had_a_turn():
    s = duel()
    give(s, 0, MOONS, MOONS)
    rules.apply(s, ("zap", MOONS, 1, 0))
    rules.apply(s, ("place", sp(6, 1)))
    assert zaps(s) == []
    rules.apply(s, ("end",))                 # player 1's turn clears the protection
    assert not s.stunned[1]
    rules.apply(s, ("end",))
    assert zaps(s) == [("zap", MOONS, 1, 0)]


def test_target_with_orbs_is_asked_to_deflect_out_of_turn():
    s = duel()
    give(s, 0, MOONS)
    give(s, 1, ARMS, SUNS)
    assert not [a for a in rules.legal_actions(s) if a[0] == "deflect"]   # never in own turn
    rules.apply(s, ("zap", MOONS, 1, 0))
    assert s.phase == "deflect" and s.to_act() == 1
    assert rules.legal_actions(s) == [("deflect", -1), ("deflect", SUNS), ("deflect", ARMS)]


# The four suit combinations of deflect and shield.
@pytest.mark.parametrize("deflect_matches, shield_matches, victim, pyramids", [
    (False, False, None, [3, 3]),   # deflect fails, target's shield blocks
    (False, True, 1, [3, 2]),       # deflect fails, target's shield fails: target hit
    (True, False, None, [3, 3]),    # deflect works, zapper's shield blocks
    (True, True, 0, [2, 3]),        # deflect works, zapper's own shield fails: zapper hit
])
def test_deflect_and_shield_interplay(deflect_matches, shield_matches, victim, pyramids):
    s = duel()
    zap = MOONS
    give(s, 0, zap)
    give(s, 1, MOONS if deflect_matches else ARMS)
    shield_suit = MOONS if shield_matches else SUNS
    shielded = 0 if deflect_matches else 1
    s.shield[shielded] = shield_suit
    rules.apply(s, ("zap", zap, 1, 0))
    ev = rules.apply(s, ("deflect", MOONS if deflect_matches else ARMS))
    assert s.pyr == pyramids
    assert ("reveal", "shield", shielded, shield_suit) in ev
    assert s.shield[shielded] == -1                       # the shield is spent either way
    assert (shielded, shield_suit) in s.queue             # and goes back to the board
    assert (("deflected", 1, 0) in ev) == deflect_matches
    if victim is None:
        assert ("blocked", shielded) in ev
    assert total_orbs(s) == 3


def test_deflected_zap_hits_an_unshielded_zapper():
    s = duel()
    give(s, 0, CROWNS)
    give(s, 1, CROWNS)
    rules.apply(s, ("zap", CROWNS, 1, 0))
    rules.apply(s, ("deflect", CROWNS))
    assert s.pyr == [2, 3] and s.queue == [(1, CROWNS), (0, CROWNS)]


def test_blocked_zap_may_be_retried():
    s = duel()
    give(s, 0, MOONS, ARMS)
    s.shield[1] = SUNS
    rules.apply(s, ("zap", MOONS, 1, 0))
    assert s.pyr[1] == 3 and not s.stunned[1]
    rules.apply(s, ("place", sp(6, 1)))
    rules.apply(s, ("place", sp(6, 3)))       # player 1 puts its shield orb back
    assert zaps(s) == [("zap", ARMS, 1, 0)]
    rules.apply(s, ("zap", ARMS, 1, 0))
    assert s.pyr[1] == 2


def test_shield_goes_under_the_sorcerer_and_cannot_be_replaced():
    s = duel()
    give(s, 0, MOONS, ARMS)
    rules.apply(s, ("shield", ARMS))
    assert s.shield[0] == ARMS and s.hand[0] == [0, 1, 0, 0]
    assert s.phase == "turn" and s.queue == []    # not returned until hit
    assert not [a for a in rules.legal_actions(s) if a[0] == "shield"]


def test_shield_stays_up_across_turns():
    s = duel()
    give(s, 0, ARMS)
    rules.apply(s, ("shield", ARMS))
    rules.apply(s, ("end",))
    rules.apply(s, ("end",))
    assert s.shield[0] == ARMS


def test_a_deflected_zap_cannot_hurt_a_zapper_already_zapped_this_round():
    s = duel()
    give(s, 0, MOONS)
    give(s, 1, MOONS)
    s.stunned[0] = True
    rules.apply(s, ("zap", MOONS, 1, 0))
    ev = rules.apply(s, ("deflect", MOONS))
    assert s.pyr == [3, 3] and ("immune", 0) in ev
