#!/usr/bin/env bash
# `make startup-order`: rewrites Sources/wayfinder/Linking/startup.order, the order in which
# `make release` lays out the functions that runs of `wayfinder` execute, so that they sit
# together in the binary instead of spread over its 19 MB of code. A run then maps fewer
# pages of it (the REPL 6 MiB of code instead of 10): fewer page faults, less memory.
#
# The list comes from real runs under valgrind's callgrind (every function executed, not
# samples): `open` signed in and signed out, `resolve`, and a piped REPL session. Functions
# of the short runs come first; in each group, the functions with a section of their own
# before those that share one (see startup_order.py). A stale list costs only speed (names it gives that no longer
# exist are skipped by the linker; new functions are laid out as before): rerun this after
# large changes. A few minutes (a release build, then the runs under valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
order="$root/Sources/wayfinder/Linking/startup.order"

scripts/install-deps.sh --commands valgrind python3
make --no-print-directory release
wayfinder="$root/.build/release/wayfinder"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Linked again with a map of which functions share a section (see startup_order.py).
rm -f "$wayfinder"
read -r -a release_flags <<< "$(make -s --no-print-directory release-flags)"
swift build "${release_flags[@]}" -Xlinker -Map="$work/wayfinder.map" --product wayfinder
signed_out="$work/signed-out"
signed_in="$work/signed-in"
repl="$work/repl"
mkdir "$signed_out" "$signed_in" "$repl"
export HOME="$work" XDG_STATE_HOME="$work/state"
printf 'login alice\nwonderland\nlogout\n' | "$wayfinder" --data-dir "$signed_out" --fresh >/dev/null
printf 'login alice\nwonderland\nquit\n' | "$wayfinder" --data-dir "$signed_in" --fresh >/dev/null
cp -R "$signed_out/." "$repl/"

run=0
outputs=()
profile() {
  run=$((run + 1))
  local out="$work/callgrind.$run"
  valgrind --tool=callgrind --demangle=no --dump-instr=no --callgrind-out-file="$out" \
    "$wayfinder" "$@" >/dev/null 2>>"$work/valgrind.log" || {
    echo "error: 'wayfinder $*' failed under valgrind (see below)" >&2
    tail -20 "$work/valgrind.log" >&2
    exit 1
  }
  outputs+=("$out")
}

link='wayfinder://main/feed/post/42'
echo "== Profiling: open (signed in, signed out), resolve, a REPL session"
profile open "$link" --format json --data-dir "$signed_in"
profile open "$link" --format json --data-dir "$signed_out"
profile resolve "$link"
profile open "$link" --data-dir "$signed_in"
# The REPL: what a session does most (the benchmark's navigation mix, one round of it), then
# the other screens.
profile --data-dir "$repl" --fresh < <(
  python3 "$root/Benchmarks/scripts/repl_session.py" --script 12
  printf '%s\n' 'tab me' 'tab feed' next prev settings notifications back about back main where state help \
    undo redo logout quit)

# The short runs, then (+) the REPL session.
last=$((${#outputs[@]} - 1))
python3 "$root/scripts/startup_order.py" wayfinder --map "$work/wayfinder.map" \
  "${outputs[@]:0:$last}" + "${outputs[$last]}" > "$order.tmp"
mv "$order.tmp" "$order"
echo "Wrote $order ($(wc -l < "$order") functions)"
# SwiftPM does not know that the link reads this file: link again.
rm -f "$wayfinder"
make --no-print-directory release
