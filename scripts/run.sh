#!/usr/bin/env bash
# Installs what is missing, builds Mapsmith (Release) and opens the editor on the bundled demo map.
# Extra arguments go to the editor, e.g. a tile to open: scripts/run.sh path/to/Map_32_48.adt
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2 --target mapsmith mapsmith-cli
exec ./build/editor/mapsmith "$@"
