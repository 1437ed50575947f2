"""One headless cabinet for the fleet's soak test: the menu paced at 60
frames a second, a match reported every PERIOD_S, the CPU time of every frame
(the frame thread's only) measured; first BASE_S seconds with the fleet off,
then SECONDS with it on. The menu starts afresh every BASE_S seconds, so its
card's demo plays the same frames in every stretch of BASE_S: both p99s are
of the same work. Prints one JSON line of figures, then idles until
STOP_FILE exists (at most 5 minutes) and leaves the fleet.

    python soak_cabinet.py CONFIG STATE_DIR BASE_S SECONDS PERIOD_S STOP_FILE
"""

import json
import logging
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from handheld.cabinet.app import Cabinet  # noqa: E402
from handheld.audio import NullAudio  # noqa: E402
from handheld.base.config import Config  # noqa: E402
from handheld.display.headless import HeadlessDisplay  # noqa: E402
from handheld.fleet.link import start_fleet  # noqa: E402
from handheld.input.manager import InputManager  # noqa: E402
from handheld.cabinet.launcher import MenuScene  # noqa: E402

FRAME_S = 1 / 60
IDLE_LIMIT_S = 300
REPORT = {"game": "sphinx", "ticks": 2000, "state_hash": "ab12", "records": {"level": "strong", "human_won": True}}


def fresh_menu(cab) -> None:
    """The menu as it opens, its card's demo (seeded by the cabinet) from its first frame."""
    cab.director.replace(MenuScene(cab.ctx, highlight="sphinx"))


def frames(cab, seconds: float, period_s: float, window_s: float) -> tuple[list[float], int]:
    times, reported = [], 0
    start = time.monotonic()
    next_frame, next_report = start, start + period_s
    window_frames = round(window_s / FRAME_S)
    while time.monotonic() - start < seconds:
        if len(times) % window_frames == 0:
            fresh_menu(cab)
        t0 = time.thread_time()
        cab.tick()
        cab.render()
        if time.monotonic() >= next_report:
            next_report += period_s
            reported += 1
            if cab.ctx.on_match_end:
                cab.ctx.on_match_end(dict(REPORT))
        times.append(time.thread_time() - t0)
        next_frame += FRAME_S
        time.sleep(max(0.0, next_frame - time.monotonic()))
    return times, reported


def p99(xs):
    return sorted(xs)[int(len(xs) * 0.99)] * 1e3


def main(config_path, state, base_s, seconds, period_s, stop_file) -> int:
    logging.basicConfig(level=logging.WARNING, format="handheld: %(message)s", stream=sys.stderr)
    cfg = Config.load(config_path, boot_path=None)
    cab = Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, seed=os.getpid(), data_dir=state)
    # the same work before and after joining: the menu, its card's miniature demo of one game
    # (attract mode would go through games whose frames cost more). A minute of the demo has a
    # frame p99 of 0.4 ms or 2.4 ms as its computers think in it or not, so each stretch of
    # base_s replays the same frames (frames() opens the menu afresh at each)
    base, _ = frames(cab, float(base_s), float(period_s), float(base_s))
    link = start_fleet(cfg, cab, state)
    try:
        with_fleet, reported = frames(cab, float(seconds), float(period_s), float(base_s))
        print(json.dumps({"p99_ms_off": p99(base), "p99_ms_on": p99(with_fleet), "frames": len(with_fleet),
                          "reported": reported}), flush=True)
        deadline = time.monotonic() + IDLE_LIMIT_S       # the others' last results still come in
        while not os.path.exists(stop_file) and time.monotonic() < deadline:
            cab.tick()
            time.sleep(FRAME_S)
    finally:
        link.stop(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:7]))
