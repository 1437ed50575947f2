"""The link's one datagram format: versioned, bounded, checked end to end.

Layout (big-endian, docs/link.md#packet-format):

    header  magic "HL", version u8, kind u8, session token u64, sequence u32,
            echo u32 (the last sequence received from the peer, for the
            round-trip time), ack u32 (the last tick up to which the sender
            holds every one of the peer's inputs), first u32 (the tick of the
            first input carried), count u8, flags u8
    inputs  count x 4 bytes: held, pressed, released, repeat of the sender's
            player for ticks first, first+1, ...
    hash    (flags bit 0) tick u32 + 8 bytes: the sender's state hash of a
            tick whose inputs it has from both sides
    log ack (flags bit 1) tick u32, have u16: the guest holds the first
            `have` pieces of the host's match log for the resync at that tick
    rematch (flags bit 2) seed u32: 0 "this cabinet wants a rematch"; from
            the host, the seed of the rematch
    state   (kind RESYNC only) tick u32, length u16, that many bytes of the
            host's state (JSON of integers, strings, booleans, null, lists)
    log     (kind LOG only) tick u32, state hash 8 bytes, index u16, total
            u16, length u16, that many bytes: one piece of the host's match
            log (both sides' inputs up to that tick, resync.py)
    mac     8 bytes: keyed BLAKE2b of everything before it, the key being
            the session token

`decode` never raises: anything malformed, oversized, of another version or
another session, or altered on the way comes back as None. Replayed packets
(a sequence not above the last accepted one) are refused by the receiver
(handheld/link/peer.py), which knows what it has seen.
"""

from __future__ import annotations

import hashlib
import json
import struct
from dataclasses import dataclass

from handheld.base.actions import PlayerInput

MAGIC = b"HL"
VERSION = 2                   # 2: the match log resync and the rematch
INPUTS, RESYNC, LOG = 1, 2, 3
KINDS = (INPUTS, RESYNC, LOG)
FLAG_HASH, FLAG_LOG_ACK, FLAG_REMATCH = 1, 2, 4
KNOWN_FLAGS = FLAG_HASH | FLAG_LOG_ACK | FLAG_REMATCH
MAX_INPUTS = 32               # ticks of input one packet carries at most
MAX_STATE_BYTES = 1024        # a duel's state is ~450 bytes of JSON; a piece of a match log
MAX_LOG_PIECES = 4096         # a match log is at most 4 MB compressed (a day-long match is ~100 kB)
MAX_PACKET_BYTES = 1280       # well inside one Ethernet frame: never fragmented
MAX_TICK = (1 << 31) - 1
MAC_BYTES = 8
HASH_BYTES = 8

_HEADER = struct.Struct(">2sBBQIIIIBB")
_HASH = struct.Struct(">I8s")
_STATE = struct.Struct(">IH")
_LOG_ACK = struct.Struct(">IH")
_REMATCH = struct.Struct(">I")
_LOG = struct.Struct(">I8sHHH")


@dataclass(frozen=True)
class Packet:
    token: int
    seq: int
    echo: int
    ack: int
    first: int
    inputs: tuple = ()                    # PlayerInput per tick from `first`
    hash_tick: int = 0                    # 0: no hash carried
    hash: bytes = b""
    kind: int = INPUTS
    state_tick: int = 0                   # RESYNC: the tick the state is of
    state: bytes = b""                    # RESYNC: the host's encoded state; LOG: a piece of the log
    log_ack_tick: int = 0                 # 0: no log ack carried
    log_ack_have: int = 0
    rematch: int = -1                     # -1: none; 0: a rematch wanted; else the host's seed for it
    log_hash: bytes = b""                 # LOG: the host's state hash at state_tick, once rebuilt
    log_index: int = 0                    # LOG: this piece's index, of log_total
    log_total: int = 0


def mac_of(token: int, body: bytes) -> bytes:
    return hashlib.blake2b(body, digest_size=MAC_BYTES, key=token.to_bytes(8, "big")).digest()


def encode(p: Packet) -> bytes:
    """The datagram for `p`; ValueError if a field is out of range."""
    if not (0 <= p.token < 1 << 64) or p.kind not in KINDS or len(p.inputs) > MAX_INPUTS:
        raise ValueError("packet field out of range")
    for v in (p.seq, p.echo, p.ack, p.first, p.hash_tick, p.state_tick, p.log_ack_tick, p.rematch + 1):
        if not 0 <= v <= MAX_TICK:
            raise ValueError("packet field out of range")
    if not 0 <= p.log_ack_have <= MAX_LOG_PIECES:
        raise ValueError("packet field out of range")
    flags = (FLAG_HASH if p.hash_tick else 0) | (FLAG_LOG_ACK if p.log_ack_tick else 0) \
        | (FLAG_REMATCH if p.rematch >= 0 else 0)
    parts = [_HEADER.pack(MAGIC, VERSION, p.kind, p.token, p.seq, p.echo, p.ack, p.first,
                          len(p.inputs), flags)]
    parts.append(bytes(b for pin in p.inputs for b in (pin.held, pin.pressed, pin.released, pin.repeat)))
    if flags & FLAG_HASH:
        if len(p.hash) != HASH_BYTES:
            raise ValueError("a state hash is 8 bytes")
        parts.append(_HASH.pack(p.hash_tick, p.hash))
    if flags & FLAG_LOG_ACK:
        parts.append(_LOG_ACK.pack(p.log_ack_tick, p.log_ack_have))
    if flags & FLAG_REMATCH:
        parts.append(_REMATCH.pack(p.rematch))
    if p.kind in (RESYNC, LOG):
        if not p.state or len(p.state) > MAX_STATE_BYTES or not 0 < p.state_tick:
            raise ValueError("resync state missing or too big")
    if p.kind == RESYNC:
        parts.append(_STATE.pack(p.state_tick, len(p.state)) + p.state)
    if p.kind == LOG:
        if len(p.log_hash) != HASH_BYTES or not 0 <= p.log_index < p.log_total <= MAX_LOG_PIECES:
            raise ValueError("log piece fields out of range")
        parts.append(_LOG.pack(p.state_tick, p.log_hash, p.log_index, p.log_total, len(p.state)) + p.state)
    body = b"".join(parts)
    data = body + mac_of(p.token, body)
    if len(data) > MAX_PACKET_BYTES:
        raise ValueError("packet too big")
    return data


