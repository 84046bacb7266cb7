"""The games and what they share.

``common`` holds the pure helpers every engine uses, ``core`` the Django side
every game uses, and each game has one folder of its own (``mahjong``, ``rummy``).
"""
