import pytest

from handheld.games.sphinx import GAME, ai
from handheld.games.sphinx.ai.strong import StrongSearch
from handheld.games.sphinx.rules import Board, parse_moves
from handheld.games.sphinx.ai.prover import EARLY_SCALE, SOLVE_EMPTIES, WIN_EMPTIES
from handheld.games.sphinx.ai.threats import ThreatSearch
from handheld.games.sphinx.selfplay import play_game, strength
from handheld.games.sphinx.solver import Solver, solve
from handheld.runtime.rng import Rng
from handheld.runtime.think import run_to_end


def test_strong_takes_a_win_in_one_and_blocks_one():
    b = parse_moves("112233", 7, 7)
    assert ai.choose(b, "strong", Rng(0)) == 3          # X wins on d1
    b = parse_moves("1122336", 7, 7)
    assert ai.choose(b, "strong", Rng(0)) == 3          # O must block d1
    b = parse_moves("17171", 7, 7)
    assert ai.choose(b, "strong", Rng(0)) == 0          # O blocks the a column


def test_strong_prefers_its_own_win_to_a_block():
    b = Board(7, 7)
    for col in [0, 0, 1, 1, 2, 2, 6, 5, 6, 5, 4, 5]:
        b.play(col)
    assert ai.choose(b, "strong", Rng(0)) == 3


def test_strong_never_misses_a_win_or_a_block_and_never_plays_under_a_threat():
    rng = Rng(21)
    seen = {"win": 0, "block": 0, "under": 0}
    for _ in range(60):
        b = Board(7, 7)
        for _ in range(rng.randint(6, 30)):
            if b.over:
                break
            b.play(rng.choice(b.legal_moves()))
        if b.over:
            continue
        geo = b.geo
        cur, mask = b.side_bits()
        playable = (mask + geo.bottom) & geo.full
        mine = geo.wins(cur, mask) & playable
        theirs_all = geo.wins(cur ^ mask, mask)
        theirs = theirs_all & playable
        col = ai.choose(b, "strong", rng, 500)
        landing = geo.bit(col, b.column_height(col))
        if mine:
            seen["win"] += 1
            assert landing & mine
        elif theirs:
            seen["block"] += 1
            assert landing & theirs
        elif any(not (geo.bit(c, b.column_height(c)) << 1) & theirs_all for c in b.legal_moves()):
            if (landing << 1) & theirs_all:
                raise AssertionError(f"{b!r}: played under an enemy four")
            seen["under"] += 1 if any((geo.bit(c, b.column_height(c)) << 1) & theirs_all
                                      for c in b.legal_moves()) else 0
    assert seen["win"] >= 3 and seen["block"] >= 3 and seen["under"] >= 1, seen


def test_strong_finds_a_forced_win_and_is_deterministic():
    # X to move, X b1 c1 open both ends: d1 or a1 makes a double threat on the bottom row
    b = parse_moves("2636", 7, 7)
    search = StrongSearch(b, 4000)
    col = search.run()
    assert col in (0, 3) and search.value > 900_000
    assert StrongSearch(b, 4000).run() == col


def test_sliced_search_gives_the_same_move_as_a_whole_one():
    b = parse_moves("4453435", 7, 7)
    whole = ai.choose(b, "strong", Rng(0), 2000)
    col, slices = _run_counting_slices(ai.think(b, "strong", Rng(0), 2000, slice_nodes=50))
    assert col == whole
    assert slices >= 2000 // 50 - 1


def _run_counting_slices(gen):
    """(the column a thinker returns, how many times it yielded)."""
    slices = 0
    try:
        while True:
            next(gen)
            slices += 1
    except StopIteration as stop:
        return stop.value, slices


def test_perfect_plays_a_proven_best_move_in_the_endgame():
    rng = Rng(4)
    checked = 0
    while checked < 4:
        b = Board(7, 6)
        while len(b.moves) < 30 and not b.over:
            b.play(rng.choice(b.legal_moves()))
        if b.over:
            continue
        info = ai.PerfectInfo()
        col = run_to_end(ai.think(b, "perfect", rng, 50_000, info=info))
        score = solve(b)
        child = b.copy()
        child.play(col)
        got = (42 + 2 - len(child.moves)) // 2 if child.winner is not None else 0 if child.full else -solve(child)
        assert got == score
        checked += 1


def test_perfect_falls_back_to_strong_when_it_cannot_prove():
    b = parse_moves("44", 7, 7)
    info = ai.PerfectInfo()
    col = run_to_end(ai.think(b, "perfect", Rng(0), 300, info=info))
    assert info.proven is False
    assert col == ai.choose(b, "strong", Rng(0), 300)


