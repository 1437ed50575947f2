"""Maintenance mode under QEMU (slow: make image-test): handheld.maintenance in the kernel
command line and a userconf.txt on the boot partition, as a builder would put them there
from a PC. The cabinet stays off, tty1 and the serial console offer a login, and the
password from userconf.txt logs in as root. The data partition goes in damaged and marked
with errors, as the kernel leaves one it found broken: handheld-datacheck repairs it.
"""

import json
import subprocess
import time

import pytest
from test_boot_qemu import ROOT, prepared_image

pytestmark = pytest.mark.slow

WORK = ROOT / "build" / "qemu-maintenance"
PASSWORD = "arcade-maint-7"
REPORT = {}


@pytest.fixture(scope="module")
def guest():
    import qemu_boot

    files = prepared_image(WORK)
    hashed = subprocess.run(["openssl", "passwd", "-6", PASSWORD], capture_output=True, text=True,
                            check=True).stdout.strip()
    qemu_boot.add_boot_file(files, "userconf.txt", f"# root's password for maintenance mode\nroot:{hashed}\n")
    # a wrong link count on the root directory, and the superblock's record of an error
    qemu_boot.debugfs(files["data.ext4"], "ssv state 3", "ssv error_count 1", "sif <2> links_count 7")
    g = qemu_boot.Guest(files, str(WORK), extra_cmdline="handheld.maintenance", serial_socket=True)
    g.start()
    try:
        REPORT["shell_up_s_wall"] = round(g.wait_shell(), 1)
    except BaseException:
        g.stop()            # no guest left running (and holding the image) after a failure
        raise
    yield g
    g.stop()
    (WORK / "report.json").write_text(json.dumps(REPORT, indent=2))


def state(g, unit):
    """-> [ActiveState, ConditionResult] (systemctl prints properties in its own order)."""
    _, out = g.run(f"systemctl show -p ActiveState,ConditionResult {unit}")
    props = dict(ln.split("=", 1) for ln in out.splitlines() if "=" in ln)
    return [props.get("ActiveState"), props.get("ConditionResult")]


def test_cabinet_stays_off_and_the_gettys_run(guest):
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and state(guest, "getty@tty1.service")[0] != "active":
        time.sleep(1)
    REPORT["getty_tty1"] = state(guest, "getty@tty1.service")
    REPORT["serial_getty"] = state(guest, "serial-getty@ttyAMA0.service")
    REPORT["handheld"] = state(guest, "handheld.service")
    REPORT["userconf"] = state(guest, "handheld-userconf.service")
    assert REPORT["getty_tty1"] == ["active", "yes"]
    assert REPORT["serial_getty"] == ["active", "yes"]
    assert REPORT["handheld"] == ["inactive", "no"]       # skipped by its condition, not failed
    assert REPORT["userconf"] == ["active", "yes"]
    # the terminal each agetty reads (no procps in the image: from /proc)
    _, agetty = guest.run("for c in $(grep -lx agetty /proc/[0-9]*/comm); do readlink ${c%/comm}/fd/0; done")
    assert "tty1" in agetty and "ttyAMA0" in agetty, agetty


def test_tty1_shows_a_login_prompt(guest):
    from guest_screen import border_lit

    time.sleep(3)
    # the console's text is drawn where the cabinet's picture would be and around it
    REPORT["tty1_pixels_lit"] = border_lit(guest.screendump(str(WORK / "tty1.ppm")))
    assert REPORT["tty1_pixels_lit"] > 0, "tty1 is black: no login prompt"
    _, issue = guest.run("cat /etc/hostname")
    assert issue.strip() == "handheld"


def test_builders_password_logs_in_as_root_on_the_serial_console(guest):
    guest.serial_send("\r")
    guest.serial_expect(rb"handheld login: ", timeout=300)
    guest.serial_send("root\r")
    guest.serial_expect(rb"Password: ", timeout=60)
    t0 = time.monotonic()
    guest.serial_send(PASSWORD + "\r")
    # login flushes what was typed ahead: wait for the shell's prompt
    guest.serial_expect(rb"root@handheld:~# ", timeout=120)
    guest.serial_send("echo LOGGED-IN-AS-$(id -un)-$((6*7))\r")
    seen = guest.serial_expect(rb"LOGGED-IN-AS-\w+-42", timeout=120)
    REPORT["login_s_wall"] = round(time.monotonic() - t0, 1)
    assert b"LOGGED-IN-AS-root-42" in seen
    assert b"Login incorrect" not in seen


def test_a_wrong_password_is_refused(guest):
    guest.serial_send("exit\r")
    guest.serial_expect(rb"handheld login: ", timeout=120)
    guest.serial_send("root\r")
    guest.serial_expect(rb"Password: ", timeout=60)
    guest.serial_send("not-the-password\r")
    seen = guest.serial_expect(rb"Login incorrect", timeout=120)
    assert b"LOGGED-IN" not in seen


def test_a_data_partition_marked_with_errors_is_repaired_after_boot(guest):
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        _, out = guest.run("systemctl show -p ActiveState,Result handheld-datacheck.service")
        props = dict(ln.split("=", 1) for ln in out.splitlines() if "=" in ln)
        if props.get("ActiveState") in ("inactive", "failed") and guest.run(
                "journalctl -b -u handheld-datacheck -g 'repaired|could not' --no-pager -q")[0] == 0:
            break
        time.sleep(2)
    _, log = guest.run("journalctl -b -u handheld-datacheck --no-pager -o cat")
    REPORT["datacheck_log"] = log
    assert "clean with errors, 1 errors recorded: repairing it" in log, log
    assert "repaired (e2fsck exit 1)" in log, log       # 1: errors were corrected
    _, state_line = guest.run("dumpe2fs -h /dev/disk/by-label/HHDATA 2>/dev/null | grep '^Filesystem state'")
    assert state_line.split(":", 1)[1].strip() == "clean", state_line
    _, opts = guest.run("findmnt -no OPTIONS /var/lib/handheld")
    assert opts.split(",")[0] == "rw", opts
