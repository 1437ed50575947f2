"""Two cabinets, one match over the LAN (issue 49; docs/link.md).

packet: the datagram format; rollback: prediction and re-simulation for a
real-time game; duel_game: Archon's duel arena as such a game; peer: one
cabinet's end of a link; transport: the non-blocking UDP socket; relay and
harness: a seeded lossy relay and two cabinets in one process (tests, bench).
"""
