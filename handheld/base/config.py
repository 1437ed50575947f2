"""Settings: built-in defaults, then TOML files, validated key by key.

Layers, later wins:
  1. the defaults below;
  2. /boot/firmware/handheld.toml (a builder edits it on the SD card from any PC);
  3. the main config file: --config, else $HANDHELD_CONFIG, else
     $XDG_CONFIG_HOME/handheld/handheld.toml. The settings menu saves here.

A broken file or a bad value never stops the cabinet: it is reported in one
line naming the key (or the file) and the default is used.

Saving edits the main file through tomlkit: only the keys set since
loading change; comments, order, unknown keys and the file mode stay. A main
file that does not parse is never overwritten (save raises ConfigNotSaved and
the settings screen says so), since writing over it would lose what the user
typed. Saving is atomic (temporary file, fsync, rename), so a power cut leaves
either the old or the new file.
"""

from __future__ import annotations

import copy
import logging
import os

from handheld.base import tomlfile
from handheld.base.atomic import atomic_write
from handheld.base.tomlfile import TomlFileError

log = logging.getLogger("handheld.base.config")

BOOT_CONFIG = "/boot/firmware/handheld.toml"

DISPLAY_BACKENDS = ("auto", "window", "kmsdrm", "fbdev", "headless")

# key -> (default, check). A check returns an error string or None.
def _choice(*options):
    return lambda v: None if v in options else f"must be one of {', '.join(map(str, options))}"


def _int_range(lo, hi):
    return lambda v: (None if isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi
                      else f"must be a whole number from {lo} to {hi}")


def _bool(v):
    return None if isinstance(v, bool) else "must be true or false"


def _str(v):
    return None if isinstance(v, str) else "must be a string"


def _game_list(v):
    # which ids exist is the registry's to say (games/registry.py shown_ids), not the base's
    if v == "all" or (isinstance(v, list) and v and all(isinstance(g, str) and g for g in v)):
        return None
    return 'must be "all" or a list of game ids, e.g. ["archon", "sphinx"]'


SCHEMA: dict[str, tuple] = {
    "display.backend": ("auto", _choice(*DISPLAY_BACKENDS)),
    "display.scale": (0, _int_range(0, 8)),          # 0: largest whole number that fits
    "display.fbdev": ("/dev/fb0", _str),
    "display.rotate": (0, _choice(0, 90, 180, 270)),
    "display.colour_blind": (False, _bool),
    "sound.enabled": (True, _bool),
    "sound.volume": (80, _int_range(0, 100)),
    "sound.output": ("auto", _str),              # auto | hdmi | jack | usb | i2s | an ALSA card id
    "cabinet.kiosk": (False, _bool),
    "cabinet.attract_after_s": (60, _int_range(5, 3600)),
    "cabinet.idle_return_s": (180, _int_range(10, 86400)),   # kiosk: idle game -> title
    "cabinet.admin_hold_s": (5, _int_range(1, 30)),
    "cabinet.admin_combo": ("START+SELECT+FIRE", _str),
    "cabinet.demo_seconds": (40, _int_range(5, 600)),
    "cabinet.resume": (True, _bool),             # offer to resume a match cut by a power loss
    "cabinet.games": ("all", _game_list),        # the games the menu and attract mode show, in that order
}

# Sections checked by the code that owns them, when it reads them: [input] by
# input/settings.py (the input manager, the doctor), [fleet] by fleet/options.py
# (when the fleet starts, the doctor), [link] by link/options.py; [games] by each game.
# The base knows none of them.
FREE_SECTIONS = ("input", "games", "fleet", "link")
# Warnings reported per file: a file of thousands of unknown keys is one mistake.
MAX_WARNINGS_PER_FILE = 20


class ConfigNotSaved(Exception):
    """The main file exists but cannot be edited safely; str() says why in one line."""

    screen_text = "CONFIG FILE HAS AN ERROR - NOT SAVED"


# Paths here are strings, not pathlib: pathlib (with urllib.parse and ipaddress) is a
# tenth of a second of the cabinet's start under emulation, and nothing before the
# title needs it.
def default_config_path() -> str:
    env = os.environ.get("HANDHELD_CONFIG")
    if env:
        return env
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "handheld", "handheld.toml")


def state_dir() -> str:
    env = os.environ.get("HANDHELD_STATE_DIR")
    if env:
        return env
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "handheld")


def _flatten(data: dict) -> dict:
    """{section: {key: v}} -> {"section.key": v}; every schema key has two parts."""
    out: dict = {}
    for section, v in data.items():
        if isinstance(v, dict):
            out.update((f"{section}.{k}", value) for k, value in v.items())
        else:
            out[section] = v
    return out


