"""How every game declares its computer players' levels: `ai.LEVELS`, a tuple of
`Level`, weakest first. The options screen offers the levels `in_menu` by their
`menu_text`, the records table and the match screen show a level's `label`, the
CLI's `--level` takes the names, and the match options, replays and records keep
the `name` (so a level can be relabelled without breaking a saved replay).

No pygame here: `ai` modules import it and stay pure.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    name: str               # what options, replays, records and `--level` hold
    label: str              # what menus and the records table show
    in_menu: bool = True    # offered on the options screen (a hidden one is for tools and tests)
    default: bool = False   # the options screen's first choice and the tools' default
    detail: str = ""        # what the options screen adds to the label (the year of a classic program)

    @property
    def menu_text(self) -> str:
        return f"{self.label} {self.detail}" if self.detail else self.label


def names(levels: tuple[Level, ...]) -> tuple[str, ...]:
    return tuple(level.name for level in levels)


def in_menu(levels: tuple[Level, ...]) -> tuple[Level, ...]:
    return tuple(level for level in levels if level.in_menu)


def default(levels: tuple[Level, ...]) -> Level:
    """The one level declared default (the first, if none is)."""
    return next((level for level in levels if level.default), levels[0])


def menu_index(levels: tuple[Level, ...]) -> int:
    """Where the default stands among the levels `in_menu` (an options screen's start)."""
    return in_menu(levels).index(default(levels))


def find(levels: tuple[Level, ...], name: str) -> Level:
    """The level called `name`; ValueError names the choices."""
    for level in levels:
        if level.name == name:
            return level
    raise ValueError(f"unknown computer level {name!r}; choose from {', '.join(names(levels))}")


def from_cli(levels: tuple[Level, ...]):
    """An argparse `type` for `--level`: a level's name, or its label in any case
    (`--level prover` for Sphinx's "perfect"); use it with `choices=names(levels)`."""
    def parse(text: str) -> str:
        for level in levels:
            if text in (level.name, level.label.lower()):
                return level.name
        return text              # argparse's choices then name the levels
    return parse
