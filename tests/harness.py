"""harness.py - what the Python tests share: one line per check ("ok" or
"FAIL" and what was checked), a drlsim call, and the closing count
"N passed, M failed" with the exit status meson reads."""
import subprocess
import sys

counts = {"passed": 0, "failed": 0}


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    counts["passed" if ok else "failed"] += 1


def run_drlsim(drlsim, args, cwd):
    """drlsim ARGS in cwd, its output captured as text, no stdin."""
    return subprocess.run([drlsim] + args, cwd=cwd, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)


def finish(need_a_pass=False):
    """Print the count; exit 1 on a failure (or, with need_a_pass, on no pass)."""
    print("%d passed, %d failed" % (counts["passed"], counts["failed"]))
    sys.exit(1 if counts["failed"] or (need_a_pass and not counts["passed"]) else 0)
