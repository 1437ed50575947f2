"""The I2S amplifier's device-tree nodes (image/i2samp.py) merge into a Pi tree without symbols."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "image"))

import i2samp  # noqa: E402

needs_dtc = pytest.mark.skipif(any(shutil.which(t) is None for t in ("dtc", "fdtoverlay", "fdtput", "fdtget")),
                               reason="apt-get install device-tree-compiler")

# Like Debian's mainline Pi dtbs: no __symbols__, the I2S block disabled, without a phandle
# (nothing points at it) and without #sound-dai-cells.
BASE_DTS = """/dts-v1/;
/ {
    compatible = "raspberrypi,3-model-b", "brcm,bcm2837";
    #address-cells = <1>; #size-cells = <1>;
    soc {
        #address-cells = <1>; #size-cells = <1>;
        gpio@7e200000 { phandle = <6>; compatible = "brcm,bcm2835-gpio"; reg = <0x7e200000 0xb4>; };
        i2s@7e203000 { compatible = "brcm,bcm2835-i2s"; reg = <0x7e203000 0x24>; status = "disabled"; };
        other { phandle = <0x1f>; };
    };
};
"""


def get(dtb, node, prop, fmt="i"):
    done = subprocess.run(["fdtget", "-t", fmt, str(dtb), node, prop], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@needs_dtc
def test_amplifier_nodes_point_at_the_i2s_block_and_its_pins(tmp_path):
    (tmp_path / "base.dts").write_text(BASE_DTS)
    dtb = tmp_path / "pi.dtb"
    subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", str(dtb), str(tmp_path / "base.dts")], check=True)
    i2samp.merge(str(dtb))
    i2s = get(dtb, "/soc/i2s@7e203000", "phandle")
    assert i2s == ["32"]                                   # one past the highest phandle (0x1f)
    assert get(dtb, "/soc/i2s@7e203000", "status", "s") == ["okay"]
    assert get(dtb, "/soc/i2s@7e203000", "#sound-dai-cells") == ["0"]
    pins = "/soc/gpio@7e200000/handheld-i2s-pins"
    assert get(dtb, pins, "brcm,pins") == ["18", "19", "21"] and get(dtb, pins, "brcm,function") == ["4"]
    assert get(dtb, "/soc/i2s@7e203000", "pinctrl-0") == get(dtb, pins, "phandle")
    assert get(dtb, "/handheld-sound", "compatible", "s") == ["simple-audio-card"]
    assert get(dtb, "/handheld-sound", "simple-audio-card,name", "s") == ["MAX98357A"]
    assert get(dtb, "/handheld-sound/simple-audio-card,cpu", "sound-dai") == i2s
    assert get(dtb, "/handheld-sound/simple-audio-card,codec", "sound-dai") == get(dtb, "/handheld-amp", "phandle")
    assert get(dtb, "/handheld-amp", "compatible", "s") == ["maxim,max98357a"]
    phandles = [get(dtb, n, "phandle")[0] for n in ("/soc/gpio@7e200000", "/soc/other", "/soc/i2s@7e203000",
                                                    pins, "/handheld-amp")]
    assert len(set(phandles)) == len(phandles)


def test_a_pin_map_on_the_amplifiers_pins_is_refused_in_one_line():
    import build

    line = build.i2s_clash(str(ROOT / "image" / "pinmap-bartop.toml"))
    assert line.startswith("--i2s-amp needs GPIO 18, 19, 21 but ") and "\n" not in line
    assert "wires buttons to GPIO 18, 19, 21" in line
    assert build.i2s_clash(str(ROOT / "hw" / "handheld.toml")) is None
