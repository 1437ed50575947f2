"""Atom-4's board view zooms to the part of the lattice in play (issue 17)."""

import pygame

from handheld.runtime.context import Context
from handheld.games.atom4.art import Sprites
from handheld.games.atom4.draw import GEOMETRY, ZOOMS, VIEW, choose_view
from handheld.games.atom4.match import MatchScene
from handheld.games.atom4.rules import CELLS, EMPTY, RED, index
from handheld.games.atom4.showcase import played_scene
from handheld.base.actions import Action, frame_from_masks
from handheld.runtime.rng import Rng
from handheld.ui.palette import rgb


def ctx():
    return Context.headless_context(seed=1)


def on_screen_box(pic, i):
    x, y = pic.screen_xy(i)
    r = pic.geometry.r + 1                      # a piece and its ring
    return pygame.Rect(x - r, y - r, 2 * r + 1, 2 * r + 1)


def assert_in_view(pic, points):
    for i in points:
        assert VIEW.contains(on_screen_box(pic, i)), (i % 16, i // 16, pic.view)


def test_the_opening_is_zoomed_in_and_shows_every_piece_marker_and_the_cursor():
    scene = MatchScene(ctx(), 5, {"players": 2})
    s = pygame.Surface((320, 240))
    scene.draw(s)
    pic, pos = scene.picture, scene.match.pos
    assert pic.view[0] == len(ZOOMS) - 1           # the closest zoom
    assert pic.geometry.sx >= 2 * GEOMETRY[0].sx - 2
    assert_in_view(pic, [i for i in range(CELLS) if pos.board[i] != EMPTY] + list(pos.legal))
    assert_in_view(pic, [scene.match.cursor])


def test_every_level_still_shows_at_least_the_start_area():
    # the closest zoom is clamped: an 8x8 block of points (more than the start's
    # pieces and their legal spots) fits whole in the window at every level
    for g in GEOMETRY:
        assert 7 * g.sx + g.sx // 2 + 2 * g.margin + 1 <= VIEW.w
        assert 7 * g.sy + 2 * g.margin + 1 <= VIEW.h


def test_played_games_keep_every_atom_and_the_cursor_in_view():
    for seed in range(1, 7):
        for moves in (0, 6, 14, 30, 60):
            scene = played_scene(ctx(), seed, moves, {"players": 2, "rounds": 1})
            s = pygame.Surface((320, 240))
            scene.draw(s)
            pic, m = scene.picture, scene.match
            atoms = [i for i in range(CELLS) if m.pos.board[i] != EMPTY]
            assert_in_view(pic, atoms)
            if m.phase == "play":
                assert_in_view(pic, [m.cursor] + sorted(m.pos.legal))
            for i in atoms:                         # and they are drawn where the view says
                assert s.get_at(pic.screen_xy(i))[:3] != rgb("night")


def test_the_view_grows_out_as_the_game_spreads():
    def level(moves):
        pos = played_scene(ctx(), 3, moves, {"players": 2, "rounds": 1}).match.pos
        return choose_view([i for i in range(CELLS) if pos.board[i] != EMPTY] + sorted(pos.legal), None)[0]

    assert level(0) == len(ZOOMS) - 1 and level(40) < level(0)


def test_the_cursor_never_leaves_the_screen_under_the_stick():
    scene = MatchScene(ctx(), 7, {"players": 2, "rounds": 1})
    rng = Rng(7)
    dirs = (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT)
    s = pygame.Surface((320, 240))
    seen = set()
    for step in range(400):
        a = int(dirs[rng.randrange(4)]) if step % 3 else 0
        scene.update(frame_from_masks((a, a, 0, a), (a, a, 0, a)))
        scene.draw(s)
        assert_in_view(scene.picture, [scene.match.cursor])
        seen.add(scene.picture.view)
    assert len(seen) > 1                            # the view really followed it


def test_the_view_holds_still_while_the_cursor_moves_among_the_pieces():
    scene = played_scene(ctx(), 2, 14, {"players": 2, "rounds": 1})
    m = scene.match
    region = [i for i in range(CELLS) if m.pos.board[i] != EMPTY] + sorted(m.pos.legal)
    views = {choose_view(region, c) for c in region}
    assert len(views) == 1


def test_a_cursor_far_from_play_is_followed_by_panning_not_zooming():
    scene = MatchScene(ctx(), 5, {"players": 2})
    s = pygame.Surface((320, 240))
    scene.draw(s)
    level = scene.picture.view[0]
    scene.match.cursor = index(0, 0)
    scene.draw(s)
    assert_in_view(scene.picture, [index(0, 0)])
    assert scene.picture.view[0] == level          # same piece size; the view moved
    views = []
    for x in range(15, -1, -1):                    # a walk across the lattice pans in jumps
        scene.match.cursor = index(x, 8)
        scene.draw(s)
        assert_in_view(scene.picture, [index(x, 8)])
        if not views or views[-1] != scene.picture.view:
            views.append(scene.picture.view)
    assert len(views) <= 8                         # 16 steps, not a pan per step


def test_legal_markers_are_big_enough_to_read_at_every_zoom():
    for _, _, r in ZOOMS:
        sp = Sprites(False, r)
        h = sp.hints[RED]
        w = h.get_width()
        key = h.get_colorkey()
        drawn = [(x, y) for x in range(w) for y in range(w) if h.get_at((x, y)) != key]
        across = max(x for x, _ in drawn) - min(x for x, _ in drawn) + 1
        red = [p for p in drawn if h.get_at(p)[:3] == rgb("red")]
        assert across >= 8 + (r - 5), r             # the 4-px squares were too small; bigger zoomed in
        assert len(red) >= 9, r                     # a disc of the colour to play, not a dot
        assert across < 2 * r + 1                   # smaller than a piece: reads as a spot


def test_the_marker_on_screen_is_the_colour_to_play_in_a_ring():
    scene = MatchScene(ctx(), 5, {"players": 2})
    s = pygame.Surface((320, 240))
    scene.match.tick = 40
    scene.draw(s)
    x, y = scene.picture.screen_xy(index(8, 8))
    r = scene.picture.geometry.r
    patch = [s.get_at((x + dx, y + dy))[:3] for dx in range(-r, r + 1) for dy in range(-r, r + 1)]
    assert patch.count(rgb("red")) >= 20 and rgb("silver") in patch


def test_the_colour_wheel_has_a_label():
    from handheld.games.atom4.draw import PANEL

    scene = MatchScene(ctx(), 5, {"players": 2})
    s = pygame.Surface((320, 240))
    scene.draw(s)
    label = [s.get_at((x, y))[:3] for x in range(PANEL.x, PANEL.right) for y in range(PANEL.y + 36, PANEL.y + 56)]
    assert label.count(rgb("silver")) > 40 and label.count(rgb("grey")) > 30
