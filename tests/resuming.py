"""Helpers for tests that cut a match and resume it as the cabinet does."""

import itertools
from types import SimpleNamespace

from handheld.cabinet import resume
from handheld.runtime import journal as J
from handheld.runtime import journal_disk
from handheld.runtime.context import Context
from handheld.tools.resume_bench import journaled_match, scripted_frames


def put_journal(data: bytes, state_dir) -> str:
    """Write a journal's bytes where the cabinet looks for one in `state_dir`; its path."""
    path = J.journal_path(str(state_dir))
    open(path, "wb").write(data)
    return path


def resume_match(state_dir):
    """Resume the journal in `state_dir` as the offer's FIRE does; the runner."""
    ctx = Context.headless_context(seed=1)
    ctx.data_dir = str(state_dir)
    return resume.Resumption(ctx, resume.pending(str(state_dir))).run()


def cut_and_played_on(state_dir, game_id: str, options: dict, cut: int, at_cut=None):
    """A scripted match journaled into `state_dir` until the power cuts it at
    tick `cut` (`at_cut(match)` may check the match there), then played on
    uninterrupted to its end: its journal bytes, state hash and decisions at
    the cut, and the finished runner as `whole`."""
    runner, _ = journaled_match(str(state_dir), game_id, options, cut)
    if at_cut is not None:
        at_cut(runner.match)
    played = SimpleNamespace(journal=open(J.journal_path(str(state_dir)), "rb").read(),
                             state_hash=runner.match.state_hash(), decisions=list(runner.match.decisions))
    for frame in itertools.islice(scripted_frames(1, 40000), cut, None):
        runner.update(frame)
        if runner.match.finished:
            break
    assert runner.match.finished
    played.whole = runner
    journal_disk.wait_until_written()
    return played
