"""The SD image's fleet units (docs/fleet.md, "On the SD image"): the broker only when
the boot partition asks for it, and the cabinet's network from its first start when
the settings have [fleet] or [link]: handheld-fleet-network.service writes a marker
before the cabinet starts, and exactly one of the two cabinet units runs."""

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from test_boot_unit import parse_unit

ROOT = Path(__file__).resolve().parents[2]
SYSTEMD = ROOT / "systemd"
CHOICE = SYSTEMD / "handheld-network-choice"
MARKER = "/run/handheld/network"
sys.path.insert(0, str(ROOT / "debian"))
import networked_unit  # noqa: E402


@pytest.fixture(scope="module")
def networked(tmp_path_factory):
    """handheld-networked.service as debian/rules makes it."""
    path = tmp_path_factory.mktemp("unit") / "handheld-networked.service"
    done = subprocess.run([sys.executable, str(ROOT / "debian" / "networked_unit.py"), str(SYSTEMD / "handheld.service")],
                          capture_output=True, text=True, check=True)
    path.write_text(done.stdout)
    return path


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed (apt-get install systemd)")
@pytest.mark.parametrize("name", ["handheld-broker.service", "handheld-fleet-network.service", "networked"])
def test_the_fleet_units_verify(name, networked):
    path = networked if name == "networked" else SYSTEMD / name
    done = subprocess.run(["systemd-analyze", "verify", str(path)], capture_output=True, text=True)
    # the choice's script is installed by the package, not on this host
    problems = [ln for ln in done.stderr.splitlines() if "handheld-network-choice" not in ln]
    assert not [ln for ln in problems if "Unknown" in ln or "Failed" in ln], done.stderr


def test_the_broker_runs_only_when_the_settings_ask_and_after_the_first_frame():
    unit = parse_unit(SYSTEMD / "handheld-broker.service")
    assert unit[("Service", "ExecCondition")] == ["/usr/bin/python3 -S -m handheld.fleet.boot_switch broker"]
    assert {"handheld.service", "handheld-networked.service"} <= set(unit[("Unit", "After")][0].split())
    assert unit[("Install", "WantedBy")] == ["multi-user.target"]


def test_the_networked_cabinet_differs_from_the_cabinet_in_its_network_lines_only(networked):
    cabinet, net = parse_unit(SYSTEMD / "handheld.service"), parse_unit(networked)
    differ = {key for key in set(cabinet) | set(net) if cabinet.get(key) != net.get(key)}
    assert differ == {("Unit", "Description"), ("Unit", "ConditionPathExists"), ("Service", "PrivateNetwork"),
                      ("Service", "IPAddressDeny"), ("Service", "RestrictAddressFamilies")}
    assert cabinet[("Service", "PrivateNetwork")] == ["yes"] and net[("Service", "PrivateNetwork")] == ["no"]
    assert cabinet[("Service", "IPAddressDeny")] == ["any"] and net[("Service", "IPAddressDeny")] == [""]
    assert net[("Service", "RestrictAddressFamilies")] == ["AF_UNIX AF_INET AF_INET6 AF_NETLINK"]
    # exactly one of the two: by the marker, which the choice writes before either starts
    assert cabinet[("Unit", "ConditionPathExists")] == ["!" + MARKER]
    assert net[("Unit", "ConditionPathExists")] == [MARKER]
    for unit in (cabinet, net):
        assert "handheld-fleet-network.service" in unit[("Unit", "After")][0].split()
        assert unit[("Unit", "Wants")] == ["handheld-fleet-network.service"]


def test_a_changed_cabinet_unit_fails_the_networked_ones_build_naming_the_line():
    text = (SYSTEMD / "handheld.service").read_text().replace("PrivateNetwork=yes\n", "")
    with pytest.raises(SystemExit, match="'PrivateNetwork=yes' is in handheld.service 0 times"):
        networked_unit.networked(text)


