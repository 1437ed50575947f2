"""Random input on whole one-player matches: board, spells and the real arena's duels.

A kid at player 1's stick against the computer, match after match. Nothing may
raise, and the games must move on: the kid's icons get moved, duels are fought
and finished, the computer answers, spells get cast and matches end.
"""

import pytest

from handheld.runtime.context import Context
from handheld.games.archon import GAME
from handheld.games.archon.icons import DARK, LIGHT, other
from handheld.base.actions import Action
from handheld.base.frames import FrameBuilder
from handheld.runtime.rng import Rng

# What the kid holds next: mostly one direction or FIRE, sometimes ALT, a
# diagonal or nothing (START is the runner's pause, not the match's).
CHOICES = ([int(Action.UP), int(Action.DOWN), int(Action.LEFT), int(Action.RIGHT)] * 3
           + [int(Action.FIRE)] * 7 + [int(Action.ALT), int(Action.UP | Action.LEFT),
                                       int(Action.DOWN | Action.RIGHT), int(Action.FIRE | Action.RIGHT), 0, 0])


def _options(n: int) -> dict:
    return {"mode": ("computer_dark", "computer_light")[n % 2], "first": (LIGHT, DARK)[n // 2 % 2],
            "level": ("classic", "strong")[n // 4 % 2]}


def drive(seed: int, ticks: int) -> dict:
    """Play `ticks` ticks of random input through back-to-back matches."""
    rng = Rng(seed)
    builder = FrameBuilder()
    held = 0
    stats = {"matches": 0, "finished": 0, "human_moves": 0, "computer_moves": 0, "duels": 0,
             "human_spells": 0, "computer_spells": 0, "duel_ticks": 0, "phases": set(), "winners": []}
    match = None
    for _ in range(ticks):
        if match is None or match.finished:
            if match is not None:
                stats["finished"] += 1
                stats["winners"].append(match.result["winner"])
            options = _options(stats["matches"])
            ctx = Context.headless_context(seed=seed + stats["matches"])
            match = GAME.match_scene(ctx, seed * 1000 + stats["matches"], options)
            stats["matches"] += 1
            human = LIGHT if options["mode"] == "computer_dark" else DARK
            seen_turn, seen_duels, seen_spells = match.state.turn, 0, 0
        before = held
        if rng.chance(1, 5):
            held = CHOICES[rng.randrange(len(CHOICES))]
        mover = match.state.to_move
        match.update(builder.step([(held, held & ~before, before & ~held), (0, 0, 0)]))
        stats["phases"].add(match.phase)
        stats["duel_ticks"] += match.duel is not None
        st = match.state
        if st.turn != seen_turn:
            stats["human_moves" if mover == human else "computer_moves"] += st.turn - seen_turn
            seen_turn = st.turn
        if st.duels != seen_duels:
            stats["duels"] += st.duels - seen_duels
            seen_duels = st.duels
        if len(st.spells_used[human]) != seen_spells:
            stats["human_spells"] += len(st.spells_used[human]) - seen_spells
            seen_spells = len(st.spells_used[human])
        stats["computer_spells"] = max(stats["computer_spells"], len(st.spells_used[other(human)]))
    return stats


def test_random_input_plays_on_for_a_few_thousand_ticks():
    s = drive(16, 6000)
    assert s["human_moves"] >= 3 and s["computer_moves"] >= 3, s
    assert s["duels"] >= 1 and s["duel_ticks"] > 100, s
    assert {"select", "walk", "think", "anim", "duel"} <= s["phases"], s


@pytest.mark.slow
def test_random_input_plays_whole_matches_for_300k_ticks():
    s = drive(1616, 300_000)
    assert s["finished"] >= 2 and all(w in (LIGHT, DARK, "tie") for w in s["winners"]), s
    assert s["human_moves"] >= 40 and s["computer_moves"] >= 40, s
    assert s["duels"] >= 15 and s["human_spells"] >= 1 and s["computer_spells"] >= 1, s
    assert {"select", "walk", "fly", "spells", "pick", "think", "show", "anim", "duel_intro", "duel",
            "duel_after", "end"} <= s["phases"], s
