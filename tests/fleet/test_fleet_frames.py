"""The frame loop never touches the network: with the broker gone (nothing
listening, or a listener that never answers) a cabinet's frames make no
socket call at all, and their CPU time stays what it was without the fleet.
Matches end on the frame loop, so each end's hand-over to the fleet is in it."""

import socket
import statistics
import threading
import time

import pytest

from fleetbroker import free_port
from handheld.cabinet.app import Cabinet
from handheld.cabinet.attract import AttractScene
from handheld.audio import NullAudio
from handheld.base.config import Config
from handheld.display.headless import HeadlessDisplay
from handheld.fleet.link import start_fleet
from handheld.input.manager import InputManager

# the fleet runs on paho-mqtt: without it these tests say which package to install
pytest.importorskip("paho.mqtt.client", reason="needs apt-get install python3-paho-mqtt (or pip install paho-mqtt)")

TICKS = 900
REPORT = {"game": "sphinx", "ticks": 2000, "records": {"level": "strong", "human_won": True}}


def _frames(tmp_path, fleet_port=None, watch=None):
    """CPU seconds of each of TICKS frames of attract mode, a match ending every 60."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    cfg_path = tmp_path / "handheld.toml"
    cfg_path.write_text("" if fleet_port is None else
                        f'[fleet]\nhost = "127.0.0.1"\nport = {fleet_port}\nname = "cab-1"\npassword = "x"\n')
    cfg = Config.load(cfg_path, boot_path=None)
    cab = Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, seed=5, data_dir=str(tmp_path / "state"))
    link = start_fleet(cfg, cab, str(tmp_path / "state")) if fleet_port is not None else None
    cab.director.push(AttractScene(cab.ctx, 40))
    times = []
    try:
        for t in range(TICKS):
            start = time.thread_time()
            cab.tick()
            cab.render()
            if t % 60 == 59 and cab.ctx.on_match_end:
                cab.ctx.on_match_end(dict(REPORT))
            times.append(time.thread_time() - start)
    finally:
        if link is not None:
            link.stop()
    return times, link


def _silent_listener():
    """A TCP port on 127.0.0.1 that accepts connections and never answers (a hung broker)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    return srv


def test_frames_make_no_socket_calls_with_the_broker_gone(tmp_path, monkeypatch):
    calls = []
    for name in ("connect", "connect_ex", "send", "sendall", "recv"):
        original = getattr(socket.socket, name)

        def spy(self, *args, _original=original, _name=name):
            calls.append((_name, threading.current_thread() is threading.main_thread()))
            return _original(self, *args)
        monkeypatch.setattr(socket.socket, name, spy)
    srv = _silent_listener()
    try:
        _times, link = _frames(tmp_path / "silent", srv.getsockname()[1])
        _times, link2 = _frames(tmp_path / "closed", free_port())
    finally:
        srv.close()
    assert calls and not [c for c in calls if c[1]], calls[:5]       # the fleet thread tried; frames never
    assert len(link.outbox) == len(link2.outbox) == TICKS // 60      # every result queued on disk meanwhile


def test_frame_cpu_time_with_the_broker_gone_is_what_it_was(tmp_path):
    """Generous bound (same machine, same run, CPU time of the frame thread only):
    the fleet may not add more than half again to the median or p99 frame."""
    srv = _silent_listener()
    try:
        without, _ = _frames(tmp_path / "off")
        with_fleet, _ = _frames(tmp_path / "on", srv.getsockname()[1])
    finally:
        srv.close()

    def p99(xs):
        return sorted(xs)[int(len(xs) * 0.99)]
    figures = {"median_ms": (statistics.median(without) * 1e3, statistics.median(with_fleet) * 1e3),
               "p99_ms": (p99(without) * 1e3, p99(with_fleet) * 1e3)}
    print("frame CPU without / with the fleet (broker hung):", {k: f"{a:.3f} / {b:.3f}" for k, (a, b) in figures.items()})
    for before, after in figures.values():
        assert after <= before * 1.5 + 1.0, figures
