#!/usr/bin/env bash
# The main job: install dependencies, build, and run the demo on the simulated device.
# (Today the demo is samples/device_memory; the ResNet-50 classification issue replaces it.)
set -euo pipefail
source "$(dirname "$0")/common.sh"
cd "$ROOT"
bash scripts/install-deps.sh
configure_and_build "$ROOT/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo
echo
echo "=== samples/device_memory on a simulated Ascend310 ==="
"$ROOT/build/samples/device_memory/device_memory"
