"""The fleet against a real Mosquitto on 127.0.0.1 (see fleetbroker.py): every
wait is bounded and generous; nothing here times the machine."""

import logging
import os
import random
import time

import pytest

# the fleet runs on paho-mqtt: without it these tests say which package to install
pytest.importorskip("paho.mqtt.client", reason="needs apt-get install python3-paho-mqtt (or pip install paho-mqtt)")

from fleetbroker import USERS, fleet_section, free_port, wait_until  # noqa: E402
from handheld.tools.cli import main as handheld_main  # noqa: E402
from handheld.base.config import Config  # noqa: E402
from handheld.fleet import messages, mqtt  # noqa: E402
from handheld.fleet.link import FleetLink  # noqa: E402
from handheld.fleet.options import parse  # noqa: E402

REPORT = {"game": "sphinx", "ticks": 2000, "state_hash": "ab12cd34", "winner": "sphinx",
          "records": {"level": "strong", "human_won": True}}


@pytest.fixture
def links(tmp_path):
    made = []

    def make(broker, name, password=None, config_text="[sound]\nvolume = 80\n"):
        folder = tmp_path / name
        folder.mkdir(exist_ok=True)
        cfg_path = folder / "handheld.toml"
        if not cfg_path.exists():
            cfg_path.write_text(config_text)
        config = Config.load(cfg_path, boot_path=None)
        options, _ = parse(fleet_section(broker, name, password))
        link = FleetLink(options, config, str(folder / "state"), "test").start()
        made.append(link)
        return link

    yield make
    for link in made:
        link.stop()


def test_results_reach_every_table_once(broker, links):
    a, b = links(broker, "cab-1"), links(broker, "cab-2")
    wait_until(lambda: a.connected and b.connected)
    for _ in range(25):
        a.match_ended(REPORT)
    wait_until(lambda: len(b.table) == 25 and len(a.outbox) == 0)
    assert a.table.ids() == b.table.ids()
    [(_game, _level, standing)] = b.table.rows()
    assert standing.wins == 25 and standing.streak_cabinet == "cab-1"


def test_broker_down_then_up_loses_and_doubles_nothing(broker, links):
    a, b = links(broker, "cab-1"), links(broker, "cab-2")
    wait_until(lambda: a.connected and b.connected)
    a.match_ended(REPORT)
    wait_until(lambda: len(b.table) == 1 and len(a.outbox) == 0)
    broker.stop()
    wait_until(lambda: not a.connected and not b.connected)
    for _ in range(10):
        a.match_ended(REPORT)
        b.match_ended(REPORT)
    wait_until(lambda: len(a.outbox) == 10 and len(b.outbox) == 10)   # queued on disk meanwhile
    broker.start()
    wait_until(lambda: len(a.table) == 21 and len(b.table) == 21, timeout=60)
    wait_until(lambda: len(a.outbox) == 0 and len(b.outbox) == 0)
    assert a.table.ids() == b.table.ids() and len(a.table.results()) == 21


def test_results_queued_before_a_restart_are_delivered_after_it(broker, links, tmp_path):
    options, _ = parse({**fleet_section(broker, "cab-1"), "port": free_port()})   # no broker there
    state = str(tmp_path / "cab-1" / "state")
    offline = FleetLink(options, None, state, "test").start()
    for _ in range(5):
        offline.match_ended(REPORT)
    wait_until(lambda: len(offline.outbox) == 5)
    offline.stop()
    b = links(broker, "cab-2")
    a = links(broker, "cab-1")                                    # the cabinet starts again, same state folder
    wait_until(lambda: len(b.table) == 5 and len(a.outbox) == 0)


def test_wrong_password_is_refused_in_one_line(broker, links, caplog):
    caplog.set_level(logging.INFO, "handheld.fleet")
    bad = links(broker, "cab-3", password="wrong")
    wait_until(lambda: bad.refused is not None)
    time.sleep(3)                                     # paho tries again meanwhile: still one line
    lines = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert len(lines) == 1, lines
    assert "cab-3" in lines[0] and "password" in lines[0] and not bad.connected


