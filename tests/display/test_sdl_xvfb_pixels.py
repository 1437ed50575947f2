"""The GPU path in a real X window (Xvfb), with SDL's default GL renderer and with
its software renderer: every rotation puts each logical pixel, as a crisp 2x2
block at scale 2, where it belongs; a desktop that asks SDL for linear filtering
does not blur the picture."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import sys
from handheld.display.sdl import WindowDisplay
from handheld.display.base import logical_surface
d = WindowDisplay(scale=2, rotate=int(sys.argv[1]))
s = logical_surface()
s.fill((0, 0, 255))
s.fill((255, 0, 0), (0, 0, 1, 1))
s.fill((0, 255, 0), (319, 239, 1, 1))
d.present(s)
out = d.read_back()
w, h = out.get_size()
print("gpu", d.gpu, "size", w, h)
for y in range(h):
    for x in range(w):
        c = out.get_at((x, y))
        if (c.r, c.g, c.b) != (0, 0, 255):
            print("px", x, y, c.r, c.g, c.b)
d.close()
"""

# where logical (0,0) (red) and (319,239) (green) land at scale 2, top-left of each 2x2 block
CORNERS = {0: ((0, 0), (638, 478)), 90: ((478, 0), (0, 638)),
           180: ((638, 478), (0, 0)), 270: ((0, 638), (478, 0))}


@pytest.mark.skipif(not shutil.which("xvfb-run"), reason="needs xvfb-run (apt install xvfb)")
@pytest.mark.parametrize("renderer", ["", "software"])
@pytest.mark.parametrize("rotate", [0, 90, 180, 270])
def test_a_real_window_shows_every_rotation_pixel_exact(renderer, rotate):
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(PYTHONPATH=str(ROOT), SDL_RENDER_DRIVER=renderer, SDL_RENDER_SCALE_QUALITY="linear",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", sys.executable, "-c", CHILD, str(rotate)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    size = (480, 640) if rotate in (90, 270) else (640, 480)
    assert lines[0] == f"gpu True size {size[0]} {size[1]}"
    lit = {(int(x), int(y)): (int(r), int(g), int(b)) for _, x, y, r, g, b in (line.split() for line in lines[1:])}
    (rx, ry), (gx, gy) = CORNERS[rotate]
    expected = {}
    for dx in (0, 1):
        for dy in (0, 1):
            expected[(rx + dx, ry + dy)] = (255, 0, 0)
            expected[(gx + dx, gy + dy)] = (0, 255, 0)
    assert lit == expected     # nothing blended into the neighbours: nearest, not linear
