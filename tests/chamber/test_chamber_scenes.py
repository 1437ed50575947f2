"""The screens: options, the human's menu, hidden hands, the hot-seat curtain,
deflect through the curtain with its timeout, computer pacing, animations."""

import pygame
from chamber_helpers import ARMS, CROWNS, E, MOONS, SUNS, W, give, put, sp

from handheld.display.base import logical_surface
from handheld.runtime.context import Context
from handheld.games.chamber import GAME
from handheld.games.chamber.art import SUIT_COLOURS
from handheld.games.chamber.match import CPU_PACE, DEFLECT_TICKS, MatchScene
from handheld.games.chamber.options import OptionsScene
from handheld.base.actions import EMPTY_FRAME, Action, frame_from_masks
from handheld.ui.palette import rgb


def press(action):
    return frame_from_masks((int(action), int(action), 0, int(action)))


def held(action):
    return frame_from_masks((int(action), 0, 0, 0))


def match(seats, current=0):
    ctx = Context.headless_context(seed=1)
    scene = MatchScene(ctx, 5, {"seats": seats})
    scene.state.current = current
    return scene


def idle(scene, n):
    for _ in range(n):
        scene.update(EMPTY_FRAME)


def test_options_pick_seats_and_start_a_match():
    ctx = Context.headless_context(seed=1)
    opts = OptionsScene(ctx, GAME)
    ctx.director.push(opts)
    opts.update(press(Action.RIGHT))               # 3 sorcerers
    opts.update(press(Action.DOWN))
    opts.update(press(Action.DOWN))                # second seat (Moons)
    assert opts.options() == {"seats": [["human", 0], ["cpu", 2], ["cpu", 2]]}   # ADEPT, a first game's
    opts.update(press(Action.LEFT))                # adept -> apprentice
    assert opts.options() == {"seats": [["human", 0], ["cpu", 1], ["cpu", 2]]}
    for _ in range(2):
        opts.update(press(Action.DOWN))
    assert opts.menu.items[opts.menu.index] == "START"
    opts.update(press(Action.FIRE))
    runner = ctx.director.top
    assert runner is not opts and runner.match.seats == [("human", 0), ("cpu", 1), ("cpu", 2)]


def test_human_moves_through_the_menu():
    scene = match([["human", 0], ["cpu", 3]])
    start = scene.state.pos[0]
    scene.update(press(Action.FIRE))               # MOVE
    assert scene.chooser.candidate_spaces()
    target = scene.chooser.cursor_space()
    scene.update(press(Action.FIRE))
    assert scene.state.pos[0] == target != start and scene.state.moves == 1


def test_rotate_with_the_stick_and_alt_goes_back():
    scene = match([["human", 0], ["cpu", 3]])
    scene.update(press(Action.DOWN))
    scene.update(press(Action.FIRE))               # ROTATE
    scene.update(press(Action.ALT))                # back to the menu
    assert scene.chooser.kind is None
    scene.update(press(Action.FIRE))
    scene.update(frame_from_masks((int(Action.UP), int(Action.UP), 0, int(Action.UP))))
    scene.update(press(Action.FIRE))
    assert scene.state.facing[0] == 0 and scene.state.moves == 1


def test_alt_on_the_menu_shows_help_for_the_item():
    from handheld.games.chamber.draw import _window_lines
    scene = match([["human", 0], ["cpu", 3]])
    scene.update(EMPTY_FRAME)
    scene.update(press(Action.ALT))
    lines = [t for t, _ in _window_lines(scene)]
    assert scene.chooser.help and lines[1].startswith("STEP ONE SPACE AHEAD")


def _hand_row_colours(scene):
    surf = logical_surface()
    scene.draw(surf)
    return {tuple(surf.get_at((x, y)))[:3] for x in range(192, 318) for y in range(74, 88)}


def test_hand_shown_to_its_human_owner_only():
    scene = match([["human", 0], ["cpu", 3]])
    give(scene.state, 0, SUNS)
    give(scene.state, 1, CROWNS)
    scene.version += 1
    scene.update(EMPTY_FRAME)
    assert scene.hand_visible() == 0
    assert rgb(SUIT_COLOURS[SUNS]) in _hand_row_colours(scene)
    scene.state.current = 1                        # the computer's turn: its suits stay hidden
    scene.chooser = None
    assert scene.hand_visible() == -1
    assert rgb(SUIT_COLOURS[CROWNS]) not in _hand_row_colours(scene)