def test_cli_with_wrong_password_says_so_in_one_line(broker, capsys, monkeypatch):
    monkeypatch.setenv("HANDHELD_FLEET_PASSWORD", "nope")
    code = handheld_main(["fleet", "status", "--host", "127.0.0.1", "--port", str(broker.port), "--wait", "1"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1 and "refused user 'operator'" in err


def test_pushed_settings_reach_every_cabinet_keeping_their_comments(broker, links, tmp_path, monkeypatch, capsys):
    own = "# this cabinet's own notes\n[sound]\nvolume = 80   # was loud\n[display]\nbackend = \"fbdev\"\n"
    cabinets = [links(broker, f"cab-{i}", config_text=own) for i in range(1, 5)]
    wait_until(lambda: all(c.connected for c in cabinets))
    push = tmp_path / "event.toml"
    push.write_text("[sound]\nvolume = 25\n[cabinet]\nattract_after_s = 30\n")
    monkeypatch.setenv("HANDHELD_FLEET_PASSWORD", USERS["operator"])
    start = time.monotonic()
    assert handheld_main(["fleet", "push", "settings", str(push), "--host", "127.0.0.1",
                          "--port", str(broker.port)]) == 0
    took = wait_until(lambda: all("volume = 25" in open(c.subscriber.config.path).read() for c in cabinets),
                      timeout=20)                     # set in the running config, then saved
    print(f"settings applied on all four {time.monotonic() - start:.2f} s after the push began ({took:.2f} s after it returned)")
    for c in cabinets:
        text = open(c.subscriber.config.path).read()
        assert c.subscriber.config.get("sound.volume") == 25
        assert "# this cabinet's own notes" in text and "# was loud" in text and "volume = 25" in text
        assert 'backend = "fbdev"' in text and Config.load(c.subscriber.config.path, boot_path=None).get(
            "cabinet.attract_after_s") == 30


def test_cli_refuses_to_push_display_or_input_keys(broker, tmp_path, capsys, monkeypatch):
    push = tmp_path / "bad.toml"
    push.write_text("[display]\nbackend = \"window\"\n")
    monkeypatch.setenv("HANDHELD_FLEET_PASSWORD", USERS["operator"])
    assert handheld_main(["fleet", "push", "settings", str(push), "--host", "127.0.0.1",
                          "--port", str(broker.port)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "display.backend: not a fleet setting" in err


def test_a_cabinet_cannot_publish_settings_or_under_another_name(broker, links):
    """The broker's ACL, not the cabinet's goodwill: cab-2 writing the settings
    topic or cab-1's results reaches nobody."""
    a, c = links(broker, "cab-1"), links(broker, "cab-3")
    wait_until(lambda: a.connected and c.connected)
    rogue = _raw_client(broker, "cab-2")
    try:
        fake = messages.result_from_report(REPORT, "cab-1")
        rogue.publish(messages.result_topic("cab-1"), messages.encode(fake), qos=1).wait_for_publish(5)
        rogue.publish(messages.SETTINGS_TOPIC, messages.encode(messages.settings_message({"sound.volume": 1})),
                      qos=1, retain=True).wait_for_publish(5)
        a.match_ended(REPORT)                          # a real one, to know the others have caught up
        wait_until(lambda: len(c.table) == 1)
        time.sleep(0.5)
        assert fake["id"] not in c.table and c.subscriber.config.get("sound.volume") == 80
    finally:
        rogue.disconnect()
        rogue.loop_stop()


def test_status_and_last_will_in_fleet_status(broker, links, capsys, monkeypatch):
    a = links(broker, "cab-1")
    wait_until(lambda: a.connected)
    a.match_ended(REPORT)
    wait_until(lambda: len(a.outbox) == 0)
    monkeypatch.setenv("HANDHELD_FLEET_PASSWORD", USERS["operator"])
    args = ["fleet", "status", "--host", "127.0.0.1", "--port", str(broker.port), "--wait", "1.5"]
    wait_until(lambda: handheld_main(args) == 0 and "cab-1" in capsys.readouterr().out, timeout=20, every=0.5)
    a.stop()
    def says_down():
        handheld_main(args)
        row = [line for line in capsys.readouterr().out.splitlines() if line.startswith("cab-1")]
        return row and row[0].split()[1] == "down"
    wait_until(says_down, timeout=20, every=0.5)


def test_results_since_lists_the_rooms_results(broker, links, capsys, monkeypatch):
    a, b = links(broker, "cab-1"), links(broker, "cab-2")
    wait_until(lambda: a.connected and b.connected)
    a.match_ended(REPORT)
    b.match_ended({"game": "atom4", "ticks": 600, "winner": "2"})
    wait_until(lambda: len(a.outbox) == 0 and len(b.outbox) == 0)
    monkeypatch.setenv("HANDHELD_FLEET_PASSWORD", USERS["operator"])
    args = ["fleet", "results", "--since", "1h", "--json", "--host", "127.0.0.1", "--port", str(broker.port),
            "--wait", "1.5"]

    def both_listed():
        assert handheld_main(args) == 0
        return len(capsys.readouterr().out.splitlines()) == 2
    wait_until(both_listed, timeout=20, every=0.5)
    assert handheld_main(["fleet", "results", "--since", "2999-01-01", "--host", "127.0.0.1",
                          "--port", str(broker.port), "--wait", "1"]) == 0
    assert capsys.readouterr().out == ""


def test_random_messages_through_the_broker_leave_the_cabinet_working(broker, links):
    a, b = links(broker, "cab-1"), links(broker, "cab-2")
    wait_until(lambda: a.connected and b.connected)
    fuzzer = _raw_client(broker, "cab-3")
    rng = random.Random(7)
    try:
        for i in range(2000):
            topic = messages.PREFIX + "/cabinet/cab-3/" + rng.choice(["result", "history", "status"])
            payload = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
            fuzzer.publish(topic, payload, qos=0 if i % 2 else 1, retain=rng.random() < 0.05)
        fuzzer.publish(topic, b"end", qos=1).wait_for_publish(10)
    finally:
        fuzzer.disconnect()
        fuzzer.loop_stop()
    wait_until(lambda: b.subscriber.dropped >= 1000, timeout=30)
    a.match_ended(REPORT)
    wait_until(lambda: len(b.table) == 1)


def _raw_client(broker, user):
    client = mqtt.new_client(f"raw-{user}-{os.getpid()}")
    mqtt.configure(client, user, USERS[user], False, "")
    connected = []
    mqtt.on_connect(client, connected.append)
    client.connect("127.0.0.1", broker.port, keepalive=15)
    client.loop_start()
    wait_until(lambda: connected == [0])
    return client


def test_pushed_volume_and_attract_delay_are_in_use_on_a_running_cabinet(broker, tmp_path, monkeypatch):
    from running_cabinet import running_cabinet, ticks

    cab, link = running_cabinet(broker, tmp_path)
    try:
        wait_until(lambda: link.connected)
        push = tmp_path / "event.toml"
        push.write_text("[sound]\nvolume = 40\n[cabinet]\nattract_after_s = 20\n")
        monkeypatch.setenv("HANDHELD_FLEET_PASSWORD", USERS["operator"])
        assert handheld_main(["fleet", "push", "settings", str(push), "--host", "127.0.0.1",
                              "--port", str(broker.port)]) == 0

        def in_use():
            ticks(cab, 60)                             # a second of frames: the cabinet looks once a second
            return cab.audio.volume == 0.4 and cab.attract_after == 20 * 60
        wait_until(in_use, timeout=20)
    finally:
        link.stop()


def test_cli_with_no_broker_there_says_so_in_one_line(capsys, monkeypatch):
    monkeypatch.setenv("HANDHELD_FLEET_PASSWORD", "x")
    code = handheld_main(["fleet", "status", "--host", "127.0.0.1", "--port", str(free_port()), "--wait", "1"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1 and "cannot reach the broker at 127.0.0.1:" in err


def test_reason_codes_are_ints_from_either_paho():
    assert mqtt.code(5) == 5 and mqtt.code([]) == 0
    if mqtt.PAHO_2:                                  # paho 2.x: ReasonCode objects
        from paho.mqtt.packettypes import PacketTypes
        from paho.mqtt.reasoncodes import ReasonCode

        assert mqtt.code(ReasonCode(PacketTypes.CONNACK, "Not authorized")) == 135
        assert mqtt.code([ReasonCode(PacketTypes.SUBACK, identifier=1)]) == 1
    assert "password" in mqtt.connack_text(4) and "password" in mqtt.connack_text(134)


def test_a_delivered_result_is_already_in_the_saved_history(broker, links, tmp_path):
    """Once the broker has a result its outbox file goes: a SIGKILL right then must
    still find it in the cabinet's own history file (and so on its own table)."""
    a = links(broker, "cab-1")
    wait_until(lambda: a.connected)
    for n in range(1, 6):
        a.match_ended(REPORT)
        wait_until(lambda: a.matches == n and len(a.outbox) == 0)        # taken, then delivered
        with open(a.history.path, "rb") as fh:
            saved = {r["id"] for r in messages.decode(fh.read(), messages.MAX_HISTORY_BYTES)["results"]}
        assert {r["id"] for r in a.history.results} <= saved
