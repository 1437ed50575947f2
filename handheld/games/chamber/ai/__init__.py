"""Computer sorcerers. They read only a PlayerView (public board + own hand),
never the State, and count their work in nodes, not time.

`choose(view, level, rng)` returns one legal action for `view.me`.
Levels: 1 apprentice (zaps what it faces, wanders toward orbs, no tricks),
2 adept (plans a line within its moves, shields when exposed, deflects, heals),
3 master (plans its whole turn in ai/plan.py: walks, time spells, warps, a zap
on the way and a shield or heal at the end, each scored against what every
rival could do to it before its next turn; confuses a rival into its line).
"""

from __future__ import annotations

from handheld.games.chamber.ai import plan
from handheld.games.chamber.board import DIST, NEIGHBOURS, NSUITS, PORTAL_BASE, RAYS
from handheld.games.chamber.player_view import PlayerView
from handheld.games.chamber.rules import PYRAMIDS, legal_actions, step_targets, zap_targets
from handheld.games.levels import Level
from handheld.runtime.think import Thinking, count, run_to_end

# A seat's options hold a level's number: its place here, counting from 1 (level_of)
LEVELS = (Level("apprentice", "APPRENTICE"), Level("adept", "ADEPT", default=True), Level("master", "MASTER"))
NUMBERS = tuple(range(1, len(LEVELS) + 1))


def level_of(number: int) -> Level:
    """The level a seat's number stands for."""
    return LEVELS[number - 1]


CHUNK = 24  # walk nodes between yields: one chunk is well under a frame's budget
# tests/games/test_think_budget.py holds each tick of a match's thinking to TICK_NODES nodes;
# NODE_US is the CPU a node costs here (the mean over that test's scripted matches),
# and TICK_NODES x NODE_US stays under 2 ms.
TICK_NODES = 500            # one rival's reach (up to 392 places) is one slice (439 seen)
NODE_US = 3


def _best(items, key, rng):
    """The item with the highest key; equal keys are settled by the match Rng.

    Ties must never fall to board order, suit number or seat number: that made
    one corner of a symmetric board win far more than its share."""
    best, top = [], None
    for item in items:
        k = key(item)
        if top is None or k > top:
            best, top = [item], k
        elif k == top:
            best.append(item)
    if not best:
        return None
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def think(view: PlayerView, level: int, rng) -> Thinking:
    """The decision as a generator: it yields between bounded chunks of work
    (so a scene can spread it over ticks) and returns the action. The number
    of chunks depends only on the view, never on time. `level` is a number."""
    me = view.me
    assert view.to_act() == me, "asked to act out of turn"
    if view.phase == "place":
        yield
        return _place(view, level, rng)
    if view.phase == "deflect":
        return _deflect(view, level, rng)
    return (yield from _turn(view, level, rng))


def choose(view: PlayerView, level: int, rng) -> tuple:
    """Think to the end at once (selfplay, tests)."""
    return run_to_end(think(view, level, rng))


# --- placing and deflecting ----------------------------------------------------
def _place(view, level, rng):
    acts = legal_actions(view)
    count(len(acts))
    if level <= 1:
        return rng.choice(acts)
    me = view.me
    opps = [q for q in view.living() if q != me]

    def score(a):
        sp = a[1]
        near = -abs(DIST[view.pos[me], sp] - 2) * 3
        far = min([min(DIST[view.pos[q], sp], 4) for q in opps] or [0])
        return near + far
    return _best(acts, score, rng)


def _deflect(view, level, rng):
    me = view.me
    zapper = view.pending[0]
    hand = view.my_hand
    count()
    if level <= 1 or not sum(hand):
        return ("deflect", -1)
    known = view.pending[2]
    if known >= 0:
        return ("deflect", known) if hand[known] else ("deflect", -1)
    pool = view.pool[zapper]
    total = sum(pool) or 1
    best = max(range(NSUITS), key=lambda s: (hand[s] > 0, pool[s], -s))
    if not hand[best] or pool[best] == 0:
        return ("deflect", -1)
    lethal = view.pyr[me] == 1 and not view.shield_up[me]
    if lethal or pool[best] * 3 >= total:
        return ("deflect", best)
    return ("deflect", -1)


# --- the turn ------------------------------------------------------------------
def _targets(view, pos, facing):
    me = view.me
    return [t for t in zap_targets(pos, facing, me) if not view.stunned[t]]


