"""Golden results of the random policy: a digest of every field of a result.

The random policy's kernels (csrc/sim/ofc_rollout.c, csrc/sim/ofc_selfplay.c) are
rewritten for speed from time to time; they must keep every result bit for
bit (the same deal and policy streams, the same placements).  The tests
compare digests of results against values computed with the kernel before
such a rewrite.
"""
from __future__ import annotations

import hashlib
from typing import Any

import numpy as np


def digest(result: Any, skip: tuple[str, ...] = ()) -> str:
    """sha256 (16 hex digits) of every field of a result NamedTuple but ``skip`` (fields
    added after the digests were taken), exactly (array bytes)."""
    h = hashlib.sha256()
    for name in result._fields:
        if name in skip:
            continue
        v = getattr(result, name)
        h.update(name.encode())
        if isinstance(v, np.ndarray):
            h.update(f"{v.dtype}{v.shape}".encode())
            h.update(np.ascontiguousarray(v).tobytes())
        else:
            h.update(repr(v).encode())
    return h.hexdigest()[:16]
