"""`handheld bench` figures for the link: the CPU cost of an 8-tick rollback
in the duel arena (target: under 2 ms on a development machine) and the
bytes a cabinet sends per second. The rollback time is CPU time on this
machine; the byte counts come from linked duels on the fake tick clock and
are the same everywhere."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from handheld.games.archon.duel.engine import FIRE, held_for
from handheld.games.archon.duel.model import DuelSetup
from handheld.base.actions import IDLE, InputFrame, PlayerInput
from handheld.link.duel_game import LinkedDuel
from handheld.link.harness import offline_duel_inputs, play_linked_duel, scripted
from handheld.link.relay import Condition
from handheld.link.rollback import MAX_ROLLBACK, RollbackSession

if TYPE_CHECKING:
    from handheld.games.archon.match import MatchScene

BENCH_PAIR = ("wizard", "sorceress")   # two shooters: shots in flight, barriers pulsing
BENCH_SEED = 1


def _remote(t: int) -> PlayerInput:
    """A remote player whose every tick differs from the one before: each prediction is wrong."""
    return PlayerInput(held_for(t % 8, t % 2 == 1) | (FIRE if t % 3 == 0 else 0))


def _late_input_timed(session, t: int, samples: list) -> None:
    """Tick `t` was just played on a guess: the other side's input for the tick
    MAX_ROLLBACK - 1 back arrives now, and the re-simulation it causes is timed."""
    late = t - MAX_ROLLBACK + 1
    if late < 1:
        return
    session.add_remote(late, [_remote(late)])
    c0 = time.thread_time_ns()
    session.sync()
    samples.append(time.thread_time_ns() - c0)


def rollback_cost(ticks: int) -> dict:
    """Every tick of a duel, the remote input arrives 8 ticks late and the
    oldest prediction was wrong: a rollback of the full 8 ticks, timed."""
    setup = DuelSetup.full(*BENCH_PAIR, 2)
    light, _dark, _final, _ = offline_duel_inputs(setup, BENCH_SEED)
    session = RollbackSession(LinkedDuel(setup, BENCH_SEED), 0)
    samples: list[int] = []
    while len(samples) < ticks:
        if session.game.over:
            session = RollbackSession(LinkedDuel(setup, BENCH_SEED + len(samples)), 0)
        t = session.game.tick + 1
        session.advance(PlayerInput(light[(t - 1) % len(light)]))
        _late_input_timed(session, t, samples)
    assert session.deepest == MAX_ROLLBACK
    return {**_timed(samples, "rollback_8_ticks"), "rollback_samples": len(samples)}


def _timed(samples: list, prefix: str) -> dict:
    s = sorted(samples)
    pick = lambda q: round(s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))] / 1e6, 4)  # noqa: E731
    return {f"{prefix}_cpu_p50_ms": pick(0.5), f"{prefix}_cpu_p99_ms": pick(0.99),
            f"{prefix}_cpu_max_ms": pick(1.0)}


def _archon_match_in_a_duel(seed: int) -> MatchScene:
    """A two-player Archon match scene, played by pad players up to its first duel."""
    from types import SimpleNamespace

    from handheld.games.archon.match import MatchScene
    from handheld.link.pad_players import ArchonPad
    from handheld.runtime.context import Context

    scene = MatchScene(Context.headless_context(), seed, {"mode": "two_players"})
    pads = [ArchonPad(SimpleNamespace(match=scene, link=SimpleNamespace(host=host)), seed, "classic", 2)
            for host in (True, False)]
    while scene.duel is None:
        scene.update(InputFrame((pads[0]._decide(), pads[1]._decide(), IDLE, IDLE)))
    return scene


def match_rollback_cost(ticks: int) -> dict:
    """The same inside a whole Archon match (the board scene hosting the
    arena, through LinkedScene): what a linked Archon match pays."""
    from handheld.link.scene_game import LinkedScene

    samples: list = []
    seed = BENCH_SEED
    while len(samples) < ticks:
        session = RollbackSession(LinkedScene(_archon_match_in_a_duel(seed), "archon", seed, {}, 0), 0)
        while len(samples) < ticks and session.game.predictable():
            t = session.game.tick + 1
            session.advance(PlayerInput(held_for((t // 5) % 8, t % 4 == 0)))
            _late_input_timed(session, t, samples)
        seed += 1
    return _timed(samples, "match_rollback_8_ticks")


def bytes_per_second() -> dict:
    """A whole scripted duel through the relay at each condition: the bytes one
    cabinet sends per second and how much longer the duel takes than offline."""
    setup = DuelSetup.full(*BENCH_PAIR, 2)
    light, dark, _final, ticks = offline_duel_inputs(setup, BENCH_SEED)
    out: dict[str, object] = {}
    for name, cond in (("0ms", Condition()), ("100ms_2pct", Condition(100, 10, 20))):
        r = play_linked_duel(setup, BENCH_SEED, scripted(light), scripted(dark), cond, input_delay=None)
        took = max(r.host.play_ticks, r.guest.play_ticks)
        out[f"bytes_per_s_{name}"] = r.bytes_per_second
        out[f"duel_ticks_{name}"] = f"{took}/{ticks} offline"
    return out


def link_figures(quick: bool = False) -> dict:
    return {**rollback_cost(200 if quick else 2000), **match_rollback_cost(100 if quick else 1000),
            **bytes_per_second()}
