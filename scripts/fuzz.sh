#!/usr/bin/env bash
# libFuzzer fuzzing of the engine (`make fuzz`; see FUZZING.md). Builds one fuzzer,
# `.build/fuzz/wayfinder-fuzz`, with AddressSanitizer and libFuzzer (both come with the Swift
# toolchain): each of the engine's modules (`modules` below) compiled once into a static
# library, and every harness in Fuzz/ linked with them. Then runs each target (as
# `.build/fuzz/TARGET`, a link to the fuzzer, whose name chooses the target) for FUZZ_SECONDS
# seconds on a working copy of the target's seed corpus, FUZZ_JOBS targets at a time. Prints executions and executions per
# second per target; exits 1 on any finding (a crash, a broken invariant, a timeout, running
# out of memory), whose input is kept in .build/fuzz/artifacts/TARGET/.
#
#   FUZZ_SECONDS=60                        seconds per target
#   FUZZ_TARGETS="links stress-links explain routes state"   the targets to run, in order
#   FUZZ_JOBS=2                            how many targets run at once (default: the cores)
#   FUZZ_KEEP_GOING=1                      go on past findings (libFuzzer's fork mode), to
#                                          collect several in one run; still exits 1 if any
#   FUZZ_BUILD_ONLY=1                      build, do not run
#   SWIFTC=swiftc                          the compiler
set -euo pipefail
cd "$(dirname "$0")/.."

# The engine's modules, lowest first: each is the directory Sources/MODULE, compiled as a
# module of that name that may import the ones before it. The harnesses import them all
# (`@testable`, so that they may use internal API).
modules=(WayfinderSystem Wayfinder WayfinderRouteTools)
# The targets, in the order they run; each is a `FuzzTarget` of Fuzz/ (see Fuzz/Main.swift).
all_targets="links stress-links explain routes state"

seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-$all_targets}
swiftc=${SWIFTC:-swiftc}
out=.build/fuzz
libraries=$out/modules
fuzzer=$out/wayfinder-fuzz

for target in $targets; do
  case " $all_targets " in *" $target "*) ;; *) echo "fuzz: unknown target '$target' (${all_targets// /, })" >&2; exit 64 ;; esac
done
case "$seconds" in ''|*[!0-9]*) echo "fuzz: FUZZ_SECONDS must be a whole number of seconds" >&2; exit 64 ;; esac

# For every module and the harnesses: `-package-name` for `package` declarations, the
# language mode of Package.swift. DEBUG and asserts on: the resolver checks its invariants on
# each link, as in debug builds (bounds are checked in every build).
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name Wayfinder
  -D DEBUG -assert-config Debug)
# The modules: `-enable-testing` for the harnesses' `@testable import`.
module_flags=("${flags[@]}" -enable-testing -I "$libraries")
# The fuzzer: lld, as gold warns about every ASan symbol.
link_flags=("${flags[@]}" -use-ld=lld -module-name WayfinderFuzz -I "$libraries" -L "$libraries")
mkdir -p "$libraries"

# True when OUTPUT is missing, was built with other flags than FLAGS (kept in OUTPUT.flags),
# or is older than one of the INPUTS (files, and directories, whose time changes when a file
# is added to or removed from them; not what is under them).
stale() {
  local output=$1 flags=$2; shift 2
  [ ! -e "$output" ] || [ "$(cat "$output.flags" 2>/dev/null)" != "$flags" ] \
    || [ -n "$(find "$@" -maxdepth 0 -newer "$output" 2>/dev/null | head -1)" ]
}

# Compiles (when stale) one module into $libraries: lib$1.a and $1.swiftmodule. A module
# below it built again is newer than it, so it is built again too.
build_module() {
  local module=$1 directory=Sources/$1 sources=() directories=() started=$SECONDS
  [ -d "$directory" ] || { echo "fuzz: no module directory $directory (see modules in $0)" >&2; exit 64; }
  while IFS= read -r file; do sources+=("$file"); done < <(find "$directory" -name '*.swift' | LC_ALL=C sort)
  while IFS= read -r folder; do directories+=("$folder"); done < <(find "$directory" -type d)
  local library=$libraries/lib$module.a
  if ! stale "$library" "${module_flags[*]}" "${directories[@]}" "${sources[@]}" "${built[@]}"; then
    echo "fuzz: $library is up to date"
    return
  fi
  echo "fuzz: compiling module $module (${#sources[@]} files)"
  "$swiftc" "${module_flags[@]}" -module-name "$module" -emit-module -emit-module-path "$libraries/$module.swiftmodule" \
    -emit-library -static -o "$library.tmp" "${sources[@]}"
  mv "$library.tmp" "$library"
  echo "${module_flags[*]}" > "$library.flags"
  echo "fuzz: compiled $library in $((SECONDS - started)) s"
}

