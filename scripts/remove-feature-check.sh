#!/usr/bin/env bash
# Shows that a feature of the sample app is removed by deleting its folder: in a copy of the
# working tree (or, with --in-place, in the tree itself), deletes Sources/WayfinderApp/Features/NAME, its lines in Feature.all and
# FeatureStorage.all (Sources/WayfinderApp/App/AppFeatures.swift), its lines in
# Routes/app.routes (its flow, the flow's screens and the migration and alias lines about
# them) and its tests (Tests/*/Features/NAME),
# then builds everything and runs the tests of the test targets that depend on the sample app
# (`app_tests` below; the others cannot see the removal), but the whole app's golden outputs
# (transcripts, the sessions of the README and the documentation), which show every flow.
# Before building, it looks for declarations of the app left unused by the removal (see
# `leftovers` below): code only the feature used belongs in its folder. Exits non-zero when
# such a declaration is found, or when the build or a test fails.
#
#   scripts/remove-feature-check.sh Settings
#   scripts/remove-feature-check.sh --in-place Settings
#
# --in-place (CI): removes the feature in the working tree and builds in its .build, so that
# only what the removal changes is compiled again (a copy elsewhere has other paths, and
# SwiftPM compiles everything again there), then puts the tree back as git has it. Only in a
# working tree without changes, such as CI's clone: it refuses otherwise.
set -euo pipefail
usage="usage: scripts/remove-feature-check.sh [--in-place] FEATURE (such as Settings)"
in_place=
if [ "${1:-}" = --in-place ]; then in_place=1; shift; fi
name=${1:?$usage}
flow=$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]')
root=$(cd "$(dirname "$0")/.." && pwd)
[ -d "$root/Sources/WayfinderApp/Features/$name" ] || { echo "error: no feature folder Sources/WayfinderApp/Features/$name" >&2; exit 64; }

texts=$(mktemp -d)
if [ -n "$in_place" ]; then
  if [ -n "$(git -C "$root" status --porcelain)" ]; then
    echo "error: --in-place needs a working tree without changes (see git status); run without it to work in a copy" >&2
    exit 64
  fi
  work=$root
  # What the leftover check compares with: the sources before the removal.
  before=$(mktemp -d)
  cp -R "$root/Sources" "$before/Sources"
  restore() {
    git -C "$root" checkout -q -- Sources Routes Tests
    rm -rf "$texts" "$before"
    if [ -n "$(git -C "$root" status --porcelain)" ]; then
      echo "error: the working tree was not put back as it was (see git status)" >&2
      exit 1
    fi
  }
  trap restore EXIT
  trap 'exit 130' INT TERM
else
  work=$(mktemp -d)
  before=$root
  trap 'rm -rf "$work" "$texts"' EXIT
fi

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

if [ -z "$in_place" ]; then
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
fi

echo "== Removing the $name feature: its folder, its lines in AppFeatures.swift, its lines in Routes/app.routes, its tests"
rm -r "$work/Sources/WayfinderApp/Features/$name"
sed -i "/^[[:space:]]*\.$flow,[[:space:]]*\$/d" "$work/Sources/WayfinderApp/App/AppFeatures.swift"
# Its flow, the flow's screens, and the migration and alias lines about those screens (read
# in a first pass).
awk -v flow="$flow" '
  NR == FNR { if ($1 == "screen" && ($3 == flow || index($3, flow ".") == 1)) removed[$2] = 1; next }
  $1 == "flow" && $2 == flow { next }
  $1 == "screen" && ($3 == flow || index($3, flow ".") == 1) { next }
  $1 == "from" && $3 == "screen" && ($4 in removed) { next }
  $1 == "from" && $3 == "param" && (substr($4, 1, index($4, ".") - 1) in removed) { next }
  $1 == "alias" && ($2 in removed) { next }
  { print }
' "$root/Routes/app.routes" "$root/Routes/app.routes" > "$texts/app.routes"
cp "$root/Routes/app.routes" "$texts/app.routes.before"
mv "$texts/app.routes" "$work/Routes/app.routes"
find "$work/Tests" -type d -path "*/Features/$name" -prune -exec rm -r {} +
git diff --no-index --stat -- "$texts/app.routes.before" "$work/Routes/app.routes" || true

echo "== Looking for declarations only the $name feature used"
unused=$(leftovers "$before" "$work")
if [ -n "$unused" ]; then
  printf '%s\n' "$unused" | sed 's/^/  /' >&2
  echo "error: only the $name feature used these (above): move them into its folder, or remove them" >&2
  exit 1
fi

# The test targets that depend, directly or through other targets, on the sample app (the
# target WayfinderApp or the program wayfinder), as Package.swift declares them.
app_tests() {
  swift package dump-package | python3 -c '
import json, sys
targets = {t["name"]: t for t in json.load(sys.stdin)["targets"]}
def names(target):
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        if kind in ("byName", "target") and value[0] in targets: yield value[0]
def uses_app(name, seen=()):
    return name in ("WayfinderApp", "wayfinder") or any(uses_app(d, seen + (name,)) for d in names(targets[name]) if d not in seen)
print("\n".join(name for name, target in targets.items() if target["type"] == "test" and uses_app(name)))
'
}

echo "== Building and testing what is left"
cd "$work"
mapfile -t targets < <(app_tests)
[ ${#targets[@]} -gt 0 ] || { echo "error: no test target depends on the sample app (WayfinderApp, wayfinder) in Package.swift" >&2; exit 1; }
filters=()
for target in "${targets[@]}"; do filters+=(--filter "^$target\\."); done
echo "== The test targets on the sample app: ${targets[*]}"
swift build --build-tests
# Not run: the golden outputs of the whole app, which show every flow (the REPL transcripts,
# the sessions of the README and of the documentation, the documentation's copy of the
# route table); they are
# recorded again after such a change. Nor
# the checks of what 0.2.0's users saved (Tests/WayfinderAppTests/Fixtures/0.2.0): a removed
# flow loses their places in it, as `wayfinder routes diff` says. Nor the install and
# package-snippet tests: they build the whole tree again, which this does not change.
swift test --skip-build "${filters[@]}" --skip TranscriptTests --skip ReadmeTests --skip EarlierTableTests --skip EarlierTableCLITests \
  --skip theSampleAppsTableIsTheOneInRoutes --skip InstallTests --skip PackageSnippetTests
echo "== The app builds and its tests pass without the $name feature"
