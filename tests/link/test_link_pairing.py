"""LINK in the menu, two cabinets in one process on 127.0.0.1: HOST and
JOIN, the request, FIRE, the same code on both screens, and the linked
match that follows; the pairing messages' checks; the [link] settings."""

import random
import socket

import pytest

from handheld.base.actions import EMPTY_FRAME, Action, frame_from_masks
from handheld.cabinet.link_screens import CODE_TICKS, CodeScene, HostScene, JoinScene, LinkScene
from handheld.link.linked_match import LinkedMatchRunner
from handheld.link.options import DEFAULT_PORT, parse
from handheld.link.pairing import LINK_OPTIONS, GuestPairing, HostPairing, decode_message, encode_message
from handheld.link.transport import UdpTransport
from handheld.runtime.context import Context


class Settings:
    def __init__(self, link):
        self.link = link

    def get(self, key, default=None):
        return dict(self.link) if key == "link" else default


def _free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _press(action):
    return frame_from_masks((action, action, 0, action))


@pytest.fixture
def cabinets():
    port = _free_port()
    host = Context.headless_context(settings=Settings({"name": "cabinet-1", "address": "127.0.0.1", "port": port}))
    guest = Context.headless_context(settings=Settings({"name": "cabinet-2", "address": "127.0.0.1",
                                                        "peers": [f"127.0.0.1:{port}"]}))
    host.director.push(LinkScene(host, mdns=False))
    guest.director.push(LinkScene(guest, mdns=False))
    yield host, guest, port
    for ctx in (host, guest):
        for scene in ctx.director.scenes:
            t = getattr(scene, "transport", None) or getattr(getattr(scene, "link", None), "transport", None)
            if t is not None:
                t.close()


def _both(host, guest, frames=1, host_frame=EMPTY_FRAME, guest_frame=EMPTY_FRAME):
    for _ in range(frames):
        host.director.top.update(host_frame)
        guest.director.top.update(guest_frame)


def _ask(host, guest, game_id):
    host.director.top.update(_press(Action.FIRE))                       # HOST
    guest.director.top.update(_press(Action.DOWN))
    guest.director.top.update(_press(Action.FIRE))                      # JOIN
    assert isinstance(host.director.top, HostScene) and isinstance(guest.director.top, JoinScene)
    join = guest.director.top
    join.update(EMPTY_FRAME)
    assert join.menu.items == [f"127.0.0.1:{host.director.top.options.port}"]
    join.update(_press(Action.FIRE))                                    # that cabinet
    for _ in range(list(LINK_OPTIONS).index(game_id)):
        join.update(_press(Action.DOWN))
    join.update(_press(Action.FIRE))                                    # that game
    _both(host, guest, 5)


def test_join_asks_the_host_accepts_with_fire_both_show_one_code_then_the_match_starts(cabinets):
    host, guest, port = cabinets
    _ask(host, guest, "archon")
    request = host.director.top.pairing.request
    assert (request.name, request.game) == ("CABINET-2", "archon")       # CABINET-2 WANTS TO PLAY ARCHON
    _both(host, guest, 1, host_frame=_press(Action.FIRE))
    _both(host, guest, 5)
    h, g = host.director.top, guest.director.top
    assert isinstance(h, CodeScene) and isinstance(g, CodeScene)
    assert h.agreement.code == g.agreement.code and len(h.agreement.code) == 4
    assert h.agreement.token == g.agreement.token and h.agreement.seed == g.agreement.seed
    _both(host, guest, CODE_TICKS)
    h, g = host.director.top, guest.director.top
    assert isinstance(h, LinkedMatchRunner) and isinstance(g, LinkedMatchRunner)
    assert h.link.host and not g.link.host and h.game.id == g.game.id == "archon"
    assert h.link.peer_address == g.link.transport.address and g.link.peer_address == ("127.0.0.1", port)
    _both(host, guest, 300)
    assert h.linked.tick > 200 and g.linked.tick > 200
    assert h.peer.agreed >= 2 and g.peer.agreed >= 2 and not h.peer.desyncs
    assert h.peer.rejected == 0 or h.peer.received > 100


def test_the_host_says_no_and_the_joining_cabinet_is_told(cabinets):
    host, guest, _ = cabinets
    _ask(host, guest, "sphinx")
    _both(host, guest, 1, host_frame=_press(Action.ALT))
    _both(host, guest, 3)
    assert guest.director.top.pairing.refused and host.director.top.pairing.request is None


def test_alt_leaves_the_host_screen_and_frees_its_address(cabinets):
    host, _guest, port = cabinets
    host.director.top.update(_press(Action.FIRE))
    host.director.top.update(_press(Action.ALT))
    assert isinstance(host.director.top, LinkScene)
    UdpTransport("127.0.0.1", port).close()                           # the port is free again


