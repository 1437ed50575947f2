"""The fleet's parts without a network: the [fleet] section, messages, the
outbox on disk, the room's table, the operator's settings, the subscriber."""

import json
import random
import signal
import subprocess
import sys
import time

import pytest

from handheld.base.config import Config
from handheld.fleet import messages, options, remote_settings
from handheld.fleet.outbox import History, Outbox
from handheld.fleet.room import RoomTable
from handheld.fleet.subscriber import Subscriber


def _result(cabinet="cab-1", game="sphinx", level="strong", won=True, ticks=3000, at=None):
    report = {"game": game, "ticks": ticks, "state_hash": "abcdef12"}
    if level is not None:
        report["records"] = {"level": level, "human_won": won}
    return messages.result_from_report(report, cabinet, now=at)


# --- [fleet] ---------------------------------------------------------------------------

def test_fleet_section_needs_a_host_and_names_the_fix():
    with pytest.raises(options.FleetConfigError, match="fleet.host is missing"):
        options.parse({"name": "cab-1"})
    with pytest.raises(options.FleetConfigError, match="lower-case"):
        options.parse({"host": "x", "name": "Cabinet One"})


def test_fleet_section_defaults_and_bad_values_are_one_line_each():
    opts, warnings = options.parse({"host": "broker.lan", "name": "cab-1", "port": "x", "tls": "yes", "colour": 1})
    assert (opts.port, opts.tls, opts.username) == (1883, False, "cab-1")
    assert len(warnings) == 3 and all("\n" not in w for w in warnings)
    assert options.parse({"host": "b", "name": "c", "tls": True})[0].port == 8883


def test_password_file_is_read_and_a_missing_one_says_so(tmp_path):
    (tmp_path / "pw").write_text("s3cret\n")
    assert options.parse({"host": "b", "name": "c", "password_file": str(tmp_path / "pw")})[0].password == "s3cret"
    with pytest.raises(options.FleetConfigError, match="password_file"):
        options.parse({"host": "b", "name": "c", "password_file": str(tmp_path / "nope")})


def test_the_doctor_reports_a_bad_fleet_section_and_accepts_a_good_one(tmp_path):
    from handheld.tools.doctor import _owned_section_warnings

    path = tmp_path / "h.toml"
    path.write_text('[fleet]\nname = "BAD NAME"\nhost = "x"\n')
    cfg = Config.load(path, boot_path=None, log_warnings=False)
    warnings = _owned_section_warnings(cfg)
    assert cfg.warnings == [] and len(warnings) == 1
    assert "fleet.name" in warnings[0] and "stays off" in warnings[0]
    path.write_text('[fleet]\nname = "cab-1"\nhost = "127.0.0.1"\n')
    cfg = Config.load(path, boot_path=None, log_warnings=False)
    assert _owned_section_warnings(cfg) == [] and cfg.get("fleet.host") == "127.0.0.1"
    path.write_text('[sound]\nvolume = 50\n')                  # no [fleet]: nothing to say of it
    assert _owned_section_warnings(Config.load(path, boot_path=None, log_warnings=False)) == []


# --- messages -----------------------------------------------------------------------------

def test_a_result_holds_the_match_and_nothing_personal():
    r = messages.result_from_report({"game": "sphinx", "ticks": 90, "winner": "sphinx", "state_hash": "ab12",
                                     "records": {"level": "strong", "human_won": False}, "seed": 5,
                                     "text": "SPHINX WINS"}, "cab-1")
    assert set(r) == {"v", "id", "cabinet", "game", "time", "ticks", "players", "level", "human_won",
                      "winner", "replay"}
    assert (r["level"], r["human_won"], r["replay"], r["players"]) == ("strong", False, "ab12", "1 human")
    assert messages.result_from_report({"game": "x"}, "c", initials="ABC")["initials"] == "ABC"
    assert "initials" not in messages.result_from_report({"game": "x"}, "c", initials="Bob Smith")


def test_a_result_under_another_cabinets_topic_is_refused():
    r = _result("cab-1")
    with pytest.raises(messages.BadMessage, match="published under"):
        messages.check_result(r, "cab-2")
    with pytest.raises(messages.BadMessage, match="unknown field"):
        messages.check_result({**r, "exec": "rm -rf /"})


