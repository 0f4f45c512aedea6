#!/usr/bin/env bash
# Installs what is missing, builds everything (Release) and runs every test with CTest: unit, golden,
# CLI, interop (npm readers), GUI (under Xvfb) and a short bounded libFuzzer run of every reader.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh

# Every C++ source follows .clang-format (fails fast, before anything is built).
bash scripts/format.sh --check

# Independent readers used by the interop tests (npm registry only, no install scripts).
(cd tests/interop && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)

# libFuzzer targets need clang; io/ builds alone without Qt.
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMAPSMITH_FUZZ_ONLY=ON \
    -DCMAKE_CXX_COMPILER=clang++ >/dev/null
cmake --build build-fuzz -j2

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMAPSMITH_FUZZ_DIR="$PWD/build-fuzz" >/dev/null
cmake --build build -j2
ctest --test-dir build --output-on-failure -j2 --timeout 900
