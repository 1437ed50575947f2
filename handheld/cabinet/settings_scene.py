"""Settings and the kiosk admin menu. Every change is saved at once, atomically."""

from __future__ import annotations

import logging

from handheld.base.config import ConfigNotSaved
from handheld.base.actions import Action, InputFrame
from handheld.base.scene import Scene
from handheld.system.service import under_service
from handheld.ui.palette import rgb
from handheld.ui.widgets import Menu, TextWindow, draw_title

log = logging.getLogger("handheld.settings")

VOLUME_STEP = 10


class SettingsScene(Scene):
    """Sound on/off, volume, colour-blind aid, attract delay, kiosk, controls.
    Left/right change the highlighted value; FIRE toggles or opens; ALT leaves."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.menu = Menu(self._labels(), spacing=14)
        self.message = ""

    def _get(self, key, default):
        return self.ctx.setting(key, default)

    def _labels(self) -> list[str]:
        on = lambda v: "ON" if v else "OFF"
        return [
            f"SOUND        {on(self._get('sound.enabled', True))}",
            f"VOLUME       {self._get('sound.volume', 80)}",
            f"COLOUR BLIND {on(self._get('display.colour_blind', False))}",
            f"DEMO AFTER   {self._get('cabinet.attract_after_s', 60)} S",
            "KIOSK MODE   ON (LOCKED)" if self.ctx.kiosk_locked
            else f"KIOSK MODE   {on(self._get('cabinet.kiosk', False))}",
            "CONFIGURE CONTROLS",
            "BACK",
        ]

    def _set(self, key, value) -> None:
        cfg = self.ctx.settings
        if cfg is None:
            return
        cfg.set(key, value)
        try:
            cfg.save()
            self.message = "SAVED"
        except ConfigNotSaved as e:
            self.message = ConfigNotSaved.screen_text
            log.warning("settings not saved: %s", e)
        except OSError as e:
            self.message = "CANNOT SAVE SETTINGS"
            log.warning("cannot save settings to %s: %s", cfg.path, e.strerror)
        if key == "sound.enabled":
            self.ctx.audio.set_enabled(value)
        elif key == "sound.volume":
            self.ctx.audio.set_volume(value / 100)

    def update(self, frame: InputFrame) -> None:
        inp = frame.merged()
        action = self.menu.update(inp)
        step = (1 if inp.repeat & Action.RIGHT else -1 if inp.repeat & Action.LEFT else 0)
        i = self.menu.index
        if action == "back" or (action == "select" and i == 6):
            self.ctx.director.pop()
            return
        if i == 0 and (step or action == "select"):
            self._set("sound.enabled", not self._get("sound.enabled", True))
        elif i == 1 and step:
            self._set("sound.volume", max(0, min(100, self._get("sound.volume", 80) + step * VOLUME_STEP)))
        elif i == 2 and (step or action == "select"):
            self._set("display.colour_blind", not self._get("display.colour_blind", False))
        elif i == 3 and step:
            self._set("cabinet.attract_after_s", max(10, min(600, self._get("cabinet.attract_after_s", 60) + step * 10)))
        elif i == 4 and (step or action == "select") and self.ctx.kiosk_locked:
            self.message = "LOCKED ON BY THE SERVICE" if under_service() else "LOCKED ON BY --KIOSK"
        elif i == 4 and (step or action == "select"):
            self._set("cabinet.kiosk", not self._get("cabinet.kiosk", False))
            self.message = "KIOSK APPLIES AT NEXT START"
        elif i == 5 and action == "select":
            self._open_mapping()
        self.menu.items = self._labels()

    def _open_mapping(self) -> None:
        manager = self.ctx.input_manager
        try:
            from handheld.cabinet.mapping import MappingScene
        except ImportError:
            self.message = "CONTROL MAPPING NOT INSTALLED"
            return
        if manager is None:
            self.message = "NO INPUT DEVICES TO MAP HERE"
            return
        self.ctx.director.push(MappingScene(self.ctx, manager))

    def draw(self, surface) -> None:
        surface.fill(rgb("ink"))
        draw_title(surface, "SETTINGS")
        self.menu.draw(surface, 40, 30)
        TextWindow().draw(surface, [("SETTINGS", "gold"), "STICK LEFT/RIGHT CHANGES",
                                    "FIRE TOGGLES   ALT BACK", self.message])


class AdminScene(Scene):
    """Kiosk admin: reached only by holding the admin combo."""

    def __init__(self, ctx):
        self.ctx = ctx
        # under the service a cabinet that ends is started again at once: say so
        self.quit_label = "RESTART CABINET" if under_service() else "QUIT"
        self.menu = Menu(["BACK TO CABINET", "SETTINGS", "RESET RECORDS", self.quit_label, "POWER OFF"],
                         spacing=14)
        self.message = ""
        self.confirm_reset = False

    def update(self, frame: InputFrame) -> None:
        before = self.menu.index
        action = self.menu.update(frame.merged())
        if self.menu.index != before:
            self.confirm_reset = False
        if action == "back":
            self.ctx.director.pop()
        if action != "select":
            return
        choice = self.menu.items[self.menu.index]
        if choice == "RESET RECORDS":
            self._reset_records()
        elif choice == "BACK TO CABINET":
            self.ctx.director.pop()
        elif choice == "SETTINGS":
            self.ctx.director.push(SettingsScene(self.ctx))
        elif choice == self.quit_label:
            self.ctx.quit_requested = True
        else:
            self.message = self._power_off()

    def _reset_records(self) -> None:
        """Asks once (FIRE again), then empties the records table."""
        if self.ctx.records is None:
            self.message = "NO RECORDS KEPT HERE"
        elif not self.confirm_reset:
            self.confirm_reset = True
            self.message = "FIRE AGAIN TO ERASE ALL RECORDS"
        else:
            self.confirm_reset = False
            self.ctx.records.reset()
            self.message = "RECORDS RESET"

    def _power_off(self) -> str:
        try:
            from handheld.system.power import power_off
        except ImportError:
            return "POWER OFF NOT AVAILABLE"
        error = power_off()
        if error:
            log.warning("power off failed: %s", error)
            return "POWER OFF FAILED: SEE LOG"
        self.ctx.quit_requested = True
        return "POWERING OFF"

    def draw(self, surface) -> None:
        surface.fill(rgb("ink"))
        draw_title(surface, "ADMIN", "KIOSK", colour="danger")
        self.menu.draw(surface, 60, 40)
        TextWindow().draw(surface, [("CABINET ADMIN", "danger"), "", "", self.message])
