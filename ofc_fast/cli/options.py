"""Options the commands share: rules (``--rules`` / ``--rules-file``), policies, progress bars.

Rules names are looked up by :func:`ofc_fast.get_rules` (the presets and the
house variants, any case) and a rules file is read by
:meth:`ofc_fast.Rules.from_dict`: the command line has no lookup or
conversion of its own.  The joker options (``--jokers``, ``--joker-pool``,
...) set fields of :class:`~ofc_fast.Rules` on top of either, and Rules
checks their values.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from typing import Any

from ..board.rules import FIVE_OF_A_KIND_ORDERS, HOUSE_RULES, JOKER_POOLS, PRESETS, Rules, get_rules
from ..play.game import POLICIES, POLICY_DESCRIPTIONS
from .sources import read_limited

#: the longest rules file read (a rules file is a few hundred bytes)
MAX_RULES_FILE = 1 << 20

INSTALL_CLI = "pip install 'ofc_fast[cli]' (from a checkout: pip install '.[cli]')"
INSTALL_PLOT = "pip install 'ofc_fast[plot]' (from a checkout: pip install '.[plot]')"


def rules_name(name: str) -> str:
    """The type of ``--rules``: a preset's or house variant's name in any case."""
    try:
        return get_rules(name).name
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"unknown rules {name!r}: one of {', '.join(sorted(PRESETS))}, or a house variant "
            f"({', '.join(HOUSE_RULES)}) (or --rules-file FILE.json)") from None


def _five_of_a_kind(text: str) -> str | None:
    """The type of ``--five-of-a-kind``: an order of Rules.five_of_a_kind, or none."""
    return None if text.strip().lower() == "none" else text


#: the joker options: (option, Rules field, argparse settings); their values are checked by Rules
_JOKER_OPTIONS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("--jokers", "jokers", {"type": int, "metavar": "N",
                            "help": "jokers in the deck (0, 1 or 2; codes 52, 53, text X1, X2)"}),
    ("--joker-pool", "joker_pool", {"metavar": "POOL", "help": "what a joker may become: "
                                    f"{', '.join(JOKER_POOLS)} (docs/VARIANTS.md, Jokers)"}),
    ("--joker-resolution", "joker_resolution", {"metavar": "HOW", "help": "who picks the jokers' "
                                                "cards: the board at once, or each row alone"}),
    ("--five-of-a-kind", "five_of_a_kind", {
        "type": _five_of_a_kind, "metavar": "ORDER",
        "help": f"where five of a kind ranks (with --joker-pool duplicates): "
                f"{', '.join(str(o).lower() for o in FIVE_OF_A_KIND_ORDERS)}"}),
    ("--natural-beats-wild", "natural_beats_wild", {
        "action": "store_true",
        "help": "a row without a joker wins a tie against an equal row holding one"}),
)


def add_rules_args(parser: argparse.ArgumentParser) -> None:
    """``--rules NAME`` (any case) or ``--rules-file FILE.json``, and the joker options."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--rules", default="pineapple", type=rules_name, metavar="NAME",
                       help=f"preset rules, any case: {', '.join(sorted(PRESETS))} (default pineapple), "
                            f"or a house variant of docs/VARIANTS.md ({', '.join(HOUSE_RULES)})")
    group.add_argument("--rules-file", metavar="FILE.json",
                       help='custom rules: {"preset": "pineapple", "scoop_bonus": 6, ...}, any field of Rules')
    jokers = parser.add_argument_group("jokers", "fields of Rules set on top of --rules or --rules-file")
    for option, field, settings in _JOKER_OPTIONS:
        jokers.add_argument(option, dest=field, default=argparse.SUPPRESS, **settings)   # absent: unset


def rules_of(args: argparse.Namespace) -> Rules:
    """The rules ``--rules`` or ``--rules-file`` gives, with the joker options set."""
    if getattr(args, "rules_file", None):
        rules = load_rules_file(args.rules_file)
    else:
        rules = get_rules(args.rules)
    given = {(option, field): getattr(args, field) for option, field, _ in _JOKER_OPTIONS
             if hasattr(args, field)}
    if not given:
        return rules
    try:
        return dataclasses.replace(rules, **{field: value for (_, field), value in given.items()})
    except (ValueError, TypeError) as e:
        raise ValueError(f"{', '.join(option for option, _ in given)}: {e}") from None


