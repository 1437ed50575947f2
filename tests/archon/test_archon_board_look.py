"""The board's look: side views facing each other, side marks, the cycle gauge,
the control hint, and a match's duel with sound and its first-duel hint."""

import pygame

from handheld.runtime.context import Context
from handheld.games.archon import board as B
from handheld.games.archon import match as M
from handheld.games.archon import draw as D
from handheld.games.archon.art import sprites
from handheld.games.archon.art.look import (BOX_COLOUR, CELL, FACING, SHADE_COLOURS, marked_picture,
                                           square_xy)
from handheld.games.archon.icons import DARK, LIGHT
from handheld.base.actions import EMPTY_FRAME
from handheld.ui.palette import rgb


def rgba_bytes(s):
    return pygame.image.tostring(s, "RGBA")


def test_light_faces_east_and_dark_west_in_the_sheet():
    assert FACING == {LIGHT: 0, DARK: 4}
    # the sheet's side views are mirror images (east/west); 2 and 6 are the front and back
    for icon in ("unicorn", "basilisk", "manticore"):
        east, west = sprites.icon_surface(icon, 0), sprites.icon_surface(icon, 4)
        assert rgba_bytes(pygame.transform.flip(east, True, False)) == rgba_bytes(west)
        assert rgba_bytes(sprites.icon_surface(icon, 2)) != rgba_bytes(east)


def test_marked_picture_uses_the_side_view_and_the_side_colour():
    for side, icon in ((LIGHT, "unicorn"), (DARK, "basilisk")):
        pic = marked_picture(icon, side)
        sprite = sprites.icon_surface(icon, FACING[side])
        assert pic.get_size() == (CELL, CELL)
        opaque = [(x, y) for x in range(16) for y in range(16) if sprite.get_at((x, y)).a]
        for x, y in opaque:
            assert pic.get_at((x + 2, y + 1)) == sprite.get_at((x, y))
        colour = rgb(BOX_COLOUR[side])
        ring = sum(tuple(pic.get_at((x, y)))[:3] == colour for x in range(CELL) for y in range(CELL - 3))
        stand = sum(tuple(pic.get_at((x, y)))[:3] == colour for x in range(CELL) for y in range(CELL - 4, CELL))
        assert ring >= 20 and stand >= 20


def scene(mode="two_players", first=LIGHT, seed=1):
    ctx = Context.headless_context(seed=seed)
    return M.MatchScene(ctx, seed, {"mode": mode, "first": first}), ctx


def test_every_icon_on_the_board_stands_on_its_sides_stand():
    m, _ = scene()
    s = pygame.Surface((320, 240))
    m.draw(s)
    for p in m.state.pieces:
        x, y = square_xy(p.square)
        bottom = [tuple(s.get_at((x + dx, y + dy)))[:3] for dx in range(CELL) for dy in range(CELL - 4, CELL)]
        assert bottom.count(rgb(BOX_COLOUR[p.side])) >= 20, p.icon
        assert rgb(BOX_COLOUR[DARK if p.side == LIGHT else LIGHT]) not in bottom, p.icon


def test_cycle_gauge_frames_the_current_shade_and_the_hint_line_shows():
    m, _ = scene()
    s = pygame.Surface((320, 240))
    m.draw(s)
    shade = m.state.cycle.shade
    for i, name in enumerate(SHADE_COLOURS):
        x = D.GAUGE_X + i * D.GAUGE_CELL + 3
        assert tuple(s.get_at((x, D.GAUGE_Y + 4)))[:3] == rgb(name)
    fx = D.GAUGE_X + shade * D.GAUGE_CELL - 1
    assert tuple(s.get_at((fx, D.GAUGE_Y + 4)))[:3] == rgb("gold")
    lines = m.draw_helper._lines()
    assert lines[0] == ("LIGHT: CHOOSE AN ICON", "light_side")      # whose turn, in their colour
    assert lines[3] == (D.HINTS["select"], "silver")
    assert not any("SHADE" in (ln[0] if isinstance(ln, tuple) else ln) for ln in lines)


def start_a_duel(duels_before: int):
    """A one-player match whose Valkyrie lands on a Goblin; returns the scene,
    its context and what the duel factory was given."""
    from handheld.games.archon import rules as R
    m, ctx = scene(mode="computer_dark")
    m.state.duels = duels_before
    seen = {}

    def factory(setup, rng, lc, dc, level, audio=None, hint=False):
        seen.update(audio=audio, hint=hint)
        return M.default_duel_factory(setup, rng, lc, dc, level, audio=audio, hint=hint)

    m.duel_factory = factory
    valkyrie = next(p for p in m.state.alive(LIGHT) if p.icon == "valkyrie")
    goblin = next(p for p in m.state.alive(DARK) if p.icon == "goblin")
    m.state.board[goblin.square] = None                     # a goblin two squares from the valkyrie
    c, r = B.col_row(valkyrie.square)
    goblin.square = B.at(c + 2, r)
    m.state.board[goblin.square] = goblin.id
    m._commit(R.Move(valkyrie.id, goblin.square))
    for _ in range(400):
        m.update(EMPTY_FRAME)
        if m.duel is not None:
            break
    return m, ctx, seen


def test_a_matchs_duel_has_sound_and_the_attack_hint_in_the_first_duel_only():
    m, ctx, seen = start_a_duel(0)
    assert m.duel is not None and seen == {"audio": ctx.audio, "hint": True}
    assert m.duel.hint and m.duel.audio is ctx.audio
    assert "archon.duel_clang" in ctx.audio.names                # the duel's sounds are registered
    s = pygame.Surface((320, 240))
    m.draw(s)
    light = m.duel.duel.light
    assert light.icon == "valkyrie" and m.duel.fighter_rect(light).h >= 24
    m, ctx, seen = start_a_duel(1)
    assert seen == {"audio": ctx.audio, "hint": False} and not m.duel.hint


def test_side_panels_say_who_plays_each_side_and_whose_turn_it_is():
    m, _ = scene(mode="computer_dark", first=LIGHT)
    assert m.draw_helper._player(LIGHT) == "YOU" and m.draw_helper._player(DARK) == "COMPUTER"
    s = pygame.Surface((320, 240))
    m.draw(s)
    gold = rgb("gold")
    left = sum(tuple(s.get_at((x, y)))[:3] == gold for x in range(0, 68) for y in range(104, 112))
    right = sum(tuple(s.get_at((x, y)))[:3] == gold for x in range(252, 320) for y in range(104, 112))
    assert left > 20 and right == 0
    two, _ = scene(mode="two_players")
    assert two.draw_helper._player(DARK) == "PLAYER 2"
