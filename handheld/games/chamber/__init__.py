"""Sorcerer's Chamber (Tim Schutz, piecepack, rev 2.0): 2-4 sorcerers, hidden
orbs, seven spells. Rules in rules.py, the computer in ai.py, screens in
match_scene.py / match_draw.py / options.py."""

from __future__ import annotations

from handheld.games.base import Game


class ChamberGame(Game):
    id = "chamber"
    title = "Sorcerer's Chamber"
    blurb = "2-4 sorcerers zap, shield and warp with hidden orbs"
    min_players = 1
    max_players = 4

    def start_scene(self, ctx):
        from handheld.games.chamber.options import OptionsScene

        return OptionsScene(ctx, self)

    def match_scene(self, ctx, seed: int, options: dict):
        from handheld.games.chamber.match import MatchScene

        return MatchScene(ctx, seed, options)

    def demo_scene(self, ctx, seed: int):
        from handheld.games.chamber.showcase import demo

        return demo(ctx, seed)

    def screenshot_scenes(self) -> dict:
        from handheld.games.chamber.showcase import screenshot_scenes

        return screenshot_scenes()

    def bench_scenes(self) -> dict:
        from handheld.games.chamber.showcase import bench_scenes

        return bench_scenes()

    def bench_figures(self, quick: bool) -> dict:
        from handheld.games.chamber.showcase import bench_figures

        return bench_figures(quick)

    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        from handheld.games.chamber.board import SUIT_NAMES
        from handheld.games.chamber.rules import SEATS
        from handheld.games.chamber.selfplay import play_match

        n = players or 4
        if n not in SEATS:
            raise ValueError(f"Sorcerer's Chamber is for 2-4 players, not {n}")
        level = int(options.get("level", 3))
        r = play_match(seed, [("cpu", level)] * n)
        return {"winner": SUIT_NAMES[SEATS[n][r["winner"]]] if r["winner"] >= 0 else None,
                "turns": r["turns"], "ticks": r["decisions"], "decisions": r["decisions"],
                "state_hash": r["state_hash"], "players": n, "pyramids": r["pyramids"]}

    def add_cli(self, parser) -> None:
        from handheld.games.chamber.cli import add_cli

        add_cli(parser)


GAME = ChamberGame()
