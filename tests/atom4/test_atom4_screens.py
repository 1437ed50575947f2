"""Atom-4 screens, headless: pixels and the state they show."""

import pygame

from handheld.games.atom4 import GAME
from handheld.games.atom4.match import FLASH_TICKS, ROUND_END_TICKS, cursor_step
from handheld.games.atom4.rules import CYAN, RED, Position, index
from handheld.games.atom4.art import PIECE_COLOURS, R, Sprites
from handheld.games.atom4.draw import PANEL
from handheld.games.atom4.match import MatchScene
from handheld.runtime.context import Context
from handheld.base.actions import EMPTY_FRAME, Action, frame_from_masks
from handheld.ui.palette import rgb


def press(action, pad=0):
    p = (int(action), int(action), 0, int(action))
    return frame_from_masks(*([(0, 0, 0, 0)] * pad + [p]))


def ctx(aid=False):
    return Context.headless_context(seed=1, settings={"display.colour_blind": aid})


def surface():
    return pygame.Surface((320, 240))


def box_has(s, x, y, colour, r=R + 1):
    """Some pixel of the (2r+1)-square around (x, y) has `colour` (rings are
    drawn by pygame, whose circle rasterisation differs slightly by version)."""
    want = rgb(colour)
    return any(s.get_at((x + dx, y + dy))[:3] == want
               for dx in range(-r, r + 1) for dy in range(-r, r + 1))


def run(scene, n, frame=EMPTY_FRAME):
    for _ in range(n):
        scene.update(frame)


def test_cursor_moves_along_lattice_directions():
    i = index(7, 7)                                    # odd row
    assert cursor_step(i, 1, 0) == index(8, 7)
    assert cursor_step(i, 0, -1) == index(7, 6)        # up keeps the column: up-left on odd rows
    assert cursor_step(index(7, 6), 0, -1) == index(7, 5)  # and up-right on even rows
    assert cursor_step(i, 1, 1) == index(8, 8) and cursor_step(i, -1, -1) == index(7, 6)
    assert cursor_step(index(0, 0), -1, 0) == index(0, 0)  # the edge stops it


def test_human_places_a_piece_and_it_shows_on_the_lattice():
    c = ctx()
    scene = MatchScene(c, 5, {"players": 2, "rounds": 1})
    m = scene.match
    assert m.cursor == index(8, 6)                     # first legal spot
    scene.update(press(Action.FIRE))
    assert m.pos.board[index(8, 6)] == RED and m.pos.board[index(7, 7)] == 3  # green -> yellow
    assert "atom4.place" in c.audio.played
    s = surface()
    run(scene, FLASH_TICKS)                            # let the flash end
    scene.draw(s)
    x, y = scene.picture.screen_xy(index(8, 6))
    assert s.get_at((x, y))[:3] == rgb("red")
    assert s.get_at(scene.picture.screen_xy(index(7, 7)))[:3] == rgb("yellow")


def test_player2_uses_the_second_stick_in_a_two_player_match():
    scene = MatchScene(ctx(), 5, {"players": 2, "rounds": 1})
    scene.update(press(Action.FIRE))                   # P1 plays
    before = list(scene.match.pos.board)
    scene.update(press(Action.FIRE, pad=0))            # P1's stick does nothing on P2's turn
    assert scene.match.pos.board == before
    scene.update(press(Action.RIGHT, pad=1))           # cursor (8,6) -> (9,6), a legal spot
    assert scene.match.cursor == index(9, 6)
    scene.update(press(Action.FIRE, pad=1))
    assert scene.match.pos.turn == 2 and scene.match.pos.board[index(9, 6)] == 3  # yellow


def test_illegal_spot_buzzes_and_says_why():
    c = ctx()
    scene = MatchScene(c, 5, {"players": 2})
    scene.match.cursor = index(0, 0)
    scene.update(press(Action.FIRE))
    assert scene.match.pos.turn == 0 and "atom4.bad" in c.audio.played
    assert scene.match.message.startswith("NOT HERE")
    s = surface()
    scene.match.tick = 0
    scene.draw(s)
    pic = scene.picture
    x, y = pic.screen_xy(index(0, 0))
    assert box_has(s, x, y, "danger", pic.geometry.r + 1)   # red cursor ring on an illegal spot
    scene.match.cursor = index(8, 6)
    scene.draw(s)
    assert box_has(s, *pic.screen_xy(index(8, 6)), "gold", pic.geometry.r + 1)
    assert not any(s.get_at((x, y))[:3] == rgb("danger") for x in range(4, 222) for y in range(12, 196))