def decode(data, token: int) -> Packet | None:
    """The packet in `data` if it is well formed, of this version and of the
    session `token`, else None. Never raises."""
    if not isinstance(data, (bytes, bytearray)) or not _HEADER.size + MAC_BYTES <= len(data) <= MAX_PACKET_BYTES:
        return None
    data = bytes(data)
    magic, version, kind, tok, seq, echo, ack, first, count, flags = _HEADER.unpack_from(data)
    if magic != MAGIC or version != VERSION or kind not in KINDS or tok != token:
        return None
    if count > MAX_INPUTS or flags & ~KNOWN_FLAGS or max(seq, echo, ack, first) > MAX_TICK:
        return None
    if count and first == 0:
        return None                        # ticks count from 1
    body, mac = data[:-MAC_BYTES], data[-MAC_BYTES:]
    if mac_of(token, body) != mac:
        return None
    at = _HEADER.size
    if len(body) < at + 4 * count:
        return None
    raw = body[at:at + 4 * count]
    inputs = tuple(PlayerInput(raw[i], raw[i + 1], raw[i + 2], raw[i + 3]) for i in range(0, 4 * count, 4))
    at += 4 * count
    hash_tick, digest = 0, b""
    if flags & FLAG_HASH:
        if len(body) < at + _HASH.size:
            return None
        hash_tick, digest = _HASH.unpack_from(body, at)
        at += _HASH.size
        if hash_tick == 0 or hash_tick > MAX_TICK:
            return None
    log_ack_tick = log_ack_have = 0
    if flags & FLAG_LOG_ACK:
        if len(body) < at + _LOG_ACK.size:
            return None
        log_ack_tick, log_ack_have = _LOG_ACK.unpack_from(body, at)
        at += _LOG_ACK.size
        if not 0 < log_ack_tick <= MAX_TICK or log_ack_have > MAX_LOG_PIECES:
            return None
    rematch = -1
    if flags & FLAG_REMATCH:
        if len(body) < at + _REMATCH.size:
            return None
        (rematch,) = _REMATCH.unpack_from(body, at)
        at += _REMATCH.size
        if rematch > MAX_TICK - 1:
            return None
    state_tick, state = 0, b""
    log_hash, log_index, log_total = b"", 0, 0
    if kind == LOG:
        if len(body) < at + _LOG.size:
            return None
        state_tick, log_hash, log_index, log_total, size = _LOG.unpack_from(body, at)
        at += _LOG.size
        if not 0 < size <= MAX_STATE_BYTES or not 0 < state_tick <= MAX_TICK \
                or not log_index < log_total <= MAX_LOG_PIECES:
            return None
        state = body[at:at + size]
        at += size
        if len(state) != size:
            return None
    if kind == RESYNC:
        if len(body) < at + _STATE.size:
            return None
        state_tick, size = _STATE.unpack_from(body, at)
        at += _STATE.size
        if not 0 < size <= MAX_STATE_BYTES or state_tick == 0 or state_tick > MAX_TICK:
            return None
        state = body[at:at + size]
        at += size
        if len(state) != size:
            return None
    if at != len(body):
        return None                        # trailing bytes: not a packet we wrote
    return Packet(tok, seq, echo, ack, first, inputs, hash_tick, digest, kind, state_tick, state,
                  log_ack_tick, log_ack_have, rematch, log_hash, log_index, log_total)


# ------------------------------------------------------------- state bodies
MAX_STATE_DEPTH = 8


def encode_state(snapshot) -> bytes:
    """A snapshot of nested tuples/lists of ints, strings, booleans and None as bytes."""
    return json.dumps(snapshot, separators=(",", ":")).encode()


def decode_state(raw: bytes):
    """The snapshot in `raw` (tuples become lists) or None if it is not one
    `encode_state` could have written. Never raises."""
    try:
        value = json.loads(raw.decode("ascii"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return value if _plain(value, 0) else None


def _plain(v, depth: int) -> bool:
    if v is None or isinstance(v, (bool, int, str)):
        return True
    if isinstance(v, list) and depth < MAX_STATE_DEPTH:
        return all(_plain(x, depth + 1) for x in v)
    return False
