"""The games and what they share: common (pure helpers), core (the Django side every game uses), one folder per game."""
