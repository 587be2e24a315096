"""Game histories: the one writer and the one reader of the JSON that
:meth:`Game.to_json <ofc_fast.Game.to_json>` and :meth:`VecEnv.to_json
<ofc_fast.rl.vecenv.VecEnv.to_json>` write and :meth:`Game.replay
<ofc_fast.Game.replay>` reads (internal: the public face is those methods).

A history is a JSON object: ``rules`` (a preset's name, or
:meth:`Rules.to_dict <ofc_fast.Rules.to_dict>` for any other rules),
``players``, ``seed``, the first hand's ``button`` and ``fantasyland`` (cards
per seat), and ``hands``: every action of every hand (a normal turn's action
code, a Fantasyland turn's board as 13 codes).  ``"match": false`` is written
only for independent hands (a Game with ``match=False``, a VecEnv episode of
one hand), so a match, the default, reads the same as the histories of 0.1.0.
``decks`` is written only for a hand not dealt from the seed's stream (a game
from :meth:`Game.determinize <ofc_fast.Game.determinize>`): ``{"hand": [deck]}``,
the hand's number as text and its whole deck in the order dealt.

:func:`read_history` checks the JSON's shape and reads the rules; the values
(seats, seed, button, Fantasyland counts, actions) are checked by the Game
that plays them back, as any Game's arguments and actions are.
"""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any, Final

from ..board.rules import PRESETS, Rules, get_rules

__all__ = ["History", "read_history", "write_history"]

#: the keys every history has ("match" and "decks" are optional)
KEYS: Final = ("rules", "players", "seed", "button", "fantasyland", "hands")


@dataclasses.dataclass(frozen=True)
class History:
    """What a history holds: the setup of a game's first hand and every action since."""

    rules: Rules
    players: int
    seed: int
    button: int
    fantasyland: list[int]
    hands: list[list[Any]]
    match: bool = True
    #: hand number -> its deck in the order dealt, for the hands not dealt from the seed
    decks: dict[int, list[int]] = dataclasses.field(default_factory=dict)


def write_history(h: History) -> str:
    """The JSON text of a history (keys in the order of :data:`KEYS`, then ``match``)."""
    r = h.rules
    rules: Any = r.name if PRESETS.get(r.name) == r else r.to_dict()
    data: dict[str, Any] = {"rules": rules, "players": h.players, "seed": h.seed, "button": h.button,
                            "fantasyland": h.fantasyland, "hands": h.hands}
    if not h.match:
        data["match"] = False
    if h.decks:
        data["decks"] = {str(k): v for k, v in sorted(h.decks.items())}
    return json.dumps(data)


def read_history(history: str | bytes | Mapping[str, Any]) -> History:
    """The history of :func:`write_history`'s text (or its dict), its shape checked:
    ValueError (TypeError for neither text nor a mapping) naming what is wrong."""
    if isinstance(history, (str, bytes)):
        try:
            data = json.loads(history)
        except ValueError as e:
            raise ValueError(f"history is not JSON: {e}") from None
        except RecursionError:
            raise ValueError("history is not Game.to_json() text: its JSON nests too deeply") from None
    elif isinstance(history, Mapping):
        data = dict(history)
    else:
        raise TypeError(f"history is Game.to_json() text or its dict, got {type(history).__name__}")
    if not isinstance(data, dict):
        raise ValueError(f"history is a JSON object (Game.to_json()), got {_shown_json(data)}")
    missing = [k for k in KEYS if k not in data]
    if missing:
        raise ValueError(f"history lacks {', '.join(map(repr, missing))} (keys of Game.to_json())")
    hands = data["hands"]
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise ValueError(f"history 'hands' is a list of lists of actions, got {_shown_json(hands)}")
    rules = data["rules"]
    if isinstance(rules, str):
        r = get_rules(rules)
    elif isinstance(rules, Mapping):
        try:
            r = Rules.from_dict(rules)
        except (TypeError, ValueError) as e:
            raise type(e)(f"history 'rules': {e}") from None
    else:
        raise ValueError(f"history 'rules' is a preset name or a dict of fields, got {_shown_json(rules)}")
    match = data.get("match", True)
    if not isinstance(match, bool):
        raise ValueError(f"history 'match' is true or false, got {_shown_json(match)}")
    decks = data.get("decks", {})
    if not isinstance(decks, dict) or not all(isinstance(k, str) and k.isdigit() and k.isascii()
                                              and isinstance(v, list) for k, v in decks.items()):
        raise ValueError(f"history 'decks' maps hand numbers (\"0\", \"1\", ...) to lists of card "
                         f"codes, got {_shown_json(decks)}")
    read = {int(k): v for k, v in decks.items()}
    late = [k for k in read if k >= len(hands)]
    if late:
        raise ValueError(f"history 'decks' has a deck for hand {min(late)}, but the history has "
                         f"{len(hands)} hand{'s' if len(hands) != 1 else ''}")
    return History(r, data["players"], data["seed"], data["button"], data["fantasyland"], hands, match,
                   read)


def _shown_json(x: Any) -> str:
    """A short view of a JSON value for an error message."""
    text = repr(x)
    return f"{type(x).__name__} {text if len(text) <= 60 else text[:57] + '...'}"
