"""The [fleet] section of handheld.toml, validated like the rest of the config:
each bad value is one line naming the key and the fix."""

from __future__ import annotations

import os
import re
import socket
from dataclasses import dataclass

NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")
DEFAULT_PORT = 1883
DEFAULT_TLS_PORT = 8883
KEYS = ("host", "port", "name", "username", "password", "password_file", "tls", "ca_file", "initials",
        "broker")            # broker: the SD image runs mosquitto (handheld/fleet/boot_switch.py)


@dataclass(frozen=True)
class FleetOptions:
    host: str                 # a host name or address, or "auto" (mDNS: _mqtt._tcp)
    port: int
    name: str                 # this cabinet's name, and its topic: handheld/cabinet/<name>/...
    username: str
    password: str
    tls: bool
    ca_file: str              # the broker's CA certificate ("" : the system's CAs)
    initials: bool = False    # ask a human who beat the computer for three letters to put on the result


class FleetConfigError(ValueError):
    """str() is one line naming the key and the fix."""


def default_name() -> str:
    """The host name, made a valid cabinet name (lower case, letters, digits, '-')."""
    raw = re.sub(r"[^a-z0-9-]+", "-", socket.gethostname().lower()).strip("-")
    return (raw or "cabinet")[:32]


def parse(section: dict) -> tuple[FleetOptions, list[str]]:
    """Options from a [fleet] table, and one warning per problem. Raises
    FleetConfigError when the fleet cannot work at all (no host)."""
    warnings = [f"fleet.{k}: unknown key ignored (known: {', '.join(KEYS)})" for k in section if k not in KEYS]
    host = section.get("host")
    if not isinstance(host, str) or not host.strip():
        raise FleetConfigError('fleet.host is missing: set host = "BROKER-ADDRESS" or "auto" in [fleet]')
    tls = _flag(section, "tls", warnings)
    port = section.get("port", DEFAULT_TLS_PORT if tls else DEFAULT_PORT)
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        fallback = DEFAULT_TLS_PORT if tls else DEFAULT_PORT
        warnings.append(f"fleet.port = {port!r} must be a whole number from 1 to 65535; using {fallback}")
        port = fallback
    name = section.get("name") or default_name()
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise FleetConfigError(f"fleet.name = {name!r} must be 1-32 lower-case letters, digits or '-' "
                               f"(it is the cabinet's topic), e.g. name = \"cab-1\"")
    username = section.get("username", name)
    if not isinstance(username, str):
        warnings.append(f"fleet.username = {username!r} must be a string; using {name!r}")
        username = name
    password = _password(section, warnings)
    ca_file = section.get("ca_file", "")
    if not isinstance(ca_file, str):
        warnings.append(f"fleet.ca_file = {ca_file!r} must be a path; using the system's CAs")
        ca_file = ""
    if ca_file and not os.path.isfile(ca_file):
        raise FleetConfigError(f"fleet.ca_file = {ca_file!r} does not exist: copy the broker's CA there or remove the key")
    initials = _flag(section, "initials", warnings)
    _flag(section, "broker", warnings)
    return FleetOptions(host.strip(), port, name, username, password, tls, ca_file, initials), warnings


def _flag(section: dict, key: str, warnings: list[str]) -> bool:
    value = section.get(key, False)
    if not isinstance(value, bool):
        warnings.append(f"fleet.{key} = {value!r} must be true or false; using false")
        return False
    return value


def _password(section: dict, warnings: list[str]) -> str:
    path = section.get("password_file")
    if path is not None:
        if not isinstance(path, str):
            raise FleetConfigError(f"fleet.password_file = {path!r} must be a path to a file holding the password")
        try:
            with open(path, encoding="utf-8") as fh:
                return fh.read().strip()
        except OSError as e:
            raise FleetConfigError(f"fleet.password_file {path}: {e.strerror or e}; "
                                   f"create it (one line, the password) or remove the key") from None
    password = section.get("password", "")
    if not isinstance(password, str):
        warnings.append("fleet.password must be a string; connecting without one")
        return ""
    return password


def validate(section) -> list[str]:
    """What Config reports for a [fleet] table: one line per problem."""
    if not isinstance(section, dict):
        return ["[fleet] must be a table; the fleet stays off"]
    try:
        return parse(section)[1]
    except FleetConfigError as e:
        return [f"{e}; the fleet stays off"]
