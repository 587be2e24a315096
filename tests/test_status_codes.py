"""The C core's status codes: one range per layer, no two codes of one value, each
code's message written once beside its name (the X lists of the headers), the
bindings exporting every name with the header's value, and the Python side
comparing those names, never a raw number."""
from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from ofc_fast import _core, _play, _rl, _sim, _solve

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"
# layer -> (its header, the binding that exports its codes, its range)
LAYERS: dict[str, tuple[str, ModuleType, range]] = {
    "HAND": ("ofc_hand.h", _core, range(-199, -99)),
    "BOARD": ("ofc_board.h", _core, range(-299, -199)),
    "SOLVE": ("ofc_solve.h", _solve, range(-399, -299)),
    "PLAY": ("ofc_play.h", _play, range(-499, -399)),
    "SIM": ("ofc_sim.h", _sim, range(-599, -499)),
    "RL": ("ofc_rl.h", _rl, range(-699, -599)),
}
MAX_SEATS = 4   # OFC_ROLLOUT_BOARD - p for player p < OFC_MAX_SEATS

pytestmark = pytest.mark.skipif(not CSRC.is_dir(), reason="no csrc/ folder (an installed copy)")


def _codes(layer: str) -> dict[str, int]:
    """name -> value of the X list OFC_<layer>_STATUS(X) in the layer's header."""
    text = (CSRC / LAYERS[layer][0]).read_text()
    m = re.search(rf"#define OFC_{layer}_STATUS\(X\)((?:.*\\\n)*.*\n)", text)
    assert m, f"no OFC_{layer}_STATUS list in {LAYERS[layer][0]}"
    found = re.findall(r"X\(\s*(OFC_\w+),\s*(-\d+),", m.group(1))
    assert found and len(found) == m.group(1).count("X("), m.group(1)
    return {name: int(value) for name, value in found}


CODES = {layer: _codes(layer) for layer in LAYERS} if CSRC.is_dir() else {}


def test_each_layer_has_its_own_range() -> None:
    for layer, codes in CODES.items():
        span = LAYERS[layer][2]
        assert all(v in span for v in codes.values()), (layer, codes)


def test_no_two_codes_share_a_value() -> None:
    values = [v for codes in CODES.values() for v in codes.values()]
    # OFC_ROLLOUT_BOARD - p names the board of player p: those values are its too
    seats = [CODES["SIM"]["OFC_ROLLOUT_BOARD"] - p for p in range(1, MAX_SEATS)]
    assert len(set(values + seats)) == len(values) + len(seats), sorted(values + seats)
    assert all(v in LAYERS["SIM"][2] for v in seats)


def test_the_bindings_export_every_name_with_its_value() -> None:
    for layer, codes in CODES.items():
        binding = LAYERS[layer][1]
        for name, value in codes.items():
            assert getattr(binding, name) == value, (binding.__name__, name)


def test_each_code_has_one_message_of_its_own() -> None:
    messages = {}
    for codes in CODES.values():
        for name, value in codes.items():
            text = _core.status_message(value)
            assert text and not text.startswith("error "), name
            messages[name] = text
    assert len(set(messages.values())) == len(messages), messages   # none worded twice
    board = _core.status_message(_sim.OFC_ROLLOUT_BOARD)
    assert [_core.status_message(_sim.OFC_ROLLOUT_BOARD - p) for p in range(MAX_SEATS)] == [board] * MAX_SEATS
    assert _core.status_message(-1) == "error -1"   # no status code
    assert _core.status_message(_sim.OFC_ROLLOUT_BOARD - MAX_SEATS) == f"error {_sim.OFC_ROLLOUT_BOARD - MAX_SEATS}"


def test_python_compares_names_not_numbers() -> None:
    """No status code is spelled as a number in the package's Python and Cython
    sources: they compare the names the bindings export."""
    every = {v for codes in CODES.values() for v in codes.values()}
    pattern = re.compile(r"(?<![\w.])-(\d{3})\b")
    for path in sorted((ROOT / "ofc_fast").rglob("*.py*")):
        if path.suffix not in (".py", ".pyx", ".pxd", ".pxi"):
            continue
        for lineno, line in enumerate(path.read_text().splitlines(), 1):
            for number in pattern.findall(line.split("#")[0]):
                assert -int(number) not in every, f"{path.name}:{lineno}: {line.strip()}"
        assert "ERRORS = {" not in path.read_text(), path.name   # the messages live in the headers
