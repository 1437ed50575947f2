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


# A 1-player match of Spectral Sorcery through the cabinet's own screens, as QEMU's
# sendkey types it (MAME layout: left ctrl is P1 FIRE): FIRE on the title opens the
# menu, DOWN to the second game, FIRE opens its title, FIRE its options, FIRE on
# START GAME plays (P1 Red against the computer, Red first). Then on Red's first turn
# DOWN five times to RESIGN and FIRE: "FIRE AGAIN TO RESIGN"; one more FIRE ends it.
SPECTRAL_START = ("ctrl", "down", "ctrl", "ctrl", "ctrl")
SPECTRAL_TO_RESIGN = ("down",) * 5 + ("ctrl",)


def press(g, keys, gap_s=1.5):
    """QEMU's sendkey, one key at a time, `gap_s` apart (a key's press and release must
    land in different frames of a guest that may be running slowly)."""
    import time

    for key in keys:
        g.sendkey(key)
        time.sleep(gap_s)

# argv: folder; writes match.png (after SPECTRAL_START + SPECTRAL_TO_RESIGN) and
# offer.png (the cabinet started again on the journal that match left)
RENDER_RESUME = """
import os, sys
import pygame
from handheld.audio import NullAudio
from handheld.base.actions import Action
from handheld.base.config import Config
from handheld.cabinet.app import Cabinet
from handheld.display.headless import HeadlessDisplay
from handheld.input.manager import InputManager
from handheld.runtime import journal_disk

folder, keys = sys.argv[1], sys.argv[2].split()
state = os.path.join(folder, "state")
os.makedirs(state)
path = os.path.join(state, "handheld.toml")
open(path, "w").close()

def cabinet():
    cfg = Config.load(path, boot_path=None)
    return Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, kiosk=True, seed=5, data_dir=state)

cab = cabinet()
for key in keys:
    action = {"ctrl": Action.FIRE, "down": Action.DOWN}[key]
    cab.input.raw.press(0, action, "sendkey")
    cab.tick()
    cab.input.raw.release(0, action, "sendkey")
    for _ in range(40):
        cab.tick()
cab.draw()
pygame.image.save(cab.surface, os.path.join(folder, "match.png"))
journal_disk.wait_until_written()
cab = cabinet()
cab.draw()
pygame.image.save(cab.surface, os.path.join(folder, "offer.png"))
"""


def host_resume_renders(tmp_path):
    """The Spectral match as the keys above leave it, and the resume offer for it,
    as the host draws them; -> the raw RGB bytes of both."""
    import subprocess

    import pygame

    done = subprocess.run([sys.executable, "-c", RENDER_RESUME, str(tmp_path), " ".join(SPECTRAL_START + SPECTRAL_TO_RESIGN)],
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
                                             SDL_AUDIODRIVER="dummy"),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return [pygame.image.tostring(pygame.image.load(str(tmp_path / name)), "RGB") for name in ("match.png", "offer.png")]


def offer_fixed_lines():
    """Where the offer's question and its FIRE/ALT line are (the line between says how
    far in and how long ago, and kiosk mode counts down under it: those differ)."""
    from handheld.cabinet.resume_offer import PANEL

    _x, y, _w, h = PANEL
    rows = list(range(y, y + 18)) + list(range(y + h - 16, y + h))
    return [(row * 320 + x) * 3 for row in rows for x in range(320)]


def wait_for_picture(g, dump: str, want: bytes, where, timeout: float = 300, at_least: float = 0.95):
    """Screendumps through QEMU's monitor (no guest shell needed: from the moment QEMU
    starts) until the pixels `where` agree with `want` to `at_least`; -> the best
    agreement seen (the last, if it got there). A dump that is not the cabinet's
    picture yet (the firmware's console, another size) counts as no agreement."""
    import time

    deadline, best = time.monotonic() + timeout, 0.0
    while time.monotonic() < deadline:
        try:
            got, _ = logical(g.screendump(dump))
            best = max(best, agreement(got, want, where))
        except (ValueError, AttributeError, IndexError, OSError):
            pass
        if best >= at_least:
            return best
        time.sleep(0.5)
    return best


def match_text(want: bytes):
    """The match's words in `want` (its title bar and its text window, which say whose
    turn it is, the highlighted action and the message): the pixels there that are not
    one of the two background colours. An attract demo of the same board differs there."""
    from collections import Counter

    rows = list(range(0, 14)) + list(range(195, 240))
    where = [(row * 320 + x) * 3 for row in rows for x in range(320)]
    background = {colour for colour, _ in Counter(want[i:i + 3] for i in where).most_common(2)}
    return [i for i in where if want[i:i + 3] not in background]
