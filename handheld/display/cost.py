"""What presenting a frame costs per backend and output size: the bytes the
cabinet writes or uploads, and the CPU time of present (for `handheld bench`).

kmsdrm and window are measured with SDL's dummy video driver: its renderer is
SDL's software one, so the bytes are what a GPU renderer is sent (the 320x240
texture) while the CPU time includes scaling that a Pi's GPU does instead.
fbdev writes into a file standing in for /dev/fb0."""

from __future__ import annotations

import os
import time
from pathlib import Path

OUTPUTS = {"320x240": (320, 240, 32), "480x320 SPI": (480, 320, 16), "640x480": (640, 480, 32),
           "800x480 DSI": (800, 480, 32), "1280x720": (1280, 720, 32), "1920x1080": (1920, 1080, 32)}
SDL_OUTPUTS = [k for k in OUTPUTS if "SPI" not in k]      # an SPI panel is an fbdev device


def _animated_frames(n: int):
    """A demo-like picture: a moving band over a still background."""
    from handheld.display.base import logical_surface

    surface = logical_surface()
    for i in range(n):
        surface.fill((20, 18, 36))
        surface.fill((252, 212, 64), (0, 40 + i % 120, 320, 24))
        yield surface


def _time_present(present, frames: int) -> list[int]:
    samples = []
    for surface in _animated_frames(frames):
        c0 = time.thread_time_ns()
        present(surface)
        samples.append(time.thread_time_ns() - c0)
    return samples


def _ms(samples: list[int]) -> dict:
    s = sorted(samples)
    return {"present_cpu_p50_ms": round(s[len(s) // 2] / 1e6, 3),
            "present_cpu_p99_ms": round(s[int(len(s) * 0.99)] / 1e6, 3)}


def sdl_costs(frames: int) -> dict:
    import pygame

    from handheld.display.sdl import _CpuPath, _GpuPath

    saved = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    pygame.display.init()
    out = {}
    try:
        for name in SDL_OUTPUTS:
            w, h, _bpp = OUTPUTS[name]
            for label, path_class in (("gpu", _GpuPath), ("cpu fallback", _CpuPath)):
                path = path_class((w, h), False, 0, 0)
                samples = _time_present(path.present, frames)
                out[f"kmsdrm/window {name} {label}"] = {"bytes_per_frame": path.bytes_per_frame,
                                                       "scale": path.scale, **_ms(samples)}
                path.close()
    finally:
        pygame.display.quit()
        if saved is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = saved
    return out


def fbdev_costs(frames: int, folder: Path) -> dict:
    from handheld.display.fbfile import make_fb
    from handheld.display.fbdev import FbdevDisplay

    out = {}
    for name, (w, h, bpp) in OUTPUTS.items():
        dev, sysfs = make_fb(folder, "fb_" + name.split()[0], w, h, bpp)
        display = FbdevDisplay(dev, sysfs_root=sysfs)
        display.present(next(_animated_frames(1)))          # the first frame writes everything
        before = display.bytes_written
        samples = _time_present(display.present, frames)
        out[f"fbdev {name}"] = {"bytes_per_frame": (display.bytes_written - before) // frames,
                                "scale": display.scale, **_ms(samples)}
        display.close()
    return out
