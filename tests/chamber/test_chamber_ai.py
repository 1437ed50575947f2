"""Computer sorcerers: behaviours on hand-made positions, legality, strength."""

import pytest
from chamber_helpers import ARMS, CROWNS, E, MOONS, N, S, SUNS, W, blank, give, put, sp

from handheld.games.chamber import ai, rules
from handheld.games.chamber.selfplay import level_match, play_match, random_action, strength
from handheld.games.chamber.player_view import PlayerView
from handheld.runtime.rng import Rng


def pick(s, level=3, seed=1):
    p = s.to_act()
    return ai.choose(PlayerView(s, p), level, Rng(seed))


def facing_duel():
    s = blank()
    put(s, 0, sp(3, 0), E)
    put(s, 1, sp(3, 7), W)
    return s


@pytest.mark.parametrize("level", [1, 2, 3])
def test_zaps_a_sorcerer_it_faces(level):
    s = facing_duel()
    give(s, 0, MOONS)
    assert pick(s, level) == ("zap", MOONS, 1, 0)


def test_zaps_with_the_suit_of_a_shield_it_can_deduce():
    s = facing_duel()
    give(s, 0, ARMS, MOONS)
    s.shield[1] = MOONS                       # its only orb, picked up in public
    assert pick(s) == ("zap", MOONS, 1, 0)


def test_rotates_to_line_up_a_zap():
    s = blank()
    put(s, 0, sp(3, 0), N)
    put(s, 1, sp(3, 7), W)
    give(s, 0, MOONS)
    assert pick(s, 2) == ("rotate", E)


def test_keeps_a_shield_up_when_exposed():
    s = facing_duel()
    s.moves = 0
    give(s, 0, ARMS)
    give(s, 1, CROWNS, CROWNS)
    s.stunned[1] = True                       # cannot zap it now; it can zap back next turn
    assert pick(s, 2) == ("shield", ARMS)


def test_shield_suit_avoids_what_rivals_hold():
    s = facing_duel()
    s.moves = 0
    give(s, 0, ARMS, CROWNS)
    give(s, 1, CROWNS, CROWNS)
    s.stunned[1] = True
    assert pick(s, 2) == ("shield", ARMS)


def test_deflects_with_the_suit_most_likely_to_match():
    s = facing_duel()
    give(s, 0, MOONS, MOONS, MOONS, ARMS)
    give(s, 1, ARMS, MOONS)
    rules.apply(s, ("zap", MOONS, 1, 0))
    assert pick(s, 3) == ("deflect", MOONS)
    assert pick(s, 1) == ("deflect", -1)      # the apprentice never deflects


def test_heals_when_low():
    s = blank()
    put(s, 0, sp(6, 2), N)
    put(s, 1, sp(2, 8), S)
    s.moves = 0
    s.pyr[0] = 1
    give(s, 0, SUNS, CROWNS)
    assert pick(s, 2) == ("heal", SUNS, CROWNS)


def test_master_uses_a_time_stone_for_a_kill():
    s = blank()
    put(s, 0, sp(4, 0), N)                    # needs a step and a turn: two moves
    put(s, 1, sp(3, 7), W)
    s.pyr[1] = 1
    s.moves = 1
    give(s, 0, ARMS, ARMS)                    # no warp lines up on it from the Arms portal
    assert pick(s, 2)[0] != "time"
    play_out_turn(s, 3)
    assert s.winner == 0


def test_master_warps_to_a_portal_for_a_kill():
    s = blank()
    put(s, 0, sp(4, 0), N)
    put(s, 1, sp(3, 7), W)                    # on a line from the Moons portal's wide sweep
    s.pyr[1] = 1
    s.moves, s.stones = 1, 0                  # one move and no time: walking can't line up
    give(s, 0, MOONS, ARMS)
    assert pick(s, 3) == ("warp", MOONS, 0)
    play_out_turn(s, 3)
    assert s.winner == 0


def play_out_turn(s, level, seed=1):
    """Let the player to move finish its turn (and any deflects or placings)."""
    p, turn = s.current, s.turn
    rng = Rng(seed)
    while s.phase != "over" and s.turn == turn:
        rules.apply(s, ai.choose(PlayerView(s, s.to_act()), level, rng))
    return p


def test_master_confuses_a_rival_into_its_line():
    s = blank()
    put(s, 0, sp(3, 0), E)
    put(s, 1, sp(2, 6), S)
    s.pyr[1] = 1                              # a kill is worth two orbs
    s.moves, s.stones = 0, 0                  # no move nor time spell to line up
    give(s, 0, CROWNS, ARMS)                  # player 1 is Crowns
    act = pick(s, 3)
    assert act[:3] == ("confuse", CROWNS, 1) and act[3] in (sp(3, 5), sp(3, 6), sp(3, 7))


