"""Build or extend the Sphinx's opening book (book.txt) with the C search.

    make sphinx-book ARGS="--jobs 2"
    python -m handheld.games.sphinx.book_build --solver build/book_solver [--jobs N]
        [--max-nodes N] [--table-bits B] [--book PATH] [--add FILE]

Every position with BOOK_PLIES stones (up to mirror image) that the book
does not hold yet is given to the solver, centre-heavy positions first, in
`--jobs` processes; a position past `--max-nodes` is left out and reported.
The book is rewritten, atomically, after every position decided, with what
follows from it for the positions with fewer stones (book.derive), so a run
can be stopped at any time and started again where it left off. `--add`
takes the solver's output lines from a run made by hand instead.
"""

from __future__ import annotations

import argparse
import selectors
import subprocess
import sys
import time
from pathlib import Path

from handheld.base.atomic import atomic_write
from handheld.games.sphinx.book import (BOOK_PATH, BOOK_PLIES, BookError, Entry, canonical_key,
                                        derive, parse, positions, text_of)

DEFAULT_MAX_NODES = 3_000_000_000      # about 10 minutes of one core here
DEFAULT_TABLE_BITS = 26                # 2^26 slots of 16 bytes: 1 GiB a job


def solver_line(line: str) -> Entry | None:
    """An Entry from a solver output line (`MOVES RESULT COLUMN NODES SECONDS`),
    None for a position past the node limit; ValueError for anything else."""
    fields = line.split()
    if len(fields) != 5:
        raise ValueError(f"not a solver line: {line.strip()!r}")
    moves, result, column, nodes, _seconds = fields
    if result == "?":
        return None
    r = int(result)
    return Entry(moves, r, int(column) - 1 if r >= 0 else None, int(nodes))


def centre_first(moves: str) -> tuple[int, str]:
    return sum(abs(int(ch) - 4) for ch in moves), moves


def solved_entries(path: Path) -> list[Entry]:
    if not path.exists():
        return []
    return [e for e in parse(path.read_text(encoding="utf-8")) if e.nodes is not None]


def save(path: Path, solved: list[Entry]) -> None:
    atomic_write(path, text_of(solved + derive(solved)))


def run_solvers(solver: str, todo: list[str], jobs: int, table_bits: int, max_nodes: int):
    """Yield each solver output line as it comes, from `jobs` processes sharing `todo`."""
    procs = []
    sel = selectors.DefaultSelector()
    try:
        for j in range(jobs):
            share = todo[j::jobs]
            if not share:
                continue
            proc = subprocess.Popen([solver, str(table_bits), str(max_nodes)], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, text=True)
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write("".join(m + "\n" for m in share))
            proc.stdin.close()
            procs.append(proc)
            sel.register(proc.stdout, selectors.EVENT_READ)
        open_pipes = len(procs)
        while open_pipes:
            for key, _ in sel.select():
                line = key.fileobj.readline()      # type: ignore[union-attr]
                if not line:
                    sel.unregister(key.fileobj)
                    open_pipes -= 1
                    continue
                yield line
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m handheld.games.sphinx.book_build",
                                description="extend the Sphinx's opening book with the C search")
    p.add_argument("--solver", default="build/book_solver", help="the compiled book_solver.c (make sphinx-book)")
    p.add_argument("--jobs", type=int, default=1, help="solver processes side by side (default 1)")
    p.add_argument("--max-nodes", type=int, default=DEFAULT_MAX_NODES,
                   help=f"leave out a position past this many nodes (default {DEFAULT_MAX_NODES:,})")
    p.add_argument("--table-bits", type=int, default=DEFAULT_TABLE_BITS,
                   help=f"log2 of each job's table slots, 16 bytes each (default {DEFAULT_TABLE_BITS}: 1 GiB)")
    p.add_argument("--book", type=Path, default=BOOK_PATH, help="the book to extend (default: the shipped one)")
    p.add_argument("--add", type=Path, help="only add the decided lines of this solver output file")
    args = p.parse_args(argv)
    try:
        solved = solved_entries(args.book)
    except BookError as e:
        print(f"book_build: error: {e}; fix or remove {args.book}", file=sys.stderr)
        return 2
    have = {canonical_key(e.moves) for e in solved}
    if args.add:
        lines = args.add.read_text(encoding="utf-8").splitlines()
    else:
        if args.jobs < 1:
            print("book_build: error: --jobs must be at least 1", file=sys.stderr)
            return 2
        if not Path(args.solver).exists():
            print(f"book_build: error: no solver at {args.solver}; build it with `make sphinx-book` "
                  f"or give --solver", file=sys.stderr)
            return 2
        todo = sorted((m for m in positions(BOOK_PLIES) if canonical_key(m) not in have), key=centre_first)
        print(f"{len(have)} positions of {BOOK_PLIES} stones in the book, {len(todo)} to go "
              f"in {args.jobs} jobs", flush=True)
        lines = run_solvers(args.solver, todo, args.jobs, args.table_bits, args.max_nodes)
    t0 = time.monotonic()
    left_out = 0
    for line in lines:
        entry = solver_line(line)
        if entry is None:
            left_out += 1
            print(f"left out: {line.strip()}", flush=True)
            continue
        if canonical_key(entry.moves) in have:
            continue
        have.add(canonical_key(entry.moves))
        solved.append(entry)
        save(args.book, solved)
        print(f"{entry.line()}  ({time.monotonic() - t0:.0f} s, {len(solved)} solved)", flush=True)
    print(f"book: {len(solved)} positions solved, {left_out} left out past the node limit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
