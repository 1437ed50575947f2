"""Screens, rendered headless: title -> options -> match, the idle demo, the
stick mapping, help, message pauses, colour-blind symbols, sounds, pixels."""

import pygame
import pytest

from handheld.runtime.context import Context
from handheld.games.spectral import GAME
from handheld.games.spectral import rules as R
from handheld.games.spectral import texts as T
from handheld.games.spectral.art import HH, HW, pad_centre
from handheld.games.spectral.draw import _lines, help_lines
from handheld.games.spectral.match import MatchScene
from handheld.games.spectral.options import IDLE_TICKS, TITLE_TICKS, DemoScene, OptionsScene, TitleScene
from handheld.base.actions import EMPTY_FRAME, Action, frame_from_masks
from handheld.ui.palette import rgb

P = R.pos_of


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def press(action, player=0):
    inp = (int(action), int(action), 0, int(action))
    return frame_from_masks(*([(0, 0, 0, 0)] * player + [inp]))


def run(scene, frames):
    for f in frames:
        scene.update(f)


def settle(scene, limit=2000):
    """Idle ticks until the scene waits for a human."""
    for _ in range(limit):
        if scene.step is None and not scene.steps and scene.phase in ("actions", "spells", "cursor"):
            return
        scene.update(EMPTY_FRAME)
    raise AssertionError("scene never waited for input")


def human_scene(mode="two", **opts):
    ctx = Context.headless_context()
    return ctx, MatchScene(ctx, 5, dict(GAME_OPTS, mode=mode, **opts))


GAME_OPTS = {"first": 0, "board": "standard", "save_power": 0, "level": "classic"}


def test_title_goes_to_options_on_fire_and_after_the_wait():
    ctx = Context.headless_context()
    ctx.director.push(TitleScene(ctx, GAME))
    ctx.director.top.update(press(Action.FIRE))
    assert isinstance(ctx.director.top, OptionsScene)
    ctx.director.replace(TitleScene(ctx, GAME))
    for _ in range(TITLE_TICKS - 1):
        ctx.director.top.update(EMPTY_FRAME)
    assert isinstance(ctx.director.top, TitleScene)
    ctx.director.top.update(EMPTY_FRAME)
    assert isinstance(ctx.director.top, OptionsScene)


def test_options_idle_starts_demo_and_any_input_returns():
    ctx = Context.headless_context()
    opts = OptionsScene(ctx, GAME)
    ctx.director.push(opts)
    for _ in range(IDLE_TICKS - 1):
        ctx.director.top.update(EMPTY_FRAME)
    assert ctx.director.top is opts
    ctx.director.top.update(EMPTY_FRAME)
    demo = ctx.director.top
    assert isinstance(demo, DemoScene) and demo.match.humans == (None, None)
    run(demo, [EMPTY_FRAME] * 200)
    assert ctx.director.top is demo and demo.match.tick == 200
    demo.update(press(Action.LEFT))
    assert ctx.director.top is opts and opts.idle == 0


def test_options_input_restarts_the_idle_timer_and_changes_values():
    ctx = Context.headless_context()
    opts = OptionsScene(ctx, GAME)
    ctx.director.push(opts)
    run(opts, [EMPTY_FRAME] * (IDLE_TICKS - 10))
    opts.update(press(Action.UP))            # to COMPUTER
    opts.update(press(Action.RIGHT))
    assert opts.options["level"] == "strong" and opts.idle == 0
    run(opts, [press(Action.UP)] * 4)       # to PLAYERS
    opts.update(press(Action.FIRE))
    assert opts.options["mode"] == "cpu_red"
    run(opts, [press(Action.DOWN)] * 5)     # START GAME
    opts.update(press(Action.FIRE))
    runner = ctx.director.top
    assert runner.match.humans == (None, 0) and runner.match.level == "strong"