def test_a_trailing_newline_is_not_a_name():
    """A log line or a printed table is never split by a value from the broker."""
    r = _result("cab-1")
    for key, value in [("game", "sphinx\n"), ("cabinet", "cab-1\n"), ("level", "strong\n"), ("id", r["id"] + "\n")]:
        with pytest.raises(messages.BadMessage, match=key):
            messages.check_result({**r, key: value})
    with pytest.raises(messages.BadMessage):
        messages.parse_topic("handheld/cabinet/cab-1/result\n")
    with pytest.raises(options.FleetConfigError):
        options.parse({"host": "b", "name": "cab-1\n"})


# --- the outbox -------------------------------------------------------------------------------

def test_outbox_keeps_results_until_delivered(tmp_path):
    box = Outbox(str(tmp_path / "out"))
    names = [box.add(_result()) for _ in range(3)]
    assert [n for n, _ in box.pending()] == sorted(names)
    box.delivered(names[1])
    assert [n for n, _ in box.pending()] == [names[0], names[2]]
    assert len(Outbox(str(tmp_path / "out"))) == 2          # a restart sees the same queue


def test_outbox_sets_aside_a_damaged_file_with_one_line(tmp_path, caplog):
    box = Outbox(str(tmp_path / "out"))
    box.add(_result())
    (tmp_path / "out" / "00000000000000000001-x.json").write_bytes(b"\x00garbage")
    assert len(box.pending()) == 1
    assert len([r for r in caplog.records if "unreadable" in r.message]) == 1
    assert (tmp_path / "out" / "00000000000000000001-x.json.bad").exists()


WRITER = """
import sys
from handheld.fleet import messages
from handheld.fleet.outbox import Outbox
box = Outbox(sys.argv[1])
for i in range(100000):
    box.add(messages.result_from_report({"game": "sphinx", "ticks": i}, "cab-1"))
    if i == 20:
        print("ready", flush=True)
"""


def test_outbox_survives_sigkill_mid_write(tmp_path):
    """Killed while queueing: every file left is a whole result (no torn writes)."""
    folder = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(folder)], stdout=subprocess.PIPE)
    try:
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(0.2)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    pending = Outbox(str(folder)).pending()
    assert len(pending) > 20
    assert not list(folder.glob("*.bad"))
    assert len({r["id"] for _, r in pending}) == len(pending)


def test_history_keeps_the_last_results(tmp_path):
    h = History(str(tmp_path / "h.json"))
    for i in range(messages.HISTORY_LENGTH + 5):
        h.add(_result(ticks=i, at=1_700_000_000 + i))
    h.save()
    again = History(str(tmp_path / "h.json"))
    assert len(again.results) == messages.HISTORY_LENGTH and again.results[-1]["ticks"] == messages.HISTORY_LENGTH + 4


# --- the room's table -------------------------------------------------------------------------

def test_room_table_counts_each_result_once_with_streaks_and_fastest():
    room = RoomTable()
    t = 1_700_000_000
    plays = [("cab-1", True, 3000), ("cab-1", True, 2800), ("cab-2", True, 2500), ("cab-1", False, 4000),
             ("cab-1", True, 3100), ("cab-2", False, 100)]
    results = [_result(cab, won=won, ticks=ticks, at=t + i) for i, (cab, won, ticks) in enumerate(plays)]
    for r in results + results[:3]:                   # a few arrive twice
        room.add(r)
    assert len(room) == 6
    [(game, level, s)] = room.rows()
    assert (game, level, s.wins, s.losses) == ("sphinx", "strong", 4, 2)
    assert (s.best_streak, s.streak_cabinet) == (2, "cab-1")
    assert (s.fastest, s.fastest_cabinet) == (2500, "cab-2")
    room.add(_result("cab-3", level=None))              # computer vs computer: counted as played, not ranked
    assert room.matches("sphinx") == 7 and len(room.rows()) == 1


def test_room_table_streak_follows_match_time_not_arrival_order():
    room = RoomTable()
    for at, won in [(3, True), (1, True), (2, False), (4, True)]:
        room.add(_result(won=won, at=1_700_000_000 + at))
    assert room.rows()[0][2].best_streak == 2          # 1:won 2:lost 3:won 4:won


