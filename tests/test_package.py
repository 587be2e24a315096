"""The package as a user meets it: its namespace, its version, where its C
files and golden vectors are, importing from a source folder, and an
editable install (``pip install -e .``, slow: it builds the extension); and
as a maintainer meets it: no import circle among its modules.
"""
from __future__ import annotations

import ast
import importlib.metadata
import importlib.resources
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import types
from pathlib import Path

import pytest

import ofc_fast as ofc

ROOT = Path(__file__).resolve().parent.parent


def test_dir_is_the_public_api() -> None:
    """dir(ofc_fast) shows __all__, the package's own submodules and dunders, nothing else."""
    public = {n for n in dir(ofc) if not n.startswith("_")
              and not (isinstance(getattr(ofc, n), types.ModuleType)
                       and getattr(ofc, n).__name__.startswith("ofc_fast."))}
    modules = {n for n in ofc.__all__ if isinstance(getattr(ofc, n), types.ModuleType)}
    assert public == set(ofc.__all__) - {"__version__"} - modules
    assert len(ofc.__all__) == len(set(ofc.__all__))
    for name in ofc.__all__:
        assert hasattr(ofc, name), name
    assert "os" not in dir(ofc) and "annotations" not in dir(ofc)


def test_version_in_one_place() -> None:
    from ofc_fast import _version

    assert ofc.__version__ == _version.__version__
    parts = ofc.__version__.split(".")
    assert len(parts) >= 3 and all(p.isdigit() for p in parts[:3]), ofc.__version__
    try:
        installed = importlib.metadata.version("ofc_fast")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("ofc_fast is not installed (an in-place build): no metadata to compare")
    assert installed == ofc.__version__


def _fresh(code: str) -> str:
    """stdout of ``code`` in a new interpreter (this ofc_fast, run from outside the checkout)."""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=Path(ofc.__file__).resolve().parent.parent.parent)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_import_is_lazy_and_the_first_name_loads_all() -> None:
    """`import ofc_fast` imports neither the compiled core nor numpy; the first public name
    loads every layer as the eager import did (the classes' module, the 0.1.0 paths)."""
    out = _fresh("import sys, ofc_fast as ofc\n"
                 "print(sorted(m for m in ('numpy', 'ofc_fast._core', 'ofc_fast._api') if m in sys.modules))\n"
                 "print(ofc.__version__, ofc.strength('Ah Kh Qh'), ofc.Board.__module__)\n"
                 "print('ofc_fast._api' in sys.modules, 'ofc_fast.engine' in sys.modules)\n")
    assert out.splitlines() == ["[]", f"{ofc.__version__} {ofc.strength('Ah Kh Qh')} ofc_fast", "True True"]


def test_version_imports_no_command() -> None:
    """`ofc-fast --version` answers before the commands (and numpy) are imported."""
    out = _fresh("import sys\nfrom ofc_fast.cli import main\n"
                 "try:\n    main(['--version'])\nexcept SystemExit as e:\n    print(e.code)\n"
                 "print([m for m in ('numpy', 'ofc_fast.cli.commands') if m in sys.modules])\n")
    assert out.splitlines() == [f"ofc-fast {ofc.__version__}", "0", "[]"]


def test_old_path_first_keeps_the_function() -> None:
    """Importing the 0.1.0 module paths ofc_fast.deal and ofc_fast.rollout before any public name
    leaves ofc_fast.deal and ofc_fast.rollout the functions (as the eager import did)."""
    out = _fresh("import ofc_fast.deal, ofc_fast.rollout\nimport ofc_fast as ofc\n"
                 "print(ofc.deal.__name__, ofc.rollout.__name__, callable(ofc.deal), callable(ofc.rollout))\n")
    assert out.split() == ["deal", "rollout", "True", "True"]


def test_first_names_from_many_threads() -> None:
    """Threads that reach for their first public names at once all get them (the others wait
    for the one that loads them, as for an import)."""
    out = _fresh("import threading, ofc_fast as ofc\n"
                 "names = ['strength', 'Board', 'rollout', 'deal', 'PRESETS', 'review', 'Game', 'score'] * 2\n"
                 "got = {}\n"
                 "ts = [threading.Thread(target=lambda n=n: got.setdefault(n, getattr(ofc, n))) for n in names]\n"
                 "[t.start() for t in ts]\n[t.join() for t in ts]\n"
                 "print(sorted(got) == sorted(set(names)), all(got[n] is getattr(ofc, n) for n in got))\n")
    assert out.split() == ["True", "True"]


