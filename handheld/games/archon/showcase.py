"""Screenshot scenes, bench scenes and bench figures for `handheld screenshot/bench`."""

from __future__ import annotations

import time

from handheld.games.archon import ai as AI
from handheld.games.archon import rules as R
from handheld.games.archon.duel.arena import Duel
from handheld.games.archon.duel.fighter import ComputerFighter
from handheld.games.archon.duel.model import DuelSetup
from handheld.games.archon.icons import LIGHT
from handheld.runtime.rng import Rng


def midgame_state(seed: int = 1, turns: int = 40) -> R.State:
    """A position `turns` turns into a classic-vs-classic game (duels fought by the arena)."""
    from handheld.games.archon.selfplay import arena_resolver
    resolve = arena_resolver()
    state = R.new_game(LIGHT)
    rng, rules_rng, duel_rng = Rng(seed).fork("ai"), Rng(seed).fork("rules"), Rng(seed).fork("duel")
    players = {s: AI.Classic() for s in ("light", "dark")}
    while not state.over() and state.turn <= turns:
        R.apply(state, AI.choose(players[state.to_move], state, rng), rules_rng)
        if state.pending is not None:
            w, lhp, dhp, _ = resolve(state.pending, duel_rng.randrange(1 << 30))
            R.resolve_duel(state, w, lhp, dhp)
    return state


def board_scene(ctx, seed: int, turns: int = 40):
    """A two-player match on a mid-game position, the box waiting for Light or Dark."""
    from handheld.games.archon.match import MatchScene
    m = MatchScene(ctx, seed, {"mode": "two_players"})
    m.state = midgame_state(seed, turns)
    m._start_turn()
    m.box = (4, 4)
    return m


def spells_scene(ctx, seed: int):
    from handheld.games.archon.match import MatchScene
    from handheld.games.archon.spellmenu import SpellMenu
    m = MatchScene(ctx, seed, {"mode": "two_players"})
    m.selected = m.state.mage(m.state.to_move)
    m.box = (0, 4)
    m.menu = SpellMenu(m.state, m.state.to_move)
    m._set_phase("spells")
    return m


def demo_scene(ctx, seed: int):
    from handheld.games.archon.match import MatchScene
    return MatchScene(ctx, seed, {"mode": "demo"})


def strong_demo_scene(ctx, seed: int):
    from handheld.games.archon.match import MatchScene
    return MatchScene(ctx, seed, {"mode": "demo", "level": "strong"})


def screenshot_scenes(game) -> dict:
    from handheld.games.archon.duel.practice import arena_mid_scene, arena_scene
    from handheld.games.archon.options import OptionsScene
    from handheld.ui.howto import HowToScene
    scenes = {"board": board_scene, "options": lambda ctx, seed: OptionsScene(ctx, game),
              "spells": spells_scene, "demo": demo_scene, "arena": arena_scene,
              "arena_mid": arena_mid_scene}
    for i in range(len(game.how_to_play())):
        def howto(ctx, seed, i=i):
            scene = HowToScene(ctx, game.title, game.how_to_play())
            scene.index = i
            return scene
        scenes[f"howto{i + 1}"] = howto
    return scenes


def bench_scenes(game) -> dict:
    return {"board": board_scene, "demo": demo_scene, "demo_strong": strong_demo_scene,
            "arena": arena_bench_scene}


def move_timings(kind: str, positions: list[R.State]) -> dict:
    """Milliseconds per board decision over the given positions."""
    samples = []
    for i, s in enumerate(positions):
        player = AI.make_player(kind)
        t0 = time.perf_counter_ns()
        AI.choose(player, s, Rng(i))
        samples.append(time.perf_counter_ns() - t0)
    samples.sort()
    return {"positions": len(samples), "mean_ms": round(sum(samples) / len(samples) / 1e6, 3),
            "p99_ms": round(samples[min(len(samples) - 1, int(0.99 * len(samples)))] / 1e6, 3),
            "max_ms": round(samples[-1] / 1e6, 3)}


def bench_figures(quick: bool) -> dict:
    positions = [R.new_game(LIGHT)] + [midgame_state(seed, turns) for seed in range(1, 3 if quick else 6)
                                       for turns in (10, 30, 60)]
    out = {"classic_move": move_timings("classic", positions)}
    try:
        out["strong_move"] = move_timings("strong", positions)
    except (ImportError, OSError):          # no shipped matchup table yet
        pass
    out["duel"] = duel_figures(quick)
    return out


# --- the arena: a mid-fight scene for frame timing, and the engine's speed ---------

BENCH_PAIR = ("wizard", "sorceress")   # two shooters; every duel has its 18 barriers


def duel_figures(quick: bool = False) -> dict:
    """duel_ticks_per_s: the engine stepping recorded inputs of computer
    duels (two shooters with barriers); duel_ai_ticks_per_s: the same duels
    with both computer fighters deciding every tick."""
    n = 4 if quick else 24
    setup = DuelSetup.full(*BENCH_PAIR, 2)
    recorded = []
    ai_ticks = 0
    t0 = time.perf_counter()
    for seed in range(n):
        rng = Rng(seed)
        d = Duel(setup, rng)
        la = ComputerFighter("light", 2, rng.fork("l"), peer=True)
        da = ComputerFighter("dark", 2, rng.fork("d"), peer=True)
        inputs = []
        while not d.over and d.tick < 20000:
            lh, dh = la.decide(d), da.decide(d)
            inputs.append((lh, dh))
            d.step(lh, dh)
        ai_ticks += d.tick
        recorded.append((seed, inputs))
    ai_secs = time.perf_counter() - t0
    ticks = 0
    t0 = time.perf_counter()
    for seed, inputs in recorded:
        d = Duel(setup, Rng(seed))
        step = d.step
        for lh, dh in inputs:
            step(lh, dh)
        ticks += d.tick
    secs = time.perf_counter() - t0
    return {"duel_ticks_per_s": int(ticks / secs), "duel_ai_ticks_per_s": int(ai_ticks / ai_secs),
            "duel_bench_duels": n, "duel_mean_ticks": ticks // n}


def arena_bench_scene(ctx, seed: int = 0):
    """Both icons moving, both shots in flight, barriers pulsing, forever."""
    from handheld.games.archon.duel.practice import ArenaBenchScene

    return ArenaBenchScene(ctx, seed)
