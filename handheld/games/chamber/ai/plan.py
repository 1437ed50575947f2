"""The master's turn planner: every way to spend this turn, scored by what it
gains now and what it risks before the next one.

A plan is a walk over my (space, facing) through steps and rotations, with
extra steps bought by time spells, a warp at the start, at most one zap on
the way (so it can shoot and then step out of the return line), and a shield
or a heal at the end. Each plan's end is scored by:
  - the expected pyramids its zap takes (a shield guessed from the rival's
    public pool, a deflect that could send it back),
  - the chance that some rival lines up on me before my next turn (each
    rival's reach is an exact walk over its own steps, rotations, warps and
    the time spells its orbs can buy, counting the orbs and suits it picks
    up on the way) and lands a hit through my shield and my deflect,
  - orbs in hand, the nearest orb, and closing in once the chamber is quiet.
Only the first action of the best plan is played; the next decision plans
again from the new position, so a blocked or deflected zap is taken into
account at once. Work is counted in nodes and yields every CHUNK of them.
"""

from __future__ import annotations

from handheld.games.chamber.ai.reach import (CHUNK, DANGER, MAX_EXTRA, PYR_VALUE, SCALE, Node,
                                             _hit_chance_on_me, best_zap, hit_value, orb_value, rival_reach)
from handheld.games.chamber.board import DIST, NSUITS, PORTAL_BASE, STEPS, zap_targets
from handheld.games.chamber.rules import PYRAMIDS, TIME_STONES
from handheld.games.chamber.spells import receivers
from handheld.runtime.think import count as count_nodes
def _pick(hand, orbs, space):
    got = orbs.get(space, ())
    if not got:
        return hand, 0
    h = list(hand)
    for s in got:
        h[s] += 1
    return tuple(h), len(got)


def _spend_for_time(view, hand, bonus):
    """(new hand, new bonus, first action) for one time spell, or None."""
    own = view.suit[view.me]
    if bonus == "time" or (bonus and view.stones):
        return hand, "", ("time", own, 1)
    if not view.stones:
        return None
    if hand[own]:
        h = list(hand)
        h[own] -= 1
        return tuple(h), "time", ("time", own, 0)
    if not sum(hand):
        return None
    s = max(range(NSUITS), key=lambda k: (hand[k], -k))
    h = list(hand)
    h[s] -= 1
    return tuple(h), "", ("time", s, 0)


def _targets_from(view, space, facing):
    """Rivals a zap would reach (and may hit) from `space`, where the plan stands."""
    pos = list(view.pos)
    pos[view.me] = space
    return [q for q in zap_targets(pos, facing, view.me) if not view.stunned[q]]


def _with_shot(view, node):
    """The node after zapping from where it stands, or None."""
    if node.shot is not None:
        return None
    best = None
    for t in _targets_from(view, node.space, node.facing):
        z = best_zap(view, t, node.hand, node.bonus, view.my_shield)
        if z and (best is None or z[0] > best[0][0] + 1e-9):
            best = (z, t)
    if best is None:
        return None
    (score, suit, use_bonus), t = best
    hand = node.hand
    bonus = node.bonus
    if use_bonus:
        bonus = ""
    else:
        h = list(hand)
        h[suit] -= 1
        hand = tuple(h)
        bonus = "zap" if suit == view.suit[view.me] else ""
    return Node(node.path + (("zap", suit, t, use_bonus),), node.moves, node.space, node.facing, hand,
                node.extra, bonus, score, node.picked)


def _expand(view, node, moves_left, blocked):
    """Children of a node: a step, a rotation (buying a time spell first when
    out of moves, only on the way to a shot), or a zap where a rival is in
    line. Two rotations in a row are never better than one."""
    out = []
    shot = _with_shot(view, node)
    if shot is not None:
        out.append(shot)
    base_path, hand, bonus, extra = node.path, node.hand, node.bonus, node.extra
    if moves_left <= 0:
        bought = TIME_STONES - view.stones      # earlier in this turn
        if node.shot is not None or bought + extra >= MAX_EXTRA \
                or (extra >= view.stones and bonus != "time"):
            return out
        bought = _spend_for_time(view, hand, bonus)
        if bought is None:
            return out
        hand, bonus, act = bought
        base_path, extra = base_path + (act,), extra + 1
    f = node.facing
    allowed = (f, (f + 1) % 8, (f + 7) % 8)
    for d, t in STEPS[node.space]:
        if d in allowed and t not in blocked:
            h, got = _pick(hand, view.orbs, t)
            out.append(Node(base_path + (("move", t),), node.moves + 1, t, f, h, extra, bonus,
                            node.shot, node.picked + got))
    if node.path and node.path[-1][0] == "rotate":
        return out
    for d in range(8):
        if d != f:
            out.append(Node(base_path + (("rotate", d),), node.moves + 1, node.space, d, hand,
                            extra, bonus, node.shot, node.picked))
    return out


