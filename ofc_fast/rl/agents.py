"""A trained agent that acts in a :class:`~ofc_fast.rl.VecEnv`: a small MLP run in numpy.

The network reads the observation (card planes and scalars) and scores the
compact actions of a *canonical* order of the held cards (ascending by card
code): the observation shows the held cards as a set (its ``"held"`` plane),
while an action code numbers them in the order they were dealt, which the
planes do not show.  :func:`sorted_action_map` translates between the two
with the held cards in action order (:meth:`VecEnv.held`, or a callable
opponent's ``obs["held"]``).  Training (examples/train_bc.py) needs torch; acting
needs only numpy, so a saved agent plays anywhere ``ofc_fast`` does: as a
``VecEnv`` opponent (an agent is a callable ``agent(obs, masks, envs)``), in
``bench/bots.py`` (``--bots agent:PATH``), or on its own.

>>> import ofc_fast as ofc
>>> from ofc_fast.rl import VecEnv
>>> agent = MLPAgent.random("pineapple", hidden=(16,), seed=0)
>>> env = VecEnv("pineapple", 2, num_envs=4, seed=1, opponent=agent)   # the agent in seat 1
>>> obs, info = env.reset()
>>> for _ in range(5):
...     obs, reward, terminated, truncated, info = env.step(agent.act(obs, env.action_masks(), env.held_cards()))
>>> bool(terminated.all())
True
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .._checks import shown
from .._rl import action_space, sizes
from ..board.geometry import ROW_SIZES
from ..board.partial import can_avoid_foul
from ..board.rules import Rules, get_rules
from ..play.game import Game

__all__ = ["MLPAgent", "action_digits", "card_features", "evaluate", "features", "observe_game",
           "placement_features", "sorted_action_map"]

#: what the scalars are divided by before the network reads them (streets, slots, cards:
#: small counts; the scale keeps them near the card planes' 0..1)
SCALAR_SCALE = 8.0


#: the afterstate features, in order: own rows' rank counts (3 x 13) and suit counts (3 x 4),
#: own rows' card counts / 5 (3), own discards' rank counts (13), the unseen cards' rank (13)
#: and suit counts (4), the other seat's rows' rank (3 x 13) and suit counts (3 x 4), the
#: scalars / SCALAR_SCALE (18, heads-up)
OWN_RANKS, OWN_SUITS, OWN_SIZES, DISCARD_RANKS = 0, 39, 51, 54
FEATURES_HEADS_UP = 153
#: the placement features (:func:`placement_features`): what the afterstate's rows make, which
#: counts summed by a linear layer cannot show (a pair, and whether a row outranks the one below)
PLACEMENT_FEATURES = 34
_ROW_SLOTS = np.array(ROW_SIZES, dtype=np.float32)


def features(obs: dict[str, npt.NDArray[Any]]) -> npt.NDArray[np.float32]:
    """(N, 153) float32, heads-up: the position as counts a small network reads well (pairs,
    trips, straights and flushes are rank and suit counts), in the order of
    ``OWN_RANKS`` ...: the features of the board *before* the turn; a placement adds its
    cards' counts to them (:func:`card_features`), which makes the features of the board
    *after* it (its afterstate) at no extra cost for the network's first layer."""
    cards = np.asarray(obs["cards"])
    scalars = np.asarray(obs["scalars"])
    if cards.ndim != 3 or scalars.ndim != 2 or cards.shape[0] != scalars.shape[0] or cards.shape[1] != 9 \
            or cards.shape[2] < 52:
        raise ValueError(f"obs: heads-up cards (N, 9, deck) and scalars (N, S), got {cards.shape} and "
                         f"{scalars.shape}")
    n = cards.shape[0]
    by_card = cards[:, :, :52].reshape(n, 9, 13, 4).astype(np.float32)   # code = rank * 4 + suit
    ranks, suits = by_card.sum(axis=3), by_card.sum(axis=2)
    return np.concatenate([ranks[:, 0:3].reshape(n, -1), suits[:, 0:3].reshape(n, -1),
                           ranks[:, 0:3].sum(axis=2) / 5, ranks[:, 4], ranks[:, 8], suits[:, 8],
                           ranks[:, 5:8].reshape(n, -1), suits[:, 5:8].reshape(n, -1),
                           scalars.astype(np.float32) / SCALAR_SCALE], axis=1)


