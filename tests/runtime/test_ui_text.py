import pygame

from handheld.ui.palette import rgb
from handheld.ui.text import FONTS, draw_text, load_font, text_width, wrap
from handheld.ui.widgets import Menu
from handheld.base.actions import Action, PlayerInput


def test_every_printable_ascii_has_a_glyph_in_both_sizes():
    for size in FONTS:
        glyphs = load_font(size)
        for code in range(32, 127):
            ch = chr(code)
            assert ch.upper() in glyphs, (size, ch)


def test_draw_text_puts_ink_where_the_glyph_has_it():
    surf = pygame.Surface((40, 10))
    surf.fill(rgb("black"))
    w = draw_text(surf, 0, 0, "I", "gold")
    assert w == text_width("I") == 5
    rows = load_font("normal")["I"]
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            assert (surf.get_at((x, y))[:3] == rgb("gold")) == (c == "#"), (x, y)


def test_a_line_of_every_glyph_has_ink_exactly_where_the_font_file_has_it():
    for size, (_file, w, h, adv, _lh) in FONTS.items():
        glyphs = load_font(size)
        line = "".join(glyphs)
        for colour, ground in (("gold", "black"), ("black", "white")):
            surf = pygame.Surface((text_width(line, size) + 2, h + 2))
            surf.fill(rgb(ground))
            draw_text(surf, 1, 1, line, colour, size)
            for i, rows in enumerate(glyphs.values()):
                for y, row in enumerate(rows):
                    for x in range(adv if i < len(glyphs) - 1 else w):
                        inked = x < w and row[x] == "#"
                        got = surf.get_at((1 + i * adv + x, 1 + y))[:3]
                        assert got == rgb(colour if inked else ground), (size, line[i], x, y)


def test_lower_case_draws_as_upper_case():
    a, b = pygame.Surface((40, 10)), pygame.Surface((40, 10))
    draw_text(a, 0, 0, "Go")
    draw_text(b, 0, 0, "GO")
    assert pygame.image.tostring(a, "RGB") == pygame.image.tostring(b, "RGB")


def test_centre_alignment():
    surf = pygame.Surface((100, 10))
    surf.fill((0, 0, 0))
    w = draw_text(surf, 50, 0, "HHH", "white", align="center")
    assert surf.get_at((50 - w // 2, 1))[:3] == rgb("white")
    assert surf.get_at((50 - w // 2 - 1, 1))[:3] == (0, 0, 0)


def test_wrap_breaks_at_spaces():
    assert wrap("ONE TWO THREE", text_width("ONE TWO")) == ["ONE TWO", "THREE"]


def test_menu_skips_disabled_and_selects():
    m = Menu(["A", "B", "C"], disabled={1})
    m.update(PlayerInput(repeat=Action.DOWN))
    assert m.index == 2
    assert m.update(PlayerInput(pressed=Action.FIRE)) == "select"
    assert m.update(PlayerInput(pressed=Action.ALT)) == "back"
