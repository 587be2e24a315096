"""Jokers on boards (docs/VARIANTS.md, "Jokers"): analyze and score against a brute-force
joint resolution (ofc_fast.reference.joker_board) for every joker_pool x joker_resolution x
five_of_a_kind combination, the issue's golden cases, and the bad-input rows."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from joker_reference import memoised_joker_reference

import ofc_fast as ofc
from ofc_fast import reference as ref

X1, X2 = ofc.JOKERS
POOLS = [("any", None), ("not_on_board", None), ("unseen", None), ("duplicates", None),
         ("duplicates", "above_straight_flush"), ("duplicates", "below_royal")]
COMBOS = [(p, f, r) for p, f in POOLS for r in ("board", "row")]


@pytest.fixture(autouse=True, scope="module")
def _memoised_reference() -> Iterator[None]:
    """The brute force computes each distinct row once (tests/joker_reference.py)."""
    with memoised_joker_reference():
        yield


def rules_for(pool: str, five: str | None, resolution: str, base: ofc.Rules = ofc.PROGRESSIVE,
              nbw: bool = False) -> ofc.Rules:
    return dataclasses.replace(base, name="jk", jokers=2, joker_pool=pool, five_of_a_kind=five,
                               five_of_a_kind_middle=40, five_of_a_kind_bottom=20,
                               joker_resolution=resolution, natural_beats_wild=nbw)


def strength_key(s: int) -> tuple[int, ...]:
    cat = int(ofc.category(s))
    cat = ref.STRAIGHT_FLUSH if cat == ref.ROYAL_FLUSH else cat
    ranks = list(ofc.ranks(s))
    return tuple([cat, *ranks] + [-1] * (5 - len(ranks)))


def deals(n: int, seed: int) -> list[list[int]]:
    """Boards with 1 or 2 jokers, biased to foul edges, Fantasyland tops and big hands."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        kind = rng.integers(4)
        cards = rng.permutation(52)[:13].tolist()
        if kind == 1:    # a pair of queens or better on top
            r = int(rng.integers(10, 13))
            pair = [r * 4 + s for s in rng.choice(4, 2, replace=False).tolist()]
            cards = pair + [c for c in cards if c not in pair][:11]
        elif kind == 2:  # many cards of one rank or suit: quads, flushes, five of a kind
            r, s = int(rng.integers(13)), int(rng.integers(4))
            heavy = [r * 4 + t for t in range(4)] + [k * 4 + s for k in rng.choice(13, 5, replace=False).tolist()]
            heavy = list(dict.fromkeys(heavy))
            cards = heavy + [c for c in cards if c not in heavy][:13 - len(heavy)]
            cards = [cards[i] for i in rng.permutation(13)]
        if kind >= 1:    # arranged not to foul, when a few shuffles find one
            for _ in range(20):
                a = ofc.analyze(np.array(cards, np.uint8), ofc.PINEAPPLE)
                if not a.fouled:
                    break
                cards = [cards[i] for i in rng.permutation(13)]
        nj = int(rng.integers(1, 3))
        for j, pos in enumerate(rng.choice(13, nj, replace=False).tolist()):
            cards[pos] = (X1, X2)[j]
        out.append(cards)
    return out


def check_board(board: list[int], rules: ofc.Rules, in_fl: int = 0, dead: tuple[int, ...] = (),
                want: dict[str, Any] | None = None) -> None:
    """One board in one call (the search) against the brute force (``want``, when already known)."""
    if want is None:
        want = ref.joker_board(board, rules, in_fl, list(dead))
    got = ofc.analyze(np.array(board, np.uint8), rules, in_fantasyland=in_fl, dead=list(dead) or None)
    text = ofc.card_str(board)
    assert [strength_key(int(s)) for s in got.strength] == list(want["keys"]), text
    assert bool(got.fouled) == want["fouled"], text
    assert tuple(got.royalties.tolist()) == want["royalties"], text
    assert int(got.fantasyland) == want["fantasyland"] and bool(got.stays) == want["stays"], text
    assert tuple(got.jokers.tolist()) == want["jokers"], text


@pytest.mark.parametrize("pool, five, resolution", COMBOS)
def test_analyze_against_brute_force(pool: str, five: str | None, resolution: str) -> None:
    rules = rules_for(pool, five, resolution)
    rng = np.random.default_rng(1)
    for i, board in enumerate(deals(24, hash((pool, five, resolution)) % 2**32)):
        dead = tuple(c for c in range(52) if c not in board and rng.random() < 0.3) if pool == "unseen" else ()
        check_board(board, rules, in_fl=(i % 3 == 0), dead=dead)


