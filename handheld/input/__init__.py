"""The input devices: keyboard, evdev sticks and pads, GPIO buttons, and their
settings. Each driver turns its events into RawInput presses
(handheld/base/frames.py); the types every layer reads, Action and InputFrame,
are in handheld/base/actions.py."""
