"""One-off check of ofc.write_ofcenv_json against ofcenv's own parser.

    python tools/check_ofcenv_export.py /path/to/ofcenv-checkout [hands]

Plays ``hands`` Pineapple hands (2 and 3 players), writes them with write_ofcenv_json into a
temporary folder, reads that folder with ofcenv's ``v2.hh_parser.HHParser`` (from the checkout
given: suren-tamrazyan/ofcenv, which needs treys and torch; nothing of it is copied here) and
checks that it reads back every hand, and for every player every row and discard, each card with
its round, exactly; then that its ``get_states_for_round`` gives each hand's hero board as it
stood at the start of each round.  Without a checkout it says so and exits 0.
"""
from __future__ import annotations

import dataclasses
import os
import sys
import tempfile
from typing import Any

import ofc_fast as ofc


def main(argv: list[str]) -> int:
    if len(argv) < 2 or not os.path.isfile(os.path.join(argv[1], "v2", "hh_parser.py")):
        print("skipped: give the path of an ofcenv checkout (with v2/hh_parser.py)")
        return 0
    n = int(argv[2]) if len(argv) > 2 else 200
    sys.path.insert(0, os.path.abspath(argv[1]))
    from treys import Card  # type: ignore  # ofcenv's card library
    from v2.hh_parser import HHParser  # type: ignore[import-not-found]

    recs: list[ofc.HandRecord] = []
    for i in range(n):
        g = ofc.Game("pineapple", 2 + i % 2, seed=i, button=i % (2 + i % 2), match=False)
        g.play_hand(("heuristic", "greedy", "random")[i % 3])
        recs.extend(ofc.records_from_json(g.to_json()))
    heroes = [i % r.players for i, r in enumerate(recs)]       # every seat the hero in turn
    marked = [dataclasses.replace(r, meta={**r.meta, "_hero": h}) for r, h in zip(recs, heroes)]
    with tempfile.TemporaryDirectory() as d:
        ofc.write_ofcenv_json(marked, os.path.join(d, "hands.txt"))   # one file of all the hands
        parser = HHParser(d)
        parser.parse_files()
        got = {x["hand_id"]: x for x in parser.parsed_hands}
        assert len(got) == len(recs), (len(got), len(recs))
        bad = 0
        for i, (rec, h) in enumerate(zip(recs, heroes)):
            x = got[str(i + 1)]
            want = _expected(rec)
            for pl in [x["hero"], *x["opponents"]]:
                seat = (pl["orderIndex"] + rec.button) % rec.players
                rows = [_read(parser, Card, t) for t in pl["rows"].split("/")]
                dead = _read(parser, Card, pl["dead"])
                if (rows, dead) != want[seat] or (seat == h) != pl["hero"]:
                    bad += 1
                    print(f"hand {i + 1} seat {seat}: ofcenv read {rows} {dead}, wrote {want[seat]}")
        # ofcenv's snapshots: the hero's board and discards at the start of each round
        snaps = 0
        for rnd in range(1, 6):
            states = parser.get_states_for_round(rnd)
            assert len(states) == len(recs), (rnd, len(states))
            for rec, h, st in zip(recs, heroes, states):
                hero = st["players"][(h - rec.button) % rec.players]
                mine = _expected(rec)[h]
                before = [[c for c, r in row if r < rnd - 1] for row in mine[0]]
                if [_ours(Card, hero[k]) for k in ("front", "middle", "back")] != before or \
                        _ours(Card, hero["dead"]) != [c for c, r in mine[1] if r < rnd - 1]:
                    bad += 1
                    print(f"round {rnd}: hero snapshot differs: {hero}")
                snaps += 1
    print(f"ofcenv's HHParser read {len(got)} hands written by write_ofcenv_json "
          f"({sum(r.players == 2 for r in recs)} heads-up, {sum(r.players == 3 for r in recs)} 3-max, "
          f"{sum(r.players for r in recs)} boards, {sum(len(t.discards) for r in recs for t in r.turns)} "
          f"discards) and {snaps} hero snapshots; mismatches: {bad}")
    return 1 if bad else 0


def _expected(rec: ofc.HandRecord) -> list[tuple[list[list[tuple[int, int]]], list[tuple[int, int]]]]:
    """Each seat's rows and discards as (card code, round), in board order."""
    street = {c: t.street for t in rec.turns for c in (*t.rows[0], *t.rows[1], *t.rows[2], *t.discards)}
    out = []
    for s, b in enumerate(rec.boards):
        rows = [[(c, street[c]) for c in b[a:z]] for a, z in ((0, 3), (3, 8), (8, 13))]
        dead = [(c, street[c]) for t in rec.turns if t.seat == s for c in t.discards]
        out.append((rows, dead))
    return out


def _read(parser: Any, card_lib: Any, text: str) -> list[tuple[int, int]]:
    """ofcenv's own reading of a row (treys card ints and rounds) as our codes and rounds."""
    return [(ofc.card(card_lib.int_to_str(c)), r) for c, r in parser._parse_cards_from_string(text)]


def _ours(card_lib: Any, ints: list[int]) -> list[int]:
    return [ofc.card(card_lib.int_to_str(c)) for c in ints]


if __name__ == "__main__":
    sys.exit(main(sys.argv))