def _score_after(board, col):
    """Exact score of playing `col`, for the side that plays it."""
    child = board.copy()
    child.play(col)
    if child.winner is not None:
        return (board.geo.cells + 2 - len(child.moves)) // 2
    return 0 if child.full else -solve(child)


def test_prover_keeps_the_win_on_5x4_after_5():
    """The issue's case: `solve` says +1 and column 4 (index 3) is the only win;
    the old player fell back to a drawing move. Given the nodes to prove it, the
    Prover plays the win; with fewer it plays Strong's move, not a proof of a draw."""
    b = parse_moves("5", 5, 4)
    assert solve(b) == 1 and [c for c in range(5) if _score_after(b, c) >= 1] == [3]
    info = ai.PerfectInfo()
    assert run_to_end(ai.think(b, "perfect", Rng(0), 50_000, info=info)) == 3
    assert info.proven or info.bound == 1
    info = ai.PerfectInfo()
    col = run_to_end(ai.think(b, "perfect", Rng(0), 2_000, info=info))
    assert info.bound is None and col == ai.choose(b, "strong", Rng(0), 2_000)


def min_stones(width, height):
    """Fewest stones for which `solve` (the checker) is quick on this size."""
    return max(0, width * height - 20)


def _random_positions(rng, count, sizes):
    out = []
    while len(out) < count:
        w, h = sizes[len(out) % len(sizes)]
        b = Board(w, h)
        low = min_stones(w, h)
        depth = low + rng.randrange(w * h - 2 - low)
        while len(b.moves) < depth and not b.over:
            b.play(rng.choice(b.legal_moves()))
        if not b.over:
            out.append(b)
    return out


def _check_prover_never_gives_away_a_proven_result(positions, budget):
    kept = {"exact": 0, "win": 0, "draw": 0, "strong": 0}
    for b in positions:
        info = ai.PerfectInfo()
        col = run_to_end(ai.think(b, "perfect", Rng(1), budget, info=info))
        got = _score_after(b, col)
        if info.proven:
            assert got == info.score == solve(b), b.render()
            kept["exact"] += 1
        elif info.bound is not None:
            assert got >= info.bound and solve(b) >= info.bound, b.render()
            kept["win" if info.bound == 1 else "draw"] += 1
        else:
            kept["strong"] += 1
    return kept


def test_prover_never_gives_away_a_proven_win_or_draw_smoke():
    positions = _random_positions(Rng(31), 24, [(5, 4), (6, 4), (7, 6)])
    kept = _check_prover_never_gives_away_a_proven_result(positions, 3_000)
    assert kept["exact"] >= 6 and sum(kept.values()) == 24


@pytest.mark.slow
def test_prover_never_gives_away_a_proven_win_or_draw_on_200_positions():
    positions = _random_positions(Rng(32), 200, [(5, 4), (6, 4), (7, 6)])
    kept = _check_prover_never_gives_away_a_proven_result(positions, ai.DEFAULT_BUDGETS["perfect"])
    assert sum(kept.values()) == 200 and kept["exact"] >= 60


def test_perfect_does_not_lose_to_classic():
    r = play_game("classic", "perfect", 0)
    assert r["winner"] == 1


def test_selfplay_is_deterministic_for_a_seed():
    a = GAME.selfplay(11)
    b = GAME.selfplay(11)
    assert a == b
    assert a["winner"] in ("sphinx", "pyramid", "draw") and a["turns"] == len(a["moves"])
    # both computers are deterministic; the demo's opening column comes from the seed
    assert len({GAME.selfplay(seed)["moves"] for seed in (12, 13, 14)} | {a["moves"]}) >= 3
    # the scene thinks in slices across ticks, yet picks exactly the headless moves
    assert a["ticks"] > 30 * a["turns"]
    assert play_game("strong", "classic", 11)["moves"] == a["moves"]


def test_strength_smoke_same_code_path():
    r = strength(4, seed=0)
    assert (r["wins"], r["games"]) == (4, 4)
    assert r["first_wins"] == 2 and r["second_wins"] == 2      # sides alternate
    assert strength(4, seed=0) == r                            # deterministic for a seed


