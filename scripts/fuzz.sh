#!/usr/bin/env bash
# libFuzzer fuzzing of the engine (`make fuzz`; see FUZZING.md). For each target, builds
# `.build/fuzz/TARGET` from the engine's sources (Sources/Wayfinder) and its harness in Fuzz/,
# compiled as one module with AddressSanitizer and libFuzzer (both come with the Swift
# toolchain), then runs it for FUZZ_SECONDS seconds on a working copy of its seed corpus.
# Prints executions and executions per second per target; exits 1 on any finding (a crash,
# a broken invariant, a timeout, running out of memory), whose input is kept in
# .build/fuzz/artifacts/TARGET/.
#
#   FUZZ_SECONDS=60                        seconds per target
#   FUZZ_TARGETS="links stress-links explain routes state"   the targets to run, in order
#   FUZZ_KEEP_GOING=1                      go on past findings (libFuzzer's fork mode), to
#                                          collect several in one run; still exits 1 if any
#   FUZZ_BUILD_ONLY=1                      build, do not run
#   SWIFTC=swiftc                          the compiler
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-links stress-links explain routes state}
swiftc=${SWIFTC:-swiftc}
out=.build/fuzz

harness() {
  case "$1" in
    links) echo Fuzz/Links.swift ;;
    stress-links) echo Fuzz/StressLinks.swift ;;
    explain) echo Fuzz/Explain.swift ;;
    routes) echo Fuzz/Routes.swift ;;
    state) echo Fuzz/State.swift ;;
    *) return 1 ;;
  esac
}

for target in $targets; do
  harness "$target" >/dev/null || { echo "fuzz: unknown target '$target' (links, stress-links, explain, routes, state)" >&2; exit 64; }
done
case "$seconds" in ''|*[!0-9]*) echo "fuzz: FUZZ_SECONDS must be a whole number of seconds" >&2; exit 64 ;; esac

# One module, as NOTES.md explains: `-package-name` for `package` declarations, the
# language mode of Package.swift, lld (gold warns about every ASan symbol).
# WAYFINDER_CHECKED: the engine's checked views check every access, and the resolver its
# invariants on each link, as in debug builds.
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -use-ld=lld
  -module-name Wayfinder -package-name Wayfinder -D WAYFINDER_CHECKED)
mkdir -p "$out"

# Builds when the binary is missing, or older than any source, the harness or the shared
# support file, or built with other flags.
build() {
  local target=$1 source binary stamp
  source=$(harness "$target")
  binary=$out/$target
  stamp=$out/.$target.flags
  local sources=()
  while IFS= read -r file; do sources+=("$file"); done < <(find Sources/Wayfinder -name '*.swift' | LC_ALL=C sort)
  if [ -x "$binary" ] && [ "$(cat "$stamp" 2>/dev/null)" = "${flags[*]}" ] \
    && [ -z "$(find "${sources[@]}" Fuzz/Support.swift "$source" -newer "$binary" 2>/dev/null | head -1)" ]; then
    echo "fuzz: $binary is up to date"
    return
  fi
  echo "fuzz: building $binary"
  local started=$SECONDS
  "$swiftc" "${flags[@]}" "${sources[@]}" Fuzz/Support.swift "$source" -o "$binary.tmp"
  mv "$binary.tmp" "$binary"
  echo "${flags[*]}" > "$stamp"
  echo "fuzz: built $binary in $((SECONDS - started)) s"
}

# The seeds and the dictionary of a target: its own; `explain` reads the links of both
# link targets, with both their dictionaries.
seeds() {
  case "$1" in
    explain) echo Fuzz/corpus/links Fuzz/corpus/stress-links ;;
    *) echo Fuzz/corpus/"$1" ;;
  esac
}
dictionary() {
  case "$1" in
    explain) cat Fuzz/links.dict Fuzz/stress-links.dict > "$out/explain.dict"; echo "$out/explain.dict" ;;
    *) echo Fuzz/"$1".dict ;;
  esac
}

for target in $targets; do build "$target"; done
[ -n "${FUZZ_BUILD_ONLY:-}" ] && exit 0

summary=()
failed=0
for target in $targets; do
  work=$out/corpus/$target
  artifacts=$out/artifacts/$target
  log=$out/logs/$target.log
  mkdir -p "$work" "$artifacts" "$out/logs"
  # The committed seeds are copied: libFuzzer adds what it finds to the working copy only.
  for seed in $(seeds "$target"); do cp -n "$seed"/* "$work"/ 2>/dev/null || true; done
  marker=$out/logs/$target.start
  touch "$marker"
  options=(-max_total_time="$seconds" -max_len=4096 -timeout=2 -rss_limit_mb=4096
    -print_final_stats=1 -dict="$(dictionary "$target")" -artifact_prefix="$artifacts"/)
  if [ -n "${FUZZ_KEEP_GOING:-}" ]; then
    options+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  fi
  echo "fuzz: running $target for $seconds s (log: $log)"
  status=0
  SWIFT_BACKTRACE=enable=no "$out/$target" "${options[@]}" "$work" > "$log" 2>&1 || status=$?
  # Final statistics (on a finding too); in fork mode, the last status line.
  runs=$(awk '/^stat::number_of_executed_units:/ { print $2 }' "$log" | tail -1)
  speed=$(awk '/^stat::average_exec_per_sec:/ { print $2 }' "$log" | tail -1)
  if [ -z "$runs" ]; then
    runs=$(sed -n 's/^#\([0-9][0-9]*\).*/\1/p' "$log" | tail -1)
    speed=$(sed -n 's/.*exec\/s: \([0-9][0-9]*\).*/\1/p' "$log" | tail -1)
  fi
  corpus=$(find "$work" -type f | wc -l)
  found=$(find "$artifacts" -type f -newer "$marker" | wc -l)
  if [ "$status" -ne 0 ] && [ "$found" -eq 0 ]; then
    found=1
    echo "fuzz: $target: libFuzzer ended with status $status and kept no input; the end of $log:" >&2
    tail -15 "$log" >&2
  fi
  summary+=("$(printf '%-13s %12s %10s %8s %9s' "$target" "${runs:-?}" "${speed:-?}" "$corpus" "$found")")
  if [ "$found" -gt 0 ]; then
    failed=1
    echo "fuzz: $target: FINDING (libFuzzer status $status)" >&2
    # Each new input (the first five) run again, for the harness's own message or the
    # sanitizer's / runtime's report.
    while IFS= read -r artifact; do
      echo "  reproduce: SWIFT_BACKTRACE=enable=no $out/$target $artifact" >&2
      report=$(SWIFT_BACKTRACE=enable=no "$out/$target" -timeout=5 "$artifact" 2>&1 || true)
      if grep -q 'WAYFINDER FUZZ FINDING' <<< "$report"; then
        sed -n '/==== WAYFINDER FUZZ FINDING ====/,/^================================$/p' <<< "$report" | head -40 >&2
      else
        grep -m 5 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|Fatal error|SUMMARY|ALARM' <<< "$report" >&2 || tail -20 <<< "$report" >&2
      fi
    done < <(find "$artifacts" -type f -newer "$marker" | head -5)
  fi
done

echo
printf '%-13s %12s %10s %8s %9s\n' target executions exec/s corpus findings
printf '%s\n' "${summary[@]}"
if [ "$failed" -ne 0 ]; then
  echo "fuzz: findings; see above and FUZZING.md (reproducing, minimizing)" >&2
  exit 1
fi
echo "fuzz: no findings"
