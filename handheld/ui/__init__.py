"""Palette, pixel font, text window and menus: the one look of the cabinet."""
