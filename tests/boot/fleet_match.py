"""Run inside the booted image by tests/boot/test_boot_fleet.py (copied to its boot
partition): a headless cabinet (the real Cabinet, match runner and [fleet] hook, on
the image's own Python, paho-mqtt and broker) joins the guest's broker and plays one
computer-vs-computer match of The Inscrutable Sphinx; prints what happened as JSON.

    python3 fleet_match.py CONFIG STATE_DIR"""

import json
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from handheld.audio import NullAudio  # noqa: E402
from handheld.base.config import Config  # noqa: E402
from handheld.cabinet.app import Cabinet  # noqa: E402
from handheld.display.headless import HeadlessDisplay  # noqa: E402
from handheld.fleet.link import start_fleet  # noqa: E402
from handheld.games.registry import load_game  # noqa: E402
from handheld.input.manager import InputManager  # noqa: E402

OPTIONS = {"mode": "demo", "rounds": 1, "first": "sphinx", "sphinx_level": "classic", "pyramid_level": "classic"}
MAX_TICKS = 60 * 60 * 10


def main(config_path: str, state: str) -> int:
    cfg = Config.load(config_path, boot_path=None)
    cab = Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, seed=7, data_dir=state)
    link = start_fleet(cfg, cab, state, "guest")
    ended: list = []
    hook = cab.ctx.on_match_end
    cab.ctx.on_match_end = lambda report: (hook(report), ended.append(report))
    start = time.monotonic()
    cab.ctx.start_match(load_game("sphinx"), OPTIONS)
    while not ended and cab.ticks < MAX_TICKS:
        cab.tick()
    played_s = time.monotonic() - start
    deadline = time.monotonic() + 120
    while (not link.connected or link.outbox.pending() or not len(link.table)) and time.monotonic() < deadline:
        time.sleep(0.1)
    print(json.dumps({"ticks": ended[0]["ticks"] if ended else None, "played_s": round(played_s, 1),
                      "connected": link.connected, "queued": len(link.outbox.pending()),
                      "ids": sorted(link.table.ids())}), flush=True)
    link.stop(timeout=5)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
