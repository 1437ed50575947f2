"""The SD image's event fleet under QEMU (slow: make image-test): a boot of its own
whose boot partition says [fleet] broker = true. The guest's own broker starts, the
cabinet starts with the network from its first frame (handheld-networked.service,
no restart) and reaches it, a 1-player match played on the cabinet service's own
screens with QEMU's keys sends its result there, and the room table has it.
Guest-local only: the guest has no network card (-nic none)."""

import json
import time

import pytest
from guest_screen import SPECTRAL_START, SPECTRAL_TO_RESIGN, press

from test_boot_qemu import (ROOT, boot, first_frame_figures, journal_seconds, keep_the_title, prepared_image,
                            wait_active, wait_journal)

pytestmark = pytest.mark.slow

WORK = ROOT / "build" / "qemu-fleet"
UNIT = "handheld-networked.service"
USERS = {"cab-1": "guest-one", "operator": "guest-op"}
FLEET = ('\n[fleet]\nhost = "127.0.0.1"\nname = "cab-1"\npassword = "%s"\nbroker = true\n' % USERS["cab-1"])
REPORT: dict = {}


@pytest.fixture(scope="module")
def guest():
    import qemu_boot

    files = prepared_image(WORK)
    keep_the_title(files, FLEET)
    qemu_boot.add_boot_file(files, "fleet-users.txt", "".join(f"{u}:{p}\n" for u, p in USERS.items()))
    g, _ = boot(files, WORK)
    yield g
    g.stop()
    (WORK / "report.json").write_text(json.dumps(REPORT, indent=2))


def wait_for(g, cmd: str, want: str, timeout: float = 300) -> str:
    deadline = time.monotonic() + timeout
    out = ""
    while time.monotonic() < deadline:
        _, out = g.run(cmd)
        if want in out:
            return out
        time.sleep(2)
    raise AssertionError(f"{cmd}: no {want!r} after {timeout} s; last: {out[-800:]}")


def test_the_cabinet_has_the_network_from_its_first_frame_and_reaches_the_broker(guest):
    wait_active(guest, unit=UNIT)
    REPORT["kernel_to_first_frame_s"], REPORT["service_start_to_first_frame_s"] = first_frame_figures(guest, UNIT)
    checks = {"systemctl is-enabled mosquitto.service": "masked",
              "test -e /run/handheld/network; echo $?": "0",
              "systemctl show -p ConditionResult --value handheld": "no",       # the sandboxed one skipped
              "systemctl is-active handheld": "inactive",
              f"systemctl show -p PrivateNetwork --value {UNIT}": "no",
              f"systemctl show -p NRestarts --value {UNIT}": "0"}
    for cmd, want in checks.items():
        REPORT[cmd] = guest.run(cmd)[1].strip()
        assert REPORT[cmd] == want, f"{cmd}: {REPORT[cmd]!r}"
    wait_for(guest, "systemctl is-active handheld-broker", "active")
    wait_for(guest, f"journalctl -b -u {UNIT} --no-pager -q -g 'fleet: connected'", "127.0.0.1:1883")
    _, log = guest.run(f"journalctl -b -u {UNIT} --no-pager -q -o short-monotonic "
                       "-g 'first frame on screen|fleet: connected|fleet: cabinet'")
    REPORT["cabinet_log"] = log.splitlines()
    frames = [journal_seconds(ln) for ln in log.splitlines() if "first frame on screen" in ln]
    connected = next(journal_seconds(ln) for ln in log.splitlines() if "fleet: connected" in ln)
    REPORT["first_frame_s"], REPORT["connected_s"] = frames[0], connected
    _, broker_up = guest.run("systemctl show -p ActiveEnterTimestampMonotonic --value handheld-broker")
    REPORT["broker_active_s"] = round(int(broker_up) / 1e6, 2)
    assert len(frames) == 1 and frames[0] < connected       # one start, with the network: no restart


def test_a_match_on_the_cabinets_screens_reaches_its_broker_and_the_room_table(guest):
    wait_active(guest, unit=UNIT)
    wait_for(guest, "systemctl is-active handheld-broker", "active")
    press(guest, SPECTRAL_START, gap_s=3)             # the game's module loads on the first FIRE on its card
    wait_journal(guest, "match started", "match started: spectral", 120, unit=UNIT)
    time.sleep(2)
    press(guest, SPECTRAL_TO_RESIGN + ("ctrl",))      # Red resigns on its first turn
    over = wait_journal(guest, "match over", "match over: spectral", 120, unit=UNIT)
    assert any("match over: spectral" in ln for ln in over), over
    # the cabinet's retained history, once it holds the match (it was empty at connect)
    deadline, results = time.monotonic() + 120, []
    while not results and time.monotonic() < deadline:
        _, history = guest.run(f"mosquitto_sub -h 127.0.0.1 -u operator -P {USERS['operator']} "
                               "-t handheld/cabinet/cab-1/history -C 1 -W 30")
        results = json.loads(history)["results"] if history.startswith("{") else []
        time.sleep(0 if results else 2)
    REPORT["result"] = results
    assert [(r["game"], r["players"], r["human_won"], r["winner"]) for r in results] == \
        [("spectral", "1 human", False, "violet")], results
    # the cabinet's own room table reaches the data partition within 10 s
    wait_for(guest, "cat /var/lib/handheld/state/fleet/room.json", results[0]["id"], timeout=120)
