"""Archon's how-to-play card: 3-5 panels whose words fit and whose pictures draw."""

import pygame

from handheld.runtime.context import Context
from handheld.games.archon import GAME
from handheld.ui.howto import PICTURE_RECT, HowToScene, text_lines_fit
from handheld.ui.palette import rgb


def test_card_has_goal_controls_and_rules_panels_that_fit():
    panels = GAME.how_to_play()
    assert 3 <= len(panels) <= 5
    assert [p.heading for p in panels] == ["THE GOAL", "YOUR TURN", "THE DUEL", "THE LIGHT CYCLE"]
    for p in panels:
        assert text_lines_fit(p), p.heading
        assert p.picture is not None


def test_each_picture_draws_inside_its_rect_in_the_sides_colours():
    ctx = Context.headless_context()
    scene = HowToScene(ctx, GAME.title, GAME.how_to_play())
    for i, panel in enumerate(scene.panels):
        scene.index = i
        s = pygame.Surface((320, 240))
        scene.draw(s)
        pixels = {tuple(s.get_at((x, y)))[:3] for x in range(PICTURE_RECT.left, PICTURE_RECT.right, 2)
                  for y in range(PICTURE_RECT.top, PICTURE_RECT.bottom, 2)}
        assert len(pixels) > 8, panel.heading
        if panel.heading in ("THE GOAL", "THE LIGHT CYCLE", "THE DUEL"):
            assert rgb("light_side") in pixels and rgb("dark_side") in pixels, panel.heading
