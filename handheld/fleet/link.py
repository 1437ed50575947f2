"""The cabinet's side of the fleet, on a thread of its own.

The frame loop calls only `match_ended(report)`: the result is handed to the
fleet thread, which first queues it on disk (durably); the frame loop waits
neither for the network nor for the SD card.
The fleet thread owns the MQTT client (whose own network thread paho runs),
publishes queued results with QoS 1 and forgets each once the broker has it,
keeps the cabinet's retained status (its last will says "down") and history,
and feeds every message it receives to the Subscriber."""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from typing import TYPE_CHECKING

from handheld.fleet import messages
from handheld.fleet.options import FleetOptions
from handheld.fleet.outbox import History, Outbox
from handheld.fleet.room import RoomTable
from handheld.fleet.subscriber import Subscriber

if TYPE_CHECKING:                  # paho-mqtt is optional: imported only once the fleet is configured
    import paho.mqtt.client as paho

    from handheld.fleet.initials import InitialsScene

log = logging.getLogger("handheld.fleet")

KEEPALIVE_S = 15
RECONNECT_MAX_S = 8
PUBLISH_EVERY_S = 1.0          # history and status at most this often
ROOM_SAVE_EVERY_S = 10.0       # the room's file (whole, and it grows) at most this often, and on leaving
AUTO_RETRY_S = 30.0


