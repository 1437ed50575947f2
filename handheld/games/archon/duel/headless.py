"""Computer vs computer duels at full speed."""

from __future__ import annotations

from handheld.games.archon.duel.arena import Duel
from handheld.games.archon.duel.fighter import ComputerFighter
from handheld.games.archon.duel.model import DuelResult, DuelSetup
from handheld.runtime.rng import Rng

# A safety net for headless fights only (two Phoenix flames can stall a
# long time): at 3 minutes the side with the larger share of its starting
# strength wins.
MAX_TICKS = 60 * 180


def fight_headless(setup: DuelSetup, seed: int, light_level: int = 1, dark_level: int = 1,
                   max_ticks: int = MAX_TICKS) -> DuelResult:
    rng = Rng(seed)
    duel = Duel(setup, rng)
    peer = light_level == dark_level
    lai = ComputerFighter("light", light_level, rng.fork("light-ai"), peer=peer)
    dai = ComputerFighter("dark", dark_level, rng.fork("dark-ai"), peer=peer)
    step, ld, dd = duel.step, lai.decide, dai.decide
    while not duel.over and duel.tick < max_ticks:
        step(ld(duel), dd(duel))
    return duel.result()


def run_duel(setup: DuelSetup, seed: int, light, dark, max_ticks: int = MAX_TICKS) -> Duel:
    """A duel between two controllers: each is an int (a fixed held mask),
    a ComputerFighter, or a callable (duel) -> held mask."""
    duel = Duel(setup, Rng(seed))

    def ctl(c):
        if isinstance(c, int):
            return lambda d: c
        return c.decide if hasattr(c, "decide") else c

    lc, dc = ctl(light), ctl(dark)
    while not duel.over and duel.tick < max_ticks:
        duel.step(lc(duel), dc(duel))
    return duel
