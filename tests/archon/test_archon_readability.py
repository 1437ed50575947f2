"""What a stranger must read on Archon's screens: each side by a shape and by
colours of its own, squares named on the board as the text names them, one
HP figure on the board and in the arena, the shade's bonus in words, and the
computer's last action kept on screen until the player acts."""

import pygame

from handheld.runtime.context import Context
from handheld.games.archon import board as B
from handheld.games.archon import log_text as LT
from handheld.games.archon import match as M
from handheld.games.archon import rules as R
from handheld.games.archon.ai import Classic, choose
from handheld.games.archon.art import sprites
from handheld.games.archon.art.look import BOARD_X, CELL, cell_xy, stand_picture
from handheld.games.archon.duel import DuelView
from handheld.games.archon.duel.stats import DARK_ICONS, LIGHT_ICONS
from handheld.games.archon.duel_setup import setup_for
from handheld.games.archon.icons import DARK, LIGHT
from handheld.base.actions import EMPTY_FRAME
from handheld.runtime.rng import Rng
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text

WINDOW_CHARS = (320 - 8) // 6          # the text window's width in normal-font characters
OUTLINE = {rgb("black")}               # every icon's outline and eyes: shared on purpose


def _colours(icons) -> set:
    out = set()
    for icon in icons:
        for direction in range(8):
            for frame in range(4):
                pic = sprites.icon_surface(icon, direction, frame)
                out |= {tuple(pic.get_at((x, y)))[:3] for x in range(16) for y in range(16)
                        if pic.get_at((x, y)).a}
    return out


def test_light_and_dark_icons_share_no_colour_but_the_black_outline():
    shared = (_colours(LIGHT_ICONS) & _colours(DARK_ICONS)) - OUTLINE
    assert not shared, f"colours on both sides' icons: {sorted(shared)}"


def _mask(pic):
    return {(x, y) for x in range(pic.get_width()) for y in range(pic.get_height()) if pic.get_at((x, y)).a}


def test_the_two_sides_stand_on_different_shapes_not_only_colours():
    light, dark = _mask(stand_picture(LIGHT)), _mask(stand_picture(DARK))
    assert len(light ^ dark) >= 20          # a flat bar against three spikes
    bottom = stand_picture(LIGHT).get_height() - 1
    row = lambda mask: sorted(x for x, y in mask if y == bottom - 1)     # noqa: E731
    light_row, dark_row = row(light), row(dark)
    assert light_row == list(range(light_row[0], light_row[-1] + 1))    # one solid run
    assert len(dark_row) < len(light_row) and any(b - a > 1 for a, b in zip(dark_row, dark_row[1:]))


def _text_pixels(text, colour, size="normal"):
    surf = pygame.Surface((len(text) * 8, 10))
    surf.fill(rgb("black"))
    draw_text(surf, 0, 0, text, colour, size=size)
    return [(x, y) for x in range(surf.get_width()) for y in range(10)
            if tuple(surf.get_at((x, y)))[:3] == rgb(colour)]


def test_the_board_names_its_columns_and_rows_as_the_text_does():
    ctx = Context.headless_context(seed=1)
    m = M.MatchScene(ctx, 1, {"mode": "two_players"})
    s = pygame.Surface((320, 240))
    m.draw(s)
    for i in range(B.SIZE):
        x, y = cell_xy(i, i)
        letter = B.name(B.at(i, 0))[0]
        left = x + CELL // 2 - (6 - 1) // 2 - 1
        assert any(all(tuple(s.get_at((left + dx + px, 3 + py)))[:3] == rgb("grey")
                       for px, py in _text_pixels(letter, "grey")) for dx in (-1, 0, 1)), letter
        number = B.name(B.at(0, i))[1:]
        top = y + CELL // 2 - 3
        right = BOARD_X - 4 - 5
        assert all(tuple(s.get_at((right + px, top + py)))[:3] == rgb("grey")
                   for px, py in _text_pixels(number, "grey")), number


