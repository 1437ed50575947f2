"""Garbage collection around the cabinet's start (handheld/__main__.py, runner.py):
off while it imports and draws its title, back on, with the start's objects frozen,
once it plays; on at once for every other command."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WATCH = """
import gc, json, logging, runpy, sys
collections = []
gc.callbacks.append(lambda phase, info: phase == "start" and collections.append(info["generation"]))
seen = {}

def from_main_on(event, args):
    if event == "exec" and args[0].co_filename.endswith("__main__.py"):
        collections.clear()        # count from the moment __main__ runs, not the package before it


sys.addaudithook(from_main_on)

class FirstFrame(logging.Handler):
    def emit(self, record):
        if record.getMessage().startswith("first frame on screen"):
            seen["at first frame"] = [len(collections), gc.isenabled()]

logging.getLogger("handheld").addHandler(FirstFrame())
sys.argv = ["handheld"] + sys.argv[1:]
code = "no exit"
try:
    runpy.run_module("handheld", run_name="__main__", alter_sys=True)
except SystemExit as end:
    code = end.code
print(json.dumps({"exit": code, "at first frame": seen.get("at first frame"),
                  "at the end": [gc.isenabled(), gc.get_freeze_count()]}))
"""


def _watch(tmp_path, *argv):
    paths = [str(ROOT)] + [p for p in sys.path if p.endswith("-packages")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HANDHELD_CONFIG=str(tmp_path / "handheld.toml"), HANDHELD_STATE_DIR=str(tmp_path / "state"))
    done = subprocess.run([sys.executable, "-S", "-c", WATCH, *argv], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_the_cabinet_starts_without_collecting_and_plays_with_its_start_frozen(tmp_path):
    got = _watch(tmp_path, "run", "--display", "window", "--seconds", "1")
    assert got["exit"] == 0
    assert got["at first frame"] == [0, False]        # no collection at all before the title
    enabled, frozen = got["at the end"]
    assert enabled is True
    assert frozen > 10_000                            # the modules, classes and functions of the start


def test_every_other_command_collects_as_usual(tmp_path):
    got = _watch(tmp_path, "replay", str(tmp_path / "missing.replay"))
    assert got["exit"] == 2                            # it ran: the file is missing
    assert got["at the end"] == [True, 0]
