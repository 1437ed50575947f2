"""A headless linked cabinet, or the lossy relay, as a process of its own,
paced by the wall clock at 60 ticks/s like the cabinet's frame loop (for
the tests in network namespaces, tests/link/test_link_netns.py).

    python -m handheld.link.process cabinet --role host|guest --bind HOST:PORT
        --peer HOST:PORT --token N --seed N --light ICON --dark ICON
        [--shade N] [--level N] [--delay auto|0..3] --out RESULT.json
    python -m handheld.link.process relay --side0 HOST:PORT --cabinet0 HOST:PORT
        --side1 HOST:PORT --cabinet1 HOST:PORT --delay-ms N --jitter-ms N
        --loss-permille N --seed N --seconds N

A cabinet plays one duel with a computer fighter on its side, goes on
answering its peer for a second once settled, and writes what it saw as
JSON. The relay runs for --seconds and stops.
"""

from __future__ import annotations

import argparse
import json
import time

from handheld.games.archon.duel.model import DuelSetup
from handheld.link.duel_game import LinkedDuel, verify_duel_replay
from handheld.link.harness import computer
from handheld.link.peer import LinkPeer
from handheld.link.relay import Condition, LossyRelay
from handheld.link.transport import UdpTransport

TICK_NS = 1_000_000_000 // 60
LINGER_TICKS = 60
MAX_TICKS = 60 * 240


def _address(text: str) -> tuple:
    host, _, port = text.rpartition(":")
    return host, int(port)


def run_cabinet(a) -> dict:
    setup = DuelSetup.full(a.light, a.dark, a.shade)
    host = a.role == "host"
    transport = UdpTransport(*_address(a.bind))
    try:
        peer = LinkPeer(LinkedDuel(setup, a.seed), host, a.token, transport, _address(a.peer),
                        None if a.delay == "auto" else int(a.delay))
        player = computer(a.level, a.seed)(peer)
        start = time.monotonic_ns()
        now = linger = 0
        while now < MAX_TICKS and not peer.gave_up and linger < LINGER_TICKS:
            now += 1
            peer.tick(now, player)
            if peer.settled:
                linger += 1
            wait = start + now * TICK_NS - time.monotonic_ns()
            if wait > 0:
                time.sleep(wait / 1e9)
        s = peer.session
        return {"finished": peer.finished, "settled": peer.settled, "gave_up": peer.gave_up,
                "ticks": peer.game.tick, "play_ticks": peer.play_ticks, "hash": peer.replay.state_hash,
                "desyncs": peer.desyncs, "agreed": peer.agreed, "verifies": verify_duel_replay(peer.replay),
                "frames": peer.replay.frames, "rollbacks": s.rollbacks, "deepest": s.deepest, "stalls": s.stalls,
                "input_delay": s.input_delay, "rtt_ticks": peer.rtt_ticks, "rejected": peer.rejected,
                "bytes_sent": transport.bytes_sent, "wall_ticks": now}
    finally:
        transport.close()


def run_relay(a) -> None:
    relay = LossyRelay("", Condition(a.delay_ms, a.jitter_ms, a.loss_permille), a.seed,
                       binds=(_address(a.side0), _address(a.side1)))
    relay.connect(0, _address(a.cabinet0))
    relay.connect(1, _address(a.cabinet1))
    try:
        end = time.monotonic_ns() + a.seconds * 1_000_000_000
        while time.monotonic_ns() < end:
            relay.pump(time.monotonic_ns() // 1000)
            time.sleep(0.0005)
    finally:
        relay.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m handheld.link.process")
    sub = ap.add_subparsers(dest="what", required=True)
    c = sub.add_parser("cabinet")
    c.add_argument("--role", choices=("host", "guest"), required=True)
    c.add_argument("--bind", required=True)
    c.add_argument("--peer", required=True)
    c.add_argument("--token", type=int, required=True)
    c.add_argument("--seed", type=int, required=True)
    c.add_argument("--light", default="wizard")
    c.add_argument("--dark", default="sorceress")
    c.add_argument("--shade", type=int, default=2)
    c.add_argument("--level", type=int, default=1)
    c.add_argument("--delay", default="auto")
    c.add_argument("--out", required=True)
    r = sub.add_parser("relay")
    for name in ("--side0", "--cabinet0", "--side1", "--cabinet1"):
        r.add_argument(name, required=True)
    for name in ("--delay-ms", "--jitter-ms", "--loss-permille", "--seed"):
        r.add_argument(name, type=int, default=0)
    r.add_argument("--seconds", type=int, default=60)
    a = ap.parse_args(argv)
    if a.what == "relay":
        run_relay(a)
        return 0
    result = run_cabinet(a)
    with open(a.out, "w") as f:
        json.dump(result, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
