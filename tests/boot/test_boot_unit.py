"""The systemd unit and kiosk files: verify, security rating, hardening, device allow-list."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "handheld.service"


def parse_unit(path):
    """systemd's syntax: [Section], Key=value, repeated keys accumulate, # and ; comments."""
    out, section = {}, None
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        out.setdefault((section, key.strip()), []).append(value.strip())
    return out


@pytest.fixture(scope="module")
def unit():
    return parse_unit(UNIT)


def one(unit, key, section="Service"):
    values = unit[(section, key)]
    return values[-1]


def test_start_and_restart_policy(unit):
    assert one(unit, "Type") == "notify"
    # the cabinet runs in a child of the supervisor (--respawn), so the child notifies
    assert one(unit, "NotifyAccess") == "all"
    assert "--respawn" in one(unit, "ExecStart")
    # console takeover is in-process: TTYReset would undo an ExecStartPre step
    assert ("Service", "ExecStartPre") not in unit
    assert one(unit, "Restart") == "always"
    assert one(unit, "RestartSec") == "500ms"
    assert one(unit, "StartLimitIntervalSec", "Unit") == "0"
    assert 2 <= int(one(unit, "WatchdogSec")) <= 10   # the loop pings once a second
    assert one(unit, "TTYPath") == "/dev/tty1"
    assert one(unit, "StandardOutput") == "journal"
    # never waits for the network (the choice of the networked cabinet is local: a file read)
    assert not [u for u in " ".join(unit[("Unit", "After")]).split() if u.startswith("network")]
    assert "network-online.target" not in " ".join(unit.get(("Unit", "Wants"), []))
    assert one(unit, "WantedBy", "Install") == "multi-user.target"
    # tty1 is shared with getty@tty1 by opposite kernel-command-line conditions, never by
    # Conflicts=: that would drop the getty's start job in maintenance mode as well
    assert "getty" not in " ".join(unit[("Unit", "Conflicts")])
    assert one(unit, "ConditionKernelCommandLine", "Unit") == "!handheld.maintenance"


def test_starts_once_filesystems_are_up_not_after_all_of_sysinit(unit):
    after = " ".join(unit[("Unit", "After")]).split()
    assert "local-fs.target" in after
    # sysinit.target waits for udev's coldplug of every device (5-25 s under QEMU); the
    # cabinet waits for its display itself (runner.KIOSK_DISPLAY_WAIT_S)
    assert "sysinit.target" not in after and ("Unit", "Requires") not in unit
    # getty@tty1 is skipped in kiosk mode, but only after its own ordering (network,
    # user sessions) has run: ordering after it held the cabinet back for seconds
    assert not [u for u in after if u.startswith("getty")]
    assert one(unit, "DefaultDependencies", "Unit") == "no"
    # nor for systemd-tmpfiles-setup, which waits for the journal: so no PrivateTmp=
    # (which orders a unit after it), a tmpfs /tmp of its own instead
    assert "systemd-tmpfiles-setup.service" not in after
    assert ("Service", "PrivateTmp") not in unit
    assert "/tmp:" in one(unit, "TemporaryFileSystem") and "/var/tmp:" in one(unit, "TemporaryFileSystem")


def test_ordinary_services_wait_for_the_title(unit):
    # logind, dbus and the rest after basic.target start once the cabinet is READY=1
    before = " ".join(unit[("Unit", "Before")]).split()
    assert "basic.target" in before and "multi-user.target" in before


def test_runs_unprivileged_with_device_groups_and_writable_paths(unit):
    assert one(unit, "User") == "handheld"
    assert set(one(unit, "SupplementaryGroups").split()) == {"input", "video", "render", "audio"}
    env = dict(v.split("=", 1) for v in unit[("Service", "Environment")])
    assert env["HANDHELD_CONFIG"] == "/var/lib/handheld/handheld.toml"
    assert env["HANDHELD_STATE_DIR"].startswith("/var/lib/handheld/")
    assert one(unit, "StateDirectory") == "handheld"
    assert "--kiosk" in one(unit, "ExecStart") and " -m handheld run" in one(unit, "ExecStart")