def card_features(held: npt.NDArray[Any]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    """Where a held card placed in each destination (top, middle, bottom, discard) adds to
    :func:`features`: (N, W, 4, 3) feature indices and (N, W, 4, 3) amounts (0 for a missing
    card), ``held`` in any order (255 past the last)."""
    h = np.asarray(held).astype(np.int64)
    valid = (h < 52).astype(np.float32)
    rank, suit = np.minimum(h, 51) >> 2, np.minimum(h, 51) & 3
    n, w = h.shape
    idx = np.zeros((n, w, 4, 3), dtype=np.int64)
    amt = np.zeros((n, w, 4, 3), dtype=np.float32)
    for d in range(3):
        idx[:, :, d, 0] = OWN_RANKS + d * 13 + rank
        idx[:, :, d, 1] = OWN_SUITS + d * 4 + suit
        idx[:, :, d, 2] = OWN_SIZES + d
        amt[:, :, d] = valid[:, :, None] * np.array([1, 1, 0.2], dtype=np.float32)
    idx[:, :, 3, 0] = DISCARD_RANKS + rank
    idx[:, :, 3, 1:] = (DISCARD_RANKS + rank)[:, :, None]
    amt[:, :, 3, 0] = valid
    return idx, amt


def placement_features(x: npt.NDArray[Any], held: npt.NDArray[Any],
                       digits: npt.NDArray[Any]) -> npt.NDArray[np.float32]:
    """(N, A, 34) float32: what each placement's rows make, for the seat's afterstate.
    ``x``: (N, 153) :func:`features` of the position; ``held``: (N, W) its held cards in
    ascending order (255 past the last); ``digits``: (A, W, 4) the placements
    (:func:`action_digits`, one street's rows).  Per row (top, middle, bottom): pair, two
    pair, trips, full house, quads (0/1), the made-hand level (class then rank, / 78), a
    made flush, a live flush draw (every card one suit), a live straight draw (no pair,
    ranks within five), the empty slots / 5; then whether top outranks middle and middle
    bottom (0/1), and by how many levels (/ 13).  The foul-prone shapes a linear layer over
    rank counts cannot see.

    >>> import numpy as np
    >>> x = np.zeros((1, FEATURES_HEADS_UP), dtype=np.float32)
    >>> held = np.array([[0, 1, 8, 12, 16]], dtype=np.uint8)     # 2c 2d 4c 5c 6c
    >>> f = placement_features(x, held, action_digits("pineapple")[:232])
    >>> f.shape
    (1, 232, 34)
    """
    xr = np.asarray(x, dtype=np.float32)
    h = np.asarray(held)
    d = np.asarray(digits, dtype=np.float32)
    if xr.ndim != 2 or xr.shape[1] < FEATURES_HEADS_UP:
        raise ValueError(f"x: (N, {FEATURES_HEADS_UP}) features, got {xr.shape}")
    if h.ndim != 2 or h.shape[0] != xr.shape[0] or h.dtype.kind not in "iu":
        raise ValueError(f"held: ({xr.shape[0]}, W) integer cards, got {h.shape} {h.dtype}")
    n, w = h.shape
    if d.ndim != 3 or d.shape[1] < w or d.shape[2] != 4:
        raise ValueError(f"digits: (A, {w}, 4) placements (action_digits), got {d.shape}")
    h = h.astype(np.int64)
    valid = (h < 52)
    onehot_r = np.zeros((n, w, 13), dtype=np.float32)
    onehot_s = np.zeros((n, w, 4), dtype=np.float32)
    i, k = np.nonzero(valid)
    onehot_r[i, k, h[i, k] >> 2] = 1
    onehot_s[i, k, h[i, k] & 3] = 1
    d = d[:, :w, :3]                                                            # (A, W, 3)
    rc = xr[:, None, OWN_RANKS:OWN_RANKS + 39].reshape(n, 1, 3, 13) + np.einsum("awd,nwk->nadk", d, onehot_r)
    sc = xr[:, None, OWN_SUITS:OWN_SUITS + 12].reshape(n, 1, 3, 4) + np.einsum("awd,nwk->nadk", d, onehot_s)
    size = rc.sum(axis=3)                                                       # (N, A, 3)
    maxc = rc.max(axis=3)
    pairs = (rc >= 2).sum(axis=3)
    present = rc > 0
    hi = 12 - np.argmax(present[..., ::-1], axis=3)
    lo = np.argmax(present, axis=3)
    # the highest rank of those with the most copies (the pair's rank, the trips')
    top_multi = 12 - np.argmax((rc == maxc[..., None])[..., ::-1], axis=3)
    klass = np.select([maxc >= 4, (maxc >= 3) & (pairs >= 2), maxc >= 3, pairs >= 2, maxc >= 2],
                      [5, 4, 3, 2, 1], 0)
    level = np.where(size > 0, klass * 13 + np.where(maxc >= 2, top_multi, hi), 0).astype(np.float32)
    ms = sc.max(axis=3)
    per_row = np.stack([
        maxc >= 2, pairs >= 2, maxc >= 3, klass == 4, maxc >= 4, level / 78,
        ms >= 5, (ms == size) & (size > 0), (maxc <= 1) & (size > 0) & (hi - lo <= 4),
        (_ROW_SLOTS - size) / 5], axis=3).astype(np.float32)                   # (N, A, 3, 10)
    d1 = level[..., 0] - level[..., 1]
    d2 = level[..., 1] - level[..., 2]
    cross = np.stack([d1 > 0, d2 > 0, np.maximum(d1, 0) / 13, np.maximum(d2, 0) / 13],
                     axis=2).astype(np.float32)
    out: npt.NDArray[np.float32] = np.concatenate([per_row.reshape(n, -1, 30), cross], axis=2)
    return out


def action_digits(rules: Rules | str = "pineapple", width: int = 5) -> npt.NDArray[np.float32]:
    """(A, width, 4) float32: one-hot, where each compact action sends held card k (top,
    middle, bottom, discard); zero for a card the action does not number."""
    to_code, _, opening = _space(get_rules(rules))
    r = get_rules(rules)
    codes = to_code.astype(np.int64)
    digits = (codes[:, None] >> (2 * np.arange(width))) & 3
    cards = np.where(np.arange(codes.size) < opening, r.first_round, r.round_cards)
    out = np.zeros((codes.size, width, 4), dtype=np.float32)
    a, k = np.nonzero(np.arange(width)[None, :] < cards[:, None])
    out[a, k, digits[a, k]] = 1
    return out


def _space(rules: Rules) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16], int]:
    to_code, to_compact, opening, _ = action_space(rules.first_round, rules.rounds, rules.round_cards,
                                                   rules.round_play)
    return to_code, to_compact, int(opening)


