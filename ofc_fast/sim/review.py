"""A review of played hands: every decision searched again from the deciding seat's own view.

:func:`review` replays each hand of a hand history (docs/HISTORY.md) turn by turn and, at
each decision, runs the one-call search (:func:`~ofc_fast.sim.search.best_move`) on the
:class:`~ofc_fast.Game` at that point: the search reads only what the seat to act sees
(:meth:`Game.observation <ofc_fast.Game.observation>`: every board on the table, its own
cards in hand and its own discards; not the others' discards, a hidden Fantasyland board
or the deck).  The move played is scored on the very completions the best move was
(common random numbers: the same seed and the same count, as
:func:`~ofc_fast.sim.rollout.evaluate_placements` of one candidate gives), so the points
lost, best minus played, are exactly 0 when the seat played the search's move.  A
Fantasyland turn compares the setting played with the search's (the solver's settings,
scored by the same completions of the other boards).

Per player (by name when the history names them, else ``p1``, ``p2`` ...): hands, points
a hand with a 95% interval, fouls, Fantasyland entries and stays, scoops, royalties a hand,
and the points lost a decision by street.  Reviews merge exactly (``a + b``, ``sum``,
:meth:`Review.merge`): a review keeps its rows, and every figure is computed from them with
exact sums (integers and fractions), so a merge equals the review of the union.

>>> import ofc_fast as ofc
>>> g = ofc.Game("pineapple", 2, seed=3); g.play_hand("heuristic")
>>> r = ofc.review([g], budget=60, seed=1)
>>> len(r.hands), len(r.decisions), sorted(r.players)
(2, 10, ['p1', 'p2'])
>>> r.decisions[0].street, bool(r.losses.min() >= -1e9)
(0, True)
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .. import _workers
from .._checks import check_seed, count, shown
from ..board import drawing
from ..board.boards import board_text
from ..board.points import score_details
from ..hand.cards import card_str
from ..play.game import Game, Policy, policy_spec
from ..play.history import HandRecord, HistoryError, read_histories, records_from_json
from . import search as _search
from .rollout import evaluate_placements, rollout

__all__ = ["Decision", "HandResult", "PlayerStats", "Review", "review"]

#: the label of a Fantasyland turn among the streets
FANTASYLAND_STREET = "FL"
#: the normal deviate of a two-sided 95% interval
_Z95 = 1.959963984540054


def _codes(x: Any) -> tuple[int, ...]:
    return tuple(int(c) for c in x)


@dataclasses.dataclass(frozen=True)
class Decision:
    """One decision reviewed: who made it, where, what it played, the search's best move, and
    the points the move played lost (``best_value - played_value``, on the same completions;
    negative when the move played scored more there than the search's choice, which dropped
    it in an early round).  Boards are 13 card codes (top, middle, bottom; 255 empty).
    It draws itself: ``str(d)``, ``d.draw("svg")``, and in a notebook as SVG/HTML."""

    source: str
    """The file the hand came from ("" for hands given as records or games)."""
    hand: int
    """The hand's place in its source, 1 for the first."""
    turn: int
    """The turn's place in the hand, 0 for the first."""
    player: str
    seat: int
    street: int
    """0 for the first (the opening); a Fantasyland turn is street 0 too (``fantasyland``)."""
    fantasyland: bool
    board: tuple[int, ...]
    """The seat's board before the move."""
    held: tuple[int, ...]
    """The cards it was dealt this turn."""
    played: tuple[int, ...]
    """Its board after the move played."""
    best: tuple[int, ...]
    """Its board after the search's best move."""
    played_value: float
    best_value: float
    loss: float
    n: int
    """Completions both moves were scored on (exact: the ways the unseen cards can fall)."""
    exact: bool
    seed: int
    """The search's seed for this decision (from the review's seed and the seat's view)."""

    @property
    def street_label(self) -> str:
        """``"0"``, ``"1"`` ... or ``"FL"`` for a Fantasyland turn."""
        return FANTASYLAND_STREET if self.fantasyland else str(self.street)

    def seats(self) -> list[drawing.Seat]:
        """The two pictures: the board after the move played and after the best."""
        held = set(self.held)
        notes = []
        for board in (self.played, self.best):
            gone = sorted(held - set(board))
            notes.append((f"discards {card_str(gone)}",) if gone and not self.fantasyland else ())
        return [drawing.Seat(list(self.played), title=f"played  {self.played_value:+.2f}", held=self.held,
                             notes=notes[0]),
                drawing.Seat(list(self.best), title=f"best  {self.best_value:+.2f}", notes=notes[1])]

    def heading(self) -> str:
        """One line: where the decision was and the points it lost."""
        where = f"{self.source}: " if self.source else ""
        turn = "Fantasyland" if self.fantasyland else f"street {self.street}"
        return (f"{where}hand {self.hand}, {self.player} (seat p{self.seat + 1}), {turn}: "
                f"lost {self.loss:.2f} points (n {self.n}{', exact' if self.exact else ''})")

    def draw(self, kind: str = "text", *, symbols: bool = True) -> str:
        """The decision as text (suit symbols; ``symbols=False``: letters), ``"svg"`` or ``"html"``."""
        if kind == "text":
            return drawing.text(self.seats(), self.heading(), symbols=symbols)
        if kind == "svg":
            return drawing.svg(self.seats(), self.heading())
        if kind == "html":
            return drawing.html(self.seats(), self.heading())
        raise ValueError(f"kind is one of {', '.join(drawing.KINDS)}, got {shown(kind)}")

    def __str__(self) -> str:
        return self.draw("text")

    def _repr_svg_(self) -> str:
        return self.draw("svg")

    def _repr_html_(self) -> str:
        return self.draw("html")

    def row(self) -> dict[str, Any]:
        """The decision as a flat dict (a CSV row, a JSON object): boards as text."""
        return {"source": self.source, "hand": self.hand, "turn": self.turn, "player": self.player,
                "seat": self.seat, "street": self.street_label, "board": board_text(np.array(self.board, np.uint8)),
                "held": card_str(list(self.held)),
                "played": board_text(np.array(self.played, np.uint8)),
                "best": board_text(np.array(self.best, np.uint8)), "played_value": self.played_value,
                "best_value": self.best_value, "loss": self.loss, "n": self.n, "exact": self.exact,
                "seed": self.seed}


