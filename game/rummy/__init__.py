"""Tile Rummy: the pure engine in .engine; the Django side comes later."""
