"""`handheld` command line: one entry point for the cabinet and its tools."""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from handheld import __version__  # noqa: E402
from handheld.base.cliargs import seconds, whole_number, whole_number_in  # noqa: E402
from handheld.games.registry import GAMES  # noqa: E402

DISPLAYS = ("auto", "window", "kmsdrm", "fbdev", "headless")
MAX_SCREENSHOT_SCALE = 16     # 5120x3840: already larger than any screen a PNG is looked at on


def _add_display_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--display", choices=DISPLAYS, help="where to draw (default: config, else auto)")
    p.add_argument("--fbdev", metavar="PATH", help="framebuffer device for --display fbdev (default /dev/fb0)")
    p.add_argument("--scale", type=whole_number_in(0, 8), metavar="N",
                   help="whole-number scale 1-8; 0 or unset: largest that fits")


def _add_run(sub) -> None:
    run = sub.add_parser("run", help="run the cabinet (the default command)")
    _add_display_args(run)
    run.add_argument("--kiosk", action="store_true", help="no quitting from the pad except the admin combo")
    run.add_argument("--respawn", action="store_true",
                     help="run the cabinet in a child process and start a new one at once if it dies "
                          "(the service uses this)")
    run.add_argument("--game", choices=list(GAMES), metavar="GAME",
                     help=f"open this game straight away: {', '.join(GAMES)} (a match the power cut "
                          "short is offered over it first)")
    run.add_argument("--config", metavar="PATH", help="settings file (default: $HANDHELD_CONFIG or ~/.config/handheld/handheld.toml)")
    run.add_argument("--seconds", type=seconds, metavar="S",
                     help="stop after S seconds of game time: wall time on a screen; headless runs at "
                          "full speed (default there: 30)")
    run.add_argument("--shots", metavar="DIR", default="out/headless", help="headless: save screenshots here (default out/headless)")
    run.add_argument("--seed", type=whole_number, help="base seed for matches and demos")
    run.set_defaults(func=cmd_run)


def _add_selfplay(sub) -> None:
    sp = sub.add_parser("selfplay", help="one whole match between computer players, headless, at full speed")
    sp.add_argument("game", choices=list(GAMES), metavar="GAME", help=", ".join(GAMES))
    sp.add_argument("--seed", type=whole_number, default=1)
    sp.add_argument("--players", type=whole_number_in(2, 4), metavar="N",
                    help="number of computer players, 2-4 (games for more than two)")
    sp.add_argument("--json", action="store_true", help="print one JSON object")
    sp.set_defaults(func=cmd_selfplay)


def _add_bench(sub) -> None:
    b = sub.add_parser("bench", help="measure frame times, start-up, memory, input latency")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.add_argument("--quick", action="store_true", help="fewer frames: a smoke run")
    b.add_argument("--only", metavar="PREFIX", help="only scenes whose key starts with PREFIX (e.g. sphinx:)")
    b.set_defaults(func=cmd_bench)


def _add_screenshot(sub) -> None:
    sh = sub.add_parser("screenshot", help="render a scene headless to a PNG")
    sh.add_argument("target", metavar="GAME[:SCENE]", help="menu, menu:title, menu:attract, or a game id with an optional scene")
    sh.add_argument("--seed", type=whole_number, default=1)
    sh.add_argument("--ticks", type=whole_number_in(0, 10**6), default=0, metavar="T",
                    help="run T ticks before taking the picture")
    sh.add_argument("--scale", type=whole_number_in(1, MAX_SCREENSHOT_SCALE), default=1, metavar="N",
                    help=f"enlarge the PNG by N (1-{MAX_SCREENSHOT_SCALE})")
    sh.add_argument("--out", required=True, metavar="FILE.png")
    sh.set_defaults(func=cmd_screenshot)


def _add_replay(sub) -> None:
    rp = sub.add_parser("replay", help="re-run a recorded match")
    rp.add_argument("file")
    rp.add_argument("--verify", action="store_true", help="check the final state hash and exit 0/1")
    rp.set_defaults(func=cmd_replay)


def _add_doctor(sub) -> None:
    doc = sub.add_parser("doctor", help="check devices, permissions, drivers and config")
    doc.add_argument("--config", metavar="PATH")
    doc.set_defaults(func=cmd_doctor)


def _add_input_test(sub) -> None:
    it = sub.add_parser("input-test", help="show every input device and action live")
    _add_display_args(it)
    it.add_argument("--seconds", type=seconds, metavar="S", help="stop after S seconds")
    it.add_argument("--config", metavar="PATH")
    it.set_defaults(func=cmd_input_test)


def _add_hw(sub) -> None:
    hw = sub.add_parser("hw", help="hardware helpers")
    hw_sub = hw.add_subparsers(dest="hw_command", metavar="HWCOMMAND")
    ov = hw_sub.add_parser("overlay", help="print config.txt lines that turn a GPIO pin map into an evdev device")
    ov.add_argument("pinmap", metavar="PINMAP.toml")
    ov.set_defaults(func=cmd_hw_overlay)
    hw.set_defaults(func=lambda args: _usage(hw))


def _add_fleet(sub) -> None:
    from handheld.fleet.cli import add_cli

    add_cli(sub)


