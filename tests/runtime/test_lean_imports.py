"""The cabinet never imports numpy, asyncio or ssl: on a 512 MB Pi Zero 2 W they
would cost 17 and 9 MB of resident memory and, under QEMU, seconds of the start
(issues 20 and 21). Only the sound-rendering tools use numpy, at build time."""

import subprocess
import sys

BUILD_TIME_ONLY = ("handheld.audio.synth", "handheld.audio.render")

CODE = f"""
import sys, importlib, pathlib
import handheld, evdev   # evdev first, as the cabinet imports it
root = pathlib.Path(handheld.__file__).parent
names = sorted(".".join(("handheld",) + p.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
               for p in root.rglob("*.py"))
names = [n for n in names if n not in {BUILD_TIME_ONLY!r} and not n.endswith("__main__")]
for name in names:
    importlib.import_module(name)
    heavy = [m for m in ("numpy", "asyncio", "ssl") if m in sys.modules]
    if heavy:
        print(*heavy, "imported by", name)
        break
else:
    print(len(names), "modules, no numpy")
"""


def test_no_cabinet_module_imports_numpy_or_asyncio():
    p = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                       env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    assert p.returncode == 0, p.stderr
    count, _, rest = p.stdout.strip().partition(" ")
    assert rest == "modules, no numpy" and int(count) > 150, p.stdout
