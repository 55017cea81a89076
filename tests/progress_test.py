#!/usr/bin/env python3
"""progress_test.py DRLSIM - the progress bar on a terminal (a pseudo-terminal).

drlsim draws its bar on stderr when stderr is a terminal: one line for the
whole command, redrawn in place ("\\r"), never wider than the terminal less
one column (so it never wraps), counting the levels of the whole command.
Each case runs drlsim with stderr on a pty of a given size and reads what it
drew:

  - every redraw fits the width (TIOCGWINSZ; with a 0x0 pty, $COLUMNS);
  - the bar is one line: exactly one line of the output holds bar drawings,
    and they all count towards one total of levels (a check's, over all its
    sample groups, not one bar per group);
  - its percentages never go down, and the last drawing says how it ended:
    "levels in" when done, "stopped" after SIGINT (never "ETA" bars for the
    sample groups a stop skipped);
  - with --progress never, or stderr not a terminal, nothing is drawn.
"""
import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

DRLSIM = os.path.abspath(sys.argv[1])
failed = passed = 0


def ok(cond, what):
    global failed, passed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}")


# a percentage other than 0.0% in the bar's drawings: levels done
MOVED = re.compile(rb"(?<![0-9.])(?!0\.0%)[0-9]+\.[0-9]%")


def run(args, cols, rows=24, env_extra=None, interrupt_after=None, tty=True):
    """stderr of `drlsim ARGS` on a pty of cols x rows (or a pipe), as text, and the status;
    interrupt_after: SIGINT that many seconds after the bar first shows levels done (a
    percentage above 0.0%: the run is under way, however slowly a loaded machine starts it)."""
    env = dict(os.environ, TERM="xterm", LC_ALL="C")
    env.pop("COLUMNS", None)
    env.pop("NO_COLOR", None)
    env.update(env_extra or {})
    if tty:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        err = slave
    else:
        master, err = os.pipe()
    p = subprocess.Popen([DRLSIM] + args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=err, env=env)
    os.close(err)
    out = b""
    t0 = time.monotonic()
    sent = False
    drawn = None  # when the bar was first seen: the run is under way
    while True:
        if drawn is None and b"ETA" in out and MOVED.search(out):
            drawn = time.monotonic()
        if (interrupt_after is not None and not sent and drawn is not None and
                time.monotonic() - drawn > interrupt_after):
            p.send_signal(signal.SIGINT)
            sent = True
        r, _, _ = select.select([master], [], [], 0.05)
        if r:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the pty's other side is closed
                chunk = b""
            if not chunk:
                break
            out += chunk
        elif p.poll() is not None:
            # drain what is left
            try:
                while select.select([master], [], [], 0.1)[0]:
                    chunk = os.read(master, 65536)
                    if not chunk:
                        break
                    out += chunk
            except OSError:
                pass
            break
        if time.monotonic() - t0 > 240:
            p.kill()
            break
    p.wait()
    os.close(master)
    return out.decode(errors="replace").replace("\r\n", "\n"), p.returncode


def drawings(text, label):
    """The bar's drawings, as (line number, text) for every redraw that starts with label."""
    found = []
    for n, line in enumerate(text.split("\n")):
        for seg in line.split("\r"):
            if seg.startswith(label + " "):
                found.append((n, seg.rstrip(" ")))
    return found


