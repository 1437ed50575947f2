"""`handheld bench`: frame times per scene, start-up, memory, input latency, pacing.

Frame time = one tick (update) + draw + present into a framebuffer file with
sysfs-style geometry: scale 1 as a 320x240 RGB565 panel, scale 2 as a 640x480
XRGB8888 screen, scale 4 as a 1080p HDMI screen (XRGB8888, the picture
1280x960 in the middle). Timings are wall-clock on this machine; a Pi 3 is
~8-10x slower.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from handheld.display.fbfile import make_fb
from handheld.base.actions import EMPTY_FRAME, Action

TARGETS = {"scale1": (320, 240, 16), "scale2": (640, 480, 32), "scale4": (1920, 1080, 32)}


def percentiles(samples_ns: list[int]) -> dict:
    s = sorted(samples_ns)
    pick = lambda q: s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))] / 1e6
    return {"p50_ms": round(pick(0.50), 4), "p99_ms": round(pick(0.99), 4), "max_ms": round(s[-1] / 1e6, 4)}


def time_scene(factory, display, frames: int, seed: int = 1) -> dict:
    from handheld.display.base import logical_surface
    from handheld.runtime.context import Context

    ctx = Context.headless_context(seed=seed)
    scene = factory(ctx, seed)
    ctx.director.push(scene)
    surface = logical_surface()
    samples, cpu_samples = [], []
    for i in range(frames + 30):
        t0, c0 = time.perf_counter_ns(), time.thread_time_ns()
        top = ctx.director.top or scene
        top.update(EMPTY_FRAME)
        (ctx.director.top or scene).draw(surface)
        display.present(surface)
        if i >= 30:  # warm-up frames fill caches
            samples.append(time.perf_counter_ns() - t0)
            cpu_samples.append(time.thread_time_ns() - c0)
    out = percentiles(samples)
    # CPU time leaves out time the OS gave to other processes: on a shared
    # machine the wall-clock tail is mostly preemption (4 ms scheduler slices).
    cpu = percentiles(cpu_samples)
    out.update({"cpu_p50_ms": cpu["p50_ms"], "cpu_p99_ms": cpu["p99_ms"]})
    return out


def all_scene_factories(only: str | None) -> dict:
    from handheld.games.registry import built_games
    from handheld.cabinet.showcase import launcher_scenes

    out = {f"menu:{name}": f for name, f in launcher_scenes().items()}
    for game in built_games():
        for name, f in game.bench_scenes().items():
            out[f"{game.id}:{name}"] = f
    if only:
        out = {k: v for k, v in out.items() if k.startswith(only)}
    return out


def bench_scenes(only: str | None, frames: int, folder: Path) -> dict:
    from handheld.display.fbdev import FbdevDisplay

    displays = {}
    for key, (w, h, bpp) in TARGETS.items():
        dev, sysfs = make_fb(folder, f"fb_{key}", w, h, bpp)
        displays[key] = FbdevDisplay(dev, sysfs_root=sysfs)
    results = {}
    for name, factory in all_scene_factories(only).items():
        results[name] = {key: time_scene(factory, d, frames) for key, d in displays.items()}
    for d in displays.values():
        d.close()
    return results


def input_latency(frames: int, folder: Path) -> dict:
    """Real loop, real clock: a press is injected at a random moment while the
    loop waits, and timed until the frame showing its effect is presented."""
    from handheld.display.fbdev import FbdevDisplay
    from handheld.runtime.context import Context
    from handheld.base.frames import FrameBuilder, RawInput
    from handheld.cabinet.launcher import MenuScene
    from handheld.display.base import logical_surface
    from handheld.runtime.clock import MonotonicClock
    from handheld.runtime.loop import TICK_NS, FixedStepLoop
    from handheld.runtime.rng import Rng

    dev, sysfs = make_fb(folder, "fb_latency", 320, 240, 16)
    display = FbdevDisplay(dev, sysfs_root=sysfs)
    ctx = Context.headless_context()
    menu = MenuScene(ctx)
    ctx.director.push(menu)
    raw, builder, surface = RawInput(), FrameBuilder(), logical_surface()
    rng = Rng(7)
    pending: dict = {"t": None, "index": menu.menu.index}
    latencies: list[int] = []

    class InjectingClock(MonotonicClock):
        def sleep_until_ns(self, deadline_ns: int) -> None:
            if pending["t"] is None and not raw.held[0]:
                inject_at = deadline_ns - TICK_NS + rng.randrange(TICK_NS)
                super().sleep_until_ns(inject_at)
                pending["t"] = time.monotonic_ns()
                pending["index"] = menu.menu.index
                raw.press(0, Action.DOWN, "bench")
            super().sleep_until_ns(deadline_ns)

    def tick():
        if raw.held[0] and pending["t"] is None:
            raw.release(0, Action.DOWN, "bench")
        menu.update(builder.step(raw.take()))

    def render():
        menu.draw(surface)
        display.present(surface)
        if pending["t"] is not None and menu.menu.index != pending["index"]:
            latencies.append(time.monotonic_ns() - pending["t"])
            pending["t"] = None

    loop = FixedStepLoop(tick, render, InjectingClock())
    while len(latencies) < frames:
        loop.step()
    display.close()
    res = percentiles(latencies)
    return {"p50_ms": res["p50_ms"], "p99_ms": res["p99_ms"], "samples": len(latencies)}


_CHILD = r"""
import time, sys
t_start = float(sys.argv[3])
from handheld.base.config import Config
from handheld.display.fbdev import FbdevDisplay
from handheld.input.manager import InputManager
from handheld.audio import NullAudio
from handheld.cabinet.app import Cabinet
display = FbdevDisplay(sys.argv[1], sysfs_root=sys.argv[2])
cfg = Config.load(sys.argv[4], boot_path=None)
cab = Cabinet(display, InputManager(cfg), NullAudio(), cfg)
cab.tick(); cab.render()
print("first_frame", (time.time() - t_start) * 1000, flush=True)
for _ in range(int(sys.argv[5])):
    cab.tick(); cab.render()
