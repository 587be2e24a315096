"""One table of card texts for every reader of card text (tests/test_card_text.py).

``CASES``: text -> the cards it holds, written canonically ("Ah Kd 2c"), or
``Error(words)``: the reader refuses it with a ValueError whose message holds
``words``.  The general parser (:func:`ofc_fast.cards`), the scalar fast path
of ``_core`` and the command line's array reader of deal lines must all
agree with it; a fast path may leave a text to the general parser, never
read it otherwise.  ``BOARDS``: the same for the text of one board
(``top / middle / bottom`` or 13 cards), read by ``parse_boards``,
``analyze`` and ``ofc-fast analyze``.  ``JOKER_CASES`` and ``JOKER_BOARDS``:
the same with jokers, read where the rules deal two (the boards also by
tests/test_cli_jokers.py through every reader of the command line).
"""
from __future__ import annotations

from typing import NamedTuple


class Error(NamedTuple):
    words: str


CASES: dict[str, str | Error] = {
    "Ah Kd 2c": "Ah Kd 2c",
    "AhKd2c": "Ah Kd 2c",
    "ah kd 2C": "Ah Kd 2c",
    "AH KD 2C": "Ah Kd 2c",
    "aH": "Ah",
    "Th 9s": "Th 9s",
    "th": "Th",
    "10h": "Th",
    "10h10d": "Th Td",
    "A♥ K♦ 2♣ 3♠": "Ah Kd 2c 3s",
    "A♡ K♢ 2♧ 3♤": "Ah Kd 2c 3s",
    "Ah,Kd;2c": "Ah Kd 2c",
    "[Ah, Kd, 2c]": "Ah Kd 2c",
    "Ah\tKd\n2c": "Ah Kd 2c",
    "  Ah  Kd  ": "Ah Kd",
    "Ah/Kd|2c": "Ah Kd 2c",
    "Ah\u00a0Kd": "Ah Kd",          # a no-break space is a blank
    "Qh Qd 5c 5d 2s": "Qh Qd 5c 5d 2s",
    "QhQd5c5d2s": "Qh Qd 5c 5d 2s",
    "": "",
    "   ": "",
    "Zz": Error("unknown card 'Zz'"),
    "Ah Zz 2c": Error("unknown card 'Zz'"),
    "1h": Error("unknown card '1h'"),
    "hA": Error("unknown card 'hA'"),
    "Ah K": Error("cannot read card text 'K'"),
    "A h": Error("cannot read card text 'A'"),
    "Ahc": Error("cannot read card text 'Ahc'"),
    "AhKd2": Error("cannot read card text 'AhKd2'"),
    "Ah --": Error("empty slot '--'"),
    "Ah xx": Error("empty slot 'xx'"),
    "Ａh": Error("unknown card"),                 # a full-width A
    "Ah Kd 2c Ah": "Ah Kd 2c Ah",                # text is read; duplicates are the caller's check
    # jokers are cards only where the rules deal them (JOKER_CASES): an error here
    "Ah X1": Error("joker 'X1' (code 52)"),
    "Ah x2 Kd": Error("joker 'x2' (code 53)"),
    "AhXj": Error("joker 'Xj' (code 52)"),
    "Ah JK": Error("joker 'JK'"),
    "Ah \U0001f0cf": Error("joker"),
}

# Text with jokers, read with jokers=2 (``Rules.jokers``): X1 / X2 name a joker, Xj / JK /
# the emoji (any case) the first one not yet in the text; printed X1, X2.  "xx" stays an
# empty slot.
JOKER_CASES: dict[str, str | Error] = {
    "As Ks Qs Ts X1": "As Ks Qs Ts X1",
    "As x1 X2": "As X1 X2",
    "AsXjxj": "As X1 X2",
    "jk As JK": "X1 As X2",
    "As \U0001f0cf \U0001f0cf": "As X1 X2",
    "As\U0001f0cfKs": "As X1 Ks",
    "X2 Xj": "X2 X1",
    # a joker the text names is that card's, wherever it is: a generic one takes another
    "Xj X1 As": "X2 X1 As",
    "xjX1": "X2 X1",
    "Xj As X2": "X1 As X2",
    "JK X2 x1": Error("joker 'JK' in 'JK X2 x1': no joker is left: the rules have 2 (jokers=2) and X1 and X2"),
    "Ah xx": Error("empty slot 'xx'"),
    "Ah X3": Error("unknown card 'X3'"),
}

