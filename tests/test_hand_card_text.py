"""Every reader and printer of card text against one table (tests/card_text_table.py).

Readers: the general parser (``ofc.cards``, ``parse_boards``), the scalar
fast path of ``_core`` (``_read_text``, behind ``ofc.strength`` and
``ofc.analyze`` of one hand or board) and the command line's array reader of
deal lines (``cli.fastlines``, behind ``ofc-fast analyze``).  A fast path may
leave a text to the general parser; whatever it reads must be the table's
cards, and the errors the user sees are the general parser's words.
Printers: ``card_str`` and the analyze writer's board text (``str(Board)``).
"""
from __future__ import annotations

import dataclasses
import io

import numpy as np
import pytest
from card_text_table import BOARDS, CASES, JOKER_CASES, Error

import ofc_fast as ofc
from ofc_fast import _core
from ofc_fast.board.boards import parse_boards
from ofc_fast.cli import main
from ofc_fast.cli.deals import text_deals
from ofc_fast.cli.fastlines import fast_lines
from ofc_fast.cli.writer import Writer

NAMES = [r + s for r in ofc.RANKS for s in ofc.SUITS] + ["X1", "X2"]   # the jokers: codes 52, 53


def codes_of(canonical: str) -> list[int]:
    return [NAMES.index(name) for name in canonical.split()]


@pytest.mark.parametrize("text", list(CASES))
def test_general_parser(text: str) -> None:
    want = CASES[text]
    if isinstance(want, Error):
        with pytest.raises(ValueError, match=None) as info:
            ofc.cards(text)
        assert want.words in str(info.value)
    else:
        assert ofc.cards(text).tolist() == codes_of(want)
        assert ofc.card_str(ofc.cards(text)) == want          # the one printer, back again


@pytest.mark.parametrize("text", list(CASES))
def test_scalar_reader(text: str) -> None:
    want = CASES[text]
    read = _core._read_text_codes(text)
    if read is not None:                       # the fast path read it: to the table's cards
        assert not isinstance(want, Error), f"the scalar reader accepts {text!r}"
        assert read == (codes_of(want), (-1, -1))
    # and through the public one-hand path: the same answer or the same error
    if isinstance(want, Error):
        with pytest.raises(ValueError) as info:
            ofc.strength(text)
        assert want.words in str(info.value)
    elif len(codes_of(want)) in (3, 5) and len(set(codes_of(want))) == len(codes_of(want)):
        assert ofc.strength(text) == ofc.strength(codes_of(want))


@pytest.mark.parametrize("text", list(BOARDS))
def test_board_readers(text: str) -> None:
    want = BOARDS[text]
    if isinstance(want, Error):
        with pytest.raises(ValueError) as info:
            parse_boards(text)
        assert want.words in str(info.value)
        with pytest.raises(ValueError) as info:
            ofc.analyze(text)
        assert want.words in str(info.value)
    else:
        codes = codes_of(want)
        assert parse_boards(text).tolist() == codes
        got, expect = ofc.analyze(text), ofc.analyze(np.array(codes, dtype=np.uint8))
        assert (got.strength.tolist(), got.royalties.tolist()) == \
            (expect.strength.tolist(), expect.royalties.tolist())
    read = _core._read_text_codes(text, 13, True)
    if read is not None and len(read[0]) == 13 and read[1] in ((-1, -1), (3, 8)):
        assert not isinstance(want, Error), f"the scalar board reader accepts {text!r}"
        assert read[0] == codes_of(want)


# ';' separates the boards of a deal line: not a card separator there
@pytest.mark.parametrize("text", list(BOARDS) + [t for t in CASES if "\n" not in t and ";" not in t])
def test_cli_reader(text: str) -> None:
    """A deal line of one board: the array reader or the library's parser, never another reading."""
    want = BOARDS.get(text, CASES.get(text))
    line = (text + "\n").encode()
    fast = fast_lines(line)
    deals = text_deals(line, 1)
    if text.strip() == "":
        assert len(deals.players) == 0
        return
    if isinstance(want, Error) or len(codes_of(want)) != 13 or text in CASES and text not in BOARDS:
        try:
            board = parse_boards(text.strip())   # the reader strips each board
        except ValueError as e:
            assert not fast.good.any(), f"the array reader accepts {text!r}"
            assert str(e) in deals.errors[0]
            return
        want = ofc.card_str(board)
    assert deals.errors == {}
    assert deals.boards.tolist() == [codes_of(want)]
    if fast.good.any():
        assert fast.boards.tolist() == [codes_of(want)]


