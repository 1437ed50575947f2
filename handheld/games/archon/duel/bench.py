"""Speed figures for `handheld bench` and a mid-fight arena scene for frame timing."""

from __future__ import annotations

import time

from handheld.games.archon.duel.arena import Duel
from handheld.games.archon.duel.fighter import ComputerFighter
from handheld.games.archon.duel.model import DuelSetup
from handheld.runtime.rng import Rng

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
