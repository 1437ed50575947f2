"""The sd_notify datagram protocol, without python-systemd.

systemd passes ``$NOTIFY_SOCKET`` to a ``Type=notify`` service: the path of an
AF_UNIX datagram socket, or an abstract socket name written with a leading
``@`` (the ``@`` stands for the NUL byte). Each message is one datagram of
newline-separated ``KEY=value`` lines. We send three kinds:

* ``READY=1``       once, after the first frame is on screen, with a ``WATCHDOG=1``
                    (a respawned cabinet's first frame can come seconds after the last
                    ping of the one it replaces, and the loop's first ping a second later);
* ``WATCHDOG=1``    from the game loop, about once a second (``WatchdogSec=``
                    in the unit restarts a loop that stops pinging);
* ``STATUS=...``    a one-line human status shown by ``systemctl status``.

When ``$NOTIFY_SOCKET`` is unset (a desktop run, a test) every call is a cheap
no-op returning False. Send errors are swallowed and also return False: a
cabinet must never crash because the service manager went away.
"""

from __future__ import annotations

import atexit
import os

# The C module under `socket`: its Python wrapper builds enums of every address family
# and socket type, a quarter of a second of a cold start under QEMU, for one datagram.
import _socket

__all__ = ["Notifier", "ready", "watchdog", "status", "notify", "socket_address"]


def socket_address(value: str | None) -> str | bytes | None:
    """Turn a ``$NOTIFY_SOCKET`` value into an address for ``sendto``.

    ``/run/systemd/notify`` -> the same str; ``@name`` -> ``b"\\0name"`` (an
    abstract socket); anything else (unset, empty, relative) -> None.
    """
    if not value:
        return None
    if value.startswith("@"):
        if len(value) < 2:
            return None
        return b"\0" + value[1:].encode("utf-8")
    if value.startswith("/"):
        return value
    return None


class Notifier:
    """One notify connection; re-reads the address if the environment changes."""

    def __init__(self, environ: dict | None = None) -> None:
        self._environ = os.environ if environ is None else environ
        self._sock: _socket.socket | None = None
        self._raw: str | None = None
        self._addr: str | bytes | None = None

    def _target(self) -> str | bytes | None:
        raw = self._environ.get("NOTIFY_SOCKET")
        if raw != self._raw:
            self._raw = raw
            self._addr = socket_address(raw)
        return self._addr

    def send(self, message: str) -> bool:
        addr = self._target()
        if addr is None:
            return False
        try:
            if self._sock is None:
                sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_DGRAM | _socket.SOCK_CLOEXEC)
                self._sock = sock
            self._sock.sendto(message.encode("utf-8"), addr)
            return True
        except OSError:
            self.close()
            return False

    def close(self) -> None:
        if self._sock is not None:
            try:
                self._sock.close()
            finally:
                self._sock = None


_DEFAULT = Notifier()
atexit.register(_DEFAULT.close)  # the socket lives as long as the process; close it cleanly


def notify(message: str) -> bool:
    """Send one raw notify message (``KEY=value`` lines). True if sent."""
    return _DEFAULT.send(message)


_AFTER_READY: list = []


def after_ready(callback) -> None:
    """Call ``callback()`` once ready() has been sent (the respawn supervisor waits for
    its first child's title this way before it warms up)."""
    _AFTER_READY.append(callback)


def ready(status: str = "running") -> bool:
    """Tell systemd the cabinet is up (the first frame has been presented)."""
    sent = _DEFAULT.send("READY=1\nWATCHDOG=1\nSTATUS=" + " ".join(status.split())[:200])
    while _AFTER_READY:
        _AFTER_READY.pop(0)()
    return sent


def watchdog() -> bool:
    """Keep-alive ping; call from the game loop about once a second."""
    return _DEFAULT.send("WATCHDOG=1")


def status(text: str) -> bool:
    """Set the one-line status shown by ``systemctl status handheld``."""
    line = " ".join(str(text).split())
    return _DEFAULT.send("STATUS=" + line[:200])