def _zap_suit(view, t, suits, rng):
    """The orb most likely to land: match a shield, dodge a deflect."""
    pool = view.pool[t]
    total = sum(pool) or 1
    own = view.suit[view.me]

    def score(s):
        hit = pool[s] / total if view.shield_up[t] else 1.0
        risk = 0.5 if (pool[s] and view.hand_count[t]) else 0.0
        return (hit * (1 - risk) + (0.05 if s == own else 0), view.my_hand[s])
    return _best(suits, score, rng)


def _best_zap(view, rng):
    suits = [s for s in range(NSUITS) if view.my_hand[s]]
    targets = _targets(view, view.pos, view.facing[view.me])
    if not suits or not targets:
        return None
    t = _best(targets, lambda q: (-view.pyr[q], -view.shield_up[q]), rng)
    return ("zap", _zap_suit(view, t, suits, rng), t, 0)


def _threat_zone(view, skip):
    """Spaces some armed opponent could zap on its next turn (rotate and zap,
    or step, rotate and zap); `skip` (me) does not block lines."""
    zone = {}
    pos = list(view.pos)
    pos[skip] = -1
    occ = {sp: q for q, sp in enumerate(pos) if sp >= 0}
    for q in view.living():
        if q == skip or not view.hand_count[q]:
            continue
        starts = [view.pos[q]] + step_targets(pos, view.facing[q], q)
        for st in starts:
            for lines in RAYS[st]:
                for line in lines:
                    for sp in line:
                        if sp in occ and occ[sp] != q:
                            break
                        zone[sp] = zone.get(sp, 0) + 1
    return zone


def _walk(view, hand_size, max_moves):
    """Breadth-first over my (space, facing) reachable in <= max_moves moves.
    Returns [(path, pos, facing, picked)] with orbs picked up on the way;
    yields every CHUNK nodes."""
    me = view.me
    start = (view.pos[me], view.facing[me])
    frontier = [((), start[0], start[1], 0)]
    seen = {start}
    out = list(frontier)
    base = list(view.pos)
    budget = CHUNK
    for _ in range(max_moves):
        nxt = []
        for path, sp, f, picked in frontier:
            if len(nxt) >= budget:
                budget += CHUNK
                yield
            count()
            base[me] = sp
            for t in step_targets(base, f, me):
                key = (t, f)
                if key not in seen:
                    seen.add(key)
                    gain = picked + len(view.orbs.get(t, ()))
                    nxt.append((path + (("move", t),), t, f, gain))
            for d in range(8):
                key = (sp, d)
                if d != f and key not in seen:
                    seen.add(key)
                    nxt.append((path + (("rotate", d),), sp, d, picked))
        out += nxt
        frontier = nxt
    base[me] = view.pos[me]
    return out


def _attack_path(view, max_moves, rng):
    me = view.me
    have = sum(view.my_hand)
    pos = list(view.pos)
    shots = []
    nodes = yield from _walk(view, have, max_moves)
    count(len(nodes))
    for path, sp, f, picked in nodes:
        if not path or have + picked == 0:
            continue
        pos[me] = sp
        tg = _targets(view, pos, f)
        if tg:
            shots.append(((-len(path), -min(view.pyr[t] for t in tg), picked), path))
    best = _best(shots, lambda shot: shot[0], rng)
    return None if best is None else best[1]


def _confuse_shot(view):
    """Confuse a rival into my line of fire (keeping an orb for the zap)."""
    me = view.me
    if sum(view.my_hand) < 2:
        return None
    for t in view.living():
        s = view.suit[t]
        if t == me or view.confused[t] or view.stunned[t] or not view.my_hand[s]:
            continue
        if view.pyr[t] > 1 and sum(view.my_hand) < 4:
            continue  # two orbs for one hit: worth it for a kill or when rich
        away = (view.facing[me] + 0) % 8  # turn it to face where I face: away from me
        for dest in sorted(NEIGHBOURS[view.pos[t]]):
            if dest in view.pos:
                continue
            pos = list(view.pos)
            pos[t] = dest
            if t in zap_targets(pos, view.facing[me], me):
                face = away if away != view.facing[t] else -1
                return ("confuse", s, t, dest, face)
    return None


def _score_spot(view, sp, picked, zone, hand_after, near_orb, bold):
    me = view.me
    score = picked * 12
    danger = zone.get(sp, 0)
    if danger and not view.stunned[me]:
        protect = view.shield_up[me] or hand_after >= 2
        score -= 10 * danger if protect else 25 * danger
    if view.orbs and hand_after < 4:
        score -= 2 * near_orb
    if hand_after >= 2 or (bold and hand_after):
        opps = [q for q in view.living() if q != me]
        if opps:
            score -= min(DIST[sp, view.pos[q]] for q in opps)
    return score


