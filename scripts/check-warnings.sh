#!/usr/bin/env bash
# Fails when a build log holds a compiler warning from this project's own sources.
set -euo pipefail
log=$1
if grep -E "^$(pwd)/(Sources|Tests)/.*: warning:" "$log"; then
  echo "error: the build has warnings (see above); the project builds with zero warnings" >&2
  exit 1
fi
