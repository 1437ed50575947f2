"""Whatever a config file holds, the cabinet starts, says what is wrong in one
line, and a save never loses what the user wrote."""

import datetime
import math
import os
import stat
import tomllib

import pytest

from handheld.tools import cli

from handheld.base import tomlfile
from handheld.base.atomic import atomic_write
from handheld.base.config import Config, ConfigNotSaved
from handheld.runtime.context import Context
from handheld.base.actions import Action, frame_from_masks
from handheld.input.pinmap import PinMapError, load_pinmap
from handheld.cabinet.settings_scene import SettingsScene

USER_FILE = """\
# my cabinet: tuned for the bar
[sound]
volume = 40   # quiet: neighbours

[display]
scale = 2
rotate = 90

[input.pins]
17 = "P1 UP"   # red wire

[mystery]
future_key = "kept"
"""


def load(path):
    return Config.load(path, boot_path=None)


def one_line_about(cfg, path, *words):
    assert len(cfg.warnings) == 1, cfg.warnings
    w = cfg.warnings[0]
    assert "\n" not in w and str(path) in w
    for word in words:
        assert word in w, w
    return w


# --- reading: any bytes, any size, any nesting ---------------------------------

def test_a_latin1_byte_is_one_line_naming_utf8_and_defaults_apply(tmp_path):
    p = tmp_path / "h.toml"
    p.write_bytes(b'[sound]\nvolume = 30\nname = "caf\xe9"\n')
    cfg = load(p)
    one_line_about(cfg, p, "UTF-8", "line 3")
    assert cfg.get("sound.volume") == 80


def test_a_byte_order_mark_is_accepted(tmp_path):
    p = tmp_path / "h.toml"
    p.write_bytes(b"\xef\xbb\xbf[sound]\nvolume = 50\n")
    cfg = load(p)
    assert cfg.warnings == [] and cfg.get("sound.volume") == 50


def test_arrays_nested_5000_deep_are_one_line(tmp_path):
    p = tmp_path / "h.toml"
    p.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
    one_line_about(load(p), p, "nested too deep")
    q = tmp_path / "tables.toml"
    q.write_text("[input." + ".".join(["a"] * 400) + "]\nx = 1\n")
    one_line_about(load(q), q, "nested too deep")


def test_a_huge_file_is_refused_without_being_read_whole_or_parsed(tmp_path, monkeypatch):
    p = tmp_path / "h.toml"
    p.write_text("".join(f"k{i} = {i}\n" for i in range(400_000)))     # ~4.5 MB
    reads = []
    real_open = open

    class CountingFile:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def read(self, n=-1):
            reads.append(n)
            return self.f.read(n)

    monkeypatch.setattr(tomlfile, "open", lambda path, mode="r", *a, **kw: CountingFile(real_open(path, mode, *a, **kw)),
                        raising=False)
    monkeypatch.setattr(tomlfile, "parse", lambda *_a: pytest.fail("a file over the limit was parsed"))
    cfg = load(p)
    assert reads and all(0 < n <= tomlfile.MAX_BYTES + 1 for n in reads)
    one_line_about(cfg, p, "too big")


def test_thousands_of_unknown_keys_give_a_bounded_report(tmp_path):
    p = tmp_path / "h.toml"
    p.write_text("[sound]\n" + "".join(f"k{i} = {i}\n" for i in range(5000)) + "volume = 20\n")
    cfg = load(p)
    assert cfg.get("sound.volume") == 20
    assert len(cfg.warnings) == 21 and "4980 more problems" in cfg.warnings[-1]


@pytest.mark.parametrize("kind", ["directory", "under_a_file"])
def test_an_unreadable_config_is_a_warning_not_a_crash(tmp_path, kind):
    if kind == "directory":
        p = tmp_path / "h.toml"
        p.mkdir()
        words = ("directory",)
    else:
        (tmp_path / "file").write_text("")
        p = tmp_path / "file" / "h.toml"
        words = ("cannot read",)
    cfg = load(p)
    one_line_about(cfg, p, *words)
    assert cfg.get("display.backend") == "auto"


