"""How a Nim match looks: the pile as a row of stones, the pick highlighted."""

from __future__ import annotations

from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import TextWindow, draw_title


def draw_match(surface, scene) -> None:
    surface.fill(rgb("ink"))
    draw_title(surface, "NIM", f"{scene.state.stones} LEFT")
    s = scene.state
    for i in range(s.stones):
        picked = i >= s.stones - scene.take and s.to_move < scene.humans
        surface.fill(rgb("gold" if picked else "silver"), (20 + i * 14, 100, 10, 10))
    who = f"P{s.to_move + 1}"
    prompt = f"{who}: TAKE {scene.take}  STICK + FIRE" if s.to_move < scene.humans else f"{who} IS THINKING"
    TextWindow().draw(surface, [scene.result.get("text") or prompt])
    draw_text(surface, 160, 130, "TAKE THE LAST STONE TO WIN", "slate", "small", align="center")