def test_printers_agree() -> None:
    """card_str, str(Board) and the analyze writer print a board the same way."""
    rng = np.random.default_rng(5)
    boards = np.stack([rng.permutation(52)[:13] for _ in range(50)]).astype(np.uint8)
    from ofc_fast.cli.writer import _board_texts
    texts = _board_texts(boards, "")
    for b, text in zip(boards, texts):
        assert text == str(ofc.Board(b))
        assert text.replace(" / ", " ") == ofc.card_str(b)
    assert isinstance(Writer(io.StringIO(), "csv"), Writer)


def test_cli_analyze_reads_the_table(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    """End to end: every good board of the table through ``ofc-fast analyze``."""
    import pathlib
    good = [t for t, w in BOARDS.items() if not isinstance(w, Error)]
    path = pathlib.Path(str(tmp_path)) / "boards.txt"
    path.write_text("\n".join(good) + "\n", encoding="utf-8")
    assert main(["analyze", str(path), "--format", "jsonl"]) == 0
    import json
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["board"] for r in rows] == [str(ofc.Board(codes_of(BOARDS[t]))) for t in good]   # type: ignore[arg-type]


@pytest.mark.parametrize("text", list(JOKER_CASES))
def test_joker_text(text: str) -> None:
    """Jokers through the one parser and printer, where the rules deal two."""
    want = JOKER_CASES[text]
    if isinstance(want, Error):
        with pytest.raises(ValueError) as info:
            ofc.cards(text, jokers=2)
        assert want.words in str(info.value)
        return
    assert ofc.cards(text, jokers=2).tolist() == codes_of(want)
    assert ofc.card_str(ofc.cards(text, jokers=2)) == want
    assert _core._read_text_codes(text) is None      # the fast reader leaves jokers to the parser


@pytest.mark.parametrize("items,want", [
    (["Xj", "JK"], [52, 53]),
    (["As", "\U0001f0cf", "x2"], [51, 52, 53]),
    ([["Xj", "JK", "As"], ["JK", "Ks", "Xj"]], [[52, 53, 51], [52, 47, 53]]),
    (["Xj As", "JK Ks"], [[52, 51], [52, 47]]),   # a whole hand per item: each hand alone
    (["Xj", "X1", "As"], [53, 52, 51]),           # X1 named later in the hand is that card's
    (["JK", 52, "As"], [53, 52, 51]),            # code 52 too
    ([["Xj", "X1"], ["Xj", "As"]], [[53, 52], [52, 51]]),
])
def test_generic_jokers_number_within_a_hand(items: list, want: list) -> None:
    """Xj, JK and the emoji take the first joker unused in their hand, card by card too."""
    assert ofc.cards(items, jokers=2).tolist() == want


def test_generic_joker_beyond_the_rules_names_it() -> None:
    with pytest.raises(ValueError, match=r"position 1: joker 'JK' in 'JK': no joker is left.*jokers=1\) and X1"):
        ofc.cards(["Xj", "JK"], jokers=1)
    # the boards of a deal share the deck: a generic joker takes the first one no board holds
    jk = ofc.Rules(name="jk", jokers=2)
    deal = ["Qh Qd Xj / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d", "2c 3c 4c / 8d 9h Td Jd Xj / Ac Ad Ah As 3h"]
    explicit = [deal[0].replace("Xj", "X1"), deal[1].replace("Xj", "X2")]
    assert ofc.score(deal, jk).tolist() == ofc.score(explicit, jk).tolist()
    with pytest.raises(ValueError, match=r"player 1, middle row: joker 'Xj'.*X1 and X2 are already there"):
        ofc.score([deal[0].replace("2d", "Xj"), deal[1]], jk)


