"""The SDL backends hand the 320x240 picture to SDL's renderer, which scales it
by a whole number with nearest-neighbour and turns it for portrait screens;
without a renderer the CPU path draws the same picture."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from handheld.display.base import logical_surface
from handheld.display.sdl import WindowDisplay

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def dummy_video(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    yield
    pygame.display.quit()


def _picture():
    s = logical_surface()
    s.fill((10, 20, 30))
    s.fill((255, 0, 0), (0, 0, 1, 1))          # top-left pixel
    s.fill((0, 255, 0), (319, 0, 1, 1))        # top-right pixel
    return s


def _shown(display):
    display.present(_picture())
    out = display.read_back()
    return out.get_size(), pygame.image.tostring(out, "RGB")


@pytest.mark.parametrize("rotate", [0, 90, 180, 270])
def test_the_gpu_and_the_cpu_paths_show_the_same_picture(dummy_video, rotate):
    gpu = WindowDisplay(scale=2, rotate=rotate)
    assert gpu.gpu
    a = _shown(gpu)
    gpu.close()
    cpu = WindowDisplay(scale=2, rotate=rotate, gpu=False)
    assert not cpu.gpu
    b = _shown(cpu)
    cpu.close()
    assert a == b
    assert a[0] == ((640, 480) if rotate in (0, 180) else (480, 640))


def test_scaling_is_whole_number_nearest_neighbour_and_turns_clockwise(dummy_video):
    d = WindowDisplay(scale=3, rotate=90)
    d.present(_picture())
    out = d.read_back()
    w, _h = out.get_size()
    # after a quarter turn clockwise the top-left pixel is at the top right, 3x3 of it
    assert all(out.get_at((w - 1 - dx, dy))[:3] == (255, 0, 0) for dx in range(3) for dy in range(3))
    assert out.get_at((w - 4, 0))[:3] == (10, 20, 30)
    d.close()


def test_the_gpu_path_uploads_only_the_small_picture(dummy_video):
    gpu = WindowDisplay(scale=4)
    assert gpu.bytes_per_frame == 320 * 240 * 4
    gpu.close()
    cpu = WindowDisplay(scale=4, gpu=False)
    assert cpu.bytes_per_frame > 10 * 320 * 240 * 4
    cpu.close()


def test_a_renderer_that_does_not_wait_for_vblank_does_not_pace_the_loop(dummy_video):
    from handheld.display.base import logical_surface
    from handheld.runtime.clock import MonotonicClock
    from handheld.runtime.loop import FixedStepLoop

    d = WindowDisplay(scale=1)
    assert d.gpu and d.vsync                 # asked for vsync...
    surface = logical_surface()
    loop = FixedStepLoop(lambda: None, lambda: None, MonotonicClock(), vsync=d.vsync,
                         present=lambda: d.present(surface))
    for _ in range(30):
        loop.step()
    d.close()
    assert loop.stats.locks == 0 and loop.stats.vblank_frames == 0   # ...but the dummy returns at once


@pytest.mark.skipif(not shutil.which("xvfb-run"), reason="needs xvfb-run (apt install xvfb)")
def test_a_real_window_under_xvfb_is_gpu_scaled_and_asks_for_vsync():
    code = (
        "from handheld.display.sdl import WindowDisplay\n"
        "d = WindowDisplay(scale=2)\n"
        "print(d.gpu, d.vsync, d.scale, d.bytes_per_frame)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env["PYTHONPATH"] = str(ROOT)
    out = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", sys.executable, "-c", code],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[-4:] == ["True", "True", "2", str(320 * 240 * 4)]


@pytest.mark.parametrize("failing", ["Window", "Renderer"])
def test_no_gl_on_the_console_falls_back_to_the_cpu_path(dummy_video, monkeypatch, failing):
    """SDL's KMS/DRM backend with no EGL fails in pygame._sdl2 with that module's own error
    class, which is not a pygame.error: the cabinet crashed over and over instead of
    scaling on the CPU (or, on KMS/DRM, going on to fbdev)."""
    from pygame._sdl2 import sdl2, video

    def no_egl(*_args, **_kw):
        raise sdl2.error("EGL not initialized")
    monkeypatch.setattr(video, failing, no_egl)
    d = WindowDisplay(scale=2)
    assert not d.gpu
    shown = _shown(d)
    d.close()
    cpu = WindowDisplay(scale=2, gpu=False)
    assert shown == _shown(cpu)
    cpu.close()
