"""Tests of the pure-Python Mahjong Solitaire engine (``game.mahjong.engine``); no Django here."""
