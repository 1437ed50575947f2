"""A sixth game plugs in with its package and one registry line: the menu, the
title, attract mode and the command line find it with nothing else changed."""

import json

from handheld.cabinet.attract import AttractScene
from handheld.tools.cli import main as cli_main
from handheld.runtime.context import Context
from handheld.games.registry import GAMES, built_games
from handheld.base.actions import EMPTY_FRAME
from handheld.cabinet.launcher import MenuScene, count_in_words


def test_the_menu_and_the_title_count_the_sixth_game():
    ctx = Context.headless_context()
    assert "NIM" in MenuScene(ctx).menu.items
    assert len(GAMES) == len(built_games())            # the sixth is built and counted
    assert count_in_words(len(GAMES)) == count_in_words(len(built_games()))


def test_attract_mode_plays_the_sixth_games_demo():
    ctx = Context.headless_context(seed=1)
    ids = [g.id for g in built_games()]
    attract = AttractScene(ctx, demo_seconds=2, start_index=ids.index("nim"))
    assert attract.demo_game.id == "nim"
    for _ in range(60 * 60):
        attract.update(EMPTY_FRAME)
        if len(attract.shown) == 2:
            break
    assert attract.shown[:2] == ["nim", ids[0]], "after its demo the next game's follows"


def test_the_command_line_runs_the_sixth_games_tools(capsys):
    assert cli_main(["selfplay", "nim", "--seed", "4", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["winner"] in ("P1", "P2") and result["turns"] >= 5
    assert cli_main(["nim", "best", "10"]) == 0
    assert capsys.readouterr().out.strip() == "2"
