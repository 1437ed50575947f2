"""Practice duels, the bestiary, and the arena bench scene.

PracticeScene: pick any two icons (elementals too), a shade and who plays,
then fight one duel (START gives it up); FIRE fights again, ALT goes back. Player 1's stick
drives Light, player 2's Dark. BestiaryScene: each icon's duel numbers and
its best and worst matchups from the shipped table.
"""

from __future__ import annotations

import pygame

from handheld.games.archon.art import sprites
from handheld.games.archon.duel import stats as S
from handheld.games.archon.duel.model import DuelSetup
from handheld.games.archon.duel.view import DuelView
from handheld.base.actions import Action
from handheld.runtime.rng import Rng
from handheld.base.scene import Scene
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import TextWindow, draw_title

LIGHT_CHOICES = S.LIGHT_ICONS + S.ELEMENTALS
DARK_CHOICES = S.DARK_ICONS + S.ELEMENTALS
PLAYERS = ("FRIEND VS FRIEND", "YOU LIGHT, CPU DARK", "CPU LIGHT, YOU DARK", "CPU VS CPU")
SKILLS = ("EASY", "NORMAL", "HARD")
ROWS = ("LIGHT", "DARK", "SHADE", "PLAYERS", "LEVEL", "FIGHT")


def _big_icon(icon: str, direction: int, scale: int = 2) -> pygame.Surface:
    key = ("big", icon, direction, scale)
    surf = sprites._cache.get(key)
    if surf is None:
        surf = pygame.transform.scale(sprites.icon_surface(icon, direction, 0),
                                      (16 * scale, 16 * scale))
        sprites._cache[key] = surf
    return surf


