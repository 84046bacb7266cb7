"""Pure helpers that every game engine shares: no Django, no I/O.

:mod:`.rng` is the project's own PRNG, so a game code deals the same board or
hand forever on every Python version.
"""