@dataclasses.dataclass(frozen=True)
class HandResult:
    """One player's result of one hand: net points, the foul, Fantasyland (``entered``: not in
    it this hand and in it the next; ``stayed``: in it and in it again), scoops (opponents it
    won all three rows from) and royalties."""

    source: str
    hand: int
    player: str
    seat: int
    points: int
    fouled: bool
    entered: bool
    stayed: bool
    scoops: int
    royalties: int


class PlayerStats(NamedTuple):
    """A player's figures over the hands and decisions reviewed (:attr:`Review.players`)."""

    player: str
    hands: int
    mean: float
    """Net points a hand."""
    stderr: float
    """Its standard error (NaN below 2 hands)."""
    ci95: tuple[float, float]
    """The 95% interval of ``mean`` (normal approximation)."""
    fouls: int
    fantasyland_entries: int
    fantasyland_stays: int
    scoops: int
    royalties: float
    """Royalties a hand."""
    decisions: int
    loss: float
    """Points lost a decision (NaN with none)."""
    loss_by_street: dict[str, tuple[int, float, float]]
    """Street label (``"0"``, ``"1"``, ..., ``"FL"``) -> (decisions, points lost a decision, its
    standard error)."""


def _fraction_stats(values: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of floats from exact sums (the same whatever their order)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    fr = [Fraction(v) for v in values if math.isfinite(v)]
    if len(fr) != n:
        return math.nan, math.nan
    s = sum(fr, Fraction(0))
    mean = s / n
    if n < 2:
        return float(mean), math.nan
    var = (sum((x * x for x in fr), Fraction(0)) - s * s / n) / (n - 1)
    return float(mean), math.sqrt(max(float(var), 0.0) / n)


class Review:
    """What :func:`review` found: :attr:`decisions` (one :class:`Decision` a decision, in
    the order played), :attr:`hands` (one :class:`HandResult` a player a hand) and the
    figures made from them (:attr:`players`, :attr:`losses`, :meth:`worst`).  Reviews of
    different files merge exactly: ``a + b``, ``sum(reviews)``, :meth:`merge`."""

    def __init__(self, decisions: Sequence[Decision], hands: Sequence[HandResult],
                 settings: dict[str, Any]) -> None:
        self.decisions: list[Decision] = list(decisions)
        self.hands: list[HandResult] = list(hands)
        self.settings: dict[str, Any] = dict(settings)
        self._players: dict[str, PlayerStats] | None = None

    @property
    def hand_count(self) -> int:
        """Hands reviewed."""
        return sum(1 for h in self.hands if h.seat == 0)

    @property
    def losses(self) -> npt.NDArray[np.float64]:
        """(decisions,) the points each decision lost."""
        return np.array([d.loss for d in self.decisions], dtype=np.float64)

    @property
    def players(self) -> dict[str, PlayerStats]:
        """Player -> :class:`PlayerStats`, in the order the players first appear."""
        if self._players is None:
            self._players = self._stats()
        return self._players

    def _stats(self) -> dict[str, PlayerStats]:
        from .totals import mean_stderr
        names: dict[str, None] = {}
        for h in self.hands:
            names.setdefault(h.player)
        for d in self.decisions:
            names.setdefault(d.player)
        out: dict[str, PlayerStats] = {}
        for name in names:
            hs = [h for h in self.hands if h.player == name]
            n = len(hs)
            pts = [h.points for h in hs]
            mean_a, err_a = mean_stderr(np.array([sum(pts)], dtype=object),
                                        np.array([sum(p * p for p in pts)], dtype=object), n)
            mean, err = (float(mean_a[0]), float(err_a[0])) if n else (math.nan, math.nan)
            ds = [d for d in self.decisions if d.player == name]
            streets: dict[str, list[float]] = {}
            for d in sorted(ds, key=lambda d: (d.fantasyland, d.street)):
                streets.setdefault(d.street_label, []).append(d.loss)
            by = {k: (len(v), *_fraction_stats(v)) for k, v in streets.items()}
            out[name] = PlayerStats(name, n, mean, err, (mean - _Z95 * err, mean + _Z95 * err),
                                    sum(h.fouled for h in hs), sum(h.entered for h in hs),
                                    sum(h.stayed for h in hs), sum(h.scoops for h in hs),
                                    sum(h.royalties for h in hs) / n if n else math.nan, len(ds),
                                    _fraction_stats([d.loss for d in ds])[0], by)
        return out

    def worst(self, k: int = 10) -> list[Decision]:
        """The ``k`` decisions that lost the most points, the most first (ties: in the order played)."""
        k = count(k, "k", 0)
        order = sorted(range(len(self.decisions)), key=lambda i: (-self.decisions[i].loss, i))
        return [self.decisions[i] for i in order[:k]]

    def merge(self, *others: Review) -> Review:
        """This review and ``others`` as one (their rows one after another): the same as
        reviewing their hands together with the same settings.  Reviews made with other
        settings (budget, seed, policy, ...) do not merge: ValueError."""
        for k, o in enumerate(others):
            if not isinstance(o, Review):
                raise TypeError(f"merge takes Review objects, got {type(o).__name__} {shown(o, 60)} "
                                f"(argument {k})")
            if o.settings != self.settings:
                raise ValueError(f"reviews made with other settings do not merge: {self.settings} and "
                                 f"{o.settings}")
        return Review([d for r in (self, *others) for d in r.decisions],
                      [h for r in (self, *others) for h in r.hands], self.settings)

    def __add__(self, other: Review) -> Review:
        if not isinstance(other, Review):
            return NotImplemented
        return self.merge(other)

    def __radd__(self, other: Any) -> Review:
        if isinstance(other, int) and other == 0:   # sum(reviews) starts from 0
            return self
        return NotImplemented

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Review) and (self.decisions, self.hands, self.settings) == \
            (other.decisions, other.hands, other.settings)

    __hash__ = None  # type: ignore[assignment]

    def table(self) -> list[dict[str, Any]]:
        """One row a player (a CSV row, a JSON object)."""
        rows = []
        for s in self.players.values():
            row = {"player": s.player, "hands": s.hands, "points": s.mean, "stderr": s.stderr,
                   "ci95_low": s.ci95[0], "ci95_high": s.ci95[1], "fouls": s.fouls,
                   "fantasyland_entries": s.fantasyland_entries, "fantasyland_stays": s.fantasyland_stays,
                   "scoops": s.scoops, "royalties": s.royalties, "decisions": s.decisions, "loss": s.loss}
            for street, (n, mean, _) in s.loss_by_street.items():
                row[f"loss_street_{street}"] = mean
                row[f"decisions_street_{street}"] = n
            rows.append(row)
        return rows

    def to_dict(self) -> dict[str, Any]:
        """The review as plain data (JSON): settings, the per-player table, every decision."""
        def clean(x: Any) -> Any:
            return None if isinstance(x, float) and not math.isfinite(x) else x
        return {"settings": self.settings,
                "players": [{k: clean(v) for k, v in row.items()} for row in self.table()],
                "decisions": [{k: clean(v) for k, v in d.row().items()} for d in self.decisions]}

    def __repr__(self) -> str:
        s = self.settings
        lines = [f"Review of {self.hand_count} hands, {len(self.decisions)} "
                 f"decisions (budget {s.get('budget')}, seed {s.get('seed')}, policy {s.get('policy')})"]
        for p in self.players.values():
            lines.append(f"  {p.player}: {p.hands} hands, {p.mean:+.2f} points/hand 95% CI "
                         f"[{p.ci95[0]:+.2f}, {p.ci95[1]:+.2f}], fouls {p.fouls}, Fantasyland entries "
                         f"{p.fantasyland_entries}, stays {p.fantasyland_stays}, scoops {p.scoops}, "
                         f"royalties {p.royalties:.2f}/hand, lost {p.loss:.3f}/decision (n {p.decisions})")
        return "\n".join(lines)


