"""Every game has an instruction card of 3-5 illustrated panels whose words fit
the text window, reachable from the game's first screen."""

import pygame
import pytest
from conftest import game_ids

from handheld.runtime.context import Context
from handheld.display.base import logical_surface
from handheld.games.registry import load_game
from handheld.base.actions import Action, frame_from_masks
from handheld.ui.howto import HowToScene, text_lines_fit

GAME_IDS = game_ids()


def _press(mask):
    return frame_from_masks((mask, mask, 0, mask))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_card_has_three_to_five_panels_that_fit_and_differ(game_id):
    game = load_game(game_id)
    panels = game.how_to_play()
    assert 3 <= len(panels) <= 5
    assert all(p.heading and text_lines_fit(p) for p in panels), [p.heading for p in panels]
    card = HowToScene(Context.headless_context(), game.title, panels)
    surf = logical_surface()
    pictures = set()
    for i in range(len(panels)):
        card.index = i
        card.draw(surf)
        pictures.add(pygame.image.tostring(surf, "RGB"))
    assert len(pictures) == len(panels)
    assert any(p.picture is not None for p in panels), "at least one panel is illustrated"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_first_screen_leads_to_the_card(game_id):
    game = load_game(game_id)
    for splash in (False, True):                        # a title splash may come first (spectral)
        for downs in range(12):
            ctx = Context.headless_context()
            ctx.start_match = lambda *a, **k: None      # FIRE on START would begin a match
            ctx.director.push(game.start_scene(ctx))
            if splash:
                ctx.director.top.update(_press(Action.FIRE))
            for _ in range(downs):
                ctx.director.top.update(_press(Action.DOWN))
            ctx.director.top.update(_press(Action.FIRE))
            if isinstance(ctx.director.top, HowToScene):
                return
    pytest.fail(f"{game_id}: no row of the first screen opens the how-to-play card")
