"""One headless cabinet for the multi-process fleet tests: the real Cabinet,
its [fleet] hook and the real match runner, playing computer-vs-computer
matches of The Inscrutable Sphinx (about 1,500 ticks each, at full speed).

    python cabinet_proc.py CONFIG STATE_DIR MATCHES PAUSE_S STOP_FILE

Plays MATCHES matches PAUSE_S apart, printing "played N" after each, then
idles until STOP_FILE exists (at most 10 minutes), leaves the fleet and exits."""

import logging
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from handheld import __version__  # noqa: E402
from handheld.cabinet.app import Cabinet  # noqa: E402
from handheld.audio import NullAudio  # noqa: E402
from handheld.base.config import Config  # noqa: E402
from handheld.display.headless import HeadlessDisplay  # noqa: E402
from handheld.fleet.link import start_fleet  # noqa: E402
from handheld.games.registry import load_game  # noqa: E402
from handheld.input.manager import InputManager  # noqa: E402

OPTIONS = {"mode": "demo", "rounds": 1, "first": "sphinx", "sphinx_level": "classic", "pyramid_level": "classic"}
IDLE_LIMIT_S = 600


def main(config_path, state, matches, pause_s, stop_file) -> int:
    logging.basicConfig(level=logging.INFO, format="handheld: %(message)s", stream=sys.stderr)
    cfg = Config.load(config_path, boot_path=None)
    cab = Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, seed=os.getpid(), data_dir=state)
    link = start_fleet(cfg, cab, state, __version__)
    ended = []
    hook = cab.ctx.on_match_end
    cab.ctx.on_match_end = lambda report: (hook(report), ended.append(report))
    game = load_game("sphinx")
    try:
        for n in range(1, int(matches) + 1):
            cab.ctx.start_match(game, OPTIONS)
            while len(ended) < n:
                cab.tick()
            cab.director.pop()
            print(f"played {n}", flush=True)
            time.sleep(float(pause_s))
        deadline = time.monotonic() + IDLE_LIMIT_S
        while not os.path.exists(stop_file) and time.monotonic() < deadline:
            cab.tick()
            time.sleep(0.01)
    finally:
        if link is not None:
            link.stop(timeout=5)
    print("stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:6]))