def _duel_between(light_hp: int, shade: int):
    """A board duel: a hurt Knight attacked by a Goblin, on a square of `shade`."""
    st = R.new_game(LIGHT)
    knight = next(p for p in st.alive(LIGHT) if p.icon == "knight")
    goblin = next(p for p in st.alive(DARK) if p.icon == "goblin")
    knight.hp = light_hp
    st.cycle.shade = shade
    square = B.sq("E5")                                  # a cycling square: it shows `shade`
    st.board[knight.square], st.board[goblin.square] = None, None
    knight.square, goblin.square = square, B.sq("E4")
    st.board[square], st.board[goblin.square] = knight.id, goblin.id
    st.to_move = DARK
    R.apply(st, R.Move(goblin.id, square), Rng(1))
    return st, knight, goblin


def test_the_arena_shows_each_pieces_board_hp_plus_the_shades_bonus():
    for light_hp, shade in ((5, 5), (3, 0), (5, 2)):
        st, knight, goblin = _duel_between(light_hp, shade)
        view = DuelView(setup_for(st.pending), Rng(2), True, True, 2)
        light_text, dark_text = view.bar_text(view.duel.light), view.bar_text(view.duel.dark)
        assert light_text == f"{knight.hp}+{B.LIGHT_BONUS[shade]}" if B.LIGHT_BONUS[shade] else str(knight.hp)
        assert dark_text == f"{goblin.hp}+{B.DARK_BONUS[shade]}" if B.DARK_BONUS[shade] else str(goblin.hp)


def test_the_bonus_goes_first_and_the_hp_left_is_what_the_board_keeps():
    st, knight, goblin = _duel_between(5, 0)              # shade A: Light's Knight has 5 + 7
    view = DuelView(setup_for(st.pending), Rng(2), True, True, 2)
    f = view.duel.light
    f.strength = 9
    assert view.bar_text(f) == "5+4"
    f.strength = 3
    assert view.bar_text(f) == "3+0"
    assert R.hp_after_duel(knight.hp, f.strength) == 3


def test_the_duel_intro_says_in_words_what_the_shade_adds():
    ctx = Context.headless_context(seed=1)
    m = M.MatchScene(ctx, 1, {"mode": "two_players"})
    m.state, _, _ = _duel_between(5, 5)
    m.box = B.col_row(m.state.pending.square)
    m._set_phase("duel_intro")
    line = m.draw_helper._icon_line()[0]
    assert line == "SHADE F ADDS +0 TO LIGHT, +7 TO DARK"


def _play(m, ticks):
    for _ in range(ticks):
        m.update(EMPTY_FRAME)


def test_the_computers_last_action_stays_on_screen_until_the_player_acts():
    ctx = Context.headless_context(seed=1)
    m = M.MatchScene(ctx, 4, {"mode": "computer_light", "first": LIGHT})
    for _ in range(3000):
        if m.phase == "select":
            break
        m.update(EMPTY_FRAME)
    assert m.phase == "select" and m.state.to_move == DARK
    said = m.draw_helper._message_line()
    assert m.last_action and said == (m.last_action, "silver")
    assert m.last_action.startswith(("LIGHT", "DUEL ON"))              # the computer's move, or its duel
    _play(m, 20 * M.MESSAGE_TICKS)                      # the player waits a long while
    assert m.phase == "select" and m.draw_helper._message_line() == said


def test_every_action_of_a_whole_game_is_told_in_one_window_line():
    st = R.new_game(LIGHT)
    rng, rules_rng = Rng(5).fork("ai"), Rng(5).fork("rules")
    player = Classic()
    lines = set()
    while not st.over() and st.turn < 120:
        action = choose(player, st, rng)
        lines.add(LT.describe(st, action))
        R.apply(st, action, rules_rng)
        if st.pending is not None:
            d = st.pending
            lines.add(LT.duel_outcome(d.square, "light", d.light_icon, d.dark_icon))
            lines.add(LT.duel_outcome(d.square, "both", d.light_icon, d.dark_icon))
            R.resolve_duel(st, "light", d.light_hp, 0)
    assert len(lines) > 30
    too_long = [line for line in lines if len(line) > WINDOW_CHARS]
    assert not too_long, too_long
    assert any(" ATTACKS " in line for line in lines) and any(" CASTS " in line for line in lines)