@pytest.mark.parametrize("key,value", [
    ("NoNewPrivileges", "yes"), ("CapabilityBoundingSet", ""), ("AmbientCapabilities", ""),
    ("PrivateNetwork", "yes"), ("RestrictAddressFamilies", "AF_UNIX"),
    ("ProtectSystem", "strict"), ("ProtectHome", "yes"), ("TemporaryFileSystem", "/tmp:mode=1777 /var/tmp:mode=1777"),
    ("DevicePolicy", "closed"), ("SystemCallArchitectures", "native"),
    ("ProtectKernelModules", "yes"), ("ReadOnlyPaths", "/sys"), ("ProcSubset", "pid"),
    ("RestrictNamespaces", "yes"), ("MemoryDenyWriteExecute", "yes"), ("UMask", "0077"),
])
def test_hardening_option(unit, key, value):
    assert one(unit, key) == value


def test_system_call_filter(unit):
    filters = unit[("Service", "SystemCallFilter")]
    assert filters[0] == "@system-service"
    denied = set(filters[1].lstrip("~").split())
    assert {"@privileged", "@mount", "@reboot", "@module", "@raw-io"} <= denied


# Linux device classes named in DeviceAllow=char-<class>, and the nodes they cover.
CLASS_NODES = {
    "char-drm": re.compile(r"^/dev/dri/(card|renderD)\d+$"),
    "char-input": re.compile(r"^/dev/input/(event|js|mouse)\d+$"),
    "char-alsa": re.compile(r"^/dev/snd/\w+$"),
    "char-gpiochip": re.compile(r"^/dev/gpiochip\d+$"),
    "char-gpiomem": re.compile(r"^/dev/gpiomem\d*$"),
}
# Every node the cabinet opens: display backends, evdev input, SDL audio, RPi.GPIO, console.
CABINET_DEVICES = {
    "/dev/fb0": "rw", "/dev/dri/card0": "rw", "/dev/dri/renderD128": "rw",
    "/dev/input/event0": "r", "/dev/input/event7": "r",
    "/dev/snd/pcmC0D0p": "rw", "/dev/snd/controlC0": "rw",
    "/dev/gpiomem": "rw", "/dev/gpiochip0": "rw", "/dev/tty1": "rw",
}


def allowed(entries, node, mode):
    for entry in entries:
        spec, _, perms = entry.partition(" ")
        covers = spec == node or (spec in CLASS_NODES and CLASS_NODES[spec].match(node))
        if covers and set(mode) <= set(perms.strip()):
            return True
    return False


def device_literals():
    """'/dev/...' paths written in the package's own code (e.g. the fbdev default)."""
    found = set()
    for path in (ROOT / "handheld").rglob("*.py"):
        for m in re.finditer(r"""["'](/dev/[A-Za-z0-9_/*]+)""", path.read_text()):
            node = m.group(1).replace("*", "0")   # a glob stands for its first node
            if node in ("/dev/null", "/dev/dri", "/dev/input", "/dev/dri/", "/dev/snd"):
                continue
            found.add(node.rstrip("/"))
    return found


def test_every_cabinet_device_is_allowed(unit):
    entries = unit[("Service", "DeviceAllow")]
    for node, mode in CABINET_DEVICES.items():
        assert allowed(entries, node, mode), f"{node} ({mode}) is not on the DeviceAllow list"
    for node in device_literals():
        if node.startswith("/dev/input/event"):
            node = "/dev/input/event0"
        assert allowed(entries, node, "r"), f"{node} opened in handheld/ but not allowed"
    # and nothing broad: no block devices, no raw memory, input is read-only
    assert not any(e.startswith(("block-", "/dev/mem", "/dev/sd", "/dev/mmcblk")) for e in entries)
    assert "char-input r" in entries
    assert not allowed(entries, "/dev/mem", "r")
    assert not allowed(entries, "/dev/tty2", "r")


def test_device_allow_matcher_rejects_what_it_should():
    assert allowed(["char-input r"], "/dev/input/event3", "r")
    assert not allowed(["char-input r"], "/dev/input/event3", "rw")
    assert not allowed(["/dev/fb0 rw"], "/dev/fb1", "r")


