"""Pictures of boards and games (ofc_fast.board.drawing, Board.draw, Game.draw, ofc-fast show):
the text keeps str() as it was, the SVG/HTML is well-formed XML holding every card, the foul
and the figures the library computed; a slow test renders them in headless Chromium."""
from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import ofc_fast as ofc
from ofc_fast.board import drawing
from ofc_fast.cli import main

QQ = "Qh Qd 2c / 5s 6s 7s 8s 9d / Kc Kd Kh Ks 2d"       # 7 + 4 + 10 royalties
AA = "Ah Ad 3c / 4s 4d 7h 8h 9c / Tc Td Th 3s 3d"       # fouled
SVG = "{http://www.w3.org/2000/svg}"


def _cards(svg: str) -> list[str]:
    """The cards a picture draws, in order (their data-card attributes)."""
    root = ET.fromstring(svg)
    return [g.attrib["data-card"] for g in root.iter(f"{SVG}g") if "data-card" in g.attrib]


def test_str_of_board_and_game_unchanged() -> None:
    assert str(ofc.Board.parse(QQ)) == QQ
    g = ofc.Game("pineapple", 2, seed=7)
    g.play("heuristic")
    assert str(g).splitlines()[1] == "  seat 0: 4s 5s 3c / -- -- -- -- -- / Kc 9c -- -- --"


def test_suit_symbols() -> None:
    assert drawing.suit_symbols("Ah Kd Qc Js Tc -- X1") == "A\u2665 K\u2666 Q\u2663 J\u2660 T\u2663 -- X1"
    assert drawing.suit_symbols("royalties 7 as ah") == "royalties 7 as ah"       # words stay
    # the library reads its own symbols back
    assert ofc.cards(drawing.suit_symbols(str(ofc.Board.parse(QQ)))).tolist() == \
        ofc.Board.parse(QQ).codes.tolist()


def test_board_text() -> None:
    b = ofc.Board.parse(QQ)
    lines = b.draw().splitlines()
    assert lines[0] == "royalties 21"
    assert lines[1].split() == ["top", "Q\u2665", "Q\u2666", "2\u2663", "royalties", "7"]
    assert b.draw(symbols=False).splitlines()[3].split()[1:6] == QQ.split(" / ")[2].split()
    assert "FOULED" in ofc.Board.parse(AA).draw().splitlines()[0]
    assert "FOULED" not in b.draw()


@pytest.mark.parametrize("text", [QQ, AA])
def test_board_svg_holds_every_card(text: str) -> None:
    b = ofc.Board.parse(text)
    for pic in (b.draw("svg"), b._repr_svg_()):
        assert _cards(pic) == [c for row in text.split(" / ") for c in row.split()]
        assert ("FOULED" in pic) == b.fouled()
        numbers = [t.text for t in ET.fromstring(pic).iter(f"{SVG}text") if t.text and t.text.startswith("+")]
        assert numbers == [f"+{r}" for r in b.royalties()]
    html = b._repr_html_()
    assert ET.fromstring(html).tag == "div"            # the fragment is XML too
    assert _cards(ET.tostring(ET.fromstring(html)[0], encoding="unicode")) == _cards(b.draw("svg"))


def test_board_with_jokers_and_rules() -> None:
    jk = ofc.Rules(name="jokers", jokers=1)
    b = ofc.Board("Kc Kd X1 / Qs Qh 8h 8c 2d / Ah Ad 7c 7d 2s")
    pic = b.draw("svg", jk)
    assert "X1" in pic and _cards(pic)[:2] == ["Kc", "Kd"]
    assert "X1" in b._repr_svg_()                       # a notebook draws it under joker rules
    with pytest.raises(ValueError, match="joker"):
        b.draw("text", "pineapple")


def test_escaping() -> None:
    seat = drawing.Seat([255] * 13, title="<seat> & \"0\"", notes=("a<b",))
    pic = drawing.svg([seat], heading="x < y & z")
    root = ET.fromstring(pic)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "x < y & z" in texts and "<seat> & \"0\"" in texts and "a<b" in texts
    assert "<seat>" not in pic
    page = drawing.html([seat], heading="<b>", page=True)
    assert "<title>&lt;b&gt;</title>" in page and page.startswith("<!DOCTYPE html>")


def test_empty_slots_and_columns() -> None:
    seats = [drawing.Seat([255] * 13, title=f"seat {p}") for p in range(3)]
    root = ET.fromstring(drawing.svg(seats, columns=3))
    dashed = [r for r in root.iter(f"{SVG}rect") if "stroke-dasharray" in r.attrib]
    assert len(dashed) == 39
    assert int(root.attrib["width"]) == 3 * int(ET.fromstring(drawing.svg(seats[:1])).attrib["width"])


def test_game_mid_hand() -> None:
    g = ofc.Game("pineapple", 2, seed=7)
    g.play("heuristic")
    text = g.draw()
    assert text.splitlines()[0] == repr(g)
    assert "  to act: " + drawing.suit_symbols(str(ofc.card_str(g.held))) in text
    pic = g.draw("svg")
    assert "to act" in pic and "button" in pic and "FOULED" not in pic
    placed = [ofc.card_str(int(c)) for b in g.boards for c in b if c != 255]
    assert _cards(pic) == placed + str(ofc.card_str(g.held)).split()
    assert ET.fromstring(g._repr_html_()).tag == "div"


