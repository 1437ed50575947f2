"""Scenes for `handheld screenshot spectral:NAME` and `handheld bench` (each
one animates on its own or is set up mid-action), and the bench's figures:
how long the computers take to decide. Scenes import the match lazily so the
figures run without pygame."""

from __future__ import annotations

import time

from handheld.runtime.rng import Rng

from . import ai
from . import rules as R


def demo(ctx, seed: int, level: str = "classic"):
    from .match import DEFAULT_OPTIONS, MatchScene

    return MatchScene(ctx, seed, dict(DEFAULT_OPTIONS, mode="demo", level=level))


def blitz(ctx, seed: int):
    """A demo one action before a big Blitz: Red on a wide green field with 40 power."""
    scene = demo(ctx, seed)
    s = scene.state
    s.board = [R.GREEN] * 20 + [R.BLUE, R.BLUE, R.VIOLET, R.VIOLET, R.VIOLET]
    s.board[R.pos_of(1, 1)] = R.YELLOW
    s.wiz = [R.pos_of(1, 2), R.pos_of(4, 4)]
    s.power = [40, 21]
    scene._sync()
    return scene


def teleport_cursor(ctx, seed: int):
    """A human Red aiming a Teleport (the spectrum cursor pulses)."""
    from .match import DEFAULT_OPTIONS, MatchScene

    scene = MatchScene(ctx, seed, dict(DEFAULT_OPTIONS, mode="cpu_violet"))
    scene.phase, scene.cursor_kind, scene.cursor = "cursor", "TELEPORT", R.pos_of(2, 3)
    return scene


def action_list(ctx, seed: int):
    from .match import DEFAULT_OPTIONS, MatchScene

    scene = MatchScene(ctx, seed, dict(DEFAULT_OPTIONS, mode="two"))
    scene.phase, scene.spell_index = "spells", 1
    return scene


def help_box(ctx, seed: int):
    """Red's turn with MOVE's help open: four lines, the keys, the name."""
    from .match import DEFAULT_OPTIONS, MatchScene

    scene = MatchScene(ctx, seed, dict(DEFAULT_OPTIONS, mode="cpu_violet"))
    scene.phase, scene.help_key, scene.help_back = "help", "MOVE", "actions"
    return scene


def screenshot_scenes(game) -> dict:
    from .options import OptionsScene, TitleScene

    return {"demo": demo,
            "strong": lambda ctx, seed: demo(ctx, seed, "strong"),
            "blitz": blitz,
            "teleport": teleport_cursor,
            "spells": action_list,
            "help": help_box,
            "title": lambda ctx, seed: TitleScene(ctx, game),
            "options": lambda ctx, seed: OptionsScene(ctx, game)}


def bench_scenes(game) -> dict:
    return screenshot_scenes(game)


def bench_figures(quick: bool) -> dict:
    """Decision times of both computers over positions from seeded games
    (targets: classic <= 20 ms, strong <= 200 ms)."""
    out = {}
    for level, target in (("classic", 20), ("strong", 200)):
        samples, nodes = [], []
        for seed in range(2 if quick else 6):
            rng = Rng(seed)
            state = R.new_game(turn_limit=12)
            noop = [0, 0]
            k = 0
            while not state.over and k < (60 if quick else 200):
                k += 1
                if k % 3 == 0:
                    t0 = time.perf_counter()
                    if level == "strong":
                        gen = ai.strong.search(state)
                        n = 0
                        try:
                            while True:
                                n = next(gen)
                        except StopIteration:
                            pass
                        nodes.append(n)
                    else:
                        ai.classic.decide(state, Rng(seed * 1000 + k))
                    samples.append((time.perf_counter() - t0) * 1000)
                ai.play_turn(state, rng, ai.classic.decide, noop)
        samples.sort()
        out[level] = {"decisions": len(samples),
                      "ms_p50": round(samples[len(samples) // 2], 3),
                      "ms_p99": round(samples[min(len(samples) - 1, len(samples) * 99 // 100)], 3),
                      "ms_max": round(samples[-1], 3), "target_ms": target}
        if nodes:
            out[level]["nodes_max"] = max(nodes)
    return out
