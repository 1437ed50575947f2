"""Finding cabinets on the LAN by mDNS/DNS-SD (service _handheld._udp), with
python3-zeroconf when it is installed. Both sides use only the one address
they are given (Zeroconf's interfaces), and zeroconf's own threads do the
waiting: nothing here blocks the frame loop."""

from __future__ import annotations

import logging
import socket
import threading

log = logging.getLogger("handheld.link")

SERVICE = "_handheld._udp.local."
MISSING = "NO MDNS: INSTALL PYTHON3-ZEROCONF"       # the one line a screen shows without it
RESOLVE_MS = 2000


def available() -> bool:
    try:
        import zeroconf  # noqa: F401
    except ImportError:
        return False
    return True


class Advertiser:
    """This cabinet as `NAME._handheld._udp.local.` on `address`:`port` until close()."""

    def __init__(self, name: str, address: str, port: int):
        from zeroconf import ServiceInfo, Zeroconf

        self.zc = Zeroconf(interfaces=[address])
        self.info = ServiceInfo(SERVICE, f"{name}.{SERVICE}", addresses=[socket.inet_aton(address)], port=port,
                                properties={"name": name}, server=f"{name.lower()}.local.")
        # registering probes the name for about a second: on zeroconf's side, not the frame's
        threading.Thread(target=self._register, daemon=True, name="link-mdns").start()

    def _register(self) -> None:
        try:
            self.zc.register_service(self.info, allow_name_change=True)
        except Exception as e:   # a closed Zeroconf or a taken name: the cabinet can still be joined by address
            log.warning("link: mDNS advertising failed: %s", e)

    def close(self) -> None:
        zc = self.zc

        def stop():
            try:
                zc.unregister_all_services()
            finally:
                zc.close()
        threading.Thread(target=stop, daemon=True, name="link-mdns-stop").start()


class Browser:
    """Cabinets announced on `address`'s network: cabinets() -> [(name, (ip, port))]."""

    def __init__(self, address: str, own_name: str = ""):
        from zeroconf import ServiceBrowser, Zeroconf

        self.zc = Zeroconf(interfaces=[address])
        self.own_name = own_name
        self.lock = threading.Lock()
        self.found: dict = {}
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf, service_type, name, state_change) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self.lock:
                self.found.pop(name, None)
            return
        threading.Thread(target=self._resolve, args=(service_type, name), daemon=True).start()

    def _resolve(self, service_type: str, name: str) -> None:
        info = self.zc.get_service_info(service_type, name, timeout=RESOLVE_MS)
        if info is None or not info.parsed_addresses() or not info.port:
            return
        label = (info.properties or {}).get(b"name", b"").decode("ascii", "replace") or name.split(".")[0]
        if label.upper() == self.own_name.upper():
            return
        with self.lock:
            self.found[name] = (label.upper()[:16], (info.parsed_addresses()[0], int(info.port)))

    def cabinets(self) -> list:
        with self.lock:
            return sorted(self.found.values())

    def close(self) -> None:
        zc = self.zc
        threading.Thread(target=zc.close, daemon=True, name="link-mdns-stop").start()