def test_curtain_between_two_humans():
    scene = match([["human", 0], ["human", 0]])
    assert scene.viewer == -1
    scene.update(EMPTY_FRAME)
    assert scene.curtain and scene.hand_visible() == -1
    scene.update(press(Action.FIRE))
    assert not scene.curtain and scene.viewer == 0
    scene.state.moves = 0
    scene.update(EMPTY_FRAME)
    scene.update(press(Action.FIRE))               # END TURN is the only item left... or first
    while scene.state.current == 0:
        scene.update(press(Action.DOWN))
        scene.update(press(Action.FIRE))
    assert scene.curtain and scene.hand_visible() == -1
    scene.update(press(Action.FIRE))
    assert scene.viewer == 1 and scene.hand_visible() == 1


def _zap_setup(seats):
    scene = match(seats)
    st = scene.state
    put(st, 0, sp(3, 0), E)
    put(st, 1, sp(3, 7), W)
    give(st, 0, MOONS)
    give(st, 1, MOONS, ARMS)
    scene.viewer = 0
    return scene


def _human_zaps(scene):
    scene.update(EMPTY_FRAME)
    kinds = scene.chooser.top_kinds
    for _ in range(kinds.index("zap")):
        scene.update(press(Action.DOWN))
    scene.update(press(Action.FIRE))               # one target, one orb: done
    assert scene.state.phase == "deflect"


def test_deflect_offered_through_the_curtain_times_out_to_no_deflect():
    scene = _zap_setup([["human", 0], ["human", 0]])
    _human_zaps(scene)
    assert scene.anims[0][0] == "bolt"
    idle(scene, 24)                                # the bolt flies
    assert scene.curtain and scene.actor() == 1 and scene.hand_visible() == -1
    idle(scene, DEFLECT_TICKS - 1)
    assert scene.state.phase == "deflect"
    idle(scene, 1)
    assert scene.state.pyr[1] == 2 and scene.state.hand[1] == [0, 1, 0, 1]


def test_human_defender_deflects_back():
    scene = _zap_setup([["human", 0], ["human", 0]])
    _human_zaps(scene)
    idle(scene, 30)
    scene.update(press(Action.FIRE))               # lift the curtain
    idle(scene, 1)
    assert scene.hand_visible() == 1
    menu, title = scene.chooser.menu()
    assert menu.items == ["NO DEFLECT", "DEFLECT: MOONS", "DEFLECT: ARMS"]
    scene.update(press(Action.DOWN))
    scene.update(press(Action.FIRE))
    assert scene.state.pyr == [2, 3]
    assert [a[0] for a in scene.anims][:2] == ["reveal", "bolt"]


def test_zap_bolt_is_drawn_along_its_line():
    scene = _zap_setup([["human", 0], ["cpu", 1]])
    scene.state.hand[1] = [0, 0, 0, 0]
    _zap_setup  # noqa: B018
    scene.update(EMPTY_FRAME)
    kinds = scene.chooser.top_kinds
    for _ in range(kinds.index("zap")):
        scene.update(press(Action.DOWN))
    scene.update(press(Action.FIRE))
    idle(scene, 12)
    surf = logical_surface()
    scene.draw(surf)
    row_y = 14 + 3 * 18 + 9
    assert rgb("yellow") in {tuple(surf.get_at((x, row_y)))[:3] for x in range(4, 184)}


