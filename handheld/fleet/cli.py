"""`handheld fleet`: the operator's laptop talking to the room's broker.

  handheld fleet status                 which cabinets are up, version, uptime, last match
  handheld fleet push settings FILE     send a TOML file's allowed keys to every cabinet
  handheld fleet results --since WHEN   the room's results since WHEN (2026-11-28, 2026-11-28T14:00, 2h, 30m)

The broker and login come from --config's [fleet] section, overridden by
--host/--port/--username; the password from $HANDHELD_FLEET_PASSWORD or the
config. Every wait is bounded (--wait)."""

from __future__ import annotations

import argparse
import os
import queue
import re
import sys
import time
from datetime import datetime

DEFAULT_WAIT_S = 2.0


def add_cli(sub) -> None:
    fl = sub.add_parser("fleet", help="the event fleet: status, push settings, results (docs/fleet.md)")
    fl_sub = fl.add_subparsers(dest="fleet_command", metavar="FLEETCOMMAND")
    st = fl_sub.add_parser("status", help="which cabinets are up: version, uptime, last match")
    _connection_args(st)
    st.set_defaults(func=cmd_status)
    push = fl_sub.add_parser("push", help="push settings (a TOML file, the same keys as handheld.toml) to every cabinet")
    push.add_argument("what", choices=["settings"])
    push.add_argument("file", metavar="FILE")
    _connection_args(push)
    push.set_defaults(func=cmd_push_settings)
    rs = fl_sub.add_parser("results", help="the room's results, newest last")
    rs.add_argument("--since", type=since_time, default=0.0, metavar="WHEN",
                    help="a date (2026-11-28), a time (2026-11-28T14:00) or an age (30m, 2h, 1d)")
    rs.add_argument("--json", action="store_true", help="one JSON object per line")
    _connection_args(rs)
    rs.set_defaults(func=cmd_results)
    fl.set_defaults(func=lambda args: (fl.print_help(), 2)[1])


def _connection_args(p) -> None:
    p.add_argument("--config", metavar="PATH", help="a handheld.toml whose [fleet] names the broker and login")
    p.add_argument("--host", help="the broker (default: [fleet] host)")
    p.add_argument("--port", type=int, help="default: [fleet] port, else 1883 (8883 with TLS)")
    p.add_argument("--username", help="default: [fleet] username")
    p.add_argument("--wait", type=float, default=DEFAULT_WAIT_S, metavar="S",
                   help=f"seconds to collect the broker's answers (default {DEFAULT_WAIT_S:g})")


def since_time(text: str) -> float:
    m = re.fullmatch(r"(\d+)([smhd])", text.strip())
    if m:
        unit = {"s": 1, "m": 60, "h": 3600, "d": 86400}[m.group(2)]
        return time.time() - int(m.group(1)) * unit
    try:
        return datetime.fromisoformat(text.strip()).timestamp()
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a time: use 2026-11-28, 2026-11-28T14:00, 30m, 2h or 1d")


class FleetError(Exception):
    """One line for the operator."""


def _options(args):
    from handheld.fleet.options import FleetConfigError, FleetOptions, parse

    section = {}
    if args.config:
        from handheld.base import tomlfile

        try:
            section = dict(tomlfile.load(args.config).get("fleet") or {})
        except (OSError, tomlfile.TomlFileError) as e:
            raise FleetError(f"{args.config}: {e}")
    if args.host:
        section["host"] = args.host
    if args.port:
        section["port"] = args.port
    if args.username:
        section["username"] = args.username
    section.setdefault("name", "operator")
    section.setdefault("username", "operator")
    if os.environ.get("HANDHELD_FLEET_PASSWORD"):
        section["password"] = os.environ["HANDHELD_FLEET_PASSWORD"]
        section.pop("password_file", None)
    try:
        options, _warnings = parse(section)
    except FleetConfigError as e:
        raise FleetError(f"{e} (or give --host)")
    if options.host == "auto":
        from handheld.fleet.discovery import find_broker

        found = find_broker()
        if found is None:
            raise FleetError("no MQTT broker announced on the LAN (_mqtt._tcp): give --host")
        options = FleetOptions(found[0], found[1], options.name, options.username, options.password,
                               options.tls, options.ca_file)
    return options