# --- the work ----------------------------------------------------------------------------

class _Task(NamedTuple):
    """One hand to review (picklable: any executor runs :func:`_review_hand` on it)."""
    record: HandRecord
    source: str
    hand: int
    budget: int | None
    seed: int
    policy: Any
    fantasyland_value: Any


def _names(rec: HandRecord) -> list[str]:
    names = rec.meta.get("players")
    if isinstance(names, list) and len(names) == rec.players and all(isinstance(x, str) and x for x in names) \
            and len(set(names)) == len(names):
        return list(names)
    return [f"p{s + 1}" for s in range(rec.players)]


def _view_seed(seed: int, g: Game, seat: int) -> int:
    """A decision's seed from the review's seed and what the seat sees (nothing hidden), so a
    decision gets the same completions wherever it is reviewed: in any file, order or worker."""
    obs = g.observation(seat)
    h = hashlib.sha256()
    h.update(json.dumps([seed, g.rules.to_dict(), g.players, seat, g.fantasyland], sort_keys=True,
                        default=str).encode())
    for key in ("boards", "held", "discards"):
        h.update(key.encode())
        h.update(np.ascontiguousarray(obs[key], dtype=np.uint8).tobytes())
    return int.from_bytes(h.digest()[:7], "little")


def _same_setting(a: npt.NDArray[np.uint8], b: npt.NDArray[np.uint8]) -> bool:
    """Two Fantasyland settings put the same cards in each row (in any order)."""
    return all(sorted(a[lo:hi].tolist()) == sorted(b[lo:hi].tolist()) for lo, hi in ((0, 3), (3, 8), (8, 13)))


