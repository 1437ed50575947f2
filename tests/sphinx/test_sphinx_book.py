"""The opening book (handheld/games/sphinx/book.py): the shipped data, the C
search that builds it (book_solver.c) against solver.py, the builder, and
`sphinx solve` reading it."""

import logging
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from handheld.games.sphinx import book as book_module
from handheld.games.sphinx.book import (BOOK_PATH, BOOK_PLIES, Book, BookError, Entry, board_of, book,
                                        canonical_key, derive, mirror_moves, parse, positions, text_of)
from handheld.games.sphinx.ai.threats import ThreatSearch
from handheld.games.sphinx.book_build import main as build_main, run_solvers
from handheld.games.sphinx.rules import Board
from handheld.games.sphinx.solver import Solver

SOURCE = Path(book_module.__file__).with_name("book_solver.c")


@pytest.fixture(scope="module")
def c_solver(tmp_path_factory):
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("needs a C compiler: apt install gcc")
    exe = tmp_path_factory.mktemp("book") / "book_solver"
    subprocess.run([cc, "-O2", "-o", str(exe), str(SOURCE)], check=True)
    return str(exe)


def c_answers(exe, lines, table_bits=20):
    out = subprocess.run([exe, str(table_bits)], input="".join(m + "\n" for m in lines),
                         capture_output=True, text=True, check=True).stdout
    return [line.split() for line in out.splitlines()]


