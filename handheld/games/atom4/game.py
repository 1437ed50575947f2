"""The Atom-4 plug-in: what the cabinet calls (screens, selfplay, bench, CLI).

Screens are imported lazily so the rules, the computer and the CLI never
pull in pygame."""

from __future__ import annotations

from handheld.games.base import Game


class Atom4Game(Game):
    id = "atom4"
    title = "Atom-4"
    blurb = "mix colours on a lattice: four whites (or blacks) in a row"
    min_players = 1
    max_players = 2

    # --- screens -------------------------------------------------------
    def start_scene(self, ctx):
        from handheld.games.atom4.scenes import OptionsScene

        return OptionsScene(ctx, self)

    def demo_scene(self, ctx, seed: int):
        from handheld.games.atom4.scenes import demo_scene

        return demo_scene(ctx, seed)

    def match_scene(self, ctx, seed: int, options: dict):
        from handheld.games.atom4.screen import MatchScene

        return MatchScene(ctx, seed, options)

    def screenshot_scenes(self) -> dict:
        from handheld.games.atom4 import scenes

        return {"match": lambda ctx, seed: scenes.played_scene(ctx, seed, 14),
                "options": lambda ctx, seed: scenes.OptionsScene(ctx, self),
                "demo": scenes.demo_scene,
                "opening": lambda ctx, seed: scenes.played_scene(ctx, seed, 0)}

    def bench_scenes(self) -> dict:
        from handheld.games.atom4 import scenes

        return {"demo": scenes.demo_scene, "cursor": scenes.CursorSweep,
                "options": lambda ctx, seed: scenes.OptionsScene(ctx, self)}

    def bench_figures(self, quick: bool) -> dict:
        return {"default_move": _bench_move_ms(quick)}

    # --- headless ------------------------------------------------------
    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        from handheld.games.atom4.selfplay import selfplay

        return selfplay(seed, options)

    def add_cli(self, parser) -> None:
        from handheld.games.atom4.cli import add_cli

        add_cli(parser)


def _bench_move_ms(quick: bool) -> dict:
    """Default-level move time over positions from seeded games (target <= 200 ms)."""
    import time

    from handheld.games.atom4 import ai
    from handheld.games.atom4.rules import Position
    from handheld.runtime.rng import Rng

    samples, nodes = [], []
    for seed in range(2 if quick else 6):
        pos, rng = Position(seed % 6 + 1), Rng(seed)
        for k in range(40):
            if pos.winner is not None:
                break
            if k % 8 == 7:
                t0 = time.perf_counter()
                s = ai.Search(pos, ai.DEFAULT_LEVEL, seed)
                for _ in s.steps():
                    pass
                samples.append((time.perf_counter() - t0) * 1000)
                nodes.append(s.nodes)
            pos.play(rng.choice(pos.legal_moves()))
    samples.sort()
    return {"level": ai.DEFAULT_LEVEL, "moves": len(samples),
            "move_ms_p50": round(samples[len(samples) // 2], 1), "move_ms_max": round(samples[-1], 1),
            "nodes_max": max(nodes), "target_ms": 200}
