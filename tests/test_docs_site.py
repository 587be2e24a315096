"""The documentation site builds with warnings as errors and its pages render in a real browser.

Slow (a minute or two): builds docs/ with Sphinx (``pip install ".[docs]"``) into a
temporary folder and opens a few pages in headless Chromium (``--dump-dom``), checking
that each shows its heading and the content it is built from. Skipped when Sphinx or
Chromium is missing.
"""
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser"),
                             shutil.which("google-chrome"), "/usr/bin/chromium") if p and os.path.exists(p)), None)
# page: what the rendered page must show (its heading and some of its generated content)
PAGES = {
    "index.html": ["ofc_fast", "Hands and cards", "Benchmarks"],
    "getting-started.html": ["Getting started", "A first session"],
    "guide/hands.html": ["Hands and cards", "Pair of Queens, King kicker"],
    "guide/rl.html": ["Reinforcement learning", "VecEnv"],
    "cli.html": ["Command line", "ofc-fast", "analyze", "--skip-bad"],
    "api/index.html": ["API reference", "solve_fantasyland", "best_move"],
    "api/generated/ofc_fast.score.html": ["score", "Net points of each player"],
    "benchmarks.html": ["Benchmarks", "ofc.strength 5-card batch", "Measured"],
    "RULES.html": ["The rules ofc_fast implements"],
    "changelog.html": ["Changelog"],
}

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(importlib.util.find_spec("sphinx") is None or importlib.util.find_spec("furo") is None
                       or importlib.util.find_spec("myst_parser") is None
                       or importlib.util.find_spec("sphinxarg") is None,
                       reason='the docs extra is not installed (pip install ".[docs]")'),
    pytest.mark.skipif(CHROMIUM is None, reason="no Chromium to open the pages"),
    pytest.mark.skipif(not (DOCS / "conf.py").exists(), reason="no docs/ (an installed copy's tests)"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    run = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(DOCS), str(out)],
                         capture_output=True, text=True, timeout=1200, cwd=out)
    assert run.returncode == 0, run.stdout + run.stderr
    return out


def _dom(page: Path, profile: Path) -> str:
    run = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                          f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_renders(site, name, tmp_path):
    page = site / name
    assert page.exists(), f"the site has no {name}"
    dom = _dom(page, tmp_path)
    assert "<h1" in dom, f"{name} rendered without a heading"
    for text in PAGES[name]:
        assert text in dom, f"{name} does not show {text!r}"
    assert "system-message" not in dom and "problematic" not in dom, f"{name} shows a markup error"


def test_no_asset_from_the_network(site):
    """Fonts, scripts, styles and images all come from the site itself."""
    for path in site.rglob("*.html"):
        text = path.read_text()
        for attr in ('src="http', "src='http", '<link rel="stylesheet" href="http', "@import url(http"):
            assert attr not in text, f"{path.relative_to(site)} fetches {attr!r}"
    for path in list(site.rglob("*.css")):
        assert "url(http" not in path.read_text().replace(" ", ""), f"{path.relative_to(site)} fetches a URL"