def test_stick_mapping_is_the_originals_diagonal_one():
    ctx, sc = human_scene()
    settle(sc)
    sc.update(press(Action.FIRE))            # MOVE
    assert sc.phase == "cursor" and sc.cursor == P(0, 0)
    sc.update(press(Action.DOWN))            # down-right on screen: row + 1
    assert sc.cursor == P(1, 0)
    sc.update(press(Action.UP))
    sc.update(press(Action.RIGHT))           # up-right on screen: column + 1
    assert sc.cursor == P(0, 1)
    x0, y0 = pad_centre(P(0, 0))
    x1, y1 = pad_centre(P(0, 1))
    assert x1 > x0 and y1 < y0               # really up and to the right
    x2, y2 = pad_centre(P(1, 0))
    assert x2 > x0 and y2 > y0               # row + 1 is down and to the right
    sc.update(press(Action.FIRE))
    assert sc.state.wiz[0] == P(0, 1) and sc.state.power[0] == 21 - 2   # violet pad tweaked
    settle(sc)
    assert sc.shown_board[P(0, 1)] == R.BLUE and sc.state.player == 1
    assert "spectral.hop" in ctx.audio.played and "spectral.tweak" in ctx.audio.played


def test_move_shows_colour_and_cancel_and_refuses_too_far():
    ctx, sc = human_scene()
    settle(sc)
    sc.update(press(Action.FIRE))
    assert _lines(sc)[1][0] == "MOVE TO: CANCEL"
    sc.update(press(Action.DOWN))
    assert _lines(sc)[1][0] == "MOVE TO: GREEN"
    sc.update(press(Action.DOWN))            # two rows away: refused with a message
    assert sc.cursor == P(1, 0) and sc.steps[-1][1][1] == "TOO FAR FROM YOUR PAD"
    settle(sc)
    sc.update(press(Action.UP))
    sc.update(press(Action.FIRE))            # back on the start pad: cancel
    assert sc.state.power[0] == 21 and sc.state.player == 0
    assert sc.steps[-1][1][1:] == ("CANCELLED", 60)   # shown 1 s, as the original did
    settle(sc)
    assert sc.phase == "actions"


def test_alt_shows_help_for_the_highlighted_spell():
    ctx, sc = human_scene()
    settle(sc)
    sc.update(press(Action.DOWN))            # CAST
    sc.update(press(Action.FIRE))
    sc.update(press(Action.DOWN))
    sc.update(press(Action.DOWN))            # BLITZ
    sc.update(press(Action.ALT))
    assert sc.phase == "help" and help_lines(sc.help_key)[0][0].startswith("NEEDS 16 POWER")
    sc.update(press(Action.FIRE))
    assert sc.phase == "spells" and sc.spell_index == 2


def test_alt_twice_opens_the_instruction_card_over_the_match_and_comes_back():
    """The 1988 original showed brief instructions on its HELP key: ALT on an
    action's help opens the game's how-to card; leaving it returns to the match."""
    from handheld.ui.howto import HowToScene
    from handheld.games.spectral.howto import PANELS
    ctx, sc = human_scene()
    settle(sc)
    ctx.director.push(sc)
    sc.update(press(Action.ALT))                    # MOVE's help: four lines and the keys
    assert sc.phase == "help"
    for _ in range(260):
        sc.update(EMPTY_FRAME)
    assert sc.phase == "help"
    board = list(sc.state.board)
    sc.update(press(Action.ALT))
    card = ctx.director.top
    assert isinstance(card, HowToScene) and card.panels == list(PANELS) and card.title == GAME.title
    assert sc.phase == "actions"
    for _ in range(len(PANELS)):
        card.update(press(Action.FIRE))
    assert ctx.director.top is sc and card.finished
    assert sc.phase == "actions" and sc.state.player == 0 and list(sc.state.board) == board


def test_message_pause_is_skippable():
    ctx, sc = human_scene()
    settle(sc)
    sc.update(press(Action.DOWN))            # CAST
    sc.update(press(Action.FIRE))
    run(sc, [press(Action.UP)] * 2)          # RELEASE LOCKS (wraps backwards)
    assert sc.spell_index == 6
    sc.update(press(Action.FIRE))            # no locks: refused, 2 s message
    sc.update(EMPTY_FRAME)
    assert sc.message == "YOU HAVE NO LOCKS" and sc.step[1] > 100
    sc.update(press(Action.FIRE))
    assert sc.step is None and sc.message == ""


