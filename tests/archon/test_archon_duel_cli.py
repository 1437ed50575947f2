"""`duel` and `matchups` commands and the shipped matchup table."""

import argparse
import json

import pytest

from handheld.games.archon.duel import stats as S
from handheld.tools.cli import main as handheld_main
from handheld.games.archon.duel.matchups import (
    all_pairs, best_and_worst, build_table, shipped_table, win_permille)



def main(argv) -> int:
    """`handheld archon ARGV...`"""
    return handheld_main(["archon", *argv])

def test_duel_json_same_seed_same_result(capsys):
    outs = []
    for _ in range(2):
        assert main(["duel", "--light", "unicorn", "--dark", "basilisk", "--shade", "C",
                     "--seed", "4", "--json"]) == 0
        outs.append(json.loads(capsys.readouterr().out))
    a = outs[0]
    assert outs[0] == outs[1]
    assert a["winner"] in ("light", "dark", "both") and a["shade"] == "C"
    for k in ("light_hp", "dark_hp", "light_shots", "dark_shots", "light_hits", "dark_hits",
              "ticks"):
        assert isinstance(a[k], int)
    assert (a["light_hp"] == 0) == (a["winner"] != "light")


def test_duel_text_output(capsys):
    assert main(["duel", "--light", "Fire-Elemental", "--dark", "troll", "--shade", "f"]) == 0
    out = capsys.readouterr().out
    assert "fire_elemental vs troll on shade F" in out and "winner:" in out and "ticks" in out


@pytest.mark.parametrize("args,needle", [
    (["--light", "gandalf", "--dark", "troll", "--shade", "A"], "unicorn, wizard"),
    (["--light", "unicorn", "--dark", "knight", "--shade", "A"], "basilisk, sorceress"),
    (["--light", "unicorn", "--dark", "troll", "--shade", "G"], "A, B, C, D, E, F"),
    (["--light", "air_elemental", "--dark", "fire_elemental", "--shade", "A"], "never duel"),
])
def test_bad_input_is_one_clear_line_and_exit_2(args, needle, capsys):
    with pytest.raises(SystemExit) as e:
        main(["duel"] + args)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err


def test_add_duel_commands_plugs_into_a_parent_parser(capsys):
    from handheld.games.archon.cli import add_duel_commands
    p = argparse.ArgumentParser(prog="handheld archon")
    add_duel_commands(p.add_subparsers(dest="cmd"))
    args = p.parse_args(["duel", "--light", "knight", "--dark", "goblin", "--shade", "B"])
    assert args.func(args) == 0


def test_shipped_table_covers_every_pairing_and_shade():
    t = shipped_table()
    assert set(t["pairs"]) == {f"{l}|{d}" for l, d in all_pairs()}
    assert len(all_pairs()) == 64 + 32 + 32
    for counts in t["pairs"].values():
        assert len(counts) == 6 and all(sum(c) == t["duels"] for c in counts)


def test_win_permille_reads_both_ways_and_favours_the_bright_side():
    p = win_permille("unicorn", "basilisk", 0)
    q = win_permille("basilisk", "unicorn", 0)
    assert 0 <= p <= 1000 and 0 <= q <= 1000 and p + q <= 1000
    # light icons do better on light squares than on dark ones, on the whole
    light_a = sum(win_permille(l, d, 0) for l in S.LIGHT_ICONS for d in S.DARK_ICONS)
    light_f = sum(win_permille(l, d, 5) for l in S.LIGHT_ICONS for d in S.DARK_ICONS)
    assert light_a > light_f
    assert 0 <= win_permille("fire_elemental", "knight", 3) <= 1000
    with pytest.raises(KeyError):
        win_permille("unicorn", "knight", 0)


def test_matchups_smoke_same_code_path():
    pairs = [("knight", "goblin"), ("phoenix", "banshee")]
    t = build_table(1, 1, pairs=pairs)
    assert set(t["pairs"]) == {"knight|goblin", "phoenix|banshee"}
    again = build_table(1, 1, pairs=pairs)
    assert t == again
    best, worst = best_and_worst("knight", t)
    assert best[0][0] == "goblin" and worst[0][0] == "goblin"


def test_matchups_cli_writes_a_table(tmp_path, capsys, monkeypatch):
    import handheld.games.archon.duel.matchups as M
    few = [(light, "goblin") for light in S.LIGHT_ICONS] + \
        [("knight", dark) for dark in S.DARK_ICONS if dark != "goblin"]
    monkeypatch.setattr(M, "all_pairs", lambda: few)
    out = tmp_path / "m.json"
    assert main(["matchups", "--duels", "1", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["duels"] == 1 and len(data["pairs"]) == 15
    assert "wrote" in capsys.readouterr().out