class PracticeScene(Scene):
    def __init__(self, ctx, light: str = "knight", dark: str = "goblin", shade: int = 2):
        self.ctx = ctx
        self.choice = {"LIGHT": LIGHT_CHOICES.index(light), "DARK": DARK_CHOICES.index(dark),
                       "SHADE": shade, "PLAYERS": 1, "LEVEL": 1}
        self.row = 0
        self.view: DuelView | None = None
        self.duels = 0
        self.tick = 0
        self.window = TextWindow()
        self.finished = False

    # the current picks
    @property
    def light(self) -> str:
        return LIGHT_CHOICES[self.choice["LIGHT"]]

    @property
    def dark(self) -> str:
        return DARK_CHOICES[self.choice["DARK"]]

    def _sizes(self) -> dict:
        return {"LIGHT": len(LIGHT_CHOICES), "DARK": len(DARK_CHOICES), "SHADE": 6,
                "PLAYERS": len(PLAYERS), "LEVEL": len(SKILLS)}

    def start_duel(self) -> None:
        players = self.choice["PLAYERS"]
        setup = DuelSetup.full(self.light, self.dark, self.choice["SHADE"])
        seed = (self.ctx.seed * 7919 + self.duels) & 0x7FFFFFFF
        self.view = DuelView(setup, Rng(seed), light_is_computer=players in (2, 3),
                             dark_is_computer=players in (1, 3), level=self.choice["LEVEL"],
                             audio=self.ctx.audio, hint=self.duels == 0)
        self.duels += 1

    def update(self, frame) -> None:
        self.tick += 1
        if self.view is not None:
            if not self.view.finished:
                if frame.any_pressed(Action.START):   # the arena has no clock: a way out mid-duel
                    self.view = None
                    return
                self.view.update(frame[0], frame[1])
                return
            inp = frame.merged()
            if inp.pressed & Action.FIRE:
                self.start_duel()
            elif inp.pressed & Action.ALT:
                self.view = None
            return
        inp = frame.merged()
        if inp.repeat & Action.UP:
            self.row = (self.row - 1) % len(ROWS)
        elif inp.repeat & Action.DOWN:
            self.row = (self.row + 1) % len(ROWS)
        name = ROWS[self.row]
        step = (1 if inp.repeat & Action.RIGHT else 0) - (1 if inp.repeat & Action.LEFT else 0)
        if step and name != "FIGHT":
            n = self._sizes()[name]
            self.choice[name] = (self.choice[name] + step) % n
            # two elementals never meet: skip past them
            while self.light in S.ELEMENTALS and self.dark in S.ELEMENTALS:
                self.choice[name] = (self.choice[name] + step) % n
        if inp.pressed & Action.FIRE and name == "FIGHT":
            self.start_duel()
        elif inp.pressed & Action.ALT:
            self.finished = True
            self.ctx.director.remove(self)

    def state_hash(self) -> str:
        from handheld.runtime.statehash import state_hash
        return state_hash((self.choice, self.row, self.duels,
                           self.view.state_hash() if self.view else None))

    def draw(self, surface) -> None:
        if self.view is not None:
            self.view.draw(surface)
            if self.view.finished:
                r = self.view.result
                assert r is not None, "a finished duel has its result"
                text = {"light": "LIGHT WINS", "dark": "DARK WINS", "both": "BOTH DIE"}[r.winner]
                self.window.draw(surface, [
                    (text, "gold"),
                    f"LIGHT HP {r.light_hp}  SHOTS {r.light_shots}  HITS {r.light_hits}",
                    f"DARK HP {r.dark_hp}  SHOTS {r.dark_shots}  HITS {r.dark_hits}",
                    ("FIRE: AGAIN   ALT: CHANGE", "silver")])
            return
        surface.fill(rgb("ink"))
        draw_title(surface, "PRACTICE DUEL", "ARCHON")
        values = {
            "LIGHT": S.STATS[self.light].name.upper(), "DARK": S.STATS[self.dark].name.upper(),
            "SHADE": S.SHADE_NAMES[self.choice["SHADE"]], "PLAYERS": PLAYERS[self.choice["PLAYERS"]],
            "LEVEL": SKILLS[self.choice["LEVEL"]], "FIGHT": ""}
        for i, name in enumerate(ROWS):
            y = 24 + i * 16
            hi = i == self.row
            draw_text(surface, 16, y, name, "gold" if hi else "silver")
            if name == "FIGHT":
                if hi:
                    draw_text(surface, 6, y, "\x04", "gold")
                continue
            draw_text(surface, 96, y, ("< " + values[name] + " >") if hi else values[name],
                      "white" if hi else "grey")
        shade = ("shade_a", "shade_b", "shade_c", "shade_d", "shade_e", "shade_f")[
            self.choice["SHADE"]]
        box = pygame.Rect(232, 30, 76, 48)
        surface.fill(rgb(shade), box)
        pygame.draw.rect(surface, rgb("slate"), box, 1)
        from handheld.games.archon.duel.view import side_shadow
        surface.blit(side_shadow("light"), (236, 66))
        surface.blit(side_shadow("dark"), (272, 66))
        surface.blit(_big_icon(self.light, 0), (236, 38))
        surface.blit(_big_icon(self.dark, 4), (272, 38))
        ls, ds = DuelSetup.full(self.light, self.dark, self.choice["SHADE"]).effective_strengths()
        draw_text(surface, 240, 84, f"{ls:>2} VS {ds:<2}", "white", "small")
        self.window.draw(surface, [
            "STICK: PICK AND CHANGE", "FIRE ON FIGHT: START THE DUEL",
            ("P1 PLAYS LIGHT, P2 DARK", "silver"), ("ALT: BACK   START IN A DUEL: STOP", "silver")])


