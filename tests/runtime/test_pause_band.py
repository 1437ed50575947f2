"""The pause and end menus sit in a band over the text window: the board stays in view."""

import pygame
import pytest

from handheld.runtime.context import Context
from handheld.games.registry import built_games
from handheld.base.actions import EMPTY_FRAME, Action, frame_from_masks
from handheld.runtime.match import MENU_BAND, MatchRunner
from handheld.ui.palette import rgb
from handheld.ui.widgets import PLAY_RECT


def start_pressed():
    p = (int(Action.START), int(Action.START), 0, int(Action.START))
    return frame_from_masks(p)


@pytest.mark.parametrize("game", built_games(), ids=lambda g: g.id)
def test_pause_menu_leaves_the_play_area_visible(game):
    ctx = Context.headless_context(seed=1)
    runner = MatchRunner(ctx, game, {}, 3)
    for _ in range(30):
        runner.update(EMPTY_FRAME)
    before, paused = pygame.Surface((320, 240)), pygame.Surface((320, 240))
    runner.draw(before)
    runner.update(start_pressed())
    assert runner.menu is not None and runner.menu_kind == "pause"
    runner.draw(paused)
    band_top = MENU_BAND[1]
    assert band_top >= PLAY_RECT.bottom          # below the play area
    # every row above the band is what the match drew: nothing covers the board
    for y in range(PLAY_RECT.top, band_top, 3):
        for x in range(0, 320, 2):
            assert paused.get_at((x, y)) == before.get_at((x, y)), (x, y)
    gold = rgb("gold")
    band = [paused.get_at((x, y))[:3] for x in range(320) for y in range(band_top, 240)]
    assert band.count(gold) > 200                 # PAUSED, the border and the highlighted item
    runner.update(start_pressed())                # START again resumes
    assert runner.menu is None


def test_long_result_text_wraps_inside_the_band():
    from handheld.runtime.match import draw_menu_band
    from handheld.ui.widgets import Menu

    s = pygame.Surface((320, 240))
    s.fill(rgb("black"))
    draw_menu_band(s, "WHITE (P1) WINS THE MATCH BY THREE ROUNDS TO ONE", Menu(["A", "B", "C"]), "FIRE: CHOOSE")
    x, y, w, h = MENU_BAND
    second_line = [s.get_at((px, y + 14))[:3] for px in range(x + 6, 190)]
    assert rgb("gold") in second_line             # the title's second line
    assert all(s.get_at((px, y - 1))[:3] == rgb("black") for px in range(320))   # nothing drawn above


def press(action):
    p = (int(action), int(action), 0, int(action))   # held, pressed, released, repeat
    return frame_from_masks(p)


@pytest.mark.parametrize("choice, downs", [("RESTART", 1), ("QUIT TO MENU", 2)])
def test_a_pause_choice_that_throws_the_match_away_asks_first_with_no_highlighted(choice, downs):
    from handheld.runtime.match import CONFIRM

    game = built_games()[0]
    ctx = Context.headless_context(seed=1)
    from handheld.base.scene import Scene

    ctx.director.push(Scene())                               # what the match was started from
    runner = MatchRunner(ctx, game, {}, 3)
    ctx.director.push(runner)
    for _ in range(30):
        runner.update(EMPTY_FRAME)
    hash_before = runner.match.state_hash()
    runner.update(start_pressed())
    for _ in range(downs):
        runner.update(press(Action.DOWN))
        runner.update(EMPTY_FRAME)
    runner.update(press(Action.FIRE))                       # one FIRE: only a question
    assert runner.menu_kind == "confirm" and runner.menu.items[runner.menu.index] == "NO, PLAY ON"
    shot = pygame.Surface((320, 240))
    runner.draw(shot)                                        # the question draws in the band
    runner.update(press(Action.FIRE))                        # NO: back to the pause menu, nothing lost
    assert runner.menu_kind == "pause" and ctx.director.top is runner
    assert runner.menu.items[runner.menu.index] == choice            # on the same choice
    assert runner.match.state_hash() == hash_before
    runner.update(press(Action.FIRE))
    runner.update(press(Action.ALT))                         # ALT is NO too
    assert runner.menu_kind == "pause" and ctx.director.top is runner
    runner.update(press(Action.FIRE))
    assert runner.menu_kind == "confirm" and runner.confirming == choice and choice in CONFIRM
    runner.update(press(Action.DOWN))
    runner.update(press(Action.FIRE))                        # YES
    assert ctx.director.top is not runner
