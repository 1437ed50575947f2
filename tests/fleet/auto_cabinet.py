"""A cabinet's fleet side with host = "auto", for tests/fleet/test_fleet_mdns.py:
finds the broker by mDNS, sends one result, prints what happened as JSON.
argv: state_dir password seconds."""

import json
import sys
import time

from fleetbroker import delivered
from handheld.fleet.link import FleetLink
from handheld.fleet.options import parse

state, password, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
options = parse({"host": "auto", "name": "cab-1", "password": password})[0]
start = time.monotonic()
link = FleetLink(options, None, state, "test").start()
deadline = start + seconds
while not link.connected and time.monotonic() < deadline:
    time.sleep(0.05)
connected_after = round(time.monotonic() - start, 2)
link.match_ended({"game": "sphinx", "ticks": 1500, "records": {"level": "strong", "human_won": True}})
while not delivered(link) and time.monotonic() < deadline:
    time.sleep(0.05)
print(json.dumps({"address": link.address, "connected": link.connected, "queued": len(link.outbox.pending()),
                  "ids": sorted(link.table.ids()),
                  "connected_after_s": connected_after}), flush=True)
link.stop()
