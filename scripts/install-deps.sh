#!/usr/bin/env bash
# Installs what Mapsmith needs to build, run and test on Debian 12 (run as root, or with sudo available).
# Skips apt entirely when everything is already there.
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-3d-dev libqt6opengl6-dev libglm-dev zlib1g-dev nlohmann-json3-dev
    libbenchmark-dev clang libclang-rt-14-dev libstorm-dev
    xvfb xauth libgl1-mesa-dri mesa-utils libxkbcommon-dev
    libsquish-dev assimp-utils clang-format
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

# Node.js and npm (for the interop readers) come with the machine, often from NodeSource, whose
# nodejs conflicts with Debian's npm package: only install Debian's when no npm is on PATH.
if ! command -v npm >/dev/null 2>&1; then
    missing+=(nodejs npm)
fi

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi
echo "Installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