def test_room_table_is_kept_across_restarts(tmp_path):
    room = RoomTable()
    room.add(_result())
    room.save(str(tmp_path / "room.json"))
    assert RoomTable.load(str(tmp_path / "room.json")).ids() == room.ids()


# --- the operator's settings ------------------------------------------------------------------

def test_settings_allow_list_refuses_display_and_input():
    good, problems = remote_settings.check({"sound": {"volume": 30}, "display": {"backend": "fbdev"},
                                            "input": {"p1": "x"}, "cabinet.demo_seconds": 2})
    assert good == {"sound.volume": 30}
    assert [p.split(":")[0].split(" ")[0] for p in problems] == ["display.backend", "input.p1", "cabinet.demo_seconds"]


def test_settings_apply_keeps_the_files_comments(tmp_path):
    path = tmp_path / "handheld.toml"
    path.write_text("# my cabinet\n[sound]\nvolume = 80  # loud room\n\n[display]\nbackend = \"fbdev\"\n")
    cfg = Config.load(path, boot_path=None)
    changed = remote_settings.apply(cfg, {"sound.volume": 35, "display.backend": "window", "cabinet.kiosk": True})
    assert changed == {"sound.volume": 35, "cabinet.kiosk": True}
    text = path.read_text()
    assert "# my cabinet" in text and "# loud room" in text and 'backend = "fbdev"' in text
    again = Config.load(path, boot_path=None)
    assert again.get("sound.volume") == 35 and again.get("cabinet.kiosk") is True
    assert remote_settings.apply(again, {"sound.volume": 35}) == {}


# --- the subscriber ---------------------------------------------------------------------------

def _random_message(rng: random.Random, valid: bytes) -> tuple[str, bytes]:
    topics = ["handheld/cabinet/cab-1/result", "handheld/cabinet/cab-2/history", "handheld/cabinet/cab-3/status",
              "handheld/fleet/settings", "handheld/cabinet/../result", "handheld/x", "", "handheld/cabinet/Cab/result"]
    kind = rng.randrange(5)
    if kind == 0:
        payload = bytes(rng.randrange(256) for _ in range(rng.randrange(64)))
    elif kind == 1:                                     # a valid message with bytes flipped
        b = bytearray(valid)
        for _ in range(rng.randrange(1, 4)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        payload = bytes(b)
    elif kind == 2:                                     # valid JSON, wrong shapes
        payload = json.dumps(rng.choice([[], {}, 1, None, "x", {"v": 1}, {"v": 1, "id": "0" * 32, "settings": []},
                                         {"v": 1, "results": [1] * 300}, {"v": 1, "settings": {"a": 1}}])).encode()
    elif kind == 3:                                     # oversized
        payload = b"{" + b" " * rng.randrange(5000, 300_000) + b"}"
    else:
        payload = b"[" * rng.randrange(1, 100_000)       # deep nesting
    return rng.choice(topics), payload


def test_subscriber_fuzz_drops_malformed_messages_with_few_log_lines(tmp_path, caplog):
    """100,000 random messages (about 5 s here, so it is in the default run)."""
    _fuzz(tmp_path, caplog, 100_000)


def _fuzz(tmp_path, caplog, count):
    path = tmp_path / "handheld.toml"
    path.write_text("[sound]\nvolume = 80\n")
    cfg = Config.load(path, boot_path=None)
    room = RoomTable()
    sub = Subscriber(room, cfg, "cab-9")
    valid = messages.encode(_result("cab-1"))
    rng = random.Random(48)
    kinds = {}
    for _ in range(count):
        topic, payload = _random_message(rng, valid)
        kind = sub.handle(topic, payload)
        kinds[kind] = kinds.get(kind, 0) + 1
    assert kinds["dropped"] > count * 0.9
    assert all(r["cabinet"] == "cab-1" for r in room.results())    # nothing half-taken
    assert cfg.get("sound.volume") == 80 and path.read_text() == "[sound]\nvolume = 80\n"
    lines = [r for r in caplog.records if r.name == "handheld.fleet"]
    assert 1 <= len(lines) <= 5 and all("\n" not in r.getMessage() for r in lines)
    # and a good message still goes through afterwards
    good = _result("cab-2")
    assert sub.handle("handheld/cabinet/cab-2/result", messages.encode(good)) == "result" and good["id"] in room