def test_the_choice_runs_early_once_a_boot_before_either_cabinet():
    unit = parse_unit(SYSTEMD / "handheld-fleet-network.service")
    assert unit[("Unit", "DefaultDependencies")] == ["no"]
    # after the boot and data partitions' mounts, nothing more (not all of local-fs.target)
    assert unit[("Unit", "RequiresMountsFor")] == ["/boot/firmware /var/lib/handheld"]
    assert ("Unit", "After") not in unit
    assert {"handheld.service", "handheld-networked.service"} <= set(unit[("Unit", "Before")][0].split())
    assert unit[("Service", "Type")] == ["oneshot"] and unit[("Service", "RemainAfterExit")] == ["yes"]
    cabinet = parse_unit(SYSTEMD / "handheld.service")
    assert unit[("Service", "CPUWeight")] == cabinet[("Service", "CPUWeight")] == ["1000"]
    assert unit[("Service", "ExecStart")] == [f"/usr/libexec/handheld/handheld-network-choice "
                                              f"/boot/firmware/handheld.toml /var/lib/handheld/handheld.toml {MARKER}"]


def _choose(tmp_path, boot="", main="", python=sys.executable, path=None):
    (tmp_path / "boot.toml").write_text(boot)
    (tmp_path / "main.toml").write_text(main)
    marker = tmp_path / "run" / "handheld" / "network"
    if marker.exists():
        marker.unlink()                 # /run is fresh at each boot
    env = dict(os.environ, HANDHELD_PYTHON=python, PYTHONPATH=str(ROOT), PATH=path or os.environ["PATH"])
    done = subprocess.run([str(CHOICE), str(tmp_path / "boot.toml"), str(tmp_path / "main.toml"), str(marker)],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    return marker.exists(), done.stderr


@pytest.mark.parametrize("boot,main", [('[fleet]\nhost = "h"\n', ""), ("", '[link]\naddress = "a"\n'),
                                       ("", '[fleet]\nhost = "h"\n')])
def test_the_marker_with_a_fleet_or_link_section_in_either_file(tmp_path, boot, main):
    assert _choose(tmp_path, boot, main) == (True, "")


def test_no_marker_for_the_words_outside_a_section(tmp_path):
    # a section named in a value or a key elsewhere: Python's reader says no
    assert _choose(tmp_path, '[sound]\nvolume = 3\n[cabinet]\nname = "fleet-link"\n') == (False, "")


def test_a_cabinet_without_either_word_outside_comments_runs_no_program(tmp_path):
    # the shipped settings file has the sections only in comments: the shell's builtins
    # read it, and no program is started (with no PATH and no python, any would say so)
    shipped = (ROOT / "debian" / "handheld.toml").read_text()
    assert "[fleet]" in shipped and "# [fleet]" in shipped
    nothing = str(tmp_path / "no-programs")
    assert _choose(tmp_path, shipped, "", python=str(tmp_path / "no-python"), path=nothing) == (False, "")
    assert _choose(tmp_path, shipped, "[sound]\nvolume = 3", python=str(tmp_path / "no-python"), path=nothing) \
        == (False, "")
    assert _choose(tmp_path, '[fleet]\nhost = "h"\n', "", python=str(tmp_path / "no-python"))[0] is False


# every way TOML can spell a top-level fleet or link table (and the last line without a newline)
SPELLINGS = ['[fleet]\nhost = "h"\n', '[ fleet ]\n', '["fleet"]\n', "['link']\n", '[fleet.extra]\nx = 1\n',
             'fleet.host = "h"\n', 'fleet = { host = "h" }\n', 'link = {}\n', '"link".address = "a"\n',
             '[sound] # [fleet]\nvolume = 1\n', 'x = "#"\n[fleet]\n', 'x = 1\n[link]']


@pytest.mark.parametrize("text", SPELLINGS)
def test_the_shells_look_passes_on_every_spelling_the_toml_reader_finds(tmp_path, text):
    found = any(isinstance(tomllib.loads(text).get(name), dict) for name in ("fleet", "link"))
    assert _choose(tmp_path, text)[0] is found


def test_the_package_installs_and_enables_them():
    rules = (ROOT / "debian" / "rules").read_text()
    for name in ("handheld-broker.service", "handheld-fleet-network.service"):
        assert f"--name={name.removesuffix('.service')} {name}" in rules
        assert (ROOT / "debian" / f"handheld.{name}").resolve() == SYSTEMD / name
    assert "python3 debian/networked_unit.py systemd/handheld.service > debian/handheld.handheld-networked.service" in rules
    assert "--name=handheld-networked handheld-networked.service" in rules
    assert "debian/handheld.handheld-networked.service" in (ROOT / "debian" / "clean").read_text().split()
    assert "usr/libexec/handheld/handheld-network-choice" in rules