def test_strength_openings_make_the_games_differ():
    boards = set()
    for seed in range(4):
        r = strength(1, seed=seed, level="classic", vs="classic", opening=2)
        boards.add((r["wins"], r["losses"], r["draws"], tuple(r["not_won_seeds"])))
    plain = play_game("classic", "classic", 0)["moves"]
    assert plain == play_game("classic", "classic", 1)["moves"]   # why openings are needed
    assert strength(1, seed=0, level="classic", vs="classic", opening=0)["games"] == 1


def test_strength_both_sides_plays_each_opening_from_either_side():
    played: list = []
    r = strength(4, seed=70, level="strong", vs="classic", played=played, both_sides=True)
    openings = [tuple(cols[:2]) for cols, _ in played]
    assert openings[0] == openings[1] and openings[2] == openings[3] and openings[0] != openings[2]
    assert [seat for _, seat in played] == [0, 1, 0, 1]     # STRONG first, then second, per opening
    assert sum(r["by_side"]["first"]) == sum(r["by_side"]["second"]) == 2


@pytest.mark.slow
def test_strength_full_match():
    r = strength(100, seed=0)
    assert r["wins"] >= 90, r


def test_threat_parity_rows():
    from handheld.games.sphinx.ai.strong import good_threat_rows
    from handheld.games.sphinx.rules import geometry

    for w, h in ((7, 6), (7, 7), (4, 4)):
        geo = geometry(w, h)
        good0, good1 = good_threat_rows(geo)
        rows0 = {r for r in range(h) if good0 & geo.bit(0, r)}
        # the square under row r is move number cells - height + r: with 7x6, 7x7 and 4x4
        # that number is even exactly on even rows, so player 0 wants threats there
        assert rows0 == {r for r in range(h) if r % 2 == 0}
        assert good0 & good1 == 0 and good0 | good1 == geo.full
    geo = geometry(4, 5)     # 20 - 5 + r is even on odd rows: the parity flips
    assert {r for r in range(5) if good_threat_rows(geo)[0] & geo.bit(0, r)} == {1, 3}


def test_prover_moving_second_does_not_lose_to_strong():
    r = play_game("strong", "perfect", 0)
    assert r["winner"] != 0          # a draw from the empty board (seed 0), as measured


def test_prover_searches_deeper_early_in_slices_a_tick_can_afford():
    from handheld.games.sphinx.match import SLICE_NODES

    assert ai.DEFAULT_BUDGETS["perfect"] == 10 * ai.DEFAULT_BUDGETS["strong"]
    # ~7 us a node here and 8-10x that on a Pi: at most ~300 nodes (~2 ms here) a tick
    assert SLICE_NODES * ai.SLICE_SCALE["perfect"] <= 300
    b = parse_moves("4453", 7, 7)
    col, slices = _run_counting_slices(ai.think(b, "perfect", Rng(0), 2_000, 200))
    # before the solver's reach, the search gets EARLY_SCALE times the budget
    assert col == ThreatSearch(b, 2_000 * EARLY_SCALE).run() and 25 <= slices <= 31
    deep = parse_moves("44433434", 7, 7)            # column 3 wins here, column 1 loses
    assert ThreatSearch(deep, ai.DEFAULT_BUDGETS["perfect"]).run() == 0
    assert ai.choose(deep, "perfect", Rng(0)) == 2


def test_prover_proves_a_win_with_34_empty_squares():
    """From a Strong-vs-Strong game: 34 empty squares, a win for the side to
    move (3, 4 and 5 win; 1 and 7 lose). The solver gets 3 x 40,000 nodes here
    and proves it; the move it plays keeps the win."""
    b = parse_moves("342654535544334", 7, 7)
    assert b.geo.cells - len(b.moves) == SOLVE_EMPTIES == 34
    info = ai.PerfectInfo()
    col = run_to_end(ai.think(b, "perfect", Rng(0), info=info))
    assert info.proven or info.bound == 1
    assert _score_after(b, col) >= 1


def test_prover_does_not_play_the_searchs_losing_move_where_it_cannot_prove_the_root():
    """Seed 9101 of docs/sphinx.md's run: a draw with 30 empty squares that
    120,000 nodes cannot prove (265,000 can). The search plays column 3 (index
    2), which loses in 25,725 nodes of the solver; the Prover checks the
    search's move, finds that, and plays one it cannot refute (4, the draw)."""
    b = parse_moves("6147463534455422255", 7, 7)
    assert ThreatSearch(b, ai.DEFAULT_BUDGETS["perfect"]).run() == 2 and _score_after(b, 2) < 0
    info = ai.PerfectInfo()
    col = run_to_end(ai.think(b, "perfect", Rng(0), info=info))
    assert not info.proven and info.bound is None
    assert _score_after(b, col) == 0


