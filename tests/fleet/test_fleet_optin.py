"""Opt-in: without [fleet] nothing of the fleet (nor paho) is imported; with it
and no broker at all, the cabinet runs as before: its frames never wait."""

import json
import subprocess
import sys

import pytest

from fleetbroker import free_port

PROBE = """
import json, sys
from handheld.tools.cli import main
code = main(sys.argv[1:])
loaded = sorted(m for m in sys.modules if m.startswith(("handheld.fleet", "paho", "zeroconf")))
print(json.dumps({"code": code, "loaded": loaded}))
"""


def _run(args, tmp_path, env_extra=None):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin",
           "HANDHELD_STATE_DIR": str(tmp_path / "state"), "HOME": str(tmp_path)}
    p = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout.strip().splitlines()[-1]), p.stderr


def test_no_fleet_section_imports_nothing_of_the_fleet(tmp_path):
    cfg = tmp_path / "handheld.toml"
    cfg.write_text("[sound]\nvolume = 50\n")
    out, _ = _run(["run", "--display", "headless", "--seconds", "2", "--shots", str(tmp_path / "shots"),
                   "--config", str(cfg)], tmp_path)
    assert out == {"code": 0, "loaded": []}
    out, _ = _run(["selfplay", "sphinx"], tmp_path)
    assert out == {"code": 0, "loaded": []}


def test_a_fleet_without_a_broker_does_not_hold_the_cabinet_up(tmp_path):
    """Port with nothing listening on 127.0.0.1: the run still ends on time, saying once it is connecting."""
    pytest.importorskip("paho.mqtt.client", reason="needs apt-get install python3-paho-mqtt (or pip install paho-mqtt)")
    cfg = tmp_path / "handheld.toml"
    cfg.write_text(f'[fleet]\nhost = "127.0.0.1"\nport = {free_port()}\nname = "cab-1"\npassword = "x"\n')
    out, err = _run(["run", "--display", "headless", "--seconds", "2", "--shots", str(tmp_path / "shots"),
                     "--config", str(cfg)], tmp_path)
    assert out["code"] == 0 and "handheld.fleet.link" in out["loaded"]
    assert err.count("connecting to the broker") == 1
