"""The forced-win look (ai/forcing.py): what it claims is a win, the rules agree is one."""

from handheld.games.atom4 import ai
from handheld.games.atom4.ai.forcing import Looks, forced_win
from handheld.games.atom4.ai.threats import win_targets, winning_move
from handheld.games.atom4.rules import ORDER, Position, index, parse_move
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


# normal (P2) against atom4 4.1 at -d 2, round 6: the search's choice here lets P1
# force a win by threats; the look after the search plays another of its best moves
LOSING_CHOICE = ("8,8 9,8 8,9 9,7 10,8 9,9 9,6 10,7 9,10 8,6 10,6 8,10 10,10 10,9 7,9 9,11 "
                 "11,8 8,11 11,10 9,5 7,11 10,11 7,10 7,8 11,6 6,9 9,12 10,5 11,7 10,12 6,11 "
                 "11,9 11,11 8,12 8,5 12,10 7,12 8,13 6,7 7,13 8,14 7,6 10,4 11,5 6,12 6,10 12,6 "
                 "5,11 9,13 12,5 5,12 9,14 11,4 6,13 4,11 7,14 7,15 12,4 6,14 8,15 6,15 7,5")


# a full board but for two spots, (6,2) and (8,2); red (P1) to move. Red on (6,2) leaves
# P1 a winning spot at (8,2) for its next colour, but P2's only reply takes that spot
# and fills the board: a draw (found by a random search for exactly this)
FULL_BUT_TWO = ("yrgrbbgrckpcgggy ycyykywgrgybppry rgcgyc.w.cycygrr bypycwypcybpyypr "
                "bgpbyycrwpwrgpgp bybbkrrbgcpgbcbb rbcgccbgcypryygy cpybgbypygyryppy "
                "byygyyygybcbcbcg brrpgyrpcyrbrpcc ygrygpypbcgprryr cbrgcycpgbycgrrb "
                "bpccrbybrgybppbp gppcrycbcggpbrcb cbgyryryrgpybcby ryrbgypggrcbprpp").split()


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


def test_a_threat_whose_only_reply_fills_the_board_is_a_draw_not_a_win():
    pos = Position.from_rows(FULL_BUT_TWO, turn=0)
    threat, reply = index(6, 2), index(8, 2)
    assert pos.legal == {threat, reply} and winning_move(pos) == -1
    pos.play(threat)
    assert win_targets(pos.board, pos.legal, 1, ORDER[(pos.turn + 1) % 6], 2) == [reply]
    pos.play(reply)
    assert pos.winner == "draw"
    pos.undo()
    pos.undo()
    assert result(forced_win(pos, 3, 10**6)) == -1


def test_the_position_is_given_back_as_it_was():
    pos = two_threats_position()
    board, moves, legal = list(pos.board), list(pos.moves), set(pos.legal)
    for budget in (3, 40, 10**6):           # cut off deep inside a line, and finished
        result(forced_win(pos, 3, budget))
        assert (pos.board, pos.moves, pos.legal) == (board, moves, legal)


def test_a_look_stopped_at_a_pause_gives_the_position_back():
    pos = two_threats_position()
    board, moves, legal = list(pos.board), list(pos.moves), set(pos.legal)
    for pauses in (1, 3, 7):
        look = forced_win(pos, 3, 10**6, chunk=5)
        for _ in range(pauses):
            next(look)
        look.close()            # a screen left while the computer was thinking
        assert (pos.board, pos.moves, pos.legal) == (board, moves, legal)


def test_the_looks_of_one_move_share_its_budget():
    pos = two_threats_position()
    alone = Looks(3, 10**6, 10**6)
    move = result(alone.forced_win(pos))
    needed = 10**6 - alone.left
    assert move >= 0 and needed > 10
    # the first look may play all of a move's budget, the next ones what is left
    looks = Looks(3, 10**6, needed + 5)
    assert result(looks.forced_win(pos)) == move and looks.left == 5
    assert result(looks.forced_win(pos)) == -1 and looks.left == 0
    # and each look at most its own share
    capped = Looks(3, needed - 1, 10**6)
    assert result(capped.forced_win(pos)) == -1 and capped.left == 10**6 - (needed - 1)


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


def test_normal_does_not_play_a_move_that_lets_the_other_side_force_a_win(monkeypatch):
    pos = Position(6)
    for m in LOSING_CHOICE.split():
        pos.play(parse_move(m))
    me, depth = pos.player, ai.FORCING["normal"][0]
    monkeypatch.setitem(ai.FORCING, "normal", ai.FORCING["normal"][:3] + (0,))   # no look after
    unchecked = ai.Search(pos, "normal", seed=7)
    result(unchecked.steps())
    monkeypatch.undo()
    checked = ai.Search(pos, "normal", seed=7)
    result(checked.steps())
    assert checked.best != unchecked.best
    pos.play(unchecked.best)
    attack = result(forced_win(pos, depth, 10**6))
    assert attack >= 0 and wins_whatever_the_replies(pos, 3 - me, attack, depth)
    pos.undo()
    pos.play(checked.best)
    assert result(forced_win(pos, depth, 10**6)) == -1
