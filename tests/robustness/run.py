#!/usr/bin/env python3
"""run.py DRLSIM SRCDIR [--only TEXT] [--fill] - every bad input of cases.tsv.

Each line of tests/robustness/cases.tsv is one case: a bad input or a fault,
the exit status drlsim must give and the message it must print.  For each
case this makes an empty directory, runs the case's setup there (shell, with
the helpers of prelude.sh and the fixtures in $FIX), then its command (shell,
`drlsim` on PATH, stdin /dev/null) and checks:

  - the exit status;
  - stderr: exactly the expected text (a field starting "re:" is a regular
    expression the whole of stderr, less its final newline, must match); on
    exit status 2 or 3 (bad input, a failed write) it must be one line, as
    the tool promises, whatever the field says (a stop by a signal, 130,
    may say what was kept in more, and a "re:" field holding "\\n" says the
    case prints more than the error, e.g. a table meant for stderr);
  - stdout is empty when the status is not 0 (unless the command sends it
    elsewhere);
  - no file is left behind or changed: the directory after the command holds
    exactly what the setup left there, save the paths the `leaves` column
    names (which must then exist), and never a drlsim temporary file.

Columns (tab-separated; '#' lines and blank lines are skipped):
  category  id  setup  command  exit  stderr  [leaves]
'-' is an empty setup or leaves.  Prints one line per case and
"N passed, M failed"; exits 1 if any failed.

--fill prints the cases file with the exit and stderr columns as observed
(to write a new case: run it, read the message, judge it, keep it).
--only TEXT runs only the cases whose id or category contains TEXT.
"""
import concurrent.futures
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases.tsv")
PRELUDE = os.path.join(HERE, "prelude.sh")
TIMEOUT = 60


def parse(path=CASES):
    """The cases of cases.tsv, each a dict; exits naming the line on a bad one."""
    cases, seen = [], set()
    for n, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        if len(f) not in (6, 7):
            sys.exit(f"{path}:{n}: expected 6 or 7 tab-separated fields, got {len(f)}")
        cat, cid, setup, cmd, status, err = f[:6]
        leaves = f[6] if len(f) == 7 else "-"
        if cid in seen:
            sys.exit(f"{path}:{n}: case id {cid} given twice")
        seen.add(cid)
        if not re.fullmatch(r"\d+", status):
            sys.exit(f"{path}:{n}: exit status '{status}' is not a number")
        cases.append(dict(line=n, cat=cat, id=cid, setup="" if setup == "-" else setup,
                          cmd=cmd, status=int(status), err=err,
                          leaves=[] if leaves == "-" else leaves.split()))
    return cases


def sh(script, cwd, env, timeout=TIMEOUT):
    return subprocess.run(["sh", "-c", script], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, timeout=timeout)


def snapshot(root):
    files = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = os.path.join(dirpath, name)
            rel = os.path.relpath(p, root)
            if os.path.islink(p) or os.path.isdir(p):
                files[rel] = "dir" if os.path.isdir(p) and not os.path.islink(p) else "link"
            else:
                try:
                    files[rel] = hashlib.sha1(open(p, "rb").read()).hexdigest()
                except OSError:
                    files[rel] = "unreadable"
    return files


def fixtures(drlsim, src, fix, env):
    """The shared inputs: data/, small run reports, a check report."""
    shutil.copytree(os.path.join(src, "..", "data"), os.path.join(fix, "data"))
    job = "--levels 60 --dlevels 1-3 --seed 5 --progress never"
    steps = [f"drlsim run {job} --out whole.json"]
    steps += [f"drlsim run {job} --shard {i}/3 --out s{i}.json" for i in range(3)]
    steps += [
        "drlsim run --levels 60 --dlevels 1-3 --seed 6 --progress never --shard 0/3 --out other.json",
        f"drlsim run {job} --ranges 10-30 --out partial.json",
        f"drlsim run {job} --rules game-0.9.9.7 --shard 1/3 --out g1.json",
        "cp -R data edited && sed -i 's/\"multiple\": \\[1, 3\\]/\"multiple\": [1, 4]/' edited/water.json"
        " && ! cmp -s data/water.json edited/water.json",
        f"drlsim run {job} --shard 1/3 --data edited --out s1edited.json",
        "drlsim check --only arena-of-caves --scale 0.001 --progress never --json checkout.json >/dev/null",
    ]
    for s in steps:
        r = sh(s, fix, env, timeout=120)
        if r.returncode != 0:
            sys.exit(f"fixture step failed: {s}: {r.stderr.decode(errors='replace')}")


