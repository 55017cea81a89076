#!/bin/sh
# setup.sh - install what drlsim needs (Debian 12), configure and build it in build/.
# Used by both README quick-start commands and by .ci/run.  Safe to re-run.
set -eu
cd "$(dirname "$0")/.."
# clang-14 with its sanitizer runtimes (libFuzzer) and OpenMP: the fuzz build
# of tools/test.sh (tools/fuzz.sh); gcc's ASan/UBSan come with gcc.
# help2man: the man page drlsim.1 (tools/manpage.sh), built and installed
# when it is there.
PACKAGES="meson ninja-build gcc pkg-config libgsl-dev libcjson-dev libpng-dev python3 gnuplot-nox
          help2man clang-14 libclang-rt-14-dev libomp-14-dev libxml2-utils"
. tools/packages.sh
# shellcheck disable=SC2086
install_packages setup $PACKAGES
if [ ! -f build/build.ninja ]; then
    meson setup build -Dwerror=true >/dev/null
fi
meson compile -C build >/dev/null
