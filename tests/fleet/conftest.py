import pytest

from fleetbroker import MOSQUITTO, PASSWD, Broker


@pytest.fixture
def broker(tmp_path):
    if MOSQUITTO is None or PASSWD is None:
        pytest.skip("needs apt-get install mosquitto")
    (tmp_path / "broker").mkdir()
    b = Broker(tmp_path / "broker")
    try:
        b.start()
        yield b
    finally:
        b.stop()
