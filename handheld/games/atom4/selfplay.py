"""Headless games between computer players: what `GAME.selfplay` runs, and
the strength matches behind `handheld atom4 strength`.

An agent is a level name ("easy", "normal", "hard") or "random". Everything
is seeded: the same seed gives the same game move for move.
"""

from __future__ import annotations

from handheld.games.atom4 import ai
from handheld.games.atom4.rounds import THINK_TICKS_MIN
from handheld.games.atom4.rules import Position
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash

AGENTS = ("random",) + tuple(ai.LEVELS)


def agent_move(agent: str, pos: Position, rng: Rng) -> int:
    if agent == "random":
        return ai.random_move(pos, rng)
    return ai.choose_move(pos, agent, rng.randrange(1 << 30))


def play_round(agents: dict[int, str], seed: int, round_no: int = 1) -> dict:
    """One round, agents[1] playing the additive side, agents[2] the subtractive.
    Returns winner (1, 2 or "draw"), turns, moves and the final state hash."""
    pos = Position(round_no)
    rngs = {p: Rng(seed).fork(f"atom4.p{p}") for p in (1, 2)}
    while pos.winner is None:
        p = pos.player
        pos.play(agent_move(agents[p], pos, rngs[p]))
    return {"winner": pos.winner, "turns": len(pos.moves), "moves": list(pos.moves),
            "state_hash": state_hash(pos)}


def selfplay(seed: int, options: dict) -> dict:
    """One round between two computers (level from options, default normal)."""
    level = options.get("level", ai.DEFAULT_LEVEL)
    round_no = int(options.get("round", 1))
    res = play_round({1: level, 2: level}, seed, round_no)
    return {"winner": res["winner"], "turns": res["turns"],
            "ticks": res["turns"] * THINK_TICKS_MIN,
            "state_hash": res["state_hash"], "level": level,
            "moves": " ".join(f"{m % 16},{m // 16}" for m in res["moves"])}


def match(strong: str, weak: str, games: int, seed: int = 0) -> dict:
    """`games` rounds of `strong` against `weak`, swapping sides every game and
    cycling through the six round set-ups. Counts the strong side's wins."""
    wins = losses = draws = 0
    for g in range(games):
        strong_side = 1 if g % 2 == 0 else 2
        agents = {strong_side: strong, 3 - strong_side: weak}
        res = play_round(agents, seed * 100003 + g, round_no=(g // 2) % 6 + 1)
        if res["winner"] == strong_side:
            wins += 1
        elif res["winner"] == "draw":
            draws += 1
        else:
            losses += 1
    return {"strong": strong, "weak": weak, "games": games, "wins": wins,
            "losses": losses, "draws": draws}
