"""Rules from C (csrc/board/ofc_rules.c), the one builder of the rule tables, and
the solver called from a C program.

* ``ofc_rules_build`` (reached through ``Rules.tables``) is checked entry by
  entry against the plain-Python rules of ``ofc_fast.reference``: for every
  row value (one hand of each strength, and of each lowball rank for a Low
  middle), the royalty, stay bit, entry bit and count read back from the
  tables are what the reference gives that hand; every other entry is 0.
  For every preset, stay convention, house variant and generated custom
  rules.  ``ofc_rules_preset`` fills the same spec as the Python presets.
* A small C program compiled with the system C compiler against
  ``ofc_fast.h`` and the C sources (no Python) builds a preset's rules and
  solves a hand: unoptimised in the quick run (-O0: about 2 s to build),
  optimised (-O2) and under AddressSanitizer + UBSan where the compiler has
  them in the slow run (about 8 and 40 s to build).  Skipped only when there
  is no C compiler.
"""
from __future__ import annotations

import dataclasses
import functools
import itertools
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ofc_fast as ofc
from ofc_fast import _core
from ofc_fast import reference as ref

CSRC = Path(__file__).resolve().parent.parent / "csrc"
H = ofc.HandCategory
N = ofc.STRENGTH_MAX + 1


@functools.lru_cache(maxsize=None)
def _representatives(size: int, low: bool) -> dict[int, list[int]]:
    """One hand of `size` cards per row value (strength, or lowball rank): value -> cards."""
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), size)),
                       dtype=np.uint8)
    hands = flat.reshape(-1, size)
    values = ofc.lowball27(hands) if low else ofc.strength(hands)
    uniq, first = np.unique(values, return_index=True)
    return {int(v): hands[i].tolist() for v, i in zip(uniq, first)}


@functools.lru_cache(maxsize=None)
def _categories() -> dict[int, int]:
    """The reference's category of each 5-card representative (the same for any rules)."""
    return {v: ref.category(hand) for v, hand in _representatives(5, False).items()}


@functools.lru_cache(maxsize=None)
def _low_middles() -> dict[int, tuple[list[int], bool]]:
    """Each live Low middle representative, and whether the reference calls it the nuts."""
    return {v: (mid, ref._is_low_nuts(mid)) for v, mid in _representatives(5, True).items()
            if ref.is_live_low(mid)}


def _expected_row(rules: ofc.Rules, row: int) -> npt.NDArray[np.int64]:
    """(N, 4): royalty, stay, qualify, entry per row value, from the reference."""
    out = np.zeros((N, 4), np.int64)
    entry_mode = rules.stay_mode == "entry"
    if row == 0:
        # the top alone: a middle that is not Low's nuts, so only the top counts
        filler = ref.parse("2c 3c 4c 5c 9d Ah Ad As Ac Kd")
        for v, top in _representatives(3, False).items():
            fl = ref._entry_cards(top + filler, dataclasses.replace(rules, fl_low_mode="either")
                                  if rules.low else rules)
            minimum = rules.stay_top
            stay = (minimum is not None and ref.category(top) >= minimum) or (entry_mode and fl > 0)
            out[v] = (ref._top_royalty(top, rules), stay, fl > 0, fl)
    elif row == 1 and rules.low:
        for v, (mid, nuts) in _low_middles().items():     # the others: zeros
            count = rules.fl_low_nuts if nuts else 0
            out[v] = (ref._middle_royalty(mid, rules), entry_mode and count > 0, nuts, count)
    else:
        points = rules.middle if row == 1 else rules.bottom
        minimum = rules.stay_middle if row == 1 else rules.stay_bottom
        for v, cat in _categories().items():
            out[v] = (points[cat], minimum is not None and cat >= minimum, 0, 0)
    return out


def check_tables(rules: ofc.Rules) -> None:
    """Every entry of rules.tables against the reference (see the module docstring)."""
    t = rules.tables
    for row, name in enumerate(("top", "middle", "bottom")):
        info = t.arrays[row].astype(np.int64)
        assert t.arrays[row].dtype == np.uint32
        got = np.stack([(info & 0xFFFF).astype(np.uint16).astype(np.int16), info >> 16 & 1,
                        info >> 17 & 1, info >> 24], axis=1)
        want = _expected_row(rules, row)
        bad = np.flatnonzero((got != want).any(axis=1))
        assert bad.size == 0, f"{rules.name}: {name} value {bad[0]}: tables {got[bad[0]]}, reference {want[bad[0]]}"
    stay_count = t.arrays[3]
    want_count = [v if rules.stay_cards_mode == "current" and v >= 13 else rules.stay_cards
                  for v in range(256)]
    assert stay_count.tolist() == want_count
    quads = ref.parse("2c 3d 4h 5s 6s 8s 9s Td Jc Qc Qd Qh Qs")
    if ref.stays(quads, rules):
        for v in (1, 13, 14, 15, 16, 17):
            assert stay_count[v] == ref.fantasyland(quads, rules, v)
    if rules.low:
        live = np.zeros(N, np.uint8)
        for v, mid in _representatives(5, True).items():
            live[v] = ref.is_live_low(mid)
        assert t.arrays[4].tolist() == live.tolist()
    else:
        assert len(t.arrays) == 4
    assert t.scalars() == (rules.scoop_bonus, rules.fl_low_both if rules.low else 0,
                           int(rules.low and rules.fl_low_mode == "both"), rules.stay_cards)


@pytest.mark.parametrize("name", sorted(ofc.PRESETS))
@pytest.mark.parametrize("convention", sorted(ofc.STAY_CONVENTIONS))
def test_presets_and_stay_conventions(name: str, convention: str) -> None:
    rules = ofc.PRESETS[name]
    check_tables(rules)
    check_tables(rules.with_stay(convention))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(ofc.PRESETS))
def test_c_presets_match_python(name: str) -> None:
    assert _core.preset_spec(name) == {
        k: tuple(v) if isinstance(v, tuple) else v for k, v in ofc.PRESETS[name]._spec().items()}


royalty = st.integers(-10_000, 10_000)
count = st.sampled_from([0, 13, 14, 15, 16, 17])


@st.composite
def custom_rules(draw: Any) -> ofc.Rules:
    low = draw(st.booleans())
    base = ofc.LOW if low else draw(st.sampled_from([ofc.ORIGINAL, ofc.PINEAPPLE, ofc.PROGRESSIVE]))
    fields: dict[str, Any] = dict(  # noqa: C408
        top_high=tuple(draw(st.lists(royalty, min_size=13, max_size=13))),
        top_pair=tuple(draw(st.lists(royalty, min_size=13, max_size=13))),
        top_trips=tuple(draw(st.lists(royalty, min_size=13, max_size=13))),
        bottom=tuple(draw(st.lists(royalty, min_size=10, max_size=10))),
        scoop_bonus=draw(st.integers(0, 10_000)),
        fl_top_pair=tuple(draw(st.lists(count, min_size=13, max_size=13))),
        fl_top_trips=tuple(draw(st.lists(count, min_size=13, max_size=13))),
        stay_cards=draw(st.sampled_from([13, 14, 15])),
        stay_top=draw(st.sampled_from([None, H.HIGH_CARD, H.PAIR, H.THREE_OF_A_KIND])),
        stay_bottom=draw(st.sampled_from([None] + list(H)[:10])),
        stay_cards_mode=draw(st.sampled_from(["fixed", "current"])),
    )
    if low:
        mode = draw(st.sampled_from(["either", "both"]))
        fields.update(low_middle=tuple(draw(st.lists(royalty, min_size=13, max_size=13))),
                      low_nuts=draw(royalty), fl_low_nuts=draw(count), fl_low_both=draw(count),
                      fl_low_mode=mode,
                      stay_mode="conditions" if mode == "both" else draw(st.sampled_from(["conditions", "entry"])))
    else:
        fields.update(middle=tuple(draw(st.lists(royalty, min_size=10, max_size=10))),
                      stay_middle=draw(st.sampled_from([None] + list(H)[:10])),
                      stay_mode=draw(st.sampled_from(["conditions", "entry"])))
    # counts up to 17 fit the deck with at most 3 seats (Rules.fantasyland_limit)
    return dataclasses.replace(base, name="custom", max_players=min(base.max_players, 3), **fields)


@settings(max_examples=25, deadline=None)
@given(custom_rules())
def test_custom_rules_tables(rules: ofc.Rules) -> None:
    check_tables(rules)


def test_bad_spec_is_refused() -> None:
    """The C builder's own checks: a safety net behind Rules' validation."""
    spec = _core.preset_spec("pineapple")
    for field, value in (("top_pair", (40000,) * 13), ("stay_cards", 12), ("stay_top", 5),
                         ("low_nuts", 3), ("stay_bottom", 10), ("fl_top_trips", (60,) * 13),
                         ("top_high", (-40000,) * 13), ("stay_entry", 3), ("stay_cards_mode", 2)):
        with pytest.raises(ValueError, match="rejected"):
            _core.RuleTables({**spec, field: value})
    low = _core.preset_spec("low")
    for field, value in (("stay_middle", int(H.FULL_HOUSE)), ("fl_low_both_required", 2)):
        with pytest.raises(ValueError, match="rejected"):
            _core.RuleTables({**low, field: value})
    with pytest.raises(ValueError, match="rejected"):
        _core.RuleTables({**low, "fl_low_both_required": 1, "stay_entry": 1})


# ---------------------------------------------------------------- from C

C_PROGRAM = r"""
#include <stdio.h>
#include <string.h>
#include "ofc_fast.h"

static ofc_rules_storage storage;   /* about 100 KB: static, not on the stack */

int main(void)
{
    /* As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd */
    const uint8_t hand[14] = {51, 47, 43, 39, 35, 30, 29, 28, 2, 1, 12, 16, 20, 41};
    ofc_rules_spec spec;
    ofc_fantasyland_result res, ref[2];
    const double stays[2] = {0.0, 20.0};
    if (ofc_rules_preset(&spec, OFC_PRESET_PINEAPPLE) != 0) return 1;
    if (ofc_rules_build(&spec, &storage) != 0) return 2;
    if (ofc_solve_fantasyland(hand, 14, &storage.rules, 20.0, &res) != 0) return 3;
    printf("board");
    for (int i = 0; i < 13; i++) printf(" %d", res.board[i]);
    printf("\ndiscards %d\nroyalties %d %d %d\nstays %d fouled %d value %g\n", res.discards[0],
           res.royalty[0], res.royalty[1], res.royalty[2], res.stays, res.fouled, res.value);
    if (ofc_fantasyland_enumerate(hand, 14, &storage.rules, stays, 2, ref) != 0) return 4;
    if (memcmp(&ref[1].board, &res.board, 13) != 0 || ref[1].value != res.value) return 5;
    /* a bad hand, a bad count, a batch with a bad second hand */
    uint8_t twice[14];
    memcpy(twice, hand, 14);
    twice[3] = twice[7];
    if (ofc_solve_fantasyland(twice, 14, &storage.rules, 0.0, &res) != OFC_FL_BAD_CARDS) return 6;
    if (ofc_solve_fantasyland(hand, 12, &storage.rules, 0.0, &res) != OFC_FL_BAD_COUNT) return 7;
    uint8_t two[28];
    ofc_fantasyland_result out[2];
    memcpy(two, hand, 14);
    memcpy(two + 14, twice, 14);
    if (ofc_solve_fantasyland_batch(two, 2, 14, &storage.rules, 0.0, out) != 1) return 8;
    /* Low from a preset: a hand without a live middle fouls */
    const uint8_t no_low[13] = {36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48};
    if (ofc_rules_preset(&spec, OFC_PRESET_LOW) != 0 || ofc_rules_build(&spec, &storage) != 0) return 9;
    if (ofc_solve_fantasyland(no_low, 13, &storage.rules, 5.0, &res) != 0 || !res.fouled) return 10;
    printf("low fouled %d value %g\n", res.fouled, res.value);
    /* a house variant: Progressive tiers kept, stay by the entry condition
     * or quads+ bottom; a high-card top paying by rank */
    const uint8_t kk[13] = {45, 46, 0, 15, 19, 23, 27, 29, 48, 49, 50, 7, 5};
    ofc_board_result br;
    if (ofc_rules_preset(&spec, OFC_PRESET_PROGRESSIVE) != 0) return 11;
    spec.stay_entry = 1;
    spec.stay_cards_mode = OFC_STAY_CARDS_CURRENT;
    spec.stay_top = OFC_NO_STAY;
    spec.stay_middle = OFC_NO_STAY;
    spec.top_high[12] = 3;
    if (ofc_rules_build(&spec, &storage) != 0) return 12;
    ofc_board_eval(kk, 16, &storage.rules, &br);
    printf("keep %d stays %d", br.fantasyland, br.stays);
    ofc_board_eval(kk, 1, &storage.rules, &br);
    printf(" flag %d", br.fantasyland);
    ofc_board_eval(kk, 0, &storage.rules, &br);
    printf(" entry %d\n", br.fantasyland);
    spec.stay_entry = 3;   /* refused (2 is OFC_STAY_TIER) */
    if (ofc_rules_build(&spec, &storage) != OFC_BOARD_BAD_SPEC) return 13;
    return 0;
}
"""

EXPECTED = """board 41 20 16 30 29 28 2 1 51 47 43 39 35
discards 12
royalties 0 12 25
stays 1 fouled 0 value 57
low fouled 1 value 0
keep 16 stays 1 flag 14 entry 15
"""


def _compiler() -> str | None:
    for cc in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if cc and shutil.which(cc):
            return cc
    return None


def _compile_and_run(tmp_path: Path, extra: list[str], opt: str = "-O2") -> subprocess.CompletedProcess[str]:
    """The program built with ``opt`` and ``extra`` (flags the compiler may lack: a skip), run."""
    cc = _compiler()
    if cc is None:
        pytest.skip("no C compiler")
    src = tmp_path / "prog.c"
    src.write_text(C_PROGRAM)
    exe = tmp_path / "prog"
    sources = sorted(str(p) for p in CSRC.glob("*/*.c"))
    cmd = [cc, "-std=c99", opt, "-I", str(CSRC), str(src), *sources, "-o", str(exe), *extra, "-lm"]
    # a sanitizer run of the suite preloads its runtimes: not for the compiler or the program
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    built = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    if built.returncode != 0:
        if extra:
            pytest.skip(f"{cc} cannot build with {extra}: {built.stderr[-300:]}")
        raise AssertionError(f"{' '.join(cmd)} failed:\n{built.stderr}")
    return subprocess.run([str(exe)], capture_output=True, text=True, timeout=120, check=False, env=env)


@pytest.mark.skipif(sys.platform == "win32", reason="cc command line")
def test_solver_from_c(tmp_path: Path) -> None:
    """Built unoptimised in the quick run (-O0 compiles the sources in a quarter of the
    time of -O2); the optimised build is the slow twin below."""
    run = _compile_and_run(tmp_path, [], "-O0")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == EXPECTED
    # the same answer from Python
    r = ofc.solve_fantasyland("As Ks Qs Js Ts 9h 9d 9c 2h 2d 5c 6c 7c Qd", stay_value=20)
    assert " ".join(map(str, r.board.codes.tolist())) == EXPECTED.splitlines()[0][len("board "):]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="cc command line")
def test_solver_from_c_optimised(tmp_path: Path) -> None:
    run = _compile_and_run(tmp_path, [])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == EXPECTED


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="sanitizer runtimes")
def test_solver_from_c_sanitized(tmp_path: Path) -> None:
    run = _compile_and_run(tmp_path, ["-g", "-fsanitize=address,undefined",
                                      "-fno-sanitize-recover=undefined"])
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == EXPECTED
