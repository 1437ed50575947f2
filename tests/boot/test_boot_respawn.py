"""The service's supervisor: a dead cabinet is re-forked from the warm parent at once.

Real fork, real signals; the cabinet end-to-end test runs `handheld run --respawn`
with SDL's dummy video driver and a real notify socket standing in for systemd.
"""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from handheld.system.respawn import Supervisor, describe

ROOT = Path(__file__).resolve().parents[2]


def counting_child(counter: Path, plan):
    """A child that acts by how many times it has run: plan[n] is 'kill', 'raise' or an exit code."""
    def run():
        n = int(counter.read_text()) if counter.exists() else 0
        counter.write_text(str(n + 1))
        step = plan[min(n, len(plan) - 1)]
        if step == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        if step == "raise":
            raise RuntimeError("a bug in a game")
        return step
    return run


def test_killed_child_is_replaced_until_it_quits_cleanly(tmp_path):
    sup = Supervisor(counting_child(tmp_path / "n", ["kill", "kill", 0]))
    assert sup.serve() == 0
    assert sup.starts == 3
    assert (tmp_path / "n").read_text() == "3"


def test_an_uncaught_exception_is_a_crash_and_is_logged(tmp_path, capfd):
    sup = Supervisor(counting_child(tmp_path / "n", ["raise", 0]))
    assert sup.serve() == 0
    assert sup.starts == 2
    assert "RuntimeError: a bug in a game" in capfd.readouterr().err


@pytest.mark.parametrize("code", [0, 2])
def test_clean_quit_and_setup_errors_end_the_supervisor(tmp_path, code):
    sup = Supervisor(counting_child(tmp_path / "n", [code]))
    assert sup.serve() == code
    assert sup.starts == 1


def test_a_crash_loop_hands_over_to_the_service_manager(tmp_path):
    sup = Supervisor(counting_child(tmp_path / "n", ["kill"]), crash_limit=3, crash_window_s=60)
    assert sup.serve() == 1
    assert sup.starts == 4


def test_crashes_spread_out_in_time_never_give_up(tmp_path):
    now = [0.0]

    def clock():
        now[0] += 100.0          # every crash is 100 s after the one before
        return now[0]

    sup = Supervisor(counting_child(tmp_path / "n", ["kill"] * 6 + [0]), clock=clock,
                     crash_limit=3, crash_window_s=60)
    assert sup.serve() == 0
    assert sup.starts == 7


def test_the_first_child_is_not_kept_waiting_for_the_warm_up(tmp_path):
    # the parent imports for later respawns only once the first child's title is up
    from handheld.system import sdnotify

    log, counter = tmp_path / "log", tmp_path / "n"

    def note(line):
        with open(log, "a") as fh:
            fh.write(line + "\n")

    def run():
        n = int(counter.read_text()) if counter.exists() else 0
        counter.write_text(str(n + 1))
        note(f"child{n} first frame")
        sdnotify.ready("test")
        time.sleep(0.2)
        if n == 0:
            os.kill(os.getpid(), signal.SIGKILL)
        return 0

    sup = Supervisor(run, warm_up=lambda: note("warm-up"))
    assert sup.serve() == 0
    assert log.read_text().splitlines() == ["child0 first frame", "warm-up", "child1 first frame"]


def test_a_child_that_dies_before_its_first_frame_still_lets_the_parent_warm_up(tmp_path):
    counter, warmed = tmp_path / "n", []
    sup = Supervisor(counting_child(counter, ["kill", 0]), warm_up=lambda: warmed.append(counter.read_text()))
    assert sup.serve() == 0
    assert warmed == ["1"] and sup.starts == 2


def test_describe_wait_status():
    assert describe(3 << 8) == "exit status 3"
    assert describe(signal.SIGKILL) == "signal 9 (SIGKILL)"


SUPERVISED_SLEEPER = """
import os, sys, time
from handheld.system import sdnotify
from handheld.system.respawn import supervise
pidfile = sys.argv[1]
def run():
    sdnotify.ready("title")   # its first frame: from now on it dies with its supervisor
    with open(pidfile, "w") as fh:
        fh.write(str(os.getpid()))
    time.sleep(60)
    return 0
sys.exit(supervise(run))
"""


