"""Foul rates against the perfect-information floor (issue 29, heads-up Pineapple).

    python bench/foul_floor.py [--deals 2000] [--spot 400] [--budget 0] [--seed 1] [--json FILE]

A player who saw every card coming would still foul some hands; a bot's foul
rate means little without that floor beside it.  Two places:

* **Whole hands.**  A seat's 17 cards in deal order (5, then four streets of
  3, each keeping 2): some choice of the four discards (81 ways) leaves 13
  cards that can be set without a foul?  Exact: ``ofc.can_avoid_foul`` of the
  empty board with every other card dead, for each choice.  Beside it, the
  foul rates the built-in policies and the search bot reach in play
  (``Game.play_hand``; ``best``: ``ofc.best_move`` on every turn of seat 0).
* **The README's forced spot** (queens on top over 5-6-7 and kings at the
  bottom, against ``2c 3c / 8d 9d Td / Ac Ad``).  The seat's next 9 cards: the
  floor keeps 2 of each 3 (27 ways) and asks the same question; the search bot
  plays the three streets with ``best_move`` (the opponent's board held as it
  is, its cards unseen), and each policy's rate is ``ofc.rollout``'s.

The same random deals serve every row (seed ``--seed``).
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import platform
import time
from typing import Any

import numpy as np

import ofc_fast as ofc

SPOT = ["Qh Qd / 5s 6s 7s / Kc Kd", "2c 3c / 8d 9d Td / Ac Ad"]


def wilson(k: int, n: int) -> tuple[float, float]:
    """95% interval of a rate (Wilson)."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.959964
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (mid - half, mid + half)


def can_set(boards: str, kept: np.ndarray) -> np.ndarray:
    """Whether each row of ``kept`` cards (with ``boards`` as the start) can end unfouled."""
    deck = np.arange(52, dtype=np.uint8)
    n, k = kept.shape
    board = ofc.partial.parse_partial(boards)
    on_board = board[board != 255]
    start = np.broadcast_to(board, (n, 13))
    # every card but the kept ones is dead: the completion must use exactly them
    dead = np.full((n, 52 - k - on_board.size), 255, dtype=np.uint8)
    for i in range(n):
        free = np.setdiff1d(deck, np.concatenate([kept[i], on_board]))
        dead[i, :free.size] = free
    return ofc.partial.can_avoid_foul(start, dead=dead)


def floor_whole(deals: int, seed: int) -> tuple[int, int]:
    """Hands (of ``deals``) no choice of discards keeps unfouled, and ``deals``."""
    rng = np.random.default_rng(seed)
    cards = np.stack([rng.permutation(52)[:17] for _ in range(deals)]).astype(np.uint8)
    streets = [cards[:, 5 + 3 * s: 8 + 3 * s] for s in range(4)]
    ok = np.zeros(deals, dtype=bool)
    for drop in itertools.product(range(3), repeat=4):
        keep = [cards[:, :5]] + [np.delete(streets[s], drop[s], axis=1) for s in range(4)]
        todo = ~ok
        if not todo.any():
            break
        kept = np.concatenate(keep, axis=1)[todo]
        ok[np.flatnonzero(todo)[can_set("-- / -- / --", kept)]] = True
    return int((~ok).sum()), deals


def spot_futures(n: int, seed: int) -> np.ndarray:
    """``n`` orders of the seat's next 9 cards in the spot (opponent's cards unseen)."""
    used = np.concatenate([ofc.partial.parse_partial(b) for b in SPOT])
    left = np.setdiff1d(np.arange(52), used[used != 255]).astype(np.uint8)
    rng = np.random.default_rng(seed)
    return np.stack([rng.permutation(left)[:9] for _ in range(n)])


def floor_spot(futures: np.ndarray) -> int:
    """Futures of the spot in which no choice of discards keeps the board unfouled."""
    n = futures.shape[0]
    ok = np.zeros(n, dtype=bool)
    for drop in itertools.product(range(3), repeat=3):
        kept = np.concatenate([np.delete(futures[:, 3 * s: 3 * s + 3], drop[s], axis=1)
                               for s in range(3)], axis=1)
        todo = ~ok
        if not todo.any():
            break
        ok[np.flatnonzero(todo)[can_set(SPOT[0], kept[todo])]] = True
    return int((~ok).sum())


