"""What the master's planner weighs a plan's end with: what pyramids and orbs are
worth, where each rival can reach before my next turn (an exact walk over its
steps, rotations, warps and the time spells its orbs can buy), and what a zap
is likely to take. Pure; counted in nodes by the planner in plan.py."""

from __future__ import annotations

from handheld.games.chamber.board import NSUITS, PORTAL_BASE, RAYS, STEPS
from handheld.runtime.think import count as count_nodes

CHUNK = 24
MAX_EXTRA = 2          # time spells a turn may buy (a plan counts those already bought)
SCALE = 1000           # scores are compared as ints (ties go to the Rng)
DANGER = 1.0           # weight of the pyramids a rival may take before my next turn

# What losing a pyramid costs from each height (0 = out of the game).
PYR_VALUE = {3: 0.0, 2: -1.0, 1: -2.3, 0: -6.0}
# By orbs held, diminishing. Orbs are ammunition, deflects and shields; valued
# lower (0.45 for the first), the computer spent them on time spells and
# shields and was left open: the first mover won 58% of equal two-player
# games on the tuning seeds (5000+), against 49-57% with these values.
ORB_VALUE = (0.0, 0.72, 1.28, 1.68, 2.0, 2.24, 2.4)


def hit_value(pyr: int, players: int) -> float:
    """What taking one pyramid from a sorcerer at `pyr` is worth."""
    kill = 10.0 if players == 2 else 6.0
    if pyr <= 1:
        return kill + PYR_VALUE[2] - PYR_VALUE[1]
    return PYR_VALUE[pyr] - PYR_VALUE[pyr - 1]


def orb_value(count: int) -> float:
    return ORB_VALUE[min(count, len(ORB_VALUE) - 1)]


class Node:
    """A partial plan: where I stand, what I hold, what it has done so far."""
    __slots__ = ("path", "moves", "space", "facing", "hand", "extra", "bonus", "shot", "picked")

    def __init__(self, path, moves, space, facing, hand, extra, bonus, shot, picked):
        self.path = path          # actions to play, in order
        self.moves = moves        # steps and rotations among them
        self.space = space
        self.facing = facing
        self.hand = hand          # my hand as a 4-tuple of suit counts
        self.extra = extra        # time spells bought so far
        self.bonus = bonus        # an own-suit orb whose second use is still open
        self.shot = shot          # the expected score of the zap taken, or None
        self.picked = picked      # orbs picked up on the way


# --- what a rival can do next turn ------------------------------------------
def _walk_states(start, facing, arms, blocked, orbs, own):
    """{(space, facing): arms on getting there} over a rival's next turn: two
    moves and up to MAX_EXTRA more bought with time spells (one orb each).
    `arms` is (orb uses in hand, bit mask of the suits among them); orbs
    picked on the way add to both, and an own-suit orb serves twice. Of two
    ways to one state the larger hand is kept and the suits are merged, so a
    detour for orbs is not lost. A rotation never follows a rotation."""
    best = {(start, facing): arms}
    frontier = [(start, facing, arms, False)]
    for used in range(1, 3 + MAX_EXTRA):
        cost = 1 if used > 2 else 0
        nxt = []
        for sp, f, (ammo, suits), rotated in frontier:
            if ammo < cost:
                continue
            ammo -= cost
            allowed = (f, (f + 1) % 8, (f + 7) % 8)
            for d, t in STEPS[sp]:
                if d in allowed and t not in blocked:
                    got = orbs.get(t, ())
                    if got:
                        _improve(best, nxt, t, f, (ammo + len(got) + got.count(own),
                                                   suits | _mask(got)), False)
                    else:
                        _improve(best, nxt, t, f, (ammo, suits), False)
            if not rotated:
                for d in range(8):
                    _improve(best, nxt, sp, d, (ammo, suits), True)
        frontier = nxt
    return best


def _mask(suits):
    m = 0
    for s in suits:
        m |= 1 << s
    return m


def _improve(best, nxt, sp, f, arms, rotated):
    old = best.get((sp, f))
    if old is not None:
        if old[0] >= arms[0] and old[1] | arms[1] == old[1]:
            return
        arms = (old[0] if old[0] > arms[0] else arms[0], old[1] | arms[1])
    best[(sp, f)] = arms
    nxt.append((sp, f, arms, rotated))


_REACH_MEMO: dict = {}