def test_teleport_cursor_shows_cost_and_moves_anywhere():
    ctx, sc = human_scene()
    settle(sc)
    sc.update(press(Action.DOWN))
    sc.update(press(Action.FIRE))            # CAST
    sc.update(press(Action.DOWN))
    sc.update(press(Action.FIRE))            # TELEPORT
    run(sc, [press(Action.DOWN)] * 4 + [press(Action.RIGHT)] * 4)
    assert sc.cursor == P(4, 4) and _lines(sc)[1][0] == "TELEPORT TO: VIOLET   COST 5"
    sc.update(press(Action.FIRE))
    assert sc.state.wiz[0] == P(4, 4) and sc.state.power[0] == 16
    settle(sc)
    assert "spectral.whoosh" in ctx.audio.played


def test_help_me_lets_the_classic_computer_act():
    ctx, sc = human_scene()
    settle(sc)
    run(sc, [press(Action.DOWN)] * 4)        # HELP ME
    sc.update(press(Action.FIRE))
    assert sc.phase == "think" and sc.helped
    settle(sc)
    assert sc.state.player == 1 and sc.state.power[0] < 21


def _pad_pixels(surface, pos):
    x, y = pad_centre(pos)
    return {tuple(surface.get_at((x + dx, y + dy)))[:3] for dx in range(-6, 7) for dy in range(-3, 4)}


def test_board_pixels_and_colour_blind_symbols():
    ctx = Context.headless_context()
    sc = MatchScene(ctx, 1, dict(GAME_OPTS, mode="two"))
    surf = pygame.Surface((320, 240))
    sc.draw(surf)
    assert tuple(surf.get_at(pad_centre(P(2, 2))))[:3] == rgb("green")
    assert rgb("black") not in _pad_pixels(surf, P(2, 2))
    ctx = Context.headless_context(settings={"display.colour_blind": True})
    sc = MatchScene(ctx, 1, dict(GAME_OPTS, mode="two"))
    sc.draw(surf)
    assert rgb("black") in _pad_pixels(surf, P(2, 2)) and rgb("green") in _pad_pixels(surf, P(2, 2))


def test_locked_pad_has_its_owners_edge_colour():
    ctx, sc = human_scene()
    sc.state.locks[P(2, 2)] = 2
    sc._sync()
    surf = pygame.Surface((320, 240))
    sc.draw(surf)
    x, y = pad_centre(P(2, 2))
    assert tuple(surf.get_at((x - HW + 4, y)))[:3] == rgb("ultraviolet")
    x, y = pad_centre(P(2, 3))
    assert tuple(surf.get_at((x - HW + 4, y)))[:3] == rgb("grey")
    assert HH == 11


def test_match_scene_is_deterministic_and_finishes():
    hashes = []
    for _ in range(2):
        ctx = Context.headless_context()
        sc = GAME.demo_scene(ctx, 9)
        for t in range(60000):
            sc.update(EMPTY_FRAME)
            if sc.finished:
                break
        hashes.append((sc.state_hash(), t, sc.result["text"]))
    assert hashes[0] == hashes[1] and sc.finished
    assert sc.state.over


def test_strong_computer_thinks_across_ticks():
    ctx, sc = human_scene(mode="cpu_red", level="strong")
    sc.update(EMPTY_FRAME)
    assert sc.phase == "think" and sc.thinker is not None
    ticks = 1
    while sc.phase == "think":
        sc.update(EMPTY_FRAME)
        ticks += 1
    assert ticks >= 20 and sc.phase == "show"
    assert sc.message.startswith("RED: ")


def test_resign_asks_for_a_second_fire():
    ctx, sc = human_scene()
    settle(sc)
    sc.update(press(Action.UP))              # the list wraps back to RESIGN
    sc.update(press(Action.FIRE))
    assert not sc.state.over and sc.message == "FIRE AGAIN TO RESIGN"
    sc.update(press(Action.FIRE))
    assert sc.state.over and sc.state.resigned == 0
    run(sc, [EMPTY_FRAME] * 400)
    assert sc.finished and sc.result == {"winner": "violet", "text": "RED RESIGNS", "turns": 1}


