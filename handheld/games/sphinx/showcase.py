"""Scenes set up mid-action for `handheld screenshot` and `handheld bench`,
and the speed figures `handheld bench` reports under games.sphinx."""

from __future__ import annotations

import time

from handheld.games.sphinx.ai.strong import DEFAULT_NODES, StrongSearch
from handheld.games.sphinx.match import MatchScene
from handheld.games.sphinx.options import OptionsScene
from handheld.games.sphinx.rules import Board
from handheld.games.sphinx.solver import Solver
from handheld.runtime.rng import Rng

MIDGAME = [3, 3, 2, 4, 4, 2, 3, 5, 1, 3]       # 0-based columns, sphinx first
NEAR_WIN = [3, 3, 2, 2, 4, 4]                  # sphinx holds c1 d1 e1 and is to move
# 53634744324, 38 empty squares, pyramid to move: the Prover's win look proves
# nothing in its 200,000 nodes, so it thinks 1,333 ticks, its longest turn, a
# 240-node slice in every frame (the dearest frame the cabinet draws)
PROVER_LONG_THINK = [4, 2, 5, 2, 3, 6, 3, 3, 2, 1, 3]


def preset(scene: MatchScene, moves) -> MatchScene:
    """Put `moves` on the scene's board (as if played) and start the next turn."""
    for col in moves:
        scene.board.play(col)
    scene.version += 1
    scene._start_turn()
    return scene


def _board(ctx, seed):
    return preset(MatchScene(ctx, seed, {"mode": "cpu", "level": "strong", "first": "you"}), MIDGAME)


def _thinking(ctx, seed):
    scene = preset(MatchScene(ctx, seed, {"mode": "cpu", "level": "strong", "first": "you"}), MIDGAME[:-1])
    return scene


def _prover(ctx, seed):
    return preset(MatchScene(ctx, seed, {"mode": "cpu", "level": "perfect", "first": "you"}), PROVER_LONG_THINK)


def _win(ctx, seed):
    scene = preset(MatchScene(ctx, seed, {"mode": "two"}), NEAR_WIN)
    scene._drop(5)          # c1-d1-e1 + f1: the fall, then the blinking four
    return scene


def _demo(ctx, seed):
    return preset(MatchScene(ctx, seed, {"mode": "demo", "sphinx_level": "strong",
                                          "pyramid_level": "perfect", "rounds": 5}), MIDGAME[:4])


def screenshot_scenes(game) -> dict:
    return {"board": _board, "options": lambda ctx, seed: OptionsScene(ctx, game),
            "thinking": _thinking, "prover": _prover, "win": _win, "demo": _demo}


def bench_scenes(game) -> dict:
    return {"options": lambda ctx, seed: OptionsScene(ctx, game), "board": _board,
            "thinking": _thinking, "prover": _prover, "win": _win, "demo": _demo}


def positions(width: int, height: int, count: int, stones=None, empties=None, seed: int = 1):
    """Unfinished positions with no win in one for the side to move."""
    out: list = []
    s = seed
    while len(out) < count:
        s += 1
        rng = Rng(s)
        b = Board(width, height)
        goal = b.geo.cells - empties if empties is not None else rng.randint(*stones)
        while len(b.moves) < goal and not b.over:
            if rng.chance(1, 4):
                b.play(rng.choice(b.legal_moves()))
            else:
                b.play(StrongSearch(b, 150).run())
        if b.over:
            continue
        cur, mask = b.side_bits()
        if b.geo.wins(cur, mask) & ((mask + b.geo.bottom) & b.geo.full):
            continue
        out.append(b)
    return out


def _summary(ms: list[float], cpu: list[float]) -> dict:
    s, c = sorted(ms), sorted(cpu)
    return {"positions": len(s), "median_ms": round(s[len(s) // 2], 1), "max_ms": round(s[-1], 1),
            "median_cpu_ms": round(c[len(c) // 2], 1), "max_cpu_ms": round(c[-1], 1)}


def _timed(fn) -> tuple[float, float]:
    """(wall ms, this thread's CPU ms): CPU time shows the cost when the machine is busy."""
    t, c = time.perf_counter(), time.thread_time()
    fn()
    return (time.perf_counter() - t) * 1000, (time.thread_time() - c) * 1000


def bench_figures(quick: bool) -> dict:
    """Speed figures for `handheld bench` (games.sphinx): Strong move and solve times.

    Positions are generated from fixed seeds (a mix of short Strong searches and
    random drops), so every run times the same positions. Times are wall-clock
    on this machine; the node budgets, not the times, decide the moves."""
    n = 8 if quick else 30
    strong_ms, strong_cpu, depths = [], [], []
    for b in positions(7, 7, n, stones=(8, 30), seed=100):
        search = StrongSearch(b, DEFAULT_NODES)
        wall, cpu = _timed(search.run)
        strong_ms.append(wall)
        strong_cpu.append(cpu)
        depths.append(search.depth_done)
    solve_ms, solve_cpu, nodes = [], [], []
    for b in positions(7, 6, n, empties=20, seed=500):
        solver = Solver(b.geo)
        wall, cpu = _timed(lambda: solver.solve(b))
        solve_ms.append(wall)
        solve_cpu.append(cpu)
        nodes.append(solver.nodes)
    return {
        "strong_move_7x7": dict(_summary(strong_ms, strong_cpu), budget_nodes=DEFAULT_NODES,
                                median_depth=sorted(depths)[len(depths) // 2], target_ms=100),
        "solve_7x6_20_empties": dict(_summary(solve_ms, solve_cpu), max_nodes=max(nodes), target_ms=1000),
    }