def bot_spot(futures: np.ndarray, budget: int | None, seed: int) -> tuple[int, float]:
    """Fouls of the search bot playing the spot's three streets, and its median seconds a move."""
    fouls, times = 0, []
    for i, fut in enumerate(futures):
        boards = [ofc.partial.parse_partial(b) for b in SPOT]
        for s in range(3):
            hand = " ".join(ofc.card_str(int(c)) for c in fut[3 * s: 3 * s + 3])
            t = time.process_time()
            m = ofc.best_move((boards, hand), budget=budget, seed=seed * 1_000_003 + 3 * i + s)
            times.append(time.process_time() - t)
            boards[0] = m.board
        fouls += bool(ofc.analyze(m.board).fouled)
    return fouls, float(np.median(times))


def policy_spot(policy: str, n: int, seed: int) -> tuple[int, int]:
    r = ofc.rollout(SPOT, n=n, seed=seed, policy=policy)
    return int(round(float(r.foul_rate[0]) * n)), n


def whole_policies(deals: int, seed: int, budget: int | None) -> list[tuple[str, int, int]]:
    """Foul counts of each policy (and ``best`` on seat 0) over heads-up hands against greedy."""
    rows = []
    for name in ("heuristic", "lookahead", "greedy"):
        g = ofc.Game("pineapple", 2, seed=seed, match=False)
        fouls = 0
        for _ in range(deals):
            g.play_hand([name, name])
            fouls += int(g.fouled.sum())
            g.next_hand()
        rows.append((name, fouls, 2 * deals))
    g = ofc.Game("pineapple", 2, seed=seed, match=False)
    fouls, hands = 0, min(deals, 300)
    for h in range(hands):
        while not g.done:
            if g.turn == 0:
                m = ofc.best_move(g, budget=budget, seed=seed + 7 * h + g.street(0))
                g.apply(m.move)
            else:
                g.play("greedy")
        fouls += int(g.fouled[0])
        g.next_hand()
    rows.append(("best (seat 0, against greedy)", fouls, hands))
    return rows


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=2000, help="whole hands for the floor and the policies")
    ap.add_argument("--spot", type=int, default=400, help="futures of the forced spot the bot plays")
    ap.add_argument("--budget", type=int, default=0, help="best_move's budget (0: its default)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="write the figures here too")
    a = ap.parse_args(argv)
    budget = a.budget or None
    t0 = time.time()
    out: dict[str, Any] = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                           "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
                           "deals": a.deals, "spot": a.spot, "seed": a.seed, "rows": []}

    def row(where: str, who: str, k: int, n: int) -> None:
        lo, hi = wilson(k, n)
        out["rows"].append({"where": where, "who": who, "fouls": k, "n": n,
                            "rate": k / n, "lo": lo, "hi": hi})
        print(f"| {where} | {who} | {100 * k / n:.1f}% ({100 * lo:.1f} .. {100 * hi:.1f}) | {n} |",
              flush=True)

    print("| where | who | foul rate (95% CI) | hands |\n|---|---|---|---|")
    k, n = floor_whole(a.deals, a.seed)
    row("whole hand", "perfect information", k, n)
    for name, k, n in whole_policies(a.deals, a.seed, budget):
        row("whole hand", name, k, n)
    fut = spot_futures(max(a.spot, 3000), a.seed)
    row("forced spot", "perfect information", floor_spot(fut), fut.shape[0])
    for name in ("heuristic", "lookahead", "greedy"):
        k, n = policy_spot(name, 3000, a.seed)
        row("forced spot", f"{name} (rollout fill)", k, n)
    k, med = bot_spot(fut[:a.spot], budget, a.seed)
    row("forced spot", "best (best_move each street)", k, a.spot)
    out["best_spot_median_cpu_s"] = med
    out["seconds"] = time.time() - t0
    print(f"\n{out['date']}, {out['machine']}, {out['seconds']:.0f} s; best_move median "
          f"{1000 * med:.1f} ms CPU a move in the spot")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)
    return out


if __name__ == "__main__":
    main()