PKG = Path(ofc.__file__).resolve().parent
#: the compiled modules (no Python imports of the package: the bindings never import the API)
COMPILED = ("_core", "_solve", "_play", "_sim", "_rl")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """module -> the package's modules it imports, by every import statement in it: at the
    top, in a function, under ``TYPE_CHECKING`` (each ties the two modules all the same).
    ``from . import x`` counts as importing the module ``x`` where there is one, else as
    importing the package; a module's parent packages, which Python imports first, are
    left out (every module would be in a circle with its package's ``__init__``)."""
    files = {_module_name(p): p for p in PKG.rglob("*.py")}
    modules = set(files) | {f"{PKG.name}.{m}" for m in COMPILED}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = ".".join(here[:len(here) - node.level + 1] + [node.module or ""]).strip(".") \
                    if node.level else node.module or ""
                edges.update(f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names)
        graph[name] = {e for e in edges if e in modules and e != name}
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """An import circle of ``graph`` (its first module again at the end), or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if n in path:
                return path[path.index(n):] + [n]
            if n not in done:
                found = visit(n)
                if found:
                    return found
        path.pop()
        done.add(m)
        return None

    for m in sorted(graph):
        found = None if m in done else visit(m)
        if found:
            return found
    return None


def test_no_import_circle() -> None:
    """No module of the package imports one that imports it back, directly or through
    others, nor takes names from the package root (which imports every layer): a
    circle holds only by the order modules happen to be imported in."""
    graph = _import_graph()
    # the finder sees the imports (a relative one, one in a function) and finds a circle
    assert "ofc_fast.cli.writer" in graph["ofc_fast.cli.analysis"]
    assert "ofc_fast.sim.selfplay" in graph["ofc_fast.cli.play"]
    assert "ofc_fast._play" in graph["ofc_fast.play.game"]
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None
    assert _circle(graph) is None, " -> ".join(_circle(graph) or [])
    from_root = [m for m, edges in graph.items() if PKG.name in edges and m != PKG.name]
    assert not from_root, f"{from_root} import from the package root: import from the name's own module"


def test_get_include_and_sources() -> None:
    inc = ofc.get_include()
    assert os.path.isfile(os.path.join(inc, "ofc_fast.h"))
    sources = ofc.get_sources()
    names = {os.path.basename(p) for p in sources}
    assert {"ofc_strength.c", "ofc_board.c", "ofc_tables.c", "ofc_vecenv.c"} <= names
    assert len(names) == len(sources)     # unique base names: a user may flatten them
    # each in its layer's folder under the include folder
    assert all(os.path.isfile(p) and os.path.dirname(os.path.dirname(p)) == inc for p in sources)


def test_golden_package() -> None:
    import ofc_fast.golden

    root = importlib.resources.files("ofc_fast.golden")
    data = json.loads((root / "pineapple.json").read_text(encoding="utf-8"))
    case = data["cases"][0]
    assert ofc.analyze(case["boards"], data["rules"]).royalties.tolist() == case["expect"]["royalties"]
    assert ofc_fast.golden.__doc__


def _editable_install() -> bool:
    """Whether ofc_fast is installed editable (``pip install -e .``): setuptools' finder
    then serves the compiled modules to any folder named ofc_fast, so an unbuilt copy imports."""
    return any("__editable__" in getattr(f, "__module__", "") and "ofc_fast" in f.__module__
               for f in sys.meta_path)


def test_source_folder_without_extension_says_what_to_do(tmp_path: Path) -> None:
    """`import ofc_fast` from a checkout that was not built: one ImportError that says what to do."""
    if not (ROOT / "ofc_fast" / "__init__.py").is_file() or not (ROOT / "csrc").is_dir():
        pytest.skip("needs the source checkout (the tests run here from a copy of tests/ alone)")
    if _editable_install():
        pytest.skip("an editable install's finder supplies the compiled modules to any folder")
    shutil.copytree(ROOT / "ofc_fast", tmp_path / "ofc_fast",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "_core.c"))
    (tmp_path / "csrc").mkdir()
    shutil.copy(ROOT / "csrc" / "ofc_fast.h", tmp_path / "csrc")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    code = ("import importlib.metadata as m\n"
            "try:\n    print(m.distribution('ofc_fast').version)\n"
            "except m.PackageNotFoundError:\n    print('none')\n")
    installed = subprocess.run([sys.executable, "-c", code], cwd=tmp_path.parent, env=env,
                               capture_output=True, text=True, timeout=60).stdout.strip()
    proc = subprocess.run([sys.executable, "-c", "import ofc_fast"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    last = proc.stderr.strip().splitlines()[-1]
    if installed == "none":
        assert last.startswith("ImportError: you are importing ofc_fast from its source folder"), last
        assert "pip install ." in last and "build_ext --inplace" in last and "another folder" in last
    else:   # an installed user is not told to install it
        assert last.startswith(f"ImportError: the source folder {tmp_path / 'ofc_fast'} hides "
                               f"the installed ofc_fast {installed}"), last
        assert "another folder" in last and "pip install" not in last
    assert "circular" not in proc.stderr


def test_source_folder_hiding_an_installed_copy_says_so(tmp_path: Path) -> None:
    """A user with ofc_fast installed who runs Python in an unbuilt checkout is told
    that the folder hides the installed copy, not asked to install it."""
    if not (ROOT / "ofc_fast" / "__init__.py").is_file() or not (ROOT / "csrc").is_dir():
        pytest.skip("needs the source checkout (the tests run here from a copy of tests/ alone)")
    if _editable_install():
        pytest.skip("an editable install's finder supplies the compiled modules to any folder")
    src = tmp_path / "checkout"
    shutil.copytree(ROOT / "ofc_fast", src / "ofc_fast",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "*.c"))
    (src / "csrc").mkdir()
    shutil.copy(ROOT / "csrc" / "ofc_fast.h", src / "csrc")
    site = tmp_path / "site"     # an installed ofc_fast 9.9.9, as far as its metadata goes
    (site / "ofc_fast-9.9.9.dist-info").mkdir(parents=True)
    (site / "ofc_fast-9.9.9.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: ofc_fast\nVersion: 9.9.9\n")
    env = {**os.environ, "PYTHONPATH": str(site)}
    proc = subprocess.run([sys.executable, "-c", "import ofc_fast"], cwd=src, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith(f"ImportError: the source folder {src / 'ofc_fast'} hides the "
                           "installed ofc_fast 9.9.9"), last
    assert "build_ext --inplace" in last and "pip install" not in last


@pytest.mark.skipif(not sysconfig.get_config_var("Py_GIL_DISABLED"),
                    reason="only on a free-threaded CPython (3.14t)")
def test_free_threaded_import_keeps_the_gil_off() -> None:
    """The extension declares itself free-threading compatible: importing it does
    not re-enable the GIL (CPython would, with a RuntimeWarning, otherwise)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHON_GIL"}
    code = "import sys, ofc_fast; ofc_fast.strength('Ah Kh Qh'); print(sys._is_gil_enabled())"
    proc = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", code], env=env,
                          cwd=Path(ofc.__file__).parent.parent, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False", proc.stdout + proc.stderr