def _unflatten(flat: dict) -> dict:
    out: dict = {}
    for key, v in flat.items():
        parts = key.split(".")
        node = out
        for p in parts[:-1]:
            node = node.setdefault(p, {})
        node[parts[-1]] = v
    return out


class Config:
    def __init__(self, path: str | os.PathLike | None = None, boot_path: str | os.PathLike | None = BOOT_CONFIG):
        self.path = os.fspath(path) if path else default_config_path()
        self.boot_path = boot_path
        self.warnings: list[str] = []
        self._values = {k: v for k, (v, _check) in SCHEMA.items()}
        self._free: dict[str, dict] = {s: {} for s in FREE_SECTIONS}
        self._changes: dict = {}        # key -> value set since loading (what save writes)

    @classmethod
    def load(cls, path: str | os.PathLike | None = None, boot_path: str | os.PathLike | None = BOOT_CONFIG,
             log_warnings: bool = True) -> "Config":
        """Read the files; each problem is a line in .warnings (and the log,
        unless the caller reports them itself, as the doctor does)."""
        cfg = cls(path, boot_path)
        if boot_path is not None:
            cfg._apply(cfg._read(boot_path), os.fspath(boot_path))
        cfg._apply(cfg._read(cfg.path), cfg.path)
        for w in cfg.warnings if log_warnings else ():
            log.warning("%s", w)
        return cfg

    def _read(self, path: str | os.PathLike) -> dict:
        try:
            return tomlfile.load(path)
        except FileNotFoundError:
            return {}
        except TomlFileError as e:
            self.warnings.append(f"{e} (defaults used for it)")
        return {}

    def _apply(self, data: dict, source: str) -> None:
        before = len(self.warnings)
        self._apply_all(data, source)
        extra = len(self.warnings) - before - MAX_WARNINGS_PER_FILE
        if extra > 0:
            del self.warnings[before + MAX_WARNINGS_PER_FILE:]
            self.warnings.append(f"{source}: {extra} more problems not listed; fix the ones above first")

    def _apply_all(self, data: dict, source: str) -> None:
        for section in FREE_SECTIONS:
            if section in data:
                value = data[section]
                if isinstance(value, dict):
                    self._free[section] = _merge(self._free[section], value)
                else:
                    self.warnings.append(f"{source}: [{section}] must be a table; ignored")
        flat = _flatten({k: v for k, v in data.items() if k not in FREE_SECTIONS})
        for key, value in flat.items():
            if key not in SCHEMA:
                self.warnings.append(f"{source}: unknown setting {key!r} ignored (known: see README 'Configuration')")
                continue
            error = SCHEMA[key][1](value)
            if error:
                self.warnings.append(f"{source}: {key} = {value!r} {error}; using {SCHEMA[key][0]!r}")
                continue
            self._values[key] = value

    # --- access ---------------------------------------------------------
    def get(self, key: str, default=None):
        if key in self._values:
            return self._values[key]
        section, _, rest = key.partition(".")
        if section in self._free:
            node = self._free[section]
            for part in rest.split(".") if rest else []:
                if not isinstance(node, dict) or part not in node:
                    return default
                node = node[part]
            return copy.deepcopy(node)
        return default

    def set(self, key: str, value) -> None:
        """Change a setting (validated) and mark it for saving in the main file."""
        section = key.partition(".")[0]
        if key in SCHEMA:
            error = SCHEMA[key][1](value)
            if error:
                raise ValueError(f"{key} = {value!r} {error}")
            self._values[key] = value
        elif section in FREE_SECTIONS:
            parts = key.split(".")
            node = self._free
            for p in parts[:-1]:
                node = node.setdefault(p, {})
            node[parts[-1]] = copy.deepcopy(value)
        else:
            raise KeyError(f"unknown setting {key!r}")
        self._changes[key] = copy.deepcopy(value)

    def as_dict(self) -> dict:
        out = _unflatten(self._values)
        out.update(copy.deepcopy(self._free))
        return out

    def save(self) -> None:
        """Write the keys set since loading into the main file, leaving the rest
        of it as the user wrote it. Raises ConfigNotSaved if the file on disk
        cannot be read or parsed (it is left untouched), OSError if the write fails."""
        try:
            doc = tomlfile.load_document(self.path)
        except TomlFileError as e:
            raise ConfigNotSaved(str(e)) from None
        for key, value in self._changes.items():
            tomlfile.set_value(doc, key, value)
        atomic_write(self.path, tomlfile.dumps(doc))


def _merge(base: dict, over: dict) -> dict:
    out = copy.deepcopy(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out
