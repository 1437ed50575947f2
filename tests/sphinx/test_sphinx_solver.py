"""The solver against hand-checked end positions and an independent slow minimax."""

from functools import lru_cache

import pytest

from handheld.games.sphinx.ai.strong import StrongSearch
from handheld.games.sphinx.rules import Board, parse_moves
from handheld.games.sphinx.solver import OutOfNodes
from handheld.games.sphinx.solver import Solver, solve, solve_moves
from handheld.runtime.rng import Rng
from handheld.runtime.think import run_to_end


def slow_score(width: int, height: int, moves: list[int]) -> int:
    """Plain minimax on a list-of-columns board, sharing no code with the engine."""
    cols = [[] for _ in range(width)]
    for i, c in enumerate(moves):
        cols[c].append(i % 2)

    def owner(c, r):
        if 0 <= c < width and 0 <= r < len(cols[c]):
            return cols[c][r]
        return None

    def wins_at(c, r, p):
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            n = 1
            for sign in (1, -1):
                x, y = c + sign * dc, r + sign * dr
                while owner(x, y) == p:
                    n += 1
                    x, y = x + sign * dc, y + sign * dr
            if n >= 4:
                return True
        return False

    @lru_cache(maxsize=None)
    def value(key) -> int:
        stones = sum(len(col) for col in cols)
        if stones == width * height:
            return 0
        p = stones % 2
        best = None
        for c in range(width):
            if len(cols[c]) < height:
                cols[c].append(p)
                if wins_at(c, len(cols[c]) - 1, p):
                    v = (width * height + 2 - (stones + 1)) // 2
                else:
                    v = -value(tuple(tuple(col) for col in cols))
                cols[c].pop()
                if best is None or v > best:
                    best = v
        return best

    return value(tuple(tuple(col) for col in cols))


def random_position(rng: Rng, width: int, height: int, empties: int) -> Board | None:
    b = Board(width, height)
    while width * height - len(b.moves) > empties:
        if b.over:
            return None
        b.play(rng.choice(b.legal_moves()))
    return None if b.over else b


def test_hand_checked_end_positions():
    # X to move with a1 b1 c1 (O a2 b2 c2): d1 wins at once with the 7th stone
    assert solve_moves("112233", 7, 6) == (42 + 2 - 7) // 2 == 18
    assert solve_moves("112233", 7, 7) == (49 + 2 - 7) // 2 == 22
    assert solve_moves("112233", 4, 4) == (16 + 2 - 7) // 2 == 5


