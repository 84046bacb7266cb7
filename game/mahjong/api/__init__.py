"""The JSON API: thin views over the engine (``game.mahjong.engine``)."""
