"""A self-test of the installed build in a few seconds, without pytest or the test extra.

Run it as ``python -m ofc_fast.test`` (exit status 0 when every check passes, 1
when one fails) or from Python with :func:`run`. It checks the compiled core
against known answers: the hand evaluator on every 5- and 3-card hand (the
textbook category counts), the hand-checked golden boards of every preset
(royalties, fouls, Fantasyland, scores), a seeded self-play match, a seeded
rollout and a Fantasyland setting, each against figures pinned in this file.
The full test suite is ``pytest`` in a checkout (docs/INSTALL.md).
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import importlib.resources
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from . import _core
from ._version import __version__
from .board.boards import analyze, score, score_matrix
from .board.rules import get_rules
from .hand.strength import LOWBALL_MAX, category, describe, lowball27, strength
from .sim.rollout import rollout
from .sim.selfplay import simulate
from .solve.fantasyland import solve_fantasyland

__all__ = ["CHECKS", "run", "main"]

#: hands of each category among all 2,598,960 five-card and 22,100 three-card hands
FIVE_CARD_COUNTS = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 36, 4]
THREE_CARD_COUNTS = [18304, 3744, 0, 52]


def _combos(k: int) -> npt.NDArray[np.uint8]:
    """Every k-card hand of the 52-card deck in lexicographic order, (C(52, k), k) uint8:
    each hand of k - 1 cards grows by every card above its last (numpy, no Python loop)."""
    hands = np.arange(52, dtype=np.uint8)[:, None]
    for _ in range(k - 1):
        last = hands[:, -1].astype(np.int64)
        grow = 51 - last
        first = np.repeat(np.cumsum(grow) - grow, grow)
        nxt = np.repeat(last, grow) + 1 + np.arange(int(grow.sum())) - first
        hands = np.hstack([np.repeat(hands, grow, axis=0), nxt[:, None].astype(np.uint8)])
    return hands


def check_hands() -> str:
    """The evaluator: category counts and distinct classes of every 5- and 3-card hand, a few
    hands by name, and the deuce-to-seven order."""
    five = strength(_combos(5))
    counts = np.bincount(category(five), minlength=10)[:10].tolist()
    assert counts == FIVE_CARD_COUNTS, f"5-card category counts {counts}, expected {FIVE_CARD_COUNTS}"
    assert len(np.unique(five)) == 7462, f"{len(np.unique(five))} distinct 5-card strengths, expected 7462"
    three = strength(_combos(3))
    counts = np.bincount(category(three), minlength=4)[:4].tolist()
    assert counts == THREE_CARD_COUNTS, f"3-card category counts {counts}, expected {THREE_CARD_COUNTS}"
    assert len(np.unique(three)) == 455, f"{len(np.unique(three))} distinct 3-card strengths, expected 455"
    named = {"Qh Qd 5c": "Pair of Queens, Five kicker", "As Ks Qs Js Ts": "Royal flush",
             "2c 2d 2h 9s 9d": "Full house, Twos full of Nines"}
    for text, want in named.items():
        got = describe(strength(text))
        assert got == want, f"describe(strength({text!r})) = {got!r}, expected {want!r}"
    # one scale for both row sizes: trips on top beat two pair in the middle
    trips, two_pair = int(strength("7c 7d 7h")), int(strength("Ac Ad Kc Kd Qh"))
    assert trips > two_pair, f"trips on top {trips} do not beat two pair {two_pair}"
    # deuce-to-seven (larger is better): 7-5-4-3-2 is the best low, A-5-4-3-2 only ace high
    lows = [int(lowball27(h)) for h in ("7c 5d 4h 3s 2c", "8c 5d 4h 3s 2c", "5c 4d 3h 2s Ac")]
    assert lows[0] == LOWBALL_MAX and lows[0] > lows[1] > lows[2], f"deuce-to-seven ranks {lows}"
    return "2,598,960 five-card and 22,100 three-card hands"


def _golden_files() -> dict[str, Any]:
    root = importlib.resources.files("ofc_fast.golden")
    return {entry.name[:-5]: json.loads(entry.read_text(encoding="utf-8"))
            for entry in root.iterdir() if entry.name.endswith(".json")}


def check_golden_boards() -> str:
    """The hand-checked golden boards of every preset and the joker file (ofc_fast/golden):
    fouls, royalties, Fantasyland, stays and the scores of each deal (joker cases whose joker
    may become only an unseen card need each player's seen cards: the tests check those)."""
    cases = 0
    for name, data in sorted(_golden_files().items()):
        for case in data["cases"]:
            rules = get_rules(data["rules"])
            if "rules_changes" in case:
                rules = dataclasses.replace(rules, **case["rules_changes"])
            if rules.jokers and rules.joker_pool == "unseen":
                continue
            boards, expect = case["boards"], case["expect"]
            in_fl = case.get("in_fantasyland", [False] * len(boards))
            a = analyze(boards, rules, in_fantasyland=in_fl)
            got = {"fouled": a.fouled.tolist(), "royalties": a.royalties.tolist(),
                   "fantasyland": a.fantasyland.tolist(), "stays": a.stays.tolist()}
            if len(boards) >= 2:
                got["score"] = score(boards, rules).tolist()
                got["score_matrix"] = score_matrix(boards, rules).tolist()
            for key, value in got.items():
                if key in expect:
                    assert value == expect[key], f"{name}.json case {case['id']}: {key} {value}, expected {expect[key]}"
            cases += 1
    assert cases >= 200, f"only {cases} golden cases found in ofc_fast.golden"
    return f"{cases} golden cases"


def _digest(*arrays: Any) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a, dtype=np.int64).tobytes())
    return h.hexdigest()[:16]


