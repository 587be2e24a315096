"""A recipe that beats the heuristic: behaviour cloning of the ``greedy`` bot, with DAgger.

    python examples/train_bc.py [--rounds 4] [--hands 2500] [--epochs 3] [--out bc_agent.npz]
                                [--eval-deals 2000] [--plot rl_recipe_curve.png] [--seed 1]

Each round plays ``--hands`` heads-up Pineapple hands in a self-play
:class:`~ofc_fast.rl.VecEnv` (every seat's turn observed) with a
:class:`~ofc_fast.Game` in lockstep per env (``Game.replay(env.to_json(i))``),
and labels every turn with the move ``greedy`` would make there
(``Game.choose("greedy")``).  The first round plays greedy's moves; later
rounds play the agent's own (DAgger: the states the agent reaches, labelled
by the expert).  After each round a torch MLP (``--hidden``) that scores each
placement by the board it makes (its afterstate's counts plus its
``placement_features``: pairs, levels, draws, a row outranking the one below) is trained on
all the turns so far with a masked cross-entropy (only legal actions
compete), its weights go to an :class:`~ofc_fast.rl.agents.MLPAgent`
(numpy: no torch to act), and it is scored against ``heuristic`` over
``--curve-deals`` deals (each played twice, seats swapped).  At the end: the
agent against random, heuristic and greedy over ``--eval-deals`` deals, the
weights in ``--out``, the figures in ``--json`` and the curve in ``--plot``.
No reward shaping: the labels are the expert's moves; the reward is only
used to score.  Needs torch (a CPU build: ``pip install torch==2.13.0`` on
this project's machines, ``--index-url https://download.pytorch.org/whl/cpu``
elsewhere) and matplotlib for the plot.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import time
from typing import Any

import numpy as np
import torch
from torch import nn

import ofc_fast as ofc
from ofc_fast.rl import VecEnv
from ofc_fast.rl.agents import (
    FEATURES_HEADS_UP,
    PLACEMENT_FEATURES,
    MLPAgent,
    action_digits,
    card_features,
    evaluate,
    features,
    placement_features,
    sorted_action_map,
)

RULES = "pineapple"


def collect(agent: MLPAgent | None, hands: int, envs: int, seed: int, expert: str = "greedy",
            mask: str = "legal") -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``hands`` self-play hands: (features, held cards ascending, legal masks, expert labels),
    the masks and labels in the held cards' ascending order (the agent's action space).  The
    moves played are the expert's (agent None) or the agent's."""
    env = VecEnv(RULES, 2, num_envs=envs, seed=seed, seats="all", autoreset=False, mask=mask)
    xs, hs, ms, ys = [], [], [], []
    played = 0
    while played < hands:
        obs, _ = env.reset(seed=seed + played)
        games = [ofc.Game.replay(env.to_json(i)) for i in range(envs)]
        while not all(g.done for g in games):
            held = env.held_cards()
            amap = sorted_action_map(RULES, held)
            mask = env.action_masks()
            legal = (amap >= 0) & np.take_along_axis(mask, np.maximum(amap, 0), axis=1)
            codes = np.array([g.choose(expert) for g in games], dtype=np.int64)
            table = np.array([0 if g.street(int(g.turn)) == 0 else 1 for g in games])   # type: ignore[arg-type]
            label = env.to_compact[table, codes].astype(np.int64)
            y = (amap == label[:, None]).argmax(axis=1)
            legal[np.arange(envs), y] = True   # (greedy's move, even where the foul-safe mask drops it)
            xs.append(features(obs).astype(np.float16))
            hs.append(np.sort(held, axis=1))
            ms.append(legal)
            ys.append(y)
            acts = label if agent is None else agent.act(obs, mask, held)
            for g, a in zip(games, acts):
                g.apply(int(env.to_code[a]))
            obs, *_ = env.step(acts)
        played += envs
    env.close()
    return np.concatenate(xs), np.concatenate(hs), np.concatenate(ms), np.concatenate(ys)


