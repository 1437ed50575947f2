"""The options screen: stick + FIRE pick the mode, sound, order and level, then begin."""

import pygame

from handheld.base.config import Config
from handheld.games.archon import GAME
from handheld.games.archon.options import OptionsScene
from handheld.runtime.context import Context
from handheld.base.actions import Action, frame_from_masks
from handheld.ui.palette import rgb


def tap(action):
    return frame_from_masks((int(action), int(action), 0, int(action)))


def make(tmp_path):
    ctx = Context.headless_context(settings=Config(tmp_path / "c.toml", boot_path=None))
    scene = OptionsScene(ctx, GAME)
    ctx.director.push(scene)
    return scene, ctx


def test_rows_change_with_the_stick_and_fire(tmp_path):
    scene, ctx = make(tmp_path)
    assert scene.menu.items[0] == "ONE PLAYER, COMPUTER DARK"
    scene.update(tap(Action.RIGHT))
    assert scene.menu.items[0] == "TWO PLAYERS, TWO STICKS"
    scene.update(tap(Action.FIRE))
    assert scene.menu.items[0] == "ONE PLAYER, COMPUTER LIGHT"
    scene.update(tap(Action.DOWN))
    scene.update(tap(Action.FIRE))
    assert scene.menu.items[1] == "SOUND OFF" and ctx.settings.get("sound.enabled") is False
    scene.update(tap(Action.DOWN))
    scene.update(tap(Action.LEFT))
    assert scene.menu.items[2] == "DARK FIRST"
    scene.update(tap(Action.DOWN))
    scene.update(tap(Action.RIGHT))
    assert scene.menu.items[3] == "COMPUTER: STRONG"
    assert scene.options() == {"mode": "computer_light", "first": "dark", "level": "strong"}


def test_begin_starts_the_match_with_the_options(tmp_path):
    scene, ctx = make(tmp_path)
    while scene.menu.items[scene.menu.index] != "BEGIN THE BATTLE":
        scene.update(tap(Action.DOWN))
    scene.update(tap(Action.FIRE))
    runner = ctx.director.top
    assert type(runner).__name__ == "MatchRunner"
    assert runner.options == {"mode": "computer_dark", "first": "light", "level": "classic"}
    assert runner.match.computer == {"dark"} and runner.match.phase == "select"


def test_practice_and_bestiary_are_offered(tmp_path):
    scene, ctx = make(tmp_path)
    assert "PRACTICE DUEL" in scene.menu.items and "BESTIARY" in scene.menu.items
    while scene.menu.items[scene.menu.index] != "BESTIARY":
        scene.update(tap(Action.DOWN))
    scene.update(tap(Action.FIRE))
    assert type(ctx.director.top).__name__ == "BestiaryScene"


def test_how_to_play_row_opens_the_card_and_alt_leaves(tmp_path):
    scene, ctx = make(tmp_path)
    surface = pygame.Surface((320, 240))
    scene.draw(surface)
    assert surface.get_at((200, 5))[:3] == rgb("night")          # the title line
    assert surface.get_at((300, 150))[:3] == rgb("ink")          # the screen behind the menu
    while scene.menu.items[scene.menu.index] != "HOW TO PLAY":
        scene.update(tap(Action.DOWN))
    scene.update(tap(Action.FIRE))
    howto = ctx.director.top
    assert type(howto).__name__ == "HowToScene" and howto.panels == GAME.how_to_play()
    howto.update(tap(Action.ALT))
    assert ctx.director.top is scene
    scene.update(tap(Action.ALT))                                # ALT backs out, as on every first screen
    assert ctx.director.top is None


def test_help_text_names_who_plays_in_each_mode(tmp_path):
    from handheld.games.archon.options import WHO_PLAYS
    scene, ctx = make(tmp_path)
    assert scene.options()["mode"] == "computer_dark"
    assert "YOU ARE LIGHT" in WHO_PLAYS["computer_dark"][0][0]
    assert "YOU ARE DARK" in WHO_PLAYS["computer_light"][0][0]
    assert "TWO PLAYERS" in WHO_PLAYS["two_players"][0][0]
    surface = pygame.Surface((320, 240))
    scene.draw(surface)
    # the one-player line is drawn in Light's colour in the text window
    assert any(surface.get_at((x, y))[:3] == rgb("light_side") for x in range(4, 200) for y in range(216, 240))
    scene.update(tap(Action.RIGHT))                               # -> two players
    scene.draw(surface)
    assert any(surface.get_at((x, y))[:3] == rgb("dark_side") for x in range(4, 200) for y in range(226, 240))