def test_only_the_requesting_cabinet_and_its_nonce_count():
    with UdpTransport("127.0.0.1") as h, UdpTransport("127.0.0.1") as g, UdpTransport("127.0.0.1") as stranger:
        host, guest = HostPairing(h, "HOST"), GuestPairing(g, "GUEST", h.address, "sphinx", nonce=5)
        guest.poll()
        host.poll()
        assert host.request.address == g.address
        stranger.send(encode_message({"k": "hello", "name": "OTHER", "game": "archon", "nonce": 9}), h.address)
        host.poll()
        assert host.request.name == "GUEST"                            # the first request stays
        host.accept(token=0x1234_5678_9ABC_DEF0, seed=77)
        stranger.send(encode_message({"k": "accept", "name": "X", "game": "sphinx", "nonce": 5, "token": 1,
                                      "seed": 1, "options": LINK_OPTIONS["sphinx"]}), g.address)
        guest.poll()
        assert guest.agreement.token == 0x1234_5678_9ABC_DEF0 and guest.agreement.seed == 77
        assert guest.rejected == 1
        host.poll()
        assert host.ready and host.agreement.code == guest.agreement.code == f"{0x1234_5678_9ABC_DEF0 % 10000:04d}"


def test_pairing_messages_are_checked_field_by_field_and_never_raise():
    good = encode_message({"k": "accept", "name": "CAB", "game": "archon", "nonce": 3, "token": 2**64 - 1,
                           "seed": 5, "options": LINK_OPTIONS["archon"]})
    assert decode_message(good)["token"] == 2**64 - 1
    rng = random.Random(1)
    for _ in range(5000):
        data = bytearray(good)
        for _ in range(rng.randrange(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        msg = decode_message(bytes(data))
        assert msg is None or msg["k"] in ("hello", "accept", "ready", "refuse")
        decode_message(bytes(rng.randrange(256) for _ in range(rng.randrange(600))))
    for bad in ({"k": "accept", "name": "CAB", "game": "archon", "nonce": 3, "token": 2**64, "seed": 5,
                 "options": LINK_OPTIONS["archon"]},                  # token too big
                {"k": "accept", "name": "CAB", "game": "archon", "nonce": 3, "token": 1, "seed": 5,
                 "options": {"mode": "demo"}},                        # not a two-player match
                {"k": "hello", "name": "CAB", "game": "solitaire", "nonce": 3},
                {"k": "hello", "name": "", "game": "archon", "nonce": 3},
                {"k": "hello", "name": "CAB", "game": "archon", "nonce": True}):
        assert decode_message(encode_message(bad)) is None


def test_the_link_settings_name_each_bad_value():
    options, warnings = parse({"name": "bartop", "address": "10.0.0.5", "port": 5000,
                               "peers": ["10.0.0.6", "10.0.0.7:6000", "nowhere"], "colour": 1})
    assert (options.name, options.address, options.port) == ("BARTOP", "10.0.0.5", 5000)
    assert options.peers == (("10.0.0.6", 5000), ("10.0.0.7", 6000))
    assert len(warnings) == 2 and "link.colour" in warnings[0] and "nowhere" in warnings[1]
    options, warnings = parse({"address": "cabinet.local", "port": 80, "name": "no spaces please"})
    assert options.address == "" and options.port == DEFAULT_PORT and len(warnings) == 3


MDNS_SCRIPT = """
import time
from handheld.base.actions import EMPTY_FRAME
from handheld.cabinet.link_screens import HostScene, JoinScene, link_options
from handheld.runtime.context import Context

class Settings:
    def __init__(self, link):
        self.link = link
    def get(self, key, default=None):
        return dict(self.link) if key == "link" else default

host = Context.headless_context(settings=Settings({"name": "cabinet-1", "address": "127.0.0.1", "port": 47820}))
guest = Context.headless_context(settings=Settings({"name": "cabinet-2", "address": "127.0.0.1"}))
h = HostScene(host, link_options(host), mdns=True)
j = JoinScene(guest, link_options(guest), mdns=True)
for _ in range(60):
    time.sleep(0.1)
    h.update(EMPTY_FRAME)
    j.update(EMPTY_FRAME)
    if j.cabinets:
        break
print(j.cabinets)
"""


def test_host_is_found_by_mdns_and_listed_by_name(tmp_path):
    """In a network namespace of its own (only its loopback): every mDNS packet stays in it."""
    import os
    import shutil
    import subprocess
    import sys

    from handheld.link import discovery

    if not discovery.available():
        pytest.skip("python3-zeroconf is not installed: mDNS discovery is not tested")
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("needs root and unshare for a network namespace of its own")
    script = tmp_path / "mdns.py"
    script.write_text(MDNS_SCRIPT)
    out = subprocess.run(["unshare", "--net", "sh", "-c", f"ip link set lo up && exec {sys.executable} {script}"],
                         capture_output=True, text=True, timeout=60, env=dict(os.environ))
    assert out.stdout.strip() == "[('CABINET-1', ('127.0.0.1', 47820))]", out.stderr[-2000:]


def test_a_kiosk_does_not_send_a_cabinet_waiting_for_its_link_back_to_the_title(tmp_path):
    import sys
    from pathlib import Path

    from handheld import TICK_HZ

    sys.path.insert(0, str(Path(__file__).parent.parent / "runtime"))
    from test_cabinet import cabinet, idle, tap

    cab = cabinet(tmp_path, kiosk=True, cabinet__idle_return_s=10, cabinet__attract_after_s=600)
    tap(cab, Action.FIRE)
    host = HostScene(cab.ctx, parse({"address": "127.0.0.1", "port": _free_port()})[0], mdns=False)
    cab.director.push(host)
    idle(cab, 20 * TICK_HZ)
    assert cab.director.top is host
    host.transport.close()