class Session:
    """A short-lived connection: connect, subscribe, collect, publish, leave."""

    def __init__(self, options, wait_s: float):
        from handheld.fleet import mqtt

        self.options, self.wait_s = options, wait_s
        self.events: queue.SimpleQueue = queue.SimpleQueue()
        self.client = mqtt.new_client(f"handheld-fleet-cli-{os.getpid()}", clean_session=True)
        mqtt.configure(self.client, options.username, options.password, options.tls, options.ca_file)
        mqtt.on_connect(self.client, lambda rc: self.events.put(("connack", rc)))
        mqtt.on_message(self.client, lambda t, p, r: self.events.put(("message", t, p)))
        mqtt.on_publish(self.client, lambda mid: self.events.put(("puback", mid)))

    def __enter__(self):
        from handheld.fleet import mqtt

        where = f"{self.options.host}:{self.options.port}"
        try:                            # the laptop may wait (a bounded TCP connect), unlike a cabinet
            self.client.connect(self.options.host, self.options.port, keepalive=15)
            self.client.loop_start()
        except (OSError, ValueError) as e:
            raise FleetError(f"cannot reach the broker at {where}: {getattr(e, 'strerror', None) or e}; "
                             f"is mosquitto running there, and the port right?")
        for event in self._events_for(max(self.wait_s, 5.0)):
            if event[0] == "connack":
                if event[1] == 0:
                    return self
                self.__exit__()
                raise FleetError(f"the broker at {where} refused user {self.options.username!r}: "
                                 f"{mqtt.connack_text(event[1])} (check --username and $HANDHELD_FLEET_PASSWORD)")
        self.__exit__()
        raise FleetError(f"no answer from a broker at {where} within {max(self.wait_s, 5.0):g} s: "
                         f"is mosquitto running there, and the port right?")

    def __exit__(self, *exc):
        self.client.disconnect()
        self.client.loop_stop()

    def collect(self, topics, handle) -> None:
        for topic in topics:
            self.client.subscribe(topic, qos=1)
        for event in self._events_for(self.wait_s):
            if event[0] == "message":
                handle(event[1], event[2])

    def _events_for(self, seconds: float):
        """The client's events as they come, for `seconds` (the laptop's tool may wait)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                yield self.events.get(timeout=0.1)
            except queue.Empty:
                continue


def _collect(args, topics):
    from handheld.fleet.room import RoomTable
    from handheld.fleet.subscriber import Subscriber

    subscriber = Subscriber(RoomTable())
    with Session(_options(args), args.wait) as session:
        session.collect(topics, subscriber.handle)
    return subscriber


def cmd_status(args) -> int:
    from handheld.fleet import messages

    try:
        subscriber = _collect(args, [f"{messages.PREFIX}/cabinet/+/status"])
    except FleetError as e:
        return _fail(e)
    if not subscriber.statuses:
        print("no cabinet has reported to this broker yet")
        return 1
    now = time.time()
    print(f"{'CABINET':<16} {'STATE':<5} {'VERSION':<10} {'UPTIME':>9}  {'MATCHES':>7}  LAST MATCH")
    for name, s in sorted(subscriber.statuses.items()):
        up = s["state"] == "up" and s.get("started")
        uptime = _age(now - s["started"]) if up else "-"
        last = time.strftime("%Y-%m-%d %H:%M", time.localtime(s["last_match"])) if s.get("last_match") else "-"
        print(f"{name:<16} {s['state']:<5} {s.get('version') or '?':<10} {uptime:>9}  {s.get('matches', 0):>7}  {last}")
    return 0


def _age(seconds: float) -> str:
    seconds = int(max(0, seconds))
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m" if seconds >= 3600 else f"{seconds // 60}m{seconds % 60:02d}s"


def cmd_push_settings(args) -> int:
    from handheld.base import tomlfile
    from handheld.fleet import messages, remote_settings

    try:
        doc = tomlfile.load(args.file)
    except FileNotFoundError:
        return _fail(f"{args.file}: no such file")
    except (OSError, tomlfile.TomlFileError) as e:
        return _fail(str(e))
    good, problems = remote_settings.check(doc)
    if problems:
        return _fail(f"{args.file}: {problems[0]}" + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    if not good:
        return _fail(f"{args.file} holds no settings to push (allowed: {', '.join(remote_settings.ALLOWED)})")
    try:
        with Session(_options(args), args.wait) as session:
            info = session.client.publish(messages.SETTINGS_TOPIC, messages.encode(messages.settings_message(good)),
                                          qos=1, retain=True)
            deadline = time.monotonic() + max(args.wait, 5.0)
            while not info.is_published() and time.monotonic() < deadline:
                time.sleep(0.05)
            if not info.is_published():
                raise FleetError("the broker did not acknowledge the settings: is this user allowed to "
                                 f"write {messages.SETTINGS_TOPIC} (its ACL)?")
    except FleetError as e:
        return _fail(e)
    print(f"pushed {len(good)} settings to every cabinet: " + ", ".join(f"{k}={v!r}" for k, v in good.items()))
    return 0


def cmd_results(args) -> int:
    import json

    from handheld.fleet import messages

    try:
        subscriber = _collect(args, [f"{messages.PREFIX}/cabinet/+/history"])
    except FleetError as e:
        return _fail(e)
    results = sorted((r for r in subscriber.table.results() if r["time"] >= args.since),
                     key=lambda r: (r["time"], r["id"]))
    for r in results:
        if args.json:
            print(json.dumps(r, sort_keys=True))
            continue
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(r["time"]))
        outcome = {True: "human won", False: "computer won", None: r.get("winner") or "-"}[r["human_won"]]
        level = f" vs {r['level']}" if r["level"] else ""
        print(f"{when} {r['cabinet']:<12} {r['game']:<9}{level:<14} {outcome:<14} {r['ticks'] / 60:7.1f} s"
              + (f" {r['initials']}" if r.get("initials") else ""))
    if not args.json:
        print(f"{len(results)} results", file=sys.stderr)
    return 0


def _fail(why) -> int:
    print(f"handheld fleet: error: {why}", file=sys.stderr)
    return 2
