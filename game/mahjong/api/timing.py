"""What a person's eyes and hands allow: the floors and the statistics of a move log's timing.

``POST /api/scores/`` refuses a log that no person could have played
(:func:`read_timing` raises :class:`ImpossibleTiming`), and keeps, for the
moderators, the figures that tell a person's play from a program's
(:class:`Timing`).  Pure Python, no Django: the figures and their sources are
here, and the API only maps the refusal to its error.

The floors
==========

Every floor is derived from measured human figures, each taken at its most
generous, so that a person never falls below one; what falls below is a program.

**Two taps: Fitts's law.**  A match is two taps, on the two tiles of the pair.
Fitts's law (Fitts 1954, in the Shannon form MacKenzie 1992 made standard)
gives the time of one aimed movement as ``MT = a + b * log2(D / W + 1)``, with
``D`` the distance to the target and ``W`` its width.

* ``b`` comes from the throughput of the fastest way to point at a screen: a
  finger on a smartphone, 6.95 bits/s (MacKenzie 2015), i.e. 144 ms per bit.
  A mouse is slower, 3.7 to 4.9 bits/s across studies (Soukoreff & MacKenzie
  2004), so the finger's figure is the floor for both.
* ``a`` is set to 0.  Measured intercepts are positive (the press and release
  of the tap itself), so leaving it out turns a mean into a lower bound that
  also covers the fastest individuals.
* The tiles: the play page scales the board to the screen, so a tile may be
  4 mm wide on a phone or 15 mm on a desktop, but the free rule makes the two
  tiles of a pair distinct and never overlapping, so their centres are at
  least one tile width apart: ``D / W >= 1``, one bit, whatever the scale.
  Small tiles only slow a finger down (its contact area makes them harder to
  hit, Bi, Li & Zhai 2013), never speed it up.
* The first tap of the next pair may fall right where the last one did (a tile
  freed under the one just taken): ``D = 0``, zero bits, and with ``a = 0`` no
  time at all.  Two hands make the same allowance: one hand's first tap
  overlaps the other's movement.

So two matches are at least ``0 + 144 * 1 = 143`` ms apart (:data:`PAIR_FLOOR_MS`).

**A board that was hidden.**  When the board appears (the deal, a resume, the
next level, a shuffle's new arrangement), the player must see it before aiming
at it: a simple visual reaction.  Its mean is about 190 ms in young adults
(Kosinski 2013, after Galton and Welford) and 231 ms in a calibrated
community sample of 1,469 people aged 18 to 65 (213 ms corrected for the
hardware's delay; Woods et al. 2015), with the detection alone taking 131 ms
on average; reactions under 150 ms are a few percent of the fastest people's.
So a match comes at least ``150 + 143 = 293`` ms after the board is shown
(:data:`SHOWN_FLOOR_MS`).  The pause is the bot's trick this closes: the
classic stopwatch stops while the game is paused, but so does the board show,
and nobody plays a board they cannot see.

**Bursts: one look per tile.**  A single pair may be taken at the motor floor
(two adjacent tiles seen at one glance); a run of pairs cannot, because every
new pair has to be found and checked, at least one look (fixation) at each of
its two tiles.  Fixations in visual search average 180 to 275 ms (Rayner
1998); :data:`LOOK_FLOOR_MS` takes 100 ms, well under that.  So
:data:`BURST_MATCHES` matches (three pairs after the first) need at least
``3 * 2 * 100 = 600`` ms (:data:`BURST_WINDOW_MS`).

How far an honest fast player is from them: one who takes a pair every 1.2 to
2 s on average, and now and then two adjacent tiles in 350 ms, is 2.4 times the
pair floor at his quickest (8 to 14 times usually); comes back from a pause
with a remembered pair in about half a second, 1.7 times the board floor (more
than three times when he has to look for one); and takes three quick pairs in a
row in a second or more, 1.75 times the burst floor (6 to 10 times at his usual
pace).

The pace floor for review
=========================

The floors above refuse what no person can do at all, one match at a time.  A
whole game is held for review (not refused: a moderator decides) when its
*average* pace is faster than a person finds and takes pairs on its layout,
:func:`pace_floor_ms` a pair.  Each pair needs, at the very least:

* **Two looks**, one at each of its tiles, to tell their faces: a fixation and
  the saccade that brings it.  Fixations in visual search average 180 to
  275 ms (Rayner 1998) and saccades between near items take 20 to 40 ms
  (Rayner 1998 again); the short ends make ``2 * (180 + 20) = 400`` ms
  (:data:`PAIR_LOOKS_MS`).  The two taps (143 ms by Fitts's law above) are left
  out: the finger can move while the eyes already look on.
* **The search for a pair** among the tiles that are free.  A pair is no
  feature that pops out (two tiles alike among tiles that differ only in
  their faces): an inefficient search, whose time grows with the items
  searched.  Wolfe (1998), over a million trials, puts the border of efficient
  search at 10 ms per item (Treisman & Gelade 1980 measured about 29 ms per
  item for a conjunction target that is present); :data:`SEARCH_MS_PER_ITEM`
  takes the 10 ms border.  How many tiles are free is measured on our layouts:
  along the winning plans of three deals each, a game's free tiles average 18
  to 27 % of its layout (14.5 of Crossroads' 56, 25.5 of the Turtle's 144,
  39.5 of the Bridge's 144); :data:`FREE_SHARE` takes a fifth, under the low
  end.  So the search costs at least ``10 * 0.2 = 2`` ms per tile of the layout.

So the floor is ``400 + 2 * tiles`` ms a pair: 512 ms on Crossroads (56
tiles), 544 on the Gem (72), 556 on the Heart (78), 572 on the Fish (86), 640
on the Pagoda (120), 688 on the 144-tile layouts.  An honest fast player, at
1.2 to 2 s a pair, is 2.3 to 3.9 times the floor on Crossroads and 1.7 to 2.9
times it on a 144-tile board, so he is ranked at once; the bot of issue 26
(350 to 400 ms a pair, lognormal, none under 160 ms: 12.4 s on Crossroads,
25 s on the daily Turtle) is held on every layout, the floor being 1.3 to 2
times its pace.

The statistics
==============

:class:`Timing` describes the intervals between consecutive matches on a board
that stayed in view (an interval that spans a pause, a shuffle or a new level
is not one: the match after it is measured from the moment the board showed
again): their minimum, tenth percentile, median and coefficient of variation
(standard deviation over mean), the pauses, the matches that came within
:data:`QUICK_RESUME_MS` of a resume, and the bursts of :data:`BURST_MATCHES`
matches within :data:`QUICK_BURST_MS` (fast, yet possible).  The API holds an
entry for review on them (``submissions.review_reasons``); they are not floors.

Sources
=======

* Fitts, P. M. (1954). The information capacity of the human motor system in
  controlling the amplitude of movement. *Journal of Experimental Psychology*
  47(6), 381-391.
* MacKenzie, I. S. (1992). Fitts' law as a research and design tool in
  human-computer interaction. *Human-Computer Interaction* 7(1), 91-139.
* Soukoreff, R. W., & MacKenzie, I. S. (2004). Towards a standard for pointing
  device evaluation, perspectives on 27 years of Fitts' law research in HCI.
  *International Journal of Human-Computer Studies* 61(6), 751-789.
* MacKenzie, I. S. (2015). Fitts' throughput and the remarkable case of
  touch-based target selection. *HCI International 2015*, LNCS 9170, 238-249.
* Bi, X., Li, Y., & Zhai, S. (2013). FFitts law: modeling finger touch with
  Fitts' law. *CHI 2013*, 1363-1372.
* Kosinski, R. J. (2013). A literature review on reaction time. Clemson University.
* Woods, D. L., Wyma, J. M., Yund, E. W., Herron, T. J., & Reed, B. (2015).
  Factors influencing the latency of simple reaction time. *Frontiers in
  Human Neuroscience* 9, 131.
* Wolfe, J. M. (1998). What can 1 million trials tell us about visual
  search? *Psychological Science* 9(1), 33-39.
* Treisman, A. M., & Gelade, G. (1980). A feature-integration theory of
  attention. *Cognitive Psychology* 12(1), 97-136.
* Rayner, K. (1998). Eye movements in reading and information processing: 20
  years of research. *Psychological Bulletin* 124(3), 372-422.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from game.mahjong.engine import Event, EventType

# -- measured figures -------------------------------------------------------------------------

TOUCH_THROUGHPUT_BITS_PER_S: Final = 6.95
"""A finger on a smartphone, 1D and 2D tasks together (MacKenzie 2015)."""
FITTS_INTERCEPT_MS: Final = 0.0
"""Left out on purpose (measured ones are positive): the law then gives a floor, not a mean."""
FITTS_SLOPE_MS_PER_BIT: Final = 1000.0 / TOUCH_THROUGHPUT_BITS_PER_S
NEAREST_PAIR_TILE: Final = 1.0
"""Centre-to-centre distance of the two tiles of a pair, in tile widths, at the closest."""
REACTION_FLOOR_MS: Final = 150
"""A simple visual reaction, as fast as the fastest few percent (Kosinski 2013; Woods et al. 2015)."""
LOOK_FLOOR_MS: Final = 100
"""One look at a tile, far under the 180-275 ms fixations of visual search (Rayner 1998)."""


def fitts_ms(distance: float, width: float = 1.0) -> float:
    """Fitts's law, Shannon form: the time to tap a target ``width`` wide at ``distance``."""
    return FITTS_INTERCEPT_MS + FITTS_SLOPE_MS_PER_BIT * math.log2(distance / width + 1)


