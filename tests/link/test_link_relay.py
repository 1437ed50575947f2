"""The lossy relay and the UDP transport on 127.0.0.1, on a fake clock."""

from handheld.link.relay import TICK_US, Condition, LossyRelay
from handheld.link.transport import UdpTransport


def _through(condition, seed, n=400):
    """Send n numbered datagrams from cabinet 0, one a tick; (tick delivered, number) at cabinet 1."""
    relay = LossyRelay("127.0.0.1", condition, seed)
    a, b = UdpTransport("127.0.0.1"), UdpTransport("127.0.0.1")
    try:
        relay.connect(0, a.address)
        relay.connect(1, b.address)
        got = []
        for now in range(n + 60):
            if now < n:
                a.send(now.to_bytes(4, "big"), relay.address_for(0))
            relay.pump(now * TICK_US)
            got += [(now, int.from_bytes(d, "big")) for d, sender in b.receive() if sender == relay.address_for(1)]
        return got, relay.dropped
    finally:
        for t in (a, b):
            t.close()
        relay.close()


def test_delay_jitter_and_loss_follow_the_condition_and_the_seed():
    got, dropped = _through(Condition(100, 20, 100), seed=3)
    assert (got, dropped) == _through(Condition(100, 20, 100), seed=3)     # the same every run
    assert got != _through(Condition(100, 20, 100), seed=4)[0]
    assert 400 * 7 // 100 <= dropped <= 400 * 13 // 100 and len(got) + dropped == 400
    lateness = [(delivered - sent) * TICK_US for delivered, sent in got]
    assert min(lateness) >= 100_000 and max(lateness) <= 120_000 + 2 * TICK_US
    assert any(x > y for (_, x), (_, y) in zip(got, got[1:]))                # jitter lets some overtake


def test_a_clean_condition_passes_everything_in_order():
    got, dropped = _through(Condition(), seed=1, n=100)
    assert dropped == 0 and [n for _t, n in got] == list(range(100))


def test_the_relay_passes_nothing_from_a_stranger():
    relay = LossyRelay("127.0.0.1", Condition(), 1)
    a, b, stranger = (UdpTransport("127.0.0.1") for _ in range(3))
    try:
        relay.connect(0, a.address)
        relay.connect(1, b.address)
        stranger.send(b"hello", relay.address_for(0))
        relay.pump(TICK_US)
        relay.pump(2 * TICK_US)
        assert b.receive() == [] and relay.passed == 0
    finally:
        for t in (a, b, stranger):
            t.close()
        relay.close()
