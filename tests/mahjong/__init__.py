"""Tests of the pure-Python Mahjong Solitaire engine (``game.mahjong``); no Django here."""