def observe_game(game: Game, seat: int) -> dict[str, npt.NDArray[Any]]:
    """A heads-up hand of a :class:`~ofc_fast.Game` as ``seat`` sees it, in the arrays of a
    one-env :class:`VecEnv` (``{"cards": (1, planes, deck), "scalars": (1, S)}``, the same
    values as a ``VecEnv`` of one hand per episode writes): what an agent trained on a
    ``VecEnv`` reads to play in a ``Game`` (``bench/bots.py``).

    >>> g = Game("pineapple", 2, seed=3)
    >>> obs = observe_game(g, int(g.turn)); obs["cards"].shape, int(obs["cards"][0, 3].sum())
    ((1, 9, 52), 5)
    """
    if not isinstance(game, Game):
        raise TypeError(f"game must be a Game, got {type(game).__name__}")
    r, players = game.rules, game.players
    if players != 2:
        raise ValueError(f"observe_game: heads-up games (2 seats), got {players}")
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= int(seat) < players:
        raise ValueError(f"seat must be in 0..{players - 1}, got {shown(seat)}")
    seat = int(seat)
    k, n_scalars = sizes(players)
    deck = r.deck_size
    cards = np.zeros((1, k, deck), dtype=np.uint8)
    x = np.zeros((1, n_scalars), dtype=np.int32)
    o = game.observation(seat)
    turn = game.turn
    acting = turn == seat
    planes = cards[0]
    planes[k - 1] = 1
    for p, base in ((seat, 0), (1 - seat, 5)):
        for j, name in enumerate(("top", "middle", "bottom")):
            row = o["rows"][p][name]
            planes[base + j, row] = 1
            planes[k - 1, row] = 0
    planes[3, o["held"]] = 1
    planes[4, o["discards"]] = 1
    planes[k - 1, o["held"]] = 0
    planes[k - 1, o["discards"]] = 0
    fl = o["fantasyland"]
    street = o["street"]
    button = game.button
    y = x[0]
    y[0], y[1], y[2] = seat, button, (seat - button - 1) % players
    y[3] = street[seat]
    y[4] = (r.first_round if street[seat] == 0 else r.round_play) if acting and not fl[seat] else 0
    y[5] = o["held"].size if acting else 0
    for j, name in enumerate(("top", "middle", "bottom")):
        y[6 + j] = ROW_SIZES[j] - o["rows"][seat][name].size
    y[9], y[10] = fl[seat], 0
    other = 1 - seat
    hidden = turn is not None and fl[other]
    y[12] = 0 if hidden else street[other]
    for j, name in enumerate(("top", "middle", "bottom")):
        y[13 + j] = ROW_SIZES[j] - (0 if hidden else o["rows"][other][name].size)
    y[16] = fl[other]
    return {"cards": cards, "scalars": x}


