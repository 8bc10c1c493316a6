#!/usr/bin/env bash
# A fresh clone has nothing beside it: no tracked file outside docs/ may read a sibling folder.
set -euo pipefail
cd "$(dirname "$0")/.."
pattern='\.\./'"shared"
if found=$(git grep -n -E "$pattern" -- ':!docs'); then
  echo "These tracked files name a folder outside the repository; copy what they need into it:" >&2
  echo "$found" >&2
  exit 1
fi