def test_double_threat_is_a_loss_for_the_side_to_move():
    # X b1 c1 d1 with a1 and e1 both open, O (g1 g2) to move: O blocks one end, X wins
    # at the other with the 7th stone
    b = parse_moves("27374", 7, 6)
    assert b.to_move == 1
    assert solve(b) == -((42 + 2 - 7) // 2) == -18


def test_win_in_one_for_the_second_player():
    # O holds g1 g2 g3 and is to move (X wasted its d-threat on f1): g4 is the 8th stone
    b = parse_moves("2737476", 7, 6)
    assert b.to_move == 1
    assert solve(b) == (42 + 2 - 8) // 2 == 18


def test_last_square_draw():
    b = parse_moves("132431421324314", 4, 4)   # one square left, the last drop draws
    assert b.legal_moves() == [1]
    assert solve(b) == 0


@pytest.mark.parametrize("width,height,count,low,high", [(7, 6, 14, 8, 12), (4, 4, 20, 6, 12)])
def test_agrees_with_slow_minimax_on_random_positions(width, height, count, low, high):
    rng = Rng(width * 1000 + height)
    checked = 0
    while checked < count:
        empties = rng.randint(low, high)
        b = random_position(rng, width, height, empties)
        if b is None:
            continue
        assert solve(b) == slow_score(width, height, b.moves), repr(b)
        checked += 1


def test_budget_raises_out_of_nodes():
    b = Board(7, 6)
    with pytest.raises(OutOfNodes):
        Solver(b.geo, budget=500).solve(b)


def test_best_move_reaches_the_score():
    rng = Rng(99)
    done = 0
    while done < 6:
        b = random_position(rng, 7, 6, rng.randint(9, 12))
        if b is None:
            continue
        solver = Solver(b.geo)
        score = solver.solve(b)
        gen = Solver(b.geo).best_move_steps(b)
        try:
            while True:
                next(gen)
        except StopIteration as stop:
            s2, col = stop.value
        assert s2 == score
        child = b.copy()
        child.play(col)
        if child.winner is not None:
            assert score == (42 + 2 - len(child.moves)) // 2
        elif child.full:
            assert score == 0
        else:
            assert -solve(child) == score
        done += 1


def test_agrees_with_slow_minimax_on_the_sphinx_board():
    rng = Rng(77)
    checked = 0
    while checked < 5:
        b = random_position(rng, 7, 7, rng.randint(7, 10))
        if b is None:
            continue
        assert solve(b) == slow_score(7, 7, b.moves), repr(b)
        checked += 1


# --- Allis' claimeven and baseinverse (solver._follower_result, _leader_result) against
# brute force and the plain solver ----

def _claimeven_positions(rng: Rng, width: int, height: int, empties: int):
    """Random positions where every column has an even number of empty squares."""
    while True:
        b = random_position(rng, width, height, empties)
        if b is None:
            continue
        geo = b.geo
        cur, mask = b.side_bits()
        if (mask + geo.bottom) & Solver(geo).upper_rows:
            continue
        if geo.wins(cur, mask) & (mask + geo.bottom) & geo.full:
            continue
        yield b


@pytest.mark.parametrize("width,height", [
    (5, 4), (4, 5), (5, 5), pytest.param(7, 6, marks=pytest.mark.slow), pytest.param(7, 7, marks=pytest.mark.slow)])
def test_claimeven_claims_hold_by_brute_force(width, height):
    """Where the rule speaks, the slow minimax agrees: the follower (the side
    not to move) draws at least, and wins when the rule says it does."""
    rng = Rng(width * 31 + height)
    spoke = wins = 0
    positions = _claimeven_positions(rng, width, height, 8)
    for _ in range(3000):
        b = next(positions)
        cur, mask = b.side_bits()
        claim = Solver(b.geo)._follower_result(cur ^ mask, cur, b.geo.full ^ mask, 0)
        if claim is None:
            continue
        truth = -slow_score(width, height, b.moves)         # for the follower
        assert truth >= (1 if claim == 1 else 0), repr(b)
        spoke += 1
        wins += claim
        if spoke == 40:
            break
    assert spoke == 40 and 0 < wins < 40


def quiet_position(rng: Rng, width: int, height: int, empties: int) -> Board | None:
    """Random play that never completes a four, down to `empties` empty squares
    (plain random games on 7 x 6 and 7 x 7 are mostly over long before)."""
    b = Board(width, height)
    while width * height - len(b.moves) > empties:
        quiet = []
        for col in b.legal_moves():
            after = b.copy()
            after.play(col)
            if not after.over:
                quiet.append(col)
        if not quiet:
            return None
        b.play(rng.choice(quiet))
    return b


@pytest.mark.parametrize("width,height", [
    (5, 4), (4, 5), (5, 5), pytest.param(7, 6, marks=pytest.mark.slow), pytest.param(7, 7, marks=pytest.mark.slow)])
def test_baseinverse_claims_hold_by_brute_force(width, height):
    """With one or more columns of an odd number of empty squares, where a rule
    speaks the slow minimax agrees: with an even number of them the side not to
    move draws at least (wins when the rule says so); with an odd number the
    side to move does, and so it does after the square the rule names."""
    rng = Rng(width * 17 + height)
    spoke = {"follower": [0, 0], "leader": [0, 0]}       # claims, of them wins
    for _ in range(100000):
        if min(claims for claims, _ in spoke.values()) >= 200:
            break
        b = quiet_position(rng, width, height, rng.randint(7, 9))
        if b is None:
            continue
        geo, solver = b.geo, Solver(b.geo)
        cur, mask = b.side_bits()
        possible = (mask + geo.bottom) & geo.full
        if geo.wins(cur, mask) & possible:
            continue
        empty, lows = geo.full ^ mask, possible & solver.upper_rows
        if not lows:
            continue                            # claimeven alone: the test above
        if lows.bit_count() % 2 == 0:
            claim = solver._follower_result(cur ^ mask, cur, empty, lows)
            if claim is None:
                continue
            assert -slow_score(width, height, b.moves) >= claim, repr(b)
            kind = "follower"
        else:
            led = solver._leader_result(cur, cur ^ mask, empty, lows, possible)
            if led is None:
                continue
            claim, square = led
            assert slow_score(width, height, b.moves) >= claim, repr(b)
            assert -slow_score(width, height, b.moves + [geo.column(square)]) >= claim, repr(b)
            kind = "leader"
        spoke[kind][0] += 1
        spoke[kind][1] += claim
    for kind, (claims, wins) in spoke.items():
        assert claims >= 200 and 0 < wins < claims, (kind, claims, wins)


def played_position(rng: Rng, width: int, height: int, empties: int) -> Board | None:
    """A position from a game of Strong (200 nodes a move) against itself after
    4 random plies, with a random move now and then: closer to the positions
    the Prover meets than random play, whose games are over early."""
    b = Board(width, height)
    while width * height - len(b.moves) > empties:
        if b.over:
            return None
        if len(b.moves) < 4 or rng.randint(0, 9) == 0:
            b.play(rng.choice(b.legal_moves()))
        else:
            b.play(StrongSearch(b, 200).run())
    return None if b.over else b


@pytest.mark.parametrize("width,height,empties,count", [
    (7, 7, 16, 20), (7, 6, 16, 20), (5, 5, 14, 20), (6, 5, 14, 20),
    pytest.param(7, 7, 24, 40, marks=pytest.mark.slow), pytest.param(7, 6, 24, 40, marks=pytest.mark.slow)])
def test_claimeven_solver_gives_the_plain_solvers_scores(width, height, empties, count):
    rng = Rng(width * 7 + height * 3 + empties)
    checked = plain_nodes = knowing_nodes = 0
    while checked < count:
        b = played_position(rng, width, height, rng.randint(empties - 4, empties))
        if b is None:
            continue
        plain, knowing = Solver(b.geo, knowledge=False), Solver(b.geo)
        assert knowing.solve(b) == plain.solve(b), repr(b)
        plain_nodes += plain.nodes
        knowing_nodes += knowing.nodes
        checked += 1
    assert knowing_nodes < plain_nodes


def test_result_is_the_sign_of_the_score():
    rng = Rng(123)
    seen = set()
    checked = 0
    while checked < 30:
        b = played_position(rng, 7, 6, rng.randint(10, 16))
        if b is None:
            continue
        score = solve(b)
        assert Solver(b.geo).result(b) == (score > 0) - (score < 0), repr(b)
        seen.add((score > 0) - (score < 0))
        checked += 1
    assert seen == {-1, 0, 1}


def test_a_child_proven_in_the_table_cuts_its_parent_at_once():
    # the side to move wins only with column 5, which the search's order does not
    # try first (without the cutoff: 212 nodes here, the others refuted one by one).
    # Once the position after 5 is proven lost for the opponent in the table,
    # "does the side to move win?" is answered at the parent, in one node
    # (enhanced transposition cutoff)
    b = parse_moves("3476214777144615741261252372155", 7, 7)
    solver = Solver(b.geo)
    cur, mask, n, _, _ = solver._root(b)
    after = b.copy()
    after.play(4)
    assert solver.result(after) == -1
    solver.nodes = 0
    assert run_to_end(solver._nega(cur, mask, n, 0, 1)) >= 1
    assert solver.nodes == 1
    assert Solver(b.geo).result(b) == 1
