"""Build of the compiled part of ofc_fast: the C core (csrc/) and its Cython bindings.

Set OFC_FAST_SANITIZE=1 for an address/undefined-behaviour sanitizer build,
OFC_FAST_DEBUG=1 for Cython bounds checks; shipped wheels use neither and no
-march flag (portable across CPUs of the platform; the AVX2 path of the board
kernels' card check, csrc/board/ofc_board.c, is picked at run time).
"""
import json
import os
import re
import sys
import time


# The C core: csrc/<layer>/ holds each layer's sources, and that folder is the
# one list of which layer a file is in; the public headers stay flat in csrc/
# (ofc_fast.h includes one header per layer, bottom to top, which gives the
# order). Every extension links all of it.
def core_layers(root="csrc"):
    """The C core's layers, bottom to top, as [(layer, header, [its .c files])]:
    the order is the umbrella header's, the files are each layer's folder."""
    umbrella = os.path.join(root, "ofc_fast.h")
    if not os.path.isfile(umbrella):
        return []
    with open(umbrella) as f:
        headers = re.findall(r'#include "ofc_(\w+)\.h"', f.read())
    layers = []
    for layer in headers:
        folder = os.path.join(root, layer)
        files = sorted(f"{folder}/{name}" for name in os.listdir(folder) if name.endswith(".c")) \
            if os.path.isdir(folder) else []
        layers.append((layer, f"{root}/ofc_{layer}.h", files))
    return layers


LAYERS = core_layers()
CORE_SOURCES = [path for _, _, files in LAYERS for path in files]
# generated: csrc/ofc_tables.h + csrc/hand/ofc_tables.c (tools/gen_tables.py),
# csrc/play/ofc_policy_tables.c/.h (tools/gen_policy_tables.py)
GENERATED = ["csrc/ofc_tables.h", "csrc/hand/ofc_tables.c",
             "csrc/play/ofc_policy_tables.c", "csrc/play/ofc_policy_tables.h"]
HEADERS = ["csrc/ofc_fast.h", "csrc/ofc_tables.h"] + [header for _, header, _ in LAYERS]
# a layer's private headers (beside its sources): an edit of one rebuilds too
PRIVATE_HEADERS = sorted(f"csrc/{layer}/{name}" for layer, _, _ in LAYERS if os.path.isdir(f"csrc/{layer}")
                         for name in os.listdir(f"csrc/{layer}") if name.endswith(".h"))
# One binding per layer: _core (hand + board), _solve, _play, _sim, _rl.
BINDINGS = ["_core", "_solve", "_play", "_sim", "_rl"]
_missing = [s for s in HEADERS + GENERATED if not os.path.exists(s)]
_missing += [f"csrc/{layer}/ (no C sources)" for layer, _, files in LAYERS if not files]
if _missing:
    sys.exit(f"setup.py: the C core is incomplete, missing {', '.join(dict.fromkeys(_missing))} "
             f"(run from the repository root; csrc/ofc_tables.h and csrc/hand/ofc_tables.c come from "
             f"tools/gen_tables.py, csrc/play/ofc_policy_tables.c/.h from tools/gen_policy_tables.py)")

# imported after the source check, so that a broken checkout says so first
from concurrent.futures import ThreadPoolExecutor  # noqa: E402

import Cython  # noqa: E402
import numpy as np  # noqa: E402
from Cython.Build import cythonize  # noqa: E402
from setuptools import Extension, setup  # noqa: E402
from setuptools.command.build_clib import build_clib  # noqa: E402
from setuptools.command.build_ext import build_ext  # noqa: E402


def newer_group(sources: list[str], target: str) -> bool:
    """Whether target is missing or older than any of sources (setuptools.modified's, which
    setuptools before 69 lacks: this file also runs under the tests' own setuptools)."""
    if not os.path.exists(target):
        return True
    made = os.path.getmtime(target)
    return any(os.path.getmtime(src) > made for src in sources)