def run_case(c, base, env):
    d = os.path.join(base, "case-" + c["id"])
    os.mkdir(d)
    # A temporary directory of the case's own, beside its working directory:
    # under MPI each process makes its session directory there, and two
    # cases starting at once in one shared /tmp can race to create it.
    tmp = os.path.join(base, "tmp-" + c["id"])
    os.mkdir(tmp)
    env = dict(env, TMPDIR=tmp)
    problems = []
    if c["setup"]:
        r = sh(f". '{PRELUDE}'\nset -e\n{c['setup']}", d, env)
        if r.returncode != 0:
            return None, None, [f"setup failed: {r.stderr.decode(errors='replace').strip()}"]
    before = snapshot(d)
    t0 = time.monotonic()
    try:
        r = sh(c["cmd"], d, env)
    except subprocess.TimeoutExpired:
        return None, None, [f"timed out after {TIMEOUT} s"]
    if time.monotonic() - t0 > 5:
        print(f"slow: {c['id']} took {time.monotonic() - t0:.1f} s", file=sys.stderr)
    out = r.stdout.decode(errors="replace")
    err = r.stderr.decode(errors="replace")
    after = snapshot(d)
    if r.returncode != c["status"]:
        problems.append(f"exit status {r.returncode}, want {c['status']}")
    want = c["err"]
    got = err[:-1] if err.endswith("\n") else err
    if want.startswith("re:"):
        if not re.fullmatch(want[3:], got, re.S):
            problems.append(f"stderr {got!r} does not match /{want[3:]}/")
    elif got != want:
        problems.append(f"stderr {got!r}, want {want!r}")
    multi = want.startswith("re:") and "\\n" in want  # a case that says it prints more
    if r.returncode in (2, 3) and not multi and (err.count("\n") != 1 or not err.endswith("\n")):
        problems.append(f"stderr is not one line: {err!r}")
    if r.returncode != 0 and out:
        problems.append(f"stdout not empty on error: {out[:200]!r}")
    for p in sorted(set(before) | set(after)):
        if ".drlsim-tmp" in p:
            problems.append(f"temporary file left: {p}")
        elif before.get(p) != after.get(p) and not any(
                p == l or p.startswith(l.rstrip("/") + "/") for l in c["leaves"]):
            what = "left" if p not in before else "removed" if p not in after else "changed"
            problems.append(f"file {what}: {p}")
    for l in c["leaves"]:
        if l not in after:
            problems.append(f"expected file missing: {l}")
    shutil.rmtree(d, ignore_errors=True)
    return r.returncode, got, problems


def main():
    args = sys.argv[1:]
    fill = "--fill" in args
    only = args[args.index("--only") + 1] if "--only" in args else None
    pos = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or args[i - 1] != "--only")]
    drlsim, src = os.path.abspath(pos[0]), os.path.abspath(pos[1])
    cases = parse()
    if only:
        cases = [c for c in cases if only in c["id"] or only in c["cat"]]
    base = tempfile.mkdtemp(prefix="drlsim-robust.")
    try:
        bindir = os.path.join(base, "bin")
        os.mkdir(bindir)
        os.symlink(drlsim, os.path.join(bindir, "drlsim"))
        fix = os.path.join(base, "fix")
        os.mkdir(fix)
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""),
                   FIX=fix, LC_ALL="C", TERM="dumb")
        env.pop("NO_COLOR", None)
        fixtures(drlsim, src, fix, env)
        jobs = int(os.environ.get("ROBUST_JOBS", "2"))
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            results = list(pool.map(lambda c: run_case(c, base, env), cases))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    if fill:
        obs = {c["id"]: (st, got) for c, (st, got, _) in zip(cases, results)}
        for raw in open(CASES, encoding="utf-8"):
            f = raw.rstrip("\n").split("\t")
            if raw.startswith("#") or len(f) < 6 or f[1] not in obs or obs[f[1]][0] is None:
                sys.stdout.write(raw)
                continue
            st, got = obs[f[1]]
            f[4], f[5] = str(st), got.replace("\t", "\\t").replace("\n", "\\n")
            sys.stdout.write("\t".join(f) + "\n")
        return 0
    failed = 0
    for c, (_, _, problems) in zip(cases, results):
        if problems:
            failed += 1
            print(f"FAIL {c['id']} ({c['cat']}, cases.tsv:{c['line']}): {c['cmd']}")
            for p in problems:
                print(f"    {p}")
        else:
            print(f"ok   {c['id']}")
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
