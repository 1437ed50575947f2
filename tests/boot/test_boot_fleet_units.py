"""The SD image's fleet units (docs/fleet.md, "On the SD image"): the broker and
the cabinet's network only when the settings on the boot partition ask for them."""

import shutil
import subprocess
from pathlib import Path

import pytest

from test_boot_unit import parse_unit

ROOT = Path(__file__).resolve().parents[2]
SYSTEMD = ROOT / "systemd"
UNITS = ("handheld-broker.service", "handheld-fleet-network.service")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed (apt-get install systemd)")
@pytest.mark.parametrize("name", UNITS)
def test_the_fleet_units_verify(name):
    done = subprocess.run(["systemd-analyze", "verify", str(SYSTEMD / name)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Unknown" not in done.stderr and "Failed" not in done.stderr, done.stderr


@pytest.mark.parametrize("name,switch", [("handheld-broker.service", "broker"),
                                         ("handheld-fleet-network.service", "network")])
def test_each_runs_only_when_the_settings_ask_and_after_the_first_frame(name, switch):
    unit = parse_unit(SYSTEMD / name)
    assert unit[("Service", "ExecCondition")] == [f"/usr/bin/python3 -S -m handheld.fleet.boot_switch {switch}"]
    assert "handheld.service" in unit[("Unit", "After")][0].split()
    assert unit[("Install", "WantedBy")] == ["multi-user.target"]


def test_the_network_drop_in_undoes_exactly_the_cabinets_network_lines():
    cabinet = parse_unit(SYSTEMD / "handheld.service")
    drop_in = parse_unit(SYSTEMD / "handheld-fleet-network.conf")
    assert cabinet[("Service", "PrivateNetwork")] == ["yes"] and drop_in[("Service", "PrivateNetwork")] == ["no"]
    assert drop_in[("Service", "IPAddressDeny")] == [""]
    # an empty assignment first resets the cabinet's AF_UNIX-only list
    assert drop_in[("Service", "RestrictAddressFamilies")] == ["", "AF_UNIX AF_INET AF_INET6 AF_NETLINK"]
    assert {key for _section, key in drop_in} == {"PrivateNetwork", "IPAddressDeny", "RestrictAddressFamilies"}
    network = parse_unit(SYSTEMD / "handheld-fleet-network.service")
    assert network[("Service", "ExecStart")][0].endswith(
        "/usr/share/handheld/handheld-fleet-network.conf /run/systemd/system/handheld.service.d/fleet-network.conf")
    assert "systemd/handheld-fleet-network.conf usr/share/handheld" in (ROOT / "debian" / "handheld.install").read_text()


def test_the_package_installs_and_enables_both():
    rules = (ROOT / "debian" / "rules").read_text()
    for name in UNITS:
        assert f"--name={name.removesuffix('.service')} {name}" in rules
        assert (ROOT / "debian" / f"handheld.{name}").resolve() == SYSTEMD / name
