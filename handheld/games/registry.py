"""The cabinet's games, in menu order. One line per game."""

from __future__ import annotations

import importlib

from handheld.games.base import ComingSoon, Game

GAMES: dict[str, tuple[str, str]] = {
    # id: (module, title)
    "archon": ("handheld.games.archon", "Archon"),
    "spectral": ("handheld.games.spectral", "Spectral Sorcery"),
    "sphinx": ("handheld.games.sphinx", "The Inscrutable Sphinx"),
    "chamber": ("handheld.games.chamber", "Sorcerer's Chamber"),
    "atom4": ("handheld.games.atom4", "Atom-4"),
}

_loaded: dict[str, Game] = {}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; choose from: {', '.join(GAMES)}"


def load_game(game_id: str) -> Game:
    """The game's plug-in, or ComingSoon if its package is not built yet.

    Only a missing package means "coming soon": an import error inside a
    built game is a bug and propagates."""
    if game_id not in GAMES:
        raise UnknownGame(game_id)
    if game_id not in _loaded:
        module_name, title = GAMES[game_id]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if e.name != module_name:
                raise
            _loaded[game_id] = ComingSoon(game_id, title)
        else:
            game = module.GAME
            if game.id != game_id:
                raise RuntimeError(f"{module_name}.GAME.id is {game.id!r}, expected {game_id!r}")
            _loaded[game_id] = game
    return _loaded[game_id]


def all_games() -> list[Game]:
    return [load_game(g) for g in GAMES]


def built_games() -> list[Game]:
    return [g for g in all_games() if g.built]


def _known() -> str:
    return f"(known: {', '.join(GAMES)})"


def shown_ids(choice) -> tuple[list[str], str | None]:
    """The ids of the games a cabinet shows for its cabinet.games setting ("all",
    or a list of ids in the order to show them), and one line about what it could
    not use; no game is imported. Never empty: a choice with no known id shows them all."""
    if not isinstance(choice, list):
        return list(GAMES), None
    known = [g for g in dict.fromkeys(choice) if g in GAMES]
    unknown = [g for g in choice if g not in GAMES]
    if not known:
        return list(GAMES), f"cabinet.games = {choice!r} names no game this cabinet has {_known()}; showing all"
    return known, f"cabinet.games: unknown {', '.join(map(repr, unknown))} ignored {_known()}" if unknown else None


def shown_games(choice) -> list[Game]:
    """The games shown_ids names, loaded."""
    return [load_game(g) for g in shown_ids(choice)[0]]


def games_setting_error(choice) -> str | None:
    """Why a cabinet.games value from elsewhere (the fleet's operator) is refused:
    an id this cabinet does not have. None when every id is known."""
    unknown = [g for g in choice if g not in GAMES] if isinstance(choice, list) else []
    return f"names unknown games {', '.join(map(repr, unknown))} {_known()}" if unknown else None
