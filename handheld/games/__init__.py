"""The games. See base.py for the interface and registry.py for the list."""
