"""Cabinet behaviours a mutation check showed untested: each test here fails
with its planted bug (named in the docstring)."""

import os
import subprocess
import sys

from handheld import TICK_HZ
from handheld.cabinet.app import parse_combo
from handheld.base.actions import Action
from handheld.cabinet.launcher import TitleScene
from handheld.cabinet.settings_scene import AdminScene, SettingsScene

from test_cabinet import cabinet, idle, tap


def test_holding_the_admin_combo_on_opens_the_admin_menu_once(tmp_path):
    """Planted bug: `>=` instead of `==` pushes another admin menu every tick."""
    cab = cabinet(tmp_path, kiosk=True, cabinet__admin_hold_s=2)
    cab.input.raw.press(0, parse_combo("START+SELECT+FIRE"), "test")
    idle(cab, 2 * TICK_HZ + 3 * TICK_HZ)
    admins = [s for s in cab.director.scenes if isinstance(s, AdminScene)]
    assert len(admins) == 1


def test_idle_return_is_for_kiosk_mode_only(tmp_path):
    """Planted bug: the kiosk idle return also runs at home, throwing away a player's game."""
    cab = cabinet(tmp_path, kiosk=False, cabinet__idle_return_s=10, cabinet__attract_after_s=600)
    tap(cab, Action.FIRE)
    cab.director.push(SettingsScene(cab.ctx))
    idle(cab, 20 * TICK_HZ)
    assert isinstance(cab.director.top, SettingsScene) and not isinstance(cab.director.scenes[-1], TitleScene)


def test_the_cabinet_starts_with_a_config_it_cannot_read(tmp_path):
    """Planted bug: an OSError other than 'not found' escapes Config.load and stops the start."""
    folder = tmp_path / "handheld.toml"
    folder.mkdir()                                  # a directory where the file should be
    env = dict(os.environ, PYTHONPATH=os.getcwd(), HANDHELD_STATE_DIR=str(tmp_path / "state"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "handheld", "run", "--display", "headless", "--config",
                           str(folder), "--seconds", "0.1", "--shots", str(tmp_path / "shots")],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "is a directory" in proc.stderr and "Traceback" not in proc.stderr
    assert (tmp_path / "shots" / "000-title.png").exists()