@pytest.mark.parametrize("house", sorted(ofc.HOUSE_RULES))
def test_house_rules_against_brute_force(house: str) -> None:
    """Each house rule with jokers, in and out of Fantasyland at every count it deals (a stay
    by tier, kept counts), one board at a time (the search) and all at once (the ladders)."""
    base = ofc.HOUSE_RULES[house]
    rules = rules_for("any", None, "board", base)
    counts = [0, 1, *sorted(base.fantasyland_deals)]
    seed = 7 + sorted(ofc.HOUSE_RULES).index(house)
    # tops that earn each count with a joker, over rows that do not foul (a stay by tier
    # needs the top to earn the count the player is in), then random boards
    tops = ["Qh X1 2c", "Kh X1 2c", "Ah X1 2c", "Qh Qd X1", "X1 2c 3d", "Jh X1 2c"]
    middles = ["5s 6s 7s 8s 9d", "5s 6s 7s X2 9d"]
    crafted = [ofc.cards(f"{t} {m} Tc Th Td Ts 3h", jokers=2).tolist() for t in tops for m in middles]
    boards = crafted + deals(6, seed)
    infl = np.array([counts[i % len(counts)] for i in range(64)])
    # 64 boards in one call: the ladders (the joker-free filler takes no brute force)
    batch = np.concatenate([np.array(boards, np.uint8), joker_boards(200, seed)[:, :]])
    batch = np.concatenate([batch[:24], batch[24:][(batch[24:] < X1).all(axis=1)]])[:64]
    got = ofc.analyze(batch, rules, in_fantasyland=infl)
    for i, board in enumerate(boards):
        want = assert_like_brute_force(got, i, board, rules, int(infl[i]), [])
        check_board(board, rules, in_fl=int(infl[i]), want=want)


@pytest.mark.slow
@pytest.mark.parametrize("pool, five, resolution", COMBOS)
def test_analyze_against_brute_force_many(pool: str, five: str | None, resolution: str) -> None:
    rules = rules_for(pool, five, resolution)
    rng = np.random.default_rng(2)
    for i, board in enumerate(deals(400, 1000 + hash((pool, five, resolution)) % 2**32)):
        dead = tuple(c for c in range(52) if c not in board and rng.random() < 0.3) if pool == "unseen" else ()
        check_board(board, rules, in_fl=(i % 3 == 0), dead=dead)


@pytest.mark.parametrize("pool, five, resolution", COMBOS)
@pytest.mark.parametrize("nbw", [False, True])
def test_score_against_brute_force(pool: str, five: str | None, resolution: str, nbw: bool) -> None:
    rules = rules_for(pool, five, resolution, ofc.PINEAPPLE, nbw)
    rng = np.random.default_rng(3)
    for _ in range(8):
        cards = rng.permutation(52)[:26].tolist()
        slots = rng.choice(26, 2, replace=False).tolist()
        cards[slots[0]], cards[slots[1]] = X1, X2
        deal = np.array(cards, np.uint8).reshape(2, 13)
        want = ref.joker_score_matrix(deal.tolist(), rules)
        assert ofc.score_matrix(deal, rules).tolist() == want, ofc.card_str(deal)


ANY = rules_for("any", None, "board", ofc.PINEAPPLE)
GOLDEN = [   # (board, rules, fouled, top description, the jokers' cards)
    # K-K-joker on top stays a pair of kings when KKK would foul: the joker is the best kicker
    ("Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 3s", ANY, False, "Pair of Kings, Ace kicker", "Ac --"),
    # ... and under "row" it makes trips and fouls
    ("Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 3s", rules_for("any", None, "row", ofc.PINEAPPLE), True,
     "Three Kings", "Kh --"),
    # a joker may copy a card on another row under "any" (the Qh of the bottom) ...
    ("Qc Qd X1 / Kc Kd Kh 5c 6d / Qh Qs 7c 7d 7h", ANY, False, "Three Queens", "Qh --"),
    # ... not under "not_on_board"
    ("Qc Qd X1 / Kc Kd Kh 5c 6d / Qh Qs 7c 7d 7h", rules_for("not_on_board", None, "board", ofc.PINEAPPLE),
     False, "Pair of Queens, Ace kicker", "Ac --"),
    # two jokers in different rows may become the same card (Qh: trips on top, a royal flush)
    ("Qc Qd X1 / Ah Kh Jh Th X2 / As Ks Qs Js Ts", ANY, False, "Three Queens", "Qh Qh"),
    ("As X1 X2 / 2c 2d 2h 2s 6d / Ks Qs Js Ts 9s", ANY, False, "Three Aces", "Ac Ad"),
]


