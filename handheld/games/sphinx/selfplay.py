"""Headless games between computer players: `handheld selfplay sphinx` (one
round through the real match scene), plain games on the rules, and the
strength match behind `handheld sphinx strength`."""

from __future__ import annotations

import time

from handheld.runtime.context import Context
from handheld.games.levels import find
from handheld.games.sphinx import ai
from handheld.games.sphinx.match import MatchScene
from handheld.games.sphinx.rules import Board
from handheld.base.actions import EMPTY_FRAME
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
        board.play(ai.choose(board, kind, rng, budgets[kind]))
    return {
        "winner": board.winner,            # 0 = first player, 1 = second, None = draw
        "turns": len(board.moves),
        "moves": "".join(str(c + 1) for c in board.moves),
        "state_hash": state_hash(board),
        "winning_cells": board.winning_cells(),
    }


OPENING_PLIES = 2          # random first plies per game, so deterministic players still meet varied games


def strength(games: int, seed: int = 0, budget: int | None = None, level: str = "strong",
             vs: str = "classic", opening: int = OPENING_PLIES, think_ms: list | None = None,
             played: list | None = None, both_sides: bool = False) -> dict:
    """`level` against `vs` over `games` seeded games on the 7 x 7 board.
    Game i opens with `opening` random plies from seed + i (with `both_sides`,
    from seed + i // 2: each opening is played twice, once from each side),
    then `level` moves first in even games and second in odd ones. `budget` is `level`'s nodes.
    `by_side` holds [won, lost, drawn] of `level` moving first and second.
    If `think_ms` is a list, the CPU milliseconds of each of `level`'s moves
    are appended to it (kept out of the result, which is deterministic); if
    `played` is a list, each game's (columns, `level`'s seat) is appended."""
    for kind in (level, vs):
        find(ai.LEVELS, kind)           # refuses an unknown level before the first game
    budgets = dict(ai.DEFAULT_BUDGETS)
    if budget is not None:
        budgets[level] = budget
    tally = {"wins": 0, "losses": 0, "draws": 0, "first_wins": 0, "second_wins": 0}
    by_side = {"first": [0, 0, 0], "second": [0, 0, 0]}
    not_won = []
    for i in range(games):
        game_seed = seed + (i // 2 if both_sides else i)
        rng = Rng(game_seed)
        board = Board(7, 7)
        for _ in range(opening):
            board.play(rng.choice(board.legal_moves()))
        level_seat = (len(board.moves) + i) % 2      # `level` moves first after the opening in even games
        while not board.over:
            if board.to_move == level_seat:
                t0 = time.process_time()
                board.play(ai.choose(board, level, rng, budgets[level]))
                if think_ms is not None:
                    think_ms.append((time.process_time() - t0) * 1000)
            else:
                board.play(ai.choose(board, vs, rng, budgets[vs]))
        if played is not None:
            played.append((list(board.moves), level_seat))
        side = by_side["first" if i % 2 == 0 else "second"]
        if board.winner is None:
            tally["draws"] += 1
            side[2] += 1
        elif board.winner == level_seat:
            tally["wins"] += 1
            tally["first_wins" if i % 2 == 0 else "second_wins"] += 1
            side[0] += 1
        else:
            tally["losses"] += 1
            side[1] += 1
        if board.winner != level_seat:
            not_won.append(game_seed)
    return {"games": games, "level": level, "vs": vs, "opening": opening, **tally,
            "by_side": by_side, "not_won_seeds": not_won}
