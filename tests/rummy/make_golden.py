"""Write ``golden_hands.json``: the deals of a few hand codes, frozen.

Run only after an intended change of the dealing algorithm, which must come
with a new code prefix (``RM2``), never for ``RM1``; review the diff:

    .venv/bin/python tests/rummy/make_golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.rummy.engine import deal, format_rack

GOLDEN_PATH = Path(__file__).with_name("golden_hands.json")
CODES = [
    "RM1-AAAAAAA", "RM1-ZZZZZZZ", "RM1-ABCDEFG", "RM1-MIAOJON", "RM1-RUMMIKU", "RM1-JOKERSX",
    "RM1-MIAOJONGRUMMYS",  # fourteen letters: the codes of the hands the server deals
]  # fmt: skip


def compute() -> list[dict[str, Any]]:
    hands = []
    for code in CODES:
        dealt = deal(code)
        hands.append(
            {
                "code": code,
                "rack_0": format_rack(dealt.racks[0]),
                "rack_1": format_rack(dealt.racks[1]),
                # The pool in draw order (not sorted), as text.
                "pool": " ".join(str(tile) for tile in dealt.pool),
            }
        )
    return hands


def main() -> None:
    entries = [
        "  {\n" + ",\n".join(f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in hand.items()) + "\n  }"
        for hand in compute()
    ]
    GOLDEN_PATH.write_text("[\n" + ",\n".join(entries) + "\n]\n", encoding="utf-8")
    print(f"wrote {GOLDEN_PATH}")


if __name__ == "__main__":
    main()
