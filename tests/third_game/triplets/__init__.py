"""Triplets: a game as small as a game can be, to prove that one comes in through its own folder."""
