"""Boot a built handheld image under qemu-system-aarch64 (-M virt) and drive it from the host.

The image's three partitions are cut out (dd) and attached as three virtio disks,
so the kernel finds them by label exactly as on the SD card. The *test copy* of
the root partition gets one extra unit written in with debugfs: a root shell on
a virtio console (/dev/hvc0), which the host talks to over a unix socket. The
shipped image has no shell on any console.

QEMU's monitor (unix socket) gives screendump (the guest framebuffer's exact
pixels), sendkey (arrives on /dev/input/eventN from virtio-keyboard-pci) and
quit (a hard power cut; kill() is SIGKILL to QEMU itself).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import time

SHELL_UNIT = """[Unit]
Description=test harness root shell on hvc0 (boot test only)
DefaultDependencies=no
After=sysinit.target dev-hvc0.device
BindsTo=dev-hvc0.device
[Service]
ExecStart=/bin/bash --noprofile --norc
StandardInput=tty
StandardOutput=tty
TTYPath=/dev/hvc0
Environment=PS1= TERM=dumb
Restart=always
"""


def partitions(img: str) -> list[tuple[int, int]]:
    table = json.loads(subprocess.run(["sfdisk", "-J", img], capture_output=True, text=True,
                                      check=True).stdout)["partitiontable"]
    return [(p["start"] * 512, p["size"] * 512) for p in table["partitions"]]


def cut(img: str, offset: int, size: int, out: str) -> None:
    subprocess.run(["dd", f"if={img}", f"of={out}", "bs=1M", f"skip={offset}", f"count={size}",
                    "iflag=skip_bytes,count_bytes", "conv=sparse", "status=none"], check=True)


def debugfs(fs: str, *cmds: str) -> None:
    subprocess.run(["debugfs", "-w", "-f", "-", fs], input="\n".join(cmds) + "\n",
                   capture_output=True, text=True, check=True)


def prepare(img: str, work: str) -> dict:
    """Cut partitions, add the test shell, pull kernel+initrd off the boot partition."""
    os.makedirs(work, exist_ok=True)
    names = ("boot.vfat", "root.ext4", "data.ext4")
    files = {}
    for (off, size), name in zip(partitions(img), names):
        files[name] = os.path.join(work, name)
        cut(img, off, size, files[name])
    unit = os.path.join(work, "hh-test-shell.service")
    with open(unit, "w") as fh:
        fh.write(SHELL_UNIT)
    debugfs(files["root.ext4"],
            f"write {unit} /etc/systemd/system/hh-test-shell.service",
            "symlink /etc/systemd/system/sysinit.target.wants/hh-test-shell.service "
            "/etc/systemd/system/hh-test-shell.service")
    listing = subprocess.run(["mdir", "-b", "-i", files["boot.vfat"], "::/"], capture_output=True,
                             text=True, check=True).stdout.split()
    for want in ("vmlinuz-", "initrd.img-"):
        src = next(p for p in listing if os.path.basename(p).startswith(want))
        dst = os.path.join(work, want.rstrip("-.") )
        subprocess.run(["mcopy", "-o", "-i", files["boot.vfat"], src, dst], check=True)
        files[want.rstrip("-.")] = dst
    files["cmdline"] = subprocess.run(["mtype", "-i", files["boot.vfat"], "::/cmdline.txt"],
                                      capture_output=True, text=True, check=True).stdout.strip()
    return files


def kernel_cmdline(image_cmdline: str) -> str:
    """The image's own cmdline.txt plus a serial log console. The serial console goes
    first, so /dev/console stays tty1 as on a Pi (the last console= wins)."""
    return "console=ttyAMA0 " + image_cmdline


def add_boot_file(files: dict, name: str, text: str) -> None:
    """Put a file on the test copy's boot partition, as a builder would from a PC."""
    path = os.path.join(os.path.dirname(files["boot.vfat"]), name)
    with open(path, "w") as fh:
        fh.write(text)
    subprocess.run(["mcopy", "-o", "-i", files["boot.vfat"], path, "::/" + name], check=True)


