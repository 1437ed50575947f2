"""Whole games between computer players, headless: selfplay and strength."""

from __future__ import annotations

from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash

from . import ai
from . import rules as R

TURN_LIMIT = 200      # headless games stop here as a draw (the original plays on)
# A computer action on screen takes at least this long (0.75 s shown + animation).
TICKS_PER_ACTION = 60


def play_game(seed: int, red: str = "classic", violet: str = "classic", first: int = 0,
              board: str = "standard", save_power: bool = False,
              turn_limit: int = TURN_LIMIT) -> dict:
    rng = Rng(seed)
    state = R.new_game(first=first, board=board, save_power=save_power,
                       rng=rng.fork("board"), turn_limit=turn_limit)
    ai_rng = rng.fork("ai")
    deciders = (ai.decider(red), ai.decider(violet))
    actions = 0
    noop = [0, 0]
    while not state.over:
        acts, _ = ai.play_turn(state, ai_rng, deciders[state.player], noop)
        actions += len(acts)
    return {"winner": state.winner, "text": R.result_text(state), "turns": state.turn,
            "actions": actions, "red_pads": state.count(R.RED),
            "violet_pads": state.count(R.VIOLET), "state_hash": state_hash(state)}


def selfplay(seed: int, players: int | None = None, **options) -> dict:
    """What `handheld selfplay spectral` runs: both sides at the options' level
    (default classic); `ticks` estimates how long the game would take on screen."""
    level = options.get("level", "classic")
    res = play_game(seed, red=level, violet=level, first=int(options.get("first", 0)),
                    board=options.get("board", "standard"),
                    save_power=bool(int(options.get("save_power", 0))))
    res["ticks"] = res["actions"] * TICKS_PER_ACTION
    res["level"] = level
    return res


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
