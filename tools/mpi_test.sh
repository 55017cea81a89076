#!/bin/sh
# mpi_test.sh - CI hook for the MPI build (docs/cluster.md): install Open MPI
# (Debian 12), configure build-mpi/ with -Dmpi=enabled, build it, and run its
# MPI tests (the same job over 1, 2 and 3 ranks against the plain build's
# report, byte for byte) and its CLI tests.  Prints "N passed, M failed"
# (test programs, as .ci/run counts them) and exits non-zero on any failure.
# Safe to re-run.  Usage: sh tools/mpi_test.sh
cd "$(dirname "$0")/.." || exit 1
PACKAGES="libopenmpi-dev openmpi-bin"
. tools/packages.sh
# shellcheck disable=SC2086
install_packages mpi_test $PACKAGES
# The plain build (build/) is the reference the MPI runs must match.
if ! sh tools/setup.sh; then
    echo "0 passed, 1 failed"
    exit 1
fi
if [ ! -f build-mpi/build.ninja ]; then
    meson setup build-mpi -Dmpi=enabled -Dwerror=true >/dev/null
fi
if ! meson compile -C build-mpi >/dev/null; then
    echo "mpi_test: build-mpi does not build" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
# The MPI job itself, and the command-line tests whose drlsim calls start
# MPI (exit statuses, signals and outputs of the MPI-enabled binary, the two
# whole checks); the tests of messages, docs and reports ran in build/ and do
# not depend on MPI being linked in.
DRLSIM_REF="$(pwd)/build/src/drlsim" meson test -C build-mpi --print-errorlogs \
    mpi cli robustness signals check-default check-game rooms install png_cli
status=$?
log=build-mpi/meson-logs/testlog.json
if [ ! -f "$log" ]; then
    echo "0 passed, 1 failed"
    exit 1
fi
python3 - "$log" <<'PY'
import json, sys
passed = failed = 0
for line in open(sys.argv[1]):
    line = line.strip()
    if not line:
        continue
    r = json.loads(line)["result"]
    if r in ("OK", "EXPECTEDFAIL"):
        passed += 1
    elif r != "SKIP":
        failed += 1
print(f"{passed} passed, {failed} failed")
PY
exit $status