class Guest:
    """extra_cmdline is added to the image's cmdline.txt; with serial_socket the serial
    console (ttyAMA0) is a unix socket the test can type into (serial_expect/serial_send)
    instead of a log file."""

    def __init__(self, files: dict, work: str, mem_mb: int = 1024, extra_cmdline: str = "",
                 serial_socket: bool = False):
        self.work = work
        self.files = files
        self.mon_path = os.path.join(work, "monitor.sock")
        self.sh_path = os.path.join(work, "shell.sock")
        self.serial = os.path.join(work, "serial.log")
        self.serial_path = os.path.join(work, "serial.sock") if serial_socket else None
        self.serial_seen = b""
        self.extra_cmdline = extra_cmdline
        self.mem_mb = mem_mb
        self.proc = None

    def start(self) -> None:
        for p in (self.mon_path, self.sh_path, self.serial_path):
            if p and os.path.exists(p):
                os.remove(p)
        f = self.files
        drives = []
        for i, name in enumerate(("boot.vfat", "root.ext4", "data.ext4")):
            drives += ["-drive", f"if=none,format=raw,file={f[name]},id=d{i}",
                       "-device", f"virtio-blk-pci,drive=d{i}"]
        cmdline = kernel_cmdline(f["cmdline"]) + (" " + self.extra_cmdline if self.extra_cmdline else "")
        serial = (["-chardev", f"socket,id=ser0,path={self.serial_path},server=on,wait=off",
                   "-serial", "chardev:ser0"] if self.serial_path else ["-serial", f"file:{self.serial}"])
        argv = ["qemu-system-aarch64", "-M", "virt", "-cpu", "cortex-a53", "-smp", "2",
                "-m", str(self.mem_mb), "-kernel", f["vmlinuz"], "-initrd", f["initrd.img"],
                "-append", cmdline, *drives,
                "-device", "virtio-gpu-pci", "-device", "virtio-keyboard-pci",
                "-device", "virtio-serial-pci",
                "-chardev", f"socket,id=sh0,path={self.sh_path},server=on,wait=off",
                "-device", "virtconsole,chardev=sh0",
                "-display", "none", "-nic", "none",
                *serial,
                "-monitor", f"unix:{self.mon_path},server=on,wait=off"]
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=open(
            os.path.join(self.work, "qemu.err"), "a"))
        deadline = time.monotonic() + 30
        while not (os.path.exists(self.mon_path) and os.path.exists(self.sh_path)):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError("qemu did not start: see " + os.path.join(self.work, "qemu.err"))
            time.sleep(0.2)
        self.mon = socket.socket(socket.AF_UNIX)
        self.mon.connect(self.mon_path)
        self.sh = socket.socket(socket.AF_UNIX)
        self.sh.connect(self.sh_path)
        if self.serial_path:
            while not os.path.exists(self.serial_path):
                time.sleep(0.2)
            self.ser = socket.socket(socket.AF_UNIX)
            self.ser.connect(self.serial_path)
        self._monitor_read()

    # --- serial console (serial_socket=True) ------------------------------------------
    def serial_expect(self, pattern: bytes, timeout: float = 300) -> bytes:
        """Read the serial console until ``pattern`` (a regex) shows; -> what was read
        since the last match. Everything read is also appended to serial.log."""
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern)
        while True:
            m = rx.search(self.serial_seen)
            if m:
                seen, self.serial_seen = self.serial_seen[:m.end()], self.serial_seen[m.end():]
                return seen
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {pattern!r} on the serial console: see {self.serial}")
            self._read_serial(min(left, 5))

    def _read_serial(self, timeout: float) -> bool:
        """Take what the serial console sent (waiting up to timeout; 0: only what is
        there) into serial_seen and serial.log. Read it often: a guest whose console
        socket nobody reads stalls in its UART writes."""
        self.ser.settimeout(timeout)
        try:
            chunk = self.ser.recv(65536)
        except (socket.timeout, BlockingIOError):
            return False
        with open(self.serial, "ab") as fh:
            fh.write(chunk)
        self.serial_seen += chunk
        return bool(chunk)

    def serial_send(self, text: str) -> None:
        self.ser.sendall(text.encode())

    # --- monitor ---------------------------------------------------------------------
    def _monitor_read(self, timeout: float = 10) -> str:
        self.mon.settimeout(timeout)
        buf = b""
        while not buf.endswith(b"(qemu) "):
            buf += self.mon.recv(65536)
        return buf.decode("utf-8", "replace")

    def monitor(self, cmd: str) -> str:
        self.mon.sendall(cmd.encode() + b"\n")
        return self._monitor_read()

    def screendump(self, path: str) -> str:
        self.monitor(f"screendump {path}")
        return path

    def sendkey(self, key: str) -> None:
        self.monitor(f"sendkey {key}")

    def power_cut(self) -> None:
        try:
            self.mon.sendall(b"quit\n")
        except OSError:
            pass
        self.proc.wait(timeout=30)

    def kill(self) -> None:
        """SIGKILL to QEMU: the power goes with no word to anyone. What the guest had
        fsynced is in the disk files (QEMU passes a flush on to them); nothing else is."""
        self.proc.kill()
        self.proc.wait(timeout=30)

    # --- shell -------------------------------------------------------------------------
    def run(self, cmd: str, timeout: float = 120) -> tuple[int, str]:
        marker = f"__HH{int(time.monotonic() * 1e6)}__"
        # a newline, not ';': the command may end in '&' (and '& ;' is a syntax error)
        self.sh.sendall(f"{cmd}\necho {marker}$?\n".encode())
        self.sh.settimeout(timeout)
        buf = b""
        deadline = time.monotonic() + timeout
        pat = re.compile(re.escape(marker).encode() + rb"(\d+)")
        while True:
            m = pat.search(buf)
            if m and buf.endswith(b"\n"):
                break
            if time.monotonic() > deadline:
                raise TimeoutError(f"guest command timed out: {cmd}")
            buf += self.sh.recv(65536)
        out = buf[: m.start()].decode("utf-8", "replace")
        # drop the echoed command line if the tty echoed it
        lines = [ln for ln in out.replace("\r", "").splitlines() if marker not in ln]
        return int(m.group(1)), "\n".join(lines).strip()

    def wait_shell(self, timeout: float = 600) -> float:
        """Wait until the guest's test shell answers; -> wall seconds since start.

        One probe a second at most: probes sent before the guest reads hvc0 queue
        up, and each one would be run (and answered) later, ahead of real commands."""
        deadline = time.monotonic() + timeout
        probe = 0
        while time.monotonic() < deadline:
            while self.serial_path and self._read_serial(0):
                pass
            probe += 1
            marker = f"__UP{probe}__".encode()
            sent = time.monotonic()
            try:
                self.sh.sendall(b"stty -echo 2>/dev/null; echo " + marker + b"\n")
                self.sh.settimeout(5)
                buf = b""
                while time.monotonic() - sent < 5 and marker not in buf:
                    chunk = self.sh.recv(65536)
                    if not chunk:       # nothing reads hvc0 yet
                        break
                    buf += chunk
                if marker in buf:
                    self._drain()
                    return time.monotonic() - self.t0
            except (socket.timeout, OSError):
                pass
            time.sleep(max(0.0, 1.0 - (time.monotonic() - sent)))
        raise TimeoutError("the guest shell never answered: see " + self.serial)

    def _drain(self, quiet_s: float = 1.0) -> None:
        """Read and drop whatever the shell still sends (answers to earlier probes)."""
        self.sh.settimeout(quiet_s)
        try:
            while self.sh.recv(65536):
                pass
        except (socket.timeout, OSError):
            pass
        self.sh.settimeout(None)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.power_cut()


def read_ppm(path: str):
    """-> (width, height, bytes rgb) from QEMU's binary P6 screendump."""
    with open(path, "rb") as fh:
        data = fh.read()
    m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    w, h = int(m.group(1)), int(m.group(2))
    return w, h, data[m.end():m.end() + w * h * 3]


def have_tools() -> list[str]:
    need = {"qemu-system-aarch64": "qemu-system-arm", "debugfs": "e2fsprogs",
            "mcopy": "mtools", "sfdisk": "fdisk"}
    return [f"{t} (apt-get install {p})" for t, p in need.items() if shutil.which(t) is None]