def test_prover_checks_the_searchs_move_with_the_nodes_a_refutation_takes():
    """Seed 9111 of docs/sphinx.md's run (and 9113, 9114: the same game): a win
    with 34 empty squares that needs 325,000 nodes to prove. The search plays
    column 3 (index 2), after which the opponent wins (128,983 nodes to show);
    the Prover's check has 160,000 and plays 2, which wins (`handheld sphinx
    solve 6544544532525422` is a loss for the side to move, 452,887 nodes)."""
    b = parse_moves("654454453252542", 7, 7)
    assert ThreatSearch(b, ai.DEFAULT_BUDGETS["perfect"]).run() == 2
    after = b.copy()
    after.play(2)
    assert Solver(b.geo).result(after) == 1
    assert run_to_end(ai.think(b, "perfect", Rng(0))) == 1


def test_prover_wins_where_baseinverse_brings_the_proof_within_its_nodes():
    """Two wins PROVER gave away at play version 6 (docs/sphinx.md): seed 9301,
    30 empty squares, which the solver with claimeven alone proves in 169,771
    nodes, more than the Prover's 120,000 (93,355 with baseinverse), and seed
    9109, 34 empty squares, where the search's move loses and the check could
    not refute it in its 160,000 nodes. Each move played now wins."""
    for moves in ("3342656343356613155", "234434435636346"):
        b = parse_moves(moves, 7, 7)
        after = b.copy()
        after.play(run_to_end(ai.think(b, "perfect", Rng(0))))
        assert Solver(b.geo).result(after) == -1, moves       # the side left to move loses


def test_prover_and_strong_smoke_one_opening_each_side():
    r = strength(2, seed=40, level="perfect", vs="strong")
    assert sum(r["by_side"]["first"]) == sum(r["by_side"]["second"]) == 1
    # moving first it wins; moving second (seed 41: 4 3, STRONG 5) it starts from a lost
    # position (a C port of solver.py's search proved `435` lost for the side to move in 1.8 G nodes)
    assert r["by_side"]["first"] == [1, 0, 0]


@pytest.mark.slow
def test_prover_40_games_against_strong_and_classic():
    """The long match behind docs/sphinx.md's table, on seeds the measurement
    there does not use. Issue 50's goal, no loss to STRONG or CLASSIC, is reached
    moving first only: this pins what was measured, not the goal."""
    against_strong = strength(40, seed=300, level="perfect", vs="strong")
    assert against_strong["wins"] >= 3 * against_strong["losses"], against_strong   # 35-4-1 at play versions 6-9
    assert against_strong["by_side"]["first"][1] == 0, against_strong               # 20-0-0 moving first
    against_classic = strength(40, seed=300, level="perfect", vs="classic")
    # 39-0-1 at play versions 6-8 (seed 305 drawn), 38-1-1 at version 9. At versions 5 and 9
    # seed 327 is lost: moving second, it plays column 2 after 711433433, a won position
    # (the C port in docs/sphinx.md: 1, 3 and 4 win); versions 6-8 play the same move but
    # CLASSIC errs later in a line that parts from version 9's at move 16, lost for both
    # (version 9 proves every move there lost and plays the search's, version 8 did not)
    assert against_classic["losses"] <= 1 and against_classic["by_side"]["first"][1] == 0, against_classic


def test_prover_proves_the_wins_it_gave_away_before_the_solvers_range():
    """The three wins PROVER gave away at play version 7 (docs/sphinx.md), before
    SOLVE_EMPTIES: seeds 9107 and 9305 at 35 empty squares, which the solver
    takes 195,000 and 187,000 nodes to prove (149,403 and 133,995 since the
    transposition cutoff of version 9; the search plays 1 and 7, draws:
    922,126 and 836,600 nodes to show), and seed 9216 at 37, 16,632 nodes
    (14,306; the search plays 2, a loss). From WIN_EMPTIES empty squares on PROVER looks for
    a proven win with WIN_SCALE x 40,000 nodes first, and plays it."""
    for moves in ("67434434633446", "21454454255442", "154432254553"):
        b = parse_moves(moves, 7, 7)
        assert SOLVE_EMPTIES < b.geo.cells - len(b.moves) <= WIN_EMPTIES
        info = ai.PerfectInfo()
        after = b.copy()
        after.play(run_to_end(ai.think(b, "perfect", Rng(0), info=info)))
        assert info.bound == 1 and Solver(b.geo).result(after) == -1, moves   # the side left to move loses
