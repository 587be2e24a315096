#!/usr/bin/env bash
# Build ofc_fast with AddressSanitizer + UndefinedBehaviorSanitizer and run the
# whole test suite under it.
#
#   bash tools/sanitize.sh [pytest args]
#
# Python itself is not instrumented, so the sanitizer runtimes are preloaded
# (LD_PRELOAD, gcc on Linux).  Leak detection is off: CPython keeps memory
# alive at exit by design; tests/test_memory.py checks ofc_fast's own use.
# The quick run and the solver's slow comparison run, the comparison cut to OFC_FAST_DIFF_DEALS
# deals per preset (default here 20000) so the run fits in CI's time.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
CC=${CC:-gcc}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$PY" -m venv "$WORK/venv"
# shellcheck disable=SC1091
. "$WORK/venv/bin/activate"
python -m pip install --quiet --upgrade pip
# build requirements first, then the package built in this environment with the sanitizer flags
python -m pip install --quiet "setuptools>=77" "Cython>=3.1" "numpy>=2.0"
# build from a copy: setuptools keeps objects in ./build, and sanitizer objects
# must never be picked up by a normal build of the checkout
mkdir "$WORK/src"
tar --exclude=./build --exclude=./.git --exclude='*.so' -cf - . | tar -xf - -C "$WORK/src"
(cd "$WORK/src" && OFC_FAST_SANITIZE=1 OFC_FAST_DEBUG=1 CC="$CC" python -m pip install --quiet --no-build-isolation ".[test]")
ASAN_LIB=$("$CC" -print-file-name=libasan.so)
UBSAN_LIB=$("$CC" -print-file-name=libubsan.so)
echo "== sanitizer build: $ASAN_LIB $UBSAN_LIB"
export OFC_FAST_DIFF_DEALS=${OFC_FAST_DIFF_DEALS:-20000}
# reports go to files as well as stderr: pytest captures a test's stderr, and a
# process the sanitizer stops never prints it, so the files are shown on failure
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:strict_string_checks=1:check_initialization_order=1:log_path=$WORK/asan
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:log_path=$WORK/ubsan
show_reports() {
    local rc=$?
    for f in "$WORK"/asan.* "$WORK"/ubsan.*; do
        [ -e "$f" ] && { echo "== sanitizer report $f"; cat "$f"; }
    done
    return $rc
}
# the installed package must be the sanitizer build
(cd "$WORK" && LD_PRELOAD="$ASAN_LIB $UBSAN_LIB" python -c "import ofc_fast._core as c; print('ofc_fast from', c.__file__)")
# the slow tests too (-m); arguments given to this script come after and win.
# `pytest` from the checkout: tests/conftest.py makes sure the installed
# (sanitizer) build is the one imported
# the quick run, then the solver's slow comparison against the enumeration
# (scaled by OFC_FAST_DIFF_DEALS); the exhaustive hand checks run unsanitized
# in .ci/run step 2b, where they take minutes instead of an hour
LD_PRELOAD="$ASAN_LIB $UBSAN_LIB" pytest -p no:cacheprovider -q "$@" || show_reports
# (and the racing-write test, slow for the quick run but the one a sanitizer watches best)
LD_PRELOAD="$ASAN_LIB $UBSAN_LIB" pytest -p no:cacheprovider -q -m slow tests/test_solve_fantasyland.py \
    tests/test_rl_reliability.py::test_a_racing_write_to_the_actions_never_reaches_a_step "$@" || show_reports
