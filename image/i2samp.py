#!/usr/bin/env python3
"""An I2S amplifier (MAX98357A type) for the SD image: device-tree nodes merged into a Pi .dtb.

Debian's Pi dtbs carry no __symbols__ and its raspi-firmware has no overlays, so
(as for the buttons, see gpiokeys.py) the nodes are merged at build time with fdtoverlay,
addressing nodes by path and the SoC's I2S block by a literal phandle:

* GPIO 18, 19, 21 to ALT0 (PCM_CLK, PCM_FS, PCM_DOUT; 20 is the input an amp doesn't use);
* the I2S block (/soc/i2s@7e203000, disabled in the mainline trees) switched on;
* a "maxim,max98357a" codec and a simple-audio-card named MAX98357A joining the two, which
  the kernel turns into the ALSA card MAX98357A (sound.output = "i2s").

Usage: python3 image/i2samp.py DTB     (adds the nodes to DTB in place; needs dtc, fdtput)
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

I2S_NODE = "/soc/i2s@7e203000"
GPIO_NODE = "/soc/gpio@7e200000"
I2S_PINS = (18, 19, 21)
ALT0 = 4                      # brcm,function for PCM on GPIO 18-21
CARD_NAME = "MAX98357A"


def overlay_dts(i2s_phandle: int) -> str:
    pins = " ".join(map(str, I2S_PINS))
    return f"""/dts-v1/;
/plugin/;

/ {{
	fragment@0 {{
		target-path = "{GPIO_NODE}";
		__overlay__ {{
			handheld_i2s_pins: handheld-i2s-pins {{
				brcm,pins = <{pins}>;
				brcm,function = <{ALT0}>;
			}};
		}};
	}};
	fragment@1 {{
		target-path = "{I2S_NODE}";
		__overlay__ {{
			pinctrl-names = "default";
			pinctrl-0 = <&handheld_i2s_pins>;
			#sound-dai-cells = <0>;
			status = "okay";
		}};
	}};
	fragment@2 {{
		target-path = "/";
		__overlay__ {{
			handheld_amp: handheld-amp {{
				compatible = "maxim,max98357a";
				#sound-dai-cells = <0>;
			}};
			handheld-sound {{
				compatible = "simple-audio-card";
				simple-audio-card,name = "{CARD_NAME}";
				simple-audio-card,format = "i2s";
				simple-audio-card,cpu {{
					sound-dai = <{i2s_phandle}>;
				}};
				simple-audio-card,codec {{
					sound-dai = <&handheld_amp>;
				}};
			}};
		}};
	}};
}};
"""


def conflicts(pinmap_pins) -> list[int]:
    """Pins a button pin map and the amplifier would both use."""
    return sorted(set(pinmap_pins) & set(I2S_PINS))


def run(*argv) -> str:
    done = subprocess.run([str(a) for a in argv], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{argv[0]}: {done.stderr.strip()}")
    return done.stdout


def phandle_of(dtb: str, node: str) -> int:
    """The node's phandle, given one (max + 1) if it has none: the I2S block is not
    referenced by anything in the mainline trees, so it has no phandle to point at."""
    try:
        return int(run("fdtget", "-t", "i", dtb, node, "phandle").split()[0])
    except RuntimeError:
        pass
    dts = run("dtc", "-q", "-I", "dtb", "-O", "dts", dtb)
    used = [int(v, 0) for v in re.findall(r"\bphandle = <(0x[0-9a-f]+|\d+)>", dts)]
    new = max(used, default=0) + 1
    run("fdtput", "-t", "i", dtb, node, "phandle", new)
    return new


def merge(dtb: str) -> None:
    """Add the amplifier's nodes to ``dtb`` in place."""
    i2s = phandle_of(dtb, I2S_NODE)
    with tempfile.TemporaryDirectory() as tmp:
        dts, dtbo = os.path.join(tmp, "i2s-amp.dts"), os.path.join(tmp, "i2s-amp.dtbo")
        with open(dts, "w") as fh:
            fh.write(overlay_dts(i2s))
        run("dtc", "-@", "-q", "-I", "dts", "-O", "dtb", "-o", dtbo, dts)
        run("fdtoverlay", "-i", dtb, "-o", dtb + ".new", dtbo)
    os.replace(dtb + ".new", dtb)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dtb")
    args = p.parse_args(argv)
    try:
        merge(args.dtb)
    except RuntimeError as exc:
        print(f"i2samp: error: {args.dtb}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
