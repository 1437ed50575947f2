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

    # --- headless ------------------------------------------------------
    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        """One round between two computers (level from options, default normal)."""
        from handheld.games.atom4 import ai, strength

        level = options.get("level", ai.DEFAULT_LEVEL)
        round_no = int(options.get("round", 1))
        res = strength.play_round({1: level, 2: level}, seed, round_no)
        return {"winner": res["winner"], "turns": res["turns"],
                "ticks": res["turns"] * THINK_TICKS_MIN,
                "state_hash": res["state_hash"], "level": level,
                "moves": " ".join(f"{m % 16},{m // 16}" for m in res["moves"])}

    def add_cli(self, parser) -> None:
        from handheld.games.atom4.cli import add_cli

        add_cli(parser)


# Screens show a computer move no sooner than this many ticks after its turn began.
THINK_TICKS_MIN = 30
