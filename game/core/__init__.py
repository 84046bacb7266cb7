"""What every game on the site shares (the Django side).

The registry of games (:mod:`.registry`), the API's base view, error shape,
parsers and throttling (:mod:`.api`), the slots for heavy work (:mod:`.heavy`), the
``purge_stale`` command and the client's shared modules
(``static/core/js/``). Nothing in here names a particular game: each game's
app describes itself with a :class:`~.registry.GameInfo`.
"""