@pytest.mark.slow
def test_editable_install(tmp_path: Path) -> None:
    """`pip install -e .` of a copy of the checkout: the C files, the golden vectors, the version.

    Builds in a fresh virtual environment that reuses this interpreter's
    packages (numpy, Cython, setuptools) with --no-build-isolation: about a
    minute, most of it compiling.
    """
    if not (ROOT / "setup.py").is_file():
        pytest.skip("needs the source checkout")
    # the build requirements, reused from this environment (pyproject.toml [build-system])
    pytest.importorskip("setuptools", minversion="77")
    pytest.importorskip("Cython", minversion="3.1")
    pytest.importorskip("pip")
    if "asan" in os.environ.get("LD_PRELOAD", ""):
        pytest.skip("under a preloaded sanitizer runtime the compiler and pip would run instrumented")
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", "build", "dist", "*.egg-info", "*.so", "*.pyd", "__pycache__", "_core.c",
        ".*_cache", ".hypothesis", ".benchmarks", ".ci-venv"))
    venv = tmp_path / "venv"
    # no pip of its own: pip, setuptools, Cython and numpy come from this interpreter
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    py = bindir / ("python.exe" if os.name == "nt" else "python")
    purelib = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             check=True, capture_output=True, text=True).stdout.strip()
    paths = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    Path(purelib, "_outer_env.pth").write_text("\n".join(sorted(paths)) + "\n")
    subprocess.run([str(py), "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-deps",
                    "-e", str(src)], check=True, timeout=600, cwd=tmp_path,
                   env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    check = f"""
import importlib.metadata, importlib.resources, json, os, sys
# the outer environment lends numpy; it may also hold an installed ofc_fast: hide that
import numpy
outer = {sorted(paths)!r}
sys.path[:] = [p for p in sys.path if p not in outer]
import ofc_fast as ofc
inc = ofc.get_include()
assert os.path.isfile(os.path.join(inc, "ofc_fast.h")), inc
assert {{os.path.basename(p) for p in ofc.get_sources()}} >= {{"ofc_strength.c", "ofc_board.c"}}
assert all(os.path.isfile(p) for p in ofc.get_sources())
cases = json.loads((importlib.resources.files("ofc_fast.golden") / "pineapple.json").read_text())
case = cases["cases"][0]
assert ofc.analyze(case["boards"], cases["rules"]).royalties.tolist() == case["expect"]["royalties"]
assert importlib.metadata.version("ofc_fast") == ofc.__version__, ofc.__version__
assert ofc.__file__.startswith({str(src)!r}), ofc.__file__
print("editable ok", inc)
"""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}   # not the outer build
    out = subprocess.run([str(py), "-c", check], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120, env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "editable ok" in out.stdout