def _starts(view):
    """The plan roots: stay, or warp to a free portal first."""
    me = view.me
    hand = tuple(view.my_hand)
    own = view.suit[me]
    roots = [Node((), 0, view.pos[me], view.facing[me], hand, 0, view.bonus, None, 0)]
    if view.bonus:
        return roots      # the open bonus is played out by zap/time/release
    for s in range(NSUITS):
        portal = PORTAL_BASE + s
        if hand[s] and portal not in view.pos and portal != view.pos[me]:
            h = list(hand)
            h[s] -= 1
            h, got = _pick(tuple(h), view.orbs, portal)
            roots.append(Node((("warp", s, 0),), 0, portal, view.facing[me], h, 0,
                              "warp" if s == own else "", None, got))
    return roots


def enumerate_plans(view):
    """Every distinct plan end, breadth first; yields every CHUNK nodes.
    Two partial plans reaching the same (space, facing, shot taken) keep the
    better one (the better shot, then more orbs in hand, then shorter)."""
    me = view.me
    blocked = {sp for p, sp in enumerate(view.pos) if sp >= 0 and p != me}
    best = {}
    frontier = []
    for root in _starts(view):
        key = (root.space, root.facing, root.shot is not None)
        best[key] = root
        frontier.append(root)
    count = 0
    while frontier:
        nxt = []
        for node in frontier:
            left = view.moves - node.moves + node.extra
            for child in _expand(view, node, left, blocked):
                count += 1
                count_nodes()
                if count % CHUNK == 0:
                    yield
                key = (child.space, child.facing, child.shot is not None)
                old = best.get(key)
                if old is None or _better(child, old):
                    best[key] = child
                    nxt.append(child)
        frontier = nxt
    return _distinct_ends(best.values())


def _distinct_ends(nodes):
    """One plan per end that scores differently: the facing a plan ends in
    does not change its score, so keep the shortest per (space, hand, shot)."""
    ends = {}
    for node in nodes:
        key = (node.space, node.hand, node.shot)
        old = ends.get(key)
        if old is None or len(node.path) < len(old.path):
            ends[key] = node
    return list(ends.values())


def _better(a, b):
    sa = a.shot if a.shot is not None else 0.0
    sb = b.shot if b.shot is not None else 0.0
    if abs(sa - sb) > 1e-9:
        return sa > sb
    return (sum(a.hand), a.picked, -len(a.path)) > (sum(b.hand), b.picked, -len(b.path))


# --- scoring a plan's end -------------------------------------------------------
def _danger(view, reaches, space, hand, shield_suit, stunned):
    """Chance some rival hits me before my next turn, standing at `space`."""
    if stunned:
        return 0.0
    safe = 1.0
    for q, reach in reaches:
        arms = reach.get(space)
        if arms is None:
            continue
        p = _hit_chance_on_me(view, q, hand, shield_suit, arms)
        safe *= 1.0 - p
    return 1.0 - safe


def _shield_choice(view, hand):
    """The suit to shield with: the one rivals hold least of."""
    rivals = [q for q in view.living() if q != view.me]
    suits = [s for s in range(NSUITS) if hand[s]]
    if not suits:
        return -1
    return min(suits, key=lambda s: (sum(view.pool[q][s] for q in rivals), -hand[s], s))


def _end_spells(view, hand, heal_pairs):
    """(hand after, shield suit after, end spell or None, pyramids won back)
    for each way to close the turn: nothing, a shield, or a heal."""
    out = [(hand, view.my_shield, None, 0)]
    if view.my_shield < 0 and sum(hand):
        s = _shield_choice(view, hand)
        out.append((_minus(hand, s), s, ("shield", s), 0))
    for a, b in heal_pairs:
        if hand[a] and hand[b] and (a != b or hand[a] >= 2):
            out.append((_minus(_minus(hand, a), b), view.my_shield, ("heal", a, b), 1))
            break
    return out


