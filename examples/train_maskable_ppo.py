"""Train sb3-contrib's MaskablePPO on heads-up Pineapple against the random policy.

The learning seat plays one hand per episode against the built-in random
policy (played in C); the env is ofc_fast.rl.sb3.SB3VecEnv (ofc_fast.rl.VecEnv
underneath).  Every rollout the script logs the hands finished, their mean
points for the learner and how often it fouled, and at the end draws the
learning curve (--plot) and writes the figures (--csv).

    pip install "ofc_fast[rl]" torch sb3-contrib matplotlib
    python examples/train_maskable_ppo.py --steps 1000000 --plot docs/rl_learning_curve.png

A smoke run: python examples/train_maskable_ppo.py --steps 4096 --envs 16
"""
from __future__ import annotations

import argparse
import csv
import time

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecNormalize

from ofc_fast.rl.sb3 import SB3VecEnv


class HandLog(BaseCallback):  # type: ignore[misc]
    """Points and fouls of the hands finished, per rollout."""

    def __init__(self, seconds: float = float("inf")) -> None:
        super().__init__()
        self.seconds = seconds
        self.rows: list[tuple[int, int, float, float, float]] = []
        self._points: list[float] = []
        self._fouls: list[bool] = []
        self._start = time.perf_counter()

    def _on_step(self) -> bool:
        for done, info in zip(self.locals["dones"], self.locals["infos"]):
            if done:   # the points of the hand (the rewards the model sees are scaled)
                self._points.append(info["points"])
                self._fouls.append(bool(info["fouled"]))
        return time.perf_counter() - self._start < self.seconds

    def _on_rollout_end(self) -> None:
        if self._points:
            row = (self.num_timesteps, len(self._points), float(np.mean(self._points)),
                   float(np.mean(self._fouls)), time.perf_counter() - self._start)
            self.rows.append(row)
            print(f"steps {row[0]:>9,}  hands {row[1]:>6,}  points/hand {row[2]:+7.2f}  "
                  f"fouls {100 * row[3]:5.1f}%  {row[4]:6.0f} s", flush=True)
        self._points, self._fouls = [], []


def plot(rows: list[tuple[int, int, float, float, float]], path: str, title: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    steps = np.array([r[0] for r in rows])
    points = np.array([r[2] for r in rows])
    fouls = 100 * np.array([r[3] for r in rows])
    k = max(1, len(rows) // 25)   # a moving mean over about 4% of the run
    smooth = np.ones(k) / k
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4))
    a.plot(steps, fouls, color="tab:red", alpha=0.3)
    a.plot(steps[k - 1:], np.convolve(fouls, smooth, "valid"), color="tab:red")
    a.set(xlabel="env steps (learner decisions)", ylabel="fouled hands (%)", title="foul rate")
    a.set_ylim(0, 100)
    b.plot(steps, points, color="tab:blue", alpha=0.3)
    b.plot(steps[k - 1:], np.convolve(points, smooth, "valid"), color="tab:blue")
    b.axhline(0, color="gray", lw=0.8)
    b.set(xlabel="env steps (learner decisions)", ylabel="points per hand", title="net points vs random")
    for ax in (a, b):
        ax.grid(alpha=0.3)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=1_000_000, help="env steps (learner decisions) to train")
    ap.add_argument("--envs", type=int, default=64, help="envs stepped together")
    ap.add_argument("--rollout", type=int, default=32, help="steps per env per rollout (n_steps)")
    ap.add_argument("--lr", type=float, default=1e-3, help="learning rate")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--minutes", type=float, default=float("inf"), help="stop after this long")
    ap.add_argument("--plot", help="write the learning curve to this PNG")
    ap.add_argument("--csv", help="write the per-rollout figures to this CSV")
    ap.add_argument("--torch-threads", type=int, default=1,
                    help="torch threads (one is fastest for this small network on a busy machine)")
    args = ap.parse_args()
    torch.set_num_threads(args.torch_threads)
    venv = SB3VecEnv("pineapple", 2, num_envs=args.envs, seed=args.seed, opponent="random")
    # rewards scaled by a running estimate of the returns' spread (points per hand vary by tens)
    scaled = VecNormalize(venv, norm_obs=False, norm_reward=True, gamma=1.0)
    model = MaskablePPO("MultiInputPolicy", scaled, n_steps=args.rollout, batch_size=512, n_epochs=4,
                        learning_rate=args.lr, gamma=1.0, ent_coef=0.0, seed=args.seed, device="cpu",
                        policy_kwargs={"net_arch": [256, 256]}, verbose=0)
    log = HandLog(60 * args.minutes)
    model.learn(args.steps, callback=log)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["steps", "hands", "points_per_hand", "foul_rate", "seconds"])
            w.writerows(log.rows)
    if args.plot and log.rows:
        plot(log.rows, args.plot, f"MaskablePPO vs random, heads-up Pineapple ({args.envs} envs)")
    if log.rows:
        first, last = log.rows[0], log.rows[-1]
        print(f"first rollout: {first[2]:+.2f} points/hand, {100 * first[3]:.1f}% fouls; "
              f"last: {last[2]:+.2f} points/hand, {100 * last[3]:.1f}% fouls")


if __name__ == "__main__":
    main()
