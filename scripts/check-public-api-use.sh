#!/usr/bin/env bash
# The kit, the test support and the route tools use only what the engine offers any package:
# its public API (or API marked `@_spi`), never its `package` members, so that anyone could
# write what they do. Type-checks each of those targets' sources as a module of another
# package, against the modules of the debug build (`swift build` first).
# Usage: scripts/check-public-api-use.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then set -- WayfinderKit WayfinderTesting WayfinderRouteTools; fi
modules=.build/debug/Modules
[ -d "$modules" ] || { echo "check-public-api-use: no debug build in .build (run 'swift build' first)" >&2; exit 66; }
failed=0
for target in "$@"; do
  sources=()
  while IFS= read -r file; do sources+=("$file"); done < <(find "Sources/$target" -name '*.swift' | LC_ALL=C sort)
  # libedit's module map, for the terminal and what imports it.
  # libedit's headers, for the terminal's C module.
  if output=$(swiftc -typecheck -swift-version 6 -module-name "$target" -package-name "OutsideOf$target" \
      -I "$modules" -I Sources/CEditLine -Xcc -I/usr/include/editline "${sources[@]}" 2>&1); then
    echo "check-public-api-use: $target uses only public API"
  else
    grep -E 'error:' <<<"$output" >&2 || printf '%s\n' "$output" >&2
    echo "error: $target uses API that is not public (above)" >&2
    failed=1
  fi
done
exit $failed
