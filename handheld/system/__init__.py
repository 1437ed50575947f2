"""Talking to the operating system: systemd readiness/watchdog and clean power-off.

Nothing here needs root or python-systemd; both calls are safe on a desktop
(they do nothing useful there, and say so).
"""

from handheld.system.power import power_off

__all__ = ["power_off"]
