#!/bin/sh
# test.sh - every test suite of drlsim in one command (README quick start,
# .ci/run); tools/setup.sh has built build/ first.
#  1. the test suite in build/;
#  2. the same suite under AddressSanitizer + UndefinedBehaviorSanitizer in
#     build-asan/ (gcc; any sanitizer report fails a test);
#  3. a bounded run of every libFuzzer target in build-fuzz/ (clang):
#     $DRLSIM_FUZZ_SECONDS each (default 5), tools/fuzz.sh;
#  4. the MPI build in build-mpi/ (Open MPI): the same job over 1, 2 and 3
#     ranks against build/'s report, byte for byte (tools/mpi_test.sh);
#  5. the test suite again in build-portable/, configured -Dsimd=none: only
#     the plain-C twins of the SIMD kernels are compiled (src/base/cpu.h), held to
#     the same goldens and unit-test answers;
#  6. the mutation tests of the conformance checker in build-mutants/
#     (-Dmutants=true, docs/mutants.md): one test per mutant of
#     tools/mutants/, each a deliberate rule change that the whole default
#     `drlsim check` must catch; a surviving mutant fails its test.
# Each suite leaves DIR/meson-logs/testlog.json, which .ci/run counts.
# Every suite runs even after a failure; the exit status is 1 if any failed.
# docs/robustness.md explains the sanitized and fuzz builds.
set -u
cd "$(dirname "$0")/.."
fuzz_secs=${DRLSIM_FUZZ_SECONDS:-3}
status=0
for d in build build-asan build-fuzz build-mpi build-portable build-mutants; do
    rm -f "$d/meson-logs/testlog.json"
done

echo "== test suite (build/)"
meson test -C build --print-errorlogs || status=1

echo "== sanitized test suite (build-asan/: ASan + UBSan)"
if [ ! -f build-asan/build.ninja ]; then
    meson setup build-asan -Dwerror=true -Db_sanitize=address,undefined \
        -Dc_args=-fno-sanitize-recover=undefined -Dbuildtype=debugoptimized >/dev/null \
        || status=1
fi
rm -f build-asan/sanitizer-report.*
if meson compile -C build-asan >build-asan/compile.log 2>&1; then
    meson test -C build-asan --print-errorlogs || status=1
else
    cat build-asan/compile.log
    status=1
fi

echo "== fuzzing (build-fuzz/: libFuzzer, $fuzz_secs s per target)"
sh tools/fuzz.sh "$fuzz_secs" || status=1

echo "== MPI build (build-mpi/: Open MPI, 1-3 ranks)"
sh tools/mpi_test.sh || status=1

echo "== portable test suite (build-portable/: -Dsimd=none, the plain-C paths)"
if [ ! -f build-portable/build.ninja ]; then
    meson setup build-portable -Dsimd=none >/dev/null || status=1
else
    # a build-portable/ configured before -Dsimd existed (-Dc_args=-U__SSE2__)
    meson configure build-portable -Dsimd=none -Dc_args= >/dev/null || status=1
fi
if meson compile -C build-portable >build-portable/compile.log 2>&1; then
    # The tests of the command-line interface (suite 'interface': messages,
    # exit statuses, outputs, docs) do not depend on the code paths and ran
    # in build/; the unit tests' largest loops run at a quarter size.
    DRLSIM_TEST_SCALE=4 meson test -C build-portable --print-errorlogs --no-suite interface \
        || status=1
else
    cat build-portable/compile.log
    status=1
fi

echo "== mutation tests of the checker (build-mutants/: tools/mutants/, one test per mutant)"
if [ ! -f build-mutants/build.ninja ]; then
    meson setup build-mutants -Dwerror=true -Dmutants=true >/dev/null || status=1
fi
if meson compile -C build-mutants src/drlsim:executable >build-mutants/compile.log 2>&1; then
    meson test -C build-mutants --no-rebuild --suite mutants --print-errorlogs || status=1
else
    cat build-mutants/compile.log
    status=1
fi
exit $status
