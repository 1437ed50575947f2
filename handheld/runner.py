"""`handheld run`: open the display, input and sound the config asks for and run the cabinet."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from handheld import TICK_HZ
from handheld.config import Config, state_dir

log = logging.getLogger("handheld")

HEADLESS_DEFAULT_SECONDS = 30
HEADLESS_SHOT_EVERY_S = 5


def run_cabinet(args) -> int:
    import pygame

    from handheld.app import Cabinet
    from handheld.audio import Audio, NullAudio
    from handheld.display import DisplayError, open_display
    from handheld.input.manager import InputManager
    from handheld.ui_sounds import register as register_ui_sounds

    config = Config.load(args.config)
    kiosk = bool(args.kiosk or config.get("cabinet.kiosk"))
    backend = args.display or config.get("display.backend")
    try:
        display = open_display(backend, scale=args.scale if args.scale is not None else config.get("display.scale"),
                               fbdev=args.fbdev or config.get("display.fbdev"),
                               rotate=config.get("display.rotate"))
    except DisplayError as e:
        print(f"handheld: error: {e}", file=sys.stderr)
        return 2
    headless = display.name == "headless"
    audio = NullAudio() if headless else Audio.open(config.get("sound.enabled"), config.get("sound.volume") / 100)
    register_ui_sounds(audio)
    inputs = InputManager(config, kiosk=kiosk)
    data = state_dir()
    cabinet = Cabinet(display, inputs, audio, config, kiosk=kiosk, first_game=args.game,
                      seed=args.seed, data_dir=data)
    audio.play("ui.jingle")
    try:
        if headless:
            return _run_headless(cabinet, args)
        cabinet.run(args.seconds)
    finally:
        inputs.close()
        display.close()
        pygame.quit()
    return 0


def _run_headless(cabinet, args) -> int:
    """No screen here: show what the cabinet would, by running its attract
    mode for a bounded time and saving a screenshot every few seconds."""
    import pygame

    from handheld.attract import AttractScene

    seconds = args.seconds if args.seconds is not None else HEADLESS_DEFAULT_SECONDS
    shots = Path(args.shots)
    shots.mkdir(parents=True, exist_ok=True)
    print(f"handheld: no display found; running the attract mode headless for {seconds:g} s, "
          f"screenshots in {shots}/", file=sys.stderr)
    cabinet.render()
    pygame.image.save(cabinet.surface, str(shots / "000-title.png"))
    attract = AttractScene(cabinet.ctx, int(cabinet.config.get("cabinet.demo_seconds", 40)))
    cabinet.director.push(attract)
    total = int(seconds * TICK_HZ)
    saved = 1
    for t in range(1, total + 1):
        cabinet.tick()
        if t % (HEADLESS_SHOT_EVERY_S * TICK_HZ) == 0:
            cabinet.render()
            game = attract.demo_game.id if attract.demo_game else "menu"
            pygame.image.save(cabinet.surface, str(shots / f"{saved:03d}-{t // TICK_HZ:04d}s-{game}.png"))
            saved += 1
    print(f"handheld: ran {total} ticks; demos shown: {', '.join(attract.shown) or 'none (no games built)'}; "
          f"{saved} screenshots saved", file=sys.stderr)
    return 0