class Net(nn.Module):
    """The torch twin of :class:`MLPAgent`: scores each placement by its afterstate."""

    def __init__(self, hidden: list[int], opening: int, digits: np.ndarray, placement: bool = True) -> None:
        super().__init__()
        sizes = [FEATURES_HEADS_UP + (PLACEMENT_FEATURES if placement else 0), *hidden, 1]
        self.lin = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))
        self.opening = opening
        self.placement = placement
        self.digits_np = digits
        self.digits = torch.from_numpy(digits)

    def forward(self, x: np.ndarray, held: np.ndarray, first: bool) -> torch.Tensor:
        """(B, A') scores of the placements of one street (first: the opening's); ``x``: the
        features (numpy), ``held``: the held cards ascending."""
        idx, amt = card_features(held)
        w = self.lin[0].weight.T                                              # (F (+ P), H)
        w1 = w[:FEATURES_HEADS_UP]
        terms = (w1[torch.from_numpy(idx)] * torch.from_numpy(amt)[..., None]).sum(dim=3)
        span = slice(0, self.opening) if first else slice(self.opening, self.digits.shape[0])
        xt = torch.from_numpy(np.asarray(x, dtype=np.float32))
        h = (xt @ w1 + self.lin[0].bias)[:, None, :] + torch.einsum("awd,bwdh->bah", self.digits[span], terms)
        if self.placement:
            pf = placement_features(x, held, self.digits_np[span])
            h = h + torch.from_numpy(pf) @ w[FEATURES_HEADS_UP:]
        for layer in self.lin[1:]:
            h = layer(torch.relu(h))
        return h[..., 0]

    def to_agent(self, mask: str = "legal") -> MLPAgent:
        return MLPAgent(RULES, [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy())
                                for m in self.lin], mask)


