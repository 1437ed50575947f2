"""Take over the text console while the cabinet draws on the framebuffer.

Under the service, tty1 is the cabinet's controlling terminal (StandardInput=tty),
which is what lets an unprivileged process do this:

* blanking and powerdown off (the kernel would blank the screen after 10 min of
  "no console activity" even while the game draws to /dev/fb0), cursor hidden;
* KD_GRAPHICS: the kernel stops drawing text (cursor, printk) over the framebuffer;
* K_OFF keyboard mode: keys no longer reach tty1, so no typing under the game, no
  Alt-F<n> VT switching and no Ctrl-Alt-Del through the console keymap.

It must run in the cabinet's own process: systemd's TTYReset= puts the VT back
into text mode before each Exec* command, so a separate ExecStartPre step would
be undone before the cabinet starts. ``restore()`` puts the old modes back on a
clean exit (a developer running ``--display fbdev`` from a VT keeps a keyboard).
"""

from __future__ import annotations

import fcntl
import os
import struct

KDGETMODE = 0x4B3B
KDSETMODE = 0x4B3A
KD_TEXT = 0x00
KD_GRAPHICS = 0x01
KDGKBMODE = 0x4B44
KDSKBMODE = 0x4B45
K_OFF = 0x04
# setterm --blank 0 --powerdown 0 --cursor off, and clear the screen
TAKE_ESCAPES = b"\033[9;0]\033[14;0]\033[?25l\033[2J\033[H"
RESTORE_ESCAPES = b"\033[?25h"


def _get(ioctl, fd: int, request: int) -> int:
    buf = ioctl(fd, request, b"\0\0\0\0")
    return struct.unpack("i", buf)[0]


class ConsoleTakeover:
    """The console settings for one VT file descriptor; ``ioctl``/``write`` are the
    kernel edge (fcntl.ioctl and os.write)."""

    def __init__(self, fd: int, ioctl=fcntl.ioctl, write=os.write):
        self.fd = fd
        self.ioctl = ioctl
        self.write = write
        self.saved: dict[int, int] = {}

    def take(self) -> list[str]:
        """Apply the cabinet's console settings; return one line per step that failed."""
        problems = []
        try:
            self.write(self.fd, TAKE_ESCAPES)
        except OSError as exc:
            problems.append(f"console escapes: {exc.strerror}")
        # keyboard first: once in graphics mode nothing typed may land on the VT
        for name, get, put, value in (("KDSKBMODE K_OFF", KDGKBMODE, KDSKBMODE, K_OFF),
                                      ("KDSETMODE KD_GRAPHICS", KDGETMODE, KDSETMODE, KD_GRAPHICS)):
            try:
                old = _get(self.ioctl, self.fd, get)
                self.ioctl(self.fd, put, value)
                self.saved[put] = old
            except OSError as exc:
                problems.append(f"{name}: {exc.strerror}")
        return problems

    def restore(self) -> None:
        """Put back what ``take`` changed (graphics mode first, then the keyboard)."""
        for put in (KDSETMODE, KDSKBMODE):
            if put in self.saved:
                try:
                    self.ioctl(self.fd, put, self.saved.pop(put))
                except OSError:
                    pass
        try:
            self.write(self.fd, RESTORE_ESCAPES)
        except OSError:
            pass


def is_virtual_terminal(fd: int, ioctl=fcntl.ioctl) -> bool:
    """True for a Linux VT (tty1..63); False for a pty, a file or a closed fd."""
    try:
        if not os.isatty(fd):
            return False
        _get(ioctl, fd, KDGETMODE)
        return True
    except OSError:
        return False