@pytest.mark.parametrize("text, rules, fouled, top, jokers", GOLDEN)
def test_golden(text: str, rules: ofc.Rules, fouled: bool, top: str, jokers: str) -> None:
    a = ofc.analyze(text, rules)
    assert bool(a.fouled) == fouled
    assert ofc.describe(int(a.strength[0])) == top
    assert ofc.card_str(a.jokers) == jokers
    check_board(ofc.parse_boards(text, jokers=2).tolist(), rules)


def test_not_on_board_keeps_jokers_apart() -> None:
    rules = rules_for("not_on_board", None, "board", ofc.PINEAPPLE)
    a = ofc.analyze("Qc Qd X1 / Ah Kh Jh Th X2 / As Ks Qs Js Ts", rules)
    assert ofc.card_str(a.jokers) == "Ac Qh"          # the royal flush pays more than QQQ


def test_five_of_a_kind_order() -> None:
    above = rules_for("duplicates", "above_straight_flush", "board", ofc.PINEAPPLE)
    below = rules_for("duplicates", "below_royal", "board", ofc.PINEAPPLE)
    board = "2c 3d 4h / 9c 9d 9h 9s X1 / As Ks Qs Js Ts"     # five nines under a royal flush
    # above the straight flush five nines would foul: the joker makes quads instead
    assert ofc.analyze(board, above).royalties.tolist() == [0, 20, 25]
    assert ofc.describe(int(ofc.analyze(board, above).strength[1])) == "Four Nines, Ace kicker"
    # below the royal flush they stand
    assert ofc.analyze(board, below).royalties.tolist() == [0, 40, 25]
    assert ofc.describe(int(ofc.analyze(board, below).strength[1])) == "Five Nines"
    row = dataclasses.replace(above, joker_resolution="row")
    assert ofc.analyze(board, row).fouled                    # each row alone: five nines, fouled


def test_bad_input() -> None:
    one = dataclasses.replace(ofc.PINEAPPLE, name="one", jokers=1)
    board = "Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 3s"
    with pytest.raises(ValueError, match="joker 'X1'.*jokers=0"):
        ofc.analyze(board)
    with pytest.raises(ValueError, match="card code 52 is not in 0..51 .a joker"):
        ofc.analyze(ofc.parse_boards(board, jokers=1))
    with pytest.raises(ValueError, match="card code 53 is not in 0..52"):
        ofc.analyze(np.array([53] + list(range(12)), np.uint8), one)
    with pytest.raises(ValueError, match="card code 54"):   # a third joker
        ofc.analyze(np.array([54, 52, 53] + list(range(10)), np.uint8), ANY)
    with pytest.raises(ValueError, match="used twice"):
        ofc.analyze(np.array([52, 52] + list(range(11)), np.uint8), ANY)
    with pytest.raises(ValueError, match="used twice"):
        ofc.score(np.array([[52] + list(range(12)), [52] + list(range(12, 24))], np.uint8), ANY)
    with pytest.raises(ValueError, match="dead cards are for jokers"):
        ofc.analyze(np.arange(13), dead=[20])


def test_analysis_jokers_default_and_pickle() -> None:
    import pickle
    a = ofc.analyze(np.arange(26).reshape(2, 13))
    assert a.jokers.shape == (2, 2) and (a.jokers == 255).all()
    b = ofc.analyze("Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 3s", ANY)
    c = pickle.loads(pickle.dumps(b))
    assert c.jokers.tolist() == b.jokers.tolist()
    assert all((x == y).all() for x, y in zip(c, b))
    fouled, strength, royalties, fantasyland, stays = b     # still five fields


