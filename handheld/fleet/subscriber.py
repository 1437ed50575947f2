"""What a cabinet does with each message from the broker: results and
histories go to the room table, statuses to the roll call, the operator's
settings to the config. Anything malformed, oversized or out of place is
dropped; the log gets one line for it (at most one every few seconds, with a
count of those not listed, so a flood cannot fill the SD card)."""

from __future__ import annotations

import logging
import time

from handheld.fleet import messages, remote_settings
from handheld.fleet.room import RoomTable

log = logging.getLogger("handheld.fleet")

DROP_LOG_EVERY_S = 10.0


class Subscriber:
    def __init__(self, table: RoomTable, config=None, own_name: str = "", on_applied=None):
        self.table = table
        self.config = config            # None: settings are not taken (the laptop's CLI)
        self.on_applied = on_applied    # called with the settings that changed
        self.own_name = own_name
        self.statuses: dict[str, dict] = {}
        self.settings_seen: str | None = None
        self.settings_applied: dict = {}
        self.dropped = 0
        self._unlisted = 0
        self._last_drop_log = -DROP_LOG_EVERY_S

    def handle(self, topic, payload, retained: bool = False) -> str:
        """Take one message; returns what it was ("result", "history", "status",
        "settings") or "dropped"."""
        try:
            if not isinstance(topic, str) or not isinstance(payload, (bytes, bytearray)):
                raise messages.BadMessage("not a topic and bytes")
            cabinet, kind = messages.parse_topic(topic)
            if kind == "result":
                self.table.add(messages.check_result(messages.decode(payload), cabinet))
            elif kind == "history":
                data = messages.decode(payload, messages.MAX_HISTORY_BYTES)
                for result in messages.check_history(data, cabinet):
                    self.table.add(result)
            elif kind == "status":
                self.statuses[cabinet] = messages.check_status(messages.decode(payload), cabinet)
            else:
                self._settings(messages.check_settings_message(messages.decode(payload)))
            return kind
        except messages.BadMessage as e:
            self._dropped(topic, e)
            return "dropped"

    def _settings(self, doc: dict) -> None:
        if doc["id"] == self.settings_seen:
            return                      # the retained copy again, after a reconnect
        self.settings_seen = doc["id"]
        if self.config is not None:
            self.settings_applied = remote_settings.apply(self.config, doc["settings"])
            if self.settings_applied and self.on_applied:
                self.on_applied(self.settings_applied)

    def _dropped(self, topic, why) -> None:
        self.dropped += 1
        now = time.monotonic()
        if now - self._last_drop_log < DROP_LOG_EVERY_S:
            self._unlisted += 1
            return
        more = f" ({self._unlisted} more dropped since the last line)" if self._unlisted else ""
        self._last_drop_log, self._unlisted = now, 0
        shown = topic[:60] if isinstance(topic, str) else "?"
        log.warning("fleet: dropped a message on %r: %s%s", shown, why, more)
