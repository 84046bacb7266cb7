"""Mahjong Solitaire: the pure engine in :mod:`.engine`, the Django side around it.

models (``Score``), ``api/`` (deals, shuffles, the solver, scores, leaderboards),
``views`` and ``leaderboard`` (the play, tiles, leaderboard and replay pages),
``artwork/`` (the tile pictures), ``diagrams`` (tile diagrams in page texts),
templates, static files (the canvas client) and the gettext catalogues.
"""
