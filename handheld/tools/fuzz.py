"""Random input through the whole cabinet, as a hostile player would give it.

The real Cabinet, InputManager and evdev backend run headless; only the
hardware edge is fake: four USB pads (handheld.input.fakes, python-evdev's
API) on a fake /dev/input, the clock, and the power-off request. A seeded
script mashes buttons, holds START/SELECT/ALT combos and the admin combo,
leaves long idle stretches (attract mode, kiosk idle return), and pulls pads
out and plugs them back at the same or a new event node. A quit or a power-off
starts a new cabinet on the same files, as the service would, so settings the
fuzz saved (kiosk mode, control maps) apply to the next one.

It stops at the first exception, or at a stuck screen: when the scene stack
has not changed for STUCK_SECONDS, a fresh pad tries the ways out every screen
offers (ALT, START then QUIT TO MENU and YES, SELECT, FIRE); if none changes the
screen, that is a finding; so is a saved match replay that does not verify
(`handheld replay --verify`). Every finding prints the command that reproduces it
(the run is a pure function of seed and ticks) and, if a match was running,
the match replay for `handheld replay`.

    python -m handheld.tools.fuzz --ticks 1000000 --seed 1
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from handheld import TICK_HZ
from handheld.tools.fuzz_hands import BTN, HAT_Y, Bus, Hands

if TYPE_CHECKING:  # imported when a run starts
    from handheld.cabinet.app import Cabinet
    from handheld.input.manager import InputManager

STUCK_SECONDS = 240
RENDER_EVERY = 9                 # draw every few ticks: drawing code gets fuzzed too


@dataclass
class Finding:
    kind: str                    # "exception", "stuck" or "replay" (a saved match that does not verify)
    tick: int
    detail: str
    screens: list[str] = field(default_factory=list)
    replay: str | None = None

    def report(self, seed: int) -> str:
        lines = [f"fuzz: {self.kind} at tick {self.tick} (seed {seed})", self.detail.rstrip(),
                 "screens before it: " + " -> ".join(self.screens[-8:]),
                 f"reproduce: python -m handheld.tools.fuzz --seed {seed} --ticks {self.tick + 1}"]
        if self.replay:
            lines.append(f"the match alone: python -m handheld replay {self.replay}")
        return "\n".join(lines)


def _scene_name(scene) -> str:
    """'MenuScene', 'chamber:OptionsScene', 'MatchRunner(sphinx)[pause]'..."""
    name = type(scene).__name__
    module = type(scene).__module__.split(".")
    if module[:2] == ["handheld", "games"] and len(module) > 2:
        name = f"{module[2]}:{name}"
    game = getattr(scene, "game", None)
    if hasattr(scene, "menu_kind") and game is not None:
        name += f"({game.id})"
        if getattr(scene, "menu", None) is not None:
            name += f"[{scene.menu_kind}]"
    return name


def _signature(director) -> tuple:
    """What is on screen, cheap enough for every tick: the scenes (by identity)
    and whether each has a menu open; _scene_name spells it out on change."""
    return tuple((s, getattr(s, "menu", None) is None) for s in director.scenes)


def _names(sig: tuple) -> list[str]:
    return [_scene_name(s) for s, _no_menu in sig]


class FuzzRun:
    def __init__(self, seed: int, workdir: Path | str):
        from handheld.runtime.rng import Rng

        self.seed = seed
        self.workdir = Path(workdir)
        self.config_path = self.workdir / "handheld.toml"
        self.bus = Bus()
        self.hands = Hands(Rng(seed), self.bus)
        self.now = 1000.0
        self.tick = 0
        self.starts = 0
        self.power_offs = 0
        self.screens: list[str] = []
        self.seen: set[str] = set()
        self.cabinet: Cabinet | None = None
        self.inputs: InputManager | None = None
        self.replays_checked: set[str] = set()
        self.replays_verified = 0

    def _clock(self) -> float:
        return self.now

    @property
    def running(self) -> Cabinet:
        """The cabinet under test: there is one from the start of run() on."""
        assert self.cabinet is not None, "run() starts the cabinet"
        return self.cabinet

    def _start_cabinet(self) -> None:
        from handheld.cabinet.app import Cabinet
        from handheld.audio import NullAudio
        from handheld.base.config import Config
        from handheld.display.headless import HeadlessDisplay
        from handheld.input.manager import InputManager

        if self.inputs is not None:
            self.inputs.close()
        config = Config.load(self.config_path, boot_path=None, log_warnings=False)
        kiosk = bool(config.get("cabinet.kiosk"))
        self.inputs = InputManager(config, kiosk=kiosk, opener=self.bus.opener, lister=self.bus.lister,
                                   clock=self._clock, environ={})
        self.cabinet = Cabinet(HeadlessDisplay(), self.inputs, NullAudio(), config, kiosk=kiosk,
                               seed=self.seed + self.starts, data_dir=self.workdir / "state")
        self.starts += 1

    def run(self, ticks: int) -> Finding | None:
        import handheld.system.power as power

        real_power_off = power.power_off
        power.power_off = self._power_off      # the one call that would stop the machine
        try:
            return self._run(ticks)
        finally:
            power.power_off = real_power_off
            if self.inputs is not None:
                self.inputs.close()

    def _power_off(self, run: object = None, which: object = None) -> str | None:
        self.power_offs += 1
        return None

    def _run(self, ticks: int) -> Finding | None:
        if self.seed % 2 and not self.config_path.exists():   # odd seeds start as the service does
            self.config_path.write_text("[cabinet]\nkiosk = true\n")
        self._start_cabinet()
        last = _signature(self.running.director)
        changed_at = 0
        while self.tick < ticks:
            self.hands.step()
            finding = self._one_tick()
            if finding:
                return finding
            sig = _signature(self.running.director)
            if sig != last:
                last, changed_at = sig, self.tick
                self._note(sig)
                finding = self._verify_new_replays()
                if finding:
                    return finding
            elif self.tick - changed_at >= STUCK_SECONDS * TICK_HZ:
                finding = self._probe_for_a_way_out(sig)
                if finding:
                    return finding
                last, changed_at = _signature(self.running.director), self.tick
        return None

    def _one_tick(self) -> Finding | None:
        self.now += 1 / TICK_HZ
        try:
            cabinet = self.running
            cabinet.tick()
            if self.tick % RENDER_EVERY == 0:
                cabinet.render()
            if cabinet.quit_requested:
                self._start_cabinet()      # the service starts a new one
        except Exception:
            return Finding("exception", self.tick, traceback.format_exc(), list(self.screens),
                           self._save_match_replay())
        finally:
            self.tick += 1
        return None

    def _verify_new_replays(self) -> Finding | None:
        """Every match the cabinet saved must re-run to the same state (its
        end menu opens on the tick it is saved, so none is pruned unseen)."""
        from handheld.games.playback import run_replay
        from handheld.runtime.replay import Replay

        for path in sorted((self.workdir / "state" / "replays").glob("*.json")):
            if str(path) in self.replays_checked:
                continue
            self.replays_checked.add(str(path))
            try:
                replay = Replay.load(path)
                got = run_replay(replay).state_hash()
            except Exception as e:          # ReplayError, or the game failing on its own input
                return Finding("replay", self.tick, f"{path}: {type(e).__name__}: {e}", list(self.screens), str(path))
            if got != replay.state_hash:
                return Finding("replay", self.tick, f"{path} does not verify: recorded {replay.state_hash}, "
                               f"re-run gives {got}", list(self.screens), str(path))
            self.replays_verified += 1
        return None

    def _note(self, sig: tuple) -> None:
        name = _names(sig)[-1] if sig else "(empty)"
        self.screens.append(name)
        del self.screens[:-50]
        self.seen.add(name)

    def _probe_for_a_way_out(self, sig: tuple) -> Finding | None:
        """A fresh pad with the default map tries each way out in turn."""
        probe = self.bus.plug("usb-9.9/input0")
        # START, QUIT TO MENU, and YES to its question
        tries = [("ALT",), ("START", "HAT+", "HAT+", "FIRE", "HAT+", "FIRE"), ("SELECT",), ("FIRE",), ("ALT", "ALT")]
        try:
            finding = self._ticks(2 * TICK_HZ)      # let the next hot-plug scan find it
            if finding:
                return finding
            for sequence in tries:
                for step in sequence:
                    if step == "HAT+":
                        probe.move(HAT_Y, 1)
                        finding = self._ticks(6)
                        probe.move(HAT_Y, 0)
                    else:
                        probe.tap(BTN[step])
                        finding = None
                    finding = finding or self._ticks(12)
                    if finding:
                        return finding
                if _signature(self.running.director) != sig:
                    return None
            return Finding("stuck", self.tick,
                           f"screen {' > '.join(_names(sig))} did not change for {STUCK_SECONDS} s of input, "
                           f"nor for ALT, START+QUIT, SELECT or FIRE from a fresh pad",
                           list(self.screens), self._save_match_replay())
        finally:
            self.bus.unplug(probe, mid_read=False)

    def _ticks(self, n: int) -> Finding | None:
        for _ in range(n):
            finding = self._one_tick()
            if finding:
                return finding
        return None

    def _save_match_replay(self) -> str | None:
        from handheld.runtime.match import MatchRunner

        runners = [s for s in self.cabinet.director.scenes if isinstance(s, MatchRunner)] if self.cabinet else []
        if not runners:
            return None
        path = self.workdir / f"fuzz-{self.seed}-tick{self.tick}.replay.json"
        try:
            runners[-1].replay.save(path)
        except OSError:
            return None
        return str(path)


def fuzz(seed: int, ticks: int, workdir: Path | str | None = None) -> tuple[Finding | None, FuzzRun]:
    """Run the cabinet for `ticks` ticks of seeded random input in `workdir`
    (a temporary folder when None)."""
    if workdir is None:
        with tempfile.TemporaryDirectory(prefix="handheld-fuzz-") as tmp:
            run = FuzzRun(seed, tmp)
            return run.run(ticks), run
    Path(workdir).mkdir(parents=True, exist_ok=True)
    run = FuzzRun(seed, workdir)
    return run.run(ticks), run


def main(argv: list[str] | None = None) -> int:
    import logging
    import os
    import time

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from handheld.base.cliargs import positive_int, whole_number

    p = argparse.ArgumentParser(prog="python -m handheld.tools.fuzz", description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=whole_number, default=1)
    p.add_argument("--ticks", type=positive_int, default=200_000, help="ticks per seed (60 a second)")
    p.add_argument("--seeds", type=positive_int, default=1, help="run seeds SEED, SEED+1, ...")
    p.add_argument("--keep", metavar="DIR", help="keep config, replays and findings here")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    total = replays = 0
    for seed in range(args.seed, args.seed + args.seeds):
        start = time.perf_counter()
        workdir = Path(args.keep) / f"seed-{seed}" if args.keep else Path(tempfile.mkdtemp(prefix="handheld-fuzz-"))
        finding, run = fuzz(seed, args.ticks, workdir)
        if not finding and not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
        total += run.tick
        secs = time.perf_counter() - start
        replays += run.replays_verified
        print(f"seed {seed}: {run.tick} ticks in {secs:.1f} s, {run.starts} cabinet starts, "
              f"{run.power_offs} power-offs, {run.replays_verified} match replays verified, "
              f"screens seen: {', '.join(sorted(run.seen))}")
        if finding:
            print(finding.report(seed), file=sys.stderr)
            return 1
    print(f"fuzz: {total} ticks, no exception, no stuck screen, {replays} match replays verified")
    return 0


if __name__ == "__main__":
    sys.exit(main())
