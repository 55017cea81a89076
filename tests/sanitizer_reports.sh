#!/bin/sh
# sanitizer_reports.sh BUILDDIR - fail when ASan/UBSan/LSan wrote any report.
# The sanitized suite sends reports to BUILDDIR/sanitizer-report.PID
# (tests/meson.build); this runs last, prints each one and removes it, so a
# report from any process, even one whose exit status a test ignored, fails.
n=0
for f in "$1"/sanitizer-report.*; do
    [ -e "$f" ] || continue
    n=$((n + 1))
    echo "=== $f"
    cat "$f"
    rm -f "$f"
done
if [ "$n" -gt 0 ]; then
    echo "$n sanitizer report(s)"
    exit 1
fi
echo "no sanitizer reports"
