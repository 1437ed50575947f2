"""Atom-4's board read by a stranger (issue 45): the last move's changes are
marked in no piece colour and say what they were, the cursor never vanishes,
the board's numbers find what a hint names, and the view holds still until
play reaches its edge."""

import re

import pygame
from pixeltext import where_drawn
from test_atom4_screens import ctx, press, run, surface

from handheld.games.atom4.art import PIECE_COLOURS, Sprites
from handheld.games.atom4.draw import GEOMETRY, VIEW, change_text, choose_view, region_boxes
from handheld.games.atom4.match import FLASH_TICKS, MatchScene
from handheld.games.atom4.rules import CELLS, EMPTY, GREEN, RED, YELLOW, index
from handheld.games.atom4.showcase import played_scene
from handheld.base.actions import EMPTY_FRAME, Action
from handheld.runtime.rng import Rng
from handheld.ui.palette import rgb
from handheld.ui.text import text_width
from handheld.ui.widgets import PLAY_RECT, TextWindow

PIECE_RGB = {rgb(c) for c in PIECE_COLOURS}


def around(s, x, y, inner, outer):
    """The pixels between radius `inner` and `outer` (a square ring) around (x, y)."""
    return [s.get_at((x + dx, y + dy))[:3] for dx in range(-outer, outer + 1) for dy in range(-outer, outer + 1)
            if max(abs(dx), abs(dy)) > inner]


def inside(s, x, y, r):
    return {s.get_at((x + dx, y + dy))[:3] for dx in range(-r, r + 1) for dy in range(-r, r + 1)
            if dx * dx + dy * dy <= r * r}


def test_a_changed_piece_keeps_its_colour_and_wears_a_mark_in_no_piece_colour_until_the_next_move():
    scene = MatchScene(ctx(), 5, {"players": 2})
    scene.update(press(Action.FIRE))                   # red at 8,6 turns the green at 7,7 yellow
    m, pic = scene.match, scene.picture
    assert m.changed == [index(8, 6), index(7, 7)]
    assert m.message == "RED CHANGED GREEN->YELLOW"
    s = surface()
    lit = 0
    for _ in range(FLASH_TICKS + 30):
        scene.draw(s)
        x, y = pic.screen_xy(index(7, 7))
        r = pic.geometry.r
        assert inside(s, x, y, r - 3) == {rgb("yellow")}   # never pale, never white
        lit += any(p == rgb("silver") for p in around(s, x, y, r, r + 3))
        scene.update(EMPTY_FRAME)
    assert m.flash == 0 and 30 <= lit < FLASH_TICKS + 30    # blinks while fresh, then stays
    scene.draw(s)
    assert any(p == rgb("silver") for p in around(s, x, y, r, r + 3))
    m.cursor = index(9, 6)                              # next to the red only
    scene.update(press(Action.FIRE, pad=1))             # the next move: its own marks only
    assert m.changed[0] == index(9, 6) and index(7, 7) not in m.changed


def test_the_marks_are_in_no_piece_colour_at_any_zoom():
    assert rgb("silver") not in PIECE_RGB
    for g in GEOMETRY:
        sp = Sprites(False, g.r)
        for mark in (sp.changed, sp.placed):
            key = mark.get_colorkey()
            inks = {mark.get_at((x, y))[:3] for x in range(mark.get_width()) for y in range(mark.get_height())
                    if mark.get_at((x, y)) != key}
            assert inks == {rgb("silver")}
        # a changed piece's dots are not a placed piece's line
        assert pygame.image.tostring(sp.changed, "RGB") != pygame.image.tostring(sp.placed, "RGB")


def test_the_change_message_names_each_piece_old_and_new_colour_and_always_fits():
    assert change_text(GREEN, [(RED, YELLOW)]) == "GREEN CHANGED RED->YELLOW"
    assert change_text(GREEN, [(RED, YELLOW), (RED, YELLOW), (4, 6)]) == "GREEN CHANGED RED->YELLOW X2, BLUE->CYAN"
    assert change_text(RED, []) == ""
    room = TextWindow.rect.w - 8
    every = [(a, a | GREEN) for a in range(8) if a | GREEN != a]
    assert text_width(change_text(GREEN, every)) <= room
    for seed in range(1, 5):                           # and in played games
        scene = played_scene(ctx(), seed, 0, {"players": 2, "rounds": 1})
        m, rng = scene.match, Rng(seed)
        while m.phase == "play" and len(m.pos.moves) < 80:
            before = m.pos.board[:]
            m._play(rng.choice(m.pos.legal_moves()))
            assert text_width(m.message) <= room
            for i in m.changed[1:]:
                assert f"{PIECE_COLOURS[before[i]]}->{PIECE_COLOURS[m.pos.board[i]]}".upper() in m.message \
                    or "DOTTED RINGS" in m.message


def gold_near(s, pic, i):
    x, y = pic.screen_xy(i)
    r = pic.geometry.r
    return sum(p == rgb("gold") for p in around(s, x, y, r, r + 3))