def _positional(view, level, rng):
    me = view.me
    zone = _threat_zone(view, me)
    yield
    bold = view.calm >= 3 * len(view.living())
    if bold:
        zone = {}  # nobody has been hit for rounds: stop dodging and go fight
    have = sum(view.my_hand)
    spots = []
    near_orb = {}
    nodes = yield from _walk(view, have, view.moves)
    yield
    for i, (path, sp, f, picked) in enumerate(nodes):
        if i % CHUNK == CHUNK - 1:
            yield
        count()
        if sp not in near_orb:
            near_orb[sp] = min([DIST[sp, o] for o in view.orbs] or [0])
        sc = _score_spot(view, sp, picked, zone, have + picked, near_orb[sp], bold)
        if level <= 1:
            sc += rng.randrange(20)
        spots.append(((sc, -len(path)), path))
    best = _best(spots, lambda spot: spot[0], rng)
    if bold and not best[1]:
        # standing still is no way out of a standoff: two masters across the centre once
        # ended 600 turns in a row, each waiting for the other
        best = _best([s for s in spots if s[1]], lambda spot: spot[0], rng) or best
    return best[1][0] if best[1] else None, zone


def _finish(view, level, zone):
    """Spells before ending the turn: heal, shield, warp away."""
    me = view.me
    hand = view.my_hand
    have = sum(hand)
    if level >= 2 and view.pyr[me] < PYRAMIDS and have >= 2:
        heals = [a for a in legal_actions(view) if a[0] == "heal"]
        if heals and (have >= 3 or view.pyr[me] == 1):
            return heals[0]
    exposed = zone.get(view.pos[me], 0) and not view.stunned[me]
    if level >= 3 and exposed and not view.shield_up[me] and have >= 2:
        for s in range(NSUITS):      # escape through a quiet portal, keep an orb for a shield
            portal = PORTAL_BASE + s
            if hand[s] and portal not in view.pos and not zone.get(portal):
                return ("warp", s, 0)
    if not view.shield_up[me] and have and (exposed or (level >= 2 and have >= 3)):
        threats = [q for q in view.living() if q != me]
        return ("shield", min((s for s in range(NSUITS) if hand[s]),
                              key=lambda s: (sum(view.pool[q][s] for q in threats), -hand[s], s)))
    return None


def _turn(view, level, rng):
    if level >= 3:
        return (yield from plan.think_turn(view, rng, _best, _confuse_shot))
    me = view.me
    own = view.suit[me]
    if view.bonus:
        targets = _targets(view, view.pos, view.facing[me])
        if targets:
            return ("zap", own, min(targets, key=lambda q: (view.pyr[q], q)), 1)
        if level >= 3 and (view.bonus == "time" or view.stones) and sum(view.my_hand) \
                and not (yield from _attack_path(view, view.moves, rng)) \
                and (yield from _attack_path(view, view.moves + 1, rng)):
            return ("time", own, 1)
        return ("release",)
    zap = _best_zap(view, rng)
    if zap:
        t = zap[2]
        if level >= 3 and not view.shield_up[me] and view.hand_count[t] and sum(view.my_hand) >= 2:
            # a deflect could send it back: raise a shield first, of a suit the zap won't be
            rest = [s for s in range(NSUITS) if view.my_hand[s] - (s == zap[1]) > 0]
            return ("shield", min(rest, key=lambda s: (view.pool[t][s], s == own, s)))
        return zap
    if level >= 3:
        conf = _confuse_shot(view)
        if conf:
            return conf
        yield
    if level >= 2 and view.moves:
        path = yield from _attack_path(view, view.moves, rng)
        if path:
            return path[0]
    have = sum(view.my_hand)
    if level >= 3 and view.stones and have >= 2:
        weak = any(view.pyr[q] == 1 for q in view.living() if q != me) or have >= 3
        if weak and (yield from _attack_path(view, view.moves + 1, rng)):
            s = own if view.my_hand[own] else max(range(NSUITS), key=lambda k: (view.my_hand[k], -k))
            return ("time", s, 0)
    zone = None
    if view.moves:
        step, zone = yield from _positional(view, level, rng)
        if step is not None:
            return step
    if zone is None:
        zone = _threat_zone(view, me)
        yield
    spell = _finish(view, level, zone)
    return spell or ("end",)