if sys.platform == "win32":
    compile_args = ["/O2"]
    link_args = []
else:
    # -fno-wrapv: Python's own CFLAGS carry -fwrapv, which costs the table
    # kernels about 20% (index arithmetic is no longer assumed not to wrap);
    # neither the C core nor Cython's output relies on wrapping signed math.
    # -fvisibility=hidden: the tables are then reached PC-relative instead of
    # through the GOT (one load less per lookup); only PyInit_* is exported.
    # -g0: Python's CFLAGS add -g; shipped wheels carry no debug info.
    compile_args = ["-O3", "-std=c99", "-fno-wrapv", "-fvisibility=hidden", "-g0"]
    link_args = []
if os.environ.get("OFC_FAST_SANITIZE"):
    compile_args += ["-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined",
                     "-fno-sanitize-recover=undefined"]
    link_args += ["-fsanitize=address,undefined"]

directives = {
    "language_level": 3,
    "boundscheck": bool(os.environ.get("OFC_FAST_DEBUG")),
    "wraparound": False,
    "cdivision": True,
}
# Free-threaded CPython (3.14t): the kernels share no mutable state, so the
# module declares itself safe without the GIL (no effect on other builds).
# The 3.14t wheels are tested with the GIL forced off ([tool.cibuildwheel]
# overrides) and so is the free-threaded CI job (.github/workflows/tests.yml);
# a release is published only when those jobs pass.  OFC_FAST_FREETHREADING=0
# builds without the declaration (CPython then re-enables the GIL on import).
if os.environ.get("OFC_FAST_FREETHREADING", "1") != "0":
    directives["freethreading_compatible"] = True


# The C core is compiled once into a static library that every extension
# links: one compile of each source (not one per extension), and no race
# between extensions built in parallel (-j) on the same object files. A header
# edit recompiles the objects (obj_deps), an unchanged source is not recompiled.
CORE_LIB = ("ofc_core", {"sources": CORE_SOURCES, "include_dirs": ["csrc"], "cflags": compile_args,
                         "obj_deps": {"": HEADERS + PRIVATE_HEADERS}})


def build_jobs():
    """How many compilers run at once: OFC_FAST_BUILD_JOBS, else one per CPU
    this process may use (`setup.py build_ext -j N` sets the extensions' own)."""
    if os.environ.get("OFC_FAST_BUILD_JOBS"):
        return max(1, int(os.environ["OFC_FAST_BUILD_JOBS"]))
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


class build_clib_parallel(build_clib):
    """build_clib that compiles the library's stale sources in parallel
    (setuptools compiles them one at a time)."""

    def build_libraries(self, libraries):
        for lib_name, info in libraries:
            sources = sorted(info["sources"])
            objects = self.compiler.object_filenames(sources, output_dir=self.build_temp)
            deps = info.get("obj_deps", {}).get("", [])
            stale = [src for src, obj in zip(sources, objects) if newer_group([src] + deps, obj)]
            for obj in objects:  # made here, not by racing threads
                os.makedirs(os.path.dirname(obj), exist_ok=True)

            def compile_one(src, info=info):
                self.compiler.compile([src], output_dir=self.build_temp, macros=info.get("macros"),
                                      include_dirs=info.get("include_dirs"), extra_postargs=info.get("cflags"),
                                      debug=self.debug)

            # the largest first, so that no long compile starts last
            stale.sort(key=os.path.getsize, reverse=True)
            with ThreadPoolExecutor(max_workers=build_jobs()) as pool:
                for done in [pool.submit(compile_one, src) for src in stale]:
                    done.result()
            self.compiler.create_static_lib(objects, lib_name, output_dir=self.build_clib, debug=self.debug)


