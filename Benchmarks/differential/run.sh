#!/usr/bin/env bash
# Differential check of deep-link resolution and printing: the engine as it was at 82bad88
# (before the unsafe code went into one file; override with BASE=…) against the working tree, on generated
# and mutated links over nine route tables (the app's, the tests' fixture, precedence,
# backtracking, limits, queries, tabs, a tricky one, and the 100-route benchmark table).
# Prints one line per table and fails on the first difference.
#
# usage: Benchmarks/differential/run.sh [LINKS_PER_TABLE (20000)] [SEED (1)]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
benchmarks=$(cd "$here/.." && pwd)
root=$(cd "$benchmarks/.." && pwd)
count=${1:-20000}
seed=${2:-1}
base=${BASE:-82bad88}
work="$benchmarks/.build/differential"
rm -rf "$work/old" "$work/links"
mkdir -p "$work/old" "$work/links" "$work/harness-old/Sources/harness" "$work/harness-new/Sources/harness"

git -C "$root" archive "$base" Sources/Wayfinder | tar -x -C "$work/old"
cat > "$work/old/Package.swift" <<'SWIFT'
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "Wayfinder",
    products: [.library(name: "Wayfinder", targets: ["Wayfinder"])],
    targets: [.target(name: "Wayfinder")],
    swiftLanguageModes: [.v6]
)
SWIFT
for side in old new; do
  engine=$([ "$side" = old ] && echo "$work/old" || echo "$root")
  cp "$here/harness.swift" "$work/harness-$side/Sources/harness/main.swift"
  cat > "$work/harness-$side/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "harness",
    dependencies: [.package(name: "Wayfinder", path: "$engine")],
    targets: [.executableTarget(name: "harness", dependencies: [.product(name: "Wayfinder", package: "Wayfinder")])],
    swiftLanguageModes: [.v6]
)
SWIFT
  rm -f "$work/harness-$side/.build/release.yaml"
  swift build -c release --package-path "$work/harness-$side" 2>&1 | tail -1
done

(cd "$benchmarks" && swift build -c release --product bench-check 2>&1 | tail -1 && .build/release/bench-check --write "$work/links" > /dev/null)
# Without its version, migration and alias lines, which the engine at BASE does not read:
# what is compared is how today's patterns read links.
grep -Ev '^(version|from|alias)( |$)' "$root/Routes/app.routes" > "$work/links/app.routes"
cp "$here"/*.routes "$work/links/"
for table in app fixture prec back limits query shop tricky bench-100; do
  links="$work/links/$table.txt"
  python3 "$here/generate_links.py" "$work/links/$table.routes" "$count" "$seed" > "$links"
  if [ "$table" = bench-100 ]; then cat "$work/links/inputs-100.txt" >> "$links"; fi
  "$work/harness-old/.build/release/harness" "$work/links/$table.routes" < "$links" > "$work/links/$table.old"
  "$work/harness-new/.build/release/harness" "$work/links/$table.routes" < "$links" > "$work/links/$table.new"
  if ! cmp -s "$work/links/$table.old" "$work/links/$table.new"; then
    echo "$table: DIFFERENT"
    diff "$work/links/$table.old" "$work/links/$table.new" | head -20
    exit 1
  fi
  echo "$table: $(wc -l < "$links") links, identical ($(grep -c '^OK' "$work/links/$table.old") resolved, $(grep -c '^ERR' "$work/links/$table.old") rejected)"
done
