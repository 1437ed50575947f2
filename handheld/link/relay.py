"""A lossy relay between two cabinets' UDP sockets, for tests and the bench.

Each cabinet sends to the relay's socket facing it; the relay passes the
datagram on from its socket facing the other cabinet after a delay, plus a
jitter, or drops it. Delay, jitter and loss come from one seeded Rng and
time is what `pump(now_us)` is told (a fake tick clock), so a run is the
same every time on any machine. Loopback delivers a datagram before sendto
returns, so nothing here waits on the wall clock.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from handheld.link.transport import UdpTransport
from handheld.runtime.rng import Rng

TICK_US = 16667               # one tick at 60 Hz, in the relay's microseconds


@dataclass(frozen=True)
class Condition:
    delay_ms: int = 0         # one way, each direction
    jitter_ms: int = 0        # + 0..jitter_ms more, drawn per datagram (so they may overtake)
    loss_permille: int = 0    # dropped per thousand datagrams

    def label(self) -> str:
        return f"{self.delay_ms}ms+{self.jitter_ms}ms/{self.loss_permille / 10:g}%"


class LossyRelay:
    def __init__(self, host: str, condition: Condition, seed: int, binds: tuple | None = None):
        """Both sockets on `host` (any free port), or on `binds`: ((host, port), (host, port))."""
        self.condition = condition
        self.rng = Rng(seed)
        binds = binds or ((host, 0), (host, 0))
        self.sides = tuple(UdpTransport(*b) for b in binds)     # side i faces cabinet i
        self.cabinets: list = [None, None]
        self.queue: list = []                                    # (due_us, order, to_side, data)
        self.order = 0
        self.cut = False                                         # True: everything is dropped
        self.passed = self.dropped = 0

    def address_for(self, cabinet: int):
        """Where cabinet 0 or 1 sends its packets."""
        return self.sides[cabinet].address

    def connect(self, cabinet: int, address) -> None:
        self.cabinets[cabinet] = address

    def pump(self, now_us: int) -> None:
        c = self.condition
        for side in (0, 1):
            for data, sender in self.sides[side].receive():
                if sender != self.cabinets[side] or self.cabinets[1 - side] is None:
                    continue                            # a stranger, or nobody to pass it to yet
                if self.cut or self.rng.randrange(1000) < c.loss_permille:
                    self.dropped += 1
                    continue
                due = now_us + 1000 * c.delay_ms + (self.rng.randrange(1000 * c.jitter_ms + 1) if c.jitter_ms else 0)
                self.order += 1
                heapq.heappush(self.queue, (due, self.order, 1 - side, data))
        while self.queue and self.queue[0][0] <= now_us:
            _due, _order, to, data = heapq.heappop(self.queue)
            self.sides[to].send(data, self.cabinets[to])
            self.passed += 1

    def close(self) -> None:
        for s in self.sides:
            s.close()
