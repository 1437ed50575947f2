"""The [link] section of handheld.toml: this cabinet's name on the LAN, the
one address it links on, its port, and cabinets to JOIN by address where
the network has no mDNS. Each bad value is one warning naming the key."""

from __future__ import annotations

import re
import socket
from dataclasses import dataclass

DEFAULT_PORT = 47820
KEYS = ("name", "address", "port", "peers")
NAME_PATTERN = re.compile(r"^[A-Z0-9][A-Z0-9-]{0,15}$")


@dataclass(frozen=True)
class LinkOptions:
    name: str                 # shown on the other cabinet: "CABINET-2 WANTS TO PLAY ARCHON"
    address: str              # the one address the link binds to and advertises ("": find one)
    port: int
    peers: tuple = ()         # ((address, port), ...) offered by JOIN besides what mDNS finds


def default_name() -> str:
    raw = re.sub(r"[^A-Z0-9-]+", "-", socket.gethostname().upper()).strip("-")
    return (raw or "CABINET")[:16]


def parse(section) -> tuple[LinkOptions, list[str]]:
    section = section if isinstance(section, dict) else {}
    warnings = [f"link.{k}: unknown key ignored (known: {', '.join(KEYS)})" for k in section if k not in KEYS]
    name = section.get("name", "")
    if not isinstance(name, str) or (name and not NAME_PATTERN.fullmatch(name.upper())):
        warnings.append(f"link.name = {name!r} must be 1-16 letters, digits or '-'; using the host name")
        name = ""
    address = section.get("address", "")
    if not isinstance(address, str) or (address and _ipv4(address) is None):
        warnings.append(f"link.address = {address!r} must be this cabinet's IPv4 address, e.g. \"192.168.1.20\"")
        address = ""
    port = section.get("port", DEFAULT_PORT)
    if isinstance(port, bool) or not isinstance(port, int) or not 1024 <= port <= 65535:
        warnings.append(f"link.port = {port!r} must be a whole number from 1024 to 65535; using {DEFAULT_PORT}")
        port = DEFAULT_PORT
    peers = []
    raw_peers = section.get("peers", [])
    for entry in raw_peers if isinstance(raw_peers, list) else [raw_peers]:
        peer = parse_peer(entry, port)
        if peer is None:
            warnings.append(f"link.peers: {entry!r} is not \"ADDRESS\" or \"ADDRESS:PORT\"; ignored")
        else:
            peers.append(peer)
    return LinkOptions(name.upper() or default_name(), address, port, tuple(peers)), warnings


def parse_peer(entry, default_port: int):
    """("192.168.1.21", 47820) from "192.168.1.21" or "192.168.1.21:47820", else None."""
    if not isinstance(entry, str):
        return None
    host, _, port = entry.strip().partition(":")
    if _ipv4(host) is None or (port and not (port.isdigit() and 1 <= int(port) <= 65535)):
        return None
    return host, int(port) if port else default_port


def _ipv4(text: str):
    try:
        return socket.inet_aton(text) if text.count(".") == 3 else None
    except OSError:
        return None


def find_address() -> str:
    """This cabinet's LAN address when link.address is not set: the first
    IPv4 address of an interface that is not loopback ("" if none is found).
    Needs ifaddr (installed with python3-zeroconf); reads, sends nothing."""
    try:
        import ifaddr
    except ImportError:
        return ""
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                return ip.ip
    return ""
