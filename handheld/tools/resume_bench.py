"""`handheld bench` figures for resuming: the time to re-run the journal of a
10-minute Archon match, of a whole Atom-4 match and of a whole Sphinx match
against PROVER (wall time, and the frame thread's CPU time, which a busy
machine does not inflate), and what journaling them cost (fsyncs and bytes a
second of game time).

The matches are played by a scripted player (`scripted_holds`: now and then a new
stick direction and FIRE) against the computer, journaled into a temporary
state directory as on the cabinet, then resumed as the offer's FIRE would."""

from __future__ import annotations

import tempfile
import time

from handheld import TICK_HZ
from handheld.base.actions import Action
from handheld.runtime.rng import Rng

STICKS_AND_FIRE = Action.UP | Action.DOWN | Action.LEFT | Action.RIGHT | Action.FIRE
TEN_MINUTES = 10 * 60 * TICK_HZ


def scripted_holds(seed: int, ticks: int, players: int = 2, every: int = 6):
    """Per tick, what each player holds: about every `every` ticks a new stick
    direction and FIRE (never START or ALT: no pause menu, no help screen)."""
    rng = Rng(seed)
    held = (0,) * players
    for _ in range(ticks):
        held = tuple(rng.randrange(64) & STICKS_AND_FIRE if rng.chance(1, every) else h for h in held)
        yield held


def scripted_frames(seed: int, ticks: int, every: int = 6):
    from handheld.base.frames import FrameBuilder

    builder, before = FrameBuilder(), (0, 0)
    for held in scripted_holds(seed, ticks, every=every):
        yield builder.step([(h, h & ~b, b & ~h) for h, b in zip(held, before)] + [(0, 0, 0), (0, 0, 0)])
        before = held


def journaled_match(state_dir: str, game_id: str, options: dict, ticks: int, seed: int = 1, every: int = 6):
    """Play up to `ticks` of a match into a journal in `state_dir`, as if the power
    went just after a flush; returns the runner and its journal writer (which a
    finished match has let go of). The card keeps up, as it does in real time:
    each flush is on it before the next tick."""
    from handheld.runtime.context import Context
    from handheld.games.registry import load_game
    from handheld.runtime import journal_disk
    from handheld.runtime.match import MatchRunner

    ctx = Context.headless_context(seed=seed)
    ctx.data_dir = state_dir
    runner = MatchRunner(ctx, load_game(game_id), options, seed)
    writer = runner.journal
    for frame in scripted_frames(seed, ticks, every):
        runner.update(frame)
        if runner.match.finished:
            break
        if writer is not None and writer.flushed_ticks == runner.replay.ticks:
            journal_disk.wait_until_written()
    if runner.journal is not None:
        runner.journal.flush(runner.replay)
    journal_disk.wait_until_written()
    return runner, writer


def resume_figures(game_id: str, options: dict, ticks: int, every: int = 6) -> dict:
    from handheld.runtime.context import Context
    from handheld.cabinet import resume
    from handheld.runtime import journal_disk

    with tempfile.TemporaryDirectory(prefix="handheld-resume-") as state:
        played, writer = journaled_match(state, game_id, options, ticks, every=every)
        finished = played.match.finished
        if finished:                    # journal it again up to its last tick: a finished one is not offered
            played, writer = journaled_match(state, game_id, options, played.replay.ticks - 1, every=every)
        journal = resume.pending(state)
        seconds = journal.ticks / TICK_HZ
        ctx = Context.headless_context(seed=1)
        ctx.data_dir = state
        t0, cpu0 = time.perf_counter(), time.thread_time()
        runner = resume.Resumption(ctx, journal).run()
        took, cpu = time.perf_counter() - t0, time.thread_time() - cpu0
        journal_disk.wait_until_written()           # the resumed journal, before its folder goes
        assert runner.match.state_hash() == played.match.state_hash()
        return {"ticks": journal.ticks, "match_finished": finished, "resume_s": round(took, 3),
                "resume_cpu_s": round(cpu, 3),
                "fsyncs_per_s": round(writer.fsyncs / seconds, 3),
                "bytes_per_s": round(writer.bytes_written / seconds, 1)}


def bench_resume(quick: bool) -> dict:
    """Quick: one minute of Archon, a one-round Atom-4 match and one Sphinx game
    against PROVER (the heaviest thinker: a re-run plays its recorded moves)."""
    return {"archon_10_min": resume_figures("archon", {"mode": "computer_dark"},
                                            TEN_MINUTES // (10 if quick else 1), every=30),
            "atom4_whole": resume_figures("atom4", {"players": 1, "level": "normal", "rounds": 1 if quick else 3},
                                          10 * TEN_MINUTES, every=6),
            "sphinx_prover_whole": resume_figures("sphinx", {"mode": "cpu", "level": "perfect", "first": "computer",
                                                             "rounds": 1 if quick else 3}, 10 * TEN_MINUTES, every=6)}


def print_resume(figures: dict) -> None:
    for name, r in figures.items():
        print(f"resume {name}: {r['ticks']} ticks ({r['ticks'] / TICK_HZ / 60:.1f} min"
              f"{', the whole match' if r['match_finished'] else ''}) re-run in {r['resume_s']:.3f} s "
              f"({r['resume_cpu_s']:.3f} s of the frame thread's CPU); "
              f"journaled with {r['fsyncs_per_s']:.2f} fsyncs/s, {r['bytes_per_s']:.0f} bytes/s")
