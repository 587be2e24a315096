"""The reference's brute force over jokers, with its row functions memoised (the joker tests share it).

``ofc_fast.reference.joker_board`` tries every card each joker may become (up
to 52 x 52 substitutions a board) and ranks all three rows of each; the rows a
joker is not in are the same every time, and a joker's row takes one of at
most 52 x 52 values.  ``_any_key`` (a row's key, given the five-of-a-kind
rule) and ``_low_middle`` (a Low middle's key) are pure functions of the cards
in order: behind an exact cache keyed on them, the brute force computes each
distinct row once and gives the same answers, several times faster.  The
module attributes are replaced for the ``with`` block, so every internal call
of the reference goes through the caches, and restored after it.
"""
from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator, Sequence
from typing import Any

from ofc_fast import reference as ref


@contextlib.contextmanager
def memoised_joker_reference(maxsize: int = 1 << 18) -> Iterator[None]:
    any_key, low_middle = ref._any_key, ref._low_middle

    @functools.lru_cache(maxsize=maxsize)
    def any_key_of(cards: tuple[int, ...], five_of_a_kind: str | None) -> Any:
        return any_key(list(cards), five_of_a_kind)

    @functools.lru_cache(maxsize=maxsize)
    def low_middle_of(cards: tuple[int, ...]) -> Any:
        return low_middle(list(cards))

    def cached_any_key(cards: Sequence[int], five_of_a_kind: str | None) -> Any:
        return any_key_of(tuple(cards), five_of_a_kind)

    def cached_low_middle(cards: Sequence[int]) -> Any:
        return low_middle_of(tuple(cards))

    ref._any_key, ref._low_middle = cached_any_key, cached_low_middle   # type: ignore[assignment]
    try:
        yield
    finally:
        ref._any_key, ref._low_middle = any_key, low_middle   # type: ignore[assignment]
