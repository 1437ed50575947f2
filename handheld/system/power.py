"""Clean power-off from the unprivileged cabinet service.

The service runs as the ``handheld`` user with no capabilities, so it cannot
halt the machine itself. It asks systemd-logind instead (``systemctl
poweroff`` as a non-root user goes through logind), and logind asks polkit;
the package ships ``/usr/share/polkit-1/rules.d/50-handheld.rules`` which
allows exactly the power-off actions for that user. The shutdown itself is
then an ordinary systemd shutdown: filesystems unmounted, the writable
partition synced, then power off.
"""

from __future__ import annotations

import subprocess
from typing import Callable

__all__ = ["power_off", "POWER_OFF_COMMAND", "POLKIT_RULE_PATH"]

POWER_OFF_COMMAND = ("systemctl", "--no-ask-password", "poweroff")
POLKIT_RULE_PATH = "/usr/share/polkit-1/rules.d/50-handheld.rules"
TIMEOUT_S = 20


def _first_line(text: str | bytes | None) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    for line in (text or "").splitlines():
        line = line.strip()
        if line:
            return line
    return ""


def power_off(run: Callable[..., subprocess.CompletedProcess] = subprocess.run,
              which: Callable[[str], str | None] | None = None) -> str | None:
    """Ask the system to shut down cleanly.

    Returns None when the shutdown was accepted (the process will be stopped
    by systemd shortly after), or one line saying why not and what to fix.
    ``run`` and ``which`` are injectable for tests.
    """
    if which is None:
        import shutil     # here, not at the top: the cabinet imports this module before its first frame

        which = shutil.which
    exe = which(POWER_OFF_COMMAND[0])
    if exe is None:
        return "power off unavailable: systemctl not found (this is not a systemd system)"
    try:
        done = run([exe, *POWER_OFF_COMMAND[1:]], capture_output=True,
                   timeout=TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        return f"power off timed out after {TIMEOUT_S} s (is systemd-logind running?)"
    except OSError as exc:
        return f"power off failed: {exc.strerror or exc}"
    if done.returncode == 0:
        return None
    why = _first_line(done.stderr) or _first_line(done.stdout) or f"exit status {done.returncode}"
    return (f"power off refused: {why} "
            f"(the polkit rule {POLKIT_RULE_PATH} from the handheld package allows it)")
