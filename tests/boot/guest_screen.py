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


def logical(g_dump, ref_w=320, ref_h=240):
    """Guest screendump -> 320x240 rgb bytes, sampling the centre of each scaled pixel."""
    import qemu_boot
    from handheld.display.fbdev import fit_scale

    w, h, rgb = qemu_boot.read_ppm(g_dump)
    s = fit_scale(w, h, ref_w, ref_h)
    x0, y0 = (w - ref_w * s) // 2, (h - ref_h * s) // 2
    out = bytearray()
    for y in range(ref_h):
        row = (y0 + y * s + s // 2) * w
        for x in range(ref_w):
            i = (row + x0 + x * s + s // 2) * 3
            out += rgb[i:i + 3]
    return bytes(out), (w, h, s)


def border_lit(dump):
    """Pixels lit outside the centred picture: console text drawn over the framebuffer."""
    import qemu_boot
    from handheld.display.fbdev import fit_scale

    w, h, rgb = qemu_boot.read_ppm(dump)
    s = fit_scale(w, h, 320, 240)
    x0, y0 = (w - 320 * s) // 2, (h - 240 * s) // 2
    lit = 0
    for y in range(h):
        for x in (range(w) if y < y0 or y >= y0 + 240 * s else list(range(x0)) + list(range(x0 + 320 * s, w))):
            i = (y * w + x) * 3
            lit += rgb[i:i + 3] != b"\0\0\0"
    return lit


RENDER_MENU = """
import sys
import pygame
from handheld.display.base import logical_surface
from handheld.input.actions import Action, InputFrame, PlayerInput
from handheld.screenshot import make_scene

scene, ctx = make_scene("menu:main", 1)
surface = logical_surface()
scene.draw(surface)
pygame.image.save(surface, sys.argv[1])
down = PlayerInput(Action.DOWN, Action.DOWN, 0, Action.DOWN)
ctx.director.top.update(InputFrame((down,) + InputFrame().players[1:]))
ctx.director.top.update(InputFrame())
ctx.director.top.draw(surface)
pygame.image.save(surface, sys.argv[2])
"""


RENDER_ADMIN = """
import sys
import pygame
from handheld.display.base import logical_surface
from handheld.input.actions import Action, InputFrame, PlayerInput
from handheld.screenshot import make_scene
from handheld.settings_scene import AdminScene

_, ctx = make_scene("menu:main", 1)
admin = AdminScene(ctx)
surface = logical_surface()
admin.draw(surface)
pygame.image.save(surface, sys.argv[1])
down = PlayerInput(Action.DOWN, Action.DOWN, 0, Action.DOWN)
for _ in range(3):
    admin.update(InputFrame((down,) + InputFrame().players[1:]))
    admin.update(InputFrame())
admin.draw(surface)
pygame.image.save(surface, sys.argv[2])
"""


def host_renders(script, tmp_path, names):
    """Run a render script on the host; -> the raw RGB bytes of each picture it saved."""
    import subprocess

    import pygame

    paths = [tmp_path / name for name in names]
    done = subprocess.run([sys.executable, "-c", script, *map(str, paths)], cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy"),
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return [pygame.image.tostring(pygame.image.load(str(p)), "RGB") for p in paths]


def host_menu_renders(tmp_path):
    """The menu as the host draws it: cursor on the first game, then after one DOWN."""
    return host_renders(RENDER_MENU, tmp_path, ("menu0.png", "menu1.png"))


def host_admin_renders(tmp_path):
    """The admin menu: cursor on BACK TO CABINET, then on POWER OFF after three DOWNs."""
    return host_renders(RENDER_ADMIN, tmp_path, ("admin0.png", "admin3.png"))


def agreement(got, want, where):
    return sum(got[i:i + 3] == want[i:i + 3] for i in where) / len(where)
