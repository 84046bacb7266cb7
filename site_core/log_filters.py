"""Filters for the site's log lines (``LOGGING`` in settings)."""

import logging


class WithoutTraceback(logging.Filter):
    """Keeps the record's message, drops its traceback.

    For ``django.security``: a request with a Host we do not serve, a forged signature, too many
    fields... is the client's doing, refused with a 400. One line says what and from where; a
    traceback for each would only bury the lines that matter (anyone can send thousands).
    """

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        return True
