"""A real Mosquitto for the fleet's tests: on 127.0.0.1 only, on a free port,
with a password file (made by mosquitto_passwd) and an ACL that lets each
cabinet write only under its own topic. Always killed at teardown."""

import os
import shutil
import socket
import subprocess
import time


MOSQUITTO = shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if os.path.exists("/usr/sbin/mosquitto") else None)
PASSWD = shutil.which("mosquitto_passwd")
USERS = {f"cab-{i}": f"secret-{i}" for i in range(1, 5)} | {"operator": "op-secret"}
ACL = """\
# every fleet user reads the whole fleet; a cabinet writes only under its own name
pattern read handheld/#
pattern write handheld/cabinet/%u/#
user operator
topic write handheld/fleet/settings
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(condition, timeout: float = 20.0, every: float = 0.02) -> float:
    """Seconds until condition() held; fails the test after `timeout`."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"still not true after {timeout} s")
        time.sleep(every)
    return time.monotonic() - start


def delivered(link, results: int = 1) -> bool:
    """`link` is connected, has `results` results on its table and none waiting
    in its outbox. The fleet thread queues a result on disk before it counts it
    on the table, so the table is read first: an empty outbox read after it
    means the broker has them; one read before it may be from before the result
    was even queued (the fleet thread runs between the two reads)."""
    return link.connected and len(link.table) >= results and not link.outbox.pending()


class Broker:
    """`host` and `prefix` run it elsewhere, e.g. ("ip", "netns", "exec", NS) and
    an address of that namespace; then start() does not wait for it to listen
    (this process cannot reach it): its clients retry."""

    def __init__(self, folder, host: str = "127.0.0.1", prefix: tuple = ()):
        self.folder = str(folder)
        self.host, self.prefix = host, list(prefix)
        self.port = free_port()
        self.proc = None
        passwd = os.path.join(self.folder, "passwd")
        for i, (user, password) in enumerate(USERS.items()):
            subprocess.run([PASSWD, "-b"] + (["-c"] if i == 0 else []) + [passwd, user, password],
                           check=True, capture_output=True, timeout=30)
        acl = os.path.join(self.folder, "acl")
        with open(acl, "w") as fh:
            fh.write(ACL)
        self.conf = os.path.join(self.folder, "mosquitto.conf")
        with open(self.conf, "w") as fh:
            fh.write(f"listener {self.port} {host}\nallow_anonymous false\npassword_file {passwd}\n"
                     f"acl_file {acl}\npersistence false\nmax_queued_messages 100000\n")
            if os.geteuid() == 0:       # as root mosquitto would become user mosquitto, who cannot read tmp_path
                fh.write("user root\n")

    def start(self) -> None:
        self.log = open(os.path.join(self.folder, "mosquitto.log"), "ab")
        self.proc = subprocess.Popen(self.prefix + [MOSQUITTO, "-c", self.conf], stdout=self.log,
                                     stderr=subprocess.STDOUT)
        if self.prefix:
            return
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"mosquitto exited: see {self.folder}/mosquitto.log")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not listen within 20 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self.proc = None


def fleet_section(broker, name: str, password: str | None = None) -> dict:
    return {"host": "127.0.0.1", "port": broker.port, "name": name,
            "password": USERS.get(name, "") if password is None else password}
