#!/usr/bin/env bash
# Formats every C++ source with the repository's .clang-format (clang-format 14, Debian 12).
# --check: change nothing, list the files that differ and fail when any does (CI runs this).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.h' '*.cpp' ':!:tests/interop/node_modules')
if [ "${1:-}" = "--check" ]; then
    clang-format --dry-run --Werror "${files[@]}"
    echo "format: ${#files[@]} files follow .clang-format"
else
    clang-format -i "${files[@]}"
fi
