"""A headless linked cabinet, or the lossy relay, as a process of its own,
paced by the wall clock at 60 ticks/s like the cabinet's frame loop (for
the tests in network namespaces, tests/link/test_link_netns.py).

    python -m handheld.link.process cabinet --role host|guest --bind HOST:PORT
        --peer HOST:PORT --token N --seed N --light ICON --dark ICON
        [--shade N] [--level N] [--delay auto|0..3] --out RESULT.json
    python -m handheld.link.process match --game GAME --role host|guest
        --bind HOST:PORT --peer HOST:PORT --token N --seed N --data DIR
        [--delay auto|0..3] [--max-seconds N] --out RESULT.json
    python -m handheld.link.process relay --side0 HOST:PORT --cabinet0 HOST:PORT
        --side1 HOST:PORT --cabinet1 HOST:PORT --delay-ms N --jitter-ms N
        --loss-permille N --seed N --seconds N

`cabinet` plays one Archon duel with a computer fighter on its side; `match`
plays a whole linked match of any two-player game with a pad player on its
stick (process_match.py). Each goes on answering its peer for a second once
settled and writes what it saw as JSON. The relay runs for --seconds and stops.
"""

from __future__ import annotations

import argparse
import json
import select
import time

from handheld.games.archon.duel.model import DuelSetup
from handheld.link.duel_game import LinkedDuel, verify_duel_replay
from handheld.link.harness import computer
from handheld.link.pairing import LINK_OPTIONS
from handheld.link.peer import LinkPeer
from handheld.link.process_match import LINGER_FRAMES, Paced, run_match_cabinet
from handheld.link.process_match import address as _address
from handheld.link.relay import Condition, LossyRelay
from handheld.link.transport import UdpTransport

MAX_TICKS = 60 * 240


def run_cabinet(a) -> dict:
    setup = DuelSetup.full(a.light, a.dark, a.shade)
    host = a.role == "host"
    transport = UdpTransport(*_address(a.bind))
    try:
        peer = LinkPeer(LinkedDuel(setup, a.seed), host, a.token, transport, _address(a.peer),
                        None if a.delay == "auto" else int(a.delay))
        player = computer(a.level, a.seed)(peer)
        now = linger = 0
        for now in Paced(MAX_TICKS):
            peer.tick(now, player)
            linger += peer.settled
            if peer.gave_up or linger >= LINGER_FRAMES:
                break
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
    sockets = [side.sock for side in relay.sides]
    try:
        end = time.monotonic_ns() + a.seconds * 1_000_000_000
        while time.monotonic_ns() < end:
            now_us = time.monotonic_ns() // 1000
            relay.pump(now_us)
            # asleep until a datagram comes or the next one is due (at most 10 ms), not spinning
            due_us = relay.queue[0][0] if relay.queue else now_us + 10_000
            select.select(sockets, [], [], min(max(due_us - now_us, 0), 10_000) / 1e6)
    finally:
        relay.close()


def _cabinet_arguments(parser) -> None:
    """What both kinds of cabinet are told: its side, its socket, its peer, the session."""
    parser.add_argument("--role", choices=("host", "guest"), required=True)
    parser.add_argument("--bind", required=True)
    parser.add_argument("--peer", required=True)
    parser.add_argument("--token", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--delay", default="auto")
    parser.add_argument("--out", required=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m handheld.link.process")
    sub = ap.add_subparsers(dest="what", required=True)
    c = sub.add_parser("cabinet", help="an Archon duel, computer fighters")
    _cabinet_arguments(c)
    c.add_argument("--light", default="wizard")
    c.add_argument("--dark", default="sorceress")
    c.add_argument("--shade", type=int, default=2)
    c.add_argument("--level", type=int, default=1)
    m = sub.add_parser("match", help="a whole linked match, a pad player on the stick")
    _cabinet_arguments(m)
    m.add_argument("--game", choices=sorted(LINK_OPTIONS), required=True)
    m.add_argument("--data", required=True, help="the cabinet's data directory: its replay is saved there")
    m.add_argument("--max-seconds", type=int, default=1800)
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
    result = run_match_cabinet(a) if a.what == "match" else run_cabinet(a)
    with open(a.out, "w") as f:
        json.dump(result, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
