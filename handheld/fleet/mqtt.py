"""paho-mqtt behind one face: Debian bookworm ships 1.6 (python3-paho-mqtt),
PyPI 2.x, whose Client() wants a callback API version and whose callbacks
take more arguments. Callbacks here take what both send, and reason codes are
plain ints."""

from __future__ import annotations

import ssl

import paho.mqtt.client as paho

try:                                        # paho-mqtt 2.x
    from paho.mqtt.enums import CallbackAPIVersion
    PAHO_2 = True
except ImportError:                         # paho-mqtt 1.6
    PAHO_2 = False

# CONNACK codes: MQTT 3.1.1's (what 1.6 passes) and MQTT 5's (what 2.x's ReasonCode holds)
REFUSED_LOGIN = {4: "bad username or password", 5: "not authorised", 134: "bad username or password",
                 135: "not authorised"}
REFUSED_OTHER = {1: "protocol version refused", 2: "client id refused", 3: "broker unavailable"}


def code(rc) -> int:
    """An int from an int (1.6) or a ReasonCode / list of them (2.x)."""
    if isinstance(rc, list):
        rc = rc[0] if rc else 0
    return int(getattr(rc, "value", rc))


def connack_text(rc: int) -> str:
    return REFUSED_LOGIN.get(rc) or REFUSED_OTHER.get(rc) or f"refused (code {rc})"


def new_client(client_id: str, clean_session: bool = True) -> "paho.Client":
    if PAHO_2:
        return paho.Client(CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=clean_session)
    return paho.Client(client_id=client_id, clean_session=clean_session)


def configure(client, username: str, password: str, tls: bool, ca_file: str) -> None:
    if username:
        client.username_pw_set(username, password or None)
    if tls:
        client.tls_set(ca_certs=ca_file or None, cert_reqs=ssl.CERT_REQUIRED)


def on_connect(client, handler) -> None:
    """handler(rc: int) after every CONNACK."""
    client.on_connect = lambda _c, _u, _flags, rc, *_props: handler(code(rc))


def on_disconnect(client, handler) -> None:
    """handler(rc: int) whenever the connection ends."""
    def call(_c, _u, *args):
        # 1.6: (rc); 2.x: (flags, reason_code, properties)
        handler(code(args[0] if len(args) == 1 else args[1]))
    client.on_disconnect = call


def on_publish(client, handler) -> None:
    """handler(mid: int) when the broker has a QoS 1 message (PUBACK)."""
    client.on_publish = lambda _c, _u, mid, *_rest: handler(mid)


def on_message(client, handler) -> None:
    """handler(topic: str, payload: bytes, retained: bool)."""
    def call(_c, _u, msg):
        try:
            topic = msg.topic           # both versions decode it as UTF-8
        except UnicodeDecodeError:
            topic = ""                  # not the fleet's: the subscriber drops it
        handler(topic, msg.payload, bool(msg.retain))
    client.on_message = call