def test_computer_turn_is_paced_and_fire_fast_forwards():
    scene = match([["cpu", 3], ["cpu", 3]])
    idle(scene, CPU_PACE["move"] - 5)
    assert scene.version == 0                      # still "thinking" on screen
    fast = match([["cpu", 3], ["cpu", 3]])
    for _ in range(CPU_PACE["move"] // 2):         # FIRE held: the answer as soon as it is thought,
        fast.update(held(Action.FIRE))             # a slice a tick (the frame budget still holds)
    assert fast.version >= 1


def test_same_frames_same_match():
    a, b = match([["cpu", 2], ["cpu", 3], ["cpu", 1]]), match([["cpu", 2], ["cpu", 3], ["cpu", 1]])
    for i in range(900):
        f = held(Action.FIRE) if i % 3 else EMPTY_FRAME
        a.update(f)
        b.update(f)
    assert a.state_hash() == b.state_hash() and a.version > 10


def test_all_computer_match_ends_with_a_winner():
    scene = match([["cpu", 3], ["cpu", 2], ["cpu", 3], ["cpu", 1]])
    for _ in range(40000):
        scene.update(held(Action.FIRE))
        if scene.finished:
            break
    assert scene.finished and scene.result["text"].endswith("WINS")
    assert scene.state.winner >= 0


def test_screens_draw_the_board_and_panel():
    scene = match([["human", 0], ["cpu", 3]])
    surf = logical_surface()
    scene.update(EMPTY_FRAME)
    scene.draw(surf)
    assert tuple(surf.get_at((art_x(0), art_y(0))))[:3] == rgb("night")   # a portal
    assert tuple(surf.get_at((4 + 4 * 18 + 2, 14 + 4 * 18 + 2)))[:3] == rgb("ink")  # the centre
    pygame.quit()


def art_x(c):
    return 4 + c * 18 + 9


def art_y(r):
    return 14 + r * 18 + 3


def test_alt_during_a_deflect_shows_its_help_and_a_human_places_orbs():
    from handheld.games.chamber.draw import _window_lines
    scene = _zap_setup([["cpu", 3], ["human", 0]])
    scene.viewer = 1
    scene.state.current = 0
    for _ in range(400):
        scene.update(EMPTY_FRAME)
        if scene.state.phase == "deflect" and not scene.anims and scene.chooser:
            break
    scene.update(press(Action.ALT))
    assert scene.chooser.help
    assert _window_lines(scene)[1][0].startswith("SAME SUIT AS THE ZAP")
    scene.update(press(Action.ALT))
    scene.update(press(Action.DOWN))
    scene.update(press(Action.FIRE))                 # deflect with Moons: matches the zap
    for _ in range(400):
        scene.update(EMPTY_FRAME)
        if scene.state.phase == "place" and scene.actor() == 1 and not scene.anims:
            break
    scene.update(EMPTY_FRAME)
    spot = scene.chooser.cursor_space()
    assert spot in scene.chooser.candidate_spaces()
    scene.update(press(Action.FIRE))
    assert scene.state.orbs[spot] == (MOONS,)


def test_a_zap_report_covers_the_text_window_not_the_board():
    import pygame

    from handheld.display.base import logical_surface
    from handheld.games.chamber import art
    from handheld.games.chamber.showcase import zap_scene

    scene = zap_scene(Context.headless_context(seed=3), 3)
    scene.anims[:] = [a for a in scene.anims if a[0] == "reveal"]    # the report, without the bolt
    assert scene.anims
    with_report = logical_surface()
    scene.draw(with_report)
    scene.anims.clear()
    without = logical_surface()
    scene.draw(without)
    board = pygame.Rect(art.BX, art.BY, art.BOARD_PX, art.BOARD_PX)
    same = pygame.image.tostring(with_report.subsurface(board), "RGB") == \
        pygame.image.tostring(without.subsurface(board), "RGB")
    assert same, "the report must leave the board visible"
    window = pygame.Rect(0, 200, 320, 36)
    assert pygame.image.tostring(with_report.subsurface(window), "RGB") != \
        pygame.image.tostring(without.subsurface(window), "RGB")


# --- the facing mark (issue 17: "two stray white marks on the board's right edge") ---

def test_facing_mark_is_a_gold_arrowhead_on_the_facing_side_and_no_white_stroke():
    import pygame

    from handheld.games.chamber import art
    from handheld.games.chamber.board import DIRS
    from handheld.ui.palette import rgb

    for big in (False, True):
        for facing, (dr, dc) in enumerate(DIRS):
            s = art.sorcerer(1, 3, facing, big)          # moons: silver pyramids
            size = s.get_width()
            gold = [(x, y) for x in range(size) for y in range(size) if s.get_at((x, y))[:3] == rgb("gold")]
            assert len(gold) >= (8 if not big else 20), (facing, big)
            assert not any(s.get_at((x, y))[:3] == rgb("white") for x in range(size) for y in range(size))
            mx = sum(x for x, _ in gold) / len(gold) - (size - 1) / 2
            my = sum(y for _, y in gold) / len(gold) - (size - 1) / 2
            # the arrowhead's middle lies out from the centre the way the sorcerer faces
            assert mx * dc + my * dr > size / 5, (facing, big, mx, my)
            assert pygame.Rect(0, 0, size, size).collidepoint(gold[0])


def test_the_small_moon_icon_is_a_crescent_not_a_slash():
    # the panel's 8-px moon used to thin to a white "\" beside the board
    from handheld.games.chamber import art

    s = art.suit_icon(1, 8)
    key = s.get_colorkey()
    drawn = [(x, y) for x in range(8) for y in range(8) if s.get_at((x, y)) != key]
    top, bottom = min(y for _, y in drawn), max(y for _, y in drawn)
    row = lambda yy: sorted(x for x, y in drawn if y == yy)
    assert bottom - top >= 5
    assert row(top) == row(bottom)                  # a C, mirrored top to bottom; a slash is not
    assert min(x for x, _ in drawn) < row(top)[0]   # and its back bulges left
