# packages.sh - sourced by tools/setup.sh and tools/mpi_test.sh (Debian 12).
# install_packages LABEL PKG...: apt-get install the packages that are not
# installed yet (as root, or through sudo), saying which under LABEL on
# stderr; returns apt-get's status (0 when nothing was missing).
install_packages() {
    ip_label=$1
    shift
    ip_missing=""
    for ip_p in "$@"; do
        dpkg-query -W -f='${Status}' "$ip_p" 2>/dev/null | grep -q "ok installed" \
            || ip_missing="$ip_missing $ip_p"
    done
    [ -n "$ip_missing" ] || return 0
    if [ "$(id -u)" = 0 ]; then ip_sudo=""; else ip_sudo="sudo"; fi
    echo "$ip_label: installing$ip_missing" >&2
    $ip_sudo apt-get update -qq || return 1
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $ip_sudo apt-get install -y -qq $ip_missing >/dev/null
}
