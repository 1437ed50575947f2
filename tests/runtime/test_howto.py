"""The how-to-play card pages with the stick and FIRE, leaves with ALT, and
turns by itself in attract mode."""

import pygame
import pytest

from handheld.runtime.context import Context
from handheld.display.base import logical_surface
from handheld.base.actions import EMPTY_FRAME, Action, frame_from_masks
from handheld.base.scene import Scene
from handheld.ui.howto import AUTO_TICKS, HowToScene, Panel, text_lines_fit


def _press(mask):
    return frame_from_masks((mask, mask, 0, mask))


def _box(colour):
    return lambda surface, rect: surface.fill(colour, rect.inflate(-40, -40))


PANELS = [Panel("THE GOAL", "TAKE THE LAST STONE.", _box((200, 0, 0))),
          Panel("CONTROLS", "STICK PICKS, FIRE TAKES.", _box((0, 200, 0))),
          Panel("ONE RULE", "ONE TO THREE STONES A TURN.")]


def _scene(auto=False):
    ctx = Context.headless_context()
    ctx.director.push(Scene())
    card = HowToScene(ctx, "Nim", PANELS, auto=auto)
    ctx.director.push(card)
    return ctx, card


def test_fire_and_the_stick_page_through_and_the_last_fire_leaves():
    ctx, card = _scene()
    card.update(_press(Action.FIRE))
    assert card.index == 1
    card.update(_press(Action.LEFT))
    assert card.index == 0
    card.update(_press(Action.RIGHT))
    card.update(_press(Action.FIRE))
    assert card.index == 2 and not card.finished
    card.update(_press(Action.FIRE))
    assert card.finished and ctx.director.top is not card


def test_alt_leaves_at_once():
    ctx, card = _scene()
    card.update(_press(Action.ALT))
    assert card.finished and ctx.director.top is not card


def test_attract_mode_turns_the_panels_by_itself_then_finishes():
    ctx, card = _scene(auto=True)
    for _ in range(AUTO_TICKS):
        card.update(EMPTY_FRAME)
    assert card.index == 1
    for _ in range(2 * AUTO_TICKS):
        card.update(EMPTY_FRAME)
    assert card.finished


def test_each_panel_draws_its_own_picture():
    _, card = _scene()
    surf = logical_surface()
    pictures = []
    for _ in PANELS:
        card.draw(surf)
        pictures.append(pygame.image.tostring(surf, "RGB"))
        card.update(_press(Action.FIRE))
    assert len(set(pictures)) == 3
    centre = (160, 100)
    card.index = 0
    card.draw(surf)
    assert tuple(surf.get_at(centre))[:3] == (200, 0, 0)


def test_a_card_needs_panels_and_text_that_fits():
    with pytest.raises(ValueError):
        HowToScene(Context.headless_context(), "Nim", [])
    assert all(text_lines_fit(p) for p in PANELS)
    assert not text_lines_fit(Panel("LONG", "WORDS " * 60))
