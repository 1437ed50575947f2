"""The operator chooses the games every cabinet shows: pushed through a real
broker, it reaches a running cabinet's open menu and its config file."""

import pytest

pytest.importorskip("paho.mqtt.client", reason="needs apt-get install python3-paho-mqtt")

from fleetbroker import USERS, wait_until  # noqa: E402
from handheld.base.actions import Action  # noqa: E402
from handheld.base.config import Config  # noqa: E402
from handheld.tools.cli import main as handheld_main  # noqa: E402


def _running_cabinet(broker, tmp_path):
    from handheld.audio import NullAudio
    from handheld.cabinet.app import Cabinet
    from handheld.display.headless import HeadlessDisplay
    from handheld.fleet.link import start_fleet
    from handheld.input.manager import InputManager

    cfg_path = tmp_path / "handheld.toml"
    cfg_path.write_text('# the cabinet\'s own note\n[fleet]\nhost = "127.0.0.1"\nport = %d\nname = "cab-1"\n'
                        'password = "%s"\n' % (broker.port, USERS["cab-1"]))
    cfg = Config.load(cfg_path, boot_path=None)
    cab = Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, seed=1, data_dir=str(tmp_path / "state"))
    return cab, start_fleet(cfg, cab, str(tmp_path / "state"))


def _push(broker, tmp_path, monkeypatch, text):
    push = tmp_path / "event.toml"
    push.write_text(text)
    monkeypatch.setenv("HANDHELD_FLEET_PASSWORD", USERS["operator"])
    return handheld_main(["fleet", "push", "settings", str(push), "--host", "127.0.0.1", "--port", str(broker.port)])


def test_pushed_games_reach_the_open_menu_and_the_config_file(broker, tmp_path, monkeypatch):
    cab, link = _running_cabinet(broker, tmp_path)
    try:
        wait_until(lambda: link.connected)
        cab.input.raw.press(0, Action.FIRE, "test")
        cab.tick()
        cab.input.raw.release(0, Action.FIRE, "test")
        cab.tick()
        menu = cab.director.top
        assert len(menu.games) == 5
        assert _push(broker, tmp_path, monkeypatch, '[cabinet]\ngames = ["sphinx", "atom4"]\n') == 0

        def shown():
            for _ in range(60):                      # the menu looks once a second
                cab.tick()
            return [g.id for g in menu.games] == ["sphinx", "atom4"]
        wait_until(shown, timeout=20)
        assert menu.menu.items[:2] == ["THE INSCRUTABLE SPHINX", "ATOM-4"]
        text = (tmp_path / "handheld.toml").read_text()
        assert "# the cabinet's own note" in text and 'games = ["sphinx", "atom4"]' in text
    finally:
        link.stop()


def test_push_refuses_games_the_cabinet_does_not_know_naming_the_known_ones(broker, tmp_path, monkeypatch, capsys):
    assert _push(broker, tmp_path, monkeypatch, '[cabinet]\ngames = ["sphinx", "pacman"]\n') != 0
    err = capsys.readouterr().err
    assert "cabinet.games" in err and "'pacman'" in err and "archon, spectral, sphinx, chamber, atom4" in err