def rules_label(rules: Rules) -> str:
    """The rules' name, and their joker fields when they deal jokers ('pineapple, 2 jokers: ...')."""
    if not rules.jokers:
        return rules.name
    fields = [f"joker_pool {rules.joker_pool}", f"joker_resolution {rules.joker_resolution}"]
    if rules.five_of_a_kind is not None:
        fields.append(f"five_of_a_kind {rules.five_of_a_kind}")
    if rules.natural_beats_wild:
        fields.append("natural_beats_wild")
    return f"{rules.name}, {rules.jokers} joker{'s' if rules.jokers > 1 else ''} ({', '.join(fields)})"


def load_rules_file(path: str) -> Rules:
    """Rules from a JSON file: ``{"preset": "pineapple", "scoop_bonus": 6, ...}``.

    ``preset`` (a preset or house variant, any case, default pineapple) is the
    starting point; every other key is a field of :class:`~ofc_fast.Rules` to
    change, read by :meth:`~ofc_fast.Rules.from_dict` (lists for tables, a
    ``HandCategory`` name or null for ``stay_*``); ``name`` defaults to the
    file's name without its extension.  Errors name the file and the field;
    a file past ``MAX_RULES_FILE`` bytes is refused before it is read whole.
    """
    data = read_limited(path, MAX_RULES_FILE, "rules file")
    try:
        obj = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as e:
        raise ValueError(f"{path}: not UTF-8 text: byte 0x{data[e.start]:02x} at offset {e.start}") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not valid JSON: line {e.lineno} column {e.colno}: {e.msg}") from None
    except RecursionError:
        raise ValueError(f"{path}: not valid JSON: nested too deeply") from None
    if not isinstance(obj, dict):
        raise ValueError(  # noqa: TRY004  (the file's content, not an argument's type)
                         f'{path}: a rules file is a JSON object such as {{"preset": "pineapple", '
                         f'"scoop_bonus": 6}}, got {type(obj).__name__}')
    changes = dict(obj)
    preset = changes.pop("preset", "pineapple")
    try:
        base = get_rules(preset) if isinstance(preset, str) else None
    except ValueError:
        base = None
    if base is None:
        raise ValueError(f'{path}: field "preset" is one of {", ".join(sorted(PRESETS))}, or a house '
                         f'variant ({", ".join(HOUSE_RULES)}), got {preset!r}')
    changes.setdefault("name", os.path.splitext(os.path.basename(path))[0])
    try:
        return Rules.from_dict({**base.to_dict(), **changes})
    except (ValueError, TypeError) as e:
        raise ValueError(f'{path}: {e} (a rules file holds "preset" and fields of Rules)') from None


def policy_name(text: str) -> str:
    """The type of ``--policy``: a name of ofc_fast.play.game.POLICIES, any case."""
    key = text.strip().lower()
    if key not in POLICIES:
        raise argparse.ArgumentTypeError(f"unknown policy {text!r}: one of {', '.join(POLICIES)}")
    return key


def add_policy_arg(parser: argparse.ArgumentParser, what: str, default: str = "random") -> None:
    meanings = "; ".join(f"{name}: {text}" for name, text in POLICY_DESCRIPTIONS.items())
    parser.add_argument("--policy", default=default, type=policy_name, metavar="NAME",
                        help=f"how {what}, one of {', '.join(POLICIES)} (default {default}). {meanings}")


def progress_wanted(args: argparse.Namespace) -> bool:
    """A bar with --progress, or by default when stderr is a terminal (never with --no-progress)."""
    if getattr(args, "no_progress", False):
        return False
    if getattr(args, "progress", False):
        return True
    return bool(getattr(sys.stderr, "isatty", lambda: False)())


def make_bar(args: argparse.Namespace, total: int | None, unit: str, desc: str, **kwargs: Any) -> Any:
    """A tqdm bar on stderr, or None (not wanted, or tqdm missing: say so once)."""
    if not progress_wanted(args):
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        print(f"ofc-fast: no progress bar ({INSTALL_CLI} for tqdm)", file=sys.stderr)
        return None
    return tqdm(total=total, unit=unit, unit_scale=True, file=sys.stderr, desc=desc, **kwargs)


def add_progress_args(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--progress", action="store_true",
                       help="show a progress bar on stderr (default: when stderr is a terminal; "
                            "needs tqdm)")
    group.add_argument("--no-progress", action="store_true", help="no progress bar")

