"""What a stranger reads on the chamber's screen: the log never says the same
thing twice, picking up an orb never reads as a capture, the panel spells
its words out, and orbs stand out from the squares they lie on."""

from chamber_helpers import MOONS, SUNS, give

from handheld.runtime.context import Context
from handheld.display.base import logical_surface
from handheld.games.chamber import art
from handheld.games.chamber.draw import _window_lines
from handheld.games.chamber.match import DEMO_OPTIONS, MatchScene
from handheld.base.actions import EMPTY_FRAME
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text


def _lines(scene):
    return [text for text, _ in (line if isinstance(line, tuple) else (line, "") for line in _window_lines(scene))
            if text]


def test_the_window_never_shows_one_line_twice_through_a_whole_computer_match():
    scene = MatchScene(Context.headless_context(seed=1), 3, DEMO_OPTIONS, demo=True)
    shown = 0
    for _ in range(40_000):
        if scene.finished:
            break
        scene.update(EMPTY_FRAME)
        lines = _lines(scene)
        assert len(lines) == len(set(lines)), lines
        shown += len(lines)
    assert scene.state.phase == "over" and shown


def test_the_same_news_twice_in_a_row_is_one_line_with_a_count():
    scene = MatchScene(Context.headless_context(seed=1), 5, {"seats": [["human", 0], ["cpu", 2]]})
    scene._react([("pickup", 0, 7, [MOONS])])
    scene._react([("pickup", 0, 8, [MOONS])])
    assert scene.log[-1][0] == "SUNS PICKS UP AN ORB OF MOONS X2"
    assert scene.log[-2][0] != scene.log[-1][0].removesuffix(" X2")


def test_picking_up_an_orb_never_reads_as_taking_a_sorcerer():
    scene = MatchScene(Context.headless_context(seed=1), 5, {"seats": [["human", 0], ["cpu", 2]]})
    scene._react([("pickup", 0, 7, [MOONS])])
    text = scene.log[-1][0]
    assert "TAKES" not in text and "ORB" in text and "MOONS" in text


def _panel_pixels(scene, x0, y0, x1, y1):
    surf = logical_surface()
    scene.draw(surf)
    return {tuple(surf.get_at((x, y)))[:3] for x in range(x0, x1) for y in range(y0, y1)}


def test_the_panel_spells_shield_out():
    scene = MatchScene(Context.headless_context(seed=1), 5, {"seats": [["human", 0], ["cpu", 2]]})
    give(scene.state, 0, SUNS)
    scene.state.shield[0] = SUNS
    scene.version += 1
    scene.update(EMPTY_FRAME)
    surf = logical_surface()
    scene.draw(surf)
    word = logical_surface()
    word.fill((0, 0, 0))
    draw_text(word, 0, 0, "SHIELD", "cyan", size="small")
    want = [(x, y) for x in range(24) for y in range(5) if tuple(word.get_at((x, y)))[:3] == rgb("cyan")]
    row_y = 16 + 1                                        # seat 0's row, the word one pixel lower
    hits = [x0 for x0 in range(190, 300)
            if all(tuple(surf.get_at((x0 + x, row_y + y)))[:3] == rgb("cyan") for x, y in want)]
    assert hits, "SHIELD is not written out on the shielded sorcerer's row"


def _luma(colour):
    r, g, b = rgb(colour) if isinstance(colour, str) else colour
    return (299 * r + 587 * g + 114 * b) // 1000


def test_an_orb_nearly_fills_its_space_and_its_rim_stands_out_from_both_square_shades():
    pic = art.orb(MOONS)
    w, h = pic.get_size()
    assert w >= art.CELL - 2 and h >= art.CELL - 2
    key = pic.get_colorkey()
    rim = {tuple(pic.get_at((x, h // 2)))[:3] for x in range(3) if tuple(pic.get_at((x, h // 2))) != key}
    assert rim, "the orb's edge is transparent"
    for square in ("shade_d", "shade_e"):
        assert max(abs(_luma(c) - _luma(square)) for c in rim) >= 100, square
