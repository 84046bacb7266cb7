"""Golden deals: a game code must deal the same board forever.

``golden_deals.json`` (next to this file) freezes the tiles and plans of a few
deals and one shuffle.  If a test here fails, a change to the engine has
changed what existing game codes deal: shared codes, saved games and
leaderboards would silently point at other boards.  That is only acceptable
together with a new code prefix (``MJ2``...), never for ``MJ1``.

To regenerate the file after an intended change (say, a new layout added),
run the module with the environment variable set and review the diff:

    MIAOJONG_REGENERATE_GOLDEN=1 pytest tests/mahjong/engine/test_golden.py -p no:django
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.mahjong.engine import Face, all_layouts, deal, get_layout, shuffle_tiles

from .helpers import replay_by_hand

GOLDEN_PATH = Path(__file__).with_name("golden_deals.json")
REGENERATE = "MIAOJONG_REGENERATE_GOLDEN"

TURTLE_SEEDS = ["AAAAAAA", "ZZZZZZZ", "ABCDEFG", "MIAOJON", "QWERTYU", "TURTLES", "PANDAXY", "KITTENS"]
OTHER_LAYOUT_SEEDS = ["AAAAAAA", "GOLDENS"]
ARCADE_CODE = "MJ1-L00-ARCADES"
SHUFFLE_CODE = "MJ1-L00-SHUFFLE"
SHUFFLE_AFTER_PAIRS = 10


def golden_cases() -> list[tuple[str, int]]:
    cases = [(f"MJ1-L00-{seed}", 1) for seed in TURTLE_SEEDS]
    cases += [
        (f"MJ1-{layout_id}-{seed}", 1)
        for layout_id in all_layouts()
        if layout_id != "L00"
        for seed in OTHER_LAYOUT_SEEDS
    ]
    cases += [(ARCADE_CODE, 1), (ARCADE_CODE, 2)]
    return cases


def tiles_before_the_golden_shuffle() -> list[Face | None]:
    start = deal(SHUFFLE_CODE)
    tiles: list[Face | None] = list(start.tiles)
    for a, b in start.plan[:SHUFFLE_AFTER_PAIRS]:
        tiles[a] = tiles[b] = None
    return tiles


def compute_golden() -> dict[str, Any]:
    deals = []
    for code, level in golden_cases():
        result = deal(code, level)
        deals.append(
            {
                "code": code,
                "level": level,
                "tiles": list(result.tiles),
                "plan": [list(p) for p in result.plan],
            }
        )
    before = tiles_before_the_golden_shuffle()
    shuffled = shuffle_tiles(SHUFFLE_CODE, 1, 0, before)
    shuffles = [
        {
            "code": SHUFFLE_CODE,
            "level": 1,
            "number": 0,
            "after_plan_pairs": SHUFFLE_AFTER_PAIRS,
            "tiles_before": before,
            "tiles": list(shuffled.tiles),
            "plan": None if shuffled.plan is None else [list(p) for p in shuffled.plan],
        }
    ]
    return {"deals": deals, "shuffles": shuffles}


def write_golden(data: dict[str, Any]) -> None:
    """One entry per block and one field per line, so a diff shows which deal changed."""

    def entry(item: dict[str, Any]) -> str:
        fields = [f"    {json.dumps(key)}: {json.dumps(value)}" for key, value in item.items()]
        return "  {\n" + ",\n".join(fields) + "\n  }"

    blocks = []
    for section in ("deals", "shuffles"):
        blocks.append(f'"{section}": [\n' + ",\n".join(entry(item) for item in data[section]) + "\n]")
    GOLDEN_PATH.write_text("{\n" + ",\n".join(blocks) + "\n}\n", encoding="utf-8")


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    if os.environ.get(REGENERATE) == "1":
        write_golden(compute_golden())
    data: dict[str, Any] = json.loads(GOLDEN_PATH.read_text(encoding="utf-8"))
    return data


def test_the_golden_file_covers_the_turtle_and_an_arcade_code_on_two_levels(golden: dict[str, Any]) -> None:
    keys = {(d["code"], d["level"]) for d in golden["deals"]}
    assert sum(1 for code, _ in keys if code.startswith("MJ1-L00-")) >= 8
    assert {(ARCADE_CODE, 1), (ARCADE_CODE, 2)} <= keys
    assert len(golden["shuffles"]) == 1


def test_golden_deals_are_themselves_legal(golden: dict[str, Any]) -> None:
    for item in golden["deals"]:
        layout = get_layout(item["code"][4:7])
        replay_by_hand(layout, item["tiles"], item["plan"])
    shuffle = golden["shuffles"][0]
    replay_by_hand(get_layout("L00"), shuffle["tiles"], shuffle["plan"])


def test_every_golden_deal_is_dealt_again_exactly(golden: dict[str, Any]) -> None:
    for item in golden["deals"]:
        result = deal(item["code"], item["level"])
        assert list(result.tiles) == item["tiles"], f"{item['code']} level {item['level']} deals other tiles"
        assert [list(p) for p in result.plan] == item["plan"], f"{item['code']} level {item['level']}: plan"


def test_the_golden_shuffle_is_shuffled_again_exactly(golden: dict[str, Any]) -> None:
    shuffle = golden["shuffles"][0]
    before = tiles_before_the_golden_shuffle()
    assert before == shuffle["tiles_before"]
    result = shuffle_tiles(shuffle["code"], shuffle["level"], shuffle["number"], shuffle["tiles_before"])
    assert list(result.tiles) == shuffle["tiles"]
    assert result.plan is not None
    assert [list(p) for p in result.plan] == shuffle["plan"]
