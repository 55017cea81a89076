#!/bin/sh
# layers_check.sh SRCDIR STAMP LIB... - what the include directories of the
# build cannot check of the layers (docs/design.md):
#  - every C file of SRCDIR is in a layer's folder;
#  - no #include climbs out of its folder with "../", which would reach a
#    layer above past the include directories;
#  - each layer's library LIB (given bottom-up) uses nothing of a library
#    above it: a symbol it leaves undefined is defined by itself, by a
#    library below it or outside drlsim (a prototype written by hand would
#    otherwise call upwards).
# The build runs it (src/meson.build).  Touches STAMP when all is well, else
# prints each offence and exits 1.
src=$1
stamp=$2
shift 2
status=0
for f in $(cd "$src" && find . -name '*.[ch]' | sort); do
    f=${f#./}
    case ${f%%/*} in
    base | rules | gen | sim | check | out | cmd) ;;
    *) echo "$src/$f: not in a layer's folder (docs/design.md)"; status=1 ;;
    esac
done
hits=$(grep -rn --include='*.[ch]' -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<][^">]*[.][.]/' "$src")
if [ -n "$hits" ]; then
    printf '%s\n' "$hits" | sed 's|$|  <- an #include climbs out of its folder (docs/design.md)|'
    status=1
fi
names=""
i=0
for lib; do
    i=$((i + 1))
    names="$names ${lib##*/}"
    nm -g --defined-only "$lib" 2>/dev/null | sed -n "s/^[0-9a-fA-F]* [A-Z] \(.*\)$/D $i \1/p"
    nm -u "$lib" 2>/dev/null | sed -n "s/^ *U \(.*\)$/U $i \1/p"
done >"$stamp.symbols"
up=$(awk -v names="$names" '
    BEGIN { split(names, lib, " ") }
    $1 == "D" { if (!($3 in def) || $2 < def[$3]) def[$3] = $2; next }
    { use[++n] = $2 " " $3 }
    END {
        for (k = 1; k <= n; k++) {
            split(use[k], u, " ")
            if ((u[2] in def) && def[u[2]] > u[1] + 0)
                printf "%s uses %s of %s, a layer above it\n", lib[u[1]], u[2], lib[def[u[2]]]
        }
    }' "$stamp.symbols" | sort -u)
rm -f "$stamp.symbols"
if [ -n "$up" ]; then
    printf '%s\n' "$up"
    status=1
fi
[ "$status" -eq 0 ] && : >"$stamp"
exit "$status"
