#!/usr/bin/env python3
"""signals_test.py DRLSIM [TRIALS] - a stop at any moment ends every command cleanly.

Each trial starts one long command of drlsim (run with --out, run with --csv,
rooms, check, errata, changes, episode, catalog, bench), sends it SIGINT or SIGTERM after a random delay
from 0 to 1.5 s (one in each of TRIALS equal slices of that span), and requires:

  - the command ends within STOP_S seconds of the signal (times
    DRLSIM_TEST_TIMEOUT_SCALE, for the sanitized build, and times the load
    per core when the machine is busier than its cores: load_factor);
  - exit status 130;
  - its report: the file is there and is a whole JSON document that says it
    is incomplete (run, rooms, check), whole rows (catalog), or nothing is
    written (errata, changes and bench, which keep no partial results);
  - no temporary file is left.

The one exception is a signal that lands before drlsim's first instruction
(while the dynamic loader maps the libraries, a few milliseconds; several
tens under ASan, whose runtime starts first): it takes the default action,
and the process dies of the signal with nothing written.  That is allowed
only for delays under EARLY_S, or under the binary's own start-up time
(`drlsim --version`, the least of five) where that is longer.  The processes are started
directly (not as a shell's background job, which would start them with
SIGINT ignored).  The delays and signals come from a fixed seed, so a failure
reproduces; TRIALS (default 18) is divided by DRLSIM_TEST_SCALE, at least 6.
Prints one line per trial and "N passed, M failed".
"""
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

STOP_S = 2.0      # a stop ends the command within this many seconds
EARLY_S = 0.02    # a signal before this delay may precede drlsim's main()
MAX_DELAY_S = 1.5

drlsim = os.path.abspath(sys.argv[1])


def start_up_s():
    """The least wall time of `drlsim --version` over five runs: the loader,
    the libraries' initialisers (a sanitized build's runtime among them) and
    main, here and at this load; a signal may precede main for at least that
    long."""
    best = float("inf")
    for _ in range(5):
        t = time.monotonic()
        subprocess.run([drlsim, "--version"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        best = min(best, time.monotonic() - t)
    return best


# before main: EARLY_S on an ordinary build, longer where start-up is slower
# (an ASan build maps its shadow memory before any of drlsim's code runs)
EARLY_S = max(EARLY_S, start_up_s())
trials = int(sys.argv[2]) if len(sys.argv) > 2 else 18
trials = max(6, trials // max(1, int(os.environ.get("DRLSIM_TEST_SCALE", "1"))))
scale = float(os.environ.get("DRLSIM_TEST_TIMEOUT_SCALE", "1"))


def load_factor():
    """How much slower than idle wall-clock runs now: the run queue per core
    (1 on an idle machine).  STOP_S is a time on an idle machine; on one whose
    load is several times its cores (a CI host running other jobs) a stop that
    takes the same CPU takes that many times longer."""
    return max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))

# (name, arguments, the report it leaves, how to judge the report)
def run_report(path):
    j = json.load(open(path))
    return j.get("complete") is False

def rooms_report(path):
    json.load(open(path))
    return True

def check_report(path):
    j = json.load(open(path))
    return j["summary"].get("complete") is False

def catalog_rows(path):
    for line in open(path):
        json.loads(line)  # whole rows only
    return True

def csv_dir(path):
    return os.path.isdir(path) and any(f.endswith(".csv") for f in os.listdir(path))

COMMANDS = [
    ("run", ["run", "--levels", "1000000000", "--progress", "never", "--out", "r.json"],
     "r.json", run_report),
    ("run-csv", ["run", "--levels", "1000000000", "--progress", "never", "--csv", "c"],
     "c", csv_dir),
    ("rooms", ["rooms", "--levels", "1000000000", "--progress", "never", "--json", "r.json"],
     "r.json", rooms_report),
    ("check", ["check", "--scale", "100", "--progress", "never", "--json", "c.json"],
     "c.json", check_report),
    ("errata", ["errata", "--scale", "100", "--progress", "never", "--json", "e.json"],
     None, None),
    ("changes", ["changes", "wiki-0.9.9.3", "game-0.9.9.7", "--levels", "100000000",
                 "--progress", "never", "--json", "c.json"], None, None),
    ("episode", ["episode", "--levels", "100000000", "--progress", "never", "--json", "e.json"],
     None, None),
    ("catalog", ["catalog", "--levels", "1000000000", "--progress", "never", "--out",
                 "c.jsonl"], "c.jsonl", catalog_rows),
    ("bench", ["bench", "--type", "normal", "--seconds", "30", "--reps", "1", "--json", "b.json"],
     None, None),
]

rng = random.Random(20261202)
# One delay in each of `trials` equal slices of 0..MAX_DELAY_S, so that the
# first milliseconds (start-up, MPI_Init) are always among them.
delays = [rng.uniform(k, k + 1) * MAX_DELAY_S / trials for k in range(trials)]
rng.shuffle(delays)
passed = failed = 0
for k in range(trials):
    name, args, leaves, judge = COMMANDS[k % len(COMMANDS)]
    sig = signal.SIGINT if rng.random() < 0.5 else signal.SIGTERM
    delay = delays[k]
    with tempfile.TemporaryDirectory() as d:
        p = subprocess.Popen([drlsim] + args, cwd=d, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(delay)
        p.send_signal(sig)
        sent = time.monotonic()
        try:
            _, err = p.communicate(timeout=STOP_S * scale + 30)
        except subprocess.TimeoutExpired:
            p.kill()
            _, err = p.communicate()
        took = time.monotonic() - sent
        left = sorted(os.listdir(d))
        why = []
        early_death = p.returncode == -sig and delay < EARLY_S
        limit = STOP_S * scale * load_factor()
        if took > limit:
            why.append(f"took {took:.2f} s to stop (limit {limit:.1f} s at this load)")
        if not early_death:
            if p.returncode != 130:
                why.append(f"exit status {p.returncode}, not 130")
            if leaves is None:
                if left:
                    why.append(f"left {left}, {name} writes nothing when stopped")
            elif leaves not in left:
                why.append(f"no {leaves}")
            else:
                try:
                    if not judge(os.path.join(d, leaves)):
                        why.append(f"{leaves} does not say it is incomplete")
                except (ValueError, OSError) as e:
                    why.append(f"{leaves} is not a whole report: {e}")
            stray = [f for f in left if f != leaves]
            if stray:
                why.append(f"left {stray}")
        elif left:
            why.append(f"died of the signal before main() but left {left}")
        label = (f"{name} {signal.Signals(sig).name} after {delay:.3f} s: "
                 f"status {p.returncode}, stopped in {took:.2f} s")
        if why:
            failed += 1
            print(f"FAIL {label}: {'; '.join(why)}")
            for line in err.decode(errors="replace").splitlines()[-5:]:
                print(f"     stderr: {line}")
        else:
            passed += 1
            print(f"ok   {label}")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
