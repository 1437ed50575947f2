"""Bad arguments get one line naming the fix and exit 2, never a traceback."""

import os
import subprocess
import sys

import pytest

from handheld.tools import cli


@pytest.mark.parametrize("argv, names", [
    (["selfplay", "chamber", "--players", "1"], "--players"),
    (["run", "--seconds", "nan"], "--seconds"),
    (["run", "--seconds", "inf"], "--seconds"),
    (["run", "--seconds", "-1"], "--seconds"),
    (["run", "--display", "fbdev", "--scale", "-1"], "--scale"),
    (["screenshot", "menu", "--scale", "1000", "--out", "x.png"], "--scale"),
    (["screenshot", "menu", "--scale", "100", "--out", "x.png"], "--scale"),
    (["screenshot", "menu", "--ticks", "-5", "--out", "x.png"], "--ticks"),
    (["input-test", "--seconds", "0"], "--seconds"),
])
def test_bad_numbers_are_refused_before_anything_runs(argv, names, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert "error:" in last and names in last


def run_cli(tmp_path, *argv, env_drop=()):
    env = {k: v for k, v in os.environ.items() if k not in env_drop}
    env.update(HANDHELD_CONFIG=str(tmp_path / "h.toml"), HANDHELD_STATE_DIR=str(tmp_path / "state"),
               PYTHONPATH=os.getcwd())
    return subprocess.run([sys.executable, "-m", "handheld", *argv], capture_output=True, text=True,
                          env=env, timeout=60, cwd=tmp_path)


def one_error_line(proc):
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("handheld: error:"), proc.stderr
    return lines[0]


def test_shots_into_a_file_is_one_line(tmp_path):
    (tmp_path / "file").write_text("")
    for shots in ("file", "file/below"):
        line = one_error_line(run_cli(tmp_path, "run", "--display", "headless", "--seconds", "0.1",
                                      "--shots", shots))
        assert "--shots" in line and "writable folder" in line


def test_a_window_without_a_desktop_is_refused_instead_of_drawing_unseen(tmp_path):
    proc = run_cli(tmp_path, "run", "--display", "window", "--seconds", "0.1",
                   env_drop=("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"))
    assert "desktop session" in one_error_line(proc)


def test_game_on_a_headless_run_is_not_silently_ignored(tmp_path):
    proc = run_cli(tmp_path, "run", "--display", "headless", "--game", "sphinx", "--seconds", "0.1")
    assert "--game" in one_error_line(proc)


def test_a_screenshot_is_written_whole_or_not_at_all(tmp_path, monkeypatch, capsys):
    import pygame

    out = tmp_path / "shot.png"
    out.write_bytes(b"the old picture")

    def dies_halfway(surface, name):
        with open(name, "wb") as f:
            f.write(b"\x89PNG half")
        raise pygame.error("Out of memory")

    from handheld.base import pngfile

    monkeypatch.setattr(pngfile, "save", dies_halfway)
    assert cli.main(["screenshot", "menu", "--out", str(out)]) == 2
    assert out.read_bytes() == b"the old picture"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shot.png"]
    assert "cannot write" in capsys.readouterr().err


def test_doctor_lists_each_config_warning_once(tmp_path, capsys, caplog):
    p = tmp_path / "h.toml"
    p.write_text("[sound]\nvolum = 3\n")
    cli.main(["doctor", "--config", str(p)])
    out = capsys.readouterr()
    said = (out.out + out.err).count("sound.volum") + sum("sound.volum" in r.getMessage() for r in caplog.records)
    assert said == 1


def test_a_known_command_builds_only_its_own_parser_with_the_same_result():
    import argparse

    from handheld.tools.cli import build_parser

    def commands(parser):
        return list(next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices)

    service_argv = ["run", "--kiosk", "--respawn", "--display", "fbdev"]
    assert commands(build_parser("run")) == ["run"]
    assert "selfplay" in commands(build_parser()) and "atom4" in commands(build_parser())
    assert commands(build_parser("atom4")) == ["atom4"]
    assert vars(build_parser("run").parse_args(service_argv)) == vars(build_parser().parse_args(service_argv))
