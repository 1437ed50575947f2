"""Scenes set up for screenshots and `handheld bench`, and the bench figures."""

from __future__ import annotations

import time

from handheld.games.chamber import ai
from handheld.games.chamber.human import Chooser
from handheld.games.chamber.match import MatchScene
from handheld.games.chamber.options import OptionsScene
from handheld.games.chamber.rules import apply, legal_actions, new_game
from handheld.games.chamber.player_view import PlayerView
from handheld.runtime.rng import Rng

def midgame(ctx, seed: int, humans: int = 1, decisions: int = 16) -> MatchScene:
    """A match a few turns in, waiting for human seat 0 (its hand on show)."""
    seats = [["human", 0]] * humans + [["cpu", 3]] * (4 - humans)
    scene = MatchScene(ctx, seed, {"seats": seats})
    st = scene.state
    rngs = [Rng(seed + i) for i in range(4)]
    done = 0
    while st.phase != "over" and (done < decisions or st.to_act() != 0 or st.phase != "turn"):
        p = st.to_act()
        scene._apply(ai.choose(PlayerView(st, p), 3, rngs[p]))     # the log tells what really happened
        done += 1
        if done > decisions * 20:
            break
    scene.anims.clear()
    scene.viewer = 0
    scene.curtain = False
    return scene


def zap_scene(ctx, seed: int) -> MatchScene:
    """Mid-zap: the bolt is on its way."""
    scene = midgame(ctx, seed)
    st = scene.state
    st.pos[1], st.facing[1] = 33, 4       # a rival stands in seat 0's line: (3,3)
    st.pos[0], st.facing[0] = 3, 4        # (0,3) facing south
    st.pyr[1] = max(st.pyr[1], 2)
    st.hand[0][1] = max(st.hand[0][1], 1)
    st.stunned[1] = False
    scene.version += 1
    scene.anims = [["bolt", 24, 24, (0, 1)], ["reveal", 90, 90, ["ZAP (SUNS): MOONS", "SHIELD (MOONS): MOONS", "MOONS IS HIT!"]]]
    return scene


def curtain_scene(ctx, seed: int) -> MatchScene:
    scene = midgame(ctx, seed, humans=2)
    scene.viewer = 1
    scene.curtain = True
    return scene


def menu_scene(ctx, seed: int) -> MatchScene:
    """A human picking a destination on the board."""
    scene = midgame(ctx, seed)
    scene.chooser = Chooser(PlayerView(scene.state, 0), legal_actions(scene.state))
    return scene


def screenshot_scenes(game) -> dict:
    return {"match": midgame, "zap": zap_scene, "curtain": curtain_scene,
            "options": lambda ctx, seed: OptionsScene(ctx, game), "demo": game.demo_scene, "menu": menu_scene}


def bench_scenes(game) -> dict:
    return {"match": midgame, "cpu_turns": game.demo_scene, "zap": zap_scene,
            "options": lambda ctx, seed: OptionsScene(ctx, game)}


def computer_think_times(games: int, players: int = 4, level: int = 3) -> tuple[list, list]:
    """Milliseconds of thinking per computer turn (all its decisions in the
    turn) and per single decision."""
    turns, decisions = [], []
    for g in range(games):
        st = new_game(players, Rng(g))
        rngs = [Rng(1000 + i) for i in range(players)]
        turn_ms, cur = 0.0, st.current
        while st.phase != "over" and st.turn < 600:
            p = st.to_act()
            t0 = time.perf_counter()
            act = ai.choose(PlayerView(st, p), level, rngs[p])
            decisions.append((time.perf_counter() - t0) * 1000)
            turn_ms += decisions[-1]
            apply(st, act)
            if st.current != cur or st.phase == "over":
                turns.append(turn_ms)
                turn_ms, cur = 0.0, st.current
    return turns, decisions


def _spread(times: list) -> dict:
    times = sorted(times)
    pick = lambda q: round(times[min(len(times) - 1, int(q * len(times)))], 3)  # noqa: E731
    return {"p50": pick(0.5), "p99": pick(0.99), "max": round(times[-1], 3)}


def bench_figures(quick: bool) -> dict:
    turns, decisions = computer_think_times(3 if quick else 20)
    return {"computer_turn_ms": {**_spread(turns), "turns": len(turns), "target_ms": 50},
            "computer_decision_ms": {**_spread(decisions), "decisions": len(decisions), "target_ms": 100}}
