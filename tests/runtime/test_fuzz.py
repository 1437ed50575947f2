"""The fuzz harness: random input, combos, idle and hot-plug through the real
cabinet. The default run does 20,000 ticks; the slow run a million."""

import pytest

from handheld.tools import fuzz
from handheld.cabinet.launcher import MenuScene
from handheld.cabinet.settings_scene import SettingsScene

DEFAULT_TICKS = 20_000


# a seed whose 20,000 ticks reach the settings and leave a match (which asks first)
SEED = 2


def test_twenty_thousand_ticks_of_hostile_input_hold(tmp_path):
    finding, run = fuzz.fuzz(seed=SEED, ticks=DEFAULT_TICKS, workdir=tmp_path)
    assert finding is None, finding.report(SEED)
    assert run.tick == DEFAULT_TICKS
    assert {"TitleScene", "MenuScene", "SettingsScene"} <= run.seen
    assert any(name.startswith("MatchRunner(") for name in run.seen)


def test_the_same_seed_gives_the_same_run(tmp_path):
    _f, a = fuzz.fuzz(seed=7, ticks=3000, workdir=tmp_path / "a")
    _f, b = fuzz.fuzz(seed=7, ticks=3000, workdir=tmp_path / "b")
    assert a.screens == b.screens and len(a.screens) > 3


def test_an_exception_is_reported_with_the_command_that_reproduces_it(tmp_path, monkeypatch):
    def broken(self, frame):
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(SettingsScene, "update", broken)
    finding, run = fuzz.fuzz(seed=SEED, ticks=DEFAULT_TICKS, workdir=tmp_path)
    assert finding is not None and finding.kind == "exception"
    text = finding.report(SEED)
    assert "ZeroDivisionError: planted" in text
    assert f"python -m handheld.tools.fuzz --seed {SEED} --ticks {finding.tick + 1}" in text
    again, _run = fuzz.fuzz(seed=SEED, ticks=finding.tick + 1, workdir=tmp_path / "again")
    assert again is not None and again.tick == finding.tick


def test_a_screen_nothing_can_leave_is_reported_as_stuck(tmp_path, monkeypatch):
    monkeypatch.setattr(MenuScene, "update", lambda self, frame: None)
    monkeypatch.setattr(fuzz, "STUCK_SECONDS", 30)
    finding, _run = fuzz.fuzz(seed=2, ticks=DEFAULT_TICKS, workdir=tmp_path)
    assert finding is not None and finding.kind == "stuck"
    assert "MenuScene" in finding.detail


@pytest.mark.slow
def test_a_million_ticks_of_hostile_input_hold(tmp_path):
    finding, run = fuzz.fuzz(seed=1, ticks=1_000_000, workdir=tmp_path)
    assert finding is None, finding.report(1)
    assert run.tick == 1_000_000 and run.starts > 1 and "AdminScene" in run.seen
