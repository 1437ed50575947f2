#!/usr/bin/python3
"""Write handheld-networked.service to stdout: systemd/handheld.service with the
network, for a cabinet in an event fleet or a link (docs/fleet.md, "On the SD image").

Run by debian/rules at build time (python3 debian/networked_unit.py systemd/handheld.service),
so the two cabinets differ in exactly these lines and nothing else can drift apart.
Each line replaced must be there exactly once, or this fails naming it.
"""

from __future__ import annotations

import sys

MARKER = "/run/handheld/network"     # written by handheld-network-choice

# (line in handheld.service, what the networked cabinet has instead)
CHANGES = (
    ("# Installed as /usr/lib/systemd/system/handheld.service by the handheld package.",
     "# Installed as /usr/lib/systemd/system/handheld-networked.service by the handheld package."),
    ("Description=handheld arcade cabinet",
     "Description=handheld arcade cabinet, with the network ([fleet] or [link] in its settings)"),
    (f"ConditionPathExists=!{MARKER}", f"ConditionPathExists={MARKER}"),
    ("PrivateNetwork=yes", "PrivateNetwork=no"),
    ("IPAddressDeny=any", "IPAddressDeny="),
    # the broker's and the peer's addresses, and AF_NETLINK for the interface list
    # (mDNS discovery)
    ("RestrictAddressFamilies=AF_UNIX", "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK"),
)

HEADER = ("# GENERATED from handheld.service by debian/networked_unit.py at package build time:\n"
          "# the cabinet with the network. Edit handheld.service, not this.\n")


def networked(text: str) -> str:
    lines = text.splitlines()
    for old, new in CHANGES:
        where = [i for i, line in enumerate(lines) if line == old]
        if len(where) != 1:
            raise SystemExit(f"networked_unit.py: {old!r} is in handheld.service {len(where)} times, "
                             "not once: update CHANGES to the unit")
        lines[where[0]] = new
    return HEADER + "\n".join(lines) + "\n"


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as fh:
        sys.stdout.write(networked(fh.read()))
