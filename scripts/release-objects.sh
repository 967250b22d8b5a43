#!/usr/bin/env bash
# Usage: scripts/release-objects.sh SCRATCH_PATH FLAG…
#
# Drops the release objects under SCRATCH_PATH (a SwiftPM build directory) when they were
# compiled with other flags than FLAG…, so that the next `swift build FLAG…` compiles them
# again. SwiftPM relinks when the flags change, but it keeps objects whose sources did not
# change even when the compiler's own options (`-Xfrontend …`) did: without this, a checkout
# that built before a change of the release flags would keep the old code.
set -euo pipefail
scratch=$1
shift
stamp="$scratch/release-flags.txt"
if [ "$(cat "$stamp" 2>/dev/null)" != "$*" ]; then
  rm -rf "$scratch"/*-unknown-linux-gnu/release "$scratch/release.yaml"
  mkdir -p "$scratch"
  printf '%s\n' "$*" > "$stamp"
fi
