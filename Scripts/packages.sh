# What the scripts need from the system's packages, sourced by them. A script never installs
# anything unasked, nor asks for more rights than it has: without --install it says what to
# install and stops; with --install it installs it with apt-get, which needs root (CI's is).

# need INSTALL PACKAGE CHECK...: runs CHECK (a command, its output dropped); when it fails, and
# INSTALL is 1, installs the Debian package PACKAGE and runs CHECK again. Returns 1, having said
# what to run, when CHECK still fails.
need() {
    local install=$1 package=$2
    shift 2
    "$@" >/dev/null 2>&1 && return 0
    if (( install )) && command -v apt-get >/dev/null; then
        echo "Installing $package from the system's packages..." >&2
        { apt-get install -y "$package" || { apt-get update && apt-get install -y "$package"; }; } >/dev/null 2>&1
        "$@" >/dev/null 2>&1 && return 0
        echo "error: $package could not be installed; install it as root: apt-get install $package" >&2
        return 1
    fi
    echo "error: this needs the package $package (its Debian and Ubuntu name); install it, as root:" >&2
    echo "  apt-get install $package" >&2
    echo "or run this again with --install" >&2
    return 1
}
