#!/bin/sh
# manpage.sh HELP2MAN DRLSIM OUT DOCDIR - write the man page drlsim.1 from the
# program's own help (meson builds it when help2man is found; `meson install`
# puts it in share/man/man1, and the documents it points to in DOCDIR).
#
# One page for the whole tool: `drlsim --help` becomes NAME, DESCRIPTION and
# the command list (help2man), and every command's `--help`, verbatim, its own
# subsection of COMMANDS, so `man drlsim` holds every option and `/--csv`
# finds it.  The commands are read from the "Commands:" list of `drlsim
# --help`, so a new command is in the page without touching this file.
set -eu
help2man=$1
drlsim=$2
out=$3
docdir=$4
inc="$out.include"

# roff-safe verbatim text: backslashes escaped, '-' a real minus (copied
# options must work), a leading '.' or "'" not read as a request.
roff() {
    sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
}

commands=$("$drlsim" --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && NF > 1 { print $1 }')
{
    echo "[COMMANDS]"
    for c in $commands; do
        echo ".SS \"drlsim $c\""
        echo ".nf"
        "$drlsim" "$c" --help | roff
        echo ".fi"
    done
    # printf, not echo: dash's echo would turn \f into a form feed
    printf '%s\n' "[ENVIRONMENT]" ".TP" ".B OMP_NUM_THREADS" \
        'worker threads when \fB\-\-threads\fR is not given (default: all cores): an' \
        'integer 1..1024, read by drlsim itself; anything else is an error (exit status 2)' \
        'of the commands that generate levels.' \
        ".TP" ".B NO_COLOR" \
        'when set, \fBdrlsim gen\fR never colours the map (nor with \fBTERM=dumb\fR).'
    printf '%s\n' "[SEE ALSO]" \
        "The user guide, $docdir/guide.md, and the documents it lists," \
        "in the same directory (installed with drlsim; docs/ in its source tree):" \
        "the rules of each level type, the run report and its CSV files, the" \
        "checks and their file, pictures, clusters (MPI)."
} >"$inc"

# SOURCE_DATE_EPOCH (when set) fixes the page's date, for reproducible builds.
"$help2man" --no-info \
    --name "statistical simulator of DoomRL's random level generator" \
    --include "$inc" --output "$out" "$drlsim"
rm -f "$inc"
