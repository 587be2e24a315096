"""The names of the rules presets and house variants, and the joker settings' values: the
choices the command line offers in its help, light to import (no numpy, no core).

:mod:`ofc_fast.board.rules` takes ``JOKER_POOLS`` and ``FIVE_OF_A_KIND_ORDERS`` from
here and builds ``PRESETS`` and ``HOUSE_RULES`` in the order of these names
(tests/test_board_rules_house.py checks the names are theirs).

>>> PRESET_NAMES
('original', 'pineapple', 'progressive', 'low')
>>> JOKER_POOLS[0]           # the default first
'any'
"""
from __future__ import annotations

from typing import Final

#: the names of ``PRESETS``, in its order
PRESET_NAMES: Final = ("original", "pineapple", "progressive", "low")
#: the names of ``HOUSE_RULES``, in its order
HOUSE_RULE_NAMES: Final = ("pineapple_top_bottom", "progressive_16", "progressive_keep", "progressive_tier",
                           "original_flat_trips", "original_2012", "pineapple_double_middle")
#: what a joker may become (docs/VARIANTS.md, "Jokers"), the default first
JOKER_POOLS: Final = ("any", "not_on_board", "unseen", "duplicates")
#: where five of a kind ranks, when it is a hand (None: it is not)
FIVE_OF_A_KIND_ORDERS: Final = (None, "above_straight_flush", "below_royal")