class FleetLink:
    def __init__(self, options: FleetOptions, config=None, data_dir: str | None = None, version: str = ""):
        self.options = options
        self.version = version
        folder = os.path.join(data_dir or ".", "fleet")
        self.outbox = Outbox(os.path.join(folder, "outbox"))
        self.history = History(os.path.join(folder, "history.json"))
        self.room_path = os.path.join(folder, "room.json")
        self.table = RoomTable.load(self.room_path)
        for result in self.history.results:
            self.table.add(result)
        self.applied: queue.SimpleQueue = queue.SimpleQueue()    # settings for the frame loop to put in use
        self.subscriber = Subscriber(self.table, config, options.name, self.applied.put)
        self.connected = False
        self.refused: str | None = None        # why the broker said no, once it has
        self.started = time.time()
        self.last_match: float | None = None
        self.matches = 0
        self._events: queue.SimpleQueue = queue.SimpleQueue()
        self._inflight: dict[int, str] = {}    # mid -> outbox file name
        self._dirty = False
        self._next_room_save = 0.0
        self._room_saved = -1
        self._thread: threading.Thread | None = None
        self._client: paho.Client | None = None
        self._asking: InitialsScene | None = None  # the initials screen, while it is up
        self.address = options.host

    # --- the frame loop's side ---------------------------------------------------------
    def match_ended(self, report: dict, initials: str | None = None, ended: float | None = None) -> None:
        """A finished match: hand it to the fleet thread, which queues it on disk
        at once (an fsync on an SD card can take longer than a frame). Never raises."""
        try:
            result = messages.result_from_report(report, self.options.name, initials, ended)
        except (KeyError, ValueError, TypeError) as e:
            log.warning("fleet: could not send the result of a %s match: %s", report.get("game"), e)
            return
        self._events.put(("result", None, result))

    def ask_initials(self, ctx, report: dict) -> None:
        """Over the finished match, ask the winner for initials; the result goes to
        the fleet thread when they are given, skipped or timed out."""
        from handheld.fleet.initials import InitialsScene

        ended = time.time()

        def done(initials: str | None) -> None:
            self._asking = None
            self.match_ended(report, initials, ended)

        self._asking = InitialsScene(ctx, done, below=ctx.director.top)
        ctx.director.push(self._asking)

    def apply_live(self, cabinet) -> None:
        """On the frame loop (once a second): put the operator's latest settings in
        use where the running cabinet can, as its settings screen does; the rest
        (kiosk) from the next start. And send a result whose initials screen was
        taken away (the kiosk's idle return) without them."""
        from handheld import TICK_HZ

        asking = self._asking
        if asking is not None and asking not in cabinet.director.scenes:
            asking.finish(None)
        while True:
            try:
                changed = self.applied.get_nowait()
            except queue.Empty:
                return
            if "sound.enabled" in changed:
                cabinet.audio.set_enabled(changed["sound.enabled"])
            if "sound.volume" in changed:
                cabinet.audio.set_volume(changed["sound.volume"] / 100)
            if "cabinet.attract_after_s" in changed:
                cabinet.attract_after = changed["cabinet.attract_after_s"] * TICK_HZ
            if "cabinet.idle_return_s" in changed:
                cabinet.idle_return = changed["cabinet.idle_return_s"] * TICK_HZ

    def start(self) -> "FleetLink":
        self._thread = threading.Thread(target=self._run, name="fleet", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        """Say goodbye (status "down") if connected, and end the thread; bounded."""
        if self._asking is not None:            # the cabinet quits with initials still being typed
            self._asking.finish(None)
        self._events.put(("stop",))
        if self._thread is not None:
            self._thread.join(timeout)

    # --- the fleet thread -------------------------------------------------------------
    def _run(self) -> None:
        for name, result in self.outbox.pending():
            # killed before its history was saved: the queued result belongs in it too
            self._dirty |= self.history.add(result)
            self._events.put(("queued", name, result))
        next_flush = 0.0
        next_connect = 0.0
        while True:
            if self._client is None and time.monotonic() >= next_connect:
                if not self._open():
                    next_connect = time.monotonic() + AUTO_RETRY_S
            try:
                event = self._events.get(timeout=0.25)
            except queue.Empty:
                event = None
            if event is not None:
                if event[0] == "stop":
                    self._close()
                    return
                try:
                    self._handle(event)
                except Exception:           # the fleet thread must outlive any one message
                    log.exception("fleet: could not handle %s", event[0])
            if self._dirty and time.monotonic() >= next_flush:
                self._flush()
                next_flush = time.monotonic() + PUBLISH_EVERY_S
            if self.table.version != self._room_saved and time.monotonic() >= self._next_room_save:
                self._save_room()

    def _open(self) -> bool:
        from handheld.fleet import mqtt

        host = self.options.host
        if host == "auto":
            from handheld.fleet.discovery import find_broker

            found = find_broker()
            if found is None:
                log.warning("fleet: no MQTT broker announced on the LAN (_mqtt._tcp); trying again in %d s",
                            AUTO_RETRY_S)
                return False
            host, port = found
        else:
            port = self.options.port
        client = mqtt.new_client(f"handheld-{self.options.name}", clean_session=False)
        mqtt.configure(client, self.options.username, self.options.password, self.options.tls, self.options.ca_file)
        client.will_set(messages.status_topic(self.options.name),
                        messages.encode(messages.status_message(self.options.name, "down", self.version)),
                        qos=1, retain=True)
        client.reconnect_delay_set(1, RECONNECT_MAX_S)
        mqtt.on_connect(client, lambda rc: self._events.put(("connack", rc)))
        mqtt.on_disconnect(client, lambda rc: self._events.put(("disconnected", rc)))
        mqtt.on_publish(client, lambda mid: self._events.put(("puback", mid)))
        mqtt.on_message(client, lambda topic, payload, retained: self._events.put(("message", topic, payload)))
        client.connect_async(host, port, keepalive=KEEPALIVE_S)
        client.loop_start()
        self._client = client
        self.address = f"{host}:{port}"
        log.info("fleet: cabinet %r connecting to the broker at %s", self.options.name, self.address)
        return True

    def _handle(self, event) -> None:
        kind = event[0]
        if kind in ("result", "queued"):
            _, name, result = event
            if name is None:
                try:
                    name = self.outbox.add(result)
                except OSError as e:          # sent if connected, but not kept for a later try
                    log.warning("fleet: could not queue a %s result in %s: %s", result["game"], self.outbox.folder,
                                e.strerror or e)
            self.table.add(result)
            if kind == "result":
                # saved before it can be delivered: once the broker has it its outbox file goes,
                # and a SIGKILL then must not take it out of this cabinet's own history and table
                self.history.add(result)
                try:
                    self.history.save()
                except OSError as e:
                    log.warning("fleet: could not save the history in %s: %s", self.history.path, e.strerror or e)
                self.last_match, self.matches = result["time"], self.matches + 1
                self._dirty = True
            if self.connected:
                self._publish_result(name, result)
        elif kind == "puback":
            name = self._inflight.pop(event[1], None)
            if name is not None:
                self.outbox.delivered(name)
        elif kind == "message":
            self.subscriber.handle(event[1], event[2])
        elif kind == "connack":
            self._connack(event[1])
        elif kind == "disconnected":
            if self.connected:
                log.info("fleet: lost the broker at %s; results stay queued until it is back", self.address)
            self.connected = False
            self._inflight.clear()

    def _connack(self, rc: int) -> None:
        from handheld.fleet import mqtt

        if rc != 0:
            why = mqtt.connack_text(rc)
            if self.refused != why:
                hint = " (fix [fleet] username / password)" if rc in mqtt.REFUSED_LOGIN else ""
                log.error("fleet: the broker at %s refused cabinet %r: %s%s", self.address, self.options.name,
                          why, hint)
            self.refused = why
            return
        client = self._client
        if client is None:                     # a CONNACK only ever comes to the client
            return
        self.connected, self.refused = True, None
        log.info("fleet: connected to the broker at %s", self.address)
        for topic in messages.SUBSCRIPTIONS:
            client.subscribe(topic, qos=1)
        self._inflight.clear()
        for name, result in self.outbox.pending():
            self._publish_result(name, result)
        self._dirty = True
        self._flush()

    def _publish_result(self, name: str | None, result: dict) -> None:
        if self._client is None:               # never: results are published only while connected
            return
        info = self._client.publish(messages.result_topic(self.options.name), messages.encode(result), qos=1)
        if name is not None:
            self._inflight[info.mid] = name

    def _flush(self, leaving: bool = False) -> None:
        """Save the history file (and the room's, when leaving); publish the retained history and status."""
        self._dirty = False
        try:
            self.history.save()
            if leaving:
                self._save_room()
        except OSError as e:
            log.warning("fleet: could not save the fleet's files: %s", e.strerror or e)
        client = self._client
        if not self.connected or client is None:
            return
        name = self.options.name
        client.publish(messages.history_topic(name), messages.encode(self.history.message()), qos=1,
                       retain=True)
        client.publish(messages.status_topic(name), messages.encode(self._status("up")), qos=1, retain=True)

    def _save_room(self) -> None:
        version = self.table.version
        try:
            self.table.save(self.room_path)
        except OSError as e:
            log.warning("fleet: could not save the room's table: %s", e.strerror or e)
        self._room_saved, self._next_room_save = version, time.monotonic() + ROOM_SAVE_EVERY_S

    def _status(self, state: str) -> dict:
        return messages.status_message(self.options.name, state, self.version, self.started, self.last_match,
                                       self.matches)

    def _close(self) -> None:
        self._flush(leaving=True)
        if self._client is None:
            return
        if self.connected:
            info = self._client.publish(messages.status_topic(self.options.name),
                                        messages.encode(self._status("down")), qos=1, retain=True)
            try:
                info.wait_for_publish(1.0)
            except (RuntimeError, ValueError):
                pass
        self._client.disconnect()
        self._client.loop_stop()


def start_fleet(config, cabinet, data_dir: str | None, version: str = "") -> FleetLink | None:
    """Join the fleet the config's [fleet] section names: chain the match-end
    hook, give the screens the room's table and the cabinet its once-a-second
    `fleet.apply_live`. None (and one log line) when the section is unusable or
    paho-mqtt is missing."""
    from handheld.fleet.options import FleetConfigError, parse

    try:
        options, warnings = parse(config.get("fleet") or {})
    except FleetConfigError as e:
        log.error("%s: [fleet] %s; the fleet stays off", config.path, e)
        return None
    for line in warnings:
        log.warning("%s: %s", config.path, line)
    try:
        import paho.mqtt.client  # noqa: F401
    except ImportError:
        log.error("fleet: paho-mqtt is not installed: apt-get install python3-paho-mqtt "
                  "(or pip install 'handheld[fleet]'); the fleet stays off")
        return None
    link = FleetLink(options, config, data_dir, version)
    ctx = cabinet.ctx
    previous = ctx.on_match_end

    def on_match_end(report: dict) -> None:
        if previous:
            previous(report)
        if options.initials and (report.get("records") or {}).get("human_won") is True:
            link.ask_initials(ctx, report)
        else:
            link.match_ended(report)

    ctx.on_match_end = on_match_end
    ctx.room = link.table
    cabinet.fleet = link
    return link.start()