def test_the_cursor_shows_on_every_tick_of_a_human_turn_also_right_after_the_computer_moved():
    scene = MatchScene(ctx(), 9, {"players": 1, "human_side": 1, "level": "easy"})
    m, pic, s = scene.match, scene.picture, surface()
    rng = Rng(9)
    human_ticks = after_computer = 0
    for step in range(1500):
        was_computer = m.pos.player == 2
        mask, t = 0, m.tick + 1 - m.turn_tick
        if m.pos.player == 1 and m.thinker is None:    # wander, ask for a hint, play it
            if t in (4, 8):
                mask = int((Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN)[rng.randrange(4)])
            elif t == 12:
                mask = int(Action.ALT)
            elif t > 12 and t % 4 == 0 and m.message.startswith("HINT: "):
                mask = int(Action.FIRE)
        scene.update(press(mask) if mask else EMPTY_FRAME)
        if m.phase != "play":
            break
        scene.draw(s)
        if m.pos.player == 1:
            human_ticks += 1
            after_computer += was_computer
            assert gold_near(s, pic, m.cursor) >= 8 or m.cursor_tick >= m.turn_tick, (step, m.cursor)
            assert gold_near(s, pic, m.cursor) + sum(
                p == rgb("danger") for p in around(s, *pic.screen_xy(m.cursor), pic.geometry.r,
                                                    pic.geometry.r + 3)) >= 8, step
    assert human_ticks > 300 and after_computer >= 3


def test_the_cursor_on_the_computers_new_piece_is_gold_not_an_error():
    scene = MatchScene(ctx(), 9, {"players": 1, "human_side": 1, "level": "easy"})
    m = scene.match
    scene.update(press(Action.FIRE))
    while m.pos.player == 2:
        scene.update(EMPTY_FRAME)
    s = surface()
    scene.draw(s)
    assert m.cursor == m.changed[0] and not m.pos.is_legal(m.cursor)
    assert gold_near(s, scene.picture, m.cursor) >= 8


def label_strips():
    top = pygame.Rect(0, PLAY_RECT.y, VIEW.right + 6, VIEW.y - PLAY_RECT.y)
    left = pygame.Rect(0, VIEW.y - 4, VIEW.x, VIEW.h + 4)
    return top, left


def test_a_hint_names_the_point_by_the_numbers_drawn_at_the_board_edges():
    for seed in (2, 5, 9):
        scene = played_scene(ctx(), seed, 20, {"players": 2, "rounds": 1})
        m = scene.match
        scene.update(press(Action.ALT, pad=m.pad_of(m.pos.player)))
        run(scene, 600)
        found = re.match(r"HINT: (\d+),(\d+)", m.message)
        assert found and (int(found[1]), int(found[2])) == (m.cursor % 16, m.cursor // 16)
        s = surface()
        scene.draw(s)
        x, y = scene.picture.screen_xy(m.cursor)
        top, left = label_strips()
        at = where_drawn(s, found[1], "gold", top)
        step = scene.picture.geometry.sx
        shift = step // 2 if m.cursor // 16 % 2 else 0     # odd rows: half a step right
        assert at and abs(at[0] + text_width(found[1]) / 2 + shift - x) <= 2   # over the cursor's column
        at = where_drawn(s, found[2], "gold", left)
        assert at and abs(at[1] + 3 - y) <= 1                              # level with it


def test_every_row_in_view_has_its_number_level_with_it():
    scene = played_scene(ctx(), 3, 30, {"players": 2, "rounds": 1})
    s = surface()
    scene.draw(s)
    pic = scene.picture
    _, left = label_strips()
    rows = {i // 16 for i in range(CELLS) if VIEW.collidepoint(pic.screen_xy(i))}
    assert len(rows) >= 8
    for row in rows:
        y = pic.screen_xy(row * 16)[1]
        colour = "gold" if row == scene.match.cursor // 16 else "grey"
        strip = pygame.Rect(left.x, y - 4, left.w, 9)
        if VIEW.y <= y - 2 and y + 3 < VIEW.bottom:
            assert where_drawn(s, str(row), colour, strip), row


def test_the_view_moves_only_when_play_reaches_its_edge_and_rarely():
    moves = shifts = 0
    for seed in range(1, 9):
        scene = played_scene(ctx(), seed, 0, {"players": 2, "rounds": 1})
        pos, rng = scene.match.pos, Rng(seed)
        before = None
        while pos.winner is None and len(pos.moves) < 70:
            pos.play(rng.choice(pos.legal_moves()))
            region = [i for i in range(CELLS) if pos.board[i] != EMPTY] + sorted(pos.legal)
            view = choose_view(region, None)
            assert view == choose_view(region, None, region_boxes(region))     # from the state alone
            g = GEOMETRY[view[0]]
            x0, x1, y0, y1 = region_boxes(region)[view[0]]
            if before and before[0] == view[0]:
                m = g.margin
                still_fits = (before[1] <= x0 - m and x1 + m < before[1] + VIEW.w
                              and before[2] <= y0 - m and y1 + m < before[2] + VIEW.h)
                if still_fits:
                    assert view == before, (seed, len(pos.moves))
                shifts += view != before
            moves += 1
            before = view
    assert shifts * 8 <= moves                         # a still board: it moves on few moves
