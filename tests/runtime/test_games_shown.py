"""cabinet.games: which games the menu and attract mode show, in which order;
never an empty menu."""

import logging

from handheld.base.actions import Action
from handheld.base.config import Config
from handheld.cabinet.attract import AttractScene
from handheld.cabinet.launcher import MenuScene, TitleScene
from handheld.games.registry import GAMES, games_setting_error, shown_ids

from test_cabinet import cabinet, tap


def _menu(cab):
    tap(cab, Action.FIRE)
    assert isinstance(cab.director.top, MenuScene)
    return cab.director.top


def _demos(cab, rounds=2):
    attract = AttractScene(cab.ctx, 5)
    while len([s for s in attract.steps if s[0] == "demo"]) < rounds * len(attract.games):
        attract._next()
    return [game for kind, game in attract.steps if kind == "demo"]


def test_the_menu_and_attract_show_only_the_chosen_games_in_their_order(tmp_path):
    cab = cabinet(tmp_path, cabinet__games='["atom4", "sphinx"]')
    menu = _menu(cab)
    assert menu.menu.items[:len(menu.games)] == ["ATOM-4", "THE INSCRUTABLE SPHINX"] and len(menu.games) == 2
    assert menu.game.id == "atom4"
    tap(cab, Action.DOWN)
    assert menu.game.id == "sphinx"
    assert _demos(cab) == ["atom4", "sphinx", "atom4", "sphinx"]


def test_the_title_counts_the_games_shown(tmp_path):
    from handheld.display.base import logical_surface
    from handheld.ui.text import draw_text

    title = cabinet(tmp_path, cabinet__games='["atom4", "sphinx"]').director.top
    assert isinstance(title, TitleScene)
    surface = logical_surface()
    title.draw(surface)
    expected = surface.copy()
    draw_text(expected, 160, 100, "TWO GAMES OF STRATEGY AND MAGIC", "silver", align="center")
    assert expected.get_view("2").raw == surface.get_view("2").raw
    draw_text(expected, 160, 100, "FIVE GAMES OF STRATEGY AND MAGIC", "silver", align="center")
    assert expected.get_view("2").raw != surface.get_view("2").raw


def test_by_default_every_game_is_shown(tmp_path):
    menu = _menu(cabinet(tmp_path))
    assert [g.id for g in menu.games] == list(GAMES)


def test_an_unknown_id_is_one_line_naming_the_known_ones_and_the_rest_are_shown(tmp_path, caplog):
    with caplog.at_level(logging.WARNING):
        cab = cabinet(tmp_path, cabinet__games='["sphinx", "pacman"]')
    lines = [r.getMessage() for r in caplog.records if "cabinet.games" in r.getMessage()]
    assert len(lines) == 1 and "'pacman'" in lines[0] and "archon, spectral, sphinx, chamber, atom4" in lines[0]
    assert [g.id for g in _menu(cab).games] == ["sphinx"]


def test_an_empty_or_unknown_list_shows_every_game_and_says_so(tmp_path, caplog):
    for value, says in (("[]", 'must be "all" or a list of game ids'), ('["pacman"]', "showing all")):
        caplog.clear()
        folder = tmp_path / value.strip('[]"') if value != "[]" else tmp_path / "empty"
        folder.mkdir()
        with caplog.at_level(logging.WARNING):
            cab = cabinet(folder, cabinet__games=value)
        assert any(says in r.getMessage() for r in caplog.records), value
        assert [g.id for g in _menu(cab).games] == list(GAMES)
        assert _demos(cab, rounds=1) == list(GAMES)


def test_a_changed_setting_reaches_the_open_menu_within_a_second_keeping_the_highlight(tmp_path):
    cab = cabinet(tmp_path)
    menu = _menu(cab)
    tap(cab, Action.DOWN)
    tap(cab, Action.DOWN)
    assert menu.game.id == "sphinx"
    cab.config.set("cabinet.games", ["atom4", "sphinx"])      # as the fleet's thread does for the operator
    for _ in range(60):
        cab.tick()
    assert [g.id for g in menu.games] == ["atom4", "sphinx"] and menu.game.id == "sphinx"


def test_the_doctor_and_the_fleet_check_the_ids_against_the_registry(tmp_path):
    path = tmp_path / "h.toml"
    path.write_text('[cabinet]\ngames = ["sphinx", "pacman"]\n')
    cfg = Config.load(path, boot_path=None)
    from handheld.tools.doctor import _owned_section_warnings

    assert any("'pacman'" in w for w in _owned_section_warnings(cfg))
    assert games_setting_error(["sphinx", "pacman"]).startswith("names unknown games 'pacman'")
    assert games_setting_error(["sphinx"]) is None
    assert shown_ids("all") == (list(GAMES), None)


def test_the_title_checks_the_setting_without_importing_a_game(tmp_path):
    import os
    import subprocess
    import sys

    (tmp_path / "h.toml").write_text('[cabinet]\ngames = ["sphinx", "pacman"]\n')
    code = ("import sys\nfrom test_cabinet import cabinet\nfrom pathlib import Path\n"
            "from handheld.display.base import logical_surface\n"
            "cab = cabinet(Path(sys.argv[1]), cabinet__games='[\"sphinx\", \"pacman\"]')\n"
            "cab.director.top.draw(logical_surface())\n"
            "print(sorted(m for m in sys.modules if m.startswith('handheld.games.') and m.count('.') == 2))\n")
    here = os.path.dirname(os.path.abspath(__file__))
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=here + os.pathsep + os.path.dirname(os.path.dirname(here))))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['handheld.games.base', 'handheld.games.registry']"
