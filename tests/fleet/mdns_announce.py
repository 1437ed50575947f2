"""Announce an MQTT broker by mDNS (_mqtt._tcp) as Avahi's service file in
docs/fleet.md does, until stdin closes. argv: address port."""

import socket
import sys

from zeroconf import ServiceInfo, Zeroconf

address, port = sys.argv[1], int(sys.argv[2])
info = ServiceInfo("_mqtt._tcp.local.", "handheld test broker._mqtt._tcp.local.",
                   addresses=[socket.inet_aton(address)], port=port, server="hh-test-broker.local.")
zc = Zeroconf()
zc.register_service(info)
print("announced", flush=True)
sys.stdin.read()
zc.unregister_service(info)
zc.close()