def _review_hand(task: _Task, cancel: threading.Event | None = None) -> tuple[list[Decision], list[HandResult]]:
    """Every decision of one hand reviewed, and the hand's result for each player."""
    rec = task.record
    names = _names(rec)
    g = Game.replay({**rec.history(), "hands": [[]]})
    out: list[Decision] = []
    for i, t in enumerate(rec.turns):
        if cancel is not None and cancel.is_set():
            raise KeyboardInterrupt
        seat = t.seat
        if g.turn != seat:   # (a record read_histories checked plays in the engine's order)
            raise ValueError(f"hand {task.hand}: turn {i} is seat p{seat + 1}'s in the record, "
                             f"p{(g.turn or 0) + 1}'s in the engine")
        before = g.boards[seat].copy()
        held = g.held.copy()
        s = _view_seed(task.seed, g, seat)
        m = _search.best_move(g, budget=task.budget, seed=s, policy=task.policy,
                              fantasyland_value=task.fantasyland_value)
        n0 = int(m.n[0])
        fl = bool(rec.fantasyland[seat])
        if fl:
            action: Any = [c for row in t.rows for c in row]
            played = np.array(action, np.uint8)
            k = next((j for j in range(len(m.boards)) if _same_setting(played, m.boards[j])), None)
            if k is not None and int(m.n[k]) == n0:
                value = float(m.mean[k])
            else:
                value = _fantasyland_value(g, seat, played, max(n0, 1), s, task)
        else:
            action = g.encode(top=list(t.rows[0]), middle=list(t.rows[1]), bottom=list(t.rows[2]))
            k = m.codes.index(action) if action in m.codes else None
            if k is not None and int(m.n[k]) == n0:
                value = float(m.mean[k])
            elif n0 == 0:
                value = math.nan
            else:
                e = evaluate_placements(g, candidates=[action], n=n0, seed=s, policy=task.policy,
                                        fantasyland_value=task.fantasyland_value)
                value = float(e.mean[0])
        g.apply(action)
        best = float(m.mean[0])
        out.append(Decision(task.source, task.hand, i, names[seat], seat, t.street, fl, _codes(before),
                            _codes(held), _codes(g.boards[seat]), _codes(m.board), value, best,
                            0.0 if k == 0 else best - value, n0, bool(m.exact[0]), s))
    return out, _results(g, rec, names, task)