# Links (when stale) the harnesses with the modules' libraries into $fuzzer, and
# $out/TARGET for each target, a link to it.
build_fuzzer() {
  local harnesses=() started=$SECONDS libs=()
  while IFS= read -r file; do harnesses+=("$file"); done < <(find Fuzz -maxdepth 1 -name '*.swift' | LC_ALL=C sort)
  for module in "${modules[@]}"; do libs+=(-l"$module"); done
  if stale "$fuzzer" "${link_flags[*]} ${libs[*]}" Fuzz "${harnesses[@]}" "${built[@]}"; then
    echo "fuzz: building $fuzzer (${#harnesses[@]} harness files)"
    "$swiftc" "${link_flags[@]}" "${harnesses[@]}" "${libs[@]}" -o "$fuzzer.tmp"
    mv "$fuzzer.tmp" "$fuzzer"
    echo "${link_flags[*]} ${libs[*]}" > "$fuzzer.flags"
    echo "fuzz: built $fuzzer in $((SECONDS - started)) s"
  else
    echo "fuzz: $fuzzer is up to date"
  fi
  for target in $all_targets; do ln -sfn "$(basename "$fuzzer")" "$out/$target"; done
}

built=()
for module in "${modules[@]}"; do
  build_module "$module"
  built+=("$libraries/lib$module.a")
done
build_fuzzer

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

[ -n "${FUZZ_BUILD_ONLY:-}" ] && exit 0

# Runs one target, its summary row written to $out/logs/TARGET.summary and, on a finding,
# its report to $out/logs/TARGET.report (printed once every target has ended: the targets
# run side by side).
run_target() {
  local target=$1
  local work=$out/corpus/$target artifacts=$out/artifacts/$target log=$out/logs/$target.log
  local report=$out/logs/$target.report marker=$out/logs/$target.start
  mkdir -p "$work" "$artifacts" "$out/logs"
  rm -f "$report"
  # The committed seeds are copied: libFuzzer adds what it finds to the working copy only.
  for seed in $(seeds "$target"); do cp -n "$seed"/* "$work"/ 2>/dev/null || true; done
  touch "$marker"
  local options=(-max_total_time="$seconds" -max_len=4096 -timeout=2 -rss_limit_mb=4096
    -print_final_stats=1 -dict="$(dictionary "$target")" -artifact_prefix="$artifacts"/)
  if [ -n "${FUZZ_KEEP_GOING:-}" ]; then
    options+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  fi
  echo "fuzz: running $target for $seconds s (log: $log)"
  local status=0
  SWIFT_BACKTRACE=enable=no "$out/$target" "${options[@]}" "$work" > "$log" 2>&1 || status=$?
  # Final statistics (on a finding too); in fork mode, the last status line.
  local runs speed corpus found
  runs=$(awk '/^stat::number_of_executed_units:/ { print $2 }' "$log" | tail -1)
  speed=$(awk '/^stat::average_exec_per_sec:/ { print $2 }' "$log" | tail -1)
  if [ -z "$runs" ]; then
    runs=$(sed -n 's/^#\([0-9][0-9]*\).*/\1/p' "$log" | tail -1)
    speed=$(sed -n 's/.*exec\/s: \([0-9][0-9]*\).*/\1/p' "$log" | tail -1)
  fi
  corpus=$(find "$work" -type f | wc -l)
  found=$(find "$artifacts" -type f -newer "$marker" | wc -l)
  {
    if [ "$status" -ne 0 ] && [ "$found" -eq 0 ]; then
      found=1
      echo "fuzz: $target: libFuzzer ended with status $status and kept no input; the end of $log:"
      tail -15 "$log"
    fi
    if [ "$found" -gt 0 ]; then
      echo "fuzz: $target: FINDING (libFuzzer status $status)"
      # Each new input (the first five) run again, for the harness's own message or the
      # sanitizer's / runtime's report.
      while IFS= read -r artifact; do
        echo "  reproduce: SWIFT_BACKTRACE=enable=no $out/$target $artifact"
        local output
        output=$(SWIFT_BACKTRACE=enable=no "$out/$target" -timeout=5 "$artifact" 2>&1 || true)
        if grep -q 'WAYFINDER FUZZ FINDING' <<< "$output"; then
          sed -n '/==== WAYFINDER FUZZ FINDING ====/,/^================================$/p' <<< "$output" | head -40
        else
          grep -m 5 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|Fatal error|SUMMARY|ALARM' <<< "$output" || tail -20 <<< "$output"
        fi
      done < <(find "$artifacts" -type f -newer "$marker" | head -5)
    fi
  } > "$report.tmp"
  if [ -s "$report.tmp" ]; then mv "$report.tmp" "$report"; else rm -f "$report.tmp"; fi
  printf '%-13s %12s %10s %8s %9s\n' "$target" "${runs:-?}" "${speed:-?}" "$corpus" "$found" > "$out/logs/$target.summary"
}

# FUZZ_JOBS targets at a time (one per core by default): each runs its FUZZ_SECONDS all the
# same, side by side.
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
case "$jobs" in ''|*[!0-9]*|0) echo "fuzz: FUZZ_JOBS must be a whole number above 0" >&2; exit 64 ;; esac
running=0
for target in $targets; do
  rm -f "$out/logs/$target.summary"
  run_target "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait

failed=0
summary=()
for target in $targets; do
  if [ -s "$out/logs/$target.report" ]; then
    failed=1
    cat "$out/logs/$target.report" >&2
  fi
  if [ -s "$out/logs/$target.summary" ]; then
    summary+=("$(cat "$out/logs/$target.summary")")
  else
    failed=1
    summary+=("$(printf '%-13s %12s %10s %8s %9s' "$target" '?' '?' '?' 'no result')")
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
