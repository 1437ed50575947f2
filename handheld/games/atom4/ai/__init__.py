"""The Atom-4 computer: alpha-beta (negamax) over the pure rules.

Levels (budgets are counted in nodes, never in time, so a seed replays):
  easy    plain depth-2 alpha-beta; its evaluation counts colour changes and
          propagators made and destroyed along the searched line.
  normal  iterative deepening with a node budget. Every node first asks
          whether the side to move can win at once (an exact test, see
          threats.py), so the search sees wins one move beyond its depth.
          At the horizon a threat evaluation (threats.py) scores goal
          pieces, rows of them, reachable 4th points, two-spot forks (the
          waiting side's for its next colour, the side to move's for its
          colour after next) and what the side to move can grab at once;
          its counts live in a Tally kept move by move; a horizon node
          whose side to move faces a win in one is searched one ply more
          (once per line), so an unstoppable threat counts as the win it
          is and a blockable one as what the block leaves. A transposition
          table (Zobrist keys) and two killer moves per ply put the likely
          best move first, then a cheap look at what each move would
          change orders the rest; from the third ply on only the most
          promising are searched, unless the side to move faces a win in
          one (then every move is tried: a block can look dull).
          Before the search it looks for a forced win by threats
          (forcing.py): moves that each leave a win in one the other
          side must stop, until every reply loses; after it, it plays
          the first of its best few moves that leaves the other side no
          such win. All the looks of one move share one budget of
          moves played, so they bound its slowest moves. Its table and
          the threats it found stay with the player for the round (Memory),
          and the horizon's value is taken from the computer's chair, where
          the other side's score counts 17/20 (threats.OTHER_SIDE).
  hard    the same with larger budgets and depths.
Every level takes a win in one and blocks a loss in one when one move can
(the threat levels already at depth 1, easy at depth 2, which always
completes). The seed shuffles the root moves and adds a tiny tie-break
jitter: same seed, same move.

`think(pos, level, seed)` is the computer's entry point (handheld/runtime/think.py):
a generator that pauses every CHUNK[level] nodes (`Search(pos, level, seed).steps(chunk)`)
and returns the move, so a screen advances it a little per tick and the display never
freezes; `choose_move` runs it to the end.
"""

from __future__ import annotations

from handheld.games.atom4.ai.search import (  # noqa: F401 (the search's names, re-exported)
    EXACT, FORCING, SEARCH, SEARCH_LEVEL, WIN, Memory, Search, board_key,
)
from handheld.games.atom4.rules import Position
from handheld.games.levels import Level, default
from handheld.runtime.rng import Rng
from handheld.runtime.think import Thinking, run_to_end

# "hard" (a deeper search) is kept for `handheld atom4 strength --level hard` and old
# replays, not offered: it thinks 3x longer than normal (about 4 s a move in a match,
# and twice normal's nodes per frame on a Pi). It was no stronger than normal until the
# nineteenth pass's fix at the search's root; since then it beats normal 34-13 of 80
# (docs/atom4.md).
# A first match is against easy, the level a first-time player beats sometimes (normal
# beats atom4 4.1's own computer 86 % of the time); the search's own default, for a
# hint, selfplay and the CLI, is normal (SEARCH_LEVEL).
LEVELS = (Level("easy", "EASY", default=True), Level("normal", "NORMAL"), Level("hard", "HARD", in_menu=False))
DEFAULT_LEVEL = default(LEVELS).name      # a match's opponent when its options name none
# how a match paces the search: nodes per tick, about a millisecond of a frame here
# (a node costs 30-130 us), and no move sooner than THINK_TICKS_MIN after its turn began
CHUNK = {"easy": 24, "normal": 8, "hard": 16}
# tests/games/test_think_budget.py holds each tick of a match's thinking to TICK_NODES nodes;
# NODE_US is the CPU a node costs here (the mean over that test's scripted matches at hard;
# easy's nodes cost 11 us), and TICK_NODES x NODE_US stays under 2 ms. A forced-win look's
# moves (each under half a node) are not counted: Search.nodes is, and a match hashes it.
TICK_NODES = max(CHUNK.values())
NODE_US = 30
THINK_TICKS_MIN = 30


def think(pos: Position, level: str = SEARCH_LEVEL, seed: int = 0, memory: Memory | None = None) -> Thinking:
    """The computer's move for the side to move (a point index), CHUNK[level] nodes a
    slice; `memory`: that player's for this round, if it keeps one. The nodes it counts
    are Search.nodes (a match's state hash holds them while it thinks); a forced-win look
    pauses every 2 x CHUNK moves played, each under half a node."""
    return _searched(Search(pos, level, seed, memory=memory), CHUNK[level])


def _searched(search: Search, chunk: int) -> Thinking:
    yield from search.steps(chunk)
    return search.best


def choose_move(pos: Position, level: str = SEARCH_LEVEL, seed: int = 0, memory: Memory | None = None) -> int:
    """`think` run to the end."""
    return run_to_end(think(pos, level, seed, memory))


def random_move(pos: Position, rng: Rng) -> int:
    return rng.choice(pos.legal_moves())