def check_bar(name, text, label, cols, end):
    """The common promises of one command's bar; end: 'levels in' or 'stopped'."""
    d = drawings(text, label)
    ok(len(d) >= 2, f"{name}: {len(d)} drawings of the bar, want several: {text[:300]!r}")
    if not d:
        return
    # Every drawing, blanks included, fits in cols - 1 (the other lines of
    # stderr, the command's messages, are not the bar's to fit).
    lines = {n for n, _ in d}
    all_lines = text.split("\n")
    widest = max(len(seg) for n in lines for seg in all_lines[n].split("\r"))
    ok(widest <= cols - 1, f"{name}: a drawing is {widest} wide in {cols} columns")
    ok(len(lines) == 1, f"{name}: the bar is on {len(lines)} lines, want 1")
    pct = [float(m.group(1)) for _, s in d for m in [re.search(r"(\d+\.\d)%", s)] if m]
    ok(len(pct) == len(d), f"{name}: a drawing without its percentage: {d}")
    ok(all(a <= b for a, b in zip(pct, pct[1:])), f"{name}: the percentage went down: {pct}")
    totals = {m.group(1) for _, s in d for m in [re.search(r"/(\S+) levels", s)] if m}
    ok(len(totals) <= 1, f"{name}: drawings count towards several totals: {totals}")
    last = d[-1][1]
    ok(end in last, f"{name}: the last drawing lacks '{end}': {last!r}")
    if end == "stopped":
        ok("ETA" not in last and pct[-1] < 100.0, f"{name}: stopped bar {last!r}")
    # the bar's line is ended (the next stderr line starts on a new line)
    ok(text.split("\n")[d[-1][0]].rstrip(" ").endswith(last) and
       text.count("\n") > d[-1][0], f"{name}: the bar's line is not ended")


# A whole check at a small scale: many sample groups, one bar.
check = ["check", "--scale", "0.03", "--seed", "3"]
for cols in (80, 50):
    text, st = run(check, cols)
    ok(st in (0, 1), f"check in {cols} columns: status {st}")
    check_bar(f"check, {cols} columns", text, "check", cols, "levels in")
    ok(not re.search(r"check \d+/\d+", text), f"check, {cols} columns: counts sample groups")

# A pty that does not know its size: $COLUMNS says it.
text, st = run(["run", "--levels", "400000", "--out", "/dev/null"], 0, 0, {"COLUMNS": "60"})
ok(st == 0, f"run with COLUMNS=60: status {st}")
check_bar("run, COLUMNS=60", text, "run", 60, "levels in")

# A terminal too narrow for the bar: the numbers alone, still no wrap.
text, st = run(["run", "--levels", "400000", "--out", "/dev/null"], 30)
ok(st == 0, f"run in 30 columns: status {st}")
check_bar("run, 30 columns", text, "run", 30, "levels in")

# run --ranges: several jobs, one bar.
text, st = run(["run", "--levels", "600000", "--ranges", "0-200000,300000-500000",
                "--out", "/dev/null"], 80)
ok(st == 0, f"run --ranges: status {st}")
check_bar("run --ranges", text, "run", 80, "levels in")

# SIGINT during a check: the bar ends once, "stopped", with no bars for the
# sample groups it skipped.
text, st = run(["check", "--scale", "0.5", "--progress", "always"], 80, interrupt_after=0.8)
ok(st == 130, f"interrupted check: status {st}")
check_bar("interrupted check", text, "check", 80, "stopped")
# (a bar drawn again at 0.0% once levels were done: a sample group the stop
# skipped drawing a bar of its own; 0.0% as a whole number, not the end of
# 10.0% or 20.0%)
ZERO = re.compile(r"(?<![0-9.])0\.0%")
moved = [s for _, s in drawings(text, "check")]
moved = moved[next((i for i, s in enumerate(moved) if not ZERO.search(s)), len(moved)):]
ok(not any(ZERO.search(s) for s in moved),
   "interrupted check: a 0.0% bar after levels were done")

# Never drawn: --progress never on a terminal, or auto with stderr a pipe.
text, st = run(["run", "--levels", "200000", "--progress", "never", "--out", "/dev/null"], 80)
ok(st == 0 and not drawings(text, "run"), f"--progress never drew: {text!r}")
text, st = run(["run", "--levels", "200000", "--out", "/dev/null"], 80, tty=False)
ok(st == 0 and not drawings(text, "run"), f"stderr a pipe, auto: drew {text!r}")

print(f"progress: {passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
