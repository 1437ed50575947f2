"""handheld/fleet/boot_switch.py: what the SD image's fleet units ask of the
settings at boot; the broker files it writes run a real mosquitto (in a
network namespace of the test's own, since they listen on every address)."""

import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from fleetbroker import MOSQUITTO, PASSWD
from handheld.fleet import boot_switch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _files(tmp_path, boot="", main=""):
    (tmp_path / "boot.toml").write_text(boot)
    (tmp_path / "main.toml").write_text(main)
    return str(tmp_path / "boot.toml"), str(tmp_path / "main.toml")


def test_network_only_with_a_fleet_or_link_section_in_either_file(tmp_path):
    fleet = '[fleet]\nhost = "10.0.0.2"\n'
    assert boot_switch.wants_network(*_files(tmp_path, boot=fleet))
    assert boot_switch.wants_network(*_files(tmp_path, main=fleet))
    assert boot_switch.wants_network(*_files(tmp_path, main='[link]\naddress = "10.0.0.3"\n'))
    assert not boot_switch.wants_network(*_files(tmp_path, boot='link = "a"\n', main='[cabinet]\nfleet = 1\n'))
    assert not boot_switch.wants_network(*_files(tmp_path, boot="[sound]\nvolume = 3\n", main="[fleet\n"))
    assert not boot_switch.wants_network(str(tmp_path / "none.toml"), str(tmp_path / "none2.toml"))


def test_the_broker_only_when_the_boot_partition_says_broker_true(tmp_path):
    assert boot_switch.wants_broker(_files(tmp_path, boot="[fleet]\nbroker = true\n")[0])
    for text in ("[fleet]\nbroker = \"yes\"\n", "[fleet]\nhost = \"x\"\n", ""):
        assert not boot_switch.wants_broker(_files(tmp_path, boot=text)[0])


def _switch(*argv, env=None):
    return subprocess.run([sys.executable, "-S", "-m", "handheld.fleet.boot_switch", *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, env=env)


def test_as_the_units_run_it_the_exit_code_is_the_answer(tmp_path):
    env = dict(os.environ, HANDHELD_CONFIG=_files(tmp_path, main="[fleet]\nhost = \"h\"\n")[1],
               PYTHONPATH=ROOT + os.pathsep + os.pathsep.join(p for p in sys.path if p.endswith("site-packages")))
    assert _switch("network", env=env).returncode == 0
    env["HANDHELD_CONFIG"] = str(tmp_path / "none.toml")
    if not os.path.exists(boot_switch.BOOT_CONFIG):
        assert _switch("network", env=env).returncode == 1
    assert _switch("nonsense", env=env).returncode == 2
    # the files named, as handheld-network-choice asks
    assert _switch("network", *_files(tmp_path, boot="[link]\n"), env=env).returncode == 0
    assert _switch("network", *_files(tmp_path, boot="[sound]\n"), env=env).returncode == 1


def test_bad_or_missing_users_are_one_line_naming_the_fix(tmp_path):
    with pytest.raises(FileNotFoundError):
        boot_switch.write_broker_files(str(tmp_path), str(tmp_path))
    (tmp_path / "fleet-users.txt").write_text("# the event\ncab-1:secret\nCab 2 secret\n")
    with pytest.raises(ValueError, match=r"fleet-users.txt line 3: write name:password"):
        boot_switch.write_broker_files(str(tmp_path), str(tmp_path))
    (tmp_path / "fleet-users.txt").write_text("# nobody yet\n")
    with pytest.raises(ValueError, match="names no user"):
        boot_switch.write_broker_files(str(tmp_path), str(tmp_path))


def test_the_written_broker_runs_with_the_fleets_users_and_acl(tmp_path):
    from netns import Cable, unusable

    if MOSQUITTO is None or PASSWD is None:
        pytest.skip("needs apt-get install mosquitto")
    if shutil.which("mosquitto_sub") is None:
        pytest.skip("needs apt-get install mosquitto-clients")
    why = unusable()
    if why:
        pytest.skip(why)
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    (tmp_path / "fleet-users.txt").write_text("cab-1:one\noperator:op\n")
    boot_switch.write_broker_files(str(run_dir), str(tmp_path))
    subprocess.run([PASSWD, "-U", str(run_dir / "passwd")], check=True, timeout=30)
    assert "cab-1:one" not in (run_dir / "passwd").read_text()          # hashed, as the unit's ExecStartPre does
    conf = run_dir / "mosquitto.conf"
    if os.geteuid() == 0:
        conf.write_text(conf.read_text() + "user root\n")        # the unit runs it as user mosquitto
    with Cable("b") as cable:
        broker = subprocess.Popen(cable.prefix(0) + [MOSQUITTO, "-c", str(conf)], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            def client(tool, user, password, *argv):
                return subprocess.run(cable.prefix(0) + [tool, "-h", "127.0.0.1", "-p", "1883", "-u", user,
                                                         "-P", password, *argv],
                                      capture_output=True, text=True, timeout=30)
            for _ in range(100):                # bounded: until it listens
                if client("mosquitto_pub", "cab-1", "one", "-t", "handheld/cabinet/cab-1/status", "-r", "-q", "1",
                          "-m", json.dumps({"up": True})).returncode == 0:
                    break
                time.sleep(0.05)
            got = client("mosquitto_sub", "operator", "op", "-t", "handheld/cabinet/cab-1/status", "-C", "1", "-W", "10")
            assert json.loads(got.stdout) == {"up": True}
            refused = client("mosquitto_pub", "cab-1", "wrong", "-t", "handheld/cabinet/cab-1/status", "-m", "x")
            assert refused.returncode != 0 and "not authorised" in (refused.stderr + refused.stdout).lower()
            # the ACL: a cabinet cannot write the settings (QoS 1 is refused, silently for the client; the
            # operator sees no retained settings afterwards)
            client("mosquitto_pub", "cab-1", "one", "-t", "handheld/fleet/settings", "-r", "-q", "1", "-m", "{}")
            nothing = client("mosquitto_sub", "operator", "op", "-t", "handheld/fleet/settings", "-C", "1", "-W", "2")
            assert nothing.stdout == ""
        finally:
            broker.kill()
            broker.wait(10)
