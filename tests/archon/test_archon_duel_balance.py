"""`handheld archon balance`: the duel table and its target checks."""

import json
import subprocess
import sys
from functools import lru_cache

import pytest

from handheld.games.archon.duel import balance as B
from handheld.games.archon.duel.headless import MAX_TICKS


def _cell(light, dark, shade, pct, median=5.0, caps=0, distinct=5, share=500, both=0.0):
    return {"light": light, "dark": dark, "shade": shade, "duels": 10, "light_win_pct": pct,
            "both_dead_pct": both, "median_s": median, "cap_hits": caps,
            "distinct_lengths": distinct, "strength_share": share}


def test_rank_correlation_matches_hand_figures():
    assert B.rank_correlation([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert B.rank_correlation([1, 2, 3, 4], [40, 30, 20, 10]) == pytest.approx(-1.0)
    # ties share their mean rank: ranks x 0,1,2,3 / y 0.5,0.5,2,3
    assert B.rank_correlation([1, 2, 3, 4], [5, 5, 6, 7]) == pytest.approx(0.9486833, abs=1e-6)


def test_checks_flag_each_target():
    shades = "ABCDEF"
    good = [_cell("unicorn", "troll", s, 90 - 15 * i, share=700 - 50 * i)
            for i, s in enumerate(shades)]
    res = B.checks(good)
    assert all(c["ok"] for c in res.values()), res
    bad = [dict(c) for c in good]
    bad[2]["cap_hits"] = 1                     # C hit the cap
    bad[3]["median_s"] = 31.0                  # D too long
    bad[1]["light_win_pct"] = 50.0             # B: 60 -> 50 is fine, A 90 vs B 50 fine
    bad[0]["light_win_pct"] = 40.0             # B 50 -> A 40: a 10 point drop, fine
    bad[4]["distinct_lengths"] = 1
    bad[5]["light_win_pct"] = 80.0             # F 80 -> E 30: a 50 point drop
    res = B.checks(bad)
    assert not res["cap_hits"]["ok"] and res["cap_hits"]["value"] == 1
    assert not res["median_length"]["ok"] and res["median_length"]["cells"] == ["unicorn|troll|D=31.0"]
    assert not res["shade_drop"]["ok"] and res["shade_drop"]["value"] == 50.0
    assert res["shade_drop"]["cells"] == ["unicorn|troll F->E -50"]
    assert not res["one_length_cells"]["ok"]
    assert not res["rank_correlation"]["ok"]


def test_named_pair_targets():
    cells = [_cell("valkyrie", "banshee", "A", 79.0), _cell("wizard", "sorceress", "F", 35.0)]
    res = B.checks(cells)
    assert res["valkyrie_banshee_A"]["ok"] is False
    assert res["wizard_sorceress_F"]["ok"] is True


def test_small_table_is_deterministic_and_complete():
    pairs = [("valkyrie", "banshee"), ("knight", "goblin")]
    a = B.measure_table(3, 77, pairs=pairs)
    assert [(c["light"], c["dark"], c["shade"]) for c in a] == \
        [(l, d, s) for l, d in pairs for s in "ABCDEF"]
    for c in a:
        assert c["light_wins"] + c["dark_wins"] + c["both_dead"] == 3
        assert c["min_s"] <= c["median_s"] <= c["max_s"] <= MAX_TICKS / 60
    assert B.measure_table(3, 77, pairs=pairs) == a
    assert B.measure_table(3, 78, pairs=pairs) != a


def test_smoke_knight_mirror_and_named_pairs_meet_the_length_targets():
    """A small version of the full table: no cap hits, medians 2-30 s,
    never one length for a whole cell."""
    pairs = [("knight", "goblin"), ("knight", "shapeshifter"), ("valkyrie", "banshee"),
             ("wizard", "sorceress"), ("phoenix", "banshee"), ("phoenix", "shapeshifter")]
    cells = B.measure_table(4, 4242, pairs=pairs)
    res = B.checks(cells)
    assert res["cap_hits"]["ok"], res["cap_hits"]
    assert res["median_length"]["ok"], res["median_length"]
    assert res["one_length_cells"]["ok"], res["one_length_cells"]


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "handheld", "archon", "balance", *args],
                          capture_output=True, text=True, timeout=120)


def test_cli_rejects_bad_input_with_one_line():
    r = _cli("--duels", "-1")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "--duels and --games must be 0 or more" in r.stderr
    r = _cli("--duels", "0")
    assert r.returncode == 2 and "nothing to measure" in r.stderr


def test_games_option_needs_the_board_sides_balance_games():
    from handheld.games.archon import selfplay

    fn = B.board_games_function()
    assert fn is getattr(selfplay, "balance_games", None)
    if fn is None:
        r = _cli("--duels", "0", "--games", "1")
        assert r.returncode == 2 and "Traceback" not in r.stderr
        assert "--games needs selfplay.balance_games" in r.stderr


@lru_cache(maxsize=1)
def _full_table_checks():
    """The whole table at 40 duels a cell (about 30,000 duels; minutes),
    on a seed the docs' figures don't use."""
    return B.checks(B.measure_table(40, 2, jobs=2))


@lru_cache(maxsize=1)
def _fine_table_checks():
    """The whole table at 160 duels a cell (about 123,000 duels; 12 min on two
    cores): 40 leave ~11 points of noise on a shade step, 160 about 5."""
    return B.checks(B.measure_table(160, 3, jobs=2))


@pytest.mark.slow
@pytest.mark.parametrize("target", ["cap_hits", "median_length", "one_length_cells",
                                    "valkyrie_banshee_A", "wizard_sorceress_F",
                                    "rank_correlation"])
def test_full_table_meets_target(target):
    chk = _full_table_checks()[target]
    assert chk["ok"], json.dumps(chk)


@pytest.mark.slow
def test_full_table_shade_steps():
    chk = _fine_table_checks()["shade_drop"]
    assert chk["ok"], json.dumps(chk)
