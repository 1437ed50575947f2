"""Rules of the duel arena, one test per rule (rules/archon.md, 'The arena')."""

import pytest

from handheld.games.archon.duel import DuelSetup
from handheld.games.archon.duel import stats as S
from handheld.games.archon.duel.arena import Duel
from handheld.games.archon.duel.barriers import NSLOTS, PHASE_TICKS, Barriers
from handheld.games.archon.duel.engine import (
    DARK_START, FIRE, LEFT, LIGHT_START, RIGHT, SUB, UP, DOWN, held_for, weapon_size)
from handheld.runtime.rng import Rng


def empty():
    return Barriers(slots=[-1] * NSLOTS)


def duel(light="knight", dark="goblin", shade=2, barriers=None, **kw):
    setup = DuelSetup.full(light, dark, shade) if not kw else DuelSetup(light, dark, shade, **kw)
    return Duel(setup, barriers=barriers or empty())


def run(d, n, lh=0, dh=0):
    for _ in range(n):
        d.step(lh, dh)


def test_start_positions_and_limits():
    d = duel()
    assert (d.light.x, d.light.y) == LIGHT_START == (16, 88)
    assert (d.dark.x, d.dark.y) == DARK_START == (290, 104)
    run(d, 300, LEFT | UP, RIGHT | DOWN)
    assert (d.light.x, d.light.y) == (16, 18)
    assert (d.dark.x, d.dark.y) == (290, 174)


def test_movement_units_two_px_across_one_px_down():
    d = duel()
    run(d, 10, RIGHT | DOWN, 0)
    assert (d.light.x, d.light.y) == (36, 98)


@pytest.mark.parametrize("icon", ["golem", "troll", "earth_elemental"])
def test_slow_icons_skip_every_fourth_tick(icon):
    d = duel("unicorn", "goblin") if icon == "golem" else duel("unicorn", "goblin")
    d = Duel(DuelSetup.full("knight", icon, 2) if icon == "troll" else
             DuelSetup.full(icon if icon == "golem" else "knight", icon if icon != "golem" else "goblin", 2),
             barriers=empty())
    f = d.light if icon == "golem" else d.dark
    x0 = f.x
    lh, dh = (RIGHT, 0) if f is d.light else (0, LEFT)
    run(d, 40, lh, dh)
    assert abs(f.x - x0) == 2 * 30      # 40 ticks, every 4th skipped
    other = d.dark if f is d.light else d.light
    assert other.x == (DARK_START[0] if other is d.dark else LIGHT_START[0])


def test_fire_holds_icon_still_and_aims():
    d = duel("archer", "goblin")
    run(d, 5, FIRE | DOWN, 0)
    assert (d.light.x, d.light.y) == LIGHT_START
    assert d.light.facing == 2 and d.light.shot is not None and d.light.shot.dir == 2


@pytest.mark.parametrize("icon", [i for i in S.ALL_ICONS if i != "shapeshifter"])
def test_every_stat_reaches_the_engine(icon):
    st = S.STATS[icon]
    light, dark = (icon, "goblin") if icon not in S.DARK_ICONS else ("knight", icon)
    d = duel(light, dark)
    me = d.light if icon == light else d.dark
    foe = d.dark if me is d.light else d.light
    assert me.st is st and me.start_strength == S.full_strength(icon, "", 2, me.side)
    assert me.st.slow == (icon in ("golem", "troll", "earth_elemental"))
    me.x, me.y, foe.x, foe.y = 100, 100, 40, 40
    facing = 2 if st.weapon == S.SHOT else 0
    hm = held_for(facing, True)
    d.step(hm if me is d.light else 0, hm if me is d.dark else 0)
    assert me.shots == 1 and me.recharge == st.recharge - 1
    if st.weapon == S.SHOT:
        s = me.shot
        assert (s.w, s.h) == st.size_v
        assert s.vy == st.shot_speed << SUB and s.vx == 0
        y0 = s.y
        d.step(0, 0)
        assert s.y - y0 == st.shot_speed << SUB
        # it hits a foe standing in its path for exactly `damage`
        foe.x, foe.y = 100, s.y // 256 + 3
        foe.strength = before = 50
        run(d, 3)
        assert before - foe.strength == st.damage and me.hits == 1


def test_shapeshifter_copies_opponent_and_gets_10_base_vs_elemental():
    d = duel("djinni", "shapeshifter", shade=5)
    assert d.dark.type == "djinni" and d.dark.st is S.STATS["djinni"]
    assert d.dark.start_strength == 15 + 7
    e = duel("fire_elemental", "shapeshifter", shade=5)
    assert e.dark.type == "fire_elemental"
    assert e.dark.start_strength == 10 + 7 and e.light.start_strength == 10
    # the board's strength keeps its spell penalty: 1 spell -> one less
    p = Duel(DuelSetup("earth_elemental", "shapeshifter", 4, 17, 10 + 6 - 1, 17, 10),
             barriers=empty())
    assert p.dark.start_strength == 10 + 6 - 1