def _fantasyland_value(g: Game, seat: int, played: npt.NDArray[np.uint8], n: int, s: int, task: _Task) -> float:
    """The setting played scored as best_move scores a Fantasyland setting: the other boards
    (as the seat sees them, in turn order from the seat after it) completed ``n`` times by
    the policy, with the same seed (so on the same completions)."""
    order = [(seat + k) % g.players for k in range(1, g.players)]
    seen = g.observation(seat)["boards"]
    held = g.held
    dead = np.array([c for c in held.tolist() if c not in set(played.tolist())], np.uint8)
    boards = np.concatenate([played.reshape(1, 13), seen[order]]).astype(np.uint8)
    res = rollout(boards, g.rules, dead=dead, policy=task.policy, n=n, seed=s,
                  fantasyland=[int(held.size), *(g.fantasyland[p] for p in order)],
                  fantasyland_value=task.fantasyland_value)
    return float(res.mean[0])


def _results(g: Game, rec: HandRecord, names: list[str], task: _Task) -> list[HandResult]:
    details = score_details(g.boards, g.rules)
    scoops = [0] * rec.players
    for (a, b), rows in zip(details.pairs.tolist(), details.rows.tolist()):
        if all(x > 0 for x in rows):
            scoops[a] += 1
        elif all(x < 0 for x in rows):
            scoops[b] += 1
    nxt = g.next_fantasyland.tolist()
    return [HandResult(task.source, task.hand, names[p], p, int(g.scores[p]), bool(g.fouled[p]),
                       not rec.fantasyland[p] and nxt[p] > 0, bool(rec.fantasyland[p]) and nxt[p] > 0,
                       scoops[p], int(g.royalties[p].sum()))
            for p in range(rec.players)]


def _records(hands: Any, on_error: Callable[[HistoryError], Any] | None) -> tuple[str, Iterator[HandRecord]]:
    """(the source's name, its records): a path or the text of a history file, or an iterable of
    records and finished Games."""
    if isinstance(hands, (str, os.PathLike)):
        name = "" if isinstance(hands, str) and "\n" in hands else os.fspath(hands)
        return str(name), read_histories(hands, on_error=on_error)
    if hasattr(hands, "read"):   # a text file object
        return str(getattr(hands, "name", "<file>")), read_histories(hands, on_error=on_error)
    if isinstance(hands, (HandRecord, Game)):
        hands = [hands]
    if isinstance(hands, (bytes, dict)) or not isinstance(hands, Iterable):
        raise TypeError(f"hands is a path or the text of a hand-history file, or records and finished "
                        f"Games, got {type(hands).__name__} {shown(hands, 60)}")

    def each() -> Iterator[HandRecord]:
        for k, item in enumerate(hands):
            if isinstance(item, HandRecord):
                yield item
            elif isinstance(item, Game):
                try:
                    yield from records_from_json(item.to_json())
                except ValueError as e:
                    raise ValueError(f"hands[{k}]: {e}") from None
            else:
                raise TypeError(f"hands[{k}] is a HandRecord or a Game, got {type(item).__name__} "
                                f"{shown(item, 60)}")
    return "", each()


