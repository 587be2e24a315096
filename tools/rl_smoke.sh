#!/usr/bin/env bash
# The reinforcement-learning smoke run, a step of its own in .ci/run: installs the
# CPU build of torch that this machine keeps on disk (torch==2.13.0; a plain
# `pip install torch` would pull a CUDA build of several GB) and sb3-contrib, then
# trains MaskablePPO for a few thousand steps through ofc_fast.rl.sb3, runs the
# behaviour-cloning recipe (examples/train_bc.py) on a few hundred turns, and runs the
# tests that need torch.  The quick test suite never needs torch.
#   bash tools/rl_smoke.sh        in a venv where ofc_fast is installed (.ci/run's step 2
#                                 venv); with an in-place build: PYTHONPATH=$PWD bash tools/rl_smoke.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
python -m pip install --quiet "torch==2.13.0" "sb3-contrib>=2.3" "gymnasium>=1.0" "pettingzoo>=1.24"
# from another folder: the installed ofc_fast, not the source folder's
cd "$(mktemp -d)"
python "$ROOT/examples/train_maskable_ppo.py" --steps 4096 --envs 16 --rollout 64
python "$ROOT/examples/train_bc.py" --rounds 2 --hands 40 --envs 20 --epochs 1 --hidden 64 \
    --curve-deals 20 --eval-deals 20 --baseline-deals 4 --out bc_agent.npz
# slow ones too: step 2b had no torch to run them with (the MaskablePPO training)
python -m pytest -q -p no:cacheprovider -m "slow or not slow" "$ROOT/tests/test_rl_adapters.py" "$ROOT/tests/test_rl_recipe.py"