def test_one_shot_in_flight_and_recharge_counts_from_the_shot():
    d = duel("unicorn", "goblin")
    d.dark.y = 10_000 // 100   # out of the bolt's row
    d.light.y = 20
    d.step(FIRE | RIGHT, 0)
    assert d.light.shots == 1
    first = d.light.shot
    run(d, 59, FIRE | RIGHT, 0)       # recharge 60: not yet
    assert d.light.shots == 1
    assert d.light.shot is None       # the bolt left the arena long ago
    d.step(FIRE | RIGHT, 0)
    assert d.light.shots == 2 and d.light.shot is not first
    # slow shot still in flight after recharge: no second shot
    g = duel("golem", "goblin")
    g.dark.y = 20
    g.step(FIRE | RIGHT, 0)
    g.light.shot.vx = 0               # hold the boulder in flight
    run(g, 99, 0, 0)
    assert g.light.recharge == 0 and g.light.shot is not None
    g.step(FIRE | RIGHT, 0)
    assert g.light.shots == 1
    g.light.shot = None
    g.step(FIRE | RIGHT, 0)
    assert g.light.shots == 2


@pytest.mark.parametrize("icon", ["unicorn", "wizard", "archer", "valkyrie", "basilisk",
                                  "sorceress", "manticore", "dragon", "golem", "djinni",
                                  "fire_elemental"])
@pytest.mark.parametrize("direction", range(8))
def test_hit_box_each_size_and_direction(icon, direction):
    """A shot hits a body exactly when its box overlaps the 12x14 body box."""
    st = S.STATS[icon]
    w, h = weapon_size(st, direction)
    light, dark = (icon, "goblin") if icon not in S.DARK_ICONS else ("knight", icon)
    for touch, expect in ((0, True), (1, False)):
        d = duel(light, dark)
        me = d.light if icon == light else d.dark
        foe = d.dark if me is d.light else d.light
        me.x, me.y = 150, 100
        hm = held_for(direction, True)
        d.step(hm if me is d.light else 0, hm if me is d.dark else 0)
        s = me.shot
        s.vx = s.vy = 0               # freeze it to probe the box
        x0, y0, _, _ = s.rect()
        # put the body just beside the box's right edge (touch=0: 1 px overlap)
        foe.x = x0 + w - 1 + touch - 2
        foe.y = y0 - 1
        d.step(0, 0)
        assert (me.hits == 1) == expect, (w, h, touch)


def test_thrust_roots_for_15_ticks_and_hits_once():
    d = duel("knight", "troll", shade=0)
    d.light.x, d.light.y = 100, 100
    d.dark.x, d.dark.y = 116, 100
    before = d.dark.strength
    d.step(FIRE | RIGHT, 0)
    assert d.light.attack == 14
    run(d, 14, RIGHT, LEFT)       # rooted: the knight can't walk meanwhile
    assert d.light.x == 100 and d.light.attack == 0
    assert before - d.dark.strength == 5 and d.light.hits == 1
    d.step(RIGHT, 0)
    assert d.light.x == 102


def test_phoenix_flame_invulnerable_burns_shots_and_hits_every_10th_tick():
    d = duel("phoenix", "basilisk", shade=2)
    d.light.x, d.light.y = 150, 100
    d.dark.x, d.dark.y = 160, 100      # inside even the first flame stage
    d.dark.strength = d.dark.start_strength = 20
    d.step(FIRE, 0)
    assert d.light.invulnerable and d.light.rooted
    d.step(RIGHT, FIRE | LEFT)         # basilisk shoots into the flame: it burns up
    assert d.dark.shot is None and d.dark.shots == 1 and d.dark.hits == 0
    start = d.light.strength
    hits_at = []
    while d.tick < 60:
        s0 = d.dark.strength
        d.step(RIGHT, 0)
        if d.dark.strength < s0:
            hits_at.append(d.tick)
        if d.tick == 50:
            assert d.light.x == 150       # rooted while burning
    assert d.light.strength == start
    assert d.light.x > 150
    assert hits_at == [10, 20, 30, 40, 50]
    assert d.dark.start_strength - d.dark.strength == 10


def test_banshee_scream_checks_every_5th_tick_and_can_be_hurt():
    d = duel("knight", "banshee", shade=0)
    d.dark.x, d.dark.y = 150, 100
    d.light.x, d.light.y = 170, 104
    d.step(0, FIRE)
    hits_at = []
    for t in range(2, 60):
        s0 = d.light.strength
        d.step(0, UP if t < 10 else 0)     # she moves while screaming
        if d.light.strength < s0:
            hits_at.append(t)
    assert hits_at == [5, 10, 15, 20, 25, 30, 35, 40]
    assert d.dark.y < 100
    k = duel("knight", "banshee", shade=0)
    k.dark.x, k.dark.y = 150, 100
    k.light.x, k.light.y = 134, 100
    k.step(FIRE | RIGHT, FIRE)
    run(k, 3)
    assert k.dark.strength < k.dark.start_strength


