"""Archon."""
