"""The operator chooses the games every cabinet shows: pushed through a real
broker, it reaches a running cabinet's open menu and its config file."""

import pytest

pytest.importorskip("paho.mqtt.client", reason="needs apt-get install python3-paho-mqtt")

from fleetbroker import USERS, wait_until  # noqa: E402
from running_cabinet import running_cabinet, tap, ticks  # noqa: E402
from handheld.base.actions import Action  # noqa: E402
from handheld.tools.cli import main as handheld_main  # noqa: E402


def _push(broker, tmp_path, monkeypatch, text):
    push = tmp_path / "event.toml"
    push.write_text(text)
    monkeypatch.setenv("HANDHELD_FLEET_PASSWORD", USERS["operator"])
    return handheld_main(["fleet", "push", "settings", str(push), "--host", "127.0.0.1", "--port", str(broker.port)])


def test_pushed_games_reach_the_open_menu_and_the_config_file(broker, tmp_path, monkeypatch):
    cab, link = running_cabinet(broker, tmp_path)
    try:
        wait_until(lambda: link.connected)
        tap(cab, Action.FIRE)
        menu = cab.director.top
        assert len(menu.games) == 5
        assert _push(broker, tmp_path, monkeypatch, '[cabinet]\ngames = ["sphinx", "atom4"]\n') == 0

        def shown():
            ticks(cab, 60)                           # the menu looks once a second
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
