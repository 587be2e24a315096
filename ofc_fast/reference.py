"""Pure-Python reference implementation of the OFC rules (the test oracle).

Written straight from docs/RULES.md, deliberately slow and plain: no lookup
tables, no numpy and nothing from the other ofc_fast modules, so it stays
independent of the C kernel it is used to check.

Cards are ints: ``code = rank * 4 + suit``, rank 0 = deuce .. 12 = ace,
suit 0 = c, 1 = d, 2 = h, 3 = s.  A board is 13 codes: ``board[0:3]`` is
the top row, ``board[3:8]`` the middle and ``board[8:13]`` the bottom.

The ``rules`` argument is any object with the attributes read below
(normally the package's frozen rules dataclass).
"""

from __future__ import annotations

import operator
from typing import Any, Sequence

__all__ = [
    "HIGH_CARD", "PAIR", "TWO_PAIR", "TRIPS", "STRAIGHT", "FLUSH",
    "FULL_HOUSE", "QUADS", "STRAIGHT_FLUSH", "ROYAL_FLUSH", "CATEGORY_NAMES",
    "RANK_CHARS", "SUIT_CHARS", "parse", "card_str",
    "category", "row_key", "lowball_key", "is_live_low",
    "fouled", "royalties", "stays", "fantasyland", "score_matrix", "score",
    "JOKERS", "FIVE_OF_A_KIND", "joker_row_key", "joker_board", "joker_score_matrix",
]

# ---------------------------------------------------------------- cards

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"

HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
TRIPS = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
QUADS = 7
STRAIGHT_FLUSH = 8
ROYAL_FLUSH = 9

CATEGORY_NAMES: tuple[str, ...] = (
    "high card", "pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush", "royal flush",
)

FIVE_OF_A_KIND = 10          # jokers only: five cards of one rank
JOKERS = (52, 53)            # the joker codes

ACE = 12
TEN = 8
WHEEL_RANKS = frozenset({12, 0, 1, 2, 3})   # A 2 3 4 5
LOW_NUTS_RANKS = frozenset({5, 3, 2, 1, 0})  # 7 5 4 3 2

TOP = slice(0, 3)
MIDDLE = slice(3, 8)
BOTTOM = slice(8, 13)


def rank_of(card: int) -> int:
    return card // 4


def suit_of(card: int) -> int:
    return card % 4


def card_str(card: int) -> str:
    """Canonical text of one card code, e.g. 51 -> 'As'."""
    return RANK_CHARS[rank_of(card)] + SUIT_CHARS[suit_of(card)]


def parse(text: str) -> list[int]:
    """Parse card text such as 'Ah Kd 2c / 10s ...' into codes.

    Case-insensitive; '10' is accepted for 'T'; whitespace, '/' and '|'
    are ignored (so 'AhKd' also works).  Raises ValueError on bad text.
    """
    cleaned = "".join(ch for ch in text if not ch.isspace() and ch not in "/|")
    cards: list[int] = []
    i = 0
    while i < len(cleaned):
        if cleaned[i:i + 2] == "10":
            rank_text, i = "T", i + 2
        else:
            rank_text, i = cleaned[i].upper(), i + 1
        if i >= len(cleaned):
            raise ValueError(f"card {len(cards)}: rank {rank_text!r} has no suit")
        suit_text, i = cleaned[i].lower(), i + 1
        if rank_text not in RANK_CHARS:
            raise ValueError(f"card {len(cards)}: unknown rank {rank_text!r}")
        if suit_text not in SUIT_CHARS:
            raise ValueError(f"card {len(cards)}: unknown suit {suit_text!r}")
        cards.append(RANK_CHARS.index(rank_text) * 4 + SUIT_CHARS.index(suit_text))
    return cards


def _check_cards(cards: Sequence[int], sizes: tuple[int, ...]) -> list[int]:
    """Return cards as a list after checking size, range and duplicates."""
    raw = list(cards)
    if len(raw) not in sizes:
        raise ValueError(f"expected {' or '.join(map(str, sizes))} cards, got {len(raw)}")
    out: list[int] = []
    seen: set[int] = set()
    for pos, value in enumerate(raw):
        try:
            card = operator.index(value)  # ints, also numpy integers
        except TypeError:
            card = -1
        if isinstance(value, bool) or not 0 <= card <= 51:
            raise ValueError(f"position {pos}: invalid card code {value!r}")
        if card in seen:
            raise ValueError(f"position {pos}: card {card_str(card)} ({card}) appears twice")
        seen.add(card)
        out.append(card)
    return out


