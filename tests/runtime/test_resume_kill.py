"""The cabinet, a real process, killed with SIGKILL at random moments of a
match: every restart offers the match and resumes it to the state hash the
uninterrupted match had at the last tick the journal holds, which is never
before the last flush the killed process reported."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from handheld.runtime.rng import Rng

import resume_child

HERE = Path(__file__).resolve().parent
SEED = 17


def _env(state_dir):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HANDHELD_STATE_DIR=str(state_dir))
    env["PYTHONPATH"] = os.pathsep.join([str(HERE.parents[1]), str(HERE)] + sys.path)
    return env


class Twin:
    """The same scripted match, uninterrupted, in this process: its hash after a
    number of ticks (the cabinet's tick and the match's are one)."""

    def __init__(self, folder):
        self.folder = folder
        self.hashes: dict[int, str] = {}

    def hash_at(self, ticks: int) -> str:
        if ticks not in self.hashes:
            runner = resume_child.play(str(self.folder / str(ticks)), SEED, report=lambda _line: None, ticks=ticks)
            assert runner.replay.ticks == ticks
            self.hashes[ticks] = runner.match.state_hash()
        return self.hashes[ticks]


def _kill_and_resume(tmp_path, rng, twin, n):
    state = tmp_path / f"run{n}"
    state.mkdir()
    child = subprocess.Popen([sys.executable, str(HERE / "resume_child.py"), "play", str(state), str(SEED)],
                             stdout=subprocess.PIPE, text=True, env=_env(state))
    try:
        last_flushed, wanted = 0, 1 + rng.randrange(8)
        for _ in range(wanted):
            line = child.stdout.readline().split()
            assert line and line[0] == "flushed", line
            last_flushed = int(line[1])
        time.sleep(rng.randrange(200) / 1000)          # a random moment after it
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    out = subprocess.run([sys.executable, str(HERE / "resume_child.py"), "resume", str(state)],
                         capture_output=True, text=True, env=_env(state), timeout=60)
    words = out.stdout.split()
    assert words[:1] == ["resumed"], (out.stdout, out.stderr[-2000:])
    ticks, resumed_hash = int(words[1]), words[2]
    assert ticks >= last_flushed
    assert resumed_hash == twin.hash_at(ticks), (n, ticks)
    return ticks


def test_killed_five_times_every_restart_resumes_to_the_right_hash(tmp_path):
    rng, twin = Rng(1), Twin(tmp_path / "twin")
    resumed_at = [_kill_and_resume(tmp_path, rng, twin, n) for n in range(5)]
    assert len(set(resumed_at)) > 1            # the kills landed at different moments


@pytest.mark.slow
def test_killed_fifty_times_every_restart_resumes_to_the_right_hash(tmp_path):
    rng, twin = Rng(2), Twin(tmp_path / "twin")
    for n in range(50):
        _kill_and_resume(tmp_path, rng, twin, n)
