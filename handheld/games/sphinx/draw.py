"""Drawing a MatchScene: cached board layer + a few sprites + text per frame."""

from __future__ import annotations

import pygame

from handheld.games.levels import find
from handheld.games.sphinx import art
from handheld.games.sphinx.ai import LEVELS
from handheld.games.sphinx.layout import CELL, PIECE, SLIDER_Y, cell_xy, slider_x
from handheld.games.sphinx.phases import AIM, DONE, FALL, PIECES, ROUND_OVER, SLIDE, THINK, WON
from handheld.ui.text import draw_text
from handheld.ui.widgets import TextWindow, draw_thinking, draw_title

NAMES = {"sphinx": "SPHINX", "pyramid": "PYRAMIDS"}
_window = TextWindow()


class _Layer:
    """The board with its settled pieces, rebuilt only when a piece lands."""

    def __init__(self):
        self.version = None
        self.surface = None


def _layer(scene, surface) -> pygame.Surface:
    layer = scene.__dict__.setdefault("_view_layer", _Layer())
    if layer.version != scene.version or layer.surface is None:
        bg = art.board_surface(scene.width, scene.height, surface)
        board = scene.board
        for col in range(scene.width):
            for row in range(board.column_height(col)):
                owner = board.cell(col, row)
                bg.blit(art.piece(scene.piece_of_player(owner)), cell_xy(scene.width, scene.height, col, row))
        draw_title(bg, "THE INSCRUTABLE SPHINX", f"ROUND {scene.round} OF {scene.opts['rounds']}")
        _draw_panels(scene, bg)
        layer.surface = bg
        layer.version = scene.version
    return layer.surface


def who(scene, piece: str) -> str:
    kind = scene.controller[piece]
    if kind == "human":
        humans = [p for p in PIECES if scene.controller[p] == "human"]
        return "YOU" if len(humans) == 1 else ("P1" if piece == "sphinx" else "P2")
    return find(LEVELS, kind).label


def _draw_panels(scene, bg) -> None:
    for i, piece in enumerate(PIECES):
        x = 40 if i == 0 else 280
        bg.blit(art.piece(piece), (x - PIECE // 2, 40))
        draw_text(bg, x, 62, NAMES[piece], "gold", align="center")
        draw_text(bg, x, 74, who(scene, piece), "silver", "small", align="center")
        draw_text(bg, x, 86, "ROUNDS WON", "slate", "small", align="center")
        digits = str(scene.score[i])
        img = pygame.transform.scale(_text_image(digits), (len(digits) * 12, 14))
        bg.blit(img, (x - img.get_width() // 2, 96))
        if scene.first == piece:
            draw_text(bg, x, 116, "STARTED", "slate", "small", align="center")


def _text_image(text: str) -> pygame.Surface:
    from handheld.ui.text import render

    return render(text, "white")


def draw_match(scene, surface) -> None:
    surface.blit(_layer(scene, surface), (0, 0))
    piece = scene.piece_to_move()
    w, h = scene.width, scene.height
    if scene.phase in (AIM, THINK, SLIDE):
        dim = scene.phase == AIM and not scene.board.can_play(scene.cursor)
        surface.blit(art.piece(piece, dim), (scene.slide_x, SLIDER_Y))
    elif scene.phase == FALL:
        surface.blit(art.piece(piece), (slider_x(w, scene.target), scene.fall_y))
    if scene.phase == THINK:
        x = 40 if piece == "sphinx" else 280
        draw_thinking(surface, x - 7, 126, scene.tick)
    if scene.phase in (WON, ROUND_OVER, DONE) and scene.round_winner is not None:
        if scene.phase != WON or (scene.phase_tick // 10) % 2 == 0:
            ring = art.ring("flash")
            for col, row in scene.winning_cells():
                x, y = cell_xy(w, h, col, row)
                surface.blit(ring, (x - (CELL - PIECE) // 2 - 1, y - (CELL - PIECE) // 2 - 1))
    _window.draw(surface, _lines(scene, piece))


def _lines(scene, piece: str) -> list:
    s, p, d = scene.score
    score = f"SPHINX {s}  PYRAMIDS {p}" + (f"  DRAWN {d}" if d else "")
    if scene.help:
        return [("FOUR IN A ROW WINS: ACROSS, UP OR SLANTED.", "white"),
                ("STICK \x03 \x04 SLIDES YOUR PIECE, FIRE DROPS IT.", "white"),
                ("A FULL BOARD IS A DRAW. START PAUSES.", "white"),
                ("ALT: CLOSE HELP", "silver")]
    if scene.phase in (WON, ROUND_OVER, DONE):
        if scene.round_winner is None:
            head = ("ROUND DRAWN: THE BOARD IS FULL", "silver")
        else:
            head = (f"{NAMES[scene.round_winner]} {'WINS' if scene.round_winner == 'sphinx' else 'WIN'} "
                    f"ROUND {scene.round}!", "gold")
        tail = ""
        if scene.phase == ROUND_OVER:
            humans = "human" in scene.controller.values()
            tail = "FIRE: NEXT ROUND" if humans else "NEXT ROUND SOON"
        elif scene.phase == DONE:
            tail = scene.result.get("text", "")
        return [head, (score, "white"), (tail, "silver")]
    name = NAMES[piece]
    controller = who(scene, piece)
    if scene.phase == AIM:
        turn = f"{name} ({controller}) TO MOVE"
        hint = scene.message or "STICK \x03 \x04: SLIDE   FIRE: DROP   ALT: HELP"
        return [(turn, "gold"), (hint, "danger" if scene.message else "silver"), (score, "white")]
    if scene.phase == THINK:
        return [(f"{name} ({controller}) IS THINKING", "gold"), ("ALT: HELP   START: PAUSE", "slate"),
                (score, "white")]
    return [(f"{name} ({controller}) DROPS IN COLUMN {scene.target + 1}", "gold"), ("", "white"),
            (score, "white")]