def test_unreadable_file_reports_permission_with_the_fix(tmp_path, monkeypatch):
    p = tmp_path / "h.toml"
    p.write_text("[sound]\nvolume = 1\n")
    real_open = open

    def denied(path, *a, **k):          # we run as root in CI, where chmod 000 still reads
        if str(path) == str(p):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *a, **k)

    monkeypatch.setattr("builtins.open", denied)
    one_line_about(load(p), p, "Permission denied", "chmod")


def test_a_bool_is_not_a_number(tmp_path):
    p = tmp_path / "h.toml"
    p.write_text("[sound]\nvolume = true\n[display]\nscale = false\n")
    cfg = load(p)
    assert cfg.get("sound.volume") == 80 and cfg.get("display.scale") == 0
    assert len(cfg.warnings) == 2 and all("whole number" in w for w in cfg.warnings)


def test_pin_map_with_a_latin1_byte_is_a_pinmap_error(tmp_path):
    p = tmp_path / "pins.toml"
    p.write_bytes(b'name = "caf\xe9"\n[pins]\n17 = "P1 UP"\n')
    with pytest.raises(PinMapError) as e:
        load_pinmap(p)
    assert "UTF-8" in str(e.value) and str(p) in str(e.value)


def test_hw_overlay_with_a_latin1_byte_prints_one_line(tmp_path, capsys):
    p = tmp_path / "pins.toml"
    p.write_bytes(b'name = "caf\xe9"\n')
    assert cli.main(["hw", "overlay", str(p)]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "UTF-8" in err[0]


# --- saving: only the changed key, never over a broken file ------------------------

def test_save_changes_only_the_key_and_keeps_comments_order_unknown_keys_and_mode(tmp_path):
    p = tmp_path / "h.toml"
    p.write_text(USER_FILE)
    os.chmod(p, 0o644)
    cfg = load(p)
    cfg.set("sound.volume", 70)
    cfg.save()
    assert p.read_text() == USER_FILE.replace("volume = 40", "volume = 70")
    assert stat.S_IMODE(os.stat(p).st_mode) == 0o644


def test_save_adds_a_missing_table_and_merges_device_maps(tmp_path):
    p = tmp_path / "h.toml"
    p.write_text('[input.devices."usb:1:2"]  # left stick\nplayer = 1\nmap = { BTN_SOUTH = "FIRE" }\n')
    cfg = load(p)
    devices = cfg.get("input.devices")
    devices["usb:3:4"] = {"player": 2, "map": {"BTN_EAST": "FIRE"}}
    cfg.set("input.devices", devices)
    cfg.set("cabinet.kiosk", True)
    cfg.save()
    text = p.read_text()
    assert "# left stick" in text
    assert tomllib.loads(text) == {"input": {"devices": {"usb:1:2": {"player": 1, "map": {"BTN_SOUTH": "FIRE"}},
                                                         "usb:3:4": {"player": 2, "map": {"BTN_EAST": "FIRE"}}}},
                                   "cabinet": {"kiosk": True}}


def test_a_file_with_a_syntax_error_is_never_overwritten(tmp_path):
    p = tmp_path / "h.toml"
    broken = USER_FILE + "[oops\n"
    p.write_text(broken)
    cfg = load(p)
    cfg.set("sound.volume", 10)
    with pytest.raises(ConfigNotSaved):
        cfg.save()
    assert p.read_text() == broken


def settings_scene(cfg):
    ctx = Context.headless_context(settings=cfg)
    scene = SettingsScene(ctx)
    ctx.director.push(scene)
    return scene


def press(scene, action):
    scene.update(frame_from_masks((action, action, 0, action)))


def test_settings_screen_says_not_saved_and_keeps_a_broken_file(tmp_path):
    p = tmp_path / "h.toml"
    broken = USER_FILE.replace("rotate = 90", "rotate = ")
    p.write_text(broken)
    scene = settings_scene(load(p))
    press(scene, Action.FIRE)                   # SOUND ON -> OFF
    assert scene.message == "CONFIG FILE HAS AN ERROR - NOT SAVED"
    assert p.read_text() == broken


def test_settings_screen_saves_beside_dates_mixed_arrays_and_infinities(tmp_path):
    p = tmp_path / "h.toml"
    p.write_text('when = 1979-05-27T07:32:00Z\nmix = [1, "two", 3.0]\nbig = inf\nodd = nan\n'
                 "[sound]\nvolume = 40\n")
    scene = settings_scene(load(p))
    press(scene, Action.FIRE)
    assert scene.message == "SAVED"
    data = tomllib.loads(p.read_text())
    assert data["sound"] == {"volume": 40, "enabled": False}
    assert data["when"] == datetime.datetime(1979, 5, 27, 7, 32, tzinfo=datetime.timezone.utc)
    assert data["mix"] == [1, "two", 3.0] and data["big"] == math.inf and math.isnan(data["odd"])


# --- atomic write: checked step by step, no racing a kill --------------------------

def test_atomic_write_fsyncs_a_new_file_then_renames_it_over_the_old(tmp_path, monkeypatch):
    p = tmp_path / "h.toml"
    p.write_text("old = 1\n")
    old_inode = os.stat(p).st_ino
    events = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    def power_cut(src, dst):
        events.append(("replace", str(src), str(dst)))
        assert p.read_text() == "old = 1\n"      # nothing written in place yet
        raise KeyboardInterrupt("power cut")

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", power_cut)
    with pytest.raises(KeyboardInterrupt):
        atomic_write(p, "new = 2\n")
    assert p.read_text() == "old = 1\n"
    tmp = events[-1][1]
    assert events == [("fsync", tmp), ("replace", tmp, str(p))]
    monkeypatch.setattr(os, "replace", real_replace)
    atomic_write(p, "new = 2\n")
    assert p.read_text() == "new = 2\n" and os.stat(p).st_ino != old_inode


def test_tomlfile_set_value_leaves_equal_values_alone(tmp_path):
    p = tmp_path / "h.toml"
    p.write_text("[sound]\nvolume = 0x28  # hex, as I like it\n")
    doc = tomlfile.load_document(p)
    tomlfile.set_value(doc, "sound.volume", 40)
    import tomlkit
    assert tomlkit.dumps(doc) == p.read_text()


def test_without_tomlkit_a_save_says_what_to_install_and_keeps_the_file(tmp_path, monkeypatch):
    import sys

    p = tmp_path / "h.toml"
    p.write_text(USER_FILE)
    cfg = load(p)
    cfg.set("sound.volume", 10)
    monkeypatch.setitem(sys.modules, "tomlkit", None)       # as on a Pi without python3-tomlkit
    with pytest.raises(ConfigNotSaved) as e:
        cfg.save()
    assert "python3-tomlkit" in str(e.value)
    assert p.read_text() == USER_FILE


@pytest.mark.parametrize("text, kept", [
    ("sound.volume = 40 # dotted\nsound.enabled = true\n", "# dotted"),
    ("sound = { volume = 40, enabled = true }  # inline\n", "# inline"),
    ("[sound]\nvolume = 40\n[sound.extra]\nx = 1\n", "[sound.extra]"),
])
def test_save_edits_dotted_keys_and_inline_tables_where_they_are(tmp_path, text, kept):
    p = tmp_path / "h.toml"
    p.write_text(text)
    cfg = load(p)
    cfg.set("sound.volume", 70)
    cfg.save()
    out = p.read_text()
    assert kept in out and out.count("volume") == 1
    assert tomllib.loads(out)["sound"]["volume"] == 70 and tomllib.loads(out)["sound"].get("enabled", True)
