#!/usr/bin/env bash
# scripts/test_aarch64.sh: the aarch64 build and its tests under qemu-user (issue 16 part 4),
# run by scripts/test.sh.
#
#   1. installs the cross toolchain (crossbuild-essential-arm64), qemu-user-static and the
#      arm64 multiarch -dev packages of the dependencies (idempotent);
#   2. configures build-aarch64 with cmake/toolchain-aarch64-linux-gnu.cmake and builds the
#      targets labelled "aarch64" (the kernel tests and the model-execution tests that need no
#      atc) and the ResNet-50 classification sample, with -Werror as everywhere (the NEON
#      kernels, libascendcl, the sample);
#   3. runs ctest -L '^aarch64$' under qemu-aarch64 (CMAKE_CROSSCOMPILING_EMULATOR): every
#      kernel test on NEON, the model-execution suites through libascendcl (stream threads and
#      all), and the sample on a ResNet-50 that the host build's atc converted (ASIM_HOST_ATC:
#      the cross build has no atc, there being no arm64 libonnx-dev beside the amd64 one),
#      its top-5 checked against the numpy reference. ASCEND_SIM_HOST_THREADS=1 (serial
#      kernels, no oneTBB pool): qemu emulates each guest thread on a host thread, and ctest
#      already runs two tests at a time on CI's two cores.
# The emulator loads the multiarch /lib/ld-linux-aarch64.so.1, not the cross sysroot's (the
# toolchain file says why: with the sysroot's, pthread_create never returns).
# Without a host build (build/tools/atc/cli/atc) the sample test is not registered.
# Prints the ctest summary and one line "aarch64: N passed, M failed, S skipped"; exit non-zero on any
# failure. Usage: scripts/test_aarch64.sh
set -uo pipefail
source "$(dirname "$0")/common.sh"
cd "$ROOT"
BUILD="$ROOT/build-aarch64"
export ASCEND_SIM_HOST_THREADS=1

if [ "$(uname -m)" = aarch64 ]; then
  echo "aarch64: this host is aarch64: the native build and tests are the aarch64 ones"
  echo "aarch64: 0 passed, 0 failed, 0 skipped"
  exit 0
fi

bash scripts/install-deps.sh --aarch64 || { echo "aarch64: installing the cross packages failed" >&2; exit 1; }

mkdir -p "$BUILD"
host_atc="$ROOT/build/tools/atc/cli/atc"
[ -x "$host_atc" ] || { echo "aarch64: no host atc at $host_atc: the sample test is left out"; host_atc=""; }
if ! cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/toolchain-aarch64-linux-gnu.cmake" -DASIM_HOST_ATC="$host_atc" \
    > "$BUILD.configure.log" 2>&1; then
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

passed=0 failed=0 skipped=0
log="$BUILD.ctest.log"
ctest --test-dir "$BUILD" -j "$JOBS" --output-on-failure -L '^aarch64$' 2>&1 | tee "$log"
counts=$(ctest_counts "$log")
if [ -z "$counts" ]; then
  echo "aarch64: ctest printed no summary" >&2
  failed=$((failed + 1))
else
  read -r p f s u <<< "$counts"
  passed=$((passed + p))
  failed=$((failed + f + u))  # a skip not on tests/skip_allowlist.txt is a failure
  skipped=$((skipped + s - u))
fi

echo "aarch64: ${passed} passed, ${failed} failed, ${skipped} skipped"
[ "$failed" -eq 0 ]