def test_duplicates_describe_and_dead_with_jokers() -> None:
    """find_duplicates counts each joker as a card of its own; Board.describe names a joker row
    as the board's resolution makes it; a joker among the dead cards is no card a joker becomes."""
    jk = rules_for("unseen", None, "board", ofc.PINEAPPLE)
    one, two = "Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d X1", "Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d X2"
    assert ofc.find_duplicates([one, two], jk).tolist() == [0]
    assert ofc.find_duplicates(np.array([ofc.cards(two, jokers=2)] * 2), jk).tolist() == []
    with pytest.raises(ValueError, match="jokers=0"):
        ofc.find_duplicates([two])
    board = ofc.Board(two)
    a = board.analyze(jk)
    top = ofc.describe(ofc.strength([48 if c == X1 else c for c in board.top.tolist()]))
    assert board.describe(jk)[0] == top == ofc.describe(int(a.strength[0]))   # KK: KKK would foul
    assert top.startswith("Pair of Kings")
    with pytest.raises(ValueError, match="needs the rules"):
        board.describe()
    assert ofc.Board("Kc Kd 2c / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 3s").describe()[0] == "Pair of Kings, Two kicker"
    assert ofc.analyze(two, jk, dead=[X2, 48]).jokers.tolist() == ofc.analyze(two, jk, dead="Ac").jokers.tolist()
    with pytest.raises(ValueError, match=r"^dead: .*card code 53 is not in 0\.\.52"):
        ofc.analyze(one, dataclasses.replace(jk, jokers=1), dead=[X2])


def test_workers_agree() -> None:
    """Jokers through the thread pool: the same answers with 1 and 2 workers."""
    rules = rules_for("not_on_board", None, "board", ofc.PINEAPPLE)
    boards = np.array(deals(300, 11), np.uint8)
    one, two = ofc.analyze(boards, rules), ofc.analyze(boards, rules, workers=2)
    for x, y in zip(one, two):
        assert (x == y).all()
    assert (one.jokers == two.jokers).all()
    hands = boards[:, 3:8].copy()
    assert (ofc.strength(hands, rules=rules) == ofc.strength(hands, rules=rules, workers=2)).all()
    deal = boards[:300].reshape(-1, 2, 13)
    ok = np.array([len(set(d.ravel().tolist())) == 26 for d in deal])
    assert (ofc.score(deal[ok], rules) == ofc.score(deal[ok], rules, workers=2)).all()


def test_board_object() -> None:
    b = ofc.Board.parse("Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 3s")
    assert str(b) == "Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 3s"
    assert b.royalties(ANY) == (8, 0, 0) and not b.fouled(ANY)
    assert ofc.card_str(b.analyze(ANY).jokers) == "Ac --"
    assert b.royalties(rules_for("any", None, "row", ofc.PINEAPPLE)) == (0, 0, 0)     # KKK fouls
    with pytest.raises(ValueError, match="a joker: the rules have jokers=0"):
        b.royalties(ofc.PINEAPPLE)


# --- Low (2-7) OFC with jokers: the middle's joker makes the best low -------------------------------

LOW_COMBOS = [(p, f, r) for p, f in POOLS[:4] + [("duplicates", "above_straight_flush")]
              for r in ("board", "row")]


