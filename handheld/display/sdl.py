"""The two backends that go through SDL: a desktop window, and KMS/DRM on the console.

The 320x240 picture goes to the GPU as a texture each frame (0.3 MB) and the
GPU scales it: a whole-number scale, nearest-neighbour, centred, turned for a
portrait screen if `display.rotate` says so. Present is asked to wait for
vblank; the loop tests whether it does and paces by it while it does
(handheld/runtime/loop.py). Where SDL has no renderer
the picture is scaled on the CPU as before, with one log line saying so: that
moves the whole output size through memory every frame (about 25 MB at 1080p).
"""

from __future__ import annotations

import logging
import os

import pygame

from handheld import SCREEN_H, SCREEN_W

from handheld.base import held_back
from handheld.display.base import Display, DisplayError, fit_scale

log = logging.getLogger("handheld.display")
BYTES_PER_PIXEL = 4


def _fit(out_w: int, out_h: int, rotate: int) -> int:
    w, h = (SCREEN_H, SCREEN_W) if rotate in (90, 270) else (SCREEN_W, SCREEN_H)
    return fit_scale(out_w, out_h, w, h)


class _GpuPath:
    """SDL's renderer: one streaming texture, scaled and turned by the GPU."""

    def __init__(self, size: tuple[int, int], fullscreen: bool, scale: int, rotate: int):
        from pygame._sdl2 import sdl2, video

        # nearest neighbour, whatever the desktop asks for. The variable SDL reads is
        # SDL_RENDER_SCALE_QUALITY (SDL_HINT_... is only the C macro's name).
        os.environ["SDL_RENDER_SCALE_QUALITY"] = "nearest"
        window = None
        try:
            window = video.Window("handheld", size=size, fullscreen_desktop=fullscreen)
            self.renderer = video.Renderer(window, vsync=True)
            self.texture = video.Texture(self.renderer, (SCREEN_W, SCREEN_H), streaming=True)
        except sdl2.error as e:
            # pygame._sdl2's own error class is not a pygame.error: "EGL not initialized" on
            # a console with KMS/DRM and no GL must fall back like any other renderer failure
            if window is not None:
                window.destroy()
            raise pygame.error(str(e)) from None
        self.window = window
        out_w, out_h = window.size
        self.scale = scale or _fit(out_w, out_h, rotate)
        self.angle = rotate
        self.dest = pygame.Rect(0, 0, SCREEN_W * self.scale, SCREEN_H * self.scale)
        self.dest.center = (out_w // 2, out_h // 2)
        self.bytes_per_frame = SCREEN_W * SCREEN_H * BYTES_PER_PIXEL

    def present(self, surface) -> None:
        self.texture.update(surface)
        self.renderer.draw_color = (0, 0, 0, 255)
        self.renderer.clear()
        self.texture.draw(dstrect=self.dest, angle=self.angle)
        self.renderer.present()

    def read_back(self) -> pygame.Surface:
        return self.renderer.to_surface()

    def close(self) -> None:
        self.window.destroy()


class _CpuPath:
    """No renderer: scale (and turn) on the CPU into the window surface."""

    def __init__(self, size: tuple[int, int], fullscreen: bool, scale: int, rotate: int):
        flags = pygame.FULLSCREEN if fullscreen else 0
        self.screen = pygame.display.set_mode(size, flags)
        out_w, out_h = self.screen.get_size()
        self.scale = scale or _fit(out_w, out_h, rotate)
        self.rotate = rotate
        w, h = SCREEN_W * self.scale, SCREEN_H * self.scale
        self.dest = pygame.Rect(0, 0, *((h, w) if rotate in (90, 270) else (w, h)))
        self.dest.center = (out_w // 2, out_h // 2)
        self.screen.fill((0, 0, 0))
        self._scaled = pygame.Surface((w, h), 0, self.screen)
        # the scaled picture written (at scale 1 skipped), copied into the window, the window uploaded
        scaled = w * h if self.scale != 1 else 0
        self.bytes_per_frame = (scaled + w * h + out_w * out_h) * BYTES_PER_PIXEL

    def present(self, surface) -> None:
        if self.scale != 1:
            pygame.transform.scale(surface, self._scaled.get_size(), self._scaled)
            surface = self._scaled
        if self.rotate:
            surface = pygame.transform.rotate(surface, -self.rotate)
        self.screen.blit(surface, self.dest)
        pygame.display.flip()

    def read_back(self) -> pygame.Surface:
        return self.screen.copy()

    def close(self) -> None:
        pass


class SdlDisplay(Display):
    has_pygame_events = True

    def __init__(self, driver: str, scale: int = 0, fullscreen: bool = False, rotate: int = 0,
                 gpu: bool = True):
        if driver:
            os.environ["SDL_VIDEODRIVER"] = driver
        try:
            pygame.display.init()
        except pygame.error as e:
            raise DisplayError(self._init_error(str(e))) from None
        size = self._output_size(scale, fullscreen, rotate)
        path: _GpuPath | _CpuPath | None = None
        if gpu:
            try:
                path = _GpuPath(size, fullscreen, scale, rotate)
            except (pygame.error, ImportError, AttributeError, TypeError) as e:
                log.warning("display: no SDL renderer (%s); scaling on the CPU instead", e)
        if path is None:
            try:
                path = _CpuPath(size, fullscreen, scale, rotate)
            except pygame.error as e:
                raise DisplayError(self._init_error(str(e))) from None
        self.path = path
        held_back.bring_back(("pygame.mouse",)).set_visible(False)
        self.scale = self.path.scale
        self.gpu = isinstance(self.path, _GpuPath)
        # the renderer asks for vsync; whether present really waits for it (SDL's dummy
        # returns at once, a software renderer takes its own time) the loop finds out
        self.vsync = self.gpu
        self.bytes_per_frame = self.path.bytes_per_frame

    def _output_size(self, scale: int, fullscreen: bool, rotate: int) -> tuple[int, int]:
        info = pygame.display.Info()
        if fullscreen:
            return info.current_w, info.current_h
        if not scale:
            scale = _fit(info.current_w - 80, info.current_h - 120, rotate) if info.current_w > 0 else 3
            scale = max(1, min(scale, 4))
        w, h = SCREEN_W * scale, SCREEN_H * scale
        return (h, w) if rotate in (90, 270) else (w, h)

    def _init_error(self, err: str) -> str:
        return f"cannot start SDL video ({err})"

    def present(self, surface) -> None:
        self.path.present(surface)

    def read_back(self) -> pygame.Surface:
        """What is on the output now (tests)."""
        return self.path.read_back()

    def events(self) -> list:
        return pygame.event.get()

    def describe(self) -> str:
        how = "GPU scaling, vsync" if self.gpu else "CPU scaling"
        return f"{self.name} (x{self.scale}, {how})"

    def close(self) -> None:
        self.path.close()
        pygame.display.quit()


class WindowDisplay(SdlDisplay):
    name = "window"

    def __init__(self, scale: int = 0, rotate: int = 0, gpu: bool = True):
        super().__init__("", scale, rotate=rotate, gpu=gpu)

    def _init_error(self, err: str) -> str:
        return f"cannot open a window ({err}) — run from a desktop session, or use --display fbdev/kmsdrm"

    @staticmethod
    def available() -> tuple[bool, str]:
        if os.environ.get("WAYLAND_DISPLAY") or os.environ.get("DISPLAY"):
            return True, "a desktop session is running"
        return False, "no desktop session (DISPLAY/WAYLAND_DISPLAY unset)"


class KmsDrmDisplay(SdlDisplay):
    name = "kmsdrm"

    def __init__(self, scale: int = 0, rotate: int = 0, gpu: bool = True):
        super().__init__("kmsdrm", scale, fullscreen=True, rotate=rotate, gpu=gpu)

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
