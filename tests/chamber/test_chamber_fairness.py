"""Equal computers win about their fair share from every seat: the chamber is
symmetric, so only the computer's own tie-breaking could favour a corner."""

import pytest

from handheld.tools.cli import main as cli_main
from handheld.games.chamber.ai import _best
from handheld.games.chamber.selfplay import fairness
from handheld.runtime.rng import Rng


def test_equal_choices_are_settled_by_the_rng_not_by_their_order():
    picks = {_best([3, 1, 2, 0], lambda x: 0, Rng(seed)) for seed in range(40)}
    assert picks == {0, 1, 2, 3}
    assert _best([3, 1, 2, 0], lambda x: -abs(x - 2), Rng(5)) == 2
    assert _best([], lambda x: x, Rng(1)) is None


def test_no_corner_runs_away_with_a_short_four_player_series():
    r = fairness(8, 4, seed=500)
    assert sum(r["seat_wins"].values()) == 8 and r["capped"] == 0
    assert max(r["seat_wins"].values()) <= 5, r["seat_wins"]    # fair share is 2
    assert r["first_mover_wins"] <= 5, r


def test_moving_first_does_not_win_a_short_two_player_series_outright():
    r = fairness(16, 2, seed=500)
    assert r["capped"] == 0 and sum(r["seat_wins"].values()) == 16
    assert 3 <= r["first_mover_wins"] <= 13, r                 # fair share is 8


def test_fairness_command_reports_every_seat(capsys):
    code = cli_main(["chamber", "fairness", "--games", "3", "--players", "4", "--seed", "500", "--json"])
    out = capsys.readouterr().out
    assert code in (0, 1) and '"arms"' in out and '"first_mover_wins"' in out


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_no_seat_nor_the_first_mover_wins_ten_points_over_its_share_in_300_games(players):
    r = fairness(300, players, seed=600)
    assert r["capped"] == 0, r
    assert r["worst_seat_over_fair"] <= 10, r
    assert abs(r["first_mover_over_fair"]) <= 10, r


def test_two_masters_across_the_centre_do_not_wait_each_other_out():
    from handheld.games.chamber.selfplay import play_match

    r = play_match(10237, [("cpu", 3), ("cpu", 3)])   # stood still, both armed, for 540 turns
    assert not r["capped"] and r["winner"] >= 0 and r["turns"] < 100
