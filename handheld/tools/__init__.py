"""The command-line tools: `handheld run`, bench, fuzz, screenshots, replays, doctor."""