QQ = "Qh Qd 2c 5s 6s 7s 8s 9d Kc Kd Kh Ks 2d"
BOARDS: dict[str, str | Error] = {
    "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d": QQ,
    "QhQd2c/5s6s7s8s9d/KcKdKhKs2d": QQ,
    "qh qd 2C | 5S 6s 7s 8s 9D | kc kd kh ks 2d": QQ,
    "Qh Qd 2c | 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d": QQ,
    "Qh Qd 2c 5s 6s 7s 8s 9d Kc Kd Kh Ks 2d": QQ,
    "Qh\tQd 2c /\t5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d": QQ,
    "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d  ": QQ,
    "Q♥ Q♦ 2♣ / 5♠ 6♠ 7♠ 8♠ 9♦ / K♣ K♦ K♥ K♠ 2♦": QQ,
    "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d / ": Error("a board has three rows"),
    "Qh Qd / 2c 5s 6s 7s 8s / 9d Kc Kd Kh Ks 2d": Error("the top row has 3 cards, got 2"),
    "Qh Qd 2c / 5s 6s 7s 8s 9d Kc Kd Kh Ks 2d": Error("a board has three rows"),
    "Qh Qd 2c 5s 6s 7s 8s 9d Kc Kd Kh Ks": Error("a board has 13 cards (3 / 5 / 5), got 12"),
    "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks Zz": Error("unknown card 'Zz'"),
    "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks --": Error("empty slot '--'"),
    "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 10d": "Qh Qd 2c 5s 6s 7s 8s 9d Kc Kd Kh Ks Td",
}

# Boards with jokers, read with jokers=2 by parse_boards, analyze, the command line's array
# reader (X1 / X2 in any case; other joker spellings go to the parser) and ``ofc-fast analyze``.
JK = "Ks Kd X1 5s 6s 7s 8s 9d Ac Ad Ah X2 2d"
JOKER_BOARDS: dict[str, str | Error] = {
    "Ks Kd X1 / 5s 6s 7s 8s 9d / Ac Ad Ah X2 2d": JK,
    "KsKdX1/5s6s7s8s9d/AcAdAhX22d": JK,
    "ks kd x1 | 5S 6s 7s 8s 9D | ac ad ah x2 2d": JK,
    "Ks Kd X1 5s 6s 7s 8s 9d Ac Ad Ah X2 2d": JK,
    "Ks Kd Xj / 5s 6s 7s 8s 9d / Ac Ad Ah X2 2d": JK,
    "Ks Kd \U0001f0cf / 5s 6s 7s 8s 9d / Ac Ad Ah x2 2d": JK,
    "Ks Kd jk / 5s 6s 7s 8s 9d / Ac Ad Ah X2 2d": JK,
    "X2 X1 Qs / 5s 6s 7s 8s 9d / Ac Ad Ah As 2d": "X2 X1 Qs 5s 6s 7s 8s 9d Ac Ad Ah As 2d",
    # a generic joker is the first one unused on the whole board, not in its row alone
    "Ks Kd Xj / 5s 6s 7s 8s 9d / Ac Ad Ah JK 2d": JK,
    "Ks Kd 🃏 / 5s 6s 7s 8s 9d / Ac Ad Ah xj 2d": JK,
    # ... and not one a later row names: X1 in the bottom row is that card's
    "Ks Kd Xj / 5s 6s 7s 8s 9d / Ac Ad Ah X1 2d": "Ks Kd X2 5s 6s 7s 8s 9d Ac Ad Ah X1 2d",
    "Ks Kd Xj 5s 6s 7s 8s 9d Ac Ad Ah X1 2d": "Ks Kd X2 5s 6s 7s 8s 9d Ac Ad Ah X1 2d",
    "Ks Kd Xj / 5s 6s 7s 8s JK / Ac Ad Ah X1 2d": Error("middle row: joker 'JK' in '5s 6s 7s 8s JK': no joker is "
                                                        "left: the rules have 2 (jokers=2) and X1 and X2"),
    "Ks Kd 7h / 5s 6s 7s 8s 9d / Ac Ad Ah X12d": "Ks Kd 7h 5s 6s 7s 8s 9d Ac Ad Ah X1 2d",
    "Ks Kd X1 / 5s 6s 7s 8s 9d / Ac Ad Ah X2d": Error("cannot read card text 'X2d'"),
    "Ks Kd X1 / 5s 6s 7s 8s 9d / Ac Ad Ah X3 2d": Error("unknown card 'X3'"),
    "Ks Kd xx / 5s 6s 7s 8s 9d / Ac Ad Ah X2 2d": Error("empty slot 'xx'"),
}