def random_positions(seed, count, stones):
    """`count` unfinished 7 x 7 positions with `stones` stones, none won at once by the side to move."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        board = Board(7, 7)
        for _ in range(stones):
            board.play(rng.choice(board.legal_moves()))
            if board.over:
                break
        if not board.over:
            found.append("".join(str(c + 1) for c in board.moves))
    return found


def result_of(moves, budget=0):
    return Solver(board_of(moves).geo, budget).result(board_of(moves))


def sample_by_result(seed, each, stones=(26, 30, 34, 38, 42)):
    """`each` random positions that the side to move wins, draws and loses
    (random play rarely draws: 1 in 30 at 34 stones), with `stones` stones by turns."""
    found = {1: [], 0: [], -1: []}
    for i in range(10_000):
        (moves,) = random_positions(seed * 10_000 + i, 1, stones[i % len(stones)])
        result = result_of(moves)
        if len(found[result]) < each:
            found[result].append(moves)
        if all(len(got) == each for got in found.values()):
            return found[1] + found[0] + found[-1]
    raise AssertionError("no sample")       # pragma: no cover


@pytest.mark.parametrize("seed,each,stones", [
    (11, 12, (26, 30, 34, 38, 42)),
    pytest.param(21, 40, (22, 24, 26), marks=pytest.mark.slow),     # 27 and fewer empty squares
])
def test_the_c_search_gives_the_python_solvers_result_and_a_column_that_keeps_it(c_solver, seed, each, stones):
    lines = sample_by_result(seed, each, stones)
    answers = c_answers(c_solver, lines)
    results = []
    for moves, fields in zip(lines, answers):
        assert fields[0] == moves and len(fields) == 5, fields
        result, column = int(fields[1]), int(fields[2])
        want = result_of(moves)
        assert result == want, (moves, result, want)
        results.append(result)
        if result >= 0:
            board = board_of(moves)
            board.play(column - 1)
            after = -1 if board.winner is not None else 0 if board.over else result_of(moves + str(column))
            assert -after == result, (moves, column)
        else:
            assert column == 0
    assert sorted(results) == [-1] * each + [0] * each + [1] * each


def test_the_c_search_refuses_what_is_not_a_position_and_gives_up_past_its_node_limit(c_solver):
    answers = c_answers(c_solver, ["44444444", "18", "1212121"])
    assert answers == [["44444444", "bad"], ["18", "bad"], ["1212121", "bad"]]
    out = subprocess.run([c_solver, "20", "1000"], input="4\n", capture_output=True, text=True).stdout
    moves, result, column, nodes, _ = out.split()
    assert (moves, result, column) == ("4", "?", "?") and int(nodes) == 1001    # stopped at once


def test_the_shipped_book_is_what_its_solved_positions_give():
    text = BOOK_PATH.read_text(encoding="utf-8")
    entries = parse(text)
    solved = [e for e in entries if e.nodes is not None]
    assert solved and all(len(e.moves) == BOOK_PLIES for e in solved)
    assert text == text_of(solved + derive(solved))
    keys = [canonical_key(e.moves) for e in entries]
    assert len(keys) == len(set(keys))          # one line a position


def test_every_derived_entry_plays_into_a_position_the_book_holds_for_the_opponent():
    shipped = book()
    derived = [e for e in shipped.entries if e.nodes is None]
    assert derived
    for e in derived:
        board = board_of(e.moves)
        children = {}
        for col in board.legal_moves():
            child = board.copy()
            child.play(col)
            children[col] = shipped.lookup(child)
        if e.result < 0:                        # lost: every move reaches a win for the opponent
            assert all(known is not None and known[0] == 1 for known in children.values()), e
        else:
            assert children[e.column] is not None and children[e.column][0] == -e.result, e
            # and no move does better, where the book knows
            assert all(known is None or -known[0] <= e.result for known in children.values()), e


def test_the_book_answers_for_every_move_order_and_the_mirror_image():
    entry = next(e for e in book().entries if len(e.moves) == 3 and e.column is not None
                 and e.moves[0] != e.moves[2] and e.moves[1] not in (e.moves[0], e.moves[2]))
    result, column = entry.result, entry.column
    assert book().lookup(board_of(entry.moves)) == (result, column)
    swapped = entry.moves[2] + entry.moves[1] + entry.moves[0]       # the same stones
    assert book().lookup(board_of(swapped)) == (result, column)
    assert book().lookup(board_of(mirror_moves(entry.moves))) == (result, 6 - column)
    assert book().lookup(Board(7, 6, [int(ch) - 1 for ch in entry.moves])) is None    # another board
    deeper = board_of(entry.moves)
    deeper.play(column)
    assert book().lookup(deeper) is None                                # past the book


def test_positions_are_counted_once_up_to_mirror_and_move_order():
    assert positions(0) == [""]
    assert positions(1) == ["1", "2", "3", "4"]
    assert len(positions(2)) == 25
    assert len(positions(3)) == 121


@pytest.mark.parametrize("line,fragment", [
    ("44 +1 - -", "COLUMN is '-' exactly when it is -1"),
    ("4 +2 1 -", "RESULT is +1, 0 or -1"),
    ("8 +1 1 -", "MOVES are columns 1..7"),
    ("4444444 +1 4 -", "column 4 cannot be played"),
    ("44 +0 4", "not MOVES RESULT COLUMN NODES"),
])
def test_a_bad_book_line_is_named(line, fragment):
    with pytest.raises(BookError) as caught:
        parse("# fine\n4 +1 4 -\n" + line + "\n")
    assert "book line 3" in str(caught.value) and fragment in str(caught.value)


def test_a_broken_shipped_book_is_left_out_with_a_warning_and_kept(tmp_path, monkeypatch, caplog):
    broken = tmp_path / "book.txt"
    broken.write_text("4 +1 9 -\n")
    monkeypatch.setattr(book_module, "BOOK_PATH", broken)
    book.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="handheld.sphinx"):
            empty = book()
        assert empty.lookup(board_of("4")) is None
        assert [r.getMessage().count("\n") for r in caplog.records] == [0]
        assert "sphinx opening book left out: book line 1" in caplog.text and "reinstall" in caplog.text
        assert broken.read_text() == "4 +1 9 -\n"
    finally:
        book.cache_clear()


def test_solve_answers_a_book_position_at_once_and_no_book_solves(capsys):
    from tests.sphinx.test_sphinx_cli import run

    lost = next(e for e in book().entries if e.result < 0)
    drawn = next((e for e in book().entries if e.result == 0), None)
    code, out, err = run(["solve", lost.moves], capsys)
    assert (code, out) == (0, "<= -1\n")
    assert err == ("handheld sphinx solve: from the opening book: a loss for the side to move, whatever "
                   "it plays; --no-book solves for the exact score\n")
    if drawn is not None:
        code, out, err = run(["solve", drawn.moves], capsys)
        assert (code, out) == (0, "0\n") and f"a draw for the side to move, column {drawn.column + 1} keeps it\n" in err
    code, out, _ = run(["solve", "--no-book", "--max-seconds", "0.3", lost.moves], capsys)
    assert code == 3                             # the solver cannot prove it in time


def _after_1_partly_known():
    """A book where after 1 the second player draws with 3, five moves lose, and 6 is not known."""
    known = [Entry(f"1{c}", 0 if c == 3 else 1, 3, 1) for c in (1, 2, 3, 4, 5, 7)]
    return known + derive(known)


def test_solve_starts_from_the_books_bound_where_it_holds_a_range(tmp_path, monkeypatch, capsys):
    from tests.sphinx.test_sphinx_cli import run

    partial = tmp_path / "book.txt"
    partial.write_text(text_of(_after_1_partly_known()))
    monkeypatch.setattr(book_module, "BOOK_PATH", partial)
    book.cache_clear()
    try:
        code, out, err = run(["solve", "--max-seconds", "0.3", "1"], capsys)
        assert (code, out) == (3, ">= +0\n")
        assert err.startswith("handheld sphinx solve: from the opening book: at least a draw for the side to "
                              "move, column 3 assures it; solving for the rest (up to --max-seconds 0.3)\n")
        assert err.endswith("best proven bound: >= +0\n")
        code, out, _ = run(["solve", "--no-book", "--max-seconds", "0.3", "1"], capsys)
        assert (code, out) == (3, "unknown\n")
    finally:
        book.cache_clear()


def test_the_range_a_book_holds_for_a_position_it_does_not_decide():
    partial = Book(_after_1_partly_known())
    assert partial.result_range(board_of("1")) == (0, 1, 2)
    assert partial.result_range(board_of("7")) == (0, 1, 4)        # the mirror image: column 5
    assert partial.result_range(board_of("13")) is None            # held exactly: lookup answers it
    assert partial.lookup(board_of("1")) is None
    assert partial.result_range(board_of("2")) is None             # nothing known after 2


def test_the_builder_adds_solver_lines_derives_and_starts_where_it_stopped(tmp_path, capsys):
    target = tmp_path / "book.txt"
    lines = tmp_path / "run.txt"
    lines.write_text("334 -1 0 336652231 83.6\n"     # after 33, column 4 leaves the opponent lost
                     "424 -1 0 38296631 9.9\n"
                     "444 ? ? 3000000001 700.0\n")
    assert build_main(["--book", str(target), "--add", str(lines)]) == 0
    out = capsys.readouterr().out
    assert "left out: 444 ? ?" in out and "book: 2 positions solved, 1 left out" in out
    shipped = Book(parse(target.read_text()))
    assert shipped.lookup(board_of("33")) == (1, 3)
    assert shipped.lookup(board_of("55")) == (1, 3)             # the mirror image of 33
    assert shipped.lookup(board_of("42")) == (1, 3)
    before = target.read_text()
    assert build_main(["--book", str(target), "--add", str(lines)]) == 0
    assert target.read_text() == before                         # nothing new, nothing lost
    target.write_text("junk\n")
    assert build_main(["--book", str(target), "--add", str(lines)]) == 2
    assert "fix or remove" in capsys.readouterr().err and target.read_text() == "junk\n"


def test_the_builder_runs_its_positions_across_solver_jobs(c_solver):
    todo = random_positions(5, 6, 30)
    got = [line.split() for line in run_solvers(c_solver, todo, 2, 18, 10**9)]
    assert sorted(fields[0] for fields in got) == sorted(todo)
    assert all(fields[1] in ("1", "0", "-1") for fields in got)


def test_the_keeping_columns_are_the_moves_that_reach_the_books_result():
    shipped = book()
    checked = 0
    for e in shipped.entries:
        kept = shipped.keeping_columns(board_of(e.moves))
        if kept is None:
            continue
        checked += 1
        best, columns = kept
        assert best == e.result and (e.column is None or e.column in columns), e
        board = board_of(e.moves)
        for col in board.legal_moves():
            board.play(col)
            reached = -shipped.lookup(board)[0]
            board.undo()
            assert (col in columns) == (reached == best), (e, col)
    assert checked >= 21
    assert shipped.keeping_columns(board_of("444")) is None        # its moves are past the book
    lacking = Book([e for e in shipped.entries if e.moves != "44"])
    assert lacking.keeping_columns(board_of("4")) is None           # one move's position is unknown


def _book_where_only_column_1_wins_at_once():
    """A made-up book for the empty board: a first stone in column 1 wins,
    every other first stone loses (a real 7 x 7 book says otherwise)."""
    return Book([Entry("1", -1, None), *(Entry(str(c), 1, 3) for c in range(2, 5))])


def test_prover_searches_only_the_moves_the_book_keeps(monkeypatch):
    from handheld.games.sphinx.ai import PerfectInfo, prover
    info = PerfectInfo()
    empty = Board(7, 7)
    plain = prover.prover_steps(empty, 2_000, 0, None)
    assert _finish(plain) == 3                                       # its own search plays the centre
    monkeypatch.setattr(prover, "book", _book_where_only_column_1_wins_at_once)
    assert _finish(prover.prover_steps(empty, 2_000, 0, info)) in (0, 6)   # column 1 or its mirror
    assert info.bound == 1


def test_prover_keeps_its_own_move_where_the_book_says_it_keeps_the_result():
    from handheld.games.sphinx.ai import prover
    board = board_of("25")
    assert book().keeping_columns(board) == (1, [3, 4])        # 4 and 5 both win
    # a search over only those two plays 5, which PROVER then lost on seed 332 moving first
    assert ThreatSearch(board, prover.EARLY_SCALE * prover.PROVER_NODES, 0, [3, 4]).run() == 4
    assert _finish(prover.prover_steps(board, prover.PROVER_NODES, 0, None)) == 3


@pytest.mark.parametrize("moves, searched, played", [
    ("3", 2, 3),        # 33 loses for PROVER, 34 draws
    ("75", 2, 4),       # 753 loses (135, its mirror image, wins for the side to move), 755 wins
    ("16", 3, 6),       # 164 loses (the opponent wins, 997 M nodes), 167 draws (the same position as 127)
])
def test_prover_plays_the_books_result_where_its_search_plays_a_loss(moves, searched, played):
    from handheld.games.sphinx.ai import prover
    board = board_of(moves)
    best, kept = book().keeping_columns(board)
    assert book().move_results(board)[searched] == -1 and played in kept
    assert ThreatSearch(board, prover.EARLY_SCALE * prover.PROVER_NODES, 0).run() == searched
    assert _finish(prover.prover_steps(board, prover.PROVER_NODES, 0, None)) == played


@pytest.mark.parametrize("moves, wins", [
    ("12", [4]),        # 124 draws, 125 wins
    ("21", [4, 6]),     # 214 draws, 215 and 217 win (217 is the same position as 176)
])
def test_prover_keeps_its_searchs_draw_where_the_book_knows_a_win(moves, wins):
    """Playing the book's win after 21 lost all six sample games that reach it with
    PROVER moving first against STRONG, which its search's draw had won (docs/sphinx.md)."""
    from handheld.games.sphinx.ai import prover
    board = board_of(moves)
    assert book().keeping_columns(board) == (1, wins) and book().move_results(board)[3] == 0
    assert _finish(prover.prover_steps(board, prover.PROVER_NODES, 0, None)) == 3


