"""A non-blocking UDP socket for the frame loop: send never waits, receive
drains what has arrived (a bounded number per call) and returns at once."""

from __future__ import annotations

import socket
from typing import Protocol

from handheld.link.packet import MAX_PACKET_BYTES

MAX_PER_POLL = 64             # datagrams read per frame at most: a flood cannot stall the loop


class Transport(Protocol):
    """What pairing and a linked match use of a socket: UdpTransport, or a test's in-memory one."""

    def send(self, data: bytes, address) -> None: ...

    def receive(self) -> list: ...

    def close(self) -> None: ...


class UdpTransport:
    def __init__(self, host: str, port: int = 0):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setblocking(False)
        self.sock.bind((host, port))
        self.address = self.sock.getsockname()
        self.bytes_sent = self.packets_sent = self.send_errors = 0

    def send(self, data: bytes, address) -> None:
        try:
            self.sock.sendto(data, address)
        except (BlockingIOError, InterruptedError, ConnectionRefusedError, OSError):
            self.send_errors += 1          # a full buffer or an unreachable peer: the next packet repeats it
            return
        self.bytes_sent += len(data)
        self.packets_sent += 1

    def receive(self) -> list:
        """[(datagram, sender address), ...] that have arrived, oldest first."""
        out = []
        for _ in range(MAX_PER_POLL):
            try:
                data, address = self.sock.recvfrom(MAX_PACKET_BYTES + 1)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:                # e.g. an ICMP error queued from an earlier send
                continue
            out.append((data, address))
        return out

    def close(self) -> None:
        self.sock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
