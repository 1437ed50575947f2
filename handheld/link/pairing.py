"""Pairing two cabinets before a linked match: a request, an answer, a code.

The joining cabinet sends HELLO (its name, the game it wants, a nonce) to
the host's address until it hears back. The host's screen shows the request;
FIRE accepts: the host picks the match seed and a random 64-bit session
token and sends ACCEPT (with the game's options) until the guest says READY.
Both screens then show the same 4-digit code, taken from the token: a pair
that did not get the same token shows different codes. From then on the
match's packets (packet.py) carry that token and only the paired address
is heard.

Pairing datagrams are "HLP" + version 1 + a small JSON object, at most 512
bytes; anything else (a match packet included) is not a pairing message.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass

MAGIC = b"HLP\x01"
MAX_BYTES = 512
RESEND_FRAMES = 15            # a lost HELLO, ACCEPT or READY is sent again a quarter second later
READY_SENDS = 8
MAX_NAME = 16

# A linked match: every two-player game with both sides human (the host is player 1)
LINK_OPTIONS: dict[str, dict] = {"archon": {"mode": "two_players"}, "spectral": {"mode": "two"}, "sphinx": {"mode": "two"},
                "atom4": {"players": 2}, "chamber": {"seats": [["human", 0], ["human", 0]]}}


@dataclass(frozen=True)
class Request:
    address: tuple
    name: str
    game: str
    nonce: int


@dataclass(frozen=True)
class Agreement:
    host: bool
    token: int
    seed: int
    game: str
    options: dict
    peer_address: tuple
    peer_name: str

    @property
    def code(self) -> str:
        return pair_code(self.token)


def pair_code(token: int) -> str:
    return f"{token % 10000:04d}"


def rematch_token(token: int, seed: int) -> int:
    """The session token of a rematch of seed `seed` after the match of `token`:
    a packet of the match before (still on its way) is of another session."""
    key = token.to_bytes(8, "big") + seed.to_bytes(4, "big")
    return int.from_bytes(hashlib.blake2b(key, digest_size=8, person=b"hh-rematch").digest(), "big")


def rematch_seed() -> int:
    """The host's pick for a rematch: like a match's, never 0 (0 says "a rematch, please")."""
    return 1 + secrets.randbelow((1 << 31) - 2)


def encode_message(fields: dict) -> bytes:
    data = MAGIC + json.dumps(fields, separators=(",", ":")).encode("ascii")
    if len(data) > MAX_BYTES:
        raise ValueError("pairing message too big")
    return data


def decode_message(data) -> dict | None:
    """The message in `data`, checked field by field, or None. Never raises."""
    if not isinstance(data, (bytes, bytearray)) or not data.startswith(MAGIC) or len(data) > MAX_BYTES:
        return None
    try:
        msg = json.loads(bytes(data[len(MAGIC):]).decode("ascii"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(msg, dict) or not _whole(msg.get("nonce"), 63):
        return None
    kind = msg.get("k")
    if kind == "hello" and _name(msg.get("name")) and msg.get("game") in LINK_OPTIONS:
        return msg
    if kind == "accept" and _name(msg.get("name")) and msg.get("game") in LINK_OPTIONS \
            and _whole(msg.get("token"), 64) and _whole(msg.get("seed"), 31) \
            and msg.get("options") == LINK_OPTIONS[msg["game"]]:
        return msg
    if kind == "ready" and _whole(msg.get("token"), 64):
        return msg
    if kind == "refuse":
        return msg
    return None


def _whole(v, bits: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1 << bits


def _name(v) -> bool:
    return isinstance(v, str) and 0 < len(v) <= MAX_NAME and v.isascii() and v.isprintable()


class HostPairing:
    """The host's side: hear requests, accept or refuse one."""

    def __init__(self, transport, name: str):
        self.transport, self.name = transport, name
        self.request: Request | None = None
        self.agreement: Agreement | None = None
        self.ready = False            # the guest has the agreement: the match may start
        self.frames = 0
        self.rejected = 0

    def poll(self) -> None:
        self.frames += 1
        a, accepted = self.agreement, self.request      # accept() sets both; only hellos change request
        for data, address in self.transport.receive():
            msg = decode_message(data)
            if msg is None:
                self.rejected += 1
            elif msg["k"] == "hello" and a is None:
                if self.request is None or self.request.address == address:
                    self.request = Request(address, msg["name"], msg["game"], msg["nonce"])
            elif a is not None and accepted is not None and address == a.peer_address \
                    and msg["nonce"] == accepted.nonce:
                if msg["k"] == "ready" and msg["token"] == a.token:
                    self.ready = True
                elif msg["k"] == "hello":
                    self._send_accept()
        if a is not None and not self.ready and self.frames % RESEND_FRAMES == 0:
            self._send_accept()

    def accept(self, token: int | None = None, seed: int | None = None) -> Agreement:
        r = self.request
        if r is None:
            raise ValueError("no request to accept")
        self.agreement = Agreement(True, secrets.randbits(64) if token is None else token,
                                   secrets.randbelow(1 << 31) if seed is None else seed,
                                   r.game, LINK_OPTIONS[r.game], r.address, r.name)
        self._send_accept()
        return self.agreement

    def refuse(self) -> None:
        if self.request is not None:
            self.transport.send(encode_message({"k": "refuse", "nonce": self.request.nonce}), self.request.address)
        self.request = None

    def _send_accept(self) -> None:
        a, r = self.agreement, self.request
        if a is None or r is None:      # nothing accepted yet: nothing to send
            return
        self.transport.send(encode_message({"k": "accept", "name": self.name, "game": a.game, "nonce": r.nonce,
                                            "token": a.token, "seed": a.seed, "options": a.options}),
                            a.peer_address)


class GuestPairing:
    """The joining side: ask one host for one game until it answers."""

    def __init__(self, transport, name: str, host_address: tuple, game: str, nonce: int | None = None):
        if game not in LINK_OPTIONS:
            raise ValueError(f"{game} cannot be played linked")
        self.transport, self.name, self.host_address, self.game = transport, name, tuple(host_address), game
        self.nonce = secrets.randbits(63) if nonce is None else nonce
        self.agreement: Agreement | None = None
        self.refused = False
        self.frames = 0
        self.ready_sent = 0
        self.rejected = 0

    @property
    def ready(self) -> bool:
        return self.agreement is not None

    def poll(self) -> None:
        self.frames += 1
        for data, address in self.transport.receive():
            msg = decode_message(data)
            if msg is None or address != self.host_address or msg["nonce"] != self.nonce:
                self.rejected += 1
            elif msg["k"] == "refuse" and self.agreement is None:
                self.refused = True
            elif msg["k"] == "accept" and msg["game"] == self.game:
                if self.agreement is None:
                    self.agreement = Agreement(False, msg["token"], msg["seed"], msg["game"], msg["options"],
                                               self.host_address, msg["name"])
                self.ready_sent = 0               # it did not hear READY yet: say it again
        if self.refused:
            return
        if self.agreement is None:
            if self.frames % RESEND_FRAMES == 1:
                self.transport.send(encode_message({"k": "hello", "name": self.name, "game": self.game,
                                                    "nonce": self.nonce}), self.host_address)
        elif self.ready_sent < READY_SENDS and (self.ready_sent == 0 or self.frames % RESEND_FRAMES == 0):
            self.ready_sent += 1
            self.transport.send(encode_message({"k": "ready", "nonce": self.nonce, "token": self.agreement.token}),
                                self.host_address)