COMMANDS = {"run": _add_run, "selfplay": _add_selfplay, "bench": _add_bench, "screenshot": _add_screenshot,
            "replay": _add_replay, "doctor": _add_doctor, "input-test": _add_input_test, "hw": _add_hw,
            "fleet": _add_fleet}


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter without its `import shutil` (for the terminal width): shutil
    brings bz2 and lzma, tenths of a second of the cabinet's start under emulation."""

    def __init__(self, prog, width=None, **kw):
        if width is None:
            try:
                width = int(os.environ.get("COLUMNS") or os.get_terminal_size(sys.__stdout__.fileno()).columns)
            except (OSError, ValueError, AttributeError):   # no terminal, or no stdout at all
                width = 80
            width -= 2
        super().__init__(prog, width=width, **kw)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, formatter_class=_HelpFormatter, **kw):
        super().__init__(*args, formatter_class=formatter_class, **kw)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or with `command` (a command word or game id) only that
    command's parser: building all of them is a third of a second of the cabinet's
    start on a Pi, before its first frame."""
    parser = _Parser(prog="handheld", description="Boot-to-game arcade cabinet for the Raspberry Pi.")
    parser.add_argument("--version", action="version", version=f"handheld {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log more detail")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, add in COMMANDS.items():
        if command in (None, name):
            add(sub)
    for game_id, (_module, title) in GAMES.items():
        if command not in (None, game_id):
            continue
        gp = sub.add_parser(game_id, help=f"{title} tools")
        if command == game_id:
            from handheld.games.registry import load_game
            load_game(game_id).add_cli(gp)
        gp.set_defaults(func=lambda args, p=gp: _usage(p))
    return parser


def synopsis(width: int = 88) -> str:
    """One usage block per command, as README's 'Command line' shows them (a
    test keeps the two the same; print this to refresh the README)."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    blocks = []
    for name, p in sub.choices.items():
        if name in GAMES:
            continue
        nested = [a for a in p._actions if isinstance(a, argparse._SubParsersAction)]
        for q in (nested[0].choices.values() if nested else [p]):
            fmt = argparse.HelpFormatter(q.prog, width=width)
            fmt.add_usage(None, q._actions, q._mutually_exclusive_groups, prefix="")
            blocks.append(fmt.format_help().strip())
    blocks.append("handheld GAME ...   a game's own tools, e.g. handheld sphinx strength --games 10")
    return "\n".join(blocks)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _setup_logging(verbose: bool) -> None:
    logging.basicConfig(level=logging.DEBUG if verbose else logging.INFO,
                        format="handheld: %(message)s", stream=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    at = 0                                   # where the command word is, after -v
    while at < len(argv) and argv[at] in ("-v", "--verbose"):
        at += 1
    rest = argv[at:]
    if not rest or rest[0].startswith("-") and rest[0] not in ("-h", "--help", "--version"):
        argv.insert(at, "run")               # no command: run the cabinet
    word = argv[at] if at < len(argv) else None
    parser = build_parser(word if word in COMMANDS or word in GAMES else None)
    args = parser.parse_args(argv)
    _setup_logging(getattr(args, "verbose", False))
    if args.func is not cmd_run:
        gc.enable()                          # off for the cabinet's start only (__main__.py)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130


# --- commands -----------------------------------------------------------------

def cmd_run(args) -> int:
    from handheld.tools.runner import run_cabinet

    return run_cabinet(args)


def cmd_selfplay(args) -> int:
    from handheld.games.registry import load_game

    game = load_game(args.game)
    if not game.built:
        print(f"handheld: error: {args.game} is not built yet (coming soon)", file=sys.stderr)
        return 2
    start = time.perf_counter()
    result = game.selfplay(args.seed, args.players)
    seconds = time.perf_counter() - start
    out = {"game": args.game, "seed": args.seed, **result, "seconds": round(seconds, 3)}
    if args.json:
        import json

        print(json.dumps(out, sort_keys=True))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0


def cmd_bench(args) -> int:
    from handheld.tools.bench import run_bench

    return run_bench(args)


def cmd_screenshot(args) -> int:
    from handheld.tools.screenshot import take_screenshot

    return take_screenshot(args)


def cmd_replay(args) -> int:
    from handheld.games.playback import other_play_version, run_replay
    from handheld.runtime.replay import Replay, ReplayError

    try:
        replay = Replay.load(args.file)
        scene = run_replay(replay)
    except ReplayError as e:
        print(f"handheld: error: {e}", file=sys.stderr)
        return 2
    got = scene.state_hash()
    print(f"{replay.game} seed {replay.seed}: {replay.ticks} ticks, state {got}")
    if got != replay.state_hash:
        why = other_play_version(replay)
        if args.verify:
            print(f"handheld: replay MISMATCH: recorded {replay.state_hash}, re-run gives {got}"
                  + (f"; {why}" if why else ""), file=sys.stderr)
            return 1
        # Watching, not checking: still say that this is not the game that was recorded.
        print(f"handheld: note: this re-run ends elsewhere than the recorded game (state {replay.state_hash})"
              + (f"; {why}" if why else ""), file=sys.stderr)
    elif args.verify:
        print("replay verified: same final state")
    return 0


def _lazy(module: str, what: str):
    import importlib

    try:
        return importlib.import_module(module).main
    except ImportError as e:
        if e.name and module.startswith(e.name):
            print(f"handheld: error: {what} is not available in this build", file=sys.stderr)
            return None
        raise


def cmd_doctor(args) -> int:
    main = _lazy("handheld.tools.doctor", "doctor")
    return 2 if main is None else main(args)


def cmd_input_test(args) -> int:
    main = _lazy("handheld.cabinet.inputtest", "input-test")
    return 2 if main is None else main(args)


def cmd_hw_overlay(args) -> int:
    main = _lazy("handheld.input.overlay", "hw overlay")
    return 2 if main is None else main(args)
