"""What the guest shows against what the host draws, for the QEMU boot test.

The guest's screendump is 1280x800 with the 320x240 picture scaled and centred;
`logical` samples it back to 320x240. The host renders come from the same code
the cabinet runs, in a subprocess with SDL's dummy video driver.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "image"))     # qemu_boot


def picture_box(w, h):
    """-> (scale, x0, y0) of the 320x240 picture centred on a w x h screen, as the cabinet draws it."""
    from handheld.display.fbdev import fit_scale

    s = fit_scale(w, h, 320, 240)
    return s, (w - 320 * s) // 2, (h - 240 * s) // 2


def logical(g_dump):
    """Guest screendump -> 320x240 rgb bytes, sampling the centre of each scaled pixel."""
    import qemu_boot

    w, h, rgb = qemu_boot.read_ppm(g_dump)
    s, x0, y0 = picture_box(w, h)
    out = bytearray()
    for y in range(240):
        row = (y0 + y * s + s // 2) * w
        for x in range(320):
            i = (row + x0 + x * s + s // 2) * 3
            out += rgb[i:i + 3]
    return bytes(out), (w, h, s)


def border_lit(dump):
    """Pixels lit outside the centred picture: console text drawn over the framebuffer."""
    import qemu_boot

    w, h, rgb = qemu_boot.read_ppm(dump)
    s, x0, y0 = picture_box(w, h)
    lit = 0
    for y in range(h):
        for x in (range(w) if y < y0 or y >= y0 + 240 * s else list(range(x0)) + list(range(x0 + 320 * s, w))):
            i = (y * w + x) * 3
            lit += rgb[i:i + 3] != b"\0\0\0"
    return lit


# argv: menu|admin, number of DOWN presses, picture before, picture after
RENDER_CURSOR = """
import sys
import pygame
from handheld.display.base import logical_surface
from handheld.base.actions import Action, InputFrame, PlayerInput
from handheld.tools.screenshot import make_scene
from handheld.cabinet.settings_scene import AdminScene

which, downs, before, after = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
scene, ctx = make_scene("menu:main", 1)
if which == "admin":
    scene = AdminScene(ctx)
surface = logical_surface()
scene.draw(surface)
pygame.image.save(surface, before)
down = PlayerInput(Action.DOWN, Action.DOWN, 0, Action.DOWN)
for _ in range(downs):
    scene.update(InputFrame((down,) + InputFrame().players[1:]))
    scene.update(InputFrame())
scene.draw(surface)
pygame.image.save(surface, after)
"""


def host_cursor_renders(tmp_path, which, downs):
    """The menu or admin menu as the host draws it: cursor at the top, then after DOWN
    pressed `downs` times; -> the raw RGB bytes of both pictures."""
    import subprocess

    import pygame

    paths = [tmp_path / f"{which}0.png", tmp_path / f"{which}{downs}.png"]
    done = subprocess.run([sys.executable, "-c", RENDER_CURSOR, which, str(downs), *map(str, paths)], cwd=ROOT,
                          # as under the service (INVOCATION_ID): the admin menu says RESTART CABINET
                          env=dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
                                   INVOCATION_ID="0" * 32),
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return [pygame.image.tostring(pygame.image.load(str(p)), "RGB") for p in paths]


def host_menu_renders(tmp_path):
    """The game menu: cursor on the first game, then after one DOWN."""
    return host_cursor_renders(tmp_path, "menu", 1)


def host_admin_renders(tmp_path):
    """The admin menu: cursor on BACK TO CABINET, then on POWER OFF after four DOWNs."""
    return host_cursor_renders(tmp_path, "admin", 4)


def agreement(got, want, where):
    return sum(got[i:i + 3] == want[i:i + 3] for i in where) / len(where)
