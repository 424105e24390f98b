#!/usr/bin/env bash
# Installs every Debian package the build, the tests and the samples need.
# Idempotent: packages already present are skipped by apt-get; safe to run repeatedly.
# Runs as root (CI and the dev machines are root); uses sudo when it is not.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git python3 file binutils
  libtbb-dev libeigen3-dev nlohmann-json3-dev libspdlog-dev libfmt-dev
  libgtest-dev libgmock-dev googletest libbenchmark-dev
  clang libclang-rt-14-dev
  chromium  # headless rendering of the profiling timeline and report (tests/msprof, label browser)
  libonnx-dev libonnx-testdata libprotobuf-dev protobuf-compiler python3-onnx python3-numpy libcli11-dev libstb-dev
)

# Node.js + npm: the ONNX Runtime comparison (tests/e2e/ort_compare, bench/resnet50) installs
# onnxruntime-node from npm. Machines that already have node and npm (possibly newer than
# Debian's) keep theirs; only a machine without them gets Debian's.
if ! command -v node > /dev/null 2>&1 || ! command -v npm > /dev/null 2>&1; then
  PACKAGES+=(nodejs npm)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
