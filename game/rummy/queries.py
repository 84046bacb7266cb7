"""The referee's reads of matches and hands that Django's ORM makes too slow, and the plain ones.

The sockets read a seat's match and its current hand twice for each action
(the actor's, then the other seat's): :func:`current_hand_with_match` does it
in one hand-written query, its values converted as Django itself would.
"""

from __future__ import annotations

from typing import Any, Final

from django.db import connections

from .models import Hand, Match


def current_hand(match: Match) -> Hand:
    """The match's hand in play (or the last one played): its highest number."""
    hand = match.hands.order_by("-number").first()
    assert hand is not None, "a match always has a hand"
    return hand


HAND_COLUMNS: Final = ("id", "number", "code", "starting_seat", "log", "actions", "finished")
"""What of a hand the referee reads with its match (not its dates)."""
_MATCH_FIELDS: Final = tuple(Match._meta.concrete_fields)
_MATCH_ATTNAMES: Final = [field.attname for field in _MATCH_FIELDS]
_HAND_FIELDS: Final = tuple(
    field for field in Hand._meta.concrete_fields if field.attname in {*HAND_COLUMNS, "match_id"}
)
"""Those columns and the match's key, in the model's order, as ``Model.from_db`` takes them."""
_HAND_ATTNAMES: Final = [field.attname for field in _HAND_FIELDS]
CURRENT_HAND_SQL: Final = (
    "SELECT " + ", ".join([f"m.{f.column}" for f in _MATCH_FIELDS] + [f"h.{f.column}" for f in _HAND_FIELDS])
    + f" FROM {Match._meta.db_table} m JOIN {Hand._meta.db_table} h ON h.match_id = m.id"
    " WHERE m.public_id = %s ORDER BY h.number DESC LIMIT 1"
)  # fmt: skip
_converters: dict[str, list[tuple[int, Any, list[Any]]]] = {}
"""By database alias: the columns of CURRENT_HAND_SQL whose values need converting, with how."""


def _row_converters(connection: Any) -> list[tuple[int, Any, list[Any]]]:
    """What Django's compiler would apply to each column of CURRENT_HAND_SQL on ``connection``
    (the backend's converters, then the column's own): e.g. SQLite's dates and booleans."""
    found = _converters.get(connection.alias)
    if found is None:
        found = []
        for index, field in enumerate((*_MATCH_FIELDS, *_HAND_FIELDS)):
            column = field.get_col(field.model._meta.db_table)
            functions = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
            if functions:
                found.append((index, column, functions))
        _converters[connection.alias] = found
    return found


def current_hand_with_match(public_id: str) -> Hand | None:
    """The current hand of match ``public_id`` with its match, in one query, or None.

    The sockets' most frequent read (twice an action: the actor's, then the other seat's),
    so written in SQL and turned into models here: Django compiling the same
    ``select_related`` query took four times as long as running this one (460 against 115
    microseconds, measured), and a raw queryset still spent as long again resolving its
    columns. The values go through the converters Django itself would apply."""
    db = Match.objects.db
    connection = connections[db]
    with connection.cursor() as cursor:
        cursor.execute(CURRENT_HAND_SQL, [public_id])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for index, column, functions in _row_converters(connection):
        for function in functions:
            values[index] = function(values[index], column, connection)
    split = len(_MATCH_FIELDS)
    match = Match.from_db(db, _MATCH_ATTNAMES, values[:split])
    hand = Hand.from_db(db, _HAND_ATTNAMES, values[split:])
    hand.match = match
    return hand
