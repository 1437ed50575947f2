"""The cabinet never imports numpy, asyncio or ssl: on a 512 MB Pi Zero 2 W they
would cost 17 and 9 MB of resident memory and, under QEMU, seconds of the start
(issues 20 and 21). Only the sound-rendering tools use numpy, at build time. Nor
pygame's font module, which loads SDL_ttf and 7 libraries behind it at every start:
the cabinet draws its text with its own bitmap font."""

import subprocess
import sys
from pathlib import Path

BUILD_TIME_ONLY = ("handheld.audio.synth", "handheld.tools.render_sounds")
# opt-in: only a config with [fleet] imports it, and paho-mqtt needs ssl (tests/fleet checks the rest never does)
OPT_IN = "handheld.fleet"

CODE = f"""
import sys, importlib, pathlib
import handheld, evdev   # evdev first, as the cabinet imports it
root = pathlib.Path(handheld.__file__).parent
names = sorted(".".join(("handheld",) + p.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
               for p in root.rglob("*.py"))
names = [n for n in names if n not in {BUILD_TIME_ONLY!r} and not n.endswith("__main__")
         and not n.startswith({OPT_IN!r})]
for name in names:
    importlib.import_module(name)
    heavy = [m for m in ("numpy", "asyncio", "ssl", "pygame.font", "pygame.sysfont", "pygame.scrap", "pygame.freetype",
                         "pygame.joystick", "pygame.mask", "pygame.pixelarray", "pygame.pixelcopy", "pygame.sprite",
                         "pygame.cursors", "pygame.threads", "pygame.fastevent", "pygame.mouse")
             if sys.modules.get(m) is not None]
    if heavy:
        print(*heavy, "imported by", name)
        break
else:
    print(len(names), "modules, no numpy")
"""


def test_no_cabinet_module_imports_numpy_asyncio_or_pygame_font():
    p = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                       env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    assert p.returncode == 0, p.stderr
    count, _, rest = p.stdout.strip().partition(" ")
    assert rest == "modules, no numpy" and int(count) > 150, p.stdout


FIRST_FRAME = """
import logging, sys

class AtFirstFrame(logging.Handler):
    done = False

    def emit(self, record):
        if record.getMessage().startswith("first frame on screen") and not self.done:
            self.done = True
            print(" ".join(sorted(m for m, mod in sys.modules.items() if mod is not None)), flush=True)

logging.getLogger("handheld").addHandler(AtFirstFrame())
from handheld.tools.cli import main
raise SystemExit(main(["run", "--display", "window", "--seconds", "0.2"]))
"""


def _imports_at_first_frame(tmp_path) -> set[str]:
    # -S and the paths spelled out, as the service starts it: no site module, whose
    # .pth files (an editable install's finder) import modules of their own
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin",
           "PYTHONPATH": ":".join([str(Path(__file__).resolve().parents[2])] + sys.path),
           "HANDHELD_CONFIG": str(tmp_path / "handheld.toml"), "HANDHELD_STATE_DIR": str(tmp_path / "state")}
    p = subprocess.run([sys.executable, "-S", "-c", FIRST_FRAME], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert p.returncode == 0 and p.stdout.strip(), p.stderr[-2000:]
    return set(p.stdout.splitlines()[0].split())


def test_the_title_comes_before_sound_input_and_games_are_imported(tmp_path):
    # what the cabinet needs only after its first frame stays out of the way of it:
    # SDL_mixer (opened after the title, never without a sound card), SDL_image (PNG
    # support, loaded when a picture is first read or saved), evdev and the
    # input devices, every game; and the standard modules that cost a tenth of a second or
    # more each of a cold start under QEMU for nothing the title needs: dataclasses (with
    # inspect, dis and ast), socket's enum-building wrapper (sd_notify uses _socket), ctypes,
    # json (the records are read when a screen first shows them), pathlib (which brings
    # urllib.parse and ipaddress; the modules before the title use os.path)
    early = _imports_at_first_frame(tmp_path)
    assert "pygame" in early and "handheld.cabinet.app" in early
    late = {"pygame.mixer", "pygame.mixer_music", "pygame.imageext", "evdev", "handheld.input.manager", "tempfile", "shutil",
            "handheld.games.archon", "handheld.games.atom4", "handheld.games.sphinx",
            "dataclasses", "inspect", "socket", "ctypes", "json", "pathlib", "urllib.parse", "ipaddress", "glob"}
    assert not early & late, sorted(early & late)


def test_png_files_go_through_pngfile():
    # the cabinet holds pygame's PNG support back (handheld/base/pngfile.py), so in it
    # pygame.image.load/save of a PNG fail, though they work wherever pygame came first
    root = Path(__file__).resolve().parents[2] / "handheld"
    calls = [f"{p.relative_to(root)}:{n}" for p in root.rglob("*.py") for n, line in enumerate(p.read_text().splitlines(), 1)
             if "pygame.image.load" in line or "pygame.image.save" in line]
    assert not calls, f"read and write pictures with handheld.base.pngfile.load/save: {calls}"


def test_pygame_quit_loads_no_font_library():
    # pygame.quit() imports pygame.freetype (FreeType) to shut it down unless it is held back
    code = ("import sys, handheld, pygame; pygame.display.init(); pygame.quit(); "
            "print(sys.modules.get('pygame.freetype'), sys.modules.get('pygame._freetype'))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)})
    assert p.returncode == 0, p.stderr
    assert p.stdout.split("\n")[0] == "None None"


def test_pygame_says_nothing_about_the_modules_held_back():
    # pygame 2.1.2 (bookworm's) warns at import about missing modules it counts as urgent;
    # the journal would get ten lines at every start
    p = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", "import handheld, pygame"],
                       capture_output=True, text=True,
                       env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)})
    assert p.returncode == 0 and p.stderr == "", p.stderr
