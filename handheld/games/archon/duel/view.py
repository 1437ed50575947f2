"""`DuelView`: the arena on screen. A sub-view the board scene (or the
practice scene) owns: it gets both players' input each tick, steps the
engine, and draws onto the 320x240 surface.

The engine's play field (304x184) is drawn stretched to fill the screen below
two header lines (the icons' names and the shade, then their life bars):
positions map through `to_screen`, and fighters and their shots are drawn at
twice the art's size so they read from a metre away. Only the picture is
scaled; the duel's rules and coordinates are the engine's. Static parts live
in one cached Surface; every sprite comes from a cache.
"""

from __future__ import annotations

import pygame

from handheld.games.archon.art import sprites
from handheld.games.archon.duel import stats as S
from handheld.games.archon.duel.arena import Duel
from handheld.games.archon.duel.barriers import BLOCK
from handheld.games.archon.duel.engine import (
    DX, DY, FLAME_SIZES, FLAME_STAGE_TICKS, FLAME_STAGES, PLAY_X0, PLAY_X1, PLAY_Y0, PLAY_Y1,
    SCREAM_SIZE, SUB)
from handheld.games.archon.duel.fighter import ComputerFighter
from handheld.games.archon.duel.model import DuelResult
from handheld.games.archon import sounds
from handheld.games.archon.sounds import event_sound
from handheld.runtime.statehash import state_hash
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text, text_width

# The arena on screen: below the name line (y 0..11) and the bar line (12..21),
# framed by 2 px, to the screen's bottom edge.
FIELD = pygame.Rect(2, 24, 316, 214)
FIGHTER_SCALE = 2          # fighters and shots: 16 px art -> 32 px
BAR_Y, BAR_H, BAR_MAX = 13, 8, 150
END_TICKS = 90             # end highlight before `finished`
DEATH_TICKS = 48
HINT_TICKS = 240           # "FIRE + STICK: ATTACK" at the start of a human's first duel
HINT_TEXT = "FIRE + STICK: ATTACK"
NAMES = {"light": "LIGHT", "dark": "DARK", "both": "BOTH"}
SHADE_COLOURS = ("shade_a", "shade_b", "shade_c", "shade_d", "shade_e", "shade_f")
# The barrier grid leaves clear bands between its slot rows (engine y 32..48,
# 64..80, ...): the result panel sits in the middle one and the hint in the
# lowest, over no block.
BANNER_BAND = (96, 112)
HINT_BAND = (160, 176)
SIDE_COLOUR = {"light": "light_side", "dark": "dark_side"}


def to_screen(x: int, y: int) -> tuple[int, int]:
    """Engine pixel -> screen pixel."""
    return (FIELD.x + (x - PLAY_X0) * FIELD.w // (PLAY_X1 - PLAY_X0),
            FIELD.y + (y - PLAY_Y0) * FIELD.h // (PLAY_Y1 - PLAY_Y0))


def screen_rect(x: int, y: int, w: int, h: int) -> pygame.Rect:
    x0, y0 = to_screen(x, y)
    x1, y1 = to_screen(x + w, y + h)
    return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))


def scaled(key, make, size) -> pygame.Surface:
    """A cached copy of `make()` scaled to `size`."""
    key = ("scaled", key, size)
    surf = sprites._cache.get(key)
    if surf is None:
        surf = sprites._cache[key] = pygame.transform.scale(make(), size)
    return surf


def big_icon(icon: str, direction: int, frame: int, tint: str | None = None) -> pygame.Surface:
    k = FIGHTER_SCALE * 16
    if tint is None:
        return scaled(("icon", icon, direction, frame), lambda: sprites.icon_surface(icon, direction, frame), (k, k))
    return scaled(("tint", icon, direction, frame, tint),
                  lambda: sprites.tinted_icon(icon, direction, frame, tint), (k, k))


def side_shadow(side: str) -> pygame.Surface:
    """What a fighter stands on: its side's stand from the board (Light's bar,
    Dark's spikes) at the fighter's scale, so who is who reads without colour."""
    from handheld.games.archon.art.look import stand_picture
    pic = stand_picture(side)
    return scaled(("stand", side), lambda: pic, (pic.get_width() * FIGHTER_SCALE, pic.get_height() * FIGHTER_SCALE))