def rival_reach(view, q, me):
    """{space: (orb uses q can hold, suits it can hold) when facing it down a
    clear line} over q's next turn, walking or warping first; a space it
    cannot line up on with an orb to spare is missing. My own sorcerer is
    left out (it is the one moving), so the answer stays the same over my
    turn's decisions and is remembered (a pure function of its inputs)."""
    others = tuple(sp if p not in (q, me) else -1 for p, sp in enumerate(view.pos))
    key = (view.pos[q], view.facing[q], view.suit[q], view.pool[q], view.hand_count[q],
           view.shield_up[q], others, tuple(sorted(view.orbs.items())))
    reach = _REACH_MEMO.get(key)
    if reach is None:
        if len(_REACH_MEMO) > 256:
            _REACH_MEMO.clear()
        reach = _REACH_MEMO[key] = _rival_reach(view, q, others)
    return reach


def _rival_reach(view, q, others):
    own = view.suit[q]
    pool = view.pool[q]
    own_in_hand = pool[own] > (1 if view.shield_up[q] else 0)
    hand = view.hand_count[q] + (1 if own_in_hand else 0)
    suits = _mask(s for s in range(NSUITS) if pool[s])
    blocked = {sp for sp in others if sp >= 0}
    states = _walk_states(view.pos[q], view.facing[q], (hand, suits), blocked, view.orbs, own)
    for s in range(NSUITS):     # or warp to a free portal first, with an orb of its suit
        portal = PORTAL_BASE + s
        if pool[s] and hand >= 2 and portal not in others:
            warped = _walk_states(portal, view.facing[q], (hand - 1, suits), blocked,
                                  view.orbs, own)
            for (sp, f), arms in warped.items():
                _improve(states, [], sp, f, arms, False)
    count_nodes(len(states))
    reach = {}
    for (sp, f), (ammo, held) in states.items():
        if ammo < 1:
            continue
        for line in RAYS[sp][f]:
            for t in line:
                if t in blocked:
                    break
                old = reach.get(t, (0, 0))
                reach[t] = (max(old[0], ammo), old[1] | held)
    return reach


def _hit_chance_on_me(view, q, hand, shield_suit, arms):
    """Chance that rival q, lined up on me, takes a pyramid: it needs an orb
    matching my shield (it can only guess it from my public pool) or two orbs
    (the first strips the shield); my deflect may send a zap back."""
    q_orbs, q_suits = arms
    if shield_suit >= 0:
        pool_total = sum(hand) + 1
        match = (hand[shield_suit] + 1) / pool_total if q_suits >> shield_suit & 1 else 0.0
        p = 0.95 if q_orbs >= 2 else match
    else:
        p = 1.0
    if sum(hand):
        q_pool = view.pool[q]
        total = sum(q_pool) or 1
        deflect = max((q_pool[s] / total for s in range(NSUITS) if hand[s]), default=0.0)
        p *= 1.0 - 0.6 * deflect
    return p


# --- my zap -------------------------------------------------------------------
def zap_outcome(view, t, suit, my_shield):
    """(chance of a hit on t, chance the zap comes back and hits me)."""
    pool = view.pool[t]
    total = sum(pool) or 1
    if view.shield_up[t]:
        through = pool[suit] / total
    else:
        through = 1.0
    hand_t = view.hand_count[t]
    if hand_t and pool[suit]:
        mine = [view.my_hand[s] + (view.my_shield == s) for s in range(NSUITS)]
        guess = mine[suit] / (sum(mine) or 1)
        deflect = min(1.0, guess + 0.15)
    else:
        deflect = 0.0
    back = deflect * (1.0 if my_shield < 0 or my_shield == suit else 0.0)
    return (1.0 - deflect) * through, back


def best_zap(view, t, hand, bonus, my_shield):
    """(score, suit, use_bonus) of the best zap on t with this hand; a shot
    blocked by a shield may be followed by a second orb."""
    n = view.n
    gain = hit_value(view.pyr[t], n)
    loss = hit_value(view.pyr[view.me], n)
    best = None
    options = [(s, 0) for s in range(NSUITS) if hand[s]]
    if bonus:
        options.append((view.suit[view.me], 1))
    for s, use_bonus in options:
        hit, back = zap_outcome(view, t, s, my_shield)
        left = sum(hand) - (0 if use_bonus else 1)
        if view.shield_up[t] and left:
            blocked = 1.0 - hit - back
            hit += blocked * 0.7          # the shield is gone: a second orb mostly lands
        score = hit * gain - back * loss
        if best is None or score > best[0] + 1e-9:
            best = (score, s, use_bonus)
    return best


# --- my plans -----------------------------------------------------------------
