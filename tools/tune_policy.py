#!/usr/bin/env python3
"""Tune a policy's weights by heads-up self-play, and measure policies.

    python tools/tune_policy.py match heuristic greedy --rules pineapple --hands 4000
    python tools/tune_policy.py tune --against greedy --hands 3000 --rounds 2
    python tools/tune_policy.py tune --policy lookahead --against greedy --rules pineapple --hands 600
    python tools/tune_policy.py duel lookahead heuristic --against greedy --deals 1500 --seed 9
    python tools/tune_policy.py cost heuristic lookahead --rules pineapple,original,low
    python tools/tune_policy.py speed --rules pineapple,original,low

``match``: policy A against policy B heads-up (``Game(match=False)``, the
button going round, Fantasyland carried and set by the exact solver), A's
mean points a hand with a 95% interval, and each side's foul and
Fantasyland rates.  A policy is a name, or ``name:foul=40,tie=2`` for a
``Policy`` with parameters.

``tune``: coordinate search over the weights of ``--policy`` (default the
heuristic; ``--only`` some of them, from ``--start``).  Each round tries
every weight scaled by ``--steps`` and keeps a change when, summed over the
rules given, the candidate gains more than ``--margin`` standard errors;
every hand is a duplicate deal (``duel``), and with ``--against greedy``
every candidate plays greedy on the same deals (common random numbers) and
the gain is the per-deal difference from the best so far.  It prints the
weights it ends with; ofc_pol_heuristic_weights (csrc/play/ofc_policy_heuristic.c,
tuned by this command when it played single hands, ``match``) and
ofc_pol_lookahead_weights (csrc/play/ofc_policy_lookahead.c) are committed
results (run from the repository root with the extension built in place).

``duel``: each challenger against each opponent, every deal played twice
with the seats swapped (the same cards: the luck of the deal cancels), the
same deals for every challenger; points a hand with a 95% interval, fouls,
Fantasyland, royalties and each side's CPU time.

``cost``: completions a CPU second from empty boards (``ofc.rollout``, one
thread) of each policy, interleaved with the first one so that the ratios
share the machine's load.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ofc_fast as ofc  # noqa: E402
from ofc_fast.play.game import POLICY_PARAMS, Game, Policy  # noqa: E402


def parse_policy(text: str) -> str | Policy:
    if ":" not in text:
        return text
    name, args = text.split(":", 1)
    params = {k: float(v) for k, v in (a.split("=") for a in args.split(",") if a)}
    return Policy(name, **params)


def head_to_head(rules: str, a: str | Policy, b: str | Policy, hands: int, seed: int) -> dict[str, float]:
    """A against B for `hands` hands (a's seat alternates with the button)."""
    g = Game(rules, 2, seed=seed, match=False)
    pts = np.zeros(hands)
    fouls = np.zeros(2)
    fl = np.zeros(2)
    for h in range(hands):
        # seat of A: 0 on even hands, 1 on odd ones (each seat acts first as often)
        sa = h % 2
        seats = [a, b] if sa == 0 else [b, a]
        g.play_hand(seats)
        pts[h] = g.scores[sa]
        fouls += [g.fouled[sa], g.fouled[1 - sa]]
        fl += [g.next_fantasyland[sa] > 0, g.next_fantasyland[1 - sa] > 0]
        g.next_hand()
    se = pts.std(ddof=1) / math.sqrt(hands) if hands > 1 else float("nan")
    return {"mean": float(pts.mean()), "se": float(se), "foul_a": fouls[0] / hands,
            "foul_b": fouls[1] / hands, "fl_a": fl[0] / hands, "fl_b": fl[1] / hands}


def duplicate(rules: str, a: str | Policy, b: str | Policy, deals: int, seed: int,
              first: int = 0) -> dict[str, Any]:
    """A against B on deals ``first .. first + deals - 1``, each played twice with the seats
    swapped (the same cards: the luck of the deal cancels), independent hands; A's mean
    points a hand (per deal, the two seatings' average) with its standard error, each
    side's foul and Fantasyland rates, and each side's CPU seconds."""
    pts = np.zeros(deals)
    fouls = np.zeros(2)
    fl = np.zeros(2)
    cpu = np.zeros(2)
    roy = np.zeros(2)
    for d in range(deals):
        for sa in (0, 1):
            seats = [a, b] if sa == 0 else [b, a]
            g = Game(rules, 2, seed=seed * 1_000_003 + first + d, button=1, match=False)
            while not g.done:
                seat = int(g.turn)  # type: ignore[arg-type]
                t0 = time.thread_time()
                g.play(seats[seat])
                cpu[0 if seat == sa else 1] += time.thread_time() - t0
            pts[d] += g.scores[sa] / 2
            fouls += [g.fouled[sa], g.fouled[1 - sa]]
            fl += [g.next_fantasyland[sa] > 0, g.next_fantasyland[1 - sa] > 0]
            roy += [g.royalties[sa].sum(), g.royalties[1 - sa].sum()]
    se = pts.std(ddof=1) / math.sqrt(deals) if deals > 1 else float("nan")
    return {"pts": pts, "roy_a": roy[0] / (2 * deals), "roy_b": roy[1] / (2 * deals),
            "mean": float(pts.mean()), "se": float(se), "foul_a": fouls[0] / (2 * deals),
            "foul_b": fouls[1] / (2 * deals), "fl_a": fl[0] / (2 * deals), "fl_b": fl[1] / (2 * deals),
            "cpu_a": float(cpu[0]), "cpu_b": float(cpu[1])}


def cmd_duel(args: argparse.Namespace) -> int:
    """Each challenger against each opponent on the same duplicate deals."""
    for rules in args.rules.split(","):
        for b in args.against.split(" "):
            for a in args.policies:
                r = duplicate(rules, parse_policy(a), parse_policy(b), args.deals, args.seed)
                print(f"{rules:10s} {a} vs {b}: {r['mean']:+.3f} +- {1.96 * r['se']:.3f} points a hand "
                      f"({args.deals} deals x 2); fouls {r['foul_a']:.1%} / {r['foul_b']:.1%}, "
                      f"Fantasyland {r['fl_a']:.1%} / {r['fl_b']:.1%}, "
                      f"royalties {r['roy_a']:.2f} / {r['roy_b']:.2f}; CPU {r['cpu_a']:.1f} s / "
                      f"{r['cpu_b']:.1f} s", flush=True)
    return 0


def cmd_cost(args: argparse.Namespace) -> int:
    """Completions a CPU second of each policy from empty boards (ofc.rollout, one thread),
    interleaved with the first policy (the baseline) so that the ratios share the machine's load."""
    names = args.policies
    for rules in args.rules.split(","):
        boards = np.full((2, 13), 255, dtype=np.uint8)
        secs = dict.fromkeys(names, 0.0)
        for rep in range(args.repeat):
            for n in names:
                t0 = time.process_time()
                ofc.rollout(boards, rules, policy=parse_policy(n), n=args.n, seed=args.seed + rep)
                secs[n] += time.process_time() - t0
        base = secs[names[0]]
        for n in names:
            rate = args.n * args.repeat / secs[n]
            print(f"{rules:10s} {n:40s} {rate:10,.0f} completions/s  cost x{secs[n] / base:.2f} "
                  f"of {names[0]}", flush=True)
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    a, b = parse_policy(args.a), parse_policy(args.b)
    for rules in args.rules.split(","):
        t0 = time.perf_counter()
        r = head_to_head(rules, a, b, args.hands, args.seed)
        dt = time.perf_counter() - t0
        print(f"{rules:10s} {str(a)} vs {str(b)}: {r['mean']:+.3f} +- {1.96 * r['se']:.3f} points a hand "
              f"({args.hands} hands); fouls {r['foul_a']:.1%} / {r['foul_b']:.1%}, Fantasyland "
              f"{r['fl_a']:.1%} / {r['fl_b']:.1%}; {dt:.1f} s")
    return 0


def cmd_speed(args: argparse.Namespace) -> int:
    """Self-play speed (one thread, the same hands for every policy) and foul rates, in one run."""
    import os
    import platform
    print(time.strftime("%Y-%m-%d %H:%M:%S %Z"), platform.node(), "load", os.getloadavg())
    rates = {}
    for rules in args.rules.split(","):
        for name in args.policies.split(","):
            policy = parse_policy(name)
            hands = args.greedy_hands if str(policy).startswith("greedy") else args.hands
            t0 = time.perf_counter()
            s = ofc.simulate(rules, 2, hands, seed=args.seed, policy=policy)
            rate = hands / (time.perf_counter() - t0)
            rates[(rules, str(policy))] = rate
            print(f"{rules:10s} {str(policy):12s} {rate:12,.0f} hands/s  fouls {s.foul_rate.mean():.2%}  "
                  f"Fantasyland {s.fantasyland_rate.mean():.2%}  royalties {s.royalties.mean():.2f}",
                  flush=True)
        if (rules, "greedy") in rates and (rules, "heuristic") in rates:
            ratio = rates[(rules, "heuristic")] / rates[(rules, "greedy")]
            print(f"{rules:10s} heuristic / greedy speed: {ratio:.0f}x")
    return 0


def cmd_tune(args: argparse.Namespace) -> int:
    policy = args.policy
    names = [k for k in POLICY_PARAMS[policy] if not args.only or k in args.only.split(",")]
    best = dict(POLICY_PARAMS[policy])
    for a in filter(None, args.start.split(",")):
        k, v = a.split("=")
        best[k] = float(v)
    steps = [float(x) for x in args.steps.split(",")]
    rules_list = args.rules.split(",")
    against = parse_policy(args.against) if args.against else None

    def score(trial: dict[str, float], rnd: int) -> Any:
        """Summed over the rules: trial against the best (or against `against`, each deal
        twice with the seats swapped: the per-deal points, the same deals for every trial)."""
        if against is not None:
            return sum(duplicate(rules, Policy(policy, **trial), against, args.hands, args.seed + i)["pts"]
                       for i, rules in enumerate(rules_list))
        return sum(duplicate(rules, Policy(policy, **trial), Policy(policy, **best), args.hands,
                             args.seed + 1000 * rnd + i)["pts"] for i, rules in enumerate(rules_list))

    base = score(best, 0) if against is not None else None
    print("start:", best, f"{base.mean():+.3f}" if base is not None else "", flush=True)
    for rnd in range(args.rounds):
        changed = False
        for k in names:
            if k in args.fixed.split(","):
                continue
            for f in steps:
                trial = dict(best)
                trial[k] = round(best[k] * f, 4) if best[k] else f - 1.0
                pts = score(trial, rnd)
                # the gain on the same deals (common random numbers) and its standard error
                diff = pts - base if base is not None else pts
                gain, se = float(diff.mean()), float(diff.std(ddof=1) / math.sqrt(len(diff)))
                print(f"round {rnd} {k}={trial[k]}: {gain:+.3f} (se {se:.3f})", flush=True)
                if gain > args.margin * se:
                    best = trial
                    base = pts if base is not None else None
                    changed = True
                    print("  kept:", best, f"{pts.mean():+.3f}", flush=True)
        if not changed:
            break
    print("weights:", ", ".join(f"{best[k]!r}" for k in POLICY_PARAMS[policy]))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("match", help="policy A against policy B, heads-up")
    m.add_argument("a")
    m.add_argument("b")
    m.add_argument("--rules", default="pineapple")
    m.add_argument("--hands", type=int, default=4000)
    m.add_argument("--seed", type=int, default=1)
    t = sub.add_parser("tune", help="coordinate search over a policy's weights")
    t.add_argument("--policy", default="heuristic", help="the policy whose weights are tuned")
    t.add_argument("--only", default="", help="the weights tuned (comma separated; default: all)")
    t.add_argument("--start", default="", help="weights to start from (name=value,...)")
    t.add_argument("--rules", default="pineapple,original,low")
    t.add_argument("--hands", type=int, default=3000)
    t.add_argument("--rounds", type=int, default=2)
    t.add_argument("--steps", default="0.67,1.5")
    t.add_argument("--fixed", default="", help="weights left alone (comma separated)")
    t.add_argument("--seed", type=int, default=11)
    t.add_argument("--against", default="", help="a fixed opponent for every candidate (e.g. greedy); "
                   "default: the best weights so far")
    t.add_argument("--margin", type=float, default=0.5,
                   help="keep a change that gains more than this many standard errors")
    sp = sub.add_parser("speed", help="self-play speed and foul rates of policies, one run")
    sp.add_argument("--rules", default="pineapple,original,low,progressive")
    sp.add_argument("--policies", default="random,heuristic,greedy")
    sp.add_argument("--hands", type=int, default=20000)
    sp.add_argument("--greedy-hands", type=int, default=400)
    sp.add_argument("--seed", type=int, default=1)
    d = sub.add_parser("duel", help="policies against opponents on duplicate deals (seats swapped)")
    d.add_argument("policies", nargs="+", help="challengers (name or name:weight=value,...)")
    d.add_argument("--against", default="heuristic greedy", help="opponents, space-separated")
    d.add_argument("--rules", default="pineapple")
    d.add_argument("--deals", type=int, default=2000)
    d.add_argument("--seed", type=int, default=1)
    c = sub.add_parser("cost", help="completions a CPU second from empty boards, as ratios to the first")
    c.add_argument("policies", nargs="+", help="the baseline first (e.g. heuristic lookahead)")
    c.add_argument("--rules", default="pineapple")
    c.add_argument("--n", type=int, default=20000)
    c.add_argument("--repeat", type=int, default=3)
    c.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    return {"match": cmd_match, "tune": cmd_tune, "speed": cmd_speed, "duel": cmd_duel,
            "cost": cmd_cost}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
