"""The recipe of examples/train_bc.py on a few hundred turns (issue 31): it runs, saves,
loads (the same actions after loading), evaluates, plots.  Needs torch (tools/rl_smoke.sh);
the training runs themselves are examples, not tests."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("torch")

from ofc_fast.rl import VecEnv  # noqa: E402
from ofc_fast.rl.agents import MLPAgent  # noqa: E402

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_bc.py"


def _recipe() -> Any:
    spec = importlib.util.spec_from_file_location("train_bc", EXAMPLE)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_recipe_runs_saves_loads_evaluates(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "agent.npz"
    figures = tmp_path / "figures.json"
    png = tmp_path / "curve.png"
    got = _recipe().main(["--rounds", "2", "--hands", "20", "--envs", "10", "--epochs", "1",
                          "--hidden", "32", "--curve-deals", "10", "--eval-deals", "10",
                          "--baseline-deals", "2", "--baselines", "random,heuristic",
                          "--out", str(out), "--json", str(figures), "--plot", str(png)])
    assert [p["round"] for p in got["curve"]] == [1, 2]
    assert got["curve"][1]["turns"] == 2 * 20 * 10            # ten turns a heads-up hand
    assert set(got["final"]) == {"random", "heuristic"}
    for r in got["final"].values():
        assert r["hands"] == 20 and r["ci95"][0] <= r["mean"] <= r["ci95"][1]
    assert json.loads(figures.read_text())["final"]["random"]["hands"] == 20
    assert png.read_bytes()[:4] == b"\x89PNG"
    agent = MLPAgent.load(out)
    assert agent.mask == "foul_safe"
    env = VecEnv("pineapple", 2, num_envs=32, seed=5, mask="foul_safe")
    obs, _ = env.reset()
    again = MLPAgent.load(out)
    acts = agent.act(obs, env.action_masks(), env.held_cards())
    assert np.array_equal(acts, again.act(obs, env.action_masks(), env.held_cards()))
    assert env.action_masks()[np.arange(32), acts].all()


@pytest.mark.parametrize("placement", [True, False])
def test_network_and_agent_agree(placement: bool) -> None:
    """The numpy agent scores as the torch network it was exported from (with and without the
    placement features), on the opening and on a later street."""
    import torch
    mod = _recipe()
    env = VecEnv("pineapple", 2, num_envs=16, seed=2)
    obs, _ = env.reset()
    from ofc_fast.rl.agents import action_digits, features
    net = mod.Net([24, 12], env.opening_actions, action_digits("pineapple"), placement=placement)
    for first in (True, False):
        held = np.sort(env.held_cards(), axis=1)
        with torch.no_grad():
            want = net(features(obs), held, first).numpy()
        got = net.to_agent().scores(obs, env.held_cards())
        span = slice(0, env.opening_actions) if first else slice(env.opening_actions, None)
        assert np.allclose(got[:, span], want, atol=1e-4)
        assert np.isneginf(got[:, env.opening_actions:] if first else got[:, :env.opening_actions]).all()
        obs, *_ = env.step(env.sample_actions(seed=1))


def test_collect_labels_are_greedy_moves() -> None:
    mod = _recipe()
    x, held, m, y = mod.collect(None, 4, 4, seed=3)
    assert len(x) == len(held) == len(m) == len(y) == 40
    assert (np.diff(held.astype(int), axis=1) >= 0).all()       # ascending
    assert m[np.arange(40), y].all()                 # every label is among the legal actions