def test_resigning_against_the_computer_is_a_loss_in_the_records():
    ctx, sc = human_scene("cpu_violet")      # player 1 is Red
    settle(sc)
    sc.update(press(Action.UP))
    sc.update(press(Action.FIRE))
    sc.update(press(Action.FIRE))
    run(sc, [EMPTY_FRAME] * 400)
    assert sc.finished and sc.result["winner"] == "violet"
    assert sc.result["records"] == {"level": "classic", "human_won": False}


def test_blitz_is_animated_pass_by_pass():
    from handheld.games.spectral.showcase import blitz

    ctx = Context.headless_context()
    sc = blitz(ctx, 4)                       # Red, 40 power, on a wide green field
    while sc.phase != "show":
        sc.update(EMPTY_FRAME)
    assert sc.chosen == ("blitz",)
    boards, passes = set(), set()
    for _ in range(600):
        sc.update(EMPTY_FRAME)
        boards.add(tuple(sc.shown_board))
        if sc.step is not None and sc.step[0] == "blitz_pass":
            passes.add(sc.step[3][2])
        if sc.state.player == 1 and sc.step is None and not sc.steps:
            break
    assert passes == {1, 2} and len(boards) > 20     # pads change one by one, two passes
    assert tuple(sc.shown_board) == tuple(sc.state.board)
    assert ctx.audio.played.count("spectral.blitz") == 1


def test_the_stick_scrolls_the_action_list_both_ways_and_shows_where_you_are():
    _ctx, sc = human_scene()
    settle(sc)
    assert sc.phase == "actions" and sc.menu_index == 0
    sc.update(press(Action.RIGHT))
    assert sc.menu_index == 1
    sc.update(press(Action.LEFT))
    sc.update(press(Action.LEFT))
    assert sc.menu_index == len(T.ACTIONS) - 1
    line = _lines(sc)[1][0]
    assert T.ACTIONS[-1] in line and f"{len(T.ACTIONS)}/{len(T.ACTIONS)}" in line


def test_convert_on_your_own_pad_asks_before_it_hands_the_pad_over():
    _ctx, sc = human_scene()
    settle(sc)
    s = sc.state
    s.board[s.wiz[0]] = R.RED                    # Red stands on a red pad
    sc.phase, sc.spell_index = "spells", T.SPELLS.index("CONVERT")
    sc.update(press(Action.FIRE))
    assert s.board[s.wiz[0]] == R.RED and "FIRE AGAIN" in sc.message
    sc.update(press(Action.FIRE))
    assert s.board[s.wiz[0]] == R.VIOLET


def _shows(surface, text, colour, size, x, y, align):
    """Is `text` drawn at (x, y) exactly as the cabinet's font draws it?"""
    from handheld.ui.text import render

    img = render(text, colour, size)
    left = x - img.get_width() // 2 if align == "center" else x - img.get_width()
    ink = [(dx, dy) for dx in range(img.get_width()) for dy in range(img.get_height())
           if img.get_at((dx, dy))[:3] == rgb(colour)]
    return ink and all(surface.get_at((left + dx, y + dy))[:3] == rgb(colour) for dx, dy in ink)


def test_the_title_line_says_turn_and_each_power_stands_under_its_wizard():
    from handheld.games.spectral.art import SPECTRUM_Y

    _ctx, sc = human_scene()
    surface = pygame.Surface((320, 240))
    sc.draw(surface)
    assert _shows(surface, "POWER 21", "red", "small", 24, SPECTRUM_Y + 5, "center")
    assert _shows(surface, "POWER 21", "violet", "small", 298, SPECTRUM_Y + 5, "center")
    assert _shows(surface, f"TURN {sc.state.turn}", "silver", "normal", 316, 3, "right")
    # nothing else on the title's right half: no cryptic "R21 V21" before it
    assert all(surface.get_at((x, y))[:3] == rgb("night") for x in range(170, 250) for y in range(2, 11))
