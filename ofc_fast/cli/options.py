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
import json
import os
import sys
import threading
import time
from typing import TYPE_CHECKING, Any, Callable

# the parser's choices come from light modules: building it (``--help``) loads no numpy and
# no core; the rules themselves load when a command reads them
from ..board.rule_names import FIVE_OF_A_KIND_ORDERS, HOUSE_RULE_NAMES, JOKER_POOLS, PRESET_NAMES
from ..play.policy_names import POLICY_DESCRIPTIONS
from .sources import read_limited

if TYPE_CHECKING:
    from ..board.rules import Rules

#: the longest rules file read (a rules file is a few hundred bytes)
MAX_RULES_FILE = 1 << 20

INSTALL_CLI = "pip install 'ofc_fast[cli]' (from a checkout: pip install '.[cli]')"
INSTALL_PLOT = "pip install 'ofc_fast[plot]' (from a checkout: pip install '.[plot]')"


def one_line(text: str, limit: int = 600) -> str:
    """A message on one line of bounded length (the commands' errors and skipped deals)."""
    text = " ".join(text.split("\n"))
    return text if len(text) <= limit else text[:limit - 3] + "..."


def rules_name(name: str) -> str:
    """The type of ``--rules``: a preset's or house variant's name in any case."""
    from ..board.rules import get_rules
    try:
        return get_rules(name).name
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"unknown rules {name!r}: one of {', '.join(sorted(PRESET_NAMES))}, or a house variant "
            f"({', '.join(HOUSE_RULE_NAMES)}) (or --rules-file FILE.json)") from None


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
                       help=f"preset rules, any case: {', '.join(sorted(PRESET_NAMES))} (default pineapple), "
                            f"or a house variant of docs/VARIANTS.md ({', '.join(HOUSE_RULE_NAMES)})")
    group.add_argument("--rules-file", metavar="FILE.json",
                       help='custom rules: {"preset": "pineapple", "scoop_bonus": 6, ...}, any field of Rules')
    jokers = parser.add_argument_group("jokers", "fields of Rules set on top of --rules or --rules-file")
    for option, field, settings in _JOKER_OPTIONS:
        jokers.add_argument(option, dest=field, default=argparse.SUPPRESS, **settings)   # absent: unset


def rules_of(args: argparse.Namespace) -> Rules:
    """The rules ``--rules`` or ``--rules-file`` gives, with the joker options set."""
    import dataclasses  # (with inspect: a few ms that --help need not load)

    from ..board.rules import get_rules
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
    from ..board.rules import Rules, get_rules
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
        raise ValueError(f'{path}: field "preset" is one of {", ".join(sorted(PRESET_NAMES))}, or a house '
                         f'variant ({", ".join(HOUSE_RULE_NAMES)}), got {preset!r}')
    changes.setdefault("name", os.path.splitext(os.path.basename(path))[0])
    try:
        return Rules.from_dict({**base.to_dict(), **changes})
    except (ValueError, TypeError) as e:
        raise ValueError(f'{path}: {e} (a rules file holds "preset" and fields of Rules)') from None


def policy_name(text: str) -> str:
    """The type of ``--policy``: a name of ofc_fast.play.game.POLICIES (policy_names), any case."""
    key = text.strip().lower()
    if key not in POLICY_DESCRIPTIONS:
        raise argparse.ArgumentTypeError(f"unknown policy {text!r}: one of {', '.join(POLICY_DESCRIPTIONS)}")
    return key


def add_policy_arg(parser: argparse.ArgumentParser, what: str, default: str = "random") -> None:
    meanings = "; ".join(f"{name}: {text}" for name, text in POLICY_DESCRIPTIONS.items())
    parser.add_argument("--policy", default=default, type=policy_name, metavar="NAME",
                        help=f"how {what}, one of {', '.join(POLICY_DESCRIPTIONS)} (default {default}). {meanings}")


#: progress lines when stderr is not a terminal: the first after this many seconds (a short
#: run stays silent), then one every PROGRESS_EVERY seconds or tenth of the work, at most one
#: a PROGRESS_GAP seconds
PROGRESS_FIRST = 2.0
PROGRESS_EVERY = 10.0
PROGRESS_GAP = 2.0
#: the estimate: taken once this much of the work has run, and printed when it passes
#: ESTIMATE_WARN seconds
ESTIMATE_AFTER = 0.5
ESTIMATE_WARN = 20.0


def _count_text(n: float) -> str:
    return f"{int(n):,}"


