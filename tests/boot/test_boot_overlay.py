"""The gpio-keys overlay generated from a pin map compiles with dtc and applies to a Pi tree."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "image"))

import gpiokeys  # noqa: E402

needs_dtc = pytest.mark.skipif(shutil.which("dtc") is None or shutil.which("fdtoverlay") is None,
                               reason="dtc/fdtoverlay not installed (apt-get install device-tree-compiler)")

# A stand-in for the Pi's base tree: the GPIO controller where mainline puts it,
# labelled "gpio" and compiled with symbols, as the overlay expects.
BASE_DTS = """/dts-v1/;
/ {
    compatible = "raspberrypi,3-model-b", "brcm,bcm2837";
    #address-cells = <1>; #size-cells = <1>;
    soc {
        #address-cells = <1>; #size-cells = <1>;
        gpio: gpio@7e200000 {
            phandle = <6>;
            compatible = "brcm,bcm2835-gpio";
            reg = <0x7e200000 0xb4>;
            gpio-controller; #gpio-cells = <2>;
        };
    };
};
"""


def run(*argv, **kw):
    return subprocess.run([str(a) for a in argv], capture_output=True, text=True, **kw)


def bartop():
    import tomllib
    return gpiokeys.parse_pinmap(tomllib.loads((ROOT / "image/pinmap-bartop.toml").read_text()))


def test_bartop_pins_and_keycodes():
    name, pins = bartop()
    assert name == "2-player bartop"
    assert len(pins) == 24
    by_bcm = {p["bcm"]: p for p in pins}
    assert (by_bcm[4]["player"], by_bcm[4]["action"]) == (1, "UP")
    assert gpiokeys.keycode(1, "UP") == 103          # KEY_UP
    assert gpiokeys.keycode(1, "FIRE") == 29         # KEY_LEFTCTRL
    assert gpiokeys.keycode(2, "FIRE") == 30         # KEY_A
    assert gpiokeys.keycode(2, "START") == 3         # KEY_2
    assert 3 not in by_bcm                           # BCM3 is left for the power button


@needs_dtc
def test_overlay_compiles_and_applies(tmp_path):
    name, pins = bartop()
    (tmp_path / "o.dts").write_text(gpiokeys.overlay_dts(name, pins, power_pin=3))
    (tmp_path / "base.dts").write_text(BASE_DTS)
    done = run("dtc", "-@", "-I", "dts", "-O", "dtb", "-o", tmp_path / "o.dtbo", tmp_path / "o.dts")
    assert done.returncode == 0, done.stderr
    assert run("dtc", "-@", "-I", "dts", "-O", "dtb", "-o", tmp_path / "base.dtb",
               tmp_path / "base.dts").returncode == 0
    done = run("fdtoverlay", "-i", tmp_path / "base.dtb", "-o", tmp_path / "out.dtb", tmp_path / "o.dtbo")
    assert done.returncode == 0, done.stderr

    def get(node, prop, fmt="i"):
        r = run("fdtget", "-t", fmt, tmp_path / "out.dtb", node, prop)
        assert r.returncode == 0, r.stderr
        return r.stdout.split()

    gpio_phandle = get("/soc/gpio@7e200000", "phandle")[0]
    assert get("/handheld-buttons", "compatible", "s") == ["gpio-keys"]
    assert get("/handheld-buttons", "label", "s") == ["handheld-buttons"]
    # P1 UP on BCM4, active low, KEY_UP, pointing at the real GPIO controller
    assert get("/handheld-buttons/p1-up", "gpios") == [gpio_phandle, "4", "1"]
    assert get("/handheld-buttons/p1-up", "linux,code") == ["103"]
    assert get("/handheld-buttons/p2-b1", "gpios") == [gpio_phandle, "25", "1"]
    assert get("/handheld-buttons/p2-b1", "linux,code") == ["30"]
    assert get("/handheld-power/power", "linux,code") == ["116"]
    assert get("/handheld-power/power", "gpios") == [gpio_phandle, "3", "1"]
    # the pull-ups landed in the GPIO controller: 24 buttons + power, all input, pull up
    pins = get("/soc/gpio@7e200000/handheld_pins", "brcm,pins")
    assert len(pins) == 25 and "3" in pins and "4" in pins
    assert set(get("/soc/gpio@7e200000/handheld_pins", "brcm,pull")) == {"2"}
    assert set(get("/soc/gpio@7e200000/handheld_pins", "brcm,function")) == {"0"}


@pytest.mark.parametrize("pins,message", [
    ({"1": "P1 UP"}, "not a BCM GPIO number"),
    ({"30": "P1 UP"}, "not a BCM GPIO number"),
    ({"4": "P5 UP"}, "is not like"),
    ({"4": "P1 JUMP"}, "is not like"),
    ({"4": {"action": "P1 UP", "pull": "sideways"}}, "must be up, down or off"),
    ({"4": {"action": "P1 UP", "label": "has space"}}, "label must be"),
])
def test_bad_pins_are_named(pins, message):
    with pytest.raises(gpiokeys.PinMapError, match=message):
        gpiokeys.parse_pinmap({"pins": pins})


def test_power_pin_clash_and_cli_errors(tmp_path):
    _, pins = gpiokeys.parse_pinmap({"pins": {"3": "P1 UP"}})
    with pytest.raises(gpiokeys.PinMapError, match="power pin BCM3 is also a button"):
        gpiokeys.overlay_dts("", pins, power_pin=3)
    assert "handheld-power" not in gpiokeys.overlay_dts("", pins, power_pin=None)
    bad = tmp_path / "bad.toml"
    bad.write_text("pins = [")
    done = run(sys.executable, ROOT / "image/gpiokeys.py", bad)
    assert done.returncode == 2 and "not valid TOML" in done.stderr
    assert "Traceback" not in done.stderr
    done = run(sys.executable, ROOT / "image/gpiokeys.py", tmp_path / "none.toml")
    assert done.returncode == 2 and "no such file" in done.stderr


@needs_dtc
def test_literal_phandle_overlay_applies_to_tree_without_symbols(tmp_path):
    # Debian's Pi dtbs have no __symbols__: the overlay must address the GPIO
    # controller by path and the phandle read from the dtb.
    (tmp_path / "base.dts").write_text(BASE_DTS)
    assert run("dtc", "-I", "dts", "-O", "dtb", "-o", tmp_path / "base.dtb", tmp_path / "base.dts").returncode == 0
    assert run("fdtget", "-p", tmp_path / "base.dtb", "/__symbols__").returncode != 0
    ph = run("fdtget", "-t", "i", tmp_path / "base.dtb", "/soc/gpio@7e200000", "phandle")
    if ph.returncode != 0:   # dtc only emits a phandle when something references the node
        pytest.skip("stand-in tree has no phandle on gpio")
    name, pins = bartop()
    (tmp_path / "o.dts").write_text(gpiokeys.overlay_dts(name, pins, 3, int(ph.stdout)))
    # the symbolic overlay can't apply here; the literal one can
    (tmp_path / "sym.dts").write_text(gpiokeys.overlay_dts(name, pins, 3))
    for n in ("o", "sym"):
        assert run("dtc", "-@", "-I", "dts", "-O", "dtb", "-o", tmp_path / f"{n}.dtbo",
                   tmp_path / f"{n}.dts").returncode == 0
    assert run("fdtoverlay", "-i", tmp_path / "base.dtb", "-o", tmp_path / "bad.dtb",
               tmp_path / "sym.dtbo").returncode != 0
    done = run("fdtoverlay", "-i", tmp_path / "base.dtb", "-o", tmp_path / "out.dtb", tmp_path / "o.dtbo")
    assert done.returncode == 0, done.stderr
    r = run("fdtget", "-t", "i", tmp_path / "out.dtb", "/handheld-buttons/p1-up", "gpios")
    assert r.stdout.split() == [ph.stdout.strip(), "4", "1"]
