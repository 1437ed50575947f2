"""Headless games between computer players: what `GAME.selfplay` runs, and
the strength matches behind `handheld atom4 strength`.

An agent is a level name ("easy", "normal", "hard"), "random", or an
`ExternalEngine`: any program speaking the line protocol below on its
stdin/stdout (docs/atom4.md). Everything is seeded: the same seed gives the
same game move for move (an external engine is sent a seed per move too).

Protocol, one line each way per move:
    handheld -> engine:  position <round> <seed> [x,y ...]   (moves since the round's start)
    engine -> handheld:  x,y                                  (its move for the side to move)
    handheld -> engine:  quit                                 (at the end)
"""

from __future__ import annotations

import shlex
import subprocess
import time

from handheld.games.atom4 import ai
from handheld.games.atom4.rules import Position, format_move, parse_move
from handheld.games.levels import names
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash

AGENTS = ("random",) + names(ai.LEVELS)


class EngineError(Exception):
    """The external engine failed, answered nonsense or played an illegal move."""


class ExternalEngine:
    """A program speaking the position/move line protocol, started once per match."""

    def __init__(self, command: str):
        self.command = command
        try:
            argv = shlex.split(command)
        except ValueError as e:
            raise EngineError(f"cannot parse engine command {command!r}: {e}") from None
        if not argv:
            raise EngineError("the engine command is empty")
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True, bufsize=1)
        except OSError as e:
            raise EngineError(f"cannot start engine {argv[0]!r}: {e.strerror}") from None
        assert self.proc.stdin is not None and self.proc.stdout is not None   # both PIPE
        self.to_engine, self.from_engine = self.proc.stdin, self.proc.stdout

    def __str__(self) -> str:
        return self.command

    def move(self, pos: Position, seed: int) -> int:
        moves = " ".join(format_move(m) for m in pos.moves)
        request = f"position {pos.round_no} {seed} {moves}".rstrip()
        try:
            self.to_engine.write(request + "\n")
            self.to_engine.flush()
            answer = self.from_engine.readline()
        except (BrokenPipeError, OSError):
            answer = ""
        if not answer:
            raise EngineError(f"engine {self.command!r} closed its output (asked: {request!r})")
        answer = answer.strip()
        try:
            i = parse_move(answer)
        except ValueError as e:
            raise EngineError(f"engine {self.command!r} answered {answer!r} to {request!r}: {e}") from None
        if not pos.is_legal(i):
            raise EngineError(f"engine {self.command!r} played {answer!r}, not a legal spot, "
                              f"after {request!r}")
        return i

    def close(self) -> None:
        try:
            self.to_engine.write("quit\n")
            self.to_engine.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def agent_move(agent, pos: Position, rng: Rng, memory: ai.Memory | None = None) -> int:
    if isinstance(agent, ExternalEngine):
        return agent.move(pos, rng.randrange(1 << 30))
    if agent == "random":
        return ai.random_move(pos, rng)
    return ai.choose_move(pos, agent, rng.randrange(1 << 30), memory)


def play_round(agents: dict, seed: int, round_no: int = 1, times: dict | None = None) -> dict:
    """One round, agents[1] playing the additive side, agents[2] the subtractive.
    Returns winner (1, 2 or "draw"), turns, moves and the final state hash.
    With `times`, each side's move times in ms, (wall clock, this thread's CPU),
    are appended to times[side] (CPU time is the fairer figure on a shared machine)."""
    pos = Position(round_no)
    rngs = {p: Rng(seed).fork(f"atom4.p{p}") for p in (1, 2)}
    memories = {p: ai.Memory() for p in (1, 2)}
    while pos.winner is None:
        p = pos.player
        t0, c0 = time.perf_counter(), time.thread_time()
        move = agent_move(agents[p], pos, rngs[p], memories[p])
        if times is not None:
            times[p].append(((time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000))
        pos.play(move)
    return {"winner": pos.winner, "turns": len(pos.moves), "moves": list(pos.moves),
            "state_hash": state_hash(pos)}


def selfplay(seed: int, players: int | None = None, **options) -> dict:
    """One round between two computers (level from options, default normal)."""
    level = options.get("level", ai.SEARCH_LEVEL)
    round_no = int(options.get("round", 1))
    res = play_round({1: level, 2: level}, seed, round_no)
    return {"winner": res["winner"], "turns": res["turns"],
            "ticks": res["turns"] * ai.THINK_TICKS_MIN,
            "state_hash": res["state_hash"], "level": level,
            "moves": " ".join(f"{m % 16},{m // 16}" for m in res["moves"])}


def _percentile(sorted_ms: list, q: float) -> float:
    if not sorted_ms:
        return 0.0
    return round(sorted_ms[min(len(sorted_ms) - 1, int(q * len(sorted_ms)))], 1)


def match(strong, weak, games: int, seed: int = 0, progress=None) -> dict:
    """`games` rounds of `strong` against `weak`, swapping sides every game and
    cycling through the six round set-ups. Counts the strong side's wins and
    times the strong side's moves. `progress(game_no, result)` is called after
    each game when given."""
    wins = losses = draws = 0
    strong_ms: list[tuple[float, float]] = []
    for g in range(games):
        strong_side = 1 if g % 2 == 0 else 2
        agents = {strong_side: strong, 3 - strong_side: weak}
        times: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
        res = play_round(agents, seed * 100003 + g, round_no=(g // 2) % 6 + 1, times=times)
        strong_ms.extend(times[strong_side])
        if res["winner"] == strong_side:
            wins += 1
        elif res["winner"] == "draw":
            draws += 1
        else:
            losses += 1
        if progress:
            progress(g + 1, {"strong_side": strong_side, "winner": res["winner"], "turns": res["turns"],
                             "wins": wins, "losses": losses, "draws": draws})
    wall = sorted(w for w, _ in strong_ms)
    cpu = sorted(c for _, c in strong_ms)
    return {"strong": str(strong), "weak": str(weak), "games": games, "wins": wins,
            "losses": losses, "draws": draws, "moves_timed": len(strong_ms),
            "move_ms_p50": _percentile(wall, 0.5), "move_ms_p99": _percentile(wall, 0.99),
            "move_ms_max": _percentile(wall, 1.0),
            "move_cpu_ms_p50": _percentile(cpu, 0.5), "move_cpu_ms_p99": _percentile(cpu, 0.99),
            "move_cpu_ms_max": _percentile(cpu, 1.0)}
