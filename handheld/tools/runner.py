"""`handheld run`: open the display, input and sound the config asks for and run the cabinet."""

from __future__ import annotations

import gc
import logging
import os
import signal
import sys

from handheld import TICK_HZ

from handheld.base import pngfile
from handheld.base.config import Config, state_dir

log = logging.getLogger("handheld")

HEADLESS_DEFAULT_SECONDS = 30
HEADLESS_SHOT_EVERY_S = 5
# A kiosk starts at boot before udev has finished with every device (the unit does
# not wait for udev's coldplug): the display device may appear, or get group video,
# a little after the cabinet is ready to draw.
KIOSK_DISPLAY_WAIT_S = 15.0


def run_cabinet(args) -> int:
    """Run the cabinet; with ``--respawn`` in a child that is replaced at once if it dies."""
    if getattr(args, "respawn", False):
        from handheld.system.respawn import supervise

        log.info("supervisor %d: the cabinet runs in a child process, respawned if it dies", os.getpid())
        return supervise(lambda: run_once(args), warm_up=warm_up)
    return run_once(args)


def warm_up() -> None:
    """Import what every start needs, so a respawned child does not pay for it again.
    The supervisor runs this once its first child has shown the title, not before it."""
    import pygame  # noqa: F401

    import handheld.cabinet.app  # noqa: F401
    import handheld.audio  # noqa: F401
    import handheld.audio.device  # noqa: F401
    import handheld.display.fbdev  # noqa: F401
    import handheld.display.headless  # noqa: F401
    import handheld.display.sdl  # noqa: F401
    import handheld.input.evdev_backend  # noqa: F401
    import handheld.input.gpio  # noqa: F401
    import handheld.input.manager  # noqa: F401
    import handheld.input.pinmap  # noqa: F401
    import handheld.cabinet.settings_scene  # noqa: F401
    import handheld.system.console  # noqa: F401
    import handheld.system.power  # noqa: F401
    import handheld.system.sdnotify  # noqa: F401
    try:
        import evdev  # noqa: F401
    except ImportError:
        pass  # the input manager says so once the cabinet is up
    import handheld.cabinet.attract  # noqa: F401
    import handheld.cabinet.resume_offer  # noqa: F401
    import handheld.cabinet.resume  # noqa: F401  (a crashed match is offered at the respawn)
    import handheld.cabinet.sounds  # noqa: F401
    collect_garbage_from_here()      # respawned children inherit the frozen objects


def collect_garbage_from_here() -> None:
    """The start's objects (modules, classes, functions) stay for good: freeze them out of
    every later collection, so a full one during play does not walk them all again (and
    a forked child does not copy their pages by touching them), then collect as usual."""
    gc.freeze()
    gc.enable()


def take_console(display):
    """On a console (fbdev/kmsdrm from a VT), keep the kernel's text and keys off the picture."""
    from handheld.system.console import ConsoleTakeover, is_virtual_terminal

    if display.name not in ("fbdev", "kmsdrm") or not is_virtual_terminal(0):
        return None
    console = ConsoleTakeover(0)
    for problem in console.take():
        log.warning("console: %s", problem)
    return console


def stop_on_sigterm() -> None:
    """`systemctl stop` sends SIGTERM: leave through the finally blocks (input grabs,
    console modes). SDL would otherwise turn it into a QUIT event, which kiosk mode ignores."""
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(0))


