"""The offer to resume a match the power cut short, over the title at start:

    RESUME ARCHON?
    1 PLAYER, 4:12 IN, 5 MIN AGO
    FIRE RESUME   ALT DISCARD

FIRE re-runs the match's journal (with a progress bar when that is expected to
take over 0.3 s, see resume.ResumePacing) and puts the players back in it; ALT
deletes the journal. In kiosk mode nobody may be there to answer: after 30 s the
offer gives way to attract mode and the journal stays until the next match starts.
"""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING

import pygame

from handheld import TICK_HZ
from handheld.base.actions import Action, InputFrame
from handheld.base.scene import Scene
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import draw_panel

if TYPE_CHECKING:
    from handheld.cabinet.resume import ResumePacing

log = logging.getLogger("handheld.resume")

KIOSK_TIMEOUT_TICKS = 30 * TICK_HZ
PANEL = (0, 182, 320, 58)          # over the title's PRESS FIRE and the bottom of the screen


def offer_resume(ctx, now: float | None = None) -> bool:
    """Push the offer if the state directory holds a match to resume. Cheap when
    there is none: one stat, and nothing imported."""
    if not ctx.data_dir or not ctx.setting("cabinet.resume", True):
        return False
    if not os.path.exists(os.path.join(ctx.data_dir, "match.journal")):
        return False
    from handheld.cabinet import resume

    journal = resume.pending(ctx.data_dir)
    if journal is None:
        return False
    import time

    ctx.director.push(ResumeOfferScene(ctx, journal, time.time() if now is None else now))
    return True


class ResumeOfferScene(Scene):
    def __init__(self, ctx, journal, now: float, clock=None):
        from handheld.cabinet.resume import describe

        self.ctx = ctx
        self.journal = journal
        self.question, self.detail = describe(journal, now)
        self.age = 0
        self.clock = clock              # for the re-run's pacing; None: the wall clock
        self.pacing: ResumePacing | _Progress | None = None     # once FIRE is pressed
        self.problem = ""

    def update(self, frame: InputFrame) -> None:
        self.age += 1
        if self.pacing is not None:
            self._step(self.pacing)
            return
        inp = frame.merged()
        if inp.pressed & Action.FIRE:
            self.ctx.audio.play("ui.select")
            self._start()
        elif inp.pressed & Action.ALT:
            self._discard()
        elif self.ctx.kiosk and self.age >= KIOSK_TIMEOUT_TICKS and not (frame.any_held() or frame.any_pressed()):
            from handheld.cabinet.attract import AttractScene

            log.info("kiosk: nobody answered the resume offer in 30 s; demos, the journal kept")
            self.ctx.director.replace(AttractScene(self.ctx, self.ctx.setting("cabinet.demo_seconds", 40)))

    def _start(self) -> None:
        from handheld.cabinet.resume import ResumePacing, Resumption

        try:
            self.pacing = pacing = ResumePacing(Resumption(self.ctx, self.journal), self.clock)
        except (KeyError, TypeError, ValueError) as e:
            self._refuse(f"its options are not valid here ({e})")
            return
        self._step(pacing)

    def _step(self, pacing: ResumePacing | _Progress) -> None:
        from handheld.runtime.journal import JournalError

        try:
            done = pacing.advance()
        except JournalError as e:
            self._refuse(str(e))
            return
        if done and not isinstance(pacing, _Progress):
            self._enter_match(pacing.resumption.runner)

    def _refuse(self, why: str) -> None:
        from handheld.cabinet.resume import REFUSED_SUFFIX

        log.warning("not resuming %s: %s (kept as %s%s)", self.journal.game, why, self.journal.path, REFUSED_SUFFIX)
        try:
            os.replace(self.journal.path, self.journal.path + REFUSED_SUFFIX)
        except OSError:
            pass
        self.pacing = None
        self.ctx.director.pop()

    def _enter_match(self, runner) -> None:
        from handheld.cabinet.launcher import MenuScene

        director = self.ctx.director
        director.pop()
        if not any(getattr(s, "is_cabinet_menu", False) for s in director.scenes):   # over the title
            director.push(MenuScene(self.ctx, highlight=self.journal.game))   # QUIT TO MENU lands on its card
        director.push(runner)           # (over what `run --game` opened, its menu is there already)

    def _discard(self) -> None:
        from handheld.runtime.journal import remove_journal

        log.info("resume offer: %s match discarded", self.journal.game)
        remove_journal(self.journal.path)
        self.ctx.audio.play("ui.move")
        self.ctx.director.pop()

    # --- drawing ----------------------------------------------------------
    def draw(self, surface) -> None:
        stack = self.ctx.director.scenes
        below = stack[stack.index(self) - 1] if self in stack and stack.index(self) > 0 else None
        if below is not None:
            below.draw(surface)
        else:
            surface.fill(rgb("ink"))
        x, y, w, h = PANEL
        draw_panel(surface, PANEL, border="gold", fill="night")
        if self.pacing is None or not self.pacing.show_bar:
            draw_text(surface, x + 8, y + 7, self.question, "gold")
            draw_text(surface, x + 8, y + 20, self.detail, "white")
            if self.ctx.kiosk:
                left = max(0, KIOSK_TIMEOUT_TICKS - self.age) // TICK_HZ
                draw_text(surface, x + 8, y + 31, f"DEMOS IN {left} S - THE MATCH IS KEPT", "grey")
            draw_text(surface, x + 8, y + h - 14, "FIRE RESUME", "white")
            draw_text(surface, x + w - 8, y + h - 14, "ALT DISCARD", "grey", align="right")
        else:
            draw_text(surface, x + 8, y + 7, self.question.replace("RESUME", "RESUMING").rstrip("?"), "gold")
            draw_text(surface, x + 8, y + 20, self.detail, "white")
            self._draw_bar(surface, (x + 8, y + h - 16, w - 16, 8), self.pacing.fraction if self.pacing else 0.0)

    def _draw_bar(self, surface, rect, fraction: float) -> None:
        x, y, w, h = rect
        surface.fill(rgb("ink"), rect)
        pygame.draw.rect(surface, rgb("slate"), rect, 1)
        surface.fill(rgb("gold"), (x + 1, y + 1, int((w - 2) * fraction), h - 2))


# --- for `handheld screenshot menu:resume-offer` and docs/screens -------------
def showcase_scenes() -> dict:
    return {"resume-offer": _showcase(progress=False), "resume-progress": _showcase(progress=True)}


def _showcase(progress: bool):
    def make(ctx, seed):
        from handheld.cabinet.launcher import TitleScene
        from handheld.runtime.journal import Journal

        header = {"game": "archon", "play_version": 1, "seed": seed, "options": {"mode": "computer_dark"},
                  "humans": 1, "started": 0}
        journal = Journal(header, [[0, 4 * 60 * TICK_HZ + 12 * TICK_HZ]], ticks=(4 * 60 + 12) * TICK_HZ)
        journal.mtime = 0.0
        ctx.director.push(TitleScene(ctx))
        offer = ResumeOfferScene(ctx, journal, now=5 * 60 + 30)
        if progress:
            offer.pacing = _Progress()
        return offer
    return make


class _Progress:
    """A re-run two thirds of the way through, for the picture."""

    show_bar = True
    fraction = 2 / 3

    def advance(self) -> bool:
        return False
