"""README's command-line section is the real parsers' usage, word for word."""

import re
from pathlib import Path

from handheld.tools.cli import synopsis

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_block() -> str:
    text = README.read_text()
    section = text.split("## Command line\n", 1)[1].split("\n## ", 1)[0]
    lines = re.findall(r"^    (.*)$", section, re.M)
    return "\n".join(lines)


def test_readme_command_line_matches_the_parsers():
    assert readme_block() == synopsis(), (
        "README 'Command line' differs from the parsers; refresh it with: "
        "python -c 'from handheld.tools.cli import synopsis; print(synopsis())'")


def test_verbose_goes_before_any_command_or_none(capsys, monkeypatch):
    # `handheld [-v] COMMAND`: -v before a command used to be taken for "run -v COMMAND"
    import logging

    from handheld.tools import cli

    calls = []
    monkeypatch.setattr(cli, "cmd_run", lambda args: calls.append(("run", args.display)) or 0)
    monkeypatch.setattr(logging, "basicConfig", lambda **kw: calls.append(("log", kw["level"])))
    assert cli.main(["-v", "atom4", "play"]) == 0
    assert "next:" in capsys.readouterr().out
    assert cli.main(["-v", "--display", "headless"]) == 0
    assert cli.main(["--display", "headless"]) == 0
    assert calls == [("log", logging.DEBUG), ("log", logging.DEBUG), ("run", "headless"),
                     ("log", logging.INFO), ("run", "headless")]
