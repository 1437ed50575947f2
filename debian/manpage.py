#!/usr/bin/python3
"""Write handheld(1) in roff to stdout from the command line's own argparse parsers.

Run by debian/rules at build time (PYTHONPATH=. python3 debian/manpage.py), so the
manual page says exactly what `handheld --help` and each `handheld COMMAND --help` say.
"""

from __future__ import annotations

import argparse
import sys

from handheld import __version__
from handheld.tools.cli import build_parser

SUMMARY = "boot-to-game arcade cabinet for the Raspberry Pi"

SEE_ALSO = """\
.SH FILES
.TP
.I /boot/firmware/handheld.toml
the builder's settings, editable from any PC (the SD card's boot partition)
.TP
.I /var/lib/handheld/handheld.toml
settings saved from the cabinet's settings menu; they win over the boot partition's
.TP
.I /usr/share/doc/handheld/boot.md
the service, the kiosk settings, the SD image and maintenance mode
.SH SEE ALSO
.BR systemctl (1),
.BR journalctl (1)
"""


def roff(text: str) -> str:
    """Escape text for a roff line: backslashes, hyphens, and a leading dot or quote."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text[:1] in (".", "'") else text


def subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser, str]]:
    """(name, parser, help) for each sub-command, in the order --help lists them."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help for choice in action._choices_actions}
            for name, sub in action.choices.items():
                found.append((name, sub, helps.get(name) or ""))
    return found


def option_lines(parser: argparse.ArgumentParser) -> list[str]:
    lines = []
    for action in parser._actions:
        if isinstance(action, (argparse._SubParsersAction, argparse._HelpAction)):
            continue
        if action.option_strings:
            names = ", ".join(action.option_strings)
            if action.nargs != 0:
                names += " " + (action.metavar or action.dest.upper())
        else:
            names = action.metavar or action.dest
        help_text = (action.help or "") % {"default": action.default, "prog": parser.prog}
        if action.choices and not isinstance(action.choices, dict):
            help_text = (help_text + "; " if help_text else "") + "one of: " + ", ".join(map(str, action.choices))
        lines += [".TP", f"\\fB{roff(names)}\\fR", roff(help_text)]
    return lines


def usage(parser: argparse.ArgumentParser) -> str:
    return " ".join(parser.format_usage().split()[1:])


def section(name: str, parser: argparse.ArgumentParser, help_text: str, level: str = ".SS") -> list[str]:
    out = [f"{level} {roff(name)}", roff(help_text) if help_text else "", ".PP",
           f"\\fB{roff(usage(parser))}\\fR"]
    opts = option_lines(parser)
    if opts:
        out += [".RS"] + opts + [".RE"]
    for sub_name, sub, sub_help in subcommands(parser):
        out += section(f"{name} {sub_name}", sub, sub_help)
    return [ln for ln in out if ln != ""]


def manpage() -> str:
    parser = build_parser()
    head = [
        f'.TH HANDHELD 1 "" "handheld {__version__}" "User Commands"',
        ".SH NAME",
        f"handheld \\- {roff(SUMMARY)}",
        ".SH SYNOPSIS",
        f"\\fB{roff(usage(parser))}\\fR",
        ".SH DESCRIPTION",
        roff(parser.description or ""),
        "With no command, or only options, the command is \\fBrun\\fR. On the SD image and",
        "with the package installed, the cabinet runs as the systemd service",
        "\\fBhandheld.service\\fR on tty1.",
        ".SH OPTIONS",
        *option_lines(parser),
        ".SH COMMANDS",
    ]
    body = []
    for name, sub, help_text in subcommands(parser):
        body += section(f"handheld {name}", sub, help_text)
    return "\n".join(head + body) + "\n" + SEE_ALSO


if __name__ == "__main__":
    sys.stdout.write(manpage())
