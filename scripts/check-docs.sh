#!/usr/bin/env bash
# Builds the DocC documentation of each library product's target (their catalogs are
# Sources/TARGET/TARGET.docc) and fails, printing what DocC said, when any has a warning:
# an unresolved symbol or article link, an undocumented parameter, a malformed directive.
# Usage: scripts/check-docs.sh [TARGET...]   (default: the targets below)
# SWIFT names the swift command (default: swift); SwiftPM flags such as --scratch-path go in
# SWIFT_PACKAGE_FLAGS. The archives are written under the build directory's plugins/Swift-DocC.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
read -r -a package_flags <<< "${SWIFT_PACKAGE_FLAGS:-}"
if [ $# -eq 0 ]; then set -- WayfinderSystem Wayfinder WayfinderRouteTools WayfinderTerminal WayfinderKit WayfinderTesting; fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=()
for target in "$@"; do
  echo "check-docs: $target (Sources/$target)"
  # --warnings-as-errors: DocC exits non-zero on a warning, which it prints as an error.
  "$SWIFT" package "${package_flags[@]}" generate-documentation --target "$target" \
    --warnings-as-errors </dev/null >"$log" 2>&1
  status=$?
  # What DocC said, without the build's progress lines.
  diagnostics=$(sed -n '/^Building documentation for/,$p' "$log" | grep -E -v '^(Building documentation for|Finished building documentation for|Generated documentation archive at:|  /.*\.doccarchive$)')
  if [ $status -ne 0 ] || grep -q 'warning:' <<<"$diagnostics"; then
    if [ -n "${diagnostics//[$'\n']/}" ]; then echo "$diagnostics"; else grep -v '^\[' "$log"; fi
    failed+=("$target")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "error: the documentation of ${failed[*]} did not build without warnings (see above)" >&2
  exit 1
fi
echo "check-docs: no warnings"