def _minus(hand, suit):
    h = list(hand)
    h[suit] -= 1
    return tuple(h)


def score_end(view, node, reaches, nearest, calm_push, heal_pairs):
    """(score, end spell or None) for ending the turn at this node;
    `nearest(space)` is (distance to the nearest orb, to the nearest rival)."""
    me = view.me
    shot = node.shot if node.shot is not None else 0.0
    best = None
    for hand, shield, spell, healed in _end_spells(view, node.hand, heal_pairs):
        pyr = view.pyr[me] + healed
        danger = _danger(view, reaches, node.space, hand, shield, view.stunned[me])
        held = sum(hand) + (1 if shield >= 0 else 0)
        value = shot - DANGER * danger * hit_value(pyr, view.n) * calm_push[0] + orb_value(held)
        value += PYR_VALUE[pyr] - PYR_VALUE[view.pyr[me]]
        if shield >= 0:
            value += 0.25                   # a shield also eats the next zap's orb
        orb_dist, rival_dist = nearest(node.space)
        if not sum(hand):
            value -= 0.2 * orb_dist         # nothing to zap with: orbs first
        elif held < 4:
            value -= 0.05 * orb_dist
        if held >= 1:
            value -= calm_push[1] * rival_dist
        value -= 0.01 * len(node.path)
        if best is None or value > best[0] + 1e-9:
            best = (value, spell)
    return best


def _nearest_rival(view, space):
    return min((DIST[space, view.pos[q]] for q in view.living() if q != view.me), default=0)


def think_turn(view, rng, best_of, trick=None):
    """Generator: the master's action in the turn phase (`best_of` is the
    Rng-settled argmax from ai.py). When the best plan takes no shot,
    `trick(view)` may offer a move the planner does not model (a confuse
    that pushes a rival into my line)."""
    me = view.me
    reaches = []
    for q in view.living():
        if q != me:
            reaches.append((q, rival_reach(view, q, me)))
            yield
    plans = yield from enumerate_plans(view)
    heal_pairs = _heal_pairs(view)
    orb_cache = {}

    def nearest(sp):
        if sp not in orb_cache:
            orb_cache[sp] = (min((DIST[sp, o] for o in view.orbs), default=0),
                             _nearest_rival(view, sp))
        return orb_cache[sp]

    quiet = view.calm / (3 * len(view.living()))
    # Nobody hit for 3 x (players) turns: fear rivals less and less and close in,
    # so two careful masters can't wait each other out to the turn cap.
    calm_push = (1.0 if quiet < 1 else max(0.0, 1.0 - 0.25 * (quiet - 1)),
                 0.03 if quiet < 1 else 0.1)
    scored = []
    for i, node in enumerate(plans):
        if i % CHUNK == CHUNK - 1:
            yield
        count_nodes()
        value, spell = score_end(view, node, reaches, nearest, calm_push, heal_pairs)
        scored.append((round(value * SCALE), node, spell))
    value, node, spell = best_of(scored, lambda x: x[0], rng)
    if node.shot is None and trick is not None:
        other = trick(view)
        if other is not None:
            return other
    return first_action(view, node, spell)


def _heal_pairs(view):
    """The (left, right) orb pairs a heal may hand out, giving away my own
    suit last; none at full height."""
    me = view.me
    if view.pyr[me] >= PYRAMIDS:
        return []
    left, right = receivers(view, me)
    own = view.suit[me]
    lefts = sorted({own, view.suit[left]}, key=lambda s: (s == own, s))
    rights = sorted({own, view.suit[right]}, key=lambda s: (s == own, s))
    return [(a, b) for a in lefts for b in rights]


def first_action(view, node, spell):
    """What to play now for this plan. A shield goes up before a zap that
    could be deflected back (it covers me then too), otherwise at the end;
    a heal at the end."""
    if spell is not None:
        if not node.path:
            return spell
        if spell[0] == "shield" and any(a[0] == "zap" and view.hand_count[a[2]] for a in node.path) \
                and _spare_for_shield(view, node, spell[1]):
            return spell
    if node.path:
        return node.path[0]
    if view.bonus:
        return ("release",)
    return ("end",)


def _spare_for_shield(view, node, suit):
    """True when raising `suit` now leaves every orb the plan spends in hand."""
    need = [0] * NSUITS
    for a in node.path:
        if a[0] in ("zap", "time", "warp") and not a[-1]:
            need[a[1]] += 1
    return view.my_hand[suit] > need[suit]