class build_ext_with_core(build_ext):
    """build_ext that builds the C core library first (plain build_ext, as
    `setup.py build_ext --inplace` and editable installs run it, would not),
    and compiles the extensions in parallel unless told otherwise (-j)."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = build_jobs()

    def run(self):
        # a fresh archive each build: `ar` only adds members, so an object of a
        # source since renamed or removed (ofc_engine.c, say) would stay in it and
        # clash at link time with its successors
        # (only before build_clib runs: an editable build runs build_ext twice, and
        # build_clib once per build)
        if not self.distribution.have_run.get("build_clib"):
            clib = self.get_finalized_command("build_clib")
            stale = os.path.join(clib.build_temp, "libofc_core.a")
            if os.path.exists(stale):
                os.remove(stale)
        self.run_command("build_clib")
        super().run()


# what made the bindings' C files: Cython's version and the directives (a build
# with other directives, OFC_FAST_DEBUG=1 say, regenerates them)
CYTHON_STAMP = "build/cython-stamp.json"
STAMP = {"cython": Cython.__version__, "directives": directives}


def binding_is_current(name):
    """Whether ofc_fast/<name>.c can be compiled as it is: it exists, no Cython
    source of the package is newer, and the same Cython and directives made it
    (CYTHON_STAMP). Cython's own check also compares it with its and numpy's
    .pxd files, which pip's isolated build environment installs afresh each
    time, so that without this every `pip install .` of the same checkout would
    regenerate the C files and compile them all again."""
    c_file = f"ofc_fast/{name}.c"
    try:
        with open(CYTHON_STAMP) as f:
            if json.load(f) != STAMP:
                return False
    except (OSError, ValueError):
        return False
    cython_sources = [f"ofc_fast/{n}" for n in os.listdir("ofc_fast") if n.endswith((".pyx", ".pxd", ".pxi"))]
    return os.path.exists(c_file) and not newer_group(cython_sources, c_file)


def ext(name, source):
    return Extension(
        f"ofc_fast.{name}",
        [source],
        include_dirs=["csrc", np.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_23_API_VERSION")],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        depends=CORE_SOURCES + HEADERS + PRIVATE_HEADERS,
    )


CURRENT = [name for name in BINDINGS if binding_is_current(name)]
EXTENSIONS = [ext(name, f"ofc_fast/{name}.c") for name in CURRENT]
if len(CURRENT) < len(BINDINGS):
    started = time.time() - 2   # file times may be coarse
    EXTENSIONS += cythonize([ext(name, f"ofc_fast/{name}.pyx") for name in BINDINGS if name not in CURRENT],
                            compiler_directives=directives, force=True)
    # the stamp says what made the C files, so only once Cython wrote every one of them
    if all(os.path.exists(c) and os.path.getmtime(c) >= started for c in
           [f"ofc_fast/{name}.c" for name in BINDINGS if name not in CURRENT]):
        os.makedirs(os.path.dirname(CYTHON_STAMP), exist_ok=True)
        with open(CYTHON_STAMP, "w") as f:
            json.dump(STAMP, f)

setup(
    libraries=[CORE_LIB],
    cmdclass={"build_clib": build_clib_parallel, "build_ext": build_ext_with_core},
    ext_modules=EXTENSIONS,
    packages=["ofc_fast", "ofc_fast.hand", "ofc_fast.board", "ofc_fast.solve", "ofc_fast.play", "ofc_fast.sim",
              "ofc_fast.rl", "ofc_fast.cli", "ofc_fast.include", "ofc_fast.golden"],
    package_dir={"ofc_fast": "ofc_fast", "ofc_fast.include": "csrc"},
    package_data={
        "ofc_fast": ["py.typed", "*.pyi", "*.pxd", "*.pyx", "*.pxi"],
        # the public headers flat, each layer's sources (and private headers) in its folder
        "ofc_fast.include": ["*.h"] + [f"{layer}/*.[ch]" for layer, _, _ in LAYERS],
        "ofc_fast.golden": ["*.json", "*.md"],
    },
)
