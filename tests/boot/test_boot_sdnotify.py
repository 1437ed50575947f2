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
    assert sock.recv(4096) == b"READY=1\nSTATUS=running"
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

def test_console_takeover_sequence():
    from handheld.system import console

    calls, written = [], []
    problems = console.take_console(
        7, ioctl=lambda fd, req, arg: calls.append((fd, req, arg)),
        write=lambda fd, data: written.append((fd, data)))
    assert problems == []
    assert written == [(7, b"\033[9;0]\033[14;0]\033[?25l\033[2J\033[H")]
    # keyboard off before graphics mode; the exact Linux ioctl numbers
    assert calls == [(7, 0x4B45, 0x04), (7, 0x4B3A, 0x01)]


def test_console_takeover_reports_each_failure():
    from handheld.system import console

    def ioctl(fd, req, arg):
        if req == console.KDSETMODE:
            raise PermissionError(1, "Operation not permitted")

    def write(fd, data):
        raise OSError(5, "Input/output error")

    assert console.take_console(3, ioctl=ioctl, write=write) == [
        "console escapes: Input/output error",
        "KDSETMODE KD_GRAPHICS: Operation not permitted"]


def test_console_main_on_non_tty(tmp_path, capsys):
    from handheld.system import console

    f = tmp_path / "notatty"
    f.write_text("")
    assert console.main([str(f)]) == 0
    assert "not a terminal" in capsys.readouterr().err
