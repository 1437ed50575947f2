"""Headless games between computer players: `handheld selfplay sphinx` (one
round through the real match scene), plain games on the rules, and the
strength match behind `handheld sphinx strength`."""

from __future__ import annotations

from handheld.context import Context
from handheld.games.sphinx import ai
from handheld.games.sphinx.match import MatchScene
from handheld.games.sphinx.rules import Board
from handheld.input.actions import EMPTY_FRAME
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash


def selfplay(seed: int, players: int | None = None, **options) -> dict:
    """One round, computer against computer, run through the real match scene
    (thinking a slice of nodes per tick, slides and falls included)."""
    first = options.get("first", "strong")
    second = options.get("second", "classic")
    ctx = Context.headless_context(seed=seed)
    scene = MatchScene(ctx, seed, {"mode": "demo", "rounds": 1, "first": "sphinx",
                                   "sphinx_level": first, "pyramid_level": second,
                                   "budget": options.get("budget")})
    ticks = 0
    while not scene.finished:
        scene.update(EMPTY_FRAME)
        ticks += 1
    board = scene.board
    return {"winner": scene.result["winner"] or "draw", "turns": len(board.moves), "ticks": ticks,
            "state_hash": scene.state_hash(), "moves": "".join(str(c + 1) for c in board.moves),
            "players": f"{first} (sphinx, first) vs {second} (pyramids)"}


def play_game(first: str, second: str, seed: int, width: int = 7, height: int = 7,
              budgets: dict | None = None) -> dict:
    """One game, `first` moving first. Deterministic for (players, seed, size, budgets)."""
    budgets = dict(ai.DEFAULT_BUDGETS, **(budgets or {}))
    rng = Rng(seed)
    board = Board(width, height)
    kinds = (first, second)
    while not board.over:
        kind = kinds[board.to_move]
        board.play(ai.choose(kind, board, rng, budgets[kind]))
    return {
        "winner": board.winner,            # 0 = first player, 1 = second, None = draw
        "turns": len(board.moves),
        "moves": "".join(str(c + 1) for c in board.moves),
        "state_hash": state_hash(board),
        "winning_cells": board.winning_cells(),
    }


def strength(games: int, seed: int = 0, budget: int | None = None) -> dict:
    """Strong (moving second) against Classic (moving first) over `games` seeded games."""
    budgets = {} if budget is None else {"strong": budget}
    tally = {"strong": 0, "classic": 0, "draw": 0}
    lost = []
    for i in range(games):
        r = play_game("classic", "strong", seed + i, budgets=budgets)
        key = "draw" if r["winner"] is None else ("classic", "strong")[r["winner"]]
        tally[key] += 1
        if key != "strong":
            lost.append(seed + i)
    return {"games": games, "strong_wins": tally["strong"], "classic_wins": tally["classic"],
            "draws": tally["draw"], "not_won_seeds": lost}