def train(net: Net, opt: torch.optim.Optimizer, data: tuple[np.ndarray, ...], epochs: int,
          batch: int, rng: np.random.Generator) -> float:
    """Masked cross-entropy over the data, batches of one street each; the last epoch's mean loss."""
    x, held, m, y = data
    first = held[:, 3] < 52                      # five cards held: the opening
    groups = [(np.flatnonzero(first), True), (np.flatnonzero(~first), False)]
    loss_sum = 0.0
    for _ in range(epochs):
        batches = [(rows[lo:lo + batch], f) for rows, f in groups
                   for rows in [rng.permutation(rows)] for lo in range(0, rows.size, batch)]
        loss_sum, seen = 0.0, 0
        for k in rng.permutation(len(batches)):
            rows, f = batches[k]
            span = slice(0, net.opening) if f else slice(net.opening, m.shape[1])
            off = 0 if f else net.opening
            logits = net(x[rows].astype(np.float32), held[rows], f)
            logits = logits.masked_fill(~torch.from_numpy(m[rows, span]), -1e9)
            loss = nn.functional.cross_entropy(logits, torch.from_numpy(y[rows] - off))
            opt.zero_grad()
            loss.backward()
            opt.step()
            loss_sum += float(loss.detach()) * len(rows)
            seen += len(rows)
        loss_sum /= max(seen, 1)
    return loss_sum


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=4, help="collect-and-train rounds (the first: greedy plays)")
    ap.add_argument("--hands", type=int, default=2500, help="self-play hands a round (10 turns labelled each)")
    ap.add_argument("--envs", type=int, default=250, help="envs stepped together while collecting")
    ap.add_argument("--epochs", type=int, default=3, help="epochs over all the data after each round")
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--hidden", default="128,64", help="hidden layer sizes")
    ap.add_argument("--curve-deals", type=int, default=500, help="deals against heuristic after each round")
    ap.add_argument("--eval-deals", type=int, default=2000, help="deals (x2 hands) of the final evaluation")
    ap.add_argument("--baselines", default="random,heuristic,greedy", help="opponents of the final evaluation")
    ap.add_argument("--baseline-deals", type=int, default=300,
                    help="deals of random and greedy against heuristic for the plot's lines")
    ap.add_argument("--out", default="bc_agent.npz", help="the agent's weights (numpy .npz)")
    ap.add_argument("--json", default="", help="write the figures here")
    ap.add_argument("--plot", default="", help="write the learning curve here (PNG)")
    ap.add_argument("--mask", default="foul_safe", choices=("legal", "foul_safe"),
                    help="the env's action mask, in training and play (foul_safe: no move after which "
                         "every completion fouls)")
    ap.add_argument("--no-placement", action="store_true",
                    help="without the placement features (what each placement's rows make)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1, help="torch threads")
    args = ap.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    t0, c0 = time.perf_counter(), time.process_time()
    probe = VecEnv(RULES, 2, num_envs=1)
    net = Net([int(h) for h in args.hidden.split(",") if h], probe.opening_actions, action_digits(RULES),
              placement=not args.no_placement)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    data: list[tuple[np.ndarray, ...]] = []
    curve: list[dict[str, Any]] = []
    agent: MLPAgent | None = None
    hands = 0
    for k in range(args.rounds):
        data.append(collect(agent, args.hands, args.envs, args.seed * 1_000_003 + k * 7919, mask=args.mask))
        hands += args.hands
        joined = tuple(np.concatenate(parts) for parts in zip(*data))
        y = joined[3]
        loss = train(net, opt, joined, args.epochs, args.batch, rng)
        agent = net.to_agent(args.mask)
        r = evaluate(agent, "heuristic", args.curve_deals, seed=10_000 + k)
        curve.append({"round": k + 1, "hands": hands, "turns": int(len(y)), "loss": loss,
                      "wall_s": time.perf_counter() - t0, "cpu_s": time.process_time() - c0,
                      "vs_heuristic": r["mean"], "ci95": r["ci95"], "foul": r["foul"]})
        print(f"round {k + 1}: {hands} hands, {len(y)} turns, loss {loss:.3f}, vs heuristic "
              f"{r['mean']:+.2f} ({r['ci95'][0]:+.2f} .. {r['ci95'][1]:+.2f}), fouls {r['foul']:.1%}, "
              f"{time.perf_counter() - t0:.0f} s", flush=True)
    assert agent is not None
    train_wall, train_cpu = time.perf_counter() - t0, time.process_time() - c0
    agent.save(args.out)
    agent = MLPAgent.load(args.out)
    final: dict[str, Any] = {}
    for name in [b for b in args.baselines.split(",") if b]:
        r = evaluate(agent, name, args.eval_deals, seed=123_457)
        final[name] = r
        print(f"agent vs {name}: {r['mean']:+.2f} ({r['ci95'][0]:+.2f} .. {r['ci95'][1]:+.2f}) a hand over "
              f"{r['hands']} hands, fouls {r['foul']:.1%} / {r['opponent_foul']:.1%}", flush=True)
    out = {"args": vars(args), "curve": curve, "final": final, "train_wall_s": train_wall,
           "train_cpu_s": train_cpu, "total_wall_s": time.perf_counter() - t0,
           "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores",
           "load": os.getloadavg(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
           "ofc_fast": ofc.__version__, "torch": torch.__version__}
    out["baseline_vs_heuristic"] = {name: builtin_vs(name, "heuristic", args.baseline_deals, args.seed)
                                    for name in ("random", "greedy")}
    print(f"training {train_wall:.0f} s wall ({train_cpu:.0f} s CPU), {out['total_wall_s']:.0f} s in all")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    if args.plot:
        plot(out, args.plot)
    return out


def builtin_vs(a: str, b: str, deals: int, seed: int) -> float:
    """Built-in policy a's points a hand against b, each deal played with the seats swapped
    (as bench/bots.py plays them): a baseline line of the plot."""
    pts = []
    for d in range(deals):
        for swap in (0, 1):
            g = ofc.Game(RULES, 2, seed=seed * 1_000_003 + d, button=1, match=False)
            g.play_hand([b, a] if swap else [a, b])
            pts.append(int(g.scores[swap]))
    return float(np.mean(pts))


def plot(out: dict[str, Any], path: str) -> None:
    """The agent's points a hand against heuristic per round, with the baselines' lines."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    c = out["curve"]
    x = [p["hands"] for p in c]
    y = [p["vs_heuristic"] for p in c]
    lo = [p["ci95"][0] for p in c]
    hi = [p["ci95"][1] for p in c]
    fig, ax = plt.subplots(figsize=(7, 4.2))
    ax.fill_between(x, lo, hi, alpha=0.25, color="C0")
    ax.plot(x, y, "o-", color="C0", label="BC agent vs heuristic (95% CI)")
    # the baselines against heuristic: heuristic itself (0), and random and greedy (the
    # expert) on deals of their own, played as bench/bots.py plays them
    lines = [("heuristic vs itself", 0.0, "gray")]
    for name, color in (("greedy", "C2"), ("random", "C3")):
        if name in out.get("baseline_vs_heuristic", {}):
            lines.append((f"{name} vs heuristic", out["baseline_vs_heuristic"][name], color))
    for label, v, color in lines:
        ax.axhline(v, ls="--", color=color, label=f"{label} ({v:+.2f})")
    if "heuristic" in out.get("final", {}):
        r = out["final"]["heuristic"]
        ax.errorbar([x[-1]], [r["mean"]], yerr=[[r["mean"] - r["ci95"][0]], [r["ci95"][1] - r["mean"]]],
                    fmt="s", color="k", capsize=4, label=f"final agent, {r['hands']} hands ({r['mean']:+.2f})")
    ax.set_xlabel("self-play hands labelled by greedy (10 turns each)")
    ax.set_ylabel("points a hand against heuristic")
    ax.set_title(f"Behaviour cloning of greedy, heads-up Pineapple ({out['train_wall_s'] / 60:.1f} min, 1 core)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
