"""Resident-memory growth of a snippet run in a fresh process (the memory tests share it).

The snippet runs outside the checkout, with the ofc_fast these tests import
first on its path, and with AddressSanitizer's quarantine off: a sanitizer
build holds freed memory back (256 MB by default), which would read as growth.
It defines ``warm()`` and ``work()``; the growth is the resident memory after
``rounds`` calls of ``work()`` minus that after ``warm()``.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import ofc_fast

_MEASURE = """
import gc, os, sys

def rss():
    # resident bytes: Linux /proc, Windows GetProcessMemoryInfo, else the peak RSS
    if sys.platform == "win32":
        import ctypes
        from ctypes import wintypes

        class Counters(ctypes.Structure):
            _fields_ = [("cb", wintypes.DWORD), ("PageFaultCount", wintypes.DWORD)] + [
                (name, ctypes.c_size_t) for name in (
                    "PeakWorkingSetSize", "WorkingSetSize", "QuotaPeakPagedPoolUsage",
                    "QuotaPagedPoolUsage", "QuotaPeakNonPagedPoolUsage", "QuotaNonPagedPoolUsage",
                    "PagefileUsage", "PeakPagefileUsage")]

        kernel32, psapi = ctypes.WinDLL("kernel32"), ctypes.WinDLL("psapi")
        kernel32.GetCurrentProcess.restype = wintypes.HANDLE
        psapi.GetProcessMemoryInfo.argtypes = [wintypes.HANDLE, ctypes.POINTER(Counters), wintypes.DWORD]
        counters = Counters()
        counters.cb = ctypes.sizeof(Counters)
        assert psapi.GetProcessMemoryInfo(kernel32.GetCurrentProcess(), ctypes.byref(counters), counters.cb)
        return counters.WorkingSetSize
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * (1 if sys.platform == "darwin" else 1024)

warm()
gc.collect()
start = rss()
for _ in range(int(sys.argv[1])):
    work()
gc.collect()
print(rss() - start)
"""


def rss_growth(snippet: str, rounds: int, *args: str, timeout: float = 300) -> int:
    """Bytes of resident memory gained over ``rounds`` calls of the snippet's ``work()``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(Path(ofc_fast.__file__).resolve().parent.parent),
                                                      env.get("PYTHONPATH", "")]))
    env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS", ""), "quarantine_size_mb=0",
                                                "thread_local_quarantine_size_kb=0"]))
    script = textwrap.dedent(snippet) + _MEASURE
    proc = subprocess.run([sys.executable, "-c", script, str(rounds), *args], capture_output=True, text=True,
                          timeout=timeout, check=False, cwd=tempfile.gettempdir(), env=env)
    assert proc.returncode == 0, proc.stderr
    return int(proc.stdout.split()[-1])
