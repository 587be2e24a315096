"""Sphinx configuration of the ofc_fast documentation site.

Build: ``pip install ".[docs]"`` then ``sphinx-build -W -b html docs docs/_build/html``.
Every page is Markdown (MyST); the API reference comes from the docstrings
(autosummary), the CLI reference from the parser (docs/_ext/cli_parser.py)
and the benchmarks page from docs/_data/bench.json (docs/_ext/benchjson.py).
The examples are run by tests/test_docs.py, not by this build.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "_ext"))
ROOT = os.path.dirname(HERE)
# a checkout built in place (python setup.py build_ext --inplace) documents itself; otherwise the
# installed ofc_fast is documented (.ci/run: pip install ".[test]", then the docs extra)
if any(f.startswith("_core.") and f.endswith((".so", ".pyd")) for f in os.listdir(os.path.join(ROOT, "ofc_fast"))):
    sys.path.insert(0, ROOT)
else:
    # `python -m sphinx` run from the checkout puts it first on sys.path, where its unbuilt
    # ofc_fast would hide the installed one
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != ROOT]

import ofc_fast  # noqa: E402

project = "ofc_fast"
author = "the ofc_fast authors"
copyright = "the ofc_fast authors, MIT license"
release = ofc_fast.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinxarg.ext",
    "benchjson",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}   # autosummary writes .rst stubs
root_doc = "index"
exclude_patterns = ["_build", "_data", "_ext", "api/names.rst"]
templates_path = ["_templates"]

# blocks without a language (usage lines, --help text laid out for a terminal) stay plain text, and
# "--rules" or "top / middle" stay as typed, not turned into dashes and curly quotes
highlight_language = "text"
smartquotes = False

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3          # RULES.md#3-the-top-row-... links resolve

# api/names.rst (written below, not in git) lists every name of ofc_fast.__all__; api/index.md includes it
autosummary_generate = ["api/index.md", "api/names.rst"]
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
add_module_names = False
# an adapter's method without a docstring of its own would show its base class's (Gymnasium's)
autodoc_inherit_docstrings = False

html_theme = "furo"
html_title = f"ofc_fast {release}"
html_static_path = []
html_show_sourcelink = False
# no asset from the network: furo ships its fonts as the system stack; pygments styles are local
html_theme_options = {"navigation_with_keys": True}
pygments_style = "sphinx"
pygments_dark_style = "monokai"

# the RL adapter for Stable-Baselines3 imports torch; its page needs only the names
autodoc_mock_imports = ["stable_baselines3", "sb3_contrib", "torch"]

# The API reference lists every name of ofc_fast.__all__, read at build time,
# so a name added to the package appears without editing the page.
_PUBLIC = [n for n in ofc_fast.__all__ if n != "__version__"]
_MODULES = [n for n in _PUBLIC if type(getattr(ofc_fast, n)).__name__ == "module"]


# The notes beside the rulebook (docs/*.md in capitals: BOTS, HISTORY, and any added later)
# are listed on the front page as they are found, so a new one needs no edit here.
_NOTES = sorted(f[:-3] for f in os.listdir(HERE) if f.endswith(".md") and f[:-3].isupper()
                and f[:-3] not in ("RULES", "VARIANTS"))


with open(os.path.join(HERE, "api", "names.rst"), "w") as _fh:
    _fh.write(".. currentmodule:: ofc_fast\n\n.. autosummary::\n   :toctree: generated\n   :nosignatures:\n\n")
    _fh.write("".join(f"   {n}\n" for n in _PUBLIC if n not in _MODULES))


def _api_names(app, docname, source):
    if docname == "index":
        source[0] = source[0].replace("@NOTES@", "\n".join(_NOTES))


def _no_type_docstring(app, what, name, obj, options, lines):
    """A constant (a dict, a tuple, a numpy dtype) has no docstring of its own: drop its type's."""
    doc = getattr(type(obj), "__doc__", None)
    if what in ("data", "attribute") and lines and isinstance(doc, str) and doc.strip() and \
            "\n".join(lines).strip().startswith(doc.strip().splitlines()[0].strip()):
        lines[:] = []


def setup(app):
    app.connect("source-read", _api_names)
    app.connect("autodoc-process-docstring", _no_type_docstring)