def _check_board(board: Sequence[int]) -> list[int]:
    return _check_cards(board, (13,))


# ------------------------------------------------------- hand ranking

def _rank_groups(cards: Sequence[int]) -> list[tuple[int, int]]:
    """(count, rank) for each distinct rank, most significant first:
    bigger groups first, then higher rank."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[rank_of(card)] = counts.get(rank_of(card), 0) + 1
    return sorted(((n, r) for r, n in counts.items()), reverse=True)


def _is_flush(cards: Sequence[int]) -> bool:
    return len({suit_of(c) for c in cards}) == 1


def _straight_high(cards: Sequence[int], wheel: bool) -> int | None:
    """High rank of a 5-card straight, or None.  With wheel=True,
    A2345 is a straight with high card 5 (rank 3)."""
    ranks = {rank_of(c) for c in cards}
    if len(ranks) != 5:
        return None
    if max(ranks) - min(ranks) == 4:
        return max(ranks)
    if wheel and ranks == WHEEL_RANKS:
        return 3
    return None


def _key5(cards: Sequence[int], wheel: bool) -> tuple[int, ...]:
    """High-poker key of 5 cards: (category, ranks by significance...),
    padded to 6 entries with -1.  Straight flushes (royal included) use
    category 8 here; the royal sorts on top by its ace."""
    groups = _rank_groups(cards)
    flush = _is_flush(cards)
    high = _straight_high(cards, wheel)
    shape = [n for n, _ in groups]
    if high is not None:
        key = [STRAIGHT_FLUSH if flush else STRAIGHT, high]
    elif shape == [4, 1]:
        key = [QUADS] + [r for _, r in groups]
    elif shape == [3, 2]:
        key = [FULL_HOUSE] + [r for _, r in groups]
    elif flush:
        key = [FLUSH] + [r for _, r in groups]
    elif shape == [3, 1, 1]:
        key = [TRIPS] + [r for _, r in groups]
    elif shape == [2, 2, 1]:
        key = [TWO_PAIR] + [r for _, r in groups]
    elif shape == [2, 1, 1, 1]:
        key = [PAIR] + [r for _, r in groups]
    else:
        key = [HIGH_CARD] + [r for _, r in groups]
    return tuple(key + [-1] * (6 - len(key)))


def _key3(cards: Sequence[int]) -> tuple[int, ...]:
    """Key of a 3-card top: no straights or flushes; same layout as _key5."""
    groups = _rank_groups(cards)
    shape = [n for n, _ in groups]
    cat = {(3,): TRIPS, (2, 1): PAIR, (1, 1, 1): HIGH_CARD}[tuple(shape)]
    key = [cat] + [r for _, r in groups]
    return tuple(key + [-1] * (6 - len(key)))


def row_key(cards: Sequence[int]) -> tuple[int, ...]:
    """Strength key of a 3- or 5-card row, comparable across sizes.

    A missing kicker is -1, lower than any rank, so QQ5 > QQ432 but
    QQ5 < QQ532; AKQ < AKQ32 but AKQ > AKJT9 (docs/RULES.md §2-3).
    """
    cards = _check_cards(cards, (3, 5))
    return _key3(cards) if len(cards) == 3 else _key5(cards, wheel=True)


def category(cards: Sequence[int]) -> int:
    """Category 0..9 of a 3- or 5-card row (9 = royal flush)."""
    key = row_key(cards)
    if key[0] == STRAIGHT_FLUSH and key[1] == ACE:
        return ROYAL_FLUSH
    return key[0]


def lowball_key(cards: Sequence[int]) -> tuple[int, ...]:
    """Deuce-to-seven key of 5 cards; larger = better low (docs/RULES.md §11).

    The 2-7 order is the high-poker order reversed, with aces always high
    and no wheel (A2345 is ace-high), so negate the no-wheel high key.
    """
    cards = _check_cards(cards, (5,))
    return tuple(-x for x in _key5(cards, wheel=False))


def is_live_low(cards: Sequence[int]) -> bool:
    """Live Low-OFC middle: five ranks, highest <= T, no straight/flush."""
    cards = _check_cards(cards, (5,))
    ranks = {rank_of(c) for c in cards}
    return (len(ranks) == 5 and max(ranks) <= TEN
            and _straight_high(cards, wheel=False) is None
            and not _is_flush(cards))


def _is_low_nuts(cards: Sequence[int]) -> bool:
    """Live 7-5-4-3-2 (live excludes the flush)."""
    return is_live_low(cards) and {rank_of(c) for c in cards} == LOW_NUTS_RANKS


# ------------------------------------------------------------- boards

def fouled(board: Sequence[int], rules: Any) -> bool:
    """True when the board breaks the row order (docs/RULES.md §4, §9)."""
    board = _check_board(board)
    top, mid, bot = board[TOP], board[MIDDLE], board[BOTTOM]
    if rules.low:
        # 3- and 5-card keys never tie, so "<" is "bottom must beat top".
        return not is_live_low(mid) or row_key(bot) < row_key(top)
    return not (row_key(top) <= row_key(mid) <= row_key(bot))


def _top_royalty(top: Sequence[int], rules: Any) -> int:
    groups = _rank_groups(top)
    n, r = groups[0]
    if n == 3:
        return int(rules.top_trips[r])
    if n == 2:
        return int(rules.top_pair[r])
    # a high-card top: by its highest rank (house rules; zeros by default)
    return int(getattr(rules, "top_high", (0,) * 13)[r])


def _middle_royalty(mid: Sequence[int], rules: Any) -> int:
    if rules.low:
        # Only called on non-fouled boards, so the middle is live.
        if _is_low_nuts(mid):
            return int(rules.low_nuts)
        return int(rules.low_middle[max(rank_of(c) for c in mid)])
    return int(rules.middle[category(mid)])


def royalties(board: Sequence[int], rules: Any) -> tuple[int, int, int]:
    """(top, middle, bottom) royalties; all 0 on a fouled board."""
    board = _check_board(board)
    if fouled(board, rules):
        return (0, 0, 0)
    return (_top_royalty(board[TOP], rules),
            _middle_royalty(board[MIDDLE], rules),
            int(rules.bottom[category(board[BOTTOM])]))


def stays(board: Sequence[int], rules: Any, in_fantasyland: bool | int = True) -> bool:
    """Meets the stay (re-fantasy) condition on some row and not fouled.

    ``in_fantasyland`` matters only to stay_mode "tier": the count the player is in
    Fantasyland with (13 or more; else the base tier, ``stay_cards``)."""
    board = _check_board(board)
    if fouled(board, rules):
        return False
    rows = [(rules.stay_top, board[TOP]), (rules.stay_bottom, board[BOTTOM])]
    if not rules.low:
        rows.append((rules.stay_middle, board[MIDDLE]))
    if any(minimum is not None and category(cards) >= minimum for minimum, cards in rows):
        return True
    mode = getattr(rules, "stay_mode", "conditions")
    if mode == "tier":
        # the top alone earning the count of the tier the player is in
        n, r = _rank_groups(board[TOP])[0]
        top = int(rules.fl_top_trips[r] if n == 3 else rules.fl_top_pair[r] if n == 2 else 0)
        return _keeps_tier(top, rules, in_fantasyland)
    # stay_mode "entry": meeting the entry condition again also stays
    return mode == "entry" and _entry_cards(board, rules) > 0


def _entry_cards(board: list[int], rules: Any) -> int:
    """Cards dealt on Fantasyland entry for a non-fouled board."""
    n, r = _rank_groups(board[TOP])[0]
    top = int(rules.fl_top_trips[r] if n == 3 else rules.fl_top_pair[r] if n == 2 else 0)
    if not rules.low:
        return top
    nuts = _is_low_nuts(board[MIDDLE])
    # both conditions deal fl_low_both; 0 there means no count of its own:
    # the larger of the two single counts
    both = int(rules.fl_low_both) or max(top, int(rules.fl_low_nuts))
    if rules.fl_low_mode == "both":
        return both if (top and nuts) else 0
    if rules.fl_low_mode != "either":
        raise ValueError(f"unknown fl_low_mode {rules.fl_low_mode!r}")
    if top and nuts:
        return both
    if nuts:
        return int(rules.fl_low_nuts)
    return top


def fantasyland(board: Sequence[int], rules: Any, in_fantasyland: bool | int = False) -> int:
    """Cards dealt next hand (0 = no Fantasyland).

    Outside Fantasyland this is the entry count; inside, the stay count when
    the board stays and 0 otherwise (docs/RULES.md §8).  ``in_fantasyland``:
    False / 0, True / 1 (in Fantasyland, base count), or the count the player
    is in Fantasyland with (13 or more), which a player who stays keeps when
    ``stay_cards_mode`` is "current".
    """
    board = _check_board(board)
    if in_fantasyland:
        tier = getattr(rules, "stay_mode", "conditions") == "tier"
        if not (stays(board, rules, in_fantasyland) if tier else stays(board, rules)):
            return 0
        current = int(in_fantasyland)
        if getattr(rules, "stay_cards_mode", "fixed") == "current" and current >= 13:
            return current
        return int(rules.stay_cards)
    if fouled(board, rules):
        return 0
    return _entry_cards(board, rules)


# ------------------------------------------------------------ scoring

def _cmp(x: tuple[int, ...], y: tuple[int, ...]) -> int:
    """+1 if x > y, -1 if x < y, 0 if equal."""
    return (x > y) - (x < y)


def _row_results(a: list[int], b: list[int], low: bool) -> list[int]:
    """+1/0/-1 per row (top, middle, bottom) for a against b."""
    mid_key = lowball_key if low else row_key  # Low: the better 2-7 low wins
    return [_cmp(row_key(a[TOP]), row_key(b[TOP])),
            _cmp(mid_key(a[MIDDLE]), mid_key(b[MIDDLE])),
            _cmp(row_key(a[BOTTOM]), row_key(b[BOTTOM]))]


def _pair_score(a: list[int], b: list[int], rules: Any) -> int:
    """What player a wins from player b (docs/RULES.md §6)."""
    fa, fb = fouled(a, rules), fouled(b, rules)
    if fa and fb:
        return 0
    if fa:
        rows = [-1, -1, -1]
    elif fb:
        rows = [1, 1, 1]
    else:
        rows = _row_results(a, b, rules.low)
    total = sum(rows)
    if rows == [1, 1, 1]:
        total += int(rules.scoop_bonus)
    elif rows == [-1, -1, -1]:
        total -= int(rules.scoop_bonus)
    return total + sum(royalties(a, rules)) - sum(royalties(b, rules))


def _check_deal(boards: Sequence[Sequence[int]], rules: Any) -> list[list[int]]:
    if not rules.min_players <= len(boards) <= rules.max_players:
        raise ValueError(f"{len(boards)} players; these rules allow "
                         f"{rules.min_players} to {rules.max_players}")
    checked = [_check_board(b) for b in boards]
    seen: dict[int, int] = {}
    for p, board in enumerate(checked):
        for pos, card in enumerate(board):
            if card in seen:
                raise ValueError(f"player {p} position {pos}: card {card_str(card)} "
                                 f"({card}) also dealt to player {seen[card]}")
            seen[card] = p
    return checked


def score_matrix(boards: Sequence[Sequence[int]], rules: Any) -> list[list[int]]:
    """m[a][b] = points player a wins from player b (antisymmetric)."""
    checked = _check_deal(boards, rules)
    n = len(checked)
    return [[0 if a == b else _pair_score(checked[a], checked[b], rules)
             for b in range(n)] for a in range(n)]


def score(boards: Sequence[Sequence[int]], rules: Any) -> list[int]:
    """Net points per player for one hand; sums to 0."""
    return [sum(row) for row in score_matrix(boards, rules)]


# ---------------------------------------------------------------- jokers

def _substitutions(cards: list[int], pool: str) -> list[list[int]]:
    """Every way the jokers of ``cards`` become cards, row by row: under "duplicates"
    any card; else a card not already in the row, and two jokers two different cards."""
    jokers = [i for i, c in enumerate(cards) if c in JOKERS]
    naturals = [c for c in cards if c not in JOKERS]
    out = []

    def fill(k: int, row: list[int]) -> None:
        if k == len(jokers):
            out.append(list(row))
            return
        for card in range(52):
            if pool != "duplicates" and card in row:
                continue
            row[jokers[k]] = card
            fill(k + 1, row)
            row[jokers[k]] = JOKERS[0] + 2   # not a card: free again
    row = [c if c not in JOKERS else JOKERS[0] + 2 for c in cards]
    assert len(set(naturals)) == len(naturals)
    fill(0, row)
    return out


def _any_key(cards: list[int], five_of_a_kind: str | None) -> tuple[int, ...] | None:
    """Key of a row that may hold the same card twice (a joker's copy), or None when it is
    no hand: five of a kind without five_of_a_kind.  A row holding a card twice is never a
    flush (a flush is five different cards of one suit): it is ranked by its ranks alone."""
    if len(set(cards)) == len(cards):
        return _key3(cards) if len(cards) == 3 else _key5(cards, wheel=True)
    ranks = [rank_of(c) for c in cards]
    if len(cards) == 5 and len(set(ranks)) == 1:
        return (FIVE_OF_A_KIND, ranks[0], -1, -1, -1, -1) if five_of_a_kind else None
    # the same ranks in suits that repeat no card and make no flush
    seen: dict[int, int] = {}
    offsuit = []
    for r in ranks:
        offsuit.append(r * 4 + seen.get(r, 0))
        seen[r] = seen.get(r, 0) + 1
    return _key3(offsuit) if len(cards) == 3 else _key5(offsuit, wheel=True)


def joker_row_key(cards: Sequence[int], pool: str = "any",
                  five_of_a_kind: str | None = None) -> tuple[tuple[int, ...], list[int]]:
    """(key, cards) of the strongest row the jokers (codes 52, 53) of a 3- or 5-card row
    can make, by brute force over every substitution ``pool`` allows (docs/VARIANTS.md):
    the key as :func:`row_key` (five of a kind ``(10, rank, ...)``), and the first row in
    the order of substitution that reaches it.  Five of a kind exists only under
    ``pool="duplicates"`` with ``five_of_a_kind`` set; whether it sorts below the royal
    flush is a comparison rule (``joker_order``), and no row can be both."""
    cards = list(cards)
    if len(cards) not in (3, 5):
        raise ValueError(f"a row has 3 or 5 cards, got {len(cards)}")
    best: tuple[tuple[int, ...], list[int]] | None = None
    five = five_of_a_kind if pool == "duplicates" else None
    for row in _substitutions(cards, pool):
        key = _any_key(row, five)
        if key is not None and (best is None or key > best[0]):
            best = (key, row)
    assert best is not None
    return best


def _joker_order(key: tuple[int, ...], rules: Any) -> tuple[int, ...]:
    """Order of row keys under the rules: "below_royal" puts the royal flush above five of a kind."""
    if getattr(rules, "five_of_a_kind", None) == "below_royal" and key[0] == STRAIGHT_FLUSH and key[1] == ACE:
        return (FIVE_OF_A_KIND + 1,)
    return key


def _key_category(key: tuple[int, ...]) -> int:
    return ROYAL_FLUSH if key[0] == STRAIGHT_FLUSH and key[1] == ACE else key[0]


def _offsuit(cards: list[int]) -> list[int]:
    """The cards of a row that may hold a card twice, as distinct cards of the same ranks and no
    flush when one repeats (a flush is five different cards of one suit)."""
    if len(set(cards)) == len(cards):
        return cards
    seen: dict[int, int] = {}
    out = []
    for r in (rank_of(c) for c in cards):
        out.append(r * 4 + seen.get(r, 0))
        seen[r] = seen.get(r, 0) + 1
    return out


def _low_middle(cards: list[int]) -> tuple[tuple[int, ...], bool, int] | None:
    """(lowball key, live, royalty-rank) of a Low middle that may hold a card twice, or None
    for five of a kind (no hand).  The royalty-rank is -1 for the nuts, else its highest rank."""
    if len({rank_of(c) for c in cards}) == 1:
        return None
    row = _offsuit(cards)
    live = is_live_low(row)
    return lowball_key(row), live, (-1 if _is_low_nuts(row) else max(rank_of(c) for c in row))


def _keeps_tier(top_cards: int, rules: Any, in_fantasyland: bool | int) -> bool:
    """stay_mode "tier" (as :func:`stays`): the top alone earns the count of the tier the
    player is in (``in_fantasyland`` 13 or more; else the base tier, ``stay_cards``)."""
    tier = int(in_fantasyland) if int(in_fantasyland) >= 13 else int(rules.stay_cards)
    return top_cards > 0 and top_cards == tier


def _joker_rows_low(rows: list[list[int]], rules: Any, in_fantasyland: bool | int) -> dict[str, Any] | None:
    """_joker_rows for Low (2-7) OFC: the middle a deuce-to-seven low (docs/RULES.md §9)."""
    five = rules.five_of_a_kind if rules.joker_pool == "duplicates" else None
    top, bottom = _any_key(rows[0], five), _any_key(rows[2], five)
    mid = _low_middle(rows[1])
    if top is None or bottom is None or mid is None:
        return None
    mkey, live, high = mid
    order = [_joker_order(top, rules), mkey, _joker_order(bottom, rules)]
    foul = not live or order[0] > order[2]
    cat_b = _key_category(bottom)
    nuts = live and high == -1
    if foul:
        roy = (0, 0, 0)
    else:
        t = (rules.top_trips[top[1]] if top[0] == TRIPS else rules.top_pair[top[1]] if top[0] == PAIR
             else rules.top_high[top[1]])
        m = rules.low_nuts if nuts else rules.low_middle[high]
        b = rules.five_of_a_kind_bottom if cat_b == FIVE_OF_A_KIND else rules.bottom[cat_b]
        roy = (int(t), int(m), int(b))
    entry = t_cards = 0
    if not foul:
        t_cards = int(rules.fl_top_trips[top[1]] if top[0] == TRIPS else rules.fl_top_pair[top[1]]
                      if top[0] == PAIR else 0)
        both = int(rules.fl_low_both) or max(t_cards, int(rules.fl_low_nuts))
        if rules.fl_low_mode == "both":
            entry = both if (t_cards and nuts) else 0
        else:
            entry = both if (t_cards and nuts) else int(rules.fl_low_nuts) if nuts else t_cards
    cats = [_key_category(top), cat_b]
    stay = not foul and (any(m is not None and c >= m for m, c in
                             zip((rules.stay_top, rules.stay_bottom), cats))
                         or (rules.stay_mode == "entry" and entry > 0)
                         or (rules.stay_mode == "tier" and _keeps_tier(t_cards, rules, in_fantasyland)))
    if in_fantasyland:
        current = int(in_fantasyland)
        fl = 0 if not stay else current if rules.stay_cards_mode == "current" and current >= 13 \
            else int(rules.stay_cards)
    else:
        fl = entry
    return {"fouled": foul, "keys": [top, mkey, bottom], "order": order, "royalties": roy,
            "fantasyland": fl, "stays": stay}


def _joker_rows(rows: list[list[int]], rules: Any, in_fantasyland: bool | int) -> dict[str, Any] | None:
    """Fouled, royalties, Fantasyland and stay of substituted rows (None: a row is no hand)."""
    if rules.low:
        return _joker_rows_low(rows, rules, in_fantasyland)
    five = rules.five_of_a_kind if rules.joker_pool == "duplicates" else None
    keys = [_any_key(r, five) for r in rows]
    if any(k is None for k in keys):
        return None
    order = [_joker_order(k, rules) for k in keys]   # type: ignore[arg-type]
    foul = not (order[0] <= order[1] <= order[2])
    cats = [_key_category(k) for k in keys]          # type: ignore[arg-type]
    top = keys[0]
    assert top is not None
    if foul:
        roy = (0, 0, 0)
    else:
        t = (rules.top_trips[top[1]] if top[0] == TRIPS else rules.top_pair[top[1]] if top[0] == PAIR
             else rules.top_high[top[1]])
        m = rules.five_of_a_kind_middle if cats[1] == FIVE_OF_A_KIND else rules.middle[cats[1]]
        b = rules.five_of_a_kind_bottom if cats[2] == FIVE_OF_A_KIND else rules.bottom[cats[2]]
        roy = (int(t), int(m), int(b))
    entry = 0
    if not foul:
        entry = int(rules.fl_top_trips[top[1]] if top[0] == TRIPS else rules.fl_top_pair[top[1]]
                    if top[0] == PAIR else 0)
    stay = not foul and (any(m is not None and c >= m for m, c in
                             zip((rules.stay_top, rules.stay_middle, rules.stay_bottom), cats))
                         or (rules.stay_mode == "entry" and entry > 0)
                         or (rules.stay_mode == "tier" and _keeps_tier(entry, rules, in_fantasyland)))
    if in_fantasyland:
        current = int(in_fantasyland)
        fl = 0 if not stay else current if rules.stay_cards_mode == "current" and current >= 13 \
            else int(rules.stay_cards)
    else:
        fl = entry
    return {"fouled": foul, "keys": keys, "order": order, "royalties": roy, "fantasyland": fl,
            "stays": stay}


def joker_board(board: Sequence[int], rules: Any, in_fantasyland: bool | int = False,
                dead: Sequence[int] = ()) -> dict[str, Any]:
    """A board holding jokers (52, 53) resolved by brute force over every substitution the
    rules allow (docs/VARIANTS.md, "Jokers"): the best by ``joker_resolution``, ties to the
    smallest card for joker 52, then 53.  A dict: fouled, keys (row keys), royalties,
    fantasyland, stays, jokers (the two cards, 255 for a joker not on the board).  In Low
    the middle's key is its deuce-to-seven key: a joker there makes the best low."""
    board = list(board)
    pool = rules.joker_pool
    slots = {c: i for i, c in enumerate(board) if c in JOKERS}
    naturals = [c for c in board if c not in JOKERS]
    row_of = [0] * 3 + [1] * 5 + [2] * 5

    def allowed(joker: int, card: int, other: int | None) -> bool:
        if pool == "duplicates":
            return True
        if pool == "any":
            row = row_of[slots[joker]]
            same_row = [c for i, c in enumerate(board) if row_of[i] == row and c not in JOKERS]
            if other is not None and row_of[slots[JOKERS[0]]] == row:
                same_row.append(other)
            return card not in same_row
        if card in naturals or card == other:
            return False
        return pool != "unseen" or card not in dead

    choices52 = range(52) if JOKERS[0] in slots else [None]
    best: tuple[Any, ...] | None = None
    for c52 in choices52:
        if c52 is not None and not allowed(JOKERS[0], c52, None):
            continue
        for c53 in (range(52) if JOKERS[1] in slots else [None]):
            if c53 is not None and not allowed(JOKERS[1], c53, c52):
                continue
            sub = [int(c52 if c == JOKERS[0] else c53 if c == JOKERS[1] else c) for c in board]  # type: ignore[arg-type]
            got = _joker_rows([sub[0:3], sub[3:8], sub[8:13]], rules, in_fantasyland)
            if got is None:
                continue
            o = got["order"]
            rank: tuple[Any, ...] = (o[2], o[1], o[0])
            if rules.joker_resolution == "board":
                rank = (not got["fouled"], sum(got["royalties"]), got["fantasyland"], *rank)
            if best is None or rank > best[0]:
                best = (rank, got, (255 if c52 is None else c52, 255 if c53 is None else c53))
    assert best is not None
    out = dict(best[1])
    out["jokers"] = best[2]
    out["natural"] = [all(c not in JOKERS for c in board[s]) for s in (TOP, MIDDLE, BOTTOM)]
    return out


def joker_score_matrix(boards: Sequence[Sequence[int]], rules: Any) -> list[list[int]]:
    """score_matrix of a deal whose boards may hold jokers: each board resolved by
    :func:`joker_board` (under "unseen" the other boards are seen), rows compared in the
    rules' order, ``natural_beats_wild`` breaking a tie for the row without a joker."""
    res = []
    for p, board in enumerate(boards):
        dead = [c for q, other in enumerate(boards) if q != p for c in other if c not in JOKERS]
        res.append(joker_board(board, rules, False, dead))
    n = len(boards)
    out = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            if a == b:
                continue
            ra, rb = res[a], res[b]
            if ra["fouled"] and rb["fouled"]:
                rows = [0, 0, 0]
            elif ra["fouled"] or rb["fouled"]:
                rows = [-1 if ra["fouled"] else 1] * 3
            else:
                rows = []
                for k in range(3):
                    x = (ra["order"][k], rules.natural_beats_wild and ra["natural"][k])
                    y = (rb["order"][k], rules.natural_beats_wild and rb["natural"][k])
                    rows.append(_cmp(x, y))
            total = sum(rows)
            if total == 3:
                total += rules.scoop_bonus
            elif total == -3:
                total -= rules.scoop_bonus
            out[a][b] = total + sum(ra["royalties"]) - sum(rb["royalties"])
    return out
