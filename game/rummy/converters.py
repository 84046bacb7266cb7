"""The address part shared by Tile Rummy's pages and API: a match's id or a room's invitation.

Both are 16 URL-safe characters (``models.new_public_id``); anything else cannot be one, so
such an address is a 404 before any view runs. Registered once, as ``<public_id:...>``.
"""

from django.urls import register_converter


class PublicIdConverter:
    regex = "[A-Za-z0-9_-]{16}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(PublicIdConverter, "public_id")