def _wait_for(predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("timed out")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie (reaped later by its parent or init) is gone for our purposes
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except OSError:
        return False


def _start_sleeper(tmp_path):
    pidfile = tmp_path / "child.pid"
    proc = subprocess.Popen([sys.executable, "-c", SUPERVISED_SLEEPER, str(pidfile)], cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    child = int(_wait_for(lambda: pidfile.exists() and pidfile.read_text()))
    return proc, child


def test_sigterm_to_the_supervisor_stops_the_cabinet_too(tmp_path):
    proc, child = _start_sleeper(tmp_path)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=10) == 0
    _wait_for(lambda: not _alive(child))


def test_the_cabinet_dies_with_its_supervisor(tmp_path):
    proc, child = _start_sleeper(tmp_path)
    assert _alive(child)
    proc.kill()
    proc.wait(timeout=10)
    _wait_for(lambda: not _alive(child), timeout=5)


# --- the real cabinet -------------------------------------------------------------------

def _ready_pid(sock) -> tuple[int, float]:
    """Wait for the next READY=1 datagram; -> (pid named in its STATUS, arrival time)."""
    while True:
        msg = sock.recv(4096).decode()
        if "READY=1" in msg:
            status = dict(ln.split("=", 1) for ln in msg.splitlines())["STATUS"]
            return int(status.split("pid ")[1].rstrip(")")), time.monotonic()


@pytest.mark.slow   # a wall-clock race: on a loaded CI box it measures the box, not the respawn
def test_killed_cabinet_is_back_on_screen_faster_than_a_cold_start(tmp_path):
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(str(tmp_path / "notify"))
    notify.settimeout(60)
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               NOTIFY_SOCKET=str(tmp_path / "notify"), HANDHELD_CONFIG=str(tmp_path / "handheld.toml"),
               HANDHELD_STATE_DIR=str(tmp_path / "state"))
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "handheld", "run", "--display", "window", "--kiosk",
                             "--respawn", "--seconds", "120"], cwd=ROOT, env=env,
                            stderr=subprocess.PIPE, text=True)
    try:
        first, at = _ready_pid(notify)
        cold = at - started
        assert first != proc.pid               # the cabinet runs in a child of the main process
        # the supervisor imports for later respawns after the first child's title is up
        seen = ""
        while "warmed up" not in seen:
            line = proc.stderr.readline()
            assert line, "the supervisor ended before it warmed up: " + seen
            seen += line
        os.kill(first, signal.SIGKILL)
        killed = time.monotonic()
        second, back = _ready_pid(notify)
        warm = back - killed
        assert second not in (first, proc.pid)
        assert warm < 3.0 and warm < cold, f"respawn {warm:.2f} s, cold start {cold:.2f} s"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
        assert not _alive(second)
    finally:
        if proc.poll() is None:
            proc.kill()
        _, err = proc.communicate(timeout=10)
        notify.close()
    assert f"cabinet process {first} ended with signal 9 (SIGKILL); starting a new one" in seen + err
    print(f"cold start to first frame {cold:.2f} s; kill -9 to first frame {warm:.2f} s")


CHILD_AFTER_WARM_UP = """
import sys
from handheld.tools.runner import warm_up
warm_up()
before = set(sys.modules)
from handheld.base.config import Config, state_dir
from handheld.cabinet.app import Cabinet
from handheld.audio import Audio
from handheld.display import open_display
from handheld.input.manager import InputManager
from handheld.cabinet.sounds import register
config = Config.load(None)
audio = Audio.open(True, 0.8)
register(audio)
cabinet = Cabinet(open_display("headless", scale=1, fbdev=None, rotate=0), InputManager(config, kiosk=True),
                  audio, config, kiosk=True, first_game=None, seed=None, data_dir=state_dir())
for _ in range(3):
    cabinet.tick()
    cabinet.render()
print(" ".join(sorted(set(sys.modules) - before)))
"""


def test_a_respawned_cabinet_imports_nothing_the_parent_did_not(tmp_path):
    # an import in the child costs its time again after every kill -9; on a Zero 2 W the
    # evdev package alone is a tenth of a second
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HANDHELD_CONFIG=str(tmp_path / "handheld.toml"), HANDHELD_STATE_DIR=str(tmp_path / "state"))
    done = subprocess.run([sys.executable, "-c", CHILD_AFTER_WARM_UP], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == []
