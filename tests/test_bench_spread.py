"""bench/process_spread.py: its verdict on synthetic processes, and one real run (slow)."""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "process_spread.py"
pytestmark = pytest.mark.skipif(not SCRIPT.is_file(), reason="source tree only")


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("process_spread", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _process(index: int, lib_wall: float, lib_cpu: float, loop_cpu: float) -> dict[str, Any]:
    """One child's record, times in ms for 1,000 hands; every other row at its usual speed."""
    cpu = {"lib": lib_cpu, "loop": loop_cpu, "libtab": 2.8, "batch": 3.6, "copy": 2.8, "chase": 2.2, "spin": 2.8}
    wall = dict(cpu, lib=lib_wall)
    runs = {k: {"wall": [wall[k] / 1e3] * 2, "cpu": [cpu[k] / 1e3] * 2,
                "wait": [(wall[k] - cpu[k]) / 1e3] * 2, "slices": [1, 1], "faults": [0, 0]} for k in cpu}
    return {"index": index, "variant": "default", "hands": 1000, "cpus": [0],
            "best": {k: v / 1e3 for k, v in wall.items()}, "median": {k: v / 1e3 for k, v in wall.items()},
            "best_cpu": {k: v / 1e3 for k, v in cpu.items()}, "runs": runs, "ghz": 2.8, "chase_ns": 5.5,
            "hands_addr": 16, "hands_thp_kb": 0, "table_addr": 3680, "table_pmd_kb": 0, "stack": 7,
            "faults_per_call": 0.0, "other_load": 0.0, "out_reused": True, "same": True}


def test_report_tells_waiting_machine_and_library_apart() -> None:
    spread = _load()
    rows = [
        _process(0, 4.0, 4.0, 2.8),
        _process(1, 4.0, 4.0, 2.8),
        _process(2, 8.0, 4.0, 2.8),  # lost 4 ms waiting for a CPU: the machine
        _process(3, 6.0, 6.0, 4.2),  # slow on the CPU, and so is the control: the machine
        _process(4, 6.0, 6.0, 2.8),  # slow on the CPU, the control not: the library's
    ]
    lines = spread.report(rows, 1.2)
    assert any(line.startswith("slow processes") and line.endswith(": 3 of 5") for line in lines)
    assert ("  of those: CPU time normal (the time went to waiting for a CPU): 1; CPU time slow and the "
            "in-process control slow too: 1; CPU time slow, control not (the library's suspects): 1") in lines
    assert any(line.startswith("processes whose lib CPU best") and line.endswith(": 2 of 5") for line in lines)
    assert "runs whose wall - CPU time is their wait within 0.2 ms: 100.0%" in lines
    table = [line for line in lines if line.startswith("| 2 |")]
    assert len(table) == 1 and "| 8.00 / 8.00 | 4.00 | 4.00 |" in table[0]


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.skipif(shutil.which(os.environ.get("CC", "cc")) is None, reason="needs a C compiler")
def test_fresh_processes_measure_the_same_hands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Two children, one pinned to CPU 0 with its hands on a 2 MB-aligned buffer: every
    row computes the library's strengths, and each process's conditions are recorded."""
    import ofc_fast
    spread = _load()
    # the children import the same ofc_fast as this process
    root = str(Path(ofc_fast.__file__).resolve().parent.parent)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    out = tmp_path / "spread.json"
    rc = spread.main(["--processes", "2", "--hands", "20000", "--repeat", "2", "--variants", "default,thp+pin0",
                      "--quiet", "--json", str(out)])
    text = capsys.readouterr().out
    assert rc == 0, text
    assert "RESULTS DIFFER" not in text and "slow processes" in text
    procs = json.loads(out.read_text())["processes"]
    assert [p["variant"] for p in procs] == ["default", "thp+pin0"]
    assert all(p["same"] and p["hands"] == 20000 for p in procs)
    assert procs[1]["affinity"] == [0] and procs[1]["cpus"] == [0]
    assert procs[1]["hands_addr"] % (2 << 20) == 0
    assert all(p["best_cpu"]["lib"] > 0 and p["ghz"] > 0.1 and p["chase_ns"] > 0 for p in procs)
