"""README's command-line section is the real parsers' usage, word for word."""

import re
from pathlib import Path

from handheld.cli import synopsis

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_block() -> str:
    text = README.read_text()
    section = text.split("## Command line\n", 1)[1].split("\n## ", 1)[0]
    lines = re.findall(r"^    (.*)$", section, re.M)
    return "\n".join(lines)


def test_readme_command_line_matches_the_parsers():
    assert readme_block() == synopsis(), (
        "README 'Command line' differs from the parsers; refresh it with: "
        "python -c 'from handheld.cli import synopsis; print(synopsis())'")
