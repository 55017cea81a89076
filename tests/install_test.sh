#!/bin/sh
# install_test.sh BUILDDIR MESON BINDIR MANDIR HAVE_MAN DOCDIR - `meson install
# --destdir` puts the program in BINDIR, the documents in DOCDIR and, when
# help2man was found at configure time (HAVE_MAN = yes), the man page in
# MANDIR/man1; the installed program runs, the page holds every command's
# help, and the documents it points to are installed where it says.
build=$1
meson=$2
bindir=$3
mandir=$4
have_man=$5
docdir=$6
. "$(dirname "$0")/harness.sh"

dest="$tmp/dest"
if "$meson" install -C "$build" --no-rebuild --quiet --destdir "$dest" >"$tmp/log" 2>&1; then ok
else ko "meson install --destdir failed: $(tail -5 "$tmp/log")"; fi
# BINDIR and MANDIR are absolute (prefix included); DESTDIR goes in front.
bin="$dest$bindir/drlsim"
if [ -x "$bin" ] && "$bin" --version | grep -q '^drlsim '; then ok
else ko "$bin is not an installed, working drlsim"; fi

# The guide and every document it names (docs/NAME.md in the source tree,
# DOCDIR/NAME.md installed) and the pictures, installed together.
doc="$dest$docdir"
if [ -f "$doc/guide.md" ] && [ -f "$doc/README.md" ] && [ -f "$doc/img/arena.png" ]; then ok
else ko "$doc lacks guide.md, README.md or img/: $(ls "$doc" 2>&1 | head -3)"; fi
missing=""
for l in $(grep -o 'docs/[a-z0-9-]*\.md' "$doc/guide.md" 2>/dev/null | sed 's|^docs/||' | sort -u); do
    [ -f "$doc/$l" ] || missing="$missing $l"
done
if [ -z "$missing" ]; then ok; else ko "documents the installed guide links to are missing:$missing"; fi

page="$dest$mandir/man1/drlsim.1"
if [ "$have_man" = yes ]; then
    if [ -f "$page" ] && grep -q '^\.TH DRLSIM "1"' "$page"; then ok
    else ko "$page is missing or not a man page"; fi
    # every command of `drlsim --help` has its subsection, with its options
    for c in $("$bin" --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && NF > 1 { print $1 }'); do
        if grep -q "^\.SS \"drlsim $c\"" "$page"; then ok; else ko "drlsim.1 lacks the command $c"; fi
    done
    if grep -q 'csv' "$page"; then ok; else ko "drlsim.1 lacks run --csv"; fi
    # SEE ALSO names the installed guide, and it is there
    if grep -q -- "$(echo "$docdir/guide.md" | sed 's/-/\\\\-/g')" "$page" && [ -f "$doc/guide.md" ]; then ok
    else ko "drlsim.1 does not point to the installed $docdir/guide.md"; fi
    if command -v groff >/dev/null 2>&1; then
        groff -man -ww -z "$page" >"$tmp/groff" 2>&1
        if [ -s "$tmp/groff" ]; then ko "groff warns about drlsim.1: $(head -3 "$tmp/groff")"; else ok; fi
    fi
else
    echo "SKIP: help2man was not found when the build was configured: no man page to check"
fi
finish
