"""DuelView, the practice and bestiary scenes, and the art: checked on pixels and state."""

import os
import subprocess
import sys

import pygame

from handheld.games.archon.art import sprites
from handheld.games.archon.duel import DuelSetup, DuelView
from handheld.games.archon.duel import stats as S
from handheld.games.archon.showcase import arena_bench_scene, duel_figures
from handheld.games.archon.duel.practice import BestiaryScene, PracticeScene
from handheld.games.archon.duel.view import (BANNER_BAND, FIELD, HINT_TEXT, big_icon, replay_duel,
                                              to_screen)
from handheld.runtime.context import Context
from handheld.base.actions import EMPTY_FRAME, Action, PlayerInput, frame_from_masks
from handheld.runtime.rng import Rng
from handheld.ui.palette import rgb

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def surf():
    return pygame.Surface((320, 240))


def test_icon_surface_is_16x16_transparent_and_every_icon_differs():
    seen = {}
    for icon in S.ALL_ICONS:
        s = sprites.icon_surface(icon, 0, 0)
        assert s.get_size() == (16, 16)
        assert s.get_flags() & pygame.SRCALPHA
        assert s.get_at((0, 0)).a == 0
        key = pygame.image.tostring(s, "RGBA")
        assert key not in seen, (icon, seen.get(key))
        seen[key] = icon
        # left is the mirror of right; walk and attack frames differ from idle
        west = sprites.icon_surface(icon, 4, 0)
        assert pygame.image.tostring(west, "RGBA") == \
            pygame.image.tostring(pygame.transform.flip(s, True, False), "RGBA")
        for frame in (1, 2, 3):
            assert pygame.image.tostring(sprites.icon_surface(icon, 0, frame), "RGBA") != key
        assert pygame.image.tostring(sprites.icon_surface(icon, 2, 0), "RGBA") != key


def test_shipped_atlas_matches_its_text_sources():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "assets", "archon", "build_sprites.py"),
                        "--check"], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=ROOT))
    assert r.returncode == 0, r.stdout + r.stderr


def test_barrier_pictures_follow_the_phase():
    outline = sprites.barrier_surface(0, 0)
    assert outline.get_at((8, 8)).a == 0 and outline.get_at((0, 8)).a == 255
    slow = sprites.barrier_surface(1, 2)
    assert slow.get_at((0, 0)).a == 255 and slow.get_at((1, 0)).a == 0
    solid = sprites.barrier_surface(2, 10)
    assert tuple(solid.get_at((1, 14)))[:3] == rgb("cyan")


def _view(light="valkyrie", dark="manticore", seed=3, **kw):
    return DuelView(DuelSetup.full(light, dark, 2), Rng(seed), **kw)


def test_view_draws_icons_bars_and_shots_where_the_engine_has_them():
    v = _view(light_is_computer=False, dark_is_computer=False)
    s = surf()
    fire_right = PlayerInput(held=int(Action.FIRE | Action.RIGHT))
    v.update(fire_right, None)
    v.update(None, None)
    v.draw(s)
    d = v.duel
    sh = d.light.shot
    assert sh is not None
    x, y = to_screen(sh.x >> 8, sh.y >> 8)
    assert tuple(s.get_at((x, y)))[:3] in (rgb("silver"), rgb("gold"))
    # Light's strength bar under its name: 8 + 4 (shade C) = 12 points, from the left edge
    unit = v.bar_unit()
    assert tuple(s.get_at((2 + 12 * unit - 1, 15)))[:3] == rgb("light_side")
    assert tuple(s.get_at((2 + 12 * unit + 1, 15)))[:3] != rgb("light_side")
    # the icon itself is drawn twice the art's size, centred on its engine box
    icon = big_icon("valkyrie", d.light.facing, 3)
    r = v.fighter_rect(d.light)
    cx, cy = to_screen(d.light.x + 8, d.light.y + 8)
    assert r.center == (cx, cy)
    px = [(i, j) for i in range(32) for j in range(32) if icon.get_at((i, j)).a]
    for i, j in px[::7]:
        assert s.get_at((r.x + i, r.y + j)) == icon.get_at((i, j))


def test_fighters_are_at_least_24_px_tall_and_the_field_fills_the_screen():
    v = _view("goblin", "troll", light_is_computer=False, dark_is_computer=False)
    for f in (v.duel.light, v.duel.dark):
        for d in range(8):
            assert big_icon(f.type, d, 0).get_bounding_rect().h >= 24
    assert FIELD.bottom >= 236 and FIELD.x <= 2 and FIELD.right >= 318
    assert to_screen(312, 194) == (FIELD.right, FIELD.bottom)


def test_hint_shows_in_a_humans_first_duel_only_and_names_label_the_bars():
    def hint_pixels(view):
        s = surf()
        view.draw(s)
        y = view.band_y((160, 176))
        return sum(tuple(s.get_at((x, y)))[:3] == rgb("gold") for x in range(320)), s

    with_hint = _view(light_is_computer=False, dark_is_computer=True, hint=True)
    n, s = hint_pixels(with_hint)
    assert n > 80                                            # the panel's gold top edge
    # the names sit in their side's colours on the top line, "(YOU)" by the human's
    assert any(tuple(s.get_at((x, y)))[:3] == rgb("light_side") for x in range(4, 60) for y in range(2, 10))
    assert any(tuple(s.get_at((x, y)))[:3] == rgb("dark_side") for x in range(260, 316) for y in range(2, 10))
    assert not hint_pixels(_view(light_is_computer=False, dark_is_computer=True, hint=False))[0]
    assert not hint_pixels(_view(light_is_computer=True, dark_is_computer=True, hint=True))[0]
    for _ in range(300):
        with_hint.update(None, None)
    assert not hint_pixels(with_hint)[0]                     # gone after four seconds
    assert HINT_TEXT == "FIRE + STICK: ATTACK"


