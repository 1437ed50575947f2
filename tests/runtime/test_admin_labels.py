"""The admin and settings labels say what the cabinet will really do."""

import tomllib

from handheld.cabinet.app import Cabinet
from handheld.audio import NullAudio
from handheld.base.config import Config
from handheld.display.headless import HeadlessDisplay
from handheld.base.actions import Action, InputFrame, PlayerInput
from handheld.input.manager import InputManager
from handheld.cabinet.settings_scene import AdminScene, SettingsScene


def cabinet(tmp_path, **kw):
    path = tmp_path / "h.toml"
    path.write_text("")
    cfg = Config.load(path, boot_path=None)
    return Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, seed=5, **kw)


def press(scene, action):
    scene.update(InputFrame((PlayerInput(action, action, 0, action),) + InputFrame().players[1:]))
    scene.update(InputFrame())


def test_under_the_service_the_quit_item_says_restart_and_ends_this_cabinet(tmp_path, monkeypatch):
    monkeypatch.setenv("INVOCATION_ID", "a" * 32)
    cab = cabinet(tmp_path, kiosk=True, kiosk_locked=True)
    admin = AdminScene(cab.ctx)
    assert admin.menu.items == ["BACK TO CABINET", "SETTINGS", "RESET RECORDS", "RESTART CABINET", "POWER OFF"]
    for _ in range(3):
        press(admin, Action.DOWN)
    press(admin, Action.FIRE)
    assert cab.ctx.quit_requested          # the service's Restart=always starts a new one


def test_by_hand_the_quit_item_says_quit(tmp_path, monkeypatch):
    monkeypatch.delenv("INVOCATION_ID", raising=False)
    admin = AdminScene(cabinet(tmp_path, kiosk=True).ctx)
    assert admin.menu.items[3] == "QUIT"


def test_kiosk_from_the_command_line_shows_locked_on_and_is_not_saved(tmp_path, monkeypatch):
    monkeypatch.setenv("INVOCATION_ID", "a" * 32)
    cab = cabinet(tmp_path, kiosk=True, kiosk_locked=True)
    settings = SettingsScene(cab.ctx)
    assert settings.menu.items[4] == "KIOSK MODE   ON (LOCKED)"
    for _ in range(4):
        press(settings, Action.DOWN)
    press(settings, Action.FIRE)
    assert settings.message == "LOCKED ON BY THE SERVICE"
    assert settings.menu.items[4] == "KIOSK MODE   ON (LOCKED)"
    assert "cabinet" not in tomllib.loads((tmp_path / "h.toml").read_text())


def test_kiosk_from_the_settings_file_toggles(tmp_path):
    cab = cabinet(tmp_path)
    settings = SettingsScene(cab.ctx)
    assert settings.menu.items[4] == "KIOSK MODE   OFF"
    for _ in range(4):
        press(settings, Action.DOWN)
    press(settings, Action.FIRE)
    assert settings.menu.items[4] == "KIOSK MODE   ON"
    assert tomllib.loads((tmp_path / "h.toml").read_text())["cabinet"]["kiosk"] is True
