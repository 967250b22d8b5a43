#!/usr/bin/env bash
# Installs the Debian packages Wayfinder needs to build and test, when they are missing.
# Used by `make run` and `make test`; safe to run again (it does nothing when all is there).
#
#   scripts/install-deps.sh                        the packages the build and the tests need
#   scripts/install-deps.sh --commands NAME…       the packages of those names, for the
#                                                  commands not on PATH (hyperfine, valgrind…)
set -euo pipefail

missing=()
if [ "${1:-}" = "--commands" ]; then
  shift
  for command in "$@"; do
    command -v "$command" >/dev/null 2>&1 || missing+=("$command")
  done
else
  # The libraries the targets link (see Package.swift): libedit (with libbsd, libmd and
  # terminfo from ncurses), SQLite (for GRDB), libcrypt; graphviz and tmux for the tests, and
  # man (man-db, with groff) for the test that renders the installed man page; python3 for
  # scripts/check-sizes.sh (no file over 400 lines, no function over 60); binutils for `make
  # install` (which strips the program) and its test (readelf).
  packages=(binutils graphviz libedit-dev libbsd-dev libmd-dev libncurses-dev libsqlite3-dev libcrypt-dev tmux man-db groff-base python3)
  for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "error: missing packages (${missing[*]}); install them as root: apt-get install -y ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
