"""Packets the host did not expect: random bytes, valid packets mutated,
replayed, from a stranger's address or of another session. None may raise,
and none may change anything: not the game, not the inputs, not the link."""

import pytest

from handheld.games.archon.duel.model import DuelSetup
from handheld.base.actions import PlayerInput
from handheld.link import packet as P
from handheld.link.duel_game import LinkedDuel
from handheld.link.peer import LinkPeer
from handheld.runtime.rng import Rng

SETUP = DuelSetup.full("wizard", "sorceress", 2)
TOKEN = 0xF00D_F00D_F00D_F00D
HOST_ADDR, GUEST_ADDR, STRANGER = ("127.0.0.1", 4001), ("127.0.0.1", 4002), ("127.0.0.1", 4003)


class MemoryTransport:
    """Datagrams handed over by the test; nothing leaves the process."""

    def __init__(self, address):
        self.address, self.inbox, self.sent, self.bytes_sent = address, [], [], 0

    def send(self, data, address):
        self.sent.append((data, address))
        self.bytes_sent += len(data)

    def receive(self):
        out, self.inbox = self.inbox, []
        return out


def _mid_match():
    """A host and guest 120 ticks into a duel, packets passed by hand; and
    the guest's packets so far."""
    host_t, guest_t = MemoryTransport(HOST_ADDR), MemoryTransport(GUEST_ADDR)
    host = LinkPeer(LinkedDuel(SETUP, 3), True, TOKEN, host_t, GUEST_ADDR, 2)
    guest = LinkPeer(LinkedDuel(SETUP, 3), False, TOKEN, guest_t, HOST_ADDR, 2)
    for now in range(1, 121):
        host.tick(now, PlayerInput((now // 7) % 32))
        guest.tick(now, PlayerInput((now // 5) % 32))
        host_t.inbox += [(d, GUEST_ADDR) for d, _ in guest_t.sent[-1:]]
        guest_t.inbox += [(d, HOST_ADDR) for d, _ in host_t.sent[-1:]]
    host.receive()
    assert host.received > 100 and host.session.confirmed_remote > 100
    return host, [d for d, _ in guest_t.sent]


def _fresh(host, rng):
    """A packet the host would accept: next sequence, real-looking inputs, maybe a hash, a resync
    state or a piece of a match log, a log ack, a rematch."""
    kind = (P.INPUTS, P.INPUTS, P.INPUTS, P.INPUTS, P.INPUTS, P.INPUTS, P.RESYNC, P.LOG)[rng.randrange(8)]
    n = rng.randrange(P.MAX_INPUTS + 1)
    log = (rng.bits(64).to_bytes(8, "big"), 1, 3) if kind == P.LOG else (b"", 0, 0)
    return P.Packet(TOKEN, host.peer_seq + 1 + rng.randrange(5), host.seq, host.session.confirmed_remote,
                    host.session.confirmed_remote + 1 if n else 0,
                    tuple(PlayerInput(rng.randrange(256), rng.randrange(256), 0, 0) for _ in range(n)),
                    *((60, rng.bits(64).to_bytes(8, "big")) if rng.chance(1, 2) else (0, b"")),
                    kind, *((60, b"[1,2]") if kind != P.INPUTS else (0, b"")),
                    *((60, rng.randrange(5)) if rng.chance(1, 4) else (0, 0)),
                    rng.randrange(3) - 1, *log)


def _random_bytes(rng, n: int) -> bytes:
    return rng.bits(8 * n).to_bytes(n, "big") if n else b""


def _mutate(data: bytes, rng) -> bytes:
    b = bytearray(data)
    how = rng.randrange(6)
    if how == 0:
        for _ in range(1 + rng.randrange(3)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
    elif how == 1:
        b[rng.randrange(len(b))] = rng.randrange(256)
    elif how == 2:
        del b[rng.randrange(len(b)):]
    elif how == 3:
        b += _random_bytes(rng, 1 + rng.randrange(16))
    elif how == 4:
        i = rng.randrange(len(b))
        b[i:i + 4] = rng.bits(32).to_bytes(4, "big")
    else:
        i, j = sorted((rng.randrange(len(b)), rng.randrange(len(b))))
        b = b[:i] + b[j:] + b[i:j]
    return bytes(b)


def _datagram(host, old, rng):
    pick = rng.randrange(7)
    if pick == 0:
        return _random_bytes(rng, rng.randrange(P.MAX_PACKET_BYTES + 64)), GUEST_ADDR
    if pick == 1:
        return rng.choice(old), GUEST_ADDR                                   # replayed
    if pick == 2:
        return P.encode(_fresh(host, rng)), STRANGER                         # right packet, wrong sender
    if pick == 3:
        other = _fresh(host, rng)
        return P.encode(P.Packet(other.token ^ (1 + rng.bits(63)), *list(vars(other).values())[1:])), GUEST_ADDR
    while True:
        data = _fresh(host, rng)
        raw = P.encode(data)
        bad = _mutate(raw if pick != 6 else rng.choice(old), rng)
        if bad != raw:
            return bad, GUEST_ADDR


def fuzz(count: int, seed: int = 1, batch: int = 500) -> None:
    host, old = _mid_match()
    rng = Rng(seed)
    before = host.fingerprint()
    rejected = host.rejected
    done = 0
    while done < count:
        n = min(batch, count - done)
        host.transport.inbox = [_datagram(host, old, rng) for _ in range(n)]
        host.receive()
        done += n
        assert host.fingerprint() == before, f"a datagram in {done - n}..{done} changed the host"
    assert host.rejected == rejected + count
    # and the fingerprint does see an accepted packet: the check above can fail
    host.transport.inbox = [(P.encode(_fresh(host, rng)), GUEST_ADDR)]
    host.receive()
    assert host.fingerprint() != before


def test_a_hundred_thousand_strange_datagrams_change_nothing():
    fuzz(100_000)


@pytest.mark.slow
def test_a_million_strange_datagrams_change_nothing():
    fuzz(1_000_000, seed=2)
