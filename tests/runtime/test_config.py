import tomllib

from handheld.base.config import Config, atomic_write


def test_defaults_when_no_file(tmp_path):
    cfg = Config.load(tmp_path / "none.toml", boot_path=None)
    assert cfg.get("display.backend") == "auto"
    assert cfg.get("cabinet.attract_after_s") == 60
    assert cfg.warnings == []


def test_bad_values_and_unknown_keys_fall_back_with_a_named_warning(tmp_path):
    p = tmp_path / "h.toml"
    p.write_text('[display]\nscale = 99\nbackend = "vga"\nrotate = 90\n[sound]\nvolum = 3\n')
    cfg = Config.load(p, boot_path=None)
    assert cfg.get("display.scale") == 0 and cfg.get("display.backend") == "auto"
    assert cfg.get("display.rotate") == 90
    text = "\n".join(cfg.warnings)
    assert "display.scale = 99 must be a whole number from 0 to 8" in text
    assert "display.backend = 'vga' must be one of auto" in text
    assert "unknown setting 'sound.volum'" in text
    assert all("\n" not in w for w in cfg.warnings)


def test_broken_toml_falls_back_to_defaults_and_says_so(tmp_path):
    p = tmp_path / "h.toml"
    p.write_text("[display\nscale = 2")
    cfg = Config.load(p, boot_path=None)
    assert cfg.get("display.scale") == 0
    assert "not valid TOML" in cfg.warnings[0] and str(p) in cfg.warnings[0]


def test_boot_partition_file_is_read_and_main_file_wins(tmp_path):
    boot, main = tmp_path / "boot.toml", tmp_path / "main.toml"
    boot.write_text("[display]\nscale = 2\nrotate = 270\n")
    main.write_text("[display]\nscale = 3\n")
    cfg = Config.load(main, boot_path=boot)
    assert cfg.get("display.scale") == 3 and cfg.get("display.rotate") == 270


def test_env_var_names_the_file(tmp_path, monkeypatch):
    p = tmp_path / "env.toml"
    p.write_text("[sound]\nvolume = 10\n")
    monkeypatch.setenv("HANDHELD_CONFIG", str(p))
    assert Config.load(boot_path=None).get("sound.volume") == 10


def test_save_round_trips_only_what_was_set(tmp_path):
    p = tmp_path / "sub" / "h.toml"
    cfg = Config.load(p, boot_path=None)
    cfg.set("sound.volume", 35)
    cfg.set("input.deadzone", 12)
    cfg.save()
    assert tomllib.loads(p.read_text()) == {"sound": {"volume": 35}, "input": {"deadzone": 12}}
    again = Config.load(p, boot_path=None)
    assert again.get("sound.volume") == 35 and again.get("input.deadzone") == 12


def test_a_save_sweeps_temp_files_left_by_a_power_cut(tmp_path):
    p = tmp_path / "handheld.toml"
    cut_short = tmp_path / ".handheld.toml.k3j9x2ab.tmp"       # mkstemp's name, never renamed
    cut_short.write_text("sound.vol")
    other = tmp_path / ".stats.json.a1b2c3d4.tmp"              # another file's: not ours to touch
    other.write_text("{")
    atomic_write(p, "[sound]\nvolume = 40\n")
    assert sorted(f.name for f in tmp_path.iterdir()) == [".stats.json.a1b2c3d4.tmp", "handheld.toml"]
    assert tomllib.loads(p.read_text()) == {"sound": {"volume": 40}}