#: simulate("pineapple", 2, 2000, policy="heuristic", seed=2026): the sums (net, net squared, fouls,
#: Fantasyland entries, royalties), then a digest of the points and royalty histograms
SELFPLAY_SUMS = [[-273, 105893, 14, 11, 3589], [273, 105893, 13, 8, 3649]]
SELFPLAY_DIGEST = "67b08bc65ed448ff"


def check_selfplay() -> str:
    """A seeded self-play match (dealing, the heuristic policy, scoring) gives pinned sums, and
    the same with two worker threads."""
    result = simulate("pineapple", 2, 2000, policy="heuristic", seed=2026)
    sums = result.sums.tolist()
    assert sums == SELFPLAY_SUMS, f"self-play sums {sums}, expected {SELFPLAY_SUMS}"
    digest = _digest(result.points_hist, result.royalty_hist)
    assert digest == SELFPLAY_DIGEST, f"self-play histogram digest {digest}, expected {SELFPLAY_DIGEST}"
    two = simulate("pineapple", 2, 2000, policy="heuristic", seed=2026, workers=2)
    assert two.sums.tolist() == sums, f"self-play with workers=2: sums {two.sums.tolist()}, expected {sums}"
    return "2,000 hands of heuristic self-play"


#: the partial boards of the rollout check (Pineapple, after the first five cards)
ROLLOUT_BOARDS = ["Qh Qd -- / 5s 6s -- -- -- / Kc -- -- -- --", "Ah -- -- / 4s 4d -- -- -- / Tc Td -- -- --"]
#: rollout(ROLLOUT_BOARDS, "pineapple", n=1000, seed=7): the sums, as SELFPLAY_SUMS
ROLLOUT_SUMS = [[-5918, 143770, 825, 175, 1999], [5918, 143770, 21, 111, 3665]]


def check_rollout() -> str:
    """A seeded rollout of two partial boards gives pinned sums (a zero-sum split of points)."""
    result = rollout(ROLLOUT_BOARDS, "pineapple", n=1000, seed=7)
    sums = result.sums.tolist()
    assert sums[0][0] + sums[1][0] == 0, f"rollout points do not sum to zero: {sums}"
    assert sums == ROLLOUT_SUMS, f"rollout sums {sums}, expected {ROLLOUT_SUMS}"
    return "1,000 completions of two partial boards"


#: a 14-card Fantasyland hand: its best setting is AA on top (9), quad nines in the middle (20)
#: and the royal flush at the bottom (25), Pineapple royalties
FANTASYLAND_HAND = "As Ks Qs Js Ts 9h 9d 9c 9s Ah Ad 2c 2d 5c"
FANTASYLAND_ROYALTIES = (9, 20, 25)


def check_fantasyland() -> str:
    """The Fantasyland solver's best setting of a 14-card hand: its royalties, unfouled."""
    result = solve_fantasyland(FANTASYLAND_HAND, "pineapple")
    assert not result.fouled and result.royalties == FANTASYLAND_ROYALTIES, \
        f"Fantasyland setting {result.board} with royalties {result.royalties}, expected {FANTASYLAND_ROYALTIES}"
    return "a 14-card Fantasyland hand"


#: (name, check): each check returns what it covered, or raises AssertionError
CHECKS: list[tuple[str, Callable[[], str]]] = [
    ("hands", check_hands),
    ("golden boards", check_golden_boards),
    ("self-play", check_selfplay),
    ("rollout", check_rollout),
    ("fantasyland", check_fantasyland),
]


def run(verbose: bool = True, stream: TextIO | None = None) -> bool:
    """Run every check of :data:`CHECKS`; True when all pass. ``verbose`` prints a line per
    check (what it covered, or why it failed) and a summary to ``stream`` (stdout).

    >>> run(verbose=False)
    True
    """
    out = sys.stdout if stream is None else stream
    core = os.path.dirname(os.path.abspath(_core.__file__))
    if verbose:
        print(f"ofc_fast {__version__} from {core}", file=out)
    failed = 0
    start = time.perf_counter()
    for name, check in CHECKS:
        t0 = time.perf_counter()
        try:
            covered = check()
        except Exception as exc:  # a wrong answer or a crash of the build: reported, then the others run
            failed += 1
            if verbose:
                print(f"  FAIL {name}: {type(exc).__name__}: {exc}", file=out)
            continue
        if verbose:
            print(f"  ok   {name}: {covered} ({time.perf_counter() - t0:.1f} s)", file=out)
    if verbose:
        took = time.perf_counter() - start
        summary = f"{failed} of {len(CHECKS)} checks failed" if failed else f"all {len(CHECKS)} checks passed"
        print(f"{summary} in {took:.1f} s", file=out)
    return not failed


def main(argv: list[str] | None = None) -> int:
    """``python -m ofc_fast.test [-q]``: 0 when every check passes, 1 otherwise."""
    parser = argparse.ArgumentParser(prog="python -m ofc_fast.test",
                                     description="Check the installed ofc_fast build against known answers.")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing; the exit status says")
    args = parser.parse_args(argv)
    return 0 if run(verbose=not args.quiet) else 1


if __name__ == "__main__":
    sys.exit(main())