needs_analyze = pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                                   reason="systemd-analyze not installed (apt-get install systemd)")


@needs_analyze
def test_systemd_analyze_verify():
    done = subprocess.run(["systemd-analyze", "verify", str(UNIT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    # warnings about unknown lvalues or bad values would show here even with exit 0
    assert "Unknown" not in done.stderr and "Failed" not in done.stderr, done.stderr


@needs_analyze
def test_systemd_analyze_security_rating():
    done = subprocess.run(["systemd-analyze", "security", "--offline=yes", str(UNIT)],
                          capture_output=True, text=True)
    if "--offline" in done.stderr and done.returncode != 0:
        pytest.skip("this systemd-analyze has no --offline (needs systemd >= 250)")
    m = re.search(r"Overall exposure level for handheld\.service: (\d+\.\d+)", done.stdout)
    assert m, done.stdout[-500:] + done.stderr
    assert float(m.group(1)) <= 2.0


KIOSK_FILES = {
    "getty@tty1.service.d/handheld.conf": ["ConditionKernelCommandLine=handheld.maintenance"],
    "serial-getty@.service.d/handheld.conf": ["ConditionKernelCommandLine=handheld.maintenance"],
    "handheld-userconf.service": ["ConditionKernelCommandLine=handheld.maintenance",
                                  "Before=systemd-user-sessions.service"],
    "handheld-datacheck.service": ["ConditionPathIsMountPoint=/var/lib/handheld",
                                   "After=handheld.service handheld-networked.service local-fs.target",
                                   "ExecStart=/usr/libexec/handheld/handheld-datacheck"],
    "handheld-kiosk-system.conf": ["[Manager]", "CtrlAltDelBurstAction=none"],
    "handheld-kiosk-logind.conf": ["[Login]", "NAutoVTs=0", "ReserveVT=0", "HandlePowerKey=poweroff"],
    "handheld-sysctl.conf": ["kernel.sysrq = 0"],
    "handheld-sysusers.conf": ["u handheld -", "m handheld input", "m handheld video"],
    "50-handheld.rules": ['subject.user == "handheld"', '"org.freedesktop.login1.power-off"'],
}


@pytest.mark.parametrize("name", sorted(KIOSK_FILES))
def test_kiosk_file_lines(name):
    lines = [ln.strip() for ln in (ROOT / "systemd" / name).read_text().splitlines()]
    text = "\n".join(lines)
    for want in KIOSK_FILES[name]:
        assert want in text, f"{name} lacks {want!r}"


def test_polkit_rule_grants_only_power_off():
    text = (ROOT / "systemd" / "50-handheld.rules").read_text()
    ids = set(re.findall(r'"(org\.freedesktop\.[\w.-]+)"', text))
    assert ids == {"org.freedesktop.login1.power-off",
                   "org.freedesktop.login1.power-off-multiple-sessions",
                   "org.freedesktop.login1.power-off-ignore-inhibit"}
    assert "polkit.Result.YES" in text and "reboot" not in text


def test_the_cabinet_starts_without_the_site_module(unit, tmp_path):
    # the unit runs python3 -S (no site: no sitecustomize, no .pth files), with PYTHONPATH
    # naming the package's one path: nothing the cabinet imports may need site
    assert one(unit, "ExecStart").startswith("/usr/bin/python3 -S -m handheld run ")
    env = dict(v.split("=", 1) for v in unit[("Service", "Environment")])
    assert env["PYTHONPATH"] == "/usr/lib/python3/dist-packages"
    import evdev
    import pygame
    import tomlkit

    paths = [str(ROOT)] + sorted({str(Path(m.__file__).parents[1]) for m in (pygame, evdev, tomlkit)})
    run_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": os.pathsep.join(paths),
               "HOME": str(tmp_path), "HANDHELD_CONFIG": str(tmp_path / "handheld.toml"),
               "HANDHELD_STATE_DIR": str(tmp_path / "state")}
    shots = tmp_path / "shots"
    done = subprocess.run([sys.executable, "-S", "-m", "handheld", "run", "--display", "headless",
                           "--seconds", "1", "--shots", str(shots)],
                          env=run_env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (shots / "000-title.png").stat().st_size > 1000
