"""Bots head to head (issue 19): every built-in policy and the Monte Carlo bot.

    python bench/bots.py [--deals 400] [--mc 100,1000] [--fl-value 17] [--jobs 2] [--seed 1]
                         [--only greedy,mc1000] [--best 20000] [--pairs best:greedy,best:mc1000]
                         [--json FILE] [--bots agent:PATH,...]

Heads-up Pineapple, every pair of bots: each deal is played twice with the
seats swapped (duplicate format: the same cards, so luck of the deal cancels),
independent hands (nobody starts in Fantasyland).  The bots: every policy in
``ofc.POLICIES`` (``Game.play``; a policy added to the C registry appears
here by itself), and ``mc<n>``: on each turn, :func:`ofc.evaluate_placements`
of the position with ``n`` completions per placement, by its default policy,
playing the best (``mc<n>+fl<v>``: crediting ``v`` points for each Fantasyland
earned, ``fantasyland_value``), and ``best``: :func:`ofc.best_move` with its
default budget (``bestx<m>``: ``m`` times it, ``m`` a number; ``best<b>``: a budget
of ``b`` completions; ``best<b>k<s>``: and a shortlist of ``s``; ``best<b>k<s>w<c>``: a
cheap pass over the heuristic's ``c`` best;
``best...@<policy>``: completions filled by that policy;
``best...+foul<w>``: completions filled by the heuristic with foul
weight ``w``), and ``agent:PATH``: a trained :class:`~ofc_fast.rl.agents.MLPAgent`
saved at ``PATH`` (examples/train_bc.py; ``--bots agent:PATH`` adds it, and
``--pairs agent:PATH:heuristic`` plays it against one bot).  Prints one table: points a hand of the first bot (mean over
deals of the two seats' average, with a 95% interval), each bot's foul and
Fantasyland rates, each bot's mean time a decision (wall) and its median CPU time a
decision (process time: the search's worker thread counted).
"""
from __future__ import annotations

import argparse
import inspect
import itertools
import json
import math
import os
import platform
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

import ofc_fast as ofc
from ofc_fast.play.game import POLICIES
from ofc_fast.rl.agents import MLPAgent
from ofc_fast.sim import search
from ofc_fast.sim.rollout import placement_count

RULES = "pineapple"
_AGENTS: dict[str, MLPAgent] = {}   # agent:PATH bots, loaded once per process


def _agent(path: str) -> MLPAgent:
    if path not in _AGENTS:
        _AGENTS[path] = MLPAgent.load(path)
    return _AGENTS[path]


def parse_pair(text: str) -> tuple[str, str]:
    """``A:B`` as (A, B), where a bot ``agent:PATH`` keeps its colon."""
    parts = text.split(":")
    bots: list[str] = []
    while parts:
        p = parts.pop(0)
        bots.append(f"{p}:{parts.pop(0)}" if p == "agent" and parts else p)
    if len(bots) != 2:
        raise SystemExit(f"--pairs: {text!r} is not A:B")
    return bots[0], bots[1]


def bot_names(mc: list[int], worth: float = 0.0, best: list[str] | None = None) -> list[str]:
    """Every built-in policy, then the Monte Carlo bots (``mc<n>``; with ``worth``, also
    ``mc<n>+fl<worth>``: crediting that many points for Fantasyland earned), then ``best``
    and the ``best<b>`` bots of the budgets in ``best``."""
    return (list(POLICIES) + [f"mc{n}" for n in mc] + ([f"mc{n}+fl{worth:g}" for n in mc] if worth else [])
            + ["best"] + [f"best{b}" for b in best or []])


def _turn(g: ofc.Game, bot: str, seed: int) -> float:
    """Play the turn of the seat to act as ``bot``; the seconds it took."""
    t0 = time.perf_counter()
    if bot.startswith("agent:"):
        g.apply(_agent(bot[len("agent:"):]).choose(g))
    elif bot.startswith("best"):
        bot, _, fill = bot.partition("@")   # best...@<policy>: completions filled by that policy
        fills: dict[str, Any] = {"policy": fill} if fill else {}
        if bot.startswith("bestx"):   # a multiple of the default budget of the position
            extra = {"budget": max(1, round(float(bot[5:]) * (search.DEFAULT_BUDGET + search.DEFAULT_PER_OPTION
                                                               * placement_count(g))))}
            g.apply(ofc.best_move(g, seed=seed, **extra, **fills).move)
            return time.perf_counter() - t0
        spec, _, foul = bot[4:].partition("+foul")
        spec, _, wide = spec.partition("w")
        budget, _, short = spec.partition("k")
        extra: dict[str, Any] = {}
        if budget:
            extra["budget"] = int(budget)
        if short:
            extra["shortlist"] = int(short)
        if wide:
            extra["cheap_pass"] = int(wide)
        if foul:
            extra["policy"] = ofc.Policy("heuristic", foul=float(foul))
        g.apply(ofc.best_move(g, seed=seed, **{**fills, **extra}).move)
    elif bot.startswith("mc"):
        n, _, worth = bot[2:].partition("+fl")
        best = ofc.evaluate_placements(g, n=int(n), seed=seed, fantasyland_value=float(worth or 0))
        g.apply(best.codes[0])
    else:
        g.play(bot)
    return time.perf_counter() - t0