# -- the floors -------------------------------------------------------------------------------

PAIR_FLOOR_MS: Final = int(fitts_ms(0.0) + fitts_ms(NEAREST_PAIR_TILE))
"""Two matches in a row: the first tap where the last one was, the second one tile away (143 ms)."""
SHOWN_FLOOR_MS: Final = REACTION_FLOOR_MS + PAIR_FLOOR_MS
"""A match after the board (re)appears: see it, then tap two tiles (293 ms)."""
BURST_MATCHES: Final = 4
BURST_WINDOW_MS: Final = (BURST_MATCHES - 1) * 2 * LOOK_FLOOR_MS
"""``BURST_MATCHES`` matches in a row span at least this: one look per tile of each new pair (600 ms)."""

# -- the pace floor for review ------------------------------------------------------------------

SACCADE_FLOOR_MS: Final = 20
"""A saccade between neighbouring items, the short end of 20-40 ms (Rayner 1998)."""
PAIR_LOOKS_MS: Final = 2 * (180 + SACCADE_FLOOR_MS)
"""One look at each tile of a pair: a fixation at the short end of visual search's 180-275 ms,
and the saccade to it (Rayner 1998)."""
SEARCH_MS_PER_ITEM: Final = 10
"""The border of efficient visual search (Wolfe 1998); searching for two alike tiles is slower."""
FREE_SHARE: Final = 0.2
"""Less than the share of a layout's tiles that are free on average over a game (18 to 27 %)."""


