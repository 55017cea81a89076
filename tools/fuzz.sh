#!/bin/sh
# fuzz.sh [SECONDS] - run every libFuzzer target of tests/fuzz/ for SECONDS
# each (default 60), two at a time; fails when any target finds a crash, a
# sanitizer report, a leak, a hang or a failed check (docs/robustness.md).
# Builds them first in build-fuzz/ (clang, -Dfuzz=true).  Results land in
# build-fuzz/meson-logs/testlog.json, one test per target; each target's
# learned corpus stays in build-fuzz/tests/fuzz/NAME/corpus for the next run.
set -u
cd "$(dirname "$0")/.."
secs=${1:-60}
case $secs in '' | *[!0-9]*) echo "usage: tools/fuzz.sh [SECONDS]" >&2; exit 2 ;; esac
cc=${FUZZ_CC:-}
if [ -z "$cc" ]; then
    for c in clang-14 clang; do
        if command -v "$c" >/dev/null 2>&1; then cc=$c; break; fi
    done
fi
if [ -z "$cc" ]; then
    echo "fuzz: clang not found (tools/setup.sh installs it)" >&2
    exit 1
fi
if [ ! -f build-fuzz/build.ninja ]; then
    log=$(mktemp)
    if ! CC=$cc meson setup build-fuzz -Dfuzz=true -Dwerror=true \
        -Dbuildtype=debugoptimized >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        exit 1
    fi
    rm -f "$log"
fi
meson compile -C build-fuzz >build-fuzz/compile.log 2>&1 || { cat build-fuzz/compile.log; exit 1; }
rm -f build-fuzz/meson-logs/testlog.json
FUZZ_SECONDS=$secs meson test -C build-fuzz --suite fuzz --print-errorlogs
