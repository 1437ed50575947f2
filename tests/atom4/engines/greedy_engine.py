"""A tiny external Atom-4 engine for the `strength --vs` tests: it speaks the
line protocol of docs/atom4.md, takes a win in one when it has one and
otherwise plays a legal spot picked with the seed it is sent.

    python greedy_engine.py [--bad MODE]

--bad illegal|garbage|quit makes it misbehave on its first move (to test
how `handheld atom4 strength` reports a broken engine).
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from handheld.games.atom4.rules import Position, format_move, parse_move  # noqa: E402


def answer(line: str) -> str:
    words = line.split()
    pos = Position(int(words[1]))
    rng = random.Random(int(words[2]))
    for text in words[3:]:
        pos.play(parse_move(text))
    moves = pos.legal_moves()
    for m in moves:
        pos.play(m)
        won = pos.winner == 3 - pos.player if pos.winner != "draw" else False
        pos.undo()
        if won:
            return format_move(m)
    return format_move(rng.choice(moves))


def main() -> None:
    bad = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--bad" else None
    for line in sys.stdin:
        if line.strip() == "quit":
            break
        if bad == "quit":
            return
        if bad == "garbage":
            print("hello", flush=True)
            continue
        if bad == "illegal":
            print("0,0", flush=True)
            continue
        print(answer(line), flush=True)


if __name__ == "__main__":
    main()
