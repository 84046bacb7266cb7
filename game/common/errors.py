"""The error every engine raises for input it cannot read at all.

Each engine has its own error classes, split by cause (malformed input versus
an illegal move). Their malformed-input classes also derive from
:class:`MalformedInputError`, so that code serving every game (the API's error
handler) can tell "the client sent nonsense" from a bug without knowing the games.
"""


class MalformedInputError(ValueError):
    """Input of the wrong type or shape, or naming something that does not exist."""