def test_legal_spots_are_hinted_in_the_colour_to_play():
    scene = MatchScene(ctx(), 5, {"players": 2})
    s = surface()
    scene.match.tick = 40                              # cursor blinked off
    scene.draw(s)
    x, y = scene.picture.screen_xy(index(8, 8))
    assert s.get_at((x, y))[:3] == rgb("red")           # the marker at a legal empty spot
    x, y = scene.picture.screen_xy(index(6, 6))
    assert s.get_at((x, y))[:3] == rgb("slate")         # a plain empty point


def test_computer_thinks_across_ticks_with_an_indicator_and_is_deterministic():
    def play(seed):
        scene = MatchScene(ctx(), seed, {"players": 1, "human_side": 1, "level": "normal"})
        scene.update(press(Action.FIRE))
        m = scene.match
        assert m.pos.player == 2
        ticks = 0
        s = surface()
        lit = False
        while m.pos.player == 2:
            scene.update(EMPTY_FRAME)
            ticks += 1
            assert m.thinking or m.pos.player == 1
            if m.thinking and not lit:
                scene.draw(s)
                lit = any(s.get_at((PANEL.x + PANEL.w // 2 - 7 + k * 5, PANEL.bottom - 12))[:3] == rgb("gold")
                          for k in range(3))
        return ticks, m.pos.moves[-1], scene.state_hash(), lit

    a, b = play(9), play(9)
    assert a == b
    assert a[0] >= 30                                  # a watchable pace
    assert a[3] or a[0] < 8                            # the indicator was shown


def test_alt_asks_for_a_hint_and_the_cursor_jumps_to_it():
    scene = MatchScene(ctx(), 5, {"players": 2})
    scene.update(press(Action.FIRE))                   # P1 red
    scene.update(press(Action.ALT, pad=1))             # P2 asks
    m = scene.match
    run(scene, 400)
    assert m.message.startswith("HINT: ") and m.pos.is_legal(m.cursor) and m.pos.player == 2


def _force_win(scene):
    rows = [["."] * 16 for _ in range(16)]
    for (x, y), ch in {(3, 6): "w", (4, 6): "w", (5, 6): "w", (6, 6): "c", (7, 6): "g"}.items():
        rows[y][x] = ch
    m = scene.match
    m.pos = Position.from_rows(["".join(r) for r in rows], turn=0, round_no=m.round_no)
    m.cursor = index(6, 5)
    scene.update(press(Action.FIRE))


def test_a_won_round_scores_highlights_the_row_and_starts_the_next_round():
    c = ctx()
    scene = MatchScene(c, 5, {"players": 2, "rounds": 3})
    _force_win(scene)
    m = scene.match
    assert m.phase == "round_end" and m.scores == {1: 1, 2: 0} and "atom4.win" in c.audio.played
    assert m.line == sorted(index(x, 6) for x in (3, 4, 5, 6))
    s = surface()
    m.tick = 0
    scene.draw(s)
    x, y = scene.picture.screen_xy(index(4, 6))
    ring = scene.picture.geometry.r + 1
    assert box_has(s, x, y, "gold", ring)
    m.tick = 10                                         # the highlight blinks
    scene.draw(s)
    assert not box_has(s, x, y, "gold", ring)
    run(scene, ROUND_END_TICKS)
    assert m.phase == "play" and m.round_no == 2
    assert m.pos.board[index(7, 7)] == CYAN and m.pos.board[index(8, 7)] == RED and m.pos.player == 2


def test_match_ends_with_a_result_after_its_rounds():
    scene = MatchScene(ctx(), 5, {"players": 2, "rounds": 1})
    _force_win(scene)
    run(scene, ROUND_END_TICKS)
    assert scene.finished and scene.result["winner"] == 1 and "WINS 1-0" in scene.result["text"]


def test_colour_aid_marks_every_colour_differently_and_colours_are_distinct():
    plain, aid = Sprites(False), Sprites(True)
    arrays = []
    for c in range(8):
        p, a = plain.pieces[c], aid.pieces[c]
        assert p.get_at((R, R))[:3] == rgb(PIECE_COLOURS[c])
        arrays.append(pygame.image.tostring(a, "RGB"))
        assert pygame.image.tostring(p, "RGB") != arrays[-1]       # the aid adds a mark
    assert len(set(arrays)) == 8
    # masks of the marks alone differ too (not just the fill colour)
    marks = set()
    for c in range(8):
        a = aid.pieces[c]
        fill = a.get_at((R - 4, R))[:3]
        marks.add(tuple(a.get_at((x, y))[:3] != fill for x in range(2, 9) for y in range(2, 9)))
    assert len(marks) == 8
    cols = {rgb(n) for n in PIECE_COLOURS}
    assert len(cols) == 8 and rgb("night") not in cols


def test_the_match_scene_reads_the_colour_aid_setting():
    s1, s2 = surface(), surface()
    a = MatchScene(ctx(False), 5, {"players": 2})
    b = MatchScene(ctx(True), 5, {"players": 2})
    a.match.tick = b.match.tick = 40
    a.draw(s1)
    b.draw(s2)
    x, y = a.picture.screen_xy(index(8, 7))            # the purple piece: red and blue dots
    r = a.picture.geometry.r
    k = (2 * r + 1) / 11                               # the red dot sits at (5, 3) of an 11-px piece
    dot = (x - r + round(5 * k), y - r + round(3 * k))
    assert s1.get_at(dot)[:3] == rgb("purple")
    assert s2.get_at(dot)[:3] == rgb("white")


def test_options_screen_changes_options_and_starts_a_match():
    c = ctx()
    scene = GAME.start_scene(c)
    c.director.push(scene)
    scene.update(press(Action.RIGHT))                  # players 1 -> 2
    assert scene.options["players"] == 2
    scene.update(press(Action.LEFT))
    for _ in range(2):
        scene.update(press(Action.DOWN))
    assert scene.options["level"] == "easy"            # a first match: the level a newcomer beats sometimes
    scene.update(press(Action.RIGHT))                  # level easy -> normal
    assert scene.options["level"] == "normal"
    scene.update(press(Action.RIGHT))                  # and back: hard is not offered
    assert scene.options["level"] == "easy"
    for _ in range(2):
        scene.update(press(Action.DOWN))
    scene.update(press(Action.FIRE))                   # START
    top = c.director.top
    assert top is not scene and top.match.match.options["level"] == "easy"


def test_demo_plays_itself_to_the_end():
    c = ctx()
    scene = GAME.demo_scene(c, 3)
    s = surface()
    for t in range(20000):
        scene.update(EMPTY_FRAME)
        if t % 500 == 0:
            scene.draw(s)
        if scene.finished:
            break
    assert scene.finished and scene.result["winner"] in (1, 2, "draw")


def test_same_seed_options_and_frames_replay_to_the_same_hash():
    # place, let the computer answer, ask for a hint, place there, let it answer
    script = [press(Action.FIRE)] + [EMPTY_FRAME] * 300 + [press(Action.ALT)] + [EMPTY_FRAME] * 400
    script += [press(Action.FIRE)] + [EMPTY_FRAME] * 300

    def go(seed):
        scene = GAME.match_scene(ctx(), seed, {"players": 1, "human_side": 1, "level": "easy"})
        for f in script:
            scene.update(f)
        return scene.state_hash(), list(scene.match.pos.moves)

    a, b = go(21), go(21)
    assert a == b and len(a[1]) == 4
    assert go(22)[0] != a[0]


def test_the_text_window_speaks_plain_english_to_you():
    from handheld.games.atom4 import draw
    from handheld.games.atom4.match import MatchScene

    scene = MatchScene(Context.headless_context(seed=2), 2, {"players": 1})
    first = draw.lines(scene.match)[0][0]
    assert first.startswith("YOU (WHITE) PLAY ") or first.startswith("CPU (BLACK) PLAYS "), first
    assert "(P" not in first


def test_the_cursor_stays_on_screen_after_a_refused_move():
    from handheld.display.base import logical_surface
    from handheld.games.atom4.match import MatchScene
    from handheld.base.actions import Action, frame_from_masks
    from handheld.ui.palette import rgb

    scene = MatchScene(Context.headless_context(seed=2), 2, {"players": 2})
    m = scene.match
    fire = frame_from_masks((Action.FIRE, Action.FIRE, 0, 0))
    while not (m.phase == "play" and m.is_human(m.pos.player)):
        scene.update(frame_from_masks())
    m.cursor = next(i for i in range(256) if not m.pos.is_legal(i))
    surface = logical_surface()
    scene.draw(surface)
    x, y = scene.picture.screen_xy(m.cursor)
    r = scene.picture.geometry.r + 1
    red = rgb("danger")
    shown = []
    for _ in range(60):                      # a second of pressing FIRE on a refused spot
        scene.update(fire)
        scene.update(frame_from_masks())
        surface = logical_surface()
        scene.draw(surface)
        ring = [surface.get_at((x + dx, y + dy))[:3] for dx in range(-r, r + 1) for dy in range(-r, r + 1)]
        shown.append(red in ring)
    assert all(shown), "the cursor ring blinked out right after a refusal"
