#!/bin/sh
# run.sh FUZZER SEEDS WORKDIR - one bounded libFuzzer run (the 'fuzz' suite of
# a -Dfuzz=true build; tools/fuzz.sh sets FUZZ_SECONDS, default 60).
# The fuzzer starts from SEEDS (read only: tests/fuzz/corpus/NAME) and
# WORKDIR/corpus, where it keeps what it learns between runs.  Any crash,
# sanitizer report, leak, input slower than 10 s or memory blow-up fails the
# run; the input is saved in WORKDIR/ as crash-*, leak-*, timeout-* or oom-*
# (add it to SEEDS/ as a regression case once fixed).
fuzzer=$1
seeds=$2
work=$3
secs=${FUZZ_SECONDS:-60}
name=$(basename "$fuzzer")
mkdir -p "$work/corpus"
rm -f "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* "$work/log"
# Outer bound in case the fuzzer itself wedges: twice the budget plus start-up.
timeout -k 10 $((secs * 2 + 120)) "$fuzzer" "$work/corpus" "$seeds" \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 \
    -close_fd_mask=3 -print_final_stats=1 -artifact_prefix="$work/" >"$work/log" 2>&1
status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
corpus=$(find "$work/corpus" -type f | wc -l)
if [ "$status" = 0 ]; then
    echo "$name: ${runs:-?} runs in $secs s, corpus $corpus files, no failure"
    exit 0
fi
echo "$name: FAILED (exit status $status) after ${runs:-?} runs; log $work/log"
grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|INITED|DONE|RELOAD)' "$work/log" | tail -40
# The run hid the target's own output (-close_fd_mask); replay each failing
# input once with it, so the check's message or the sanitizer report shows.
for f in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
    [ -e "$f" ] || continue
    echo "--- failing input: $f, replayed:"
    timeout -k 5 60 "$fuzzer" -timeout=10 -rss_limit_mb=2048 "$f" 2>&1 \
        | grep -v -E '^(INFO|Running|Executed|MS:|artifact_prefix)' | head -60
done
exit 1
