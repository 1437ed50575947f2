"""Same-suit bonus, returning orbs to the board, elimination and the winner."""

from chamber_helpers import ARMS, CROWNS, E, MOONS, N, SUNS, W, blank, give, put, sp, total_orbs

from handheld.games.chamber import rules


def duel(n=2):
    s = blank(n)
    put(s, 0, sp(3, 0), E)
    put(s, 1, sp(3, 7), W)
    return s


# --- same-suit bonus -----------------------------------------------------------
def test_own_suit_orb_zaps_twice_consecutively():
    s = duel()
    give(s, 0, SUNS)
    s.shield[1] = MOONS
    rules.apply(s, ("zap", SUNS, 1, 0))        # blocked by the shield
    rules.apply(s, ("place", sp(6, 5)))        # player 1 puts its shield orb back
    assert s.bonus == "zap" and s.hand[0] == [0, 0, 0, 0]
    assert ("zap", SUNS, 1, 1) in rules.legal_actions(s)
    rules.apply(s, ("zap", SUNS, 1, 1))
    assert s.pyr[1] == 2 and s.bonus == "" and s.queue == [(0, SUNS)]


def test_own_suit_bonus_not_for_shield_or_deflect():
    s = duel()
    give(s, 0, SUNS)
    rules.apply(s, ("shield", SUNS))
    assert s.bonus == "" and s.shield[0] == SUNS
    t = duel()
    give(t, 0, MOONS)
    give(t, 1, CROWNS)                         # player 1 is Crowns
    rules.apply(t, ("zap", MOONS, 1, 0))
    rules.apply(t, ("deflect", CROWNS))
    assert (1, CROWNS) in t.queue and t.bonus == ""
    assert not [a for a in rules.legal_actions(t) if a[0] == "shield" and a[1] == SUNS]


def test_using_another_orb_in_between_forfeits_the_bonus():
    s = duel()
    give(s, 0, SUNS, ARMS)
    s.shield[1] = MOONS
    rules.apply(s, ("zap", SUNS, 1, 0))
    rules.apply(s, ("place", sp(6, 5)))
    assert s.bonus == "zap"
    rules.apply(s, ("time", ARMS, 0))          # another orb: the Suns orb goes back first
    assert s.bonus == "" and s.queue == [(0, SUNS), (0, ARMS)]


def test_ending_the_turn_returns_a_pending_bonus_orb():
    s = duel()
    give(s, 0, SUNS)
    s.pos[1] = sp(8, 5)
    rules.apply(s, ("time", SUNS, 0))
    rules.apply(s, ("end",))
    assert s.phase == "place" and s.queue == [(0, SUNS)] and s.current == 0
    rules.apply(s, ("place", sp(6, 6)))
    assert s.current == 1 and s.orbs[sp(6, 6)] == (SUNS,)


def test_release_places_the_bonus_orb_without_ending_the_turn():
    s = duel()
    give(s, 0, SUNS)
    rules.apply(s, ("time", SUNS, 0))
    rules.apply(s, ("release",))
    rules.apply(s, ("place", sp(6, 6)))
    assert s.current == 0 and s.phase == "turn" and s.moves == 3


# --- returning orbs ------------------------------------------------------------
def test_placement_not_on_portals_sorcerers_orbs_or_next_to_the_user():
    s = duel()
    s.orbs[sp(6, 6)] = (ARMS,)
    spaces = set(rules.placement_spaces(s, 0))
    assert not spaces & {100, 101, 102, 103}
    assert sp(3, 7) not in spaces and sp(6, 6) not in spaces
    for near in (sp(2, 0), sp(2, 1), sp(3, 1), sp(4, 0), sp(4, 1)):
        assert near not in spaces
    assert sp(3, 2) in spaces
    assert len(spaces) == 80 - 2 - 1 - 5
    # player 1's own neighbours are fine for player 0
    assert sp(3, 6) in spaces and sp(3, 6) not in set(rules.placement_spaces(s, 1))


def test_the_user_places_its_own_orb():
    s = duel()
    give(s, 0, MOONS)
    rules.apply(s, ("zap", MOONS, 1, 0))
    assert s.to_act() == 0 and s.phase == "place"
    ev = rules.apply(s, ("place", sp(7, 3)))
    assert s.orbs[sp(7, 3)] == (MOONS,) and ("place", 0, sp(7, 3), MOONS) in ev


# --- elimination ---------------------------------------------------------------
def test_elimination_sends_orbs_clockwise_from_own_portal():
    s = blank(4, current=0)
    put(s, 0, sp(3, 0), E)
    put(s, 1, sp(3, 7), W)                   # Moons: own portal is 101 (top right)
    put(s, 2, 103, N)                        # Crowns waits on the Arms portal (103)
    put(s, 3, sp(7, 4), N)
    s.pyr[1] = 1
    give(s, 0, ARMS)
    give(s, 1, SUNS, SUNS, MOONS, CROWNS, ARMS)
    s.shield[1] = ARMS
    rules.apply(s, ("zap", ARMS, 1, 0))
    ev = rules.apply(s, ("deflect", -1))
    # shield fails (Arms on Arms): out. Orbs: Suns, Suns, Moons, Crowns, Arms, then the shield Arms
    assert ("eliminated", 1) in ev and s.pos[1] == -1
    assert s.orbs[101] == (SUNS, ARMS)       # 1st and 5th orb
    assert s.orbs[102] == (SUNS, ARMS)       # 2nd and 6th
    assert s.hand[2] == [0, 1, 0, 0]         # 3rd orb lands on 103, where Crowns stands
    assert 103 not in s.orbs and ("pickup", 2, 103, (MOONS,)) in ev
    assert s.orbs[100] == (CROWNS,)          # 4th
    assert total_orbs(s) == 7


def test_last_sorcerer_standing_wins():
    s = duel()
    s.pyr[1] = 1
    give(s, 0, MOONS)
    ev = rules.apply(s, ("zap", MOONS, 1, 0))
    assert s.phase == "over" and s.winner == 0 and ("win", 0) in ev
    assert s.to_act() == -1


def test_zapper_killed_by_its_own_deflected_zap_loses_its_turn():
    s = blank(3, current=0)
    put(s, 0, sp(3, 0), E)
    put(s, 1, sp(3, 7), W)
    put(s, 2, sp(8, 5), N)
    s.pyr[0] = 1
    give(s, 0, MOONS, ARMS)
    give(s, 1, MOONS)
    rules.apply(s, ("zap", MOONS, 1, 0))
    ev = rules.apply(s, ("deflect", MOONS))
    assert ("eliminated", 0) in ev
    # the deflector places its orb; then play moves on to player 1
    assert s.queue == [(1, MOONS)]
    rules.apply(s, ("place", sp(6, 6)))
    assert s.current == 1 and s.phase == "turn"
    assert s.orbs[100] == (ARMS,) and s.orbs[101] == (MOONS,)   # hand, then the zap orb
    assert total_orbs(s) == 3


def test_calm_counts_turns_since_the_last_hit():
    s = duel()
    rules.apply(s, ("end",))
    rules.apply(s, ("end",))
    assert s.calm == 2
    give(s, 0, MOONS)
    rules.apply(s, ("zap", MOONS, 1, 0))
    assert s.calm == 0
