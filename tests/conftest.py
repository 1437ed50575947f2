import os

# Tests never open a real window or sound device.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_addoption(parser):
    parser.addoption("--pin-golden", action="store_true",
                     help="write each game's golden replay hash for its play version into "
                          "tests/runtime/golden_replays.json (after a deliberate change of play)")
