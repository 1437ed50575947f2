"""host = "auto": the cabinet finds the broker by mDNS (_mqtt._tcp), for real,
inside two network namespaces this test makes and joined by one veth cable:
the broker and its announcement on one side, the cabinet on the other. No
multicast leaves them. Every wait is bounded."""

import json
import logging
import os
import shutil
import subprocess
import sys
from types import SimpleNamespace

import pytest

from fleetbroker import MOSQUITTO, PASSWD, USERS, Broker, delivered
from netns import ADDRESSES, Cable, unusable

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CHECK = "import zeroconf, paho.mqtt.client, handheld.fleet.link"


def _python() -> str | None:
    """An interpreter with zeroconf and paho: this one, or the system's (Debian
    bookworm's python3-zeroconf 0.47 and python3-paho-mqtt 1.6, as on the Pi)."""
    for python in (sys.executable, "/usr/bin/python3"):
        if os.path.exists(python) and subprocess.run([python, "-c", CHECK], cwd=ROOT, env=_env(),
                                                     capture_output=True, timeout=60).returncode == 0:
            return python
    return None


def _env() -> dict:
    return dict(os.environ, PYTHONPATH=ROOT + os.pathsep + HERE)


@pytest.fixture(scope="module")
def python():
    why = unusable()
    if why:
        pytest.skip(why)
    found = _python()
    if found is None:
        pytest.skip("needs apt-get install python3-zeroconf python3-paho-mqtt (or pip install 'handheld[fleet]')")
    return found


def _run(cable, side, argv, timeout):
    done = subprocess.run(cable.prefix(side) + argv, cwd=ROOT, env=_env(), capture_output=True, text=True,
                          timeout=timeout)
    return done.stdout, done.stderr


def test_a_cabinet_with_host_auto_finds_the_announced_broker_and_delivers(python, tmp_path):
    if MOSQUITTO is None or PASSWD is None:
        pytest.skip("needs apt-get install mosquitto")
    if shutil.which("mosquitto_sub") is None:
        pytest.skip("needs apt-get install mosquitto-clients")
    with Cable("m") as cable:
        (tmp_path / "broker").mkdir()
        broker = Broker(tmp_path / "broker", host=ADDRESSES[0], prefix=cable.prefix(0))
        broker.start()
        announcer = subprocess.Popen(cable.prefix(0) + [python, os.path.join(HERE, "mdns_announce.py"), ADDRESSES[0],
                                                        str(broker.port)],
                                     cwd=ROOT, env=_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            assert announcer.stdout.readline().strip() == "announced"
            out, err = _run(cable, 1, [python, os.path.join(HERE, "auto_cabinet.py"), str(tmp_path / "cab"),
                                       USERS["cab-1"], "30"], timeout=60)
            report = json.loads(out.strip().splitlines()[-1])
            print(f"{python}: {report}")
            assert report["address"] == f"{ADDRESSES[0]}:{broker.port}", err
            assert report["connected"] and report["queued"] == 0 and len(report["ids"]) == 1
            # on the broker's side: the cabinet's retained history holds the result
            out, _err = _run(cable, 0, ["mosquitto_sub", "-h", ADDRESSES[0], "-p", str(broker.port), "-u", "operator",
                                        "-P", USERS["operator"], "-t", "handheld/cabinet/cab-1/history", "-C", "1",
                                        "-W", "10"], timeout=30)
            assert [r["id"] for r in json.loads(out)["results"]] == report["ids"]
        finally:
            announcer.stdin.close()
            try:
                announcer.wait(10)
            except subprocess.TimeoutExpired:
                announcer.kill()
            broker.stop()


def test_the_wait_for_delivery_is_not_fooled_by_the_fleet_thread_running_between_its_reads():
    """auto_cabinet.py's wait once read the outbox, then the table: when the fleet
    thread queued and counted the result between the two reads (on a loaded
    machine: 1 of 1,000 runs with the CPUs kept busy), it saw no result
    queued and one counted, and reported it as still queued a few ms later.
    Here the fleet thread runs right after the wait's first read, every time."""
    queued: list[str] = []
    counted: list[str] = []

    def then_the_fleet_thread_runs(value):
        if not counted:                     # it queues the result on disk, then counts it
            queued.append("r")
            counted.append("r")
        return value

    class Table:
        def __len__(self):
            return then_the_fleet_thread_runs(len(counted))

    class Outbox:
        def pending(self):
            return then_the_fleet_thread_runs(list(queued))

    link = SimpleNamespace(connected=True, table=Table(), outbox=Outbox())
    assert not delivered(link)              # not yet counted
    assert not delivered(link)              # counted, not yet acknowledged
    queued.clear()                          # the PUBACK
    assert delivered(link)


def test_with_no_broker_announced_the_search_gives_up_in_time(python):
    with Cable("n") as cable:
        code = "import time; from handheld.fleet.discovery import find_broker; t = time.monotonic(); " \
               "found = find_broker(1.5); print(found, round(time.monotonic() - t, 1))"
        out, err = _run(cable, 1, [python, "-c", code], timeout=30)
        found, seconds = out.split()
        assert found == "None" and float(seconds) < 5, err


def test_without_zeroconf_auto_says_which_package_in_one_line(monkeypatch, caplog):
    from handheld.fleet.discovery import find_broker

    monkeypatch.setitem(sys.modules, "zeroconf", None)
    with caplog.at_level(logging.ERROR):
        assert find_broker(0.1) is None
    assert len(caplog.records) == 1 and "apt-get install python3-zeroconf" in caplog.records[0].getMessage()
