"""`DuelView`: the arena on screen. A sub-view the board scene (or the
practice scene) owns: it gets both players' input each tick, steps the
engine, and draws onto the 320x240 surface. Static parts (border, names)
live in one cached Surface; every sprite comes from art.sprites caches.
"""

from __future__ import annotations

import pygame

from handheld.games.archon.art import sprites
from handheld.games.archon.duel import stats as S
from handheld.games.archon.duel.arena import Duel
from handheld.games.archon.duel.barriers import BLOCK
from handheld.games.archon.duel.engine import (
    FLAME_SIZES, FLAME_STAGE_TICKS, FLAME_STAGES, PLAY_X0, PLAY_X1, PLAY_Y0, PLAY_Y1,
    SCREAM_SIZE, SUB)
from handheld.games.archon.duel.fighter import ComputerFighter
from handheld.games.archon import sounds
from handheld.games.archon.duel.sounds import event_sound
from handheld.runtime.statehash import state_hash
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text

OY = 6                     # arena y -> screen y offset
BAR_UNIT = 7               # pixels of bar per point of strength
END_TICKS = 90             # end highlight before `finished`
DEATH_TICKS = 48
NAMES = {"light": "LIGHT", "dark": "DARK", "both": "BOTH"}


class DuelView:
    def __init__(self, setup, rng, light_is_computer: bool = False,
                 dark_is_computer: bool = True, level: int = 1, audio=None):
        self.setup = setup
        self.duel = Duel(setup, rng)
        self.ai = {
            # mercy (waiting longer when ahead) only against a human
            "light": ComputerFighter("light", level, rng.fork("light-ai"),
                                     mercy=not dark_is_computer) if light_is_computer else None,
            "dark": ComputerFighter("dark", level, rng.fork("dark-ai"),
                                    mercy=not light_is_computer) if dark_is_computer else None,
        }
        self.audio = audio
        if audio is not None:
            sounds.register(audio)
        self.end_timer = 0
        self.finished = False
        self.result = None
        self.frame = 0
        self.inputs: list = []        # (light held, dark held) per tick: the duel's replay
        self._static = None
        b = self.duel.barriers
        self._blocks = [(k, (b.slot_rect(i)[0], b.slot_rect(i)[1] + OY))
                        for i, k in enumerate(b.kind) if k >= 0]
        self._warm()

    def _warm(self) -> None:
        """Make every sprite this duel can show now, so no frame pays for it."""
        from handheld.games.archon.duel.engine import weapon_size

        for kind in range(3):
            for phase in range(0, 15, 2):
                sprites.barrier_surface(kind, phase)
        for f in (self.duel.light, self.duel.dark):
            for d in range(8):
                for fr in range(4):
                    sprites.icon_surface(f.type, d, fr)
                    sprites.tinted_icon(f.type, d, fr, "flash")
                sprites.tinted_icon(f.type, d, 0, "danger")
                if f.st.weapon in (S.SHOT, S.THRUST):
                    w, h = weapon_size(f.st, d)
                    for spin in range(4):
                        sprites.shot_surface(f.type, w, h, d, spin)
            if f.st.weapon == S.FLAME:
                for w, h in FLAME_SIZES:
                    for k in range(2):
                        sprites.flame_surface(w, h, k)
            elif f.st.weapon == S.SCREAM:
                for k in range(4):
                    sprites.scream_surface(*SCREAM_SIZE, k)
        self._static_layer()

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
            shade = ("shade_a", "shade_b", "shade_c", "shade_d", "shade_e", "shade_f")[
                self.setup.shade]
            play = pygame.Rect(PLAY_X0, PLAY_Y0 + OY, PLAY_X1 - PLAY_X0, PLAY_Y1 - PLAY_Y0)
            s.fill(rgb("black"), play)
            pygame.draw.rect(s, rgb(shade), play.inflate(4, 4), 2)
            pygame.draw.rect(s, rgb("slate"), play.inflate(6, 6), 1)
            y = PLAY_Y1 + OY + 6
            d = self.duel
            draw_text(s, 8, y, S.STATS[d.light.icon].name.upper(), "light_side")
            draw_text(s, 312, y, S.STATS[d.dark.icon].name.upper(), "dark_side", align="right")
            draw_text(s, 160, y, f"SHADE {S.SHADE_NAMES[self.setup.shade]}", "silver",
                      align="center")
            if d.light.icon != d.light.type or d.dark.icon != d.dark.type:
                draw_text(s, 160, y + 12, "THE SHAPESHIFTER COPIES", "violet", "small",
                          align="center")
            self._static = s
        return self._static

    def draw(self, surface) -> None:
        surface.blit(self._static_layer(), (0, 0))
        d = self.duel
        phase = d.barriers.phase
        bs = sprites.barrier_surface
        for kind, pos in self._blocks:
            surface.blit(bs(kind, phase[kind]), pos)
        for f in (d.light, d.dark):
            self._draw_fighter(surface, f)
        for f in (d.light, d.dark):
            s = f.shot
            if s is not None:
                img = sprites.shot_surface(f.type, s.w, s.h, s.dir, s.age >> 2)
                surface.blit(img, ((s.x >> SUB) - (s.w >> 1), (s.y >> SUB) - (s.h >> 1) + OY))
            if f.attack and f.alive:
                self._draw_attack(surface, f)
        self._draw_bars(surface)
        if d.over or d.tail >= 0:
            self._draw_banner(surface)

    def _draw_fighter(self, surface, f) -> None:
        if not f.alive:
            age = self.duel.tick - f.died_at + self.end_timer
            if age >= DEATH_TICKS or (age > DEATH_TICKS // 2 and age & 2):
                return
            img = sprites.tinted_icon(f.type, f.facing, 0, "danger" if age & 4 else "flash")
            surface.blit(img, (f.x, f.y + OY - age // 6))
            return
        if f.attack or (f.shot is not None and f.shot.age < 10):
            frame = 3
        elif f.moving:
            frame = 1 + (f.walk // 6) % 2
        else:
            frame = 0
        if f.flash and f.flash & 2:
            img = sprites.tinted_icon(f.type, f.facing, frame, "flash")
        else:
            img = sprites.icon_surface(f.type, f.facing, frame)
        surface.blit(img, (f.x, f.y + OY))

    def _draw_attack(self, surface, f) -> None:
        r = f.weapon_rect()
        kind = f.st.weapon
        if kind == S.THRUST:
            img = sprites.shot_surface(f.type, r[2], r[3], f.attack_dir)
        elif kind == S.FLAME:
            w, h = FLAME_SIZES[min(f.attack_age // FLAME_STAGE_TICKS, FLAME_STAGES - 1)]
            img = sprites.flame_surface(w, h, self.duel.tick >> 2)
        else:
            w, h = SCREAM_SIZE
            img = sprites.scream_surface(w, h, self.duel.tick >> 2)
        surface.blit(img, (r[0], r[1] + OY))

    def _draw_bars(self, surface) -> None:
        bottom = PLAY_Y1 + OY
        top = PLAY_Y0 + OY
        for f, x, colour in ((self.duel.light, 1, "light_side"), (self.duel.dark, 314, "dark_side")):
            h = min(f.strength * BAR_UNIT, bottom - top)
            if h > 0:
                surface.fill(rgb("flash" if f.flash else colour), (x, bottom - h, 5, h))

    def _draw_banner(self, surface) -> None:
        d = self.duel
        if d.over:
            winner = d.result().winner
            text = "BOTH DIE" if winner == "both" else f"{NAMES[winner]} WINS"
            colour = {"light": "light_side", "dark": "dark_side", "both": "danger"}[winner]
            draw_text(surface, 160, PLAY_Y0 + OY + 8, text, colour, align="center")


def replay_duel(setup, seed: int, inputs) -> Duel:
    """Re-run a duel from its seed and recorded (light, dark) held masks."""
    from handheld.runtime.rng import Rng

    duel = Duel(setup, Rng(seed))
    for lh, dh in inputs:
        duel.step(lh, dh)
    return duel


__all__ = ["DuelView", "replay_duel", "BLOCK"]
