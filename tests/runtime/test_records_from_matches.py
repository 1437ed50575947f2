"""Each game's match reports result["records"] (the computer's level and whether
the lone human won) so the cabinet's records table can count it; matches
without exactly one human report nothing."""

from handheld.runtime.context import Context
from handheld.games.registry import load_game
from handheld.base.actions import EMPTY_FRAME


def _match(game_id, options):
    ctx = Context.headless_context(seed=3)
    return load_game(game_id).match_scene(ctx, 3, options)


def test_sphinx_reports_the_level_and_the_humans_win():
    m = _match("sphinx", {"mode": "cpu", "level": "perfect", "rounds": 1})
    m.score = [1, 0, 0]
    m._close_round()
    assert m.result["records"] == {"level": "perfect", "human_won": True}
    two = _match("sphinx", {"mode": "two", "rounds": 1})
    two.score = [1, 0, 0]
    two._close_round()
    assert "records" not in two.result


def test_spectral_reports_a_loss_to_the_computer():
    m = _match("spectral", {"mode": "cpu_violet", "level": "strong"})   # the human is Red (player 0)
    m.state.winner = 1
    m._finish()
    assert m.result["records"] == {"level": "strong", "human_won": False}
    demo = _match("spectral", {"mode": "demo"})
    demo.state.winner = 1
    demo._finish()
    assert "records" not in demo.result


def test_archon_reports_a_tie_as_a_draw():
    m = _match("archon", {"mode": "computer_dark", "level": "strong"})
    m.state.winner, m.state.end_reason = "tie", "test"
    m._tick_end(None, EMPTY_FRAME)
    assert m.result["records"] == {"level": "strong", "human_won": None}


def test_chamber_counts_against_the_strongest_computer():
    m = _match("chamber", {"seats": [["human", 0], ["cpu", 1], ["cpu", 3]]})
    m._react([("win", 0)])
    assert m.result["records"] == {"level": "master", "human_won": True}


def test_atom4_reports_only_one_human_matches():
    m = _match("atom4", {"players": 1, "human_side": 2, "level": "hard", "rounds": 1})
    m.match.scores = {1: 1, 2: 0}
    m.match.rounds_played = 1
    m.match._finish()
    m.update(EMPTY_FRAME)
    assert m.result["records"] == {"level": "hard", "human_won": False}