def test_a_search_told_to_look_only_at_moves_that_lose_at_once_looks_at_the_others():
    board = board_of("4221124")               # a stone in column 3 lets the first player win above it
    assert ThreatSearch(board, 2_000, 0, [2]).run() == ThreatSearch(board, 2_000, 0).run() != 2
    assert ThreatSearch(board, 2_000, 0, [2, 6]).run() == 6
    assert ThreatSearch(board_of(""), 2_000, 0, [0]).run() == 0


def _finish(steps):
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        return stop.value


def _solved(*lines):
    return [Entry(m, r, c, 1) for m, r, c in lines]


def test_a_result_is_derived_from_what_is_known_of_each_move_even_where_some_are_not_known():
    def root(solved):
        return [e for e in derive(solved) if e.moves == ""]

    assert root(_solved(("4", -1, None))) == [Entry("", 1, 3)]            # one move that wins is enough
    draws = _solved(("4", 0, 3), ("3", 1, 3))
    assert root(draws) == []                                              # 1 or 2 might win
    assert root(draws + _solved(("1", 1, 3), ("2", 1, 3))) == [Entry("", 0, 3)]
    # after 1 the second player draws with 4 and may do better with 6: 1 is not known,
    # yet it is known that the first player gets at most a draw by it, so the root is a draw
    after_1 = _solved(*((f"1{c}", 0 if c == 4 else 1, 3) for c in (1, 2, 3, 4, 5, 7)))
    derived = derive(after_1 + _solved(("2", 1, 3), ("3", 0, 3), ("4", 0, 3)))
    assert [e for e in derived if e.moves in ("", "1")] == [Entry("", 0, 3)]