def play_deals(a: str, b: str, seed: int, lo: int, hi: int) -> dict[str, Any]:
    """Deals ``lo .. hi - 1``, each played with ``a`` in seat 0 and then in seat 1."""
    pts, fouls, fls = [], {a: 0, b: 0}, {a: 0, b: 0}
    clock = {a: [0.0, 0], b: [0.0, 0]}
    cpu: dict[str, list[float]] = {a: [], b: []}
    for d in range(lo, hi):
        both = 0
        for swap in (0, 1):
            seats = [a, b] if not swap else [b, a]
            g = ofc.Game(RULES, 2, seed=seed * 1_000_003 + d, button=1, match=False)
            k = 0
            while not g.done:
                seat = int(g.turn)   # type: ignore[arg-type]
                c0 = time.process_time()
                clock[seats[seat]][0] += _turn(g, seats[seat], seed * 7919 + d * 64 + k)
                cpu[seats[seat]].append(time.process_time() - c0)
                clock[seats[seat]][1] += 1
                k += 1
            both += int(g.scores[swap])
            for s in (0, 1):
                fouls[seats[s]] += bool(g.fouled[s])
                fls[seats[s]] += int(g.next_fantasyland[s]) > 0
        pts.append(both / 2)
    return {"pts": pts, "fouls": fouls, "fl": fls, "clock": clock, "cpu": cpu}


def run_pair(a: str, b: str, deals: int, seed: int, jobs: int) -> dict[str, Any]:
    chunks = max(1, min(jobs * 4, deals))
    bounds = [deals * i // chunks for i in range(chunks + 1)]
    parts = []
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            futs = [ex.submit(play_deals, a, b, seed, bounds[i], bounds[i + 1]) for i in range(chunks)]
            parts = [f.result() for f in futs]
    else:
        parts = [play_deals(a, b, seed, 0, deals)]
    pts = [p for part in parts for p in part["pts"]]
    out: dict[str, Any] = {"a": a, "b": b, "deals": deals}
    x = np.array(pts, dtype=np.float64)
    out["mean"] = float(x.mean())
    half = 1.96 * float(x.std(ddof=1)) / math.sqrt(len(x)) if len(x) > 1 else float("nan")
    out["ci95"] = [out["mean"] - half, out["mean"] + half]
    for who in (a, b):
        hands = 2 * deals
        out[f"foul_{who}"] = sum(p["fouls"][who] for p in parts) / hands
        out[f"fl_{who}"] = sum(p["fl"][who] for p in parts) / hands
        secs = sum(p["clock"][who][0] for p in parts)
        n = sum(p["clock"][who][1] for p in parts)
        out[f"ms_{who}"] = 1000 * secs / max(n, 1)
        out[f"cpu_ms_median_{who}"] = 1000 * float(np.median([t for p in parts for t in p["cpu"][who]]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=400, help="deals per pair (each played twice)")
    ap.add_argument("--mc", default="100,1000", help="completions per placement of the mc bots")
    ap.add_argument("--fl-value", type=float, default=0.0,
                    help="also mc bots crediting this fantasyland_value (e.g. from "
                         "ofc.estimate_fantasyland_value)")
    ap.add_argument("--jobs", type=int, default=1, help="processes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="", help="comma-separated bots to keep (default: all)")
    ap.add_argument("--best", default="", help="budgets of best<b> bots besides best (e.g. 20000)")
    ap.add_argument("--pairs", default="", help="comma-separated A:B pairs to play instead of every pair")
    ap.add_argument("--json", default="")
    ap.add_argument("--bots", default="", help="comma-separated bots to add, e.g. agent:PATH (a trained agent)")
    args = ap.parse_args()
    mc = [int(v) for v in args.mc.split(",") if v]
    bots = bot_names(mc, args.fl_value, [b for b in args.best.split(",") if b])
    if args.only:
        keep = set(args.only.split(","))
        bots = [b for b in bots if b in keep]
    bots += [b for b in args.bots.split(",") if b]
    default = inspect.signature(ofc.evaluate_placements).parameters["policy"].default
    print(f"# ofc_fast {ofc.__version__}, {RULES} heads-up, {args.deals} deals a pair, each played "
          f"with the seats swapped; mc bots fill with {default!r}; {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, jobs={args.jobs}, seed={args.seed}")
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print()
    print("| bot A | bot B | A's points a hand (95% CI) | fouls A / B | Fantasyland A / B | ms a decision A / B "
          "| median CPU ms A / B |")
    print("|---|---|---|---|---|---|---|")
    rows = []
    t0 = time.perf_counter()
    pairs = ([parse_pair(p) for p in args.pairs.split(",")] if args.pairs
             else [(b, a) for a, b in itertools.combinations(bots, 2)])   # A: the later bot in the list
    for a, b in pairs:
        r = run_pair(a, b, args.deals, args.seed, args.jobs)
        rows.append(r)
        a, b = r["a"], r["b"]
        print(f"| {a} | {b} | {r['mean']:+.2f} ({r['ci95'][0]:+.2f} .. {r['ci95'][1]:+.2f}) | "
              f"{r[f'foul_{a}']:.1%} / {r[f'foul_{b}']:.1%} | {r[f'fl_{a}']:.1%} / {r[f'fl_{b}']:.1%} | "
              f"{r[f'ms_{a}']:.3g} / {r[f'ms_{b}']:.3g} | "
              f"{r[f'cpu_ms_median_{a}']:.3g} / {r[f'cpu_ms_median_{b}']:.3g} |", flush=True)
    print()
    print(f"# {time.perf_counter() - t0:.0f} s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
