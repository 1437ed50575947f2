"""A PlayerView shows what its seat can know and nothing more; the computer
reads only the view."""

import pytest
from chamber_helpers import ARMS, CROWNS, E, MOONS, SUNS, W, blank, give, put, sp

from handheld.games.chamber import ai, rules
from handheld.games.chamber.player_view import HiddenInformation, PlayerView
from handheld.runtime.rng import Rng


def rival_split(shield_suit, hand_suits):
    """Player 1 holds Moons+Arms+Suns in all; which one is its shield varies."""
    s = blank()
    put(s, 0, sp(3, 0), E)
    put(s, 1, sp(3, 7), W)
    give(s, 0, SUNS, CROWNS)
    give(s, 1, *hand_suits)
    s.shield[1] = shield_suit
    return s


def test_view_hides_which_orb_is_the_shield():
    a = rival_split(MOONS, (ARMS, SUNS))
    b = rival_split(ARMS, (MOONS, SUNS))
    va, vb = PlayerView(a, 0), PlayerView(b, 0)
    assert va.key() == vb.key()
    assert va.pool[1] == (1, 1, 0, 1) and va.shield_up[1] and va.hand_count[1] == 2
    # but the owner sees its own
    assert PlayerView(a, 1).my_shield == MOONS and PlayerView(b, 1).my_shield == ARMS


def test_computer_decision_is_the_same_whatever_the_hidden_split():
    for level in (1, 2, 3):
        a = rival_split(MOONS, (ARMS, SUNS))
        b = rival_split(ARMS, (MOONS, SUNS))
        assert ai.choose(PlayerView(a, 0), level, Rng(3)) == ai.choose(PlayerView(b, 0), level, Rng(3))


def test_view_refuses_other_hands():
    v = PlayerView(rival_split(MOONS, (ARMS,)), 0)
    assert v.hand_of(0) == [1, 0, 1, 0]
    with pytest.raises(HiddenInformation):
        v.hand_of(1)
    assert not hasattr(v, "hand") and not hasattr(v, "shield")


def test_defender_view_does_not_show_the_face_down_zap():
    def zapped(zap_suit, other):
        s = rival_split(-1, (SUNS,))
        s.hand[0] = [0, 0, 0, 0]
        give(s, 0, zap_suit, other)
        rules.apply(s, ("zap", zap_suit, 1, 0))
        return s
    a, b = zapped(SUNS, CROWNS), zapped(CROWNS, SUNS)
    va, vb = PlayerView(a, 1), PlayerView(b, 1)
    assert va.phase == "deflect" and va.pending == (0, 1, -1)
    assert va.key() == vb.key()
    assert va.pool[0] == (1, 0, 1, 0)
    assert ai.choose(va, 3, Rng(1)) == ai.choose(vb, 3, Rng(1))


def test_second_use_of_an_own_orb_zap_is_public():
    s = rival_split(-1, (SUNS,))
    s.shield[1] = MOONS
    rules.apply(s, ("zap", SUNS, 1, 0))        # player 0 is Suns: bonus
    rules.apply(s, ("deflect", -1))
    rules.apply(s, ("place", sp(6, 6)))        # the blocking shield goes back
    rules.apply(s, ("zap", SUNS, 1, 1))
    v = PlayerView(s, 1)
    assert v.pending == (0, 1, SUNS)
    assert ai.choose(v, 3, Rng(1)) == ("deflect", SUNS)


def test_legal_actions_from_a_view_match_the_state():
    from handheld.games.chamber.selfplay import random_action
    s = rules.new_game(4, Rng(11))
    rng = Rng(2)
    for _ in range(300):
        if s.phase == "over":
            break
        p = s.to_act()
        v = PlayerView(s, p)
        assert rules.legal_actions(v) == rules.legal_actions(s)
        rules.apply(s, random_action(v, rng))