def test_game_over_and_fantasyland() -> None:
    g = ofc.Game("pineapple", 3, seed=0)
    g.play_hand("random")
    pic = g.draw("svg")
    assert pic.count('class="fouled"') == int(g.fouled.sum()) > 0
    for p, s in enumerate(g.scores.tolist()):
        assert f"score {s:+d}" in pic
        assert f"seat {p}: " + ("FOULED" if g.fouled[p] else f"royalties {int(g.royalties[p].sum())}") \
            in g.draw()
    assert len(_cards(pic)) == 39
    f = ofc.Game("pineapple", 2, seed=3, fantasyland=[14, 0])
    assert "Fantasyland (14 cards)" in f.draw("svg") and len(_cards(f.draw("svg"))) == 14


def test_bad_kind_and_symbols() -> None:
    with pytest.raises(ValueError, match="kind must be one of text, svg, html; got 'png'"):
        ofc.Board.parse(QQ).draw("png")
    with pytest.raises(ValueError, match="kind must be one of text, svg, html; got 3"):
        ofc.Game("pineapple", 2, seed=1).draw(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="symbols is a bool, got str 'no'"):
        ofc.Board.parse(QQ).draw(symbols="no")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="13 codes, got 12"):
        drawing.svg([drawing.Seat(list(range(12)))])
    with pytest.raises(TypeError, match="sequence of Seat"):
        drawing.text(drawing.Seat(list(range(13))))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="cards_text is card text"):
        drawing.suit_symbols(5)  # type: ignore[arg-type]


def test_cli_show(tmp_path: Path, capsys: Any) -> None:
    svg, html = tmp_path / "deal.svg", tmp_path / "deal.html"
    assert main(["show", QQ, AA, "--svg", str(svg), "--html", str(html)]) == 0
    out = capsys.readouterr().out
    assert "player 0: royalties 21, score +27" in out and "player 1: FOULED, score -27" in out
    assert "Q\u2665" in out
    assert _cards(svg.read_text(encoding="utf-8")) == [c for t in (QQ, AA) for r in t.split(" / ")
                                                      for c in r.split()]
    assert "FOULED" in html.read_text(encoding="utf-8")
    assert main(["show", QQ, "--ascii"]) == 0
    assert "Qh Qd 2c" in capsys.readouterr().out
    g = ofc.Game("pineapple", 2, seed=5)
    g.play_hand("heuristic")
    hist = tmp_path / "game.json"
    hist.write_text(g.to_json(), encoding="utf-8")
    assert main(["show", "--history", str(hist), "--svg", str(svg)]) == 0
    assert capsys.readouterr().out == g.draw() + "\n"
    assert svg.read_text(encoding="utf-8") == g.draw("svg")


@pytest.mark.parametrize("argv, needle", [
    ([], "give one of them"),
    ([QQ, "--history", "x.json"], "give one of them"),
    (["Qh Qd"], "player 0"),
    (["--history", "/nonexistent/ofc.json"], "/nonexistent/ofc.json: no such file"),
])
def test_cli_show_errors(argv: list[str], needle: str, capsys: Any) -> None:
    assert main(["show", *argv]) == 2
    assert needle in capsys.readouterr().err


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


@pytest.mark.slow
@pytest.mark.skipif(_chromium() is None, reason="no headless Chromium (apt-get install chromium)")
def test_pictures_render_in_chromium(tmp_path: Path) -> None:
    """Each kind of picture, opened in a real browser, draws cards: the screenshot has white
    card faces, red and black ink on the felt (not a blank or broken page)."""
    Image = pytest.importorskip("PIL.Image")
    done = ofc.Game("pineapple", 3, seed=0)
    done.play_hand("random")
    mid = ofc.Game("pineapple", 2, seed=7)
    mid.play("heuristic")
    pictures = {"board.svg": ofc.Board.parse(QQ).draw("svg"),
                "fouled.html": drawing.html_page(ofc.Board.parse(AA).draw("html"), "fouled"),
                "game.svg": done.draw("svg"),
                "mid.html": drawing.html_page(mid.draw("html"), "mid")}
    for name, pic in pictures.items():
        src, png = tmp_path / name, tmp_path / (name + ".png")
        src.write_text(pic, encoding="utf-8")
        subprocess.run([str(_chromium()), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--screenshot={png}", "--window-size=820,620", src.as_uri()],
                       check=True, capture_output=True, timeout=120)
        img = Image.open(png).convert("RGB")
        colours = img.getcolors(maxcolors=1 << 20)
        assert colours is not None
        counts: dict[str, int] = {"felt": 0, "red": 0, "ink": 0, "face": 0}
        for n, (r, g, b) in colours:
            if g > r + 40 and g > b + 20 and g < 120:
                counts["felt"] += n
            elif r > 150 and g < 80 and b < 80:
                counts["red"] += n
            elif r < 60 and g < 60 and b < 60:
                counts["ink"] += n
            elif min(r, g, b) > 245:
                counts["face"] += n
        assert all(v > 100 for v in counts.values()), (name, counts)
        root = ET.fromstring(pic[pic.index("<svg"):pic.index("</svg>") + 6])
        assert counts["felt"] > int(root.attrib["width"]) * int(root.attrib["height"]) // 4, (name, counts)