# VmHWM, not getrusage's ru_maxrss: that one survives exec, so it would report the
# bench process's own size at the fork instead of the cabinet's
def hwm():
    return next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM"))
print("peak_rss_kb", hwm(), flush=True)
"""

# A cabinet as the service runs it, sound on (SDL's dummy audio driver mixes for
# real), left in attract mode: every game's demo in turn, run at full speed.
_ATTRACT_CHILD = r"""
import sys
from handheld.base.config import Config
from handheld.display.fbdev import FbdevDisplay
from handheld.input.manager import InputManager
from handheld.audio.mixer import Audio
from handheld.cabinet.sounds import register as register_ui_sounds
from handheld.cabinet.app import Cabinet
from handheld.cabinet.attract import AttractScene
cfg = Config.load(sys.argv[3], boot_path=None)
audio = Audio.open(True, 0.8)
register_ui_sounds(audio)
cab = Cabinet(FbdevDisplay(sys.argv[1], sysfs_root=sys.argv[2]), InputManager(cfg), audio, cfg)
attract = AttractScene(cab.ctx, int(sys.argv[5]))
cab.director.push(attract)
for _ in range(int(sys.argv[4])):
    cab.tick(); cab.render()
print("sound", type(audio).__name__ == "Audio")
print("games", len(set(attract.shown)))
print("peak_rss_kb", next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM")))
"""


def startup_and_memory(folder: Path, ticks: int) -> dict:
    dev, sysfs = make_fb(folder, "fb_start", 320, 240, 16)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", _CHILD, dev, sysfs, repr(t0), str(folder / "none.toml"), str(ticks)],
                         capture_output=True, text=True, env=env, check=True).stdout
    figures = dict(line.split() for line in out.splitlines() if line.split()[0] in ("first_frame", "peak_rss_kb"))
    return {"first_frame_ms": round(float(figures["first_frame"]), 1),
            "peak_rss_mb": round(int(figures["peak_rss_kb"]) / 1024, 1)}


def attract_memory(folder: Path, ticks: int, demo_seconds: int) -> dict:
    """Peak RSS of a fresh cabinet after `ticks` of attract mode with sound on."""
    dev, sysfs = make_fb(folder, "fb_attract", 640, 480, 32)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", _ATTRACT_CHILD, dev, sysfs, str(folder / "none.toml"), str(ticks),
                          str(demo_seconds)], capture_output=True, text=True, env=env, check=True).stdout
    figures = dict(line.split() for line in out.splitlines() if len(line.split()) == 2)
    return {"ticks": ticks, "games_shown": int(figures["games"]), "sound": figures["sound"] == "True",
            "peak_rss_mb": round(int(figures["peak_rss_kb"]) / 1024, 1)}


def game_figures(quick: bool, only: str | None) -> dict:
    from handheld.games.registry import built_games

    out = {}
    for game in built_games():
        if only and not game.id.startswith(only.split(":")[0]):
            continue
        out[game.id] = game.bench_figures(quick)
    return out


def input_read_cost(quick: bool):
    try:
        from handheld.tools.input_bench import read_cost_ms
    except ImportError:
        return None
    return read_cost_ms(quick)


def run_bench(args) -> int:
    frames = 120 if args.quick else 600
    with tempfile.TemporaryDirectory(prefix="handheld-bench-") as tmp:
        folder = Path(tmp)
        report = {"scenes": bench_scenes(args.only, frames, folder)}
        report.update(startup_and_memory(folder, 120 if args.quick else 600))
        # quick: one round of attract (each game's how-to card, then a 5 s demo); full: ten
        # minutes at 40 s a demo. Run at full speed, not in real time.
        report["attract"] = attract_memory(folder, 7800 if args.quick else 36000, 5 if args.quick else 40)
        report["input_latency"] = input_latency(60 if args.quick else 300, folder)
        cost = input_read_cost(args.quick)
        if cost is not None:
            report["input_read_ms"] = cost
        report["games"] = game_figures(args.quick, args.only)
        if not args.only or args.only.startswith("resume"):
            from handheld.tools.resume_bench import bench_resume
            report["resume"] = bench_resume(args.quick)
        from handheld.link.bench import link_figures
        report["link"] = link_figures(args.quick)
        from handheld.display.cost import fbdev_costs, sdl_costs
        report["present"] = {**sdl_costs(60 if args.quick else 300), **fbdev_costs(60 if args.quick else 300, folder)}
        from handheld.runtime.presents import bench_pacing
        report["pacing"] = bench_pacing(120 if args.quick else 600)
    if args.json:
        print(json.dumps(report, indent=1, sort_keys=True))
    else:
        print_report(report)
    return 0


def print_report(report: dict) -> None:
    print(f"{'scene':24}" + "".join(f"{k + ' p50/p99/max (cpu p99) ms':>34}" for k in TARGETS))
    for name, r in report["scenes"].items():
        cols = [f"{r[k]['p50_ms']:.3f}/{r[k]['p99_ms']:.3f}/{r[k]['max_ms']:.2f} ({r[k]['cpu_p99_ms']:.3f})"
                for k in TARGETS]
        print(f"{name:24}" + "".join(f"{c:>34}" for c in cols))
    print(f"first frame: {report['first_frame_ms']} ms   peak RSS: {report['peak_rss_mb']} MB")
    att = report["attract"]
    print(f"attract mode: {att['ticks']} ticks through {att['games_shown']} games, sound "
          f"{'on' if att['sound'] else 'off'}: peak RSS {att['peak_rss_mb']} MB")
    lat = report["input_latency"]
    print(f"input to present: p50 {lat['p50_ms']} ms, p99 {lat['p99_ms']} ms ({lat['samples']} presses)")
    if "input_read_ms" in report:
        print(f"input read per tick: {report['input_read_ms']:.4f} ms")
    print(f"{'present: backend and output':40}{'bytes/frame':>14}{'scale':>7}{'cpu p50/p99 ms':>18}")
    for name, r in report.get("present", {}).items():
        print(f"{name:40}{r['bytes_per_frame']:>14,}{r['scale']:>7}"
              f"{r['present_cpu_p50_ms']:>10.3f}/{r['present_cpu_p99_ms']:.3f}")
    print(f"{'pacing: present model (simulated)':34}{'game s/wall s':>14}{'frame ms':>10}{'press p99 ms':>14}"
          f"{'dropped':>9}{'vblank':>8}")
    for name, r in report.get("pacing", {}).items():
        print(f"{name:34}{r['game_speed']:>14.5f}{r['frame_ms']:>10.3f}{r['press_p99_ms']:>14.2f}"
              f"{r['dropped_ticks']:>9}{r['vblank_paced']:>8.3f}")
    for game, figures in report["games"].items():
        for k, v in figures.items():
            print(f"{game}.{k}: {v}")
    if "resume" in report:
        from handheld.tools.resume_bench import print_resume
        print_resume(report["resume"])
    for k, v in report.get("link", {}).items():
        print(f"link.{k}: {v}")
