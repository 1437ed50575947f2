"""The SD image's event fleet under QEMU (slow: make image-test): a boot of its own
whose boot partition says [fleet] broker = true. The guest's own broker starts,
the cabinet service reaches it, a computer match played on the guest by the real
cabinet code sends its result there, and the cabinet service's room table has it.
Guest-local only: the guest has no network card (-nic none)."""

import json
import time

import pytest

from test_boot_qemu import ROOT, journal_seconds, prepared_image, wait_active

pytestmark = pytest.mark.slow

WORK = ROOT / "build" / "qemu-fleet"
USERS = {"cab-1": "guest-one", "cab-2": "guest-two", "operator": "guest-op"}
FLEET = ('\n[fleet]\nhost = "127.0.0.1"\nname = "cab-1"\npassword = "%s"\nbroker = true\n' % USERS["cab-1"])
PLAYER = '[fleet]\nhost = "127.0.0.1"\nname = "cab-2"\npassword = "%s"\n' % USERS["cab-2"]
REPORT: dict = {}


@pytest.fixture(scope="module")
def guest():
    import subprocess

    import qemu_boot

    files = prepared_image(WORK)
    toml = subprocess.run(["mtype", "-i", files["boot.vfat"], "::/handheld.toml"], capture_output=True,
                          text=True, check=True).stdout.replace("\r", "")
    qemu_boot.add_boot_file(files, "handheld.toml", toml + FLEET)
    qemu_boot.add_boot_file(files, "fleet-users.txt", "".join(f"{u}:{p}\n" for u, p in USERS.items()))
    qemu_boot.add_boot_file(files, "fleet-player.toml", PLAYER)
    qemu_boot.add_boot_file(files, "fleet_match.py", (ROOT / "tests" / "boot" / "fleet_match.py").read_text())
    g = qemu_boot.Guest(files, str(WORK))
    g.start()
    try:
        g.wait_shell()
    except BaseException:
        g.stop()
        raise
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


def test_the_broker_runs_and_the_cabinet_service_reaches_it(guest):
    wait_active(guest)
    wait_for(guest, "systemctl is-active handheld-broker", "active")
    REPORT["mosquitto_service"] = guest.run("systemctl is-enabled mosquitto.service")[1].strip()
    assert REPORT["mosquitto_service"] == "masked"
    wait_for(guest, "journalctl -b -u handheld --no-pager -q -g 'fleet: connected'", "127.0.0.1:1883")
    _, REPORT["network_unit"] = guest.run("systemctl show -p Result,ActiveState handheld-fleet-network")
    # the figures for docs/fleet.md: the first frame, the restart with the network, the connection
    _, log = guest.run("journalctl -b -u handheld --no-pager -q -o short-monotonic "
                       "-g 'first frame on screen|fleet: connected|fleet: cabinet'")
    REPORT["cabinet_log"] = log.splitlines()
    frames = [journal_seconds(ln) for ln in log.splitlines() if "first frame on screen" in ln]
    connected = next(journal_seconds(ln) for ln in log.splitlines() if "fleet: connected" in ln)
    REPORT["first_frame_s"], REPORT["frame_after_restart_s"] = frames[0], frames[-1]
    REPORT["connected_s"] = connected
    assert len(frames) == 2 and frames[0] < frames[1] < connected      # one restart, with the network


def test_a_computer_match_on_the_guest_reaches_its_broker_and_the_cabinets_table(guest):
    wait_for(guest, "systemctl is-active handheld-broker", "active")
    rc, out = guest.run("cd /tmp && PYTHONPATH=/usr/lib/python3/dist-packages python3 /boot/firmware/fleet_match.py "
                        "/boot/firmware/fleet-player.toml /tmp/fleet-player 2>/tmp/fleet-player.log",
                        timeout=1800)
    assert rc == 0, guest.run("tail -20 /tmp/fleet-player.log")[1]
    played = json.loads(out.strip().splitlines()[-1])
    REPORT["guest_match"] = played
    assert played["ticks"] and played["connected"] and played["queued"] == 0 and len(played["ids"]) == 1
    (result_id,) = played["ids"]
    _, history = guest.run(f"mosquitto_sub -h 127.0.0.1 -u operator -P {USERS['operator']} "
                           "-t handheld/cabinet/cab-2/history -C 1 -W 20")
    assert [r["id"] for r in json.loads(history)["results"]] == [result_id]
    # the cabinet service (cab-1) counted it: its room table reaches the data partition within 10 s
    wait_for(guest, "cat /var/lib/handheld/state/fleet/room.json", result_id, timeout=120)
