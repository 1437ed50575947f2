"""The forced-win look (ai/forcing.py): what it claims is a win, the rules agree is one."""

from handheld.games.atom4 import ai
from handheld.games.atom4.ai.forcing import forced_win
from handheld.games.atom4.ai.threats import winning_move
from handheld.games.atom4.rules import Position, parse_move
from handheld.runtime.rng import Rng

# normal against atom4 4.1 at -d 2 (round 1, normal playing P1): P1 to move has no win in
# one, and no single threat wins, but a threat whose every block allows a second one does
TWO_THREATS = ("8,6 9,6 8,8 8,5 7,6 9,5 7,5 9,4 8,4 10,4 9,7 7,8 9,8 6,7 10,6 8,9 7,4 10,5 "
               "7,3 11,4 6,5 8,3")


def two_threats_position() -> Position:
    pos = Position(1)
    for m in TWO_THREATS.split():
        pos.play(parse_move(m))
    return pos


def result(gen, pauses: list | None = None):
    """Run a generator to its end; its return value (pauses: count the yields)."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
        if pauses is not None:
            pauses.append(1)


def wins_whatever_the_replies(pos: Position, me: int, move: int, depth: int) -> bool:
    """Play `move`, then every reply, then the move forced_win gives (one threat
    fewer), and so on: every line must end in a row that the rules give to `me`."""
    pos.play(move)
    try:
        if pos.winner is not None:
            return pos.winner == me
        for reply in pos.legal_moves():
            pos.play(reply)
            try:
                if pos.winner is not None:
                    if pos.winner != me:
                        return False
                    continue
                follow = result(forced_win(pos, depth - 1, 10**6))
                if follow < 0 or not wins_whatever_the_replies(pos, me, follow, depth - 1):
                    return False
            finally:
                pos.undo()
        return True
    finally:
        pos.undo()


def test_two_threats_win_where_one_does_not():
    pos = two_threats_position()
    assert pos.winner is None and winning_move(pos) == -1
    assert result(forced_win(pos, 1, 10**6)) == -1
    move = result(forced_win(pos, 2, 10**6))
    assert move >= 0
    assert wins_whatever_the_replies(pos, pos.player, move, 2)


def test_every_forced_win_found_in_seeded_games_is_one_by_the_rules():
    # easy mixed with random moves (a third), so that threats are left open; every
    # position without a win in one, from move 10 on (about 450 positions)
    found = needing_two = 0
    for game in range(6):
        rng = Rng(500 + game)
        pos = Position(1 + game % 6)
        while pos.winner is None:
            if len(pos.moves) > 10 and winning_move(pos) < 0:
                move = result(forced_win(pos, 3, 1500))
                if move >= 0:
                    found += 1
                    needing_two += result(forced_win(pos, 1, 10**6)) < 0
                    assert wins_whatever_the_replies(pos, pos.player, move, 3), pos.moves
            if rng.randrange(3):
                pos.play(ai.choose_move(pos, "easy", seed=rng.randrange(1 << 30)))
            else:
                pos.play(rng.choice(pos.legal_moves()))
    assert found >= 5 and needing_two >= 3


def test_the_position_is_given_back_as_it_was():
    pos = two_threats_position()
    board, moves, legal = list(pos.board), list(pos.moves), set(pos.legal)
    for budget in (3, 40, 10**6):           # cut off deep inside a line, and finished
        result(forced_win(pos, 3, budget))
        assert (pos.board, pos.moves, pos.legal) == (board, moves, legal)


def test_a_small_budget_gives_up_and_a_chunk_pauses_without_changing_the_answer():
    pos = two_threats_position()
    assert result(forced_win(pos, 3, 3)) == -1
    pauses = []
    assert result(forced_win(pos, 3, 10**6, chunk=5), pauses) == result(forced_win(pos, 3, 10**6))
    assert pauses


def test_normal_plays_the_forced_win_and_easy_does_not_look_for_one():
    pos = two_threats_position()
    search = ai.Search(pos, "normal", seed=11)
    result(search.steps())
    assert search.value >= ai.WIN // 2
    assert wins_whatever_the_replies(pos, pos.player, search.best, ai.FORCING["normal"][0])
    assert "easy" not in ai.FORCING
