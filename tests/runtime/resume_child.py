"""The cabinet the SIGKILL test kills: headless, scripted input, a real state
directory. `play STATE SEED` plays Archon until killed, printing "flushed TICKS"
whenever the journal's thread has put more ticks on the card; `resume STATE`
starts the cabinet again, takes the offer with FIRE and prints "resumed TICKS
HASH" (or "no-offer")."""

import sys

from handheld.games.registry import load_game
from handheld.cabinet.resume_offer import ResumeOfferScene

from resume_script import headless_cabinet, held_masks, hold

GAME = "archon"


def play(state_dir: str, seed: int, report=print, ticks: int = 10 ** 7):
    """Play until killed (or `ticks` match ticks); report(...) after each flush.
    Returns the runner (for the in-process twin)."""
    cabinet = headless_cabinet(state_dir)
    runner = cabinet.ctx.start_match(load_game(GAME), {}, seed=seed)
    flushed = 0
    for held in held_masks(seed, ticks):
        hold(cabinet, held)
        cabinet.tick()
        if runner.journal is None or runner.match.finished:
            report("finished")
            break
        if runner.journal.synced_ticks != flushed:     # on the card (fdatasynced), not just handed over
            flushed = runner.journal.synced_ticks
            report(f"flushed {flushed}")
    return runner


def resume(state_dir: str) -> None:
    from test_resume_cuts import resume_with_fire

    cabinet = headless_cabinet(state_dir)
    if not isinstance(cabinet.director.top, ResumeOfferScene):
        print("no-offer")
        return
    runner = resume_with_fire(cabinet)
    print(f"resumed {runner.replay.ticks} {runner.match.state_hash()}", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "play":
        play(sys.argv[2], int(sys.argv[3]), report=lambda line: print(line, flush=True))
    else:
        resume(sys.argv[2])
