"""Confuse, heal, warp and time, with every condition of the seed."""

from chamber_helpers import ARMS, CROWNS, E, MOONS, N, S, SUNS, W, blank, give, put, sp

from handheld.games.chamber import rules


def kinds(s, kind):
    return [a for a in rules.legal_actions(s) if a[0] == kind]


# --- confuse -------------------------------------------------------------------
def test_confuse_needs_an_orb_of_the_targets_suit():
    s = blank()
    put(s, 1, sp(5, 7), N)
    give(s, 0, MOONS)
    assert kinds(s, "confuse") == []
    give(s, 0, CROWNS)                     # player 1 is Crowns
    acts = kinds(s, "confuse")
    assert all(a[1] == CROWNS and a[2] == 1 for a in acts)
    # 8 free neighbours + stay, times 7 new facings + keep, minus "nothing at all"
    assert len(acts) == 9 * 8 - 1


def test_confuse_moves_any_direction_turns_and_picks_up():
    s = blank()
    put(s, 1, sp(5, 7), N)
    give(s, 0, CROWNS)
    s.orbs[sp(6, 7)] = (ARMS,)             # behind the target: confuse may move it back
    ev = rules.apply(s, ("confuse", CROWNS, 1, sp(6, 7), E))
    assert s.pos[1] == sp(6, 7) and s.facing[1] == E
    assert s.hand[1] == [0, 0, 0, 1] and s.confused[1]
    assert s.queue == [(0, CROWNS)]        # shown face up, placed by the caster
    assert ("confuse", 0, 1, sp(5, 7), sp(6, 7), E) in ev


def test_confuse_once_per_target_until_its_next_turn():
    s = blank()
    put(s, 1, sp(5, 7), N)
    give(s, 0, CROWNS, CROWNS)
    rules.apply(s, ("confuse", CROWNS, 1, -1, S))
    rules.apply(s, ("place", sp(3, 3)))
    assert kinds(s, "confuse") == []
    rules.apply(s, ("end",))               # player 1 has its turn
    assert not s.confused[1]
    rules.apply(s, ("end",))
    assert kinds(s, "confuse")


def test_confuse_cannot_push_onto_a_sorcerer():
    s = blank(3)
    put(s, 1, sp(5, 7), N)
    put(s, 2, sp(5, 8), N)
    give(s, 0, MOONS)
    dests = {a[3] for a in kinds(s, "confuse")}
    assert sp(5, 8) not in dests and sp(4, 8) in dests


# --- heal ----------------------------------------------------------------------
def test_heal_needs_a_lost_pyramid_and_two_matching_orbs():
    s = blank()
    give(s, 0, SUNS, CROWNS, MOONS)
    assert kinds(s, "heal") == []          # nothing lost yet
    s.pyr[0] = 2
    # two players: the opponent (Crowns) gets both; each orb is Suns or Crowns
    assert kinds(s, "heal") == [("heal", SUNS, CROWNS), ("heal", CROWNS, SUNS)]
    ev = rules.apply(s, ("heal", SUNS, CROWNS))
    assert s.pyr[0] == 3 and s.hand[0] == [0, 1, 0, 0]
    assert s.queue == [(1, SUNS), (1, CROWNS)] and s.to_act() == 1   # the receiver places
    assert ("heal", 0, 1, SUNS, 1, CROWNS) in ev


def test_heal_with_three_players_hands_left_and_right():
    s = blank(3, current=1)                # Moons; left = Crowns (2), right = Suns (0)
    s.pyr[1] = 1
    give(s, 1, CROWNS, SUNS)
    assert kinds(s, "heal") == [("heal", CROWNS, SUNS)]
    give(s, 1, MOONS, MOONS)
    assert ("heal", MOONS, MOONS) in kinds(s, "heal")
    rules.apply(s, ("heal", CROWNS, SUNS))
    assert s.queue == [(2, CROWNS), (0, SUNS)] and s.pyr[1] == 2


def test_heal_needs_two_of_a_suit_to_give_both_the_same():
    s = blank()
    s.pyr[0] = 1
    give(s, 0, SUNS)
    assert kinds(s, "heal") == []


# --- warp ----------------------------------------------------------------------
def test_warp_to_the_portal_of_the_orbs_suit_keeps_facing():
    s = blank()
    put(s, 0, sp(5, 2), E)
    give(s, 0, ARMS)
    s.orbs[103] = (MOONS, MOONS)
    assert kinds(s, "warp") == [("warp", ARMS, 0)]
    rules.apply(s, ("warp", ARMS, 0))
    assert s.pos[0] == 103 and s.facing[0] == E
    assert s.hand[0] == [0, 2, 0, 0]       # orbs left on the portal are collected
    assert s.queue == [(0, ARMS)]


def test_warp_not_to_an_occupied_portal():
    s = blank()
    give(s, 0, CROWNS)                     # player 1 sits on the Crowns portal
    assert kinds(s, "warp") == []


# --- time ----------------------------------------------------------------------
def test_time_gives_a_move_and_takes_a_stone():
    s = blank()
    put(s, 0, sp(5, 2), N)
    give(s, 0, MOONS, MOONS, MOONS, MOONS)
    rules.apply(s, ("rotate", E))
    rules.apply(s, ("rotate", N))
    rules.apply(s, ("time", MOONS, 0))
    rules.apply(s, ("place", sp(8, 5)))
    assert s.moves == 1 and s.stones == 2
    rules.apply(s, ("move", sp(4, 2)))
    for k in (1, 0):
        rules.apply(s, ("time", MOONS, 0))
        rules.apply(s, ("place", sp(8, 3 + k)))
        assert s.stones == k
    assert kinds(s, "time") == []          # the pervigil per nunc is empty
    rules.apply(s, ("end",))
    assert s.stones == 3                   # stones return for the next player


def test_time_loophole_own_orb_twice_takes_one_stone():
    s = blank()
    put(s, 0, sp(5, 2), N)
    give(s, 0, SUNS)                       # player 0 is Suns
    s.stones = 1
    rules.apply(s, ("time", SUNS, 0))
    assert s.stones == 0 and s.bonus == "time" and s.queue == []
    assert kinds(s, "time") == [("time", SUNS, 1)]   # allowed with no stone left
    ev = rules.apply(s, ("time", SUNS, 1))
    assert s.stones == 0 and s.moves == 4 and ("time", 0, True) in ev
    assert s.queue == [(0, SUNS)]          # returned after the second use


def test_own_orb_second_use_for_time_after_a_zap_takes_a_stone():
    s = blank()
    put(s, 0, sp(3, 0), E)
    put(s, 1, sp(3, 7), W)
    give(s, 0, SUNS)
    rules.apply(s, ("zap", SUNS, 1, 0))
    assert s.bonus == "zap"
    rules.apply(s, ("time", SUNS, 1))
    assert s.stones == 2 and s.bonus == "" and s.queue == [(0, SUNS)]
