#!/usr/bin/env bash
# Fails when git tracks a leftover of a merge or a patch: a `*.orig` or `*.rej` file.
set -euo pipefail
cd "$(dirname "$0")/.."
leftovers=$(git ls-files -- '*.orig' '*.rej')
if [ -n "$leftovers" ]; then
    echo "error: leftovers of a merge or a patch are tracked (remove them):" >&2
    echo "$leftovers" >&2
    exit 1
fi
