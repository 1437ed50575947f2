"""Whether the cabinet runs as the systemd service (then quitting means a restart)."""

from __future__ import annotations

import os


def under_service(env=os.environ) -> bool:
    """systemd gives every service process an INVOCATION_ID; the service's Restart=always
    starts a new cabinet whenever this one ends."""
    return bool(env.get("INVOCATION_ID"))
