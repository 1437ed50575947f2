"""The cabinet's records: counted per game and computer level, saved
atomically, never lost or fatal when the file is broken."""

import json
import logging

from handheld.base.records import FILE_NAME, Records, clock_text


def test_wins_losses_draws_streak_and_fastest_win_are_counted(tmp_path):
    r = Records.load(tmp_path)
    r.add("sphinx", "strong", True, 3000)
    r.add("sphinx", "strong", True, 2400)
    r.add("sphinx", "classic", False, 1000)
    r.add("sphinx", "strong", True, 5000)
    r.add("sphinx", "strong", None, 900)
    rec = r.of("sphinx")
    assert (rec.levels["strong"].won, rec.levels["strong"].lost, rec.levels["strong"].drawn) == (3, 0, 1)
    assert rec.levels["classic"].lost == 1
    assert rec.best_streak == 2 and rec.streak == 0
    assert rec.fastest_win == 2400, "a loss or a draw is never the fastest win"
    assert r.of("archon").played == 0


def test_records_survive_a_restart(tmp_path):
    Records.load(tmp_path).add("archon", "classic", True, 600)
    again = Records.load(tmp_path)
    assert again.of("archon").levels["classic"].won == 1
    assert again.of("archon").fastest_win == 600
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME], "no temporary file left behind"


def test_the_runner_result_counts_only_human_against_computer(tmp_path):
    r = Records.load(tmp_path)
    assert not r.add_result({"game": "atom4", "winner": 1, "text": "WHITE WINS", "ticks": 50})
    assert r.add_result({"game": "atom4", "ticks": 50, "records": {"level": "hard", "human_won": False}})
    assert r.of("atom4").levels["hard"].lost == 1


def test_a_broken_file_is_kept_as_bak_logged_once_and_a_fresh_table_starts(tmp_path, caplog):
    (tmp_path / FILE_NAME).write_text('{"format": 1, "games": {"archon": {"levels": {"classic": [1, "x"')
    with caplog.at_level(logging.WARNING, logger="handheld.base.records"):
        r = Records.load(tmp_path)
    assert r.games == {}
    assert len(caplog.records) == 1 and "records.json.bak" in caplog.records[0].getMessage()
    assert (tmp_path / (FILE_NAME + ".bak")).read_text().startswith('{"format": 1')
    r.add("archon", "classic", True, 100)
    assert json.loads((tmp_path / FILE_NAME).read_text())["games"]["archon"]["levels"]["classic"] == [1, 0, 0]


def test_the_file_is_read_when_the_table_is_first_used_not_when_loaded(tmp_path):
    # the cabinet loads its records before the title; reading them (and importing json)
    # waits until a screen shows them
    (tmp_path / FILE_NAME).write_text("not json")
    r = Records.load(tmp_path)
    assert (tmp_path / FILE_NAME).exists() and not (tmp_path / (FILE_NAME + ".bak")).exists()
    assert r.of("archon").played == 0
    assert not (tmp_path / FILE_NAME).exists() and (tmp_path / (FILE_NAME + ".bak")).exists()


def test_a_wrong_shape_counts_as_broken(tmp_path):
    (tmp_path / FILE_NAME).write_text('{"format": 1, "games": {"archon": {"levels": {"classic": [-1, 0, 0]}}}}')
    assert Records.load(tmp_path).games == {}
    (tmp_path / FILE_NAME).write_text('[1, 2]')
    assert Records.load(tmp_path).games == {}


def test_an_unwritable_state_dir_keeps_the_table_in_memory(tmp_path, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("")
    r = Records.load(blocker / "sub")         # a folder that cannot be made
    r.add("chamber", "adept", True, 100)
    assert r.of("chamber").levels["adept"].won == 1
    assert "cannot save records" in caplog.text


def test_reset_empties_the_table_on_disk(tmp_path):
    r = Records.load(tmp_path)
    r.add("archon", "classic", True, 100)
    r.reset()
    assert Records.load(tmp_path).games == {}


def test_clock_text():
    assert clock_text(60 * 134) == "2:14" and clock_text(59) == "0:00"


def test_the_table_names_each_level_as_its_options_screen_does():
    from handheld.cabinet.records_table import table_rows

    r = Records()
    r.add("sphinx", "perfect", False, 900)      # offered as PROVER: it proves its moves
    r.add("sphinx", "classic", True, 800)
    r.add("atom4", "normal", True, 700)
    labels = {row[1] for row in table_rows(r)}
    assert {"PROVER", "CLASSIC", "NORMAL"} <= labels
    assert "PERFECT" not in labels
