"""The event fleet (docs/fleet.md): cabinets at one event share one leaderboard
and one set of settings through an MQTT broker (Eclipse Mosquitto).

Opt-in: nothing here is imported unless the config has a [fleet] section.
The cabinet never waits on the network: the MQTT client runs on threads of its
own, and the frame loop only appends a finished match to the outbox on disk.

  options.py   the [fleet] section, validated
  messages.py  topics, and what a result, status or settings message may hold
  outbox.py    results waiting for the broker, on the data partition
  room.py      the room's leaderboard, built from every cabinet's results
  remote_settings.py  the operator's settings: allow-list, validation, apply
  mqtt.py      paho-mqtt 1.6 (Debian bookworm) and 2.x (PyPI) behind one face
  link.py      the cabinet's side: queue, publish, subscribe, status, last will
  cli.py       `handheld fleet status | push settings FILE | results --since`
"""
