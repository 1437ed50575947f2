"""The pause and end menus sit in a band over the text window: the board stays in view."""

import pygame
import pytest

from handheld.context import Context
from handheld.games.registry import built_games
from handheld.input.actions import EMPTY_FRAME, Action, frame_from_masks
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
