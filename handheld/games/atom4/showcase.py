"""Scenes and figures for `handheld screenshot` and `handheld bench`."""

from __future__ import annotations

import time

from handheld.games.atom4 import ai
from handheld.games.atom4.match import MatchScene, demo_scene
from handheld.games.atom4.options import OptionsScene
from handheld.games.atom4.rules import Position
from handheld.base.actions import Action, frame_from_masks
from handheld.runtime.rng import Rng
from handheld.base.scene import Scene


def screenshot_scenes(game) -> dict:
    return {"match": lambda ctx, seed: played_scene(ctx, seed, 14),
            "options": lambda ctx, seed: OptionsScene(ctx, game),
            "demo": demo_scene,
            "opening": lambda ctx, seed: played_scene(ctx, seed, 0)}


def bench_scenes(game) -> dict:
    return {"demo": demo_scene, "cursor": CursorSweep,
            "options": lambda ctx, seed: OptionsScene(ctx, game)}


def bench_figures(quick: bool) -> dict:
    return {"default_move": default_move_ms(quick)}


def played_scene(ctx, seed: int, moves: int = 14, options=None) -> MatchScene:
    """A match a few (seeded random) moves in: for screenshots and bench."""
    scene = MatchScene(ctx, seed, options or {"players": 1, "level": "normal", "rounds": 3})
    m, rng = scene.match, Rng(seed).fork("atom4.setup")
    for _ in range(moves):
        if m.pos.winner is not None:
            break
        m._play(rng.choice(m.pos.legal_moves()))
    if m.phase == "play":
        m.cursor = m.pos.legal_moves()[0]
        m.turn_tick = m.tick
    return scene


class CursorSweep(Scene):
    """Bench: a human's turn, the cursor swept along the lattice by a scripted stick."""

    def __init__(self, ctx, seed: int):
        self.inner = played_scene(ctx, seed, 14, {"players": 2, "level": "normal", "rounds": 3})
        self.n = 0

    def update(self, frame) -> None:
        self.n += 1
        mask = (Action.RIGHT, Action.DOWN, Action.LEFT, Action.UP)[(self.n // 40) % 4] if self.n % 5 == 0 else 0
        p = (mask, mask, 0, mask)
        self.inner.update(frame_from_masks(p, p))

    def draw(self, surface) -> None:
        self.inner.draw(surface)


def default_move_ms(quick: bool) -> dict:
    """Default-level move time over positions from seeded games (target <= 200 ms)."""
    samples, cpu, nodes = [], [], []
    for seed in range(2 if quick else 6):
        pos, rng = Position(seed % 6 + 1), Rng(seed)
        for k in range(40):
            if pos.winner is not None:
                break
            if k % 8 == 7:
                t0, c0 = time.perf_counter(), time.thread_time()
                s = ai.Search(pos, ai.SEARCH_LEVEL, seed)
                for _ in s.steps():
                    pass
                samples.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
                nodes.append(s.nodes)
            pos.play(rng.choice(pos.legal_moves()))
    samples.sort()
    return {"level": ai.SEARCH_LEVEL, "moves": len(samples),
            "move_ms_p50": round(samples[len(samples) // 2], 1),
            "move_ms_p99": round(samples[min(len(samples) - 1, len(samples) * 99 // 100)], 1),
            "move_ms_max": round(samples[-1], 1),
            # this thread's CPU time: the wall figures above include waiting on a shared machine
            "move_cpu_ms_p50": round(sorted(cpu)[len(cpu) // 2], 1), "move_cpu_ms_max": round(max(cpu), 1),
            "nodes_max": max(nodes), "target_ms": 200}
