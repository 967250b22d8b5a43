#!/usr/bin/env bash
# Shows that a feature of the sample app is removed by deleting its folder: in a copy of the
# working tree, deletes Sources/WayfinderApp/Features/NAME, its lines in Feature.all and
# FeatureStorage.all (Sources/WayfinderApp/App/AppFeatures.swift), its lines in
# Routes/app.routes (its flow and the flow's screens) and its tests (Tests/*/Features/NAME),
# then builds everything and runs every test that is left but the whole app's golden outputs
# (transcripts, the sessions of the README and the documentation), which show every flow. Before building, it looks for declarations of the app left unused by the
# removal (see `leftovers` below): code only the feature used belongs in its folder. Exits
# non-zero when such a declaration is found, or when the build or a test fails.
#
#   scripts/remove-feature-check.sh Settings
set -euo pipefail
name=${1:?usage: scripts/remove-feature-check.sh FEATURE (such as Settings)}
flow=$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]')
root=$(cd "$(dirname "$0")/.." && pwd)
[ -d "$root/Sources/WayfinderApp/Features/$name" ] || { echo "error: no feature folder Sources/WayfinderApp/Features/$name" >&2; exit 64; }

work=$(mktemp -d)
texts=$(mktemp -d)
trap 'rm -rf "$work" "$texts"' EXIT

# The app's own declarations that one feature may be the only one to use: how a feature
# tells the app what it changed.
#   userChanged(to:): the signed-in user's profile was edited (Settings' edit profile).
kept=("func:userChanged(to:)")

# The app's declarations that only the removed feature used: each declaration left in
# Sources/WayfinderApp (a type, a function, a member property) whose name the sources
# (comments left out) used before the removal and use no more. A function is looked for by
# its name and first argument label (`notifications(for:`), so that a member of another type
# with the same name does not pass for a use; a type or property by its name. Swift warns
# of no unused declaration, and this finds the ones the removal leaves unused directly (not
# a group of them that only use each other).
leftovers() {
  local before=$1 after=$2
  strip_comments() { find "$1" -name '*.swift' -exec sed 's://.*$::' {} +; }
  strip_comments "$before/Sources" > "$texts/before"
  strip_comments "$after/Sources" > "$texts/after"
  strip_comments "$after/Sources/WayfinderApp" > "$texts/app"
  uses() { # KIND NAME LABEL TEXT: the uses of a declaration in TEXT (its declarations not counted)
    local count declared
    case $1 in
      type) count=$(grep -oE "\\b$2\\b" "$4" | wc -l)
            declared=$(grep -oE "\\b(struct|class|enum|protocol|actor|typealias|extension)[[:space:]]+$2\\b" "$4" | wc -l) ;;
      func) if [ -n "$3" ] && [ "$3" != _ ]; then
              count=$(grep -oE "\\b$2\\($3:" "$4" | wc -l)
              declared=$(grep -oE "\\bfunc[[:space:]]+$2\\($3:" "$4" | wc -l)
            else
              count=$(grep -oE "\\b$2\\b" "$4" | wc -l)
              declared=$(grep -oE "\\bfunc[[:space:]]+$2\\b" "$4" | wc -l)
            fi ;;
      member) count=$(grep -oE "\\b$2\\b" "$4" | wc -l)
              declared=$(grep -oE "\\b(var|let)[[:space:]]+$2\\b" "$4" | wc -l) ;;
    esac
    echo $((count - declared))
  }
  {
    grep -oE '\b(struct|class|enum|protocol|actor|typealias)[[:space:]]+[A-Za-z_][A-Za-z0-9_]*' "$texts/app" | awk '{ print "type", $2 }'
    grep -oE '\bfunc[[:space:]]+[A-Za-z_][A-Za-z0-9_]*(<[^>(]*>)?\(([A-Za-z_][A-Za-z0-9_]*)?' "$texts/app" \
      | sed -E 's/^func[[:space:]]+([A-Za-z0-9_]+)(<[^>(]*>)?\((.*)$/func \1 \3/'
    # Properties of top-level types (indented once); local variables are indented further.
    grep -oE '^    ([a-z()]+ )*(var|let)[[:space:]]+[A-Za-z_][A-Za-z0-9_]*' "$texts/app" | awk '{ print "member", $NF }'
  } | sort -u | while read -r kind declared label; do
    local shown="$declared${label:+($label:)}"
    case " ${kept[*]} " in *" $kind:$shown "*) continue ;; esac
    if [ "$(uses "$kind" "$declared" "$label" "$texts/after")" -le 0 ] && [ "$(uses "$kind" "$declared" "$label" "$texts/before")" -gt 0 ]; then
      echo "$kind $shown"
    fi
  done
}

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

echo "== Removing the $name feature: its folder, its lines in AppFeatures.swift, its lines in Routes/app.routes, its tests"
rm -r "$work/Sources/WayfinderApp/Features/$name"
sed -i "/^[[:space:]]*\.$flow,[[:space:]]*\$/d" "$work/Sources/WayfinderApp/App/AppFeatures.swift"
awk -v flow="$flow" '
  $1 == "flow" && $2 == flow { next }
  $1 == "screen" && ($3 == flow || index($3, flow ".") == 1) { next }
  { print }
' "$root/Routes/app.routes" > "$work/Routes/app.routes"
find "$work/Tests" -type d -path "*/Features/$name" -prune -exec rm -r {} +
git -C "$root" diff --no-index --stat -- "$root/Routes/app.routes" "$work/Routes/app.routes" || true

echo "== Looking for declarations only the $name feature used"
unused=$(leftovers "$root" "$work")
if [ -n "$unused" ]; then
  printf '%s\n' "$unused" | sed 's/^/  /' >&2
  echo "error: only the $name feature used these (above): move them into its folder, or remove them" >&2
  exit 1
fi

echo "== Building and testing what is left"
cd "$work"
swift build --build-tests
# Not run: the golden outputs of the whole app, which show every flow (the REPL transcripts,
# the sessions of the README and of the documentation, the documentation's copy of the
# route table); they are
# recorded again after such a change. Nor
# the checks of what 0.2.0's users saved (Tests/WayfinderAppTests/Fixtures/0.2.0): a removed
# flow loses their places in it, as `wayfinder routes diff` says. Nor the install and
# package-snippet tests: they build the whole tree again, which this does not change.
swift test --skip-build --skip TranscriptTests --skip ReadmeTests --skip EarlierTableTests --skip EarlierTableCLITests \
  --skip theSampleAppsTableIsTheOneInRoutes --skip InstallTests --skip PackageSnippetTests
echo "== The app builds and its tests pass without the $name feature"