def run_once(args) -> int:
    stop_on_sigterm()
    from handheld.audio.mixer import hold_back_mixer

    hold_back_mixer()              # sound opens after the first frame (or never: no card)
    pngfile.hold_back()            # and PNG support when a picture is first read or saved
    import pygame

    from handheld.cabinet.app import Cabinet
    from handheld.audio import Audio, NullAudio
    from handheld.display import DisplayError, open_display
    from handheld.cabinet.sounds import register as register_ui_sounds

    config = Config.load(args.config)
    kiosk = bool(args.kiosk or config.get("cabinet.kiosk"))
    backend = args.display or config.get("display.backend")
    problem = _cannot_run(backend, args)
    if problem:
        print(f"handheld: error: {problem}", file=sys.stderr)
        return 2
    try:
        display = open_display(backend, scale=args.scale if args.scale is not None else config.get("display.scale"),
                               fbdev=args.fbdev or config.get("display.fbdev"),
                               rotate=config.get("display.rotate"), wait_s=KIOSK_DISPLAY_WAIT_S if kiosk else 0.0)
    except DisplayError as e:
        print(f"handheld: error: {e}", file=sys.stderr)
        return 2
    console = take_console(display)
    headless = display.name == "headless"
    data = state_dir()
    cabinet = Cabinet(display, None, NullAudio(), config, kiosk=kiosk, first_game=args.game,
                      seed=args.seed, data_dir=data, kiosk_locked=bool(args.kiosk))
    if not headless:
        # the title on screen (and READY=1 to systemd) first: opening the sound device,
        # importing evdev and opening every input device take a second or more of a cold
        # start under QEMU
        cabinet.render()
        cabinet.use_audio(_open_sound(config))
        if not isinstance(cabinet.audio, Audio):
            from handheld.audio.watch import SoundWatcher

            # a card can come later (the image's coldplug starts after this frame; a USB speaker)
            cabinet.watch_for_sound(SoundWatcher(lambda: _open_sound(config)))
    register_ui_sounds(cabinet.audio)
    fleet = None
    if config.get("fleet"):             # opt-in: without [fleet] the fleet is never imported
        from handheld import __version__
        from handheld.fleet.link import start_fleet

        fleet = start_fleet(config, cabinet, data, __version__)
    from handheld.input.manager import InputManager

    inputs = InputManager(config, kiosk=kiosk)
    cabinet.attach_input(inputs)
    if cabinet.notify:
        cabinet.notify.watchdog()         # opening the devices may have taken a while
    cabinet.audio.play("ui.jingle")
    collect_garbage_from_here()
    try:
        if headless:
            return _run_headless(cabinet, args)
        cabinet.run(args.seconds)
    finally:
        if fleet is not None:
            fleet.stop()
        inputs.close()
        display.close()
        if console:
            console.restore()
        pygame.quit()
    return 0


def _open_sound(config):
    from handheld.audio import Audio

    return Audio.open(config.get("sound.enabled"), config.get("sound.volume") / 100, config.get("sound.output"))


def _cannot_run(backend: str, args) -> str | None:
    """What makes this run pointless before anything opens, in one line."""
    if backend == "window" and not os.environ.get("SDL_VIDEODRIVER"):
        from handheld.display.sdl import WindowDisplay

        if not WindowDisplay.available()[0]:   # SDL would draw into an invisible off-screen window
            return ("--display window needs a desktop session (DISPLAY or WAYLAND_DISPLAY) and there is none; "
                    "use --display fbdev, kmsdrm or headless")
    if backend == "headless" and args.game:
        return "--game needs a screen and players; headless, try `handheld selfplay GAME` or `handheld screenshot GAME`"
    return None


def _run_headless(cabinet, args) -> int:
    """No screen here: show what the cabinet would, by running its attract
    mode for a bounded time and saving a screenshot every few seconds."""
    from pathlib import Path

    from handheld.cabinet.attract import AttractScene

    seconds = args.seconds if args.seconds is not None else HEADLESS_DEFAULT_SECONDS
    shots = Path(args.shots)
    try:
        shots.mkdir(parents=True, exist_ok=True)
        probe = shots / ".handheld-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        print(f"handheld: error: cannot save screenshots in {shots} ({e.strerror or e}); "
              f"give --shots a writable folder", file=sys.stderr)
        return 2
    print(f"handheld: no display found; running the attract mode headless for {seconds:g} s, "
          f"screenshots in {shots}/", file=sys.stderr)
    cabinet.render()
    pngfile.save(cabinet.surface, shots / "000-title.png")
    attract = AttractScene(cabinet.ctx, int(cabinet.config.get("cabinet.demo_seconds", 40)))
    cabinet.director.push(attract)
    total = int(seconds * TICK_HZ)
    saved = 1
    for t in range(1, total + 1):
        cabinet.tick()
        if t % (HEADLESS_SHOT_EVERY_S * TICK_HZ) == 0:
            cabinet.render()
            game = attract.demo_game.id if attract.demo_game else "menu"
            pngfile.save(cabinet.surface, shots / f"{saved:03d}-{t // TICK_HZ:04d}s-{game}.png")
            saved += 1
    print(f"handheld: ran {total} ticks; demos shown: {', '.join(attract.shown) or 'none (no games built)'}; "
          f"{saved} screenshots saved", file=sys.stderr)
    return 0