def sorted_action_map(rules: Rules | str, held: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
    """(N, A) int64: for each env and each compact action ``a`` of the held cards taken in
    ascending order, the compact action of the same placement in the order the env numbers
    them (``held``: (N, W) the held cards in action order, 255 past the last, as
    :meth:`VecEnv.held`); -1 where that placement is no action of the table (an action of
    the other street).

    >>> held = np.array([[30, 17, 48, 11, 8]], dtype=np.uint8)
    >>> m = sorted_action_map("pineapple", held)
    >>> m.shape, int(m[0, 0]) >= 0
    ((1, 259), True)
    """
    to_code, to_compact, opening = _space(get_rules(rules))
    h = np.asarray(held)
    if h.ndim != 2 or h.dtype.kind not in "iu":
        raise ValueError(f"held: an (N, W) integer array of cards, got {h.shape} {h.dtype}")
    n, w = h.shape
    pos = np.argsort(h, axis=1, kind="stable")                    # (N, W): k-th lowest card's index
    codes = to_code.astype(np.int64)
    digits = (codes[:, None] >> (2 * np.arange(w))) & 3            # (A, W): digit k of each action
    actual = (digits[None, :, :] << (2 * pos[:, None, :])).sum(axis=2)   # (N, A)
    street = (np.arange(codes.size) >= opening).astype(np.int64)   # the table of each action
    out: npt.NDArray[np.int64] = to_compact.astype(np.int64)[street[None, :], actual]
    return out


class MLPAgent:
    """A multilayer perceptron that scores each legal placement by the board it makes (its
    afterstate) and plays the best.

    ``weights``: the layers' ``(W, b)`` pairs, ``W`` of shape (inputs, outputs), ReLU
    between them: the first reads the :func:`features` of the board after the placement
    (the features before it plus its cards' :func:`card_features`: the first layer is
    linear, so each held card's term is computed once and summed per placement), the last
    gives one score.  A first layer of 153 + 34 inputs also reads each placement's
    :func:`placement_features` (what its rows make: pairs, levels, draws, a row outranking
    the one below), computed per placement.  One network for every placement of every
    street: the cards' rows are what it learns from, never an action's number.
    :meth:`save` / :meth:`load` keep the weights in a ``.npz``.
    """

    def __init__(self, rules: Rules | str, weights: Sequence[tuple[npt.NDArray[Any], npt.NDArray[Any]]],
                 mask: str = "legal") -> None:
        self.rules = get_rules(rules)
        if mask not in ("legal", "foul_safe"):
            raise ValueError(f"mask must be 'legal' or 'foul_safe', got {shown(mask)}")
        #: the VecEnv mask it was trained with (``evaluate`` plays it with that mask)
        self.mask = mask
        layers = [(np.ascontiguousarray(w, dtype=np.float32), np.ascontiguousarray(b, dtype=np.float32))
                  for w, b in weights]
        if not layers:
            raise ValueError("weights: at least one (W, b) layer")
        for i, (w, b) in enumerate(layers):
            if w.ndim != 2 or b.shape != (w.shape[1],):
                raise ValueError(f"weights: layer {i} needs W (inputs, outputs) and b (outputs,), got "
                                 f"{w.shape} and {b.shape}")
            if i and w.shape[0] != layers[i - 1][0].shape[1]:
                raise ValueError(f"weights: layer {i} takes {w.shape[0]} inputs, the layer before gives "
                                 f"{layers[i - 1][0].shape[1]}")
        self.layers = layers
        to_code, _, opening = _space(self.rules)
        self.num_actions = int(to_code.size)
        self.opening = opening
        if layers[0][0].shape[0] not in (FEATURES_HEADS_UP, FEATURES_HEADS_UP + PLACEMENT_FEATURES):
            raise ValueError(f"weights: the first layer reads {FEATURES_HEADS_UP} features (or "
                             f"{FEATURES_HEADS_UP + PLACEMENT_FEATURES} with the placement features), got "
                             f"{layers[0][0].shape[0]}")
        if layers[-1][0].shape[1] != 1:
            raise ValueError(f"weights: the last layer gives one score, got {layers[-1][0].shape[1]}")
        self._digits = action_digits(self.rules, max(self.rules.first_round, self.rules.round_cards))
        self.__name__ = "MLPAgent"

    @classmethod
    def random(cls, rules: Rules | str = "pineapple", hidden: Sequence[int] = (128, 64), *,
               seed: int = 0, placement: bool = False) -> MLPAgent:
        """An untrained agent (He-initialised weights) of the given hidden sizes (``placement``:
        reading the :func:`placement_features` too)."""
        r = get_rules(rules)
        sizes_ = [FEATURES_HEADS_UP + (PLACEMENT_FEATURES if placement else 0), *hidden, 1]
        rng = np.random.default_rng(seed)
        return cls(r, [(rng.normal(0, np.sqrt(2.0 / a), (a, b)), np.zeros(b)) for a, b in zip(sizes_, sizes_[1:])])

    def scores(self, obs: dict[str, npt.NDArray[Any]], held: npt.NDArray[Any]) -> npt.NDArray[np.float32]:
        """(N, A) the network's score of each placement of the held cards taken in ascending
        order (:func:`sorted_action_map`), -inf for the actions of the other street (the
        street: ``obs["scalars"][:, 3]``)."""
        x = features(obs)
        hs = np.sort(np.asarray(held), axis=1)
        if hs.ndim != 2 or hs.shape[0] != x.shape[0] or hs.shape[1] != self._digits.shape[1]:
            raise ValueError(f"held: ({x.shape[0]}, {self._digits.shape[1]}) cards, got {hs.shape}")
        w1, b1 = self.layers[0]
        w1, w_place = w1[:FEATURES_HEADS_UP], w1[FEATURES_HEADS_UP:]
        pre = x @ w1 + b1
        idx, amt = card_features(hs)
        terms = (w1[idx] * amt[..., None]).sum(axis=3)                   # (N, W, 4, H)
        out = np.full((x.shape[0], self.num_actions), -np.inf, dtype=np.float32)
        first = np.asarray(obs["scalars"])[:, 3] == 0
        for rows, span in ((np.flatnonzero(first), slice(0, self.opening)),
                           (np.flatnonzero(~first), slice(self.opening, self.num_actions))):
            for lo in range(0, rows.size, 256):   # (256 envs x 232 placements x H at a time)
                r = rows[lo:lo + 256]
                h = pre[r, None, :] + np.einsum("awd,nwdh->nah", self._digits[span], terms[r], optimize=True)
                if w_place.shape[0]:
                    h += placement_features(x[r], hs[r], self._digits[span]) @ w_place
                for w, b in self.layers[1:]:
                    np.maximum(h, 0, out=h)
                    h = h @ w + b
                out[r, span] = h[..., 0]
        return out

    def act(self, obs: dict[str, npt.NDArray[Any]], masks: npt.NDArray[Any],
            held: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
        """(N,) the compact action of each env: the legal one the network scores best.

        ``masks``: (N, A) the legal actions; ``held``: (N, W) the held cards in action order
        (:meth:`VecEnv.held`).  An env with no legal action (finished) gets -1.
        """
        m = np.asarray(masks, dtype=bool)
        if m.ndim != 2 or m.shape[1] != self.num_actions:
            raise ValueError(f"masks: (N, {self.num_actions}) bools, got {m.shape}")
        held_a = np.asarray(held)
        if held_a.ndim != 2 or held_a.shape[0] != m.shape[0]:
            raise ValueError(f"held: (N, W) cards for the {m.shape[0]} envs, got {held_a.shape}")
        amap = sorted_action_map(self.rules, held_a)
        ok = (amap >= 0) & np.take_along_axis(m, np.maximum(amap, 0), axis=1)
        s = np.where(ok, self.scores(obs, held_a), -np.inf)
        best = s.argmax(axis=1)
        chosen = np.take_along_axis(amap, best[:, None], axis=1)[:, 0]
        return np.where(ok.any(axis=1), chosen, -1)

    def choose(self, game: Game) -> int:
        """The action code the agent plays in ``game`` on a normal turn of the seat to act
        (:meth:`Game.apply` takes it), seeing what that seat sees (:func:`observe_game`), with
        the agent's mask: under ``"foul_safe"`` without the placements after which every
        completion fouls (unless every one does), as the ``VecEnv`` judges them."""
        if game.done or game.fantasyland[int(game.turn)]:   # type: ignore[arg-type]
            raise ValueError("choose: the agent plays normal turns (the hand is over, or this is a "
                             "Fantasyland turn)")
        seat = int(game.turn)   # type: ignore[arg-type]
        to_code, to_compact, _ = _space(self.rules)
        table = 0 if game.street(seat) == 0 else 1
        codes = np.asarray(game.legal_actions(), dtype=np.int64)
        legal = to_compact[table, codes].astype(np.int64)
        if self.mask == "foul_safe":
            obs0 = game.observation(seat)
            boards = []
            for c in codes:
                trial = game.clone()
                trial.apply(int(c))
                boards.append(trial.boards[seat])
            seen = np.ones(self.rules.deck_size, dtype=bool)
            seen[obs0["unseen"]] = False
            ok = np.array([can_avoid_foul(b, self.rules, dead=np.flatnonzero(seen & ~np.isin(
                np.arange(seen.size), b)).astype(np.uint8)) for b in boards], dtype=bool)
            if ok.any():
                legal = legal[ok]
        mask = np.zeros((1, self.num_actions), dtype=bool)
        mask[0, legal] = True
        held = np.full((1, self._digits.shape[1]), 255, dtype=np.uint8)   # as VecEnv.held pads it
        held[0, :game.held.size] = game.held
        a = int(self.act(observe_game(game, seat), mask, held)[0])
        return int(to_code[a])

    def __call__(self, obs: dict[str, npt.NDArray[Any]], masks: npt.NDArray[Any],
                 envs: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
        """As a :class:`VecEnv` opponent: ``obs["held"]`` gives the held cards' order."""
        if "held" not in obs:
            raise ValueError("MLPAgent as an opponent needs obs['held'] (the held cards in action order), "
                             "which VecEnv gives its opponent callable")
        return self.act(obs, masks, obs["held"])

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the weights (and the rules' name) to ``path`` (.npz)."""
        arrays: dict[str, Any] = {"rules": np.array(self.rules.name), "mask": np.array(self.mask)}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"W{i}"], arrays[f"b{i}"] = w, b
        with open(path, "wb") as f:
            np.savez(f, **arrays)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> MLPAgent:
        """The agent :meth:`save` wrote to ``path``."""
        with np.load(path, allow_pickle=False) as z:
            if "rules" not in z or "W0" not in z:
                raise ValueError(f"{shown(str(path))} is not an MLPAgent file (no rules or W0)")
            k = sum(1 for name in z.files if name.startswith("W"))
            mask = str(z["mask"]) if "mask" in z else "legal"
            return cls(str(z["rules"]), [(z[f"W{i}"], z[f"b{i}"]) for i in range(k)], mask)

    def __repr__(self) -> str:
        sizes_ = [self.layers[0][0].shape[0]] + [w.shape[1] for w, _ in self.layers]
        return f"MLPAgent({self.rules.name!r}, layers {sizes_})"


def evaluate(agent: MLPAgent, opponent: Any = "heuristic", deals: int = 1000, *, seed: int = 0,
             players: int = 2, mask: str | None = None) -> dict[str, Any]:
    """The agent's points a hand heads-up against ``opponent`` (a built-in policy, played in
    C, or a callable opponent such as another agent), duplicate format: each of ``deals``
    deals played twice, the agent in seat 0 and then in seat 1 (the same ``seed``: the same
    cards and button), one hand each, with the env's ``mask`` (default: the agent's own).
    Returns ``mean`` (points a hand), ``ci95`` (a 95% interval over deals), ``hands``,
    ``foul`` (the agent's foul rate) and ``opponent_foul``.

    >>> r = evaluate(MLPAgent.random("pineapple", hidden=(8,)), "random", deals=20, seed=1)
    >>> r["hands"], len(r["ci95"])
    (40, 2)
    """
    from .vecenv import VecEnv
    if players != 2:
        raise ValueError(f"players: evaluate plays heads-up (2), got {shown(players)}")
    pts = np.zeros(deals)
    fouls = [0, 0]
    for hero in (0, 1):
        env = VecEnv(agent.rules, 2, num_envs=deals, seed=seed, hero=hero, opponent=opponent, autoreset=False,
                     mask=agent.mask if mask is None else mask)
        obs, _ = env.reset()
        done = np.zeros(deals, dtype=bool)
        reward = np.zeros(deals)
        while not done.all():
            acts = agent.act(obs, env.action_masks(), env.held_cards())
            acts[done] = -1
            obs, r, term, _, info = env.step(acts)
            new = term & ~done
            reward[new] = r[new]
            f = info["fouled"]
            fouls[0] += int(f[new, hero].sum())
            fouls[1] += int(f[new, 1 - hero].sum())
            done |= term
        pts += reward / 2
        env.close()
    half = 1.96 * float(pts.std(ddof=1)) / float(np.sqrt(deals)) if deals > 1 else float("nan")
    mean = float(pts.mean())
    return {"mean": mean, "ci95": [mean - half, mean + half], "hands": 2 * deals,
            "foul": fouls[0] / (2 * deals), "opponent_foul": fouls[1] / (2 * deals)}
