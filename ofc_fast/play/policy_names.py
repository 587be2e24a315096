"""The names and one-line descriptions of the built-in policies, in the order of their
numbers: the command line's ``--policy`` choices and help, light to import (no numpy, no core).

The policies are the C core's registry (csrc/play/ofc_policies.c), which
:data:`ofc_fast.play.game.POLICIES` and ``POLICY_DESCRIPTIONS`` read; this is its
text for a ``--help`` that loads no core, and tests/test_play_game.py checks it is
the registry's, name for name and word for word.

>>> list(POLICY_DESCRIPTIONS)
['random', 'greedy', 'heuristic', 'lookahead']
"""
from __future__ import annotations

from typing import Final

#: name -> description, in the registry's order
POLICY_DESCRIPTIONS: Final[dict[str, str]] = {
    "random": (
        'a uniform legal placement each turn (a uniform setting in Fantasyland): the fastest, but'
        ' it fouls most boards, far more than any player would'),
    "greedy": (
        "the heuristic's 8 best placements scored by the board each makes plus 32 completions of "
        "it, the seat's later turns dealt at random and played by the heuristic (how often they "
        'foul, what they earn); the exact solver in Fantasyland'),
    "heuristic": (
        'every legal placement scored by a static outlook of the board it makes (row potentials '
        'from generated tables and the live cards: chances of fouling, royalties, Fantasyland), '
        'no sampling; the exact solver in Fantasyland'),
    "lookahead": (
        'the heuristic (its weights tuned against greedy), and with one or two turns left after '
        "this one its few best placements each completed a few times, the seat's later turns "
        'dealt at random (the same deals for each) and the last one placed exactly, scored by how'
        ' often they foul and what they earn; the exact solver in Fantasyland'),
}
