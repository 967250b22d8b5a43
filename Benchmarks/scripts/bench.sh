#!/usr/bin/env bash
# `make bench`: builds the release binaries, runs every benchmark (package-benchmark, the piped
# REPL session, cold starts with hyperfine) and writes Benchmarks/RESULTS.md and
# Benchmarks/chart.svg from what this run measured. Raw outputs go to Benchmarks/results/.
# Takes about five minutes from a clean checkout on 2 cores (most of it building).
set -euo pipefail
cd "$(dirname "$0")/.."
benchmarks=$(pwd)
root=$(cd .. && pwd)
results="$benchmarks/results"
mkdir -p "$results"
# The last run's headline figures, for the report to show beside this run's.
if [ -f "$results/targets.json" ]; then mv "$results/targets.json" "$results/targets-previous.json"; fi

"$root/scripts/install-deps.sh" --commands hyperfine python3

# SwiftPM keeps the build plan of a path dependency whose source files were added or
# removed since the last build (the new files are then missing from it): start afresh, in
# each scratch path (the references link the engine too).
rm -f .build/release.yaml .build/debug.yaml .build/*/release.yaml .build/*/debug.yaml

# Both binaries are built the same way, as `make release` builds `wayfinder`.
release_flags=(-c release --static-swift-stdlib)
echo "== Building: wayfinder and hello, with: ${release_flags[*]}"
swift build "${release_flags[@]}" --package-path "$root" \
  --scratch-path "$benchmarks/.build/wayfinder-release" --product wayfinder
for reference in hello hello-linked hello-parsed; do
  swift build "${release_flags[@]}" --scratch-path "$benchmarks/.build/hello-release" --product "$reference"
done
swift build -c release --product bench-check
wayfinder="$benchmarks/.build/wayfinder-release/release/wayfinder"
hello="$benchmarks/.build/hello-release/release/hello"
hello_linked="$benchmarks/.build/hello-release/release/hello-linked"
hello_parsed="$benchmarks/.build/hello-release/release/hello-parsed"

echo "== Checking the generated tables and inputs (the three routers must agree)"
.build/release/bench-check > "$results/check.jsonl"
cat "$results/check.jsonl"

echo "== package-benchmark (about a minute)"
swift package benchmark --format markdown --no-progress > "$results/benchmarks.md"
grep -c '^### ' "$results/benchmarks.md" | xargs echo "benchmarks run:"

echo "== Piped REPL sessions"
python3 scripts/repl_session.py "$wayfinder" 10000 100000 | tee "$results/repl.jsonl"

echo "== Batch resolution: resolve - (1 and 10 million links)"
python3 scripts/batch_resolve.py "$wayfinder" 1000000 10000000 | tee "$results/batch.jsonl"

echo "== Cold starts (hyperfine)"
data=$(mktemp -d)
signed_in=$(mktemp -d)
trap 'rm -rf "$data" "$signed_in"' EXIT
# Data directories with their database made, so that `open` measures a start, not a first
# run: one signed out (the link waits for sign-in; no data is needed), one with a saved
# session (`open` reads it from the database and shows the link as that user).
printf 'login alice\nwonderland\nlogout\n' | "$wayfinder" --data-dir "$data" --fresh >/dev/null
printf 'login alice\nwonderland\nquit\n' | "$wayfinder" --data-dir "$signed_in" --fresh >/dev/null
link='wayfinder://main/feed/post/7'
# In rounds: hyperfine runs each command's runs in one block, and this machine's speed
# drifts between blocks; a ratio to hello is taken within each round (blocks a tenth of a
# second apart), and the report gives the median of the rounds' ratios.
rm -f "$results"/startup*.json
for round in $(seq 1 10); do
  hyperfine -N --warmup 5 --runs 30 --style none --export-json "$results/startup-$round.json" \
    --command-name hello "$hello" \
    --command-name "hello-linked" "$hello_linked" \
    --command-name "hello-parsed URL" "$hello_parsed $link" \
    --command-name "wayfinder resolve URL" "$wayfinder resolve $link" \
    --command-name "wayfinder open URL --format json" "$wayfinder open $link --format json --data-dir $data" \
    --command-name "wayfinder open URL --format json (signed in)" "$wayfinder open $link --format json --data-dir $signed_in"
done

echo "== Machine"
{
  echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "cores=$(nproc)"
  echo "memory=$(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
  echo "os=$(. /etc/os-release && echo "$PRETTY_NAME"), kernel $(uname -r)"
  echo "swift=$(swift --version 2>/dev/null | head -1)"
  echo "commit=$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- "$root/Sources" || echo ' (with uncommitted changes in Sources/)')"
  echo "hyperfine=$(hyperfine --version)"
  echo "binary=$(du -h "$wayfinder" | cut -f1) wayfinder, $(du -h "$hello" | cut -f1) hello, $(du -h "$hello_linked" | cut -f1) hello-linked"
} > "$results/machine.txt"
cat "$results/machine.txt"

python3 scripts/report.py "$benchmarks"
echo "Wrote $benchmarks/RESULTS.md and $benchmarks/chart.svg"
