"""Take over the text console for the cabinet (run as the unit's ExecStartPre).

The service gets tty1 as its controlling terminal (StandardInput=tty), which is
what lets an unprivileged process do this:

* blanking and powerdown off (the kernel would blank the screen after 10 min of
  "no console activity" even while the game draws to /dev/fb0), cursor hidden;
* KD_GRAPHICS: the kernel stops drawing text (cursor, printk) over the framebuffer;
* K_OFF keyboard mode: keys no longer reach tty1, so no typing under the game, no
  Alt-F<n> VT switching and no Ctrl-Alt-Del through the console keymap.

Usage: python3 -m handheld.system.console [TTY]   (default: standard input)
Every step is tried on its own; failures are reported as one line each and the
exit status is 0 so the cabinet still starts.
"""

from __future__ import annotations

import fcntl
import os
import sys

KDSETMODE = 0x4B3A
KD_GRAPHICS = 0x01
KDSKBMODE = 0x4B45
K_OFF = 0x04
# setterm --blank 0 --powerdown 0 --cursor off, and clear the screen
ESCAPES = b"\033[9;0]\033[14;0]\033[?25l\033[2J\033[H"


def take_console(fd: int, ioctl=fcntl.ioctl, write=os.write) -> list[str]:
    """Apply the console settings to ``fd``; return one line per step that failed."""
    problems = []
    try:
        write(fd, ESCAPES)
    except OSError as exc:
        problems.append(f"console escapes: {exc.strerror}")
    for name, req, arg in (("KDSKBMODE K_OFF", KDSKBMODE, K_OFF),
                           ("KDSETMODE KD_GRAPHICS", KDSETMODE, KD_GRAPHICS)):
        try:
            ioctl(fd, req, arg)
        except OSError as exc:
            problems.append(f"{name}: {exc.strerror}")
    return problems


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv:
        try:
            fd = os.open(argv[0], os.O_RDWR | os.O_NOCTTY)
        except OSError as exc:
            print(f"handheld console: can't open {argv[0]}: {exc.strerror}", file=sys.stderr)
            return 0
    else:
        fd = 0
    if not os.isatty(fd):
        print("handheld console: not a terminal, nothing to do", file=sys.stderr)
        return 0
    for line in take_console(fd):
        print(f"handheld console: {line}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
