"""The C core's layout (csrc/): one header per layer under the umbrella ofc_fast.h,
each C file including only its own layer's header and lower ones, every header
compiling on its own, the deck and board geometry named once, and setup.py
refusing to build without a listed source."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"

# layer -> (its header, its C files), bottom to top
LAYERS = {
    "hand": ("ofc_hand.h", {"ofc_eval.c", "ofc_joker.c", "ofc_subsets.c"}),
    "board": ("ofc_board.h", {"ofc_rules.c", "ofc_board.c", "ofc_board_joker.c", "ofc_partial.c"}),
    "solve": ("ofc_solve.h", {"ofc_fantasyland.c", "ofc_fantasyland_enum.c"}),
    "play": ("ofc_play.h", {"ofc_deal.c", "ofc_game.c", "ofc_policy.c"}),
    "sim": ("ofc_sim.h", {"ofc_selfplay.c", "ofc_rollout.c"}),
    "rl": ("ofc_rl.h", {"ofc_env.c"}),
}
GENERATED = {"ofc_tables.c", "ofc_tables.h", "ofc_policy_tables.c", "ofc_policy_tables.h"}

pytestmark = pytest.mark.skipif(not CSRC.is_dir(), reason="no csrc/ folder (an installed copy)")


def _includes(path: Path) -> set[str]:
    return set(re.findall(r'#include "([^"]+)"', path.read_text()))


def test_every_c_file_belongs_to_one_layer() -> None:
    files = {p.name for p in CSRC.glob("*.c")} - GENERATED
    listed = set().union(*(c for _, c in LAYERS.values()))
    assert files == listed


def test_c_files_include_their_layer_or_lower() -> None:
    order = list(LAYERS)
    for i, (layer, (header, files)) in enumerate(LAYERS.items()):
        allowed = {LAYERS[lower][0] for lower in order[:i + 1]} | {"ofc_tables.h"}
        if layer == "play":   # the heuristic policy's row potentials (tools/gen_policy_tables.py)
            allowed.add("ofc_policy_tables.h")
        for name in files:
            inc = _includes(CSRC / name)
            assert header in inc, f"{name} includes {inc}, not its layer's {header}"
            assert inc <= allowed, f"{name} ({layer}) includes {inc - allowed} from a higher layer"
        # a header includes the one right below it (hand: only the tables)
        below = {LAYERS[order[i - 1]][0]} if i else {"ofc_tables.h"}
        assert _includes(CSRC / header) == below, header


def test_umbrella_header_includes_every_layer_once() -> None:
    text = (CSRC / "ofc_fast.h").read_text()
    assert _includes(CSRC / "ofc_fast.h") == {h for h, _ in LAYERS.values()}
    assert text.count("#ifndef") == 1 and text.count("#endif") == 1   # one header guard


def test_every_c_file_says_its_job_first() -> None:
    for path in sorted(CSRC.glob("*.[ch]")):
        if path.name not in GENERATED:
            assert path.read_text().startswith("/*"), path.name


def test_deck_and_board_geometry_named_once() -> None:
    defined = {}
    for path in CSRC.glob("*.h"):
        for name in re.findall(r"#define (OFC_DECK_SIZE|OFC_EMPTY|OFC_BOARD_SIZE|OFC_ROW_START|OFC_ROW_SIZE)\b",
                               path.read_text()):
            defined.setdefault(name, []).append(path.name)
    assert defined == {"OFC_DECK_SIZE": ["ofc_hand.h"], "OFC_EMPTY": ["ofc_hand.h"],
                       "OFC_BOARD_SIZE": ["ofc_board.h"], "OFC_ROW_START": ["ofc_board.h"],
                       "OFC_ROW_SIZE": ["ofc_board.h"]}
    for path in CSRC.glob("*.c"):
        if path.name not in GENERATED:
            text = path.read_text()
            assert "{0, 3, 8}" not in text and "{3, 5, 5}" not in text, path.name   # the row geometry


def _compiler() -> str | None:
    for cc in ("cc", "gcc", "clang"):
        if shutil.which(cc):
            return cc
    return None


@pytest.mark.parametrize("header", ["ofc_fast.h"] + [h for h, _ in LAYERS.values()])
def test_each_header_compiles_alone(tmp_path: Path, header: str) -> None:
    cc = _compiler()
    if cc is None:
        pytest.skip("no C compiler")
    src = tmp_path / "t.c"
    src.write_text(f'#include "{header}"\n#include "{header}"\nint main(void) {{ return 0; }}\n')
    run = subprocess.run([cc, "-std=c99", "-Wall", "-Werror", "-fsyntax-only", f"-I{CSRC}", str(src)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_setup_refuses_a_missing_source(tmp_path: Path) -> None:
    shutil.copy(ROOT / "setup.py", tmp_path)
    shutil.copytree(CSRC, tmp_path / "csrc")
    (tmp_path / "csrc" / "ofc_policy.c").unlink()
    run = subprocess.run([sys.executable, "setup.py", "--name"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode != 0
    assert "missing csrc/ofc_policy.c" in run.stderr