def low_deals(n: int, seed: int) -> list[list[int]]:
    """Low boards with 1 or 2 jokers: low middles (live or nearly), tops of a pair of queens or
    better half the time, near the foul edge."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        mid: list[int] = []
        for c in rng.permutation(36).tolist():                  # deuces to tens
            if len(mid) < 5 and c // 4 not in {m // 4 for m in mid}:
                mid.append(c)
        top: list[int] = []
        if rng.random() < 0.5:
            r = int(rng.integers(10, 13))
            top = [r * 4 + int(s) for s in rng.choice(4, 2, replace=False)]
        rest = [c for c in rng.permutation(52).tolist() if c not in mid and c not in top]
        top = top + rest[:3 - len(top)]
        rest = [c for c in rest if c not in top]
        cards = top + mid + rest[:5]
        nj = int(rng.integers(1, 3))
        for j, pos in enumerate(rng.choice(13, nj, replace=False).tolist()):
            cards[pos] = (X1, X2)[j]
        out.append(cards)
    return out


@pytest.mark.parametrize("pool, five, resolution", LOW_COMBOS)
def test_low_against_brute_force(pool: str, five: str | None, resolution: str) -> None:
    rules = rules_for(pool, five, resolution, ofc.LOW)
    rng = np.random.default_rng(7)
    for i, board in enumerate(low_deals(20, 50 + hash((pool, five, resolution)) % 2**16)):
        dead = tuple(c for c in range(52) if c not in board and rng.random() < 0.3) if pool == "unseen" else ()
        want = ref.joker_board(board, rules, i % 3 == 0, list(dead))
        got = ofc.analyze(np.array(board, np.uint8), rules, in_fantasyland=i % 3 == 0, dead=list(dead) or None)
        text = ofc.card_str(board)
        assert bool(got.fouled) == want["fouled"], text
        assert tuple(got.royalties.tolist()) == want["royalties"], text
        assert int(got.fantasyland) == want["fantasyland"] and bool(got.stays) == want["stays"], text
        assert tuple(got.jokers.tolist()) == want["jokers"], text
        middle = [int(got.jokers[c - X1]) if c in (X1, X2) else c for c in board[3:8]]
        if len(set(middle)) == 5:   # the middle's value is the low of its resolved cards
            assert int(got.strength[1]) == ofc.lowball27(middle), text
            assert ref.lowball_key(middle) == want["keys"][1], text


@pytest.mark.parametrize("nbw", [False, True])
def test_low_score_against_brute_force(nbw: bool) -> None:
    rules = rules_for("any", None, "board", ofc.LOW, nbw)
    rng = np.random.default_rng(8)
    for a in low_deals(10, 9):
        # the other board: a low middle too when the cards allow, else any cards left
        others = [b for b in low_deals(20, int(rng.integers(1 << 30)))
                  if not (set(b) & set(a)) - {X1, X2} and not {X1, X2} & set(b)]
        b = others[0] if others else [c for c in rng.permutation(52).tolist() if c not in a][:13]
        deal = [a, b]
        assert ofc.score_matrix(np.array(deal, np.uint8), rules).tolist() == ref.joker_score_matrix(deal, rules)


def test_low_golden() -> None:
    rules = rules_for("any", None, "board", ofc.LOW)
    a = ofc.analyze("Kc Kd Qh / 7c X1 4h 3s 2c / Ah Ad 7d 7h 3c", rules)
    assert ofc.card_str(a.jokers) == "5c --" and a.royalties.tolist() == [8, 8, 0] and not a.fouled
    assert int(a.strength[1]) == ofc.LOWBALL_MAX     # the joker makes the nuts, 7-5-4-3-2


# --- royalty and score_details with jokers ------------------------------------------------------------

def test_royalty_with_jokers() -> None:
    rules = rules_for("duplicates", "below_royal", "board", ofc.PINEAPPLE)
    assert ofc.royalty("As X1 X2", "top", rules) == 22                  # trip aces
    assert ofc.royalty("9c 9d 9h 9s X1", "middle", rules) == 40         # five nines: its own royalty
    assert ofc.royalty("9c 9d 9h 9s X1", "bottom", rules) == 20
    assert ofc.royalty(["As Ks Qs Ts X1", "2c 3c 4c 5c X2"], "bottom", rules).tolist() == [25, 15]
    low = rules_for("any", None, "board", ofc.LOW)
    assert ofc.royalty("7c X1 4h 3s 2c", "middle", low) == 8             # the nuts
    with pytest.raises(ValueError, match="joker"):
        ofc.royalty("As X1 X2", "top", ofc.PINEAPPLE)


@pytest.mark.parametrize("pool, five, resolution", COMBOS[::3])
def test_score_details_with_jokers(pool: str, five: str | None, resolution: str) -> None:
    rules = rules_for(pool, five, resolution, ofc.PINEAPPLE, nbw=True)
    rng = np.random.default_rng(4)
    deals = []
    for _ in range(30):
        cards = rng.permutation(52)[:39].tolist()
        slots = rng.choice(39, 2, replace=False).tolist()
        cards[slots[0]], cards[slots[1]] = X1, X2
        deals.append(np.array(cards, np.uint8).reshape(3, 13))
    deals_arr = np.array(deals)
    d = ofc.score_details(deals_arr, rules)
    m = ofc.score_matrix(deals_arr, rules)
    for i in range(len(deals)):
        for j, (a, b) in enumerate(d.pairs.tolist()):
            assert d.total[i, j] == m[i, a, b]
            assert d.row_points[i, j] == d.rows[i, j].sum()
        assert m[i].tolist() == ref.joker_score_matrix(deals_arr[i].tolist(), rules)


def assert_like_brute_force(got: Any, i: int, board: list, rules: ofc.Rules, infl: bool,
                            dead: list) -> dict[str, Any]:
    """Row i of an Analysis against the reference's brute-force joint resolution of the board
    (returned, for further checks)."""
    want = ref.joker_board(board, rules, infl, dead)
    text = ofc.card_str(board)
    assert bool(got.fouled[i]) == want["fouled"], text
    assert tuple(got.royalties[i].tolist()) == want["royalties"], text
    assert int(got.fantasyland[i]) == want["fantasyland"] and bool(got.stays[i]) == want["stays"], text
    assert tuple(got.jokers[i].tolist()) == want["jokers"], text
    keys = [strength_key(int(s)) for s in got.strength[i]]
    if not rules.low:
        assert keys == list(want["keys"]), text
        return want
    # Low: the middle's value is the deuce-to-seven low of its resolved cards
    assert keys[0] == want["keys"][0] and keys[2] == want["keys"][2], text
    middle = [int(got.jokers[i][c - X1]) if c in (X1, X2) else c for c in board[3:8]]
    if len(set(middle)) == 5:
        assert int(got.strength[i][1]) == ofc.lowball27(middle), text
        assert ref.lowball_key(middle) == want["keys"][1], text
    return want


# --- the fast path: batches of 64 boards or more check the rules once and resolve most boards
# --- without the search (csrc/board/ofc_joker_fast.c); the same answers as the brute force --------------

@pytest.mark.parametrize("pool, five", POOLS)
def test_batches_against_brute_force(pool: str, five: str | None) -> None:
    rules = rules_for(pool, five, "board")
    boards = deals(64, 77 + POOLS.index((pool, five)))
    rng = np.random.default_rng(9)
    on_boards = {c for b in boards for c in b}
    dead = [c for c in range(52) if rng.random() < 0.15 and c not in on_boards] if pool == "unseen" else []
    infl = np.arange(64) % 3 == 0
    got = ofc.analyze(np.array(boards, np.uint8), rules, in_fantasyland=infl, dead=dead or None)
    for i, board in enumerate(boards):
        assert_like_brute_force(got, i, board, rules, bool(infl[i]), dead)
    # scoring 32 heads-up deals at once: 64 boards
    rng = np.random.default_rng(10)
    deal = np.array([rng.permutation(52)[:26] for _ in range(32)], np.uint8)
    deal[:, 0], deal[:, 20] = X1, X2
    deal = deal.reshape(32, 2, 13)
    m = ofc.score_matrix(deal, rules)
    for i in range(0, 32, 4):
        assert m[i].tolist() == ref.joker_score_matrix(deal[i].tolist(), rules)


# --- pool "any" in batches: the ladders (csrc/board/ofc_joker_ladders.c) resolve batches of 64
# --- boards or more; calls of fewer boards take the search; every field and card must agree ------

ANY_BASES = list(ofc.PRESETS.values()) + list(ofc.HOUSE_RULES.values())


def joker_boards(n: int, seed: int) -> np.ndarray:
    """(n, 13) boards with 0, 1 or 2 jokers: uniform cards, cards of four ranks (quads, full
    houses), of two suits (flushes), or ranked strongest to the bottom (rarely fouled); the
    jokers at random places, both in one row a third of the time."""
    rng = np.random.default_rng(seed)
    kind = rng.integers(0, 4, n)
    cards = np.arange(52)
    ranks = rng.random((n, 13)).argsort(axis=1)[:, :4]
    suits = rng.random((n, 4)).argsort(axis=1)[:, :2]
    favoured = np.where((kind == 1)[:, None], (cards // 4 == ranks[:, :, None]).any(axis=1), False)
    favoured |= np.where((kind == 2)[:, None], (cards % 4 == suits[:, :, None]).any(axis=1), False)
    boards = (rng.random((n, 52)) - favoured).argsort(axis=1)[:, :13]
    desc = -np.sort(-boards, axis=1)
    ranked = np.concatenate([desc[:, 10:], desc[:, 5:10], desc[:, :5]], axis=1)
    boards = np.where((kind == 3)[:, None], ranked, boards).astype(np.uint8)
    for i, nj in enumerate(rng.integers(0, 3, n).tolist()):
        if rng.random() < 1 / 3:
            start, size = ((0, 3), (3, 5), (8, 5))[int(rng.integers(3))]
            pos = (start + rng.choice(size, 2, replace=False)).tolist()
        else:
            pos = rng.choice(13, 2, replace=False).tolist()
        if nj == 1:
            boards[i, pos[0]] = X1 if rng.random() < 0.5 else X2
        elif nj == 2:
            boards[i, pos[0]], boards[i, pos[1]] = X1, X2
    return boards


def joker_deals(n: int, seed: int) -> np.ndarray:
    """(n, 2, 13) heads-up deals without a shared card, X1 and X2 each on one board or none."""
    rng = np.random.default_rng(seed)
    deals = rng.random((n, 52)).argsort(axis=1)[:, :26].astype(np.uint8)
    for i in range(n):
        slots = rng.choice(26, 2, replace=False)
        for joker, slot in zip((X1, X2), slots.tolist()):
            if rng.random() < 0.6:
                deals[i, slot] = joker
    return deals.reshape(n, 2, 13)


def check_any_against_search(base: ofc.Rules, resolution: str, n: int, seed: int) -> None:
    rules = rules_for("any", None, resolution, base, nbw=seed % 2 == 1)
    boards = joker_boards(n, seed)
    infl = np.random.default_rng(seed).integers(0, 2, n).astype(bool)
    whole = ofc.analyze(boards, rules, in_fantasyland=infl)
    # calls of 63 boards stay below the ladders' batch size: the search decides them
    parts = [ofc.analyze(boards[lo:lo + 63], rules, in_fantasyland=infl[lo:lo + 63]) for lo in range(0, n, 63)]
    for k, field in enumerate(whole):
        bad = np.flatnonzero((field != np.concatenate([p[k] for p in parts])).reshape(n, -1).any(axis=1))
        assert not len(bad), (k, ofc.card_str(boards[bad[0]]))
    cards = np.concatenate([p.jokers for p in parts])
    bad = np.flatnonzero((whole.jokers != cards).any(axis=1))
    assert not len(bad), ofc.card_str(boards[bad[0]])
    # scores: the deals at once (the ladders) and 31 deals (62 boards) a call
    deals = joker_deals(n // 2, seed + 1)
    whole_m = ofc.score_matrix(deals, rules)
    parts_m = np.concatenate([ofc.score_matrix(deals[lo:lo + 31], rules) for lo in range(0, len(deals), 31)])
    assert (whole_m == parts_m).all()


@pytest.mark.parametrize("base", ANY_BASES, ids=lambda r: r.name)
@pytest.mark.parametrize("resolution", ["board", "row"])
def test_any_batches_against_search(base: ofc.Rules, resolution: str) -> None:
    check_any_against_search(base, resolution, 1300, 20 + ANY_BASES.index(base))


@pytest.mark.slow
@pytest.mark.parametrize("base", ANY_BASES, ids=lambda r: r.name)
@pytest.mark.parametrize("resolution", ["board", "row"])
def test_any_batches_against_search_many(base: ofc.Rules, resolution: str) -> None:
    check_any_against_search(base, resolution, 150_000, 40 + ANY_BASES.index(base))


def check_any_against_brute_force(base: ofc.Rules, resolution: str, n: int, seed: int) -> None:
    """n boards with jokers in one call (the ladders), each against the brute force."""
    rules = rules_for("any", None, resolution, base)
    boards = joker_boards(3 * n, seed)
    boards = np.concatenate([boards[(boards >= X1).any(axis=1)][:n], boards[(boards < X1).all(axis=1)]])[:64 + n]
    infl = np.arange(len(boards)) % 3 == 0
    got = ofc.analyze(boards, rules, in_fantasyland=infl)
    for i, board in enumerate(boards[:n].tolist()):
        assert_like_brute_force(got, i, board, rules, bool(infl[i]), [])


@pytest.mark.parametrize("base, resolution", [(ofc.PINEAPPLE, "board"), (ofc.PROGRESSIVE, "row")],
                         ids=["pineapple-board", "progressive-row"])
def test_any_batches_against_brute_force(base: ofc.Rules, resolution: str) -> None:
    check_any_against_brute_force(base, resolution, 30, 60)


@pytest.mark.slow
@pytest.mark.parametrize("base", ANY_BASES, ids=lambda r: r.name)
@pytest.mark.parametrize("resolution", ["board", "row"])
def test_any_batches_against_brute_force_many(base: ofc.Rules, resolution: str) -> None:
    check_any_against_brute_force(base, resolution, 100, 70 + ANY_BASES.index(base))