class Progress:
    """The progress of a long command on stderr: a tqdm bar when stderr is a terminal (or
    ``--progress``), else a line now and then that a log keeps (``PROGRESS_*``); and an
    estimate of the time the whole work takes, printed once when it passes
    ``ESTIMATE_WARN`` seconds (timed on the first part of the work).  ``limit``: the work
    stops after at most this many seconds (a time limit such as ``best --seconds``), which
    caps the estimate and the time left.

    ``update(n)`` may be called from worker threads (the kernels' progress callbacks).
    """

    def __init__(self, total: int | None, unit: str, desc: str, bar: Any, lines: bool,
                 limit: float | None = None) -> None:
        self.total, self.unit, self.desc, self.bar, self.lines = total, unit, desc, bar, lines
        self.limit = limit
        self.done = 0
        self.start = self.last = time.monotonic()
        self.last_step = 0
        self.printed = False
        self.estimated = total is None or total <= 0
        self.lock = threading.Lock()

    def _say(self, text: str) -> None:
        if self.bar is not None:
            self.bar.write(f"ofc-fast: {self.desc}: {text}", file=sys.stderr)
        else:
            print(f"ofc-fast: {self.desc}: {text}", file=sys.stderr, flush=True)

    def _units(self, n: float) -> str:
        return f"{_count_text(n)} {self.unit}{'' if int(n) == 1 else 's'}"

    def update(self, n: int = 1) -> None:
        with self.lock:
            self.done += int(n)
            now = time.monotonic()
            elapsed = now - self.start
            if not self.estimated and elapsed >= ESTIMATE_AFTER and self.total:
                self.estimated = True
                whole = elapsed * self.total / max(self.done, 1)
                timed = f"timed on the first {_count_text(self.done)} in {elapsed:.1f} s; Ctrl-C stops"
                if self.limit is not None and whole > self.limit:
                    if self.limit >= ESTIMATE_WARN:
                        self._say(f"about {self.limit:,.0f} s, the time limit ({self._units(self.total)} "
                                  f"would take about {whole:,.0f} s: {timed})")
                elif whole >= ESTIMATE_WARN:
                    self._say(f"about {whole:,.0f} s for {self._units(self.total)} ({timed})")
            if self.bar is not None:
                self.bar.update(n)
                return
            if not self.lines or elapsed < PROGRESS_FIRST:
                return
            step = 10 * self.done // self.total if self.total else 0
            since = now - self.last
            if since >= PROGRESS_EVERY or (step > self.last_step and since >= PROGRESS_GAP) \
                    or not self.printed:
                self.last, self.last_step, self.printed = now, step, True
                self._say(self._line(elapsed))

    def _line(self, elapsed: float) -> str:
        rate = f"{self.done / elapsed:,.0f}/s" if elapsed > 0 else ""
        if not self.total:
            return f"{self._units(self.done)} in {elapsed:.0f} s ({rate})"
        left = elapsed * (self.total - self.done) / max(self.done, 1)
        if self.limit is not None:
            left = max(0.0, min(left, self.limit - elapsed))
        return (f"{_count_text(self.done)} of {self._units(self.total)} "
                f"({100 * self.done / self.total:.0f}%) in {elapsed:.0f} s, {rate}, about {left:.0f} s left")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.printed:        # a log that was told of the work hears of its end
            elapsed = time.monotonic() - self.start
            self._say(f"done, {self._units(self.done)} in {elapsed:.1f} s")


def progress_wanted(args: argparse.Namespace) -> bool:
    """A bar with --progress, or by default when stderr is a terminal (never with --no-progress
    or --quiet)."""
    if getattr(args, "no_progress", False) or getattr(args, "quiet", False):
        return False
    if getattr(args, "progress", False):
        return True
    return bool(getattr(sys.stderr, "isatty", lambda: False)())


def make_bar(args: argparse.Namespace, total: int | None, unit: str, desc: str, limit: float | None = None,
             **kwargs: Any) -> Progress | None:
    """The progress of a command on stderr (:class:`Progress`): a tqdm bar where one is wanted
    (a terminal, ``--progress``), else lines now and then; None with ``--quiet``.  ``limit``:
    the work's time limit in seconds, if it has one.

    ``--no-progress`` keeps the estimate of a long run and drops the rest.
    """
    if getattr(args, "quiet", False):
        return None
    bar = None
    if progress_wanted(args):
        try:
            from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
        except ImportError:
            print(f"ofc-fast: no progress bar ({INSTALL_CLI} for tqdm)", file=sys.stderr)
        else:
            bar = tqdm(total=total, unit=unit, unit_scale=True, file=sys.stderr, desc=desc, **kwargs)
    lines = bar is None and not getattr(args, "no_progress", False)
    return Progress(total, unit, desc, bar, lines, limit)


def add_progress_args(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--progress", action="store_true",
                       help="show a progress bar on stderr (default: when stderr is a terminal; "
                            "needs tqdm; else a progress line now and then on a long run)")
    group.add_argument("--no-progress", action="store_true",
                       help="no progress bar or lines (the estimate of a long run stays)")
    group.add_argument("-q", "--quiet", action="store_true",
                       help="nothing on stderr but errors: no progress, no estimate")


def check_output_paths(args: argparse.Namespace, *options: str) -> None:
    """Every file a command will write (``--plot``, ``--histories``, ``--svg``, ...), checked
    before any work: its folder exists and can be written, and it is not a folder itself.
    ``-`` (stdout) and options not given pass.  The error names the option and the path.

    >>> check_output_paths(argparse.Namespace(plot="/no/such/dir/p.png"), "--plot")
    Traceback (most recent call last):
    ...
    ValueError: --plot /no/such/dir/p.png: no folder /no/such/dir to write it in
    """
    for option in options:
        path = getattr(args, option.lstrip("-").replace("-", "_"), None)
        if not path or path == "-":
            continue
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(path):
            raise ValueError(f"{option} {path}: is a folder; give a file name")
        if not os.path.isdir(folder):
            raise ValueError(f"{option} {path}: no folder {folder} to write it in")
        if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
            raise ValueError(f"{option} {path}: cannot be written (permission denied)")


def count_arg(what: str, least: int = 1) -> Callable[[str], int]:
    """The type of a count argument: an int of ``least`` or more (a count of 0 means nothing,
    unless ``least`` is 0).

    >>> count_arg("--hands")("3"), count_arg("--top", 0)("0")
    (3, 0)
    """
    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} is a count, got {text!r}") from None
        if v < least:
            raise argparse.ArgumentTypeError(f"{what} is {least} or more, got {v}")
        return v
    return parse


def check_plot() -> Any:
    """matplotlib's pyplot (Agg), or the error that says how to install it: before any run."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError(f"--plot needs matplotlib: {INSTALL_PLOT}") from None
    return plt