class BestiaryScene(Scene):
    """Left/right pages through the icons; ALT or FIRE leaves."""

    def __init__(self, ctx, icon: str = "unicorn"):
        self.ctx = ctx
        self.index = S.ALL_ICONS.index(icon)
        self.window = TextWindow()
        self.finished = False
        self._page: pygame.Surface | None = None
        self._page_index = -1

    @property
    def icon(self) -> str:
        return S.ALL_ICONS[self.index]

    def update(self, frame) -> None:
        inp = frame.merged()
        if inp.repeat & (Action.RIGHT | Action.DOWN):
            self.index = (self.index + 1) % len(S.ALL_ICONS)
        elif inp.repeat & (Action.LEFT | Action.UP):
            self.index = (self.index - 1) % len(S.ALL_ICONS)
        if inp.pressed & (Action.ALT | Action.FIRE):
            self.finished = True
            self.ctx.director.remove(self)

    def page_lines(self) -> list:
        from handheld.games.archon.duel.matchups import best_and_worst

        icon = self.icon
        st = S.STATS[icon]
        side = S.side_of(icon).upper()
        if icon == "shapeshifter":
            lines = [f"{side}  BASE HP: OPPONENT'S (10 VS ELEMENTALS)",
                     "COPIES ITS OPPONENT'S FORM, WEAPON,", "SPEED, DAMAGE AND RECHARGE;",
                     "BACK TO FULL HEALTH AFTER A WIN"]
        else:
            speed = f"{st.shot_speed}" if st.shot_speed else "-"
            lines = [f"{side}  BASE HP {st.base_hp}  DAMAGE {st.damage}",
                     f"WEAPON {st.weapon_name.upper()} ({st.weapon.upper()})",
                     f"SHOT SPEED {speed}  RECHARGE {st.recharge / 60:.2f} S",
                     "SLOW WALKER" if st.slow else "NORMAL WALKER"]
        best, worst = best_and_worst(icon)
        lines.append("BEST VS: " + ", ".join(f"{S.STATS[o].name.upper()} {p // 10}%"
                                             for o, p in best[:2]))
        lines.append("WORST VS: " + ", ".join(f"{S.STATS[o].name.upper()} {p // 10}%"
                                              for o, p in worst[:2]))
        return lines

    def _render_page(self) -> pygame.Surface:
        s = pygame.Surface((320, 240))
        s.fill(rgb("ink"))
        draw_title(s, "BESTIARY", f"{self.index + 1}/{len(S.ALL_ICONS)}")
        st = S.STATS[self.icon]
        colour = {"light": "light_side", "dark": "dark_side"}.get(S.side_of(self.icon), "gold")
        draw_text(s, 160, 18, st.name.upper(), colour, align="center")
        for d, x in ((0, 96), (2, 144), (4, 192)):
            s.blit(_big_icon(self.icon, d), (x, 30))
        for i, line in enumerate(self.page_lines()):
            draw_text(s, 8, 72 + i * 12, line, "white" if i < 4 else "gold", "small"
                      if len(line) > 38 else "normal")
        self.window.draw(s, ["STICK: NEXT ICON", ("FIRE OR ALT: BACK", "silver")])
        return s

    def draw(self, surface) -> None:
        if self._page_index != self.index:
            self._page = self._render_page()
            self._page_index = self.index
        assert self._page is not None
        surface.blit(self._page, (0, 0))


def arena_scene(ctx, seed: int):
    """For `handheld screenshot archon:arena`: a practice duel, you (Light)
    against the computer, as it starts; --ticks N shows it N ticks on."""
    scene = PracticeScene(ctx, "valkyrie", "manticore", seed % 6)
    scene.choice["PLAYERS"] = 1
    scene.start_duel()
    return scene


def arena_mid_scene(ctx, seed: int):
    """For `handheld screenshot archon:arena_mid`: a computer-against-computer
    practice duel at its first moment after a second with a shot in the air."""
    from handheld.base.actions import EMPTY_FRAME
    scene = PracticeScene(ctx, "valkyrie", "manticore", seed % 6)
    scene.choice["PLAYERS"] = 3
    scene.start_duel()
    assert scene.view is not None, "start_duel opened the arena"
    d = scene.view.duel
    for t in range(600):
        scene.update(EMPTY_FRAME)
        if t >= 60 and not d.over and (d.light.shot or d.dark.shot):
            break
    return scene


class ArenaBenchScene(Scene):
    """For `handheld bench`: two shooters keep walking and keep a shot each
    in flight (recharge is skipped), with all barriers pulsing."""

    def __init__(self, ctx, seed: int = 0):
        self.ctx = ctx
        setup = DuelSetup("valkyrie", "manticore", 2, 99, 99, 8, 8)
        self.view = DuelView(setup, Rng(seed), False, False, 1)
        self.t = 0

    def update(self, frame) -> None:
        self.t += 1
        d = self.view.duel
        d.barriers.timer = min(d.barriers.timer, 30)   # pulse often
        held = []
        for f, fire_dir, walk in ((d.light, 8, (1, 2)), (d.dark, 4, (2, 1))):
            f.strength = 99
            f.recharge = 0
            if f.shot is None:
                held.append(16 | fire_dir)
            else:
                held.append(walk[(self.t // 40) & 1] | (8 if f is d.light and f.x < 100 else 0))
        self.view.update(_Held(held[0]), _Held(held[1]))

    def draw(self, surface) -> None:
        self.view.draw(surface)


class _Held:
    __slots__ = ("held",)

    def __init__(self, held):
        self.held = held
