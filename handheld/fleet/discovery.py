"""host = "auto": find the broker by mDNS (the service type _mqtt._tcp, which
Avahi announces with the service file in docs/fleet.md). Runs on the fleet
thread, never the frame loop; gives up after a few seconds."""

from __future__ import annotations

import logging

log = logging.getLogger("handheld.fleet")

SERVICE = "_mqtt._tcp.local."
BROWSE_S = 3.0


def find_broker(timeout_s: float = BROWSE_S) -> tuple[str, int] | None:
    """(address, port) of the first broker announced, or None."""
    try:
        from zeroconf import ServiceBrowser, Zeroconf
    except ImportError:
        log.error("fleet: host = \"auto\" needs zeroconf: apt-get install python3-zeroconf "
                  "(or pip install 'handheld[fleet]'), or set [fleet] host")
        return None
    import threading

    found: list[str] = []
    seen = threading.Event()

    class Listener:
        def add_service(self, _zc, _type, name):
            found.append(name)
            seen.set()

        def update_service(self, *_args):
            pass

        def remove_service(self, *_args):
            pass

    zc = Zeroconf()
    try:
        ServiceBrowser(zc, SERVICE, Listener())
        if not seen.wait(timeout_s):
            return None
        info = zc.get_service_info(SERVICE, found[0], timeout=int(timeout_s * 1000))
        if info is None or not info.parsed_addresses():
            return None
        return info.parsed_addresses()[0], int(info.port)
    finally:
        zc.close()
