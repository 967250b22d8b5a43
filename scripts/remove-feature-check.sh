#!/usr/bin/env bash
# Shows that a feature of the sample app is removed by deleting its folder: in a copy of the
# working tree, deletes Sources/WayfinderApp/Features/NAME, its line in Feature.all
# (Sources/WayfinderApp/App/AppFeatures.swift), its lines in Routes/app.routes (its flow and
# the flow's screens) and its tests (Tests/*/Features/NAME), then builds everything and runs
# every test that is left but the whole app's golden outputs (transcripts, README), which
# show every flow. Exits non-zero when the build or a test fails.
#
#   scripts/remove-feature-check.sh Settings
set -euo pipefail
name=${1:?usage: scripts/remove-feature-check.sh FEATURE (such as Settings)}
flow=$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]')
root=$(cd "$(dirname "$0")/.." && pwd)
[ -d "$root/Sources/WayfinderApp/Features/$name" ] || { echo "error: no feature folder Sources/WayfinderApp/Features/$name" >&2; exit 64; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "== Copying the working tree to $work"
tar -C "$root" --exclude=./.git --exclude=./.build --exclude='./.build-*' --exclude=./Benchmarks/.build \
  --exclude=./Examples/Bookshelf/.build -cf - . | tar -C "$work" -xf -
# The example package's build (tests build it again) keeps absolute paths: not copied.
# The build so far, so that only what changes is compiled again.
if [ -d "$root/.build" ]; then
  tar -C "$root" --exclude=.build/examples -cf - .build | tar -C "$work" -xf -
  find "$work/.build" -maxdepth 3 -name ModuleCache -type d -exec rm -rf {} +
  rm -f "$work/.build/debug.yaml" "$work/.build/"*/debug/description.json
fi

echo "== Removing the $name feature: its folder, its line in Feature.all, its lines in Routes/app.routes, its tests"
rm -r "$work/Sources/WayfinderApp/Features/$name"
sed -i "/^[[:space:]]*\.$flow,[[:space:]]*\$/d" "$work/Sources/WayfinderApp/App/AppFeatures.swift"
awk -v flow="$flow" '
  $1 == "flow" && $2 == flow { next }
  $1 == "screen" && ($3 == flow || index($3, flow ".") == 1) { next }
  { print }
' "$root/Routes/app.routes" > "$work/Routes/app.routes"
find "$work/Tests" -type d -path "*/Features/$name" -prune -exec rm -r {} +
git -C "$root" diff --no-index --stat -- "$root/Routes/app.routes" "$work/Routes/app.routes" || true

echo "== Building and testing what is left"
cd "$work"
swift build --build-tests
# Not run: the golden outputs of the whole app, which show every flow (the REPL transcripts,
# the README's sessions and route table); they are recorded again after such a change. Nor
# the install and package-snippet tests: they build the whole tree again, which this does not
# change.
swift test --skip-build --skip TranscriptTests --skip ReadmeTests --skip InstallTests --skip PackageSnippetTests
echo "== The app builds and its tests pass without the $name feature"
