#!/usr/bin/env bash
# scripts/test_aarch64.sh: the aarch64 build and its tests under qemu-user (issue 16 part 4),
# run by scripts/test.sh after the release build (whose atc-converted models it reuses).
#
#   1. installs the cross toolchain (crossbuild-essential-arm64), qemu-user-static and the
#      arm64 multiarch -dev packages of the dependencies (idempotent);
#   2. configures build-aarch64 with cmake/toolchain-aarch64-linux-gnu.cmake and builds the
#      targets of the ctest label "aarch64" (kernel tests, model execution tests, the ResNet-50
#      classification sample) with -Werror as everywhere;
#   3. runs ctest -L aarch64 (qemu-aarch64 runs every test: CMAKE_CROSSCOMPILING_EMULATOR);
#   4. runs the aarch64 resnet50_classification under qemu on the release build's ResNet-50
#      .om (the file format is the same on every host) and checks its top-5 against the numpy
#      reference (samples/resnet50_classification/scripts/check_classification.py).
# Prints the ctest summary and one line "aarch64: N passed, M failed"; exit non-zero on any
# failure. Usage: scripts/test_aarch64.sh [release build dir, default build]
set -uo pipefail
source "$(dirname "$0")/common.sh"
cd "$ROOT"
RELEASE="${1:-$ROOT/build}"
BUILD="$ROOT/build-aarch64"

if [ "$(uname -m)" = aarch64 ]; then
  echo "aarch64: this host is aarch64: the native build and tests are the aarch64 ones"
  echo "aarch64: 0 passed, 0 failed"
  exit 0
fi

bash scripts/install-deps.sh --aarch64 || { echo "aarch64: installing the cross packages failed" >&2; exit 1; }

mkdir -p "$BUILD"
if ! cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/toolchain-aarch64-linux-gnu.cmake" > "$BUILD.configure.log" 2>&1; then
  cat "$BUILD.configure.log"
  echo "aarch64: configure failed" >&2
  exit 1
fi
# The executables behind the "aarch64" label (asim_add_gtest writes <target>_labels.cmake).
mapfile -t targets < <(grep -l '"[^"]*aarch64[^"]*"' $(find "$BUILD" -name '*_labels.cmake') |
                       xargs -n1 basename | sed 's/_labels\.cmake$//' | sort -u)
targets+=(resnet50_classification)
echo "aarch64: building ${targets[*]}"
if ! cmake --build "$BUILD" -j "$JOBS" --target "${targets[@]}"; then
  echo "aarch64: build failed" >&2
  exit 1
fi
file "$BUILD/samples/resnet50_classification/resnet50_classification" | sed 's/^/aarch64: /'

passed=0 failed=0
log="$BUILD.ctest.log"
ctest --test-dir "$BUILD" -j "$JOBS" --output-on-failure -L aarch64 2>&1 | tee "$log"
line=$(grep -E "tests passed, [0-9]+ tests failed out of [0-9]+" "$log" | tail -1)
if [ -z "$line" ]; then
  echo "aarch64: ctest printed no summary" >&2
  failed=$((failed + 1))
else
  f=$(echo "$line" | sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\1/')
  t=$(echo "$line" | sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\2/')
  passed=$((passed + t - f))
  failed=$((failed + f))
fi

# The ResNet-50 classification sample under qemu, on the x86-64 release build's model.
model="$RELEASE/samples/resnet50_models/resnet50.om"
onnx="$RELEASE/samples/resnet50_models/resnet50.onnx"
qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64)
wrapper="$BUILD/resnet50_classification.qemu"
printf '#!/bin/sh\nexec %s -L /usr/aarch64-linux-gnu %s "$@"\n' "$qemu" \
  "$BUILD/samples/resnet50_classification/resnet50_classification" > "$wrapper"
chmod +x "$wrapper"
if [ ! -s "$model" ]; then
  echo "aarch64: $model is missing (the release build's ctest makes it: sample.resnet50.make_models)" >&2
  failed=$((failed + 1))
elif /usr/bin/python3 -B samples/resnet50_classification/scripts/check_classification.py --sample "$wrapper" \
    --model "$model" --onnx "$onnx" --image samples/resnet50_classification/data/house_320x240.jpg --runs 1; then
  passed=$((passed + 1))
else
  echo "aarch64: the ResNet-50 classification sample under qemu FAILED" >&2
  failed=$((failed + 1))
fi
echo "aarch64: ${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
