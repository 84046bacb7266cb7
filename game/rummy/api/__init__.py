"""Tile Rummy's stateless API: check a confirmed turn, ask the computer for its move."""
