"""The fuzz's hands: four fake USB pads on a fake /dev/input (python-evdev's API,
handheld.input.fakes) and the seeded script that mashes, holds combos, idles and
hot-plugs them, one tick at a time."""

from __future__ import annotations

PADS = 4
BTN = {"FIRE": 0x130, "ALT": 0x131, "ALT2": 0x133, "FIRE2": 0x134, "TL": 0x136, "TR": 0x137,
       "SELECT": 0x13A, "START": 0x13B, "MODE": 0x13C}
HAT_X, HAT_Y, STICK_X, STICK_Y = 16, 17, 0, 1
ADMIN = ("START", "SELECT", "FIRE")       # the default admin combo, held 5 s in kiosk mode
COMBOS = (("START", "SELECT"), ADMIN, ADMIN, ("START", "ALT"), ("SELECT", "ALT"),
          ("START", "SELECT", "ALT", "FIRE"), ("SELECT",), ("START",), ("FIRE", "ALT"))


class Bus:
    """/dev/input as the evdev backend sees it."""

    def __init__(self):
        self.nodes = {}
        self.next_node = 20

    def lister(self):
        return sorted(self.nodes)

    def opener(self, path):
        try:
            return self.nodes[path]
        except KeyError:
            raise FileNotFoundError(2, "No such file or directory", path) from None

    def plug(self, phys: str, path: str | None = None):
        from handheld.input.fakes import FakeInputDevice, gamepad_caps

        if path is None:
            path = f"/dev/input/event{self.next_node}"
            self.next_node += 1
        dev = FakeInputDevice(path, "Fuzz Pad", phys, gamepad_caps())
        self.nodes[path] = dev
        return dev

    def unplug(self, dev, mid_read: bool) -> None:
        if mid_read:
            dev.unplug_after_pending()
        else:
            dev.unplug()
        self.nodes.pop(dev.path, None)


class Hands:
    """The seeded script: what each pad does on each tick."""

    def __init__(self, rng, bus: Bus):
        self.rng, self.bus = rng, bus
        self.pads = [bus.plug(f"usb-1.{i}/input0") for i in range(PADS)]
        self.held: list[set[int]] = [set() for _ in range(PADS)]
        self.mode, self.left, self.combo = "mash", 0, ()

    def plugged(self):
        return [i for i, d in enumerate(self.pads) if d is not None]

    def step(self) -> None:
        rng = self.rng
        if rng.chance(1, 900):
            self._hot_plug()
        if self.left <= 0:
            self._next_mode()
        self.left -= 1
        if self.mode == "idle":
            return
        if self.mode == "combo":
            return                          # held since the mode began; let go when it ends
        if rng.chance(1, 3):
            plugged = self.plugged()
            if plugged:
                self._poke(rng.choice(plugged))

    def _next_mode(self) -> None:
        rng = self.rng
        self._let_go_all()
        roll = rng.randrange(100)
        if roll < 12:
            self.mode = "idle"              # short pauses, sometimes past attract (60 s) or kiosk idle (180 s)
            self.left = rng.choice((rng.randint(30, 600), rng.randint(600, 4000), rng.randint(3600, 13000)))
        elif roll < 35:
            self.mode = "combo"
            plugged = self.plugged()
            self.left = rng.choice((rng.randint(2, 40), rng.randint(60, 420), rng.randint(290, 420)))
            if plugged:
                pad = rng.choice(plugged)
                for name in rng.choice(COMBOS):
                    self._press(pad, BTN[name])
        else:
            self.mode = "mash"
            self.left = rng.randint(30, 600)

    def _poke(self, pad: int) -> None:
        rng, dev = self.rng, self.pads[pad]
        kind = rng.randrange(10)
        if kind < 4:
            axis = rng.choice((HAT_X, HAT_Y))
            dev.move(axis, rng.choice((-1, 0, 0, 1)))
        elif kind < 5:
            axis = rng.choice((STICK_X, STICK_Y))
            dev.move(axis, rng.choice((-32768, -20000, 0, 0, 15000, 32767)))
        else:
            code = BTN[rng.choice(("FIRE", "FIRE", "ALT", "FIRE2", "ALT2", "START", "SELECT", "TL", "TR", "MODE"))]
            if code in self.held[pad]:
                self._release(pad, code)
            else:
                self._press(pad, code)
                if rng.chance(2, 3):
                    self._release(pad, code)

    def _press(self, pad: int, code: int) -> None:
        self.pads[pad].press(code)
        self.held[pad].add(code)

    def _release(self, pad: int, code: int) -> None:
        self.pads[pad].release(code)
        self.held[pad].discard(code)

    def _let_go_all(self) -> None:
        for pad in self.plugged():
            for code in sorted(self.held[pad]):
                self._release(pad, code)
            if self.rng.chance(1, 2):
                for axis in (HAT_X, HAT_Y, STICK_X, STICK_Y):
                    self.pads[pad].move(axis, 0)

    def _hot_plug(self) -> None:
        rng = self.rng
        pad = rng.randrange(PADS)
        dev = self.pads[pad]
        if dev is not None:                 # pulled out, maybe with buttons held, maybe mid-read
            self.bus.unplug(dev, mid_read=rng.chance(1, 2))
            self.pads[pad] = None
            self.held[pad] = set()
        else:                               # back in: the same node or a new one, same USB port
            path = f"/dev/input/event{10 + pad}" if rng.chance(1, 2) else None
            if path in self.bus.nodes:
                path = None
            self.pads[pad] = self.bus.plug(f"usb-1.{pad}/input0", path)
