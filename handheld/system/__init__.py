"""Talking to the operating system: systemd readiness/watchdog (sdnotify), clean
power-off (power), the console (console), the respawning supervisor (respawn).

Nothing here needs root or python-systemd; every call is safe on a desktop (it does
nothing useful there, and says so). The package imports none of its modules itself:
the cabinet imports each one when it needs it, most of them after its first frame.
"""
