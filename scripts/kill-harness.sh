#!/usr/bin/env bash
# The kill -9 harness with more rounds than CI runs: scripts/kill-harness.sh [ROUNDS] [BUILD_DIR]
# (default 1000 rounds of each writer, build/). Prints the tally of each writer; exit 1 on a torn file
# or a mixed folder.
set -euo pipefail
rounds="${1:-1000}"
build="${2:-build}"
cmake --build "$build" -j2 --target cli_test_kill
MAPSMITH_KILL_ROUNDS="$rounds" "$build/tests/cli/cli_test_kill"
