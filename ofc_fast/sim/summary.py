"""How the Monte Carlo results print: a few lines of figures, the arrays left as attributes.

A result's ``repr`` names its count, policy and rules, then one line per player
(or per option, the best few): the mean with its 95% interval (normal
approximation, mean +- 1.96 standard errors), the foul and Fantasyland rates and
the mean royalties.  Every figure stays an array field of the result.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..board.boards import board_text
from ..board.rules import Rules

__all__ = ["SHOWN_OPTIONS", "interval", "header", "seat_lines", "option_lines"]

#: options (placements, candidates) a repr lists, best first
SHOWN_OPTIONS = 5

_Z95 = 1.96   # the normal quantile of a two-sided 95% interval


def interval(mean: Any, stderr: Any) -> str:
    """``'+1.234 (95% +0.100 .. +2.368)'``: a mean and its 95% interval.

    >>> interval(1.5, 0.25)
    '+1.500 (95% +1.010 .. +1.990)'
    >>> interval(2.0, 0.0)
    '+2.000 (exact)'
    """
    m, s = float(mean), float(stderr)
    if s == 0:
        return f"{m:+.3f} (exact)"
    return f"{m:+.3f} (95% {m - _Z95 * s:+.3f} .. {m + _Z95 * s:+.3f})"


def _rules_name(rules: Rules | None) -> str:
    return "?" if rules is None else repr(rules.name)


def header(kind: str, count: str, policy: str | None, rules: Rules | None = None,
           fantasyland_value: dict[int, int | float] | None = None) -> str:
    """The first line: ``Kind(count, policy=..., rules=...)``, the parts that are known."""
    parts = [count]
    if policy:
        parts.append(f"policy={policy!r}")
    if rules is not None:
        parts.append(f"rules={_rules_name(rules)}")
    if fantasyland_value:
        parts.append(f"fantasyland_value={fantasyland_value!r}")
    return f"{kind}({', '.join(parts)})"


def _rates(foul: Any, fantasyland: Any, royalties: Any) -> str:
    return f"fouls {float(foul):.1%}, Fantasyland {float(fantasyland):.1%}, royalties {float(royalties):.2f}"


def seat_lines(label: str, mean: Any, stderr: Any, foul: Any, fantasyland: Any, royalties: Any) -> list[str]:
    """One line per player: mean with its interval, then the rates."""
    return [f"  {label} {p}: mean {interval(mean[p], stderr[p])}, {_rates(foul[p], fantasyland[p], royalties[p])}"
            for p in range(len(mean))]


def option_lines(codes: Sequence[int], boards: Any, mean: Any, stderr: Any, foul: Any,
                 fantasyland: Any = None, royalties: Any = None, shown: int = SHOWN_OPTIONS) -> list[str]:
    """The first ``shown`` options (the caller's order: best first): code, board, figures;
    then how many more there are."""
    k = len(mean)
    out = []
    for i in range(min(k, shown)):
        code = f"code {codes[i]:>3}  " if i < len(codes) else ""
        figures = f"mean {interval(mean[i], stderr[i])}, fouls {float(foul[i]):.1%}"
        if fantasyland is not None and royalties is not None:
            figures = f"mean {interval(mean[i], stderr[i])}, {_rates(foul[i], fantasyland[i], royalties[i])}"
        out.append(f"  {code}{board_text(np.asarray(boards[i]).tolist())}: {figures}")
    if k > shown:
        out.append(f"  ... {k - shown} more (every field is an array in this order, best first)")
    return out
