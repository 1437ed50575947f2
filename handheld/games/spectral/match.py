"""Whole games between computer players, headless: selfplay and strength."""

from __future__ import annotations

from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash

from . import ai
from . import rules as R

DECIDERS = ai.LEVELS
TURN_LIMIT = 200      # headless games stop here as a draw (the original plays on)


def play_game(seed: int, red: str = "classic", violet: str = "classic", first: int = 0,
              board: str = "standard", save_power: bool = False,
              turn_limit: int = TURN_LIMIT) -> dict:
    rng = Rng(seed)
    state = R.new_game(first=first, board=board, save_power=save_power,
                       rng=rng.fork("board"), turn_limit=turn_limit)
    ai_rng = rng.fork("ai")
    deciders = (DECIDERS[red], DECIDERS[violet])
    actions = 0
    noop = [0, 0]
    while not state.over:
        acts, _ = ai.play_turn(state, ai_rng, deciders[state.player], noop)
        actions += len(acts)
    return {"winner": state.winner, "text": R.result_text(state), "turns": state.turn,
            "actions": actions, "red_pads": state.count(R.RED),
            "violet_pads": state.count(R.VIOLET), "state_hash": state_hash(state)}


def strength(games: int, seed: int = 1000, board: str = "standard", save_power: bool = False,
             progress=None) -> dict:
    """Strong vs classic over `games` seeded games. The strong computer takes
    Red in even games and Violet in odd ones, and who moves first alternates
    every two games, so sides and move order are balanced."""
    wins = losses = draws = 0
    turns = 0
    for i in range(games):
        side = i % 2
        first = (i // 2) % 2
        names = ("strong", "classic") if side == 0 else ("classic", "strong")
        r = play_game(seed + i, red=names[0], violet=names[1], first=first,
                      board=board, save_power=save_power)
        turns += r["turns"]
        if r["winner"] == side:
            wins += 1
        elif r["winner"] is None:
            draws += 1
        else:
            losses += 1
        if progress is not None:
            progress(i, r)
    return {"games": games, "strong_wins": wins, "classic_wins": losses, "draws": draws,
            "mean_turns": round(turns / games, 2) if games else 0}


def decision_figures(quick: bool) -> dict:
    """Decision times of both computers over positions from seeded games
    (targets: classic <= 20 ms, strong <= 200 ms)."""
    import time

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