def pace_floor_ms(tiles: int) -> int:
    """The fastest average pace, in ms a pair, at which a person takes pairs on a layout of ``tiles``."""
    return PAIR_LOOKS_MS + round(SEARCH_MS_PER_ITEM * FREE_SHARE * tiles)


# -- what the statistics count ---------------------------------------------------------------

QUICK_RESUME_MS: Final = 1_000
"""A match within this of a resume is counted: a person back from a pause usually needs longer."""
QUICK_BURST_MS: Final = 2 * BURST_WINDOW_MS
"""``BURST_MATCHES`` matches within this (twice the floor) are counted as a burst: fast, possible."""

_SHOWN_BY = {
    EventType.RESUME: "the game was resumed (the board was hidden during the pause)",
    EventType.NEXT_LEVEL: "the next level was shown",
    EventType.SHUFFLE: "the shuffle rearranged the board",
}


class ImpossibleTiming(ValueError):
    """A log event no person could have made when it says: ``index`` and why."""

    def __init__(self, index: int, reason: str) -> None:
        self.index = index
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True, slots=True)
class Timing:
    """A log's timing, as the moderators see it (every figure in ms but the CV and the counts)."""

    matches: int
    intervals: tuple[int, ...]
    """Between consecutive matches while the board stayed in view, in log order."""
    pauses: int
    matches_after_resume: int
    """Matches made within QUICK_RESUME_MS of a resume."""
    bursts: int
    """Non-overlapping runs of BURST_MATCHES matches within QUICK_BURST_MS."""
    active_ms: int
    """Time from the deal to the last event, pauses left out."""

    @property
    def interval_min_ms(self) -> int | None:
        return min(self.intervals) if self.intervals else None

    @property
    def interval_p10_ms(self) -> int | None:
        """The tenth percentile (nearest rank)."""
        if not self.intervals:
            return None
        ordered = sorted(self.intervals)
        return ordered[max(0, math.ceil(len(ordered) / 10) - 1)]

    @property
    def interval_median_ms(self) -> int | None:
        return round(statistics.median(self.intervals)) if self.intervals else None

    @property
    def interval_cv(self) -> float | None:
        """Standard deviation over mean of the intervals (None for fewer than two)."""
        if len(self.intervals) < 2:
            return None
        mean = statistics.fmean(self.intervals)
        return statistics.pstdev(self.intervals) / mean if mean else None

    def as_json(self) -> dict[str, Any]:
        """What an entry stores (``Score.timing``); the intervals themselves are in its log."""
        cv = self.interval_cv
        return {
            "matches": self.matches,
            "intervals": len(self.intervals),
            "interval_min_ms": self.interval_min_ms,
            "interval_p10_ms": self.interval_p10_ms,
            "interval_median_ms": self.interval_median_ms,
            "interval_cv": None if cv is None else round(cv, 3),
            "pauses": self.pauses,
            "matches_after_resume": self.matches_after_resume,
            "bursts": self.bursts,
            "active_ms": self.active_ms,
        }


