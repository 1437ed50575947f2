"""docs/screens is what `make screens` makes now: every picture, pixel for pixel,
and the index page. A screen changed without re-running `make screens` (or a
render that is not deterministic) fails here."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from handheld.base import pngfile
from handheld.tools import screens

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screens"
FIX = "run `make screens` and commit docs/screens"


def _pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    image = pngfile.load(path)
    return image.get_size(), pygame.image.tostring(image.convert(24, 0) if image.get_bitsize() != 24 else image, "RGB")


def test_docs_screens_equal_what_make_screens_makes(tmp_path):
    recorded = (DOCS / "README.md").read_text()
    if f"Drawn with {screens.drawn_with()}." not in recorded:
        pytest.skip(f"docs/screens were not drawn with this {screens.drawn_with()} (see their README); "
                    "pygame versions draw circles differently")
    assert screens.main([str(tmp_path)]) == 0
    made = sorted(p.name for p in tmp_path.glob("*.png"))
    committed = sorted(p.name for p in DOCS.glob("*.png"))
    assert made == committed, f"screens added or gone: {FIX}"
    assert (tmp_path / "README.md").read_text() == (DOCS / "README.md").read_text(), FIX
    stale = [name for name in made if _pixels(tmp_path / name) != _pixels(DOCS / name)]
    assert stale == [], f"{len(stale)} screens differ from their pictures in docs/screens ({', '.join(stale)}): {FIX}"


def test_a_stale_picture_is_found(tmp_path):
    surface = pygame.Surface((4, 4))
    surface.fill((10, 20, 30))
    pngfile.save(surface, tmp_path / "a.png")
    surface.set_at((3, 3), (10, 20, 31))
    pngfile.save(surface, tmp_path / "b.png")
    assert _pixels(tmp_path / "a.png") != _pixels(tmp_path / "b.png")
