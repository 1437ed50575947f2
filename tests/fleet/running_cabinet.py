"""A headless Cabinet in this process, joined to the test's broker through
start_fleet as `handheld run` joins it; its input is pressed by hand."""

from fleetbroker import USERS
from handheld.base.config import Config


def running_cabinet(broker, tmp_path, name="cab-1", extra=""):
    """(cabinet, its FleetLink): the caller stops the link."""
    from handheld.audio import NullAudio
    from handheld.cabinet.app import Cabinet
    from handheld.display.headless import HeadlessDisplay
    from handheld.fleet.link import start_fleet
    from handheld.input.manager import InputManager

    tmp_path.mkdir(parents=True, exist_ok=True)
    cfg_path = tmp_path / "handheld.toml"
    cfg_path.write_text('# the cabinet\'s own note\n[fleet]\nhost = "127.0.0.1"\nport = %d\nname = "%s"\n'
                        'password = "%s"\n%s' % (broker.port, name, USERS[name], extra))
    cfg = Config.load(cfg_path, boot_path=None)
    state = str(tmp_path / "state")
    cab = Cabinet(HeadlessDisplay(), InputManager(cfg), NullAudio(), cfg, seed=1, data_dir=state)
    return cab, start_fleet(cfg, cab, state)


def tap(cab, action):
    cab.input.raw.press(0, action, "test")
    cab.tick()
    cab.input.raw.release(0, action, "test")
    cab.tick()


def ticks(cab, n):
    for _ in range(n):
        cab.tick()