def read_timing(events: Sequence[Event]) -> Timing:
    """The timing of a parsed log; :class:`ImpossibleTiming` at its first humanly impossible match.

    The events need not be legal moves (the replay decides that, later and at
    a greater cost): only their types and times are read.
    """
    shown_at, shown_by = 0, "the deal was shown"
    last_match: int | None = None
    run: list[int] = []  # the times of the matches since the board was last shown
    burst_end: int | None = None  # the last match of the last burst counted
    intervals: list[int] = []
    matches = pauses = after_resume = bursts = 0
    paused_at: int | None = None
    paused_ms = 0
    resumed_at: int | None = None
    for index, event in enumerate(events):
        t = event.t
        if event.type is EventType.PAUSE:
            pauses += 1
            paused_at = t
        elif event.type in _SHOWN_BY:
            if event.type is EventType.RESUME:
                if paused_at is not None:
                    paused_ms += t - paused_at
                    paused_at = None
                resumed_at = t
            shown_at, shown_by = t, _SHOWN_BY[event.type]
            last_match = None
            run = []
        elif event.type is EventType.MATCH:
            matches += 1
            if last_match is None:
                gap = t - shown_at
                if gap < SHOWN_FLOOR_MS:
                    raise ImpossibleTiming(
                        index,
                        f"log event {index}: a match {gap} ms after {shown_by}; a person needs at least "
                        f"{SHOWN_FLOOR_MS} ms to see the board and tap two tiles",
                    )
                if resumed_at is not None and shown_at == resumed_at and gap < QUICK_RESUME_MS:
                    after_resume += 1
            else:
                gap = t - last_match
                if gap < PAIR_FLOOR_MS:
                    raise ImpossibleTiming(
                        index,
                        f"log event {index}: a match {gap} ms after the one before; a person needs at "
                        f"least {PAIR_FLOOR_MS} ms to tap the two tiles of a pair",
                    )
                intervals.append(gap)
            run.append(t)
            if len(run) >= BURST_MATCHES:
                span = t - run[-BURST_MATCHES]
                if span < BURST_WINDOW_MS:
                    first = _index_of_match(events, index, BURST_MATCHES)
                    raise ImpossibleTiming(
                        index,
                        f"log events {first} to {index}: {BURST_MATCHES} matches within {span} ms; a "
                        f"person needs at least {BURST_WINDOW_MS} ms to find and take "
                        f"{BURST_MATCHES} pairs one after another",
                    )
                starts_after_last_burst = burst_end is None or run[-BURST_MATCHES] > burst_end
                if span < QUICK_BURST_MS and starts_after_last_burst:
                    bursts += 1
                    burst_end = t
            last_match = t
    end = events[-1].t if events else 0
    if paused_at is not None:
        paused_ms += end - paused_at
    return Timing(
        matches=matches,
        intervals=tuple(intervals),
        pauses=pauses,
        matches_after_resume=after_resume,
        bursts=bursts,
        active_ms=end - paused_ms,
    )


def _index_of_match(events: Sequence[Event], index: int, count: int) -> int:
    """The index of the ``count``-th match counting back from the match at ``index`` (itself the first)."""
    seen = 0
    for k in range(index, -1, -1):
        if events[k].type is EventType.MATCH:
            seen += 1
            if seen == count:
                return k
    return 0


def active_spans(events: Sequence[Event]) -> list[tuple[int, int]]:
    """When a log was being played, pauses left out: (start, end) in ms since the deal, in order.

    Play is taken to run from the first event to the last; a pause ends a span
    and the resume after it starts the next.  The look at the board before the
    first event is left out, which only makes two games look less at once.
    """
    spans: list[tuple[int, int]] = []
    start: int | None = None
    for event in events:
        if event.type is EventType.PAUSE:
            if start is not None:
                spans.append((start, event.t))
            start = None
        elif start is None:
            start = event.t
    if start is not None and events:
        spans.append((start, events[-1].t))
    return spans


def overlap_ms(one: Sequence[Sequence[int]], other: Sequence[Sequence[int]]) -> int:
    """How long two sets of spans (each in order, none overlapping its own) run at the same time."""
    total, i, j = 0, 0, 0
    while i < len(one) and j < len(other):
        start = max(one[i][0], other[j][0])
        end = min(one[i][1], other[j][1])
        total += max(0, end - start)
        if one[i][1] <= other[j][1]:
            i += 1
        else:
            j += 1
    return total