def test_generic_joker_leaves_the_named_ones() -> None:
    """A generic joker before an explicit X1 (later in its board or deal) takes X2, every reader alike."""
    jk = ofc.Rules(name="jk", jokers=2)
    one = dataclasses.replace(jk, jokers=1)
    deal = ["Qh Qd Xj / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d", "2c 3c 4c / 8d 9h Td Jd X1 / Ac Ad Ah As 3h"]
    explicit = [deal[0].replace("Xj", "X2"), deal[1]]
    want = ofc.score(explicit, jk).tolist()
    codes = [parse_boards(b, 2) for b in explicit]
    as_cards = [ofc.card_str(c).split() for c in codes]
    generic = [[c if c != "X2" else "Xj" for c in as_cards[0]], as_cards[1]]
    for given in (deal, generic, [deal[0], codes[1]], [generic[0], codes[1].astype(np.int64)],
                  [generic[0], ofc.Board(codes[1])]):
        assert ofc.score(given, jk).tolist() == want
        assert ofc.score_matrix(given, jk).tolist() == ofc.score_matrix(explicit, jk).tolist()
    assert ofc.score([deal], jk).tolist() == [want]                  # a list of deals
    # within one board: its text, its rows, its cards one by one; a partial board
    board = "Xj Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh X1 2d"
    assert ofc.card_str(ofc.Board.parse(board).codes) == "X2 Qd 2c 5s 6s 7s 8s 9d Kc Kd Kh X1 2d"
    assert ofc.Board(*board.split(" / ")) == ofc.Board.parse(board.replace("Xj", "X2"))
    assert ofc.Board(*(r.split() for r in board.split(" / "))) == ofc.Board.parse(board.replace("Xj", "X2"))
    one_by_one = board.replace(" /", "").split()
    assert ofc.analyze(one_by_one, jk).jokers.tolist() == ofc.analyze(board.replace("Xj", "X2"), jk).jokers.tolist()
    assert ofc.card_str(ofc.partial.partial_boards("Xj / 5s X1 / --", 2)).startswith("X2 -- -- 5s X1")
    # no joker left: the error names the generic joker and where it is
    with pytest.raises(ValueError, match=r"top row: joker 'Xj' in 'Xj Qd 2c': no joker is left: the rules have 1 "
                                         r"\(jokers=1\) and X1 is already there"):
        ofc.analyze(board, one)
    with pytest.raises(ValueError, match=r"player 0, top row: joker 'Xj' in 'Qh Qd Xj': no joker is left"):
        ofc.score(deal, one)
    with pytest.raises(ValueError, match=r"player 0: position 2: joker 'Xj' in 'Xj': no joker is left"):
        ofc.score(generic, one)


def test_partial_boards_of_a_batch_read_their_own_jokers() -> None:
    """A list of partial boards is a batch of separate positions (can_avoid_foul's): each
    reads its generic jokers alone, so Xj on two boards is X1 on both; deal=True reads them
    as the players of one deal (one deck), as rollout does."""
    jk = ofc.Rules(name="jk", jokers=2)
    partial_boards = ofc.partial.partial_boards
    batch = ["Xj Ah / -- / --", "Xj 2c / -- / --"]
    assert ofc.card_str(partial_boards(batch, 2)[:, :2]) == ["X1 Ah", "X1 2c"]
    assert ofc.card_str(partial_boards(batch, 2, deal=True)[:, :2]) == ["X1 Ah", "X2 2c"]
    assert ofc.card_str(partial_boards(["Xj Ah / -- / --", "X1 2c / -- / --"], 2, deal=True)[:, 0]) == "X2 X1"
    assert ofc.partial.can_avoid_foul(batch, jk).tolist() == [True, True]
    assert ofc.partial.needed(batch, jk).tolist() == [[1, 5, 5], [1, 5, 5]]
    # card by card: 13 single cards are one board, a joker among them too
    one = ["Xj", "Ah"] + ["--"] * 11
    assert partial_boards(one, 2).tolist()[:3] == [52, 50, 255]
    assert partial_boards([one, one], 2)[:, 0].tolist() == [52, 52]
    assert partial_boards([one, one], 2, deal=True)[:, 0].tolist() == [52, 53]
    with pytest.raises(ValueError, match=r"^player 1, top row: joker 'Xj' in 'Xj 2c': no joker is left"):
        partial_boards(batch, 1, deal=True)