def test_result_panel_sits_in_a_band_no_barrier_covers():
    v = _view("unicorn", "basilisk", seed=9, light_is_computer=True, dark_is_computer=True)
    while not v.duel.over:
        v.update(None, None)
    s = surf()
    v.draw(s)
    y = v.band_y(BANNER_BAND)
    panel = pygame.Rect(100, y, 120, 14)
    for _, r in v._blocks:
        assert not r.colliderect(panel)
    colour = {"light": "light_side", "dark": "dark_side", "both": "danger"}[v.duel.result().winner]
    assert sum(tuple(s.get_at((x, y)))[:3] == rgb(colour) for x in range(320)) > 40


def test_view_finishes_with_the_engine_result_and_replays():
    v = _view("unicorn", "basilisk", seed=9, light_is_computer=True, dark_is_computer=True)
    ticks = 0
    while not v.finished:
        v.update(None, None)
        ticks += 1
        assert ticks < 20000
    r = v.result
    assert r.winner in ("light", "dark", "both") and r.ticks == len(v.inputs)
    again = replay_duel(v.setup, 9, v.inputs)
    assert again.result() == r and again.state_hash() == v.duel.state_hash()


def test_view_plays_weapon_sounds():
    ctx = Context.headless_context()
    v = _view("knight", "goblin", light_is_computer=False, dark_is_computer=False,
              audio=ctx.audio)
    v.duel.light.x, v.duel.light.y, v.duel.dark.x, v.duel.dark.y = 100, 100, 116, 100
    v.update(PlayerInput(held=int(Action.FIRE | Action.RIGHT)), None)
    v.update(None, None)
    assert ctx.audio.played[:2] == ["archon.duel_clang", "archon.duel_hit"]
    assert "archon.duel_clang" in ctx.audio.names


def test_practice_scene_picks_and_fights_a_duel():
    ctx = Context.headless_context(seed=5)
    p = PracticeScene(ctx)
    ctx.director.push(p)
    right = frame_from_masks((int(Action.RIGHT),) * 4)
    down = frame_from_masks((int(Action.DOWN),) * 4)
    none = EMPTY_FRAME
    p.update(right)                       # Light: knight -> air elemental
    assert p.light == "air_elemental"
    p.update(down)
    for _ in range(8):                    # Dark: never an elemental against an elemental
        p.update(right)
        assert p.dark not in S.ELEMENTALS
    for _ in range(2):
        p.update(down)
    assert p.row == 3
    p.update(right)                       # players -> CPU light, you dark
    p.update(right)                       # -> CPU vs CPU
    for _ in range(2):
        p.update(down)
    assert p.row == 5
    fire = frame_from_masks((int(Action.FIRE), int(Action.FIRE), 0, int(Action.FIRE)))
    p.update(fire)
    assert p.view is not None and p.view.ai["light"] and p.view.ai["dark"]
    n = 0
    while not p.view.finished:
        p.update(none)
        n += 1
        assert n < 20000
    s = surf()
    p.draw(s)
    assert p.view.result.winner in ("light", "dark", "both")
    assert any(name.startswith("archon.duel_") for name in ctx.audio.played)
    p.update(frame_from_masks((int(Action.ALT),) * 4))
    p.update(frame_from_masks((int(Action.ALT),) * 4))
    assert p.finished and ctx.director.top is None


def test_bestiary_shows_stats_and_matchups_from_the_table():
    ctx = Context.headless_context()
    b = BestiaryScene(ctx, "dragon")
    lines = b.page_lines()
    assert lines[0].startswith("DARK  BASE HP 17  DAMAGE 11")
    assert lines[4].startswith("BEST VS: ") and lines[5].startswith("WORST VS: ")
    b.update(frame_from_masks((int(Action.RIGHT),) * 4))
    assert b.icon == "banshee"
    s = surf()
    b.draw(s)
    assert tuple(s.get_at((10, 5)))[:3] != rgb("ink")   # the title bar


def test_arena_bench_scene_keeps_both_moving_and_shooting():
    ctx = Context.headless_context()
    sc = arena_bench_scene(ctx, 1)
    pos, both = set(), 0
    for _ in range(300):
        sc.update(EMPTY_FRAME)
        d = sc.view.duel
        pos.add((d.light.x, d.light.y, d.dark.x, d.dark.y))
        both += d.light.shot is not None and d.dark.shot is not None
    sc.draw(surf())
    assert len(pos) > 100 and both > 200 and d.light.alive and d.dark.alive


def test_duel_figures_reports_ticks_per_second():
    f = duel_figures(quick=True)
    assert f["duel_ticks_per_s"] > 1000 and f["duel_ai_ticks_per_s"] > 500
    assert f["duel_bench_duels"] == 4


def test_practice_shows_the_attack_hint_in_its_first_duel_only():
    ctx = Context.headless_context(seed=2)
    p = PracticeScene(ctx)                       # you Light, the computer Dark
    p.start_duel()
    assert p.view.hint
    p.start_duel()
    assert not p.view.hint
