"""The link's packet format: what it writes it reads back; anything else is refused, quietly."""

import pytest

from handheld.base.actions import PlayerInput
from handheld.link import packet as P

TOKEN = 0x0123_4567_89AB_CDEF


def _packet(**kw):
    base = dict(token=TOKEN, seq=9, echo=7, ack=40, first=41,
                inputs=(PlayerInput(1, 1, 0, 1), PlayerInput(17, 16, 0, 0), PlayerInput(0, 0, 17, 0)))
    base.update(kw)
    return P.Packet(**base)


def test_round_trip_with_inputs_hash_and_state():
    for p in (_packet(), _packet(hash_tick=60, hash=bytes(range(8))),
              _packet(kind=P.RESYNC, state_tick=60, state=b'[1,[2,"light",true,null]]',
                      hash_tick=60, hash=b"\xff" * 8), _packet(first=0, inputs=()),
              _packet(kind=P.LOG, state_tick=120, state=b"\x78" * P.MAX_STATE_BYTES, log_hash=b"h" * 8,
                      log_index=3, log_total=7, hash_tick=120, hash=b"g" * 8),
              _packet(log_ack_tick=120, log_ack_have=7, rematch=0), _packet(rematch=P.MAX_TICK - 1)):
        assert P.decode(P.encode(p), TOKEN) == p


def test_a_packet_with_a_full_window_fits_one_frame_and_reads_back():
    p = _packet(inputs=tuple(PlayerInput(i, 0, 0, 0) for i in range(P.MAX_INPUTS)), hash_tick=1, hash=b"h" * 8)
    data = P.encode(p)
    assert len(data) <= P.MAX_PACKET_BYTES and P.decode(data, TOKEN) == p


@pytest.mark.parametrize("extra", [{}, {"kind": P.LOG, "state_tick": 60, "state": b"abc", "log_hash": b"h" * 8,
                                     "log_total": 2, "log_ack_tick": 3, "log_ack_have": 1, "rematch": 5}])
def test_every_single_bit_flip_is_refused(extra):
    data = P.encode(_packet(hash_tick=60, hash=b"12345678", **extra))
    for i in range(len(data)):
        for bit in range(8):
            bad = bytearray(data)
            bad[i] ^= 1 << bit
            assert P.decode(bytes(bad), TOKEN) is None, (i, bit)


def test_truncated_extended_foreign_and_junk_are_refused():
    data = P.encode(_packet())
    for n in range(len(data)):
        assert P.decode(data[:n], TOKEN) is None
    assert P.decode(data + b"\0", TOKEN) is None
    assert P.decode(data, TOKEN ^ 1) is None                      # another session
    assert P.decode(b"x" * (P.MAX_PACKET_BYTES + 1), TOKEN) is None
    assert P.decode("not bytes", TOKEN) is None and P.decode(None, TOKEN) is None


def _resealed(data: bytes, offset: int, value: int) -> bytes:
    """A packet changed at `offset` with a valid MAC: only the field checks can refuse it."""
    body = bytearray(data[:-P.MAC_BYTES])
    body[offset] = value
    return bytes(body) + P.mac_of(TOKEN, bytes(body))


@pytest.mark.parametrize("offset, value", [(0, ord("X")), (2, 1), (2, 3), (3, 9), (28, P.MAX_INPUTS + 1), (29, 0x80),
                                           (29, 1)])
def test_fields_out_of_range_are_refused_even_with_a_valid_mac(offset, value):
    # magic, version (1: before the log resync and the rematch), kind, count, unknown flag,
    # a hash flag with no hash after the inputs
    assert P.decode(_resealed(P.encode(_packet()), offset, value), TOKEN) is None


def test_inputs_from_tick_zero_are_refused():
    body = P.encode(_packet(first=1))[:-P.MAC_BYTES]
    zero = body[:24] + (0).to_bytes(4, "big") + body[28:]
    assert P.decode(zero + P.mac_of(TOKEN, zero), TOKEN) is None


def test_encode_refuses_what_decode_would():
    for bad in (_packet(seq=-1), _packet(ack=1 << 31), _packet(token=1 << 64),
                _packet(inputs=(PlayerInput(),) * (P.MAX_INPUTS + 1)), _packet(hash_tick=5, hash=b"short"),
                _packet(kind=P.RESYNC, state_tick=5, state=b""),
                _packet(kind=P.RESYNC, state_tick=5, state=b"[" * (P.MAX_STATE_BYTES + 1)),
                _packet(kind=P.LOG, state_tick=5, state=b"x", log_hash=b"h" * 8, log_index=2, log_total=2),
                _packet(kind=P.LOG, state_tick=5, state=b"x", log_hash=b"h" * 8, log_total=P.MAX_LOG_PIECES + 1),
                _packet(log_ack_tick=5, log_ack_have=P.MAX_LOG_PIECES + 1), _packet(rematch=P.MAX_TICK),
                _packet(rematch=-2)):
        with pytest.raises(ValueError):
            P.encode(bad)


def test_state_bodies_hold_only_plain_values():
    snap = (3, -1, False, ("light", 1, None, (2, 3)), [])
    assert P.decode_state(P.encode_state(snap)) == [3, -1, False, ["light", 1, None, [2, 3]], []]
    for raw in (b"[1.5]", b"NaN", b'{"a":1}', b"[" * 50 + b"]" * 50, b"\xff", b"[1,", b"1e3"):
        assert P.decode_state(raw) is None
