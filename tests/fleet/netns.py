"""Two network namespaces joined by one veth cable, made by the test and
removed after it: multicast (mDNS) sent in them reaches only each other,
never this machine's own networks."""

import os
import shutil
import subprocess

ADDRESSES = ("10.77.0.1", "10.77.0.2")      # inside the namespaces only


def _ip(*args) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=20)


def unusable() -> str | None:
    """Why namespaces cannot be made here, or None."""
    if shutil.which("ip") is None:
        return "needs the ip command (apt-get install iproute2)"
    if os.geteuid() != 0:
        return "needs root to make network namespaces (ip netns)"
    return None


class Cable:
    """Namespaces .names[0] (ADDRESSES[0]) and .names[1] (ADDRESSES[1])."""

    def __init__(self, tag: str):
        self.names = (f"hhfleet{tag}{os.getpid()}a", f"hhfleet{tag}{os.getpid()}b")

    def __enter__(self) -> "Cable":
        a, b = self.names
        try:
            _ip("netns", "add", a)
            _ip("netns", "add", b)
            _ip("link", "add", "veth-cab", "netns", a, "type", "veth", "peer", "name", "veth-cab", "netns", b)
            for ns, address in zip(self.names, ADDRESSES):
                _ip("-n", ns, "addr", "add", f"{address}/24", "dev", "veth-cab")
                _ip("-n", ns, "link", "set", "veth-cab", "up")
                _ip("-n", ns, "link", "set", "lo", "up")
        except BaseException:
            self.__exit__()
            raise
        return self

    def prefix(self, index: int) -> list[str]:
        """Put before a command to run it in namespace `index`."""
        return ["ip", "netns", "exec", self.names[index]]

    def __exit__(self, *_exc) -> None:
        for ns in self.names:                 # the cable goes with them
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=20)
