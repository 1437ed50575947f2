"""sd_notify over real AF_UNIX datagram sockets (path and abstract)."""

import os
import socket
import subprocess

import pytest

from handheld.system import sdnotify
from handheld.system.power import POWER_OFF_COMMAND, power_off


@pytest.fixture
def listener(tmp_path):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = str(tmp_path / "notify")
    sock.bind(path)
    sock.settimeout(2)
    yield path, sock
    sock.close()


def test_socket_address_forms():
    assert sdnotify.socket_address("/run/systemd/notify") == "/run/systemd/notify"
    assert sdnotify.socket_address("@abc/def") == b"\0abc/def"
    assert sdnotify.socket_address(None) is None
    assert sdnotify.socket_address("") is None
    assert sdnotify.socket_address("@") is None
    assert sdnotify.socket_address("relative/path") is None


def test_messages_over_path_socket(listener, monkeypatch):
    path, sock = listener
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    assert sdnotify.ready() is True
    assert sock.recv(4096) == b"READY=1\nWATCHDOG=1\nSTATUS=running"
    assert sdnotify.watchdog() is True
    assert sock.recv(4096) == b"WATCHDOG=1"
    assert sdnotify.status("in   game\nsphinx") is True
    assert sock.recv(4096) == b"STATUS=in game sphinx"


def test_abstract_socket():
    name = f"handheld-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(b"\0" + name.encode())
    sock.settimeout(2)
    try:
        n = sdnotify.Notifier({"NOTIFY_SOCKET": "@" + name})
        assert n.send("WATCHDOG=1") is True
        assert sock.recv(100) == b"WATCHDOG=1"
        n.close()
    finally:
        sock.close()


def test_unset_is_noop(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert sdnotify.ready() is False
    assert sdnotify.watchdog() is False
    assert sdnotify.status("x") is False


def test_vanished_socket_returns_false_then_recovers(tmp_path):
    env = {"NOTIFY_SOCKET": str(tmp_path / "gone")}
    n = sdnotify.Notifier(env)
    assert n.send("WATCHDOG=1") is False  # nobody listening: no exception
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(env["NOTIFY_SOCKET"])
    sock.settimeout(2)
    try:
        assert n.send("WATCHDOG=1") is True
        assert sock.recv(100) == b"WATCHDOG=1"
    finally:
        sock.close()


def test_environment_change_is_followed(tmp_path):
    env = {}
    n = sdnotify.Notifier(env)
    assert n.send("READY=1") is False
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(tmp_path / "s"))
    sock.settimeout(2)
    env["NOTIFY_SOCKET"] = str(tmp_path / "s")
    try:
        assert n.send("READY=1") is True
        assert sock.recv(100) == b"READY=1"
    finally:
        sock.close()


# --- power_off (subprocess is the hardware edge here) ---------------------------------

def _which(name):
    return "/usr/bin/" + name


def test_power_off_success_runs_systemctl():
    calls = []

    def run(argv, **kw):
        calls.append((argv, kw))
        return subprocess.CompletedProcess(argv, 0, b"", b"")

    assert power_off(run=run, which=_which) is None
    argv, kw = calls[0]
    assert argv == ["/usr/bin/systemctl", *POWER_OFF_COMMAND[1:]]
    assert "poweroff" in argv and "--no-ask-password" in argv
    assert kw["timeout"] > 0 and kw["capture_output"] is True


def test_power_off_refused_names_the_fix():
    def run(argv, **kw):
        return subprocess.CompletedProcess(
            argv, 1, b"", b"\nCall to PowerOff failed: Access denied\nmore\n")

    msg = power_off(run=run, which=_which)
    assert msg.startswith("power off refused: Call to PowerOff failed: Access denied")
    assert "50-handheld.rules" in msg and "\n" not in msg


def test_power_off_without_systemctl():
    msg = power_off(run=None, which=lambda name: None)
    assert msg == "power off unavailable: systemctl not found (this is not a systemd system)"


def test_power_off_timeout_and_oserror():
    def slow(argv, **kw):
        raise subprocess.TimeoutExpired(argv, kw["timeout"])

    assert "timed out" in power_off(run=slow, which=_which)

    def broken(argv, **kw):
        raise PermissionError(13, "Permission denied")

    assert power_off(run=broken, which=_which) == "power off failed: Permission denied"


# --- console takeover (ioctl is the hardware edge) ------------------------------------

class FakeVT:
    """A Linux VT as the KD* ioctls see it (fcntl.ioctl's calling convention)."""

    def __init__(self, refuse=()):
        from handheld.system import console
        self.c = console
        self.mode, self.kbmode, self.refuse, self.written = console.KD_TEXT, 0x03, refuse, []

    def ioctl(self, fd, req, arg):
        import struct
        if req in self.refuse:
            raise PermissionError(1, "Operation not permitted")
        if req == self.c.KDGETMODE:
            return struct.pack("i", self.mode)
        if req == self.c.KDGKBMODE:
            return struct.pack("i", self.kbmode)
        if req == self.c.KDSETMODE:
            self.mode = arg
        elif req == self.c.KDSKBMODE:
            self.kbmode = arg
        else:
            raise OSError(25, "Inappropriate ioctl for device")
        return 0

    def write(self, fd, data):
        self.written.append(data)


def test_console_takeover_then_restore():
    from handheld.system.console import K_OFF, KD_GRAPHICS, KD_TEXT, ConsoleTakeover

    vt = FakeVT()
    con = ConsoleTakeover(7, ioctl=vt.ioctl, write=vt.write)
    assert con.take() == []
    assert (vt.mode, vt.kbmode) == (KD_GRAPHICS, K_OFF)
    assert vt.written == [b"\033[9;0]\033[14;0]\033[?25l\033[2J\033[H"]   # no blanking, no cursor
    con.restore()
    assert (vt.mode, vt.kbmode) == (KD_TEXT, 0x03)
    assert vt.written[-1] == b"\033[?25h"


def test_console_takeover_reports_each_failure_and_restores_only_what_it_changed():
    from handheld.system import console

    vt = FakeVT(refuse=(console.KDSETMODE,))
    problems = console.ConsoleTakeover(3, ioctl=vt.ioctl, write=vt.write)
    assert problems.take() == ["KDSETMODE KD_GRAPHICS: Operation not permitted"]
    assert vt.kbmode == console.K_OFF
    vt.refuse = ()
    vt.mode = console.KD_GRAPHICS       # someone else's graphics mode: not ours to undo
    problems.restore()
    assert (vt.mode, vt.kbmode) == (console.KD_GRAPHICS, 0x03)


def test_only_a_virtual_terminal_is_taken(tmp_path):
    from handheld.system.console import is_virtual_terminal

    master, slave = os.openpty()
    f = os.open(tmp_path / "file", os.O_CREAT | os.O_RDWR)
    try:
        assert is_virtual_terminal(slave) is False      # a terminal, but not a VT
        assert is_virtual_terminal(f) is False
        assert is_virtual_terminal(slave, ioctl=FakeVT().ioctl) is True
    finally:
        for fd in (master, slave, f):
            os.close(fd)


def test_runner_leaves_the_console_alone_off_the_framebuffer():
    from types import SimpleNamespace

    from handheld.tools.runner import take_console

    assert take_console(SimpleNamespace(name="window")) is None
    assert take_console(SimpleNamespace(name="headless")) is None
