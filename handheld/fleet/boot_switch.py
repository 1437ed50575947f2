"""What the SD image's fleet units ask of the settings at boot, without
starting a cabinet (docs/fleet.md, "On the SD image"):

    python3 -S -m handheld.fleet.boot_switch network [BOOT_TOML MAIN_TOML]
        exit 0 when the settings (boot partition, then the main file) have a
        [fleet] or [link] section: the cabinet then starts with the network
        (handheld-networked.service instead of handheld.service)
    python3 -S -m handheld.fleet.boot_switch broker
        exit 0 when the boot partition's handheld.toml says [fleet] broker = true
    python3 -S -m handheld.fleet.boot_switch broker-files DIR
        write the broker's mosquitto.conf, acl and passwd (plain text, for
        mosquitto_passwd -U) into DIR from the boot partition's fleet-users.txt

Exit 1: not asked (systemd's ExecCondition= then skips the unit, quietly);
exit 2: asked, but something is wrong (one line on stderr saying what)."""

from __future__ import annotations

import os
import re
import sys

from handheld.base import tomlfile
from handheld.base.config import BOOT_CONFIG, default_config_path

USERS_FILE = "fleet-users.txt"       # beside handheld.toml on the boot partition
BROKER_PORT = 1883
OPERATOR = "operator"
_USER = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")      # a cabinet's name (fleet/options.py), or the operator
# every fleet user reads the fleet; a cabinet writes only under its own name; the operator the settings
ACL = ("pattern read handheld/#\npattern write handheld/cabinet/%u/#\n"
       f"user {OPERATOR}\ntopic write handheld/fleet/settings\n")


NETWORK_SECTIONS = ("fleet", "link")   # the settings whose cabinet talks to other machines


def _settings(path: str) -> dict:
    try:
        return tomlfile.load(path)
    except (OSError, tomlfile.TomlFileError):
        return {}


def wants_network(boot: str = BOOT_CONFIG, main: str | None = None) -> bool:
    return any(isinstance(settings.get(name), dict)
               for settings in map(_settings, (boot, main or default_config_path())) for name in NETWORK_SECTIONS)


def wants_broker(boot: str = BOOT_CONFIG) -> bool:
    fleet = _settings(boot).get("fleet")
    return isinstance(fleet, dict) and fleet.get("broker") is True


def read_users(path: str) -> dict[str, str]:
    """`name:password` per line ('#' comments and blank lines skipped); ValueError
    names the first bad line."""
    users: dict[str, str] = {}
    with open(path, encoding="utf-8-sig") as fh:
        for number, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, colon, password = line.partition(":")
            if not colon or not _USER.fullmatch(name) or not password:
                raise ValueError(f"{path} line {number}: write name:password, the name 1-32 lower-case "
                                 f"letters, digits or '-' (a cabinet's [fleet] name, or {OPERATOR})")
            users[name] = password
    if not users:
        raise ValueError(f"{path} names no user: add a line name:password for each cabinet and the {OPERATOR}")
    return users


def write_broker_files(folder: str, boot_dir: str) -> None:
    users = read_users(os.path.join(boot_dir, USERS_FILE))
    files = {"passwd": "".join(f"{name}:{password}\n" for name, password in users.items()),
             "acl": ACL,
             "mosquitto.conf": (f"listener {BROKER_PORT}\nallow_anonymous false\n"
                                f"password_file {folder}/passwd\nacl_file {folder}/acl\n"
                                "persistence false\nlog_dest stderr\n")}
    for name, text in files.items():
        with open(os.path.join(folder, name), "w", encoding="utf-8") as fh:
            fh.write(text)


def main(argv: list[str]) -> int:
    if argv[:1] == ["network"] and len(argv) in (1, 3):
        return 0 if wants_network(*argv[1:]) else 1
    if argv[:1] == ["broker"]:
        return 0 if wants_broker() else 1
    if argv[:1] == ["broker-files"] and len(argv) == 2:
        try:
            write_broker_files(argv[1], os.path.dirname(BOOT_CONFIG))
        except FileNotFoundError as e:
            print(f"handheld-broker: no {e.filename}: put name:password lines there for each cabinet "
                  f"and the {OPERATOR} (docs/fleet.md)", file=sys.stderr)
            return 2
        except (OSError, ValueError) as e:
            print(f"handheld-broker: {e}", file=sys.stderr)
            return 2
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
