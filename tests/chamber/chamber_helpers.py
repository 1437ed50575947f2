"""Builders for hand-made chamber positions used by the chamber tests."""

from handheld.games.chamber import rules
from handheld.runtime.rng import Rng

SUNS, MOONS, CROWNS, ARMS = range(4)
N, NE, E, SE, S, SW, W, NW = range(8)


def sp(r, c):
    return r * 10 + c


def blank(n=2, current=0):
    """A fresh game with no orbs on the board and player `current` to move."""
    s = rules.new_game(n, Rng(1))
    s.orbs = {}
    s.current = current
    return s


def put(s, p, space, facing):
    s.pos[p] = space
    s.facing[p] = facing


def give(s, p, *suits):
    for x in suits:
        s.hand[p][x] += 1


def total_orbs(s):
    return (sum(map(sum, s.hand)) + sum(len(v) for v in s.orbs.values())
            + sum(1 for x in s.shield if x >= 0) + len(s.queue)
            + (1 if s.bonus else 0) + (1 if s.pending else 0))
