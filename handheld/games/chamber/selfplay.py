"""Headless matches: computer and random sorcerers at full speed.

A seat is ("cpu", level) or ("random", 0). Every decision goes through a
fresh PlayerView of the deciding seat, so no player can read another's hand.
Each seat has its own Rng forked from the match seed: deterministic.
"""

from __future__ import annotations

from handheld.games.chamber import ai
from handheld.games.chamber.board import SUIT_NAMES
from handheld.games.chamber.rules import SEATS, apply, legal_actions, new_game
from handheld.games.chamber.player_view import PlayerView
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash

MAX_TURNS = 600  # a safety net: tests check matches end long before it


def random_action(view: PlayerView, rng: Rng) -> tuple:
    """A random player: a uniformly random kind of action, then a random one of it."""
    acts = legal_actions(view)
    kinds = sorted({a[0] for a in acts})
    kind = rng.choice(kinds)
    return rng.choice([a for a in acts if a[0] == kind])


def decide(state, seat: tuple, rng: Rng) -> tuple:
    p = state.to_act()
    view = PlayerView(state, p)
    if seat[0] == "random":
        return random_action(view, rng)
    return ai.choose(view, seat[1], rng)


def play_match(seed: int, seats: list[tuple], max_turns: int = MAX_TURNS) -> dict:
    rng = Rng(seed)
    state = new_game(len(seats), rng.fork("setup"))
    rngs = [rng.fork(f"seat{i}") for i in range(len(seats))]
    decisions = 0
    while state.phase != "over" and state.turn <= max_turns:
        p = state.to_act()
        apply(state, decide(state, seats[p], rngs[p]))
        decisions += 1
    return {
        "winner": state.winner,
        "turns": state.turn,
        "decisions": decisions,
        "capped": state.phase != "over",
        "pyramids": list(state.pyr),
        "state_hash": state_hash(state),
    }


def selfplay_summary(seed: int, players: int | None = None, level: int | str = 3) -> dict:
    """What `handheld selfplay chamber` prints: one match between computers at `level`."""
    n = players or 4
    if n not in SEATS:
        raise ValueError(f"Sorcerer's Chamber is for 2-4 players, not {n}")
    r = play_match(seed, [("cpu", int(level))] * n)
    return {"winner": SUIT_NAMES[SEATS[n][r["winner"]]] if r["winner"] >= 0 else None,
            "turns": r["turns"], "ticks": r["decisions"], "decisions": r["decisions"],
            "state_hash": r["state_hash"], "players": n, "pyramids": r["pyramids"]}


def strength(games: int, level: int = 3, seed: int = 0) -> dict:
    """Computer (seat alternating first/second) vs a random player, 2-player."""
    wins = 0
    capped = 0
    for g in range(games):
        cpu = g % 2
        seats = [("random", 0), ("random", 0)]
        seats[cpu] = ("cpu", level)
        r = play_match(seed + g, seats)
        wins += r["winner"] == cpu
        capped += r["capped"]
    return {"games": games, "wins": wins, "capped": capped, "level": level}


def fairness(games: int, players: int, level: int = 3, seed: int = 0) -> dict:
    """Equal computers in every seat: how often each seat and the first mover win.

    The chamber is symmetric and the orb suits shuffled, so a fair computer
    wins about 1/players of the games from every seat and from moving first."""
    if players not in SEATS:
        raise ValueError(f"Sorcerer's Chamber is for 2-4 players, not {players}")
    seat_wins = [0] * players
    first_wins = capped = 0
    for g in range(games):
        first = new_game(players, Rng(seed + g).fork("setup")).current
        r = play_match(seed + g, [("cpu", level)] * players)
        if r["winner"] >= 0:
            seat_wins[r["winner"]] += 1
            first_wins += r["winner"] == first
        capped += r["capped"]
    fair = 100 / players
    worst_seat = max(100 * w / games for w in seat_wins) - fair
    first_share = 100 * first_wins / games
    return {"games": games, "players": players, "level": level, "first_seed": seed,
            "seat_wins": {SUIT_NAMES[SEATS[players][i]].lower(): w for i, w in enumerate(seat_wins)},
            "first_mover_wins": first_wins, "capped": capped, "fair_percent": round(fair, 1),
            "worst_seat_over_fair": round(worst_seat, 1),
            "first_mover_over_fair": round(first_share - fair, 1),
            "passed": worst_seat <= 10 and abs(first_share - fair) <= 10}


def level_match(games: int, level: int, against: int, seed: int = 0) -> dict:
    """Two computers of different levels, 2-player, swapping seats every game."""
    wins = capped = 0
    for g in range(games):
        seats = [("cpu", against), ("cpu", against)]
        seats[g % 2] = ("cpu", level)
        r = play_match(seed + g, seats)
        wins += r["winner"] == g % 2
        capped += r["capped"]
    return {"games": games, "level": level, "against": against, "wins": wins, "capped": capped,
            "first_seed": seed}


def selfplay(seed: int, players: int | None = None, **options) -> dict:
    """What `handheld selfplay chamber` runs: computers at the options' level (default 3)."""
    return selfplay_summary(seed, players, level=options.get("level", 3))