class DuelView:
    def __init__(self, setup, rng, light_is_computer: bool = False,
                 dark_is_computer: bool = True, level: int = 1, audio=None, hint: bool = False):
        self.setup = setup
        self.duel = Duel(setup, rng)
        self.ai = {
            # mercy (waiting longer when ahead) only against a human
            # both computers (same level): peers, the weaker lets the other fire first
            "light": ComputerFighter("light", level, rng.fork("light-ai"), mercy=not dark_is_computer,
                                     peer=dark_is_computer) if light_is_computer else None,
            "dark": ComputerFighter("dark", level, rng.fork("dark-ai"), mercy=not light_is_computer,
                                    peer=light_is_computer) if dark_is_computer else None,
        }
        self.audio = audio
        if audio is not None:
            sounds.register(audio)
        self.end_timer = 0
        self.finished = False
        self.result: DuelResult | None = None
        self.frame = 0
        self.inputs: list = []        # (light held, dark held) per tick: the duel's replay
        self.hint = hint and not (light_is_computer and dark_is_computer)
        self._static: pygame.Surface | None = None
        b = self.duel.barriers
        self._blocks = [(k, screen_rect(*b.slot_rect(i))) for i, k in enumerate(b.kind) if k >= 0]
        self._warm()

    def _warm(self) -> None:
        """Make every sprite this duel can show now, so no frame pays for it."""
        from handheld.games.archon.duel.engine import weapon_size

        for kind in range(3):
            for phase in range(0, 15, 2):
                for _, r in self._blocks:
                    self._barrier(kind, phase, r.size)
        for f in (self.duel.light, self.duel.dark):
            for d in range(8):
                for fr in range(4):
                    big_icon(f.type, d, fr)
                    big_icon(f.type, d, fr, "flash")
                big_icon(f.type, d, 0, "danger")
                big_icon(f.type, d, 0, "flash")
                if f.st.weapon in (S.SHOT, S.THRUST):
                    w, h = weapon_size(f.st, d)
                    for spin in range(4):
                        self._shot(f.type, w, h, d, spin)
            if f.st.weapon == S.FLAME:
                for w, h in FLAME_SIZES:
                    for k in range(2):
                        self._cloud("flame", w, h, k)
            elif f.st.weapon == S.SCREAM:
                for k in range(4):
                    self._cloud("scream", *SCREAM_SIZE, k)
        self._static_layer()

    @staticmethod
    def _barrier(kind, phase, size):
        return scaled(("barrier", kind, phase), lambda: sprites.barrier_surface(kind, phase), size)

    @staticmethod
    def _shot(ftype, w, h, d, spin):
        spin = spin & 3 if S.STATS[ftype].spinning else 0
        return scaled(("shot", ftype, w, h, d, spin), lambda: sprites.shot_surface(ftype, w, h, d, spin),
                      (w * FIGHTER_SCALE, h * FIGHTER_SCALE))

    @staticmethod
    def _cloud(kind, w, h, k):
        make = sprites.flame_surface if kind == "flame" else sprites.scream_surface
        size = screen_rect(0, 0, w, h).size
        return scaled((kind, w, h, k & (1 if kind == "flame" else 3)), lambda: make(w, h, k), size)

    # ---------------------------------------------------------------- update
    def update(self, light_input, dark_input) -> None:
        self.frame += 1
        if self.finished:
            return
        d = self.duel
        if d.over:
            self.end_timer += 1
            if self.end_timer >= END_TICKS:
                self.finished = True
                self.result = d.result()
            return
        lai, dai = self.ai["light"], self.ai["dark"]
        lh = lai.decide(d) if lai else (light_input.held if light_input is not None else 0)
        dh = dai.decide(d) if dai else (dark_input.held if dark_input is not None else 0)
        self.inputs.append((lh, dh))
        d.step(lh, dh)
        if self.audio is not None:
            for ev in d.events:
                name = event_sound(ev, d)
                if name:
                    self.audio.play(name)

    def state_hash(self) -> str:
        ai = tuple(a.fields() if a else None for a in (self.ai["light"], self.ai["dark"]))
        return state_hash((self.duel.hash_fields(), self.end_timer, self.finished, ai))

    # ------------------------------------------------------------------ draw
    def _static_layer(self) -> pygame.Surface:
        if self._static is None:
            s = pygame.Surface((320, 240))
            s.fill(rgb("ink"))
            s.fill(rgb("night"), (0, 0, 320, 12))
            d = self.duel
            you = {side: "" for side in ("light", "dark")}
            if (self.ai["light"] is None) != (self.ai["dark"] is None):
                you["light" if self.ai["light"] is None else "dark"] = " (YOU)"
            draw_text(s, 4, 2, S.STATS[d.light.icon].name.upper() + you["light"], "light_side")
            draw_text(s, 316, 2, S.STATS[d.dark.icon].name.upper() + you["dark"], "dark_side",
                      align="right")
            shade = SHADE_COLOURS[self.setup.shade]
            label = f"SHADE {S.SHADE_NAMES[self.setup.shade]}"
            if d.light.icon != d.light.type or d.dark.icon != d.dark.type:
                label += ": SHAPESHIFTED"
            lw = text_width(label)
            s.fill(rgb(shade), (160 - lw // 2 - 12, 3, 8, 7))
            pygame.draw.rect(s, rgb("slate"), (160 - lw // 2 - 12, 3, 8, 7), 1)
            draw_text(s, 160 - lw // 2, 2, label, "silver")
            pygame.draw.rect(s, rgb(shade), FIELD.inflate(4, 4), 2)
            s.fill(rgb("black"), FIELD)
            self._static = s
        return self._static

    def draw(self, surface) -> None:
        surface.blit(self._static_layer(), (0, 0))
        d = self.duel
        phase = d.barriers.phase
        for kind, r in self._blocks:
            surface.blit(self._barrier(kind, phase[kind], r.size), r.topleft)
        for f in (d.light, d.dark):
            self._draw_fighter(surface, f)
        for f in (d.light, d.dark):
            s = f.shot
            if s is not None:
                img = self._shot(f.type, s.w, s.h, s.dir, s.age >> 2)
                cx, cy = to_screen(s.x >> SUB, s.y >> SUB)
                surface.blit(img, (cx - img.get_width() // 2, cy - img.get_height() // 2))
            if f.attack and f.alive:
                self._draw_attack(surface, f)
        self._draw_bars(surface)
        if self.hint and d.tick < HINT_TICKS and not d.over:
            self._panel(surface, HINT_TEXT, "gold", self.band_y(HINT_BAND))
        if d.over or d.tail >= 0:
            self._draw_banner(surface)

    def fighter_rect(self, f, lift: int = 0) -> pygame.Rect:
        """Where the fighter's 32x32 picture goes: centred on its engine box."""
        cx, cy = to_screen(f.x + 8, f.y + 8 - lift)
        k = FIGHTER_SCALE * 16
        return pygame.Rect(cx - k // 2, cy - k // 2, k, k)

    def _draw_fighter(self, surface, f) -> None:
        if not f.alive:
            age = self.duel.tick - f.died_at + self.end_timer
            if age >= DEATH_TICKS or (age > DEATH_TICKS // 2 and age & 2):
                return
            img = big_icon(f.type, f.facing, 0, "danger" if age & 4 else "flash")
            surface.blit(img, self.fighter_rect(f, age // 6))
            return
        if f.attack or (f.shot is not None and f.shot.age < 10):
            frame = 3
        elif f.moving:
            frame = 1 + (f.walk // 6) % 2
        else:
            frame = 0
        tint = "flash" if f.flash and f.flash & 2 else None
        r = self.fighter_rect(f)
        surface.blit(side_shadow(f.side), (r.x, r.bottom - 4))
        surface.blit(big_icon(f.type, f.facing, frame, tint), r)

    def _draw_attack(self, surface, f) -> None:
        r = f.weapon_rect()
        kind = f.st.weapon
        if kind == S.THRUST:
            # the blade sticks out of the big picture: push it out by the extra size
            img = self._shot(f.type, r[2], r[3], f.attack_dir, 0)
            cx, cy = to_screen(f.x + 8, f.y + 8)
            reach = FIGHTER_SCALE * 6
            d = f.attack_dir
            x = cx + DX[d] * (reach + img.get_width() // 2) - img.get_width() // 2
            y = cy + DY[d] * (reach + img.get_height() // 2) - img.get_height() // 2
            surface.blit(img, (x, y))
            return
        if kind == S.FLAME:
            w, h = FLAME_SIZES[min(f.attack_age // FLAME_STAGE_TICKS, FLAME_STAGES - 1)]
            img = self._cloud("flame", w, h, self.duel.tick >> 2)
        else:
            w, h = SCREAM_SIZE
            img = self._cloud("scream", w, h, self.duel.tick >> 2)
        surface.blit(img, screen_rect(*r).topleft)

    def bar_unit(self) -> int:
        top = max(self.duel.light.start_strength, self.duel.dark.start_strength, 1)
        return max(1, min(8, BAR_MAX // top))

    def hp_and_bonus(self, f) -> tuple[int, int]:
        """(HP, colour bonus) left of a fighter's strength: HP is the board's
        figure for the piece, the bonus what its square's shade adds (lost first)."""
        foe = self.duel.dark if f is self.duel.light else self.duel.light
        hp_start = S.base_hp_in_duel(f.icon, foe.icon) if f.icon == "shapeshifter" else f.old_hp
        hp = min(hp_start, max(0, f.strength))
        return hp, max(0, f.strength) - hp

    def bar_text(self, f) -> str:
        """'5+7': the piece's HP as the board shows it, plus the shade's bonus."""
        hp, bonus = self.hp_and_bonus(f)
        return f"{hp}+{bonus}" if bonus or f.strength < f.start_strength else f"{hp}"

    def _draw_bars(self, surface) -> None:
        """Each side's life from its own edge towards the middle, its start strength
        outlined: HP solid, the shade's bonus striped at the inner end (it goes first)."""
        unit = self.bar_unit()
        for f, colour in ((self.duel.light, "light_side"), (self.duel.dark, "dark_side")):
            hp, bonus = self.hp_and_bonus(f)
            full, now = f.start_strength * unit, (hp + bonus) * unit
            x_full = 2 if f.side == "light" else 318 - full
            x_now = 2 if f.side == "light" else 318 - now
            pygame.draw.rect(surface, rgb("slate"), (x_full, BAR_Y, full, BAR_H), 1)
            if now:
                surface.fill(rgb("flash" if f.flash else colour), (x_now, BAR_Y, now, BAR_H))
                x_bonus = x_now + hp * unit if f.side == "light" else x_now
                for x in range(x_bonus + 1, x_bonus + bonus * unit - 1, 2):     # ends stay solid
                    surface.fill(rgb("ink"), (x, BAR_Y + 1, 1, BAR_H - 2))
            tx = x_full + full + 4 if f.side == "light" else x_full - 4
            draw_text(surface, tx, BAR_Y, self.bar_text(f), colour, align="left" if f.side == "light" else "right")

    def _panel(self, surface, text: str, colour: str, y: int) -> pygame.Rect:
        w = text_width(text) + 12
        r = pygame.Rect(160 - w // 2, y, w, 14)
        surface.fill(rgb("ink"), r)
        pygame.draw.rect(surface, rgb(colour), r, 1)
        draw_text(surface, 160, y + 3, text, colour, align="center")
        return r

    @staticmethod
    def band_y(band) -> int:
        """Top of a 14 px panel centred in a clear band of the barrier grid."""
        y0, y1 = to_screen(0, band[0])[1], to_screen(0, band[1])[1]
        return (y0 + y1) // 2 - 7

    def _draw_banner(self, surface) -> None:
        d = self.duel
        if d.over:
            winner = d.result().winner
            text = "BOTH DIE" if winner == "both" else f"{NAMES[winner]} WINS"
            colour = {"light": "light_side", "dark": "dark_side", "both": "danger"}[winner]
            self._panel(surface, text, colour, self.band_y(BANNER_BAND))


def replay_duel(setup, seed: int, inputs) -> Duel:
    """Re-run a duel from its seed and recorded (light, dark) held masks."""
    from handheld.runtime.rng import Rng

    duel = Duel(setup, Rng(seed))
    for lh, dh in inputs:
        duel.step(lh, dh)
    return duel


__all__ = ["DuelView", "replay_duel", "BLOCK"]
