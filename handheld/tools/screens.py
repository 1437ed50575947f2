"""`python -m handheld.tools.screens DIR` (`make screens`): every screen the cabinet
has, the cabinet's own (menu:*) and each game's, as PNGs in DIR, with an index
page DIR/README.md."""

from __future__ import annotations

import sys
from pathlib import Path

SCALE = 2
SEED = 1


def all_targets() -> list[str]:
    from handheld.games.registry import built_games
    from handheld.tools.screenshot import scene_factories

    targets = [f"menu:{name}" for name in scene_factories("menu")]
    for game in built_games():
        targets += [f"{game.id}:{name}" for name in game.screenshot_scenes()]
    return targets


def render(target: str, path: Path) -> None:
    import pygame

    from handheld.base import pngfile
    from handheld.display.base import logical_surface
    from handheld.tools.screenshot import make_scene

    scene, ctx = make_scene(target, SEED)
    surface = logical_surface()
    (ctx.director.top or scene).draw(surface)
    pngfile.save(pygame.transform.scale(surface, (320 * SCALE, 240 * SCALE)), path)


def drawn_with() -> str:
    """The pygame that drew the pictures: versions differ in how they draw circles
    and polygons, so pictures are compared only with the same one."""
    import pygame

    return f"pygame {pygame.version.ver}"


def index_page(targets: list[str]) -> str:
    lines = ["# Every screen", "",
             "Made by `make screens` (`python -m handheld.tools.screens docs/screens`), at twice the",
             "320x240 size, seed 1. One picture per `handheld screenshot TARGET` target:",
             "`menu:*` are the cabinet's own screens, the rest each game's.",
             f"Drawn with {drawn_with()}.", ""]
    group = None
    for t in targets:
        head = t.split(":")[0]
        if head != group:
            group = head
            lines += ["", f"## {'The cabinet' if head == 'menu' else head}", ""]
        file = t.replace(":", "-") + ".png"
        lines += [f"### `{t}`", "", f"![{t}]({file})", ""]
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m handheld.tools.screens DIR", file=sys.stderr)
        return 2
    folder = Path(argv[0])
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    targets = all_targets()
    for t in targets:
        render(t, folder / (t.replace(":", "-") + ".png"))
        print(t, flush=True)
    (folder / "README.md").write_text(index_page(targets))
    print(f"{len(targets)} screens in {folder}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