def review(hands: Any, *, budget: int | None = None, seed: int = 0, policy: str | Policy = "heuristic",
           fantasyland_value: Any = None, workers: int = 1, executor: Executor | None = None,
           progress: Callable[[int], None] | None = None,
           on_error: Callable[[HistoryError], Any] | None = None) -> Review:
    """Review every decision of played hands (module docstring): the value of the move played,
    the best move and its value, and the points lost; per player, the hands' figures.

    ``hands``: a path, a text file or the text of an OFC hand-history file (docs/HISTORY.md, read with
    :func:`~ofc_fast.read_histories`; ``on_error`` as there), or an iterable of
    :class:`~ofc_fast.HandRecord` and :class:`~ofc_fast.Game` (every finished hand of each).
    ``budget``, ``policy``, ``fantasyland_value``: the search's, as
    :func:`~ofc_fast.best_move` takes them (``budget=None``: its default, a few thousand
    completions a decision).  ``seed``: with the seat's view, each decision's seed: a
    decision reviewed in any file, order, worker or executor gets the same figures.
    ``workers``: hands reviewed at once on threads (-1: every core); ``executor``: any
    :class:`concurrent.futures.Executor` instead (a process pool, or a Dask or Ray
    cluster's executor: anything with ``submit`` returning futures), given one hand a task.
    ``progress``: called with the hands just reviewed (e.g. ``tqdm.update``).  Ctrl-C
    stops it (with threads: once each hand under way ends its decision).

    >>> import ofc_fast as ofc
    >>> g = ofc.Game("pineapple", 2, seed=5); g.play_hand("heuristic")
    >>> r = ofc.review([g], budget=40, seed=2)
    >>> d = r.worst(1)[0]; d.loss == d.best_value - d.played_value or d.loss == 0.0
    True
    >>> r.merge(r).players["p1"].hands
    2
    """
    if budget is not None:
        budget = count(budget, "budget", 1)
    s = check_seed(seed)
    w = _workers.resolve_workers(workers)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor must be a concurrent.futures.Executor (or None), got "
                        f"{type(executor).__name__} {shown(executor, 60)}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable (or None), got {type(progress).__name__} "
                        f"{shown(progress, 60)}")
    if on_error is not None and not callable(on_error):
        raise TypeError(f"on_error must be None or a callable taking a HistoryError, got "
                        f"{type(on_error).__name__} {shown(on_error, 60)}")
    if not isinstance(policy, (str, Policy)):
        raise TypeError(f"policy: review's search plays its completions in C: a built-in policy name or "
                        f"a Policy, got {shown(policy)}")
    policy_spec(policy)   # a bad name is named before any work
    label = policy if isinstance(policy, str) else str(policy)
    settings = {"budget": budget, "seed": s, "policy": label,
                "fantasyland_value": None if fantasyland_value is None else repr(fantasyland_value)}
    source, recs = _records(hands, on_error)
    tasks = (_Task(rec, source, k, budget, s, policy, fantasyland_value) for k, rec in enumerate(recs, 1))
    decisions: list[Decision] = []
    results: list[HandResult] = []
    for ds, hs in _run(tasks, w, executor):
        decisions += ds
        results += hs
        if progress is not None:
            progress(1)
    return Review(decisions, results, settings)


def _run(tasks: Iterator[_Task], workers: int,
         executor: Executor | None) -> Iterator[tuple[list[Decision], list[HandResult]]]:
    """The tasks' results in order: here, on ``workers`` threads, or on ``executor``; a
    window of tasks in flight, so a long file is read as it is reviewed."""
    if executor is None and workers == 1:
        for t in tasks:
            yield _review_hand(t)
        return
    cancel = threading.Event()
    own = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ofc_fast_review") \
        if executor is None else None
    pool: Executor = own if own is not None else executor  # type: ignore[assignment]
    window = 4 * (workers if own is not None else max(workers, _workers.cpu_count()))
    pending: list[Future[tuple[list[Decision], list[HandResult]]]] = []
    try:
        for t in tasks:
            pending.append(pool.submit(_review_hand, t, cancel) if own is not None
                           else pool.submit(_review_hand, t))
            while len(pending) >= window:
                yield _result(pending.pop(0))
        while pending:
            yield _result(pending.pop(0))
    except BaseException:
        cancel.set()
        for f in pending:
            f.cancel()
        raise
    finally:
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)


def _result(f: Future[Any]) -> Any:
    while True:   # a timed wait lets Ctrl-C through (any executor's future: result(timeout))
        try:
            return f.result(timeout=0.05)
        except TimeoutError:
            continue
