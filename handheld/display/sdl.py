"""The two backends that go through SDL: a desktop window, and KMS/DRM on the console."""

from __future__ import annotations

import os

import pygame

from handheld import SCREEN_H, SCREEN_W
from handheld.display.base import Display, DisplayError, fit_scale


class SdlDisplay(Display):
    has_pygame_events = True

    def __init__(self, driver: str, scale: int = 0, fullscreen: bool = False):
        if driver:
            os.environ["SDL_VIDEODRIVER"] = driver
        try:
            pygame.display.init()
        except pygame.error as e:
            raise DisplayError(self._init_error(str(e))) from None
        if fullscreen:
            info = pygame.display.Info()
            out_w, out_h = info.current_w, info.current_h
            self.scale = scale or fit_scale(out_w, out_h)
            self.screen = pygame.display.set_mode((out_w, out_h), pygame.FULLSCREEN)
        else:
            if not scale:
                info = pygame.display.Info()
                scale = max(1, fit_scale(info.current_w - 80, info.current_h - 120)) if info.current_w > 0 else 3
                scale = min(scale, 4)
            self.scale = scale
            self.screen = pygame.display.set_mode((SCREEN_W * scale, SCREEN_H * scale))
            pygame.display.set_caption("handheld")
        pygame.mouse.set_visible(False)
        w, h = self.screen.get_size()
        self.dest = pygame.Rect(0, 0, SCREEN_W * self.scale, SCREEN_H * self.scale)
        self.dest.center = (w // 2, h // 2)
        self.screen.fill((0, 0, 0))
        self._scaled = pygame.Surface(self.dest.size, 0, self.screen)

    def _init_error(self, err: str) -> str:
        return f"cannot start SDL video ({err})"

    def present(self, surface) -> None:
        if self.scale == 1:
            self.screen.blit(surface, self.dest)
        else:
            pygame.transform.scale(surface, self.dest.size, self._scaled)
            self.screen.blit(self._scaled, self.dest)
        pygame.display.flip()

    def events(self) -> list:
        return pygame.event.get()

    def close(self) -> None:
        pygame.display.quit()


class WindowDisplay(SdlDisplay):
    name = "window"

    def __init__(self, scale: int = 0):
        super().__init__("", scale)

    def _init_error(self, err: str) -> str:
        return f"cannot open a window ({err}) — run from a desktop session, or use --display fbdev/kmsdrm"

    @staticmethod
    def available() -> tuple[bool, str]:
        if os.environ.get("WAYLAND_DISPLAY") or os.environ.get("DISPLAY"):
            return True, "a desktop session is running"
        return False, "no desktop session (DISPLAY/WAYLAND_DISPLAY unset)"


class KmsDrmDisplay(SdlDisplay):
    name = "kmsdrm"

    def __init__(self, scale: int = 0):
        super().__init__("kmsdrm", scale, fullscreen=True)

    def _init_error(self, err: str) -> str:
        return (f"cannot use KMS/DRM ({err}) — add the user to groups video and render, "
                "enable dtoverlay=vc4-kms-v3d in config.txt, or use --display fbdev")

    @staticmethod
    def available() -> tuple[bool, str]:
        cards = sorted(p for p in os.listdir("/dev/dri") if p.startswith("card")) if os.path.isdir("/dev/dri") else []
        if not cards:
            return False, "no /dev/dri/card* device"
        path = f"/dev/dri/{cards[0]}"
        if not os.access(path, os.R_OK | os.W_OK):
            return False, f"{path} is not writable (add the user to group video)"
        return True, f"{path} is usable"
