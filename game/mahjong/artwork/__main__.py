"""``python -m game.mahjong.artwork``: regenerate the tile artwork; ``--check`` only compares."""

from __future__ import annotations

import argparse
import sys

from .build import STATIC_DIR, differences, write


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.mahjong.artwork", description=__doc__)
    parser.add_argument("--check", action="store_true", help="report files that differ; write nothing")
    args = parser.parse_args(argv)
    if args.check:
        problems = differences()
        for problem in problems:
            print(problem)
        print("artwork is up to date" if not problems else f"{len(problems)} file(s) out of date")
        return 1 if problems else 0
    count = write()
    print(f"wrote {count} files to {STATIC_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