def test_places_orbs_near_itself_but_not_adjacent():
    s = facing_duel()
    give(s, 0, MOONS)
    rules.apply(s, ("zap", MOONS, 1, 0))
    act = pick(s, 3)
    assert act[0] == "place"
    from handheld.games.chamber.board import DIST
    assert DIST[s.pos[0], act[1]] == 2


@pytest.mark.parametrize("level", [1, 2, 3])
def test_computer_actions_are_always_legal(level):
    s = rules.new_game(3, Rng(level))
    rng = Rng(9)
    for _ in range(400):
        if s.phase == "over":
            break
        v = PlayerView(s, s.to_act())
        act = ai.choose(v, level, rng) if s.to_act() != 2 else random_action(v, rng)
        assert act in rules.legal_actions(s)
        rules.apply(s, act)


def test_selfplay_is_deterministic():
    seats = [("cpu", 3), ("cpu", 2), ("random", 0)]
    a, b = play_match(42, seats), play_match(42, seats)
    assert a == b
    assert play_match(43, seats)["state_hash"] != a["state_hash"]


def assert_selfplay_ends(players, seeds):
    for seed in seeds:
        r = play_match(seed, [("cpu", 3)] * players)
        assert not r["capped"] and r["winner"] >= 0, seed
        assert sum(1 for x in r["pyramids"] if x > 0) == 1
        assert r["turns"] < 150, seed         # heals can make long games; stalls hit 600


@pytest.mark.parametrize("players", [2, 3, 4])
def test_computer_selfplay_always_ends_with_one_winner(players):
    assert_selfplay_ends(players, [0, 7, 53, 5001])   # 53: a 306-turn standoff; 5001: one at 600


def test_the_last_two_masters_of_four_do_not_wait_each_other_out():
    r = play_match(1284, [("cpu", 3)] * 4)    # two survivors once stood off to the 600-turn cap
    assert not r["capped"] and r["winner"] >= 0 and r["turns"] < 150


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_computer_selfplay_always_ends_in_60_games(players):
    assert_selfplay_ends(players, range(60))


def test_strength_smoke():
    r = strength(10, level=3, seed=1000)
    assert r["wins"] >= 9 and r["capped"] == 0


@pytest.mark.slow
def test_strength_100_games_vs_random():
    r = strength(100, level=3)
    assert r["wins"] >= 90


def test_master_beats_the_adept_in_a_short_series():
    r = level_match(12, 3, 2, seed=700)
    assert r["wins"] >= 8 and r["capped"] == 0


@pytest.mark.slow
def test_master_beats_the_adept_in_60_percent_of_300_games():
    r = level_match(300, 3, 2, seed=700)
    assert r["wins"] >= 180, r


def test_quiet_rounds_make_the_computer_go_looking_for_a_fight():
    s = blank()
    put(s, 0, sp(6, 2), 3)                    # the seed-53 standoff, one orb each
    put(s, 1, sp(8, 7), 0)
    give(s, 0, MOONS)
    give(s, 1, CROWNS)
    s.pyr[0] = 1
    s.current = 0
    assert pick(s, 2) == ("end",)             # fresh: the adept waits where it is safe
    s.calm = 6
    assert pick(s, 2)[0] in ("move", "rotate")


def test_master_shoots_and_steps_out_of_the_return_line():
    from handheld.games.chamber.ai.reach import rival_reach

    s = facing_duel()                         # it stands in the rival's row
    give(s, 0, MOONS, MOONS)
    give(s, 1, ARMS)                          # one orb: enough to shoot back
    assert s.pos[0] in rival_reach(PlayerView(s, 0), 1, 0)
    play_out_turn(s, 3)
    assert s.pyr[1] == 2                      # the zap landed
    assert s.pos[0] not in rival_reach(PlayerView(s, 0), 1, 0)
    assert s.pyr[0] == 3


def test_a_rivals_reach_counts_orbs_it_picks_up_on_the_way():
    from handheld.games.chamber.ai.reach import rival_reach

    s = blank()
    put(s, 0, sp(3, 0), E)
    put(s, 1, sp(4, 7), N)                    # empty-handed: a step and a turn from row 3
    assert s.pos[0] not in rival_reach(PlayerView(s, 0), 1, 0)
    s.orbs[sp(3, 7)] = (ARMS,)                # an orb on that step
    assert s.pos[0] in rival_reach(PlayerView(s, 0), 1, 0)