def test_barrier_phases_none_slow_solid_for_icons_and_shots():
    slots = [-1] * NSLOTS
    slots[2 * 8 + 2] = 0          # block at x=104, y=80
    for phase, expect_x in ((0, 130), (2, 114), (4, 80)):
        b = Barriers(slots=list(slots))
        b.set_phases([phase, 14, 14])
        d = duel("unicorn", "goblin", barriers=b)
        d.light.x, d.light.y = 80, 80
        run(d, 25, RIGHT, 0)
        if phase == 4:
            assert d.light.x < 104 - 12 and d.events is not None
        else:
            assert d.light.x == expect_x, phase
    # shots: destroyed by solid, slowed inside phase 2, untouched at 0
    for phase in (0, 2, 4):
        b = Barriers(slots=list(slots))
        b.set_phases([phase, 14, 14])
        d = duel("golem", "goblin", barriers=b)
        d.light.x, d.light.y = 60, 80
        d.dark.y = 20
        d.step(FIRE | RIGHT, 0)
        xs = []
        for _ in range(12):
            d.step(0, 0)
            xs.append(d.light.shot.x >> SUB if d.light.shot else None)
        if phase == 4:
            assert None in xs
        elif phase == 2:
            steps = {b - a for a, b in zip(xs, xs[1:])}
            assert steps == {6, 3}
        else:
            assert {b - a for a, b in zip(xs, xs[1:])} == {6}


def test_barrier_phase_cycle():
    b = Barriers(Rng(3))
    assert sorted(b.kind).count(-1) == NSLOTS - 18
    seen = [tuple(b.phase)]
    for _ in range(PHASE_TICKS * 16):
        b.advance()
        if tuple(b.phase) != seen[-1]:
            seen.append(tuple(b.phase))
    assert seen[:4] == [(0, 8, 10), (2, 10, 8), (4, 12, 6), (6, 14, 4)]
    assert seen[7] == (14, 6, 4) and seen[8] == (12, 4, 6) and seen[10] == (8, 0, 10)


def test_bounce_off_solid_barrier():
    slots = [-1] * NSLOTS
    slots[2 * 8 + 2] = 0
    b = Barriers(slots=slots)
    b.set_phases([6, 14, 14])
    d = duel("unicorn", "goblin", barriers=b)
    d.light.x, d.light.y = 88, 80
    d.step(RIGHT, 0)
    assert d.light.x == 90
    d.step(RIGHT, 0)                 # 92 would touch the block (body starts at x+2)
    assert d.light.x == 88 and d.light.bounce == 4
    run(d, 4, RIGHT, 0)              # pushed back meanwhile, input ignored
    assert d.light.x == 80 and d.light.bounce == 0


def test_mutual_destruction_and_64_tick_tail():
    d = duel("unicorn", "basilisk", shade=2, light_strength=1, dark_strength=1,
             light_hp=9, dark_hp=6)
    d.light.y = d.dark.y = 100
    d.step(FIRE | RIGHT, FIRE | LEFT)
    ticks = 1
    while not d.over:
        d.step(0, 0)
        ticks += 1
    assert not d.light.alive and not d.dark.alive
    r = d.result()
    assert r.winner == "both" and r.light_hp == 0 and r.dark_hp == 0
    first_death = min(d.light.died_at, d.dark.died_at)
    assert r.ticks == first_death + 64


def test_injury_rule_winner_keeps_min_old_hp_and_strength():
    d = duel("knight", "goblin", shade=0, light_strength=12, dark_strength=5,
             light_hp=5, dark_hp=5)
    d.light.x, d.light.y, d.dark.x, d.dark.y = 100, 100, 116, 100
    d.step(FIRE | RIGHT, 0)
    run(d, 100)
    r = d.result()
    assert r.winner == "light" and r.light_hp == 5 and r.dark_hp == 0
    d = duel("knight", "goblin", shade=0, light_strength=7, dark_strength=5,
             light_hp=5, dark_hp=5)
    d.light.x, d.light.y, d.dark.x, d.dark.y = 100, 100, 116, 100
    d.step(0, FIRE | LEFT)            # goblin hits first: 7 - 5 = 2 left
    run(d, 40)
    d.step(FIRE | RIGHT, 0)
    run(d, 100)
    r = d.result()
    assert r.winner == "light" and r.light_hp == 2 and r.light_strength == 2


def test_shapeshifter_returns_to_full_health():
    d = duel("knight", "shapeshifter", shade=5)
    d.light.x, d.light.y, d.dark.x, d.dark.y = 100, 100, 116, 100
    d.step(FIRE | RIGHT, 0)            # knight hits the shifter once
    run(d, 40)
    d.step(0, FIRE | LEFT)
    run(d, 40)
    d.step(0, FIRE | LEFT)
    run(d, 100)
    r = d.result()
    assert r.winner == "dark" and r.dark_strength == 5 + 7 - 5 and r.dark_hp == 10
