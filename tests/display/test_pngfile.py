"""PNG pictures without pygame's image extension at start: held back, the cabinet
still saves and reads PNGs, and loads the extension only then."""

import subprocess
import sys

CODE = """
import sys
from handheld.base import pngfile
pngfile.hold_back()
import pygame
held = sys.modules.get("pygame.imageext") is None and not pygame.image.get_extended()
surface = pygame.Surface((5, 3))
surface.fill((10, 200, 30))
surface.set_at((4, 2), (255, 0, 128))
pngfile.save(surface, sys.argv[1])
back = pngfile.load(sys.argv[1])
print(held, sys.modules["pygame.imageext"] is not None, back.get_size(), tuple(back.get_at((0, 0)))[:3],
      tuple(back.get_at((4, 2)))[:3], open(sys.argv[1], "rb").read(8) == b"\\x89PNG\\r\\n\\x1a\\n")
"""


def test_held_back_png_support_is_loaded_on_first_use(tmp_path):
    out = tmp_path / "pic.png"
    p = subprocess.run([sys.executable, "-c", CODE, str(out)], capture_output=True, text=True,
                       env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)})
    assert p.returncode == 0, p.stderr
    assert p.stdout.split("\n")[0] == "True True (5, 3) (10, 200, 30) (255, 0, 128) True"


def test_png_files_round_trip_where_pygame_came_first(tmp_path):
    import pygame

    from handheld.base import pngfile

    surface = pygame.Surface((2, 2))
    surface.fill((1, 2, 3))
    pngfile.save(surface, tmp_path / "a.png")
    assert tuple(pngfile.load(tmp_path / "a.png").get_at((1, 1)))[:3] == (1, 2, 3)
