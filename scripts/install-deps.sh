#!/usr/bin/env bash
# Installs every Debian package the build, the tests and the samples need.
# Idempotent: packages already present are skipped by apt-get; safe to run repeatedly.
# Runs as root (CI and the dev machines are root); uses sudo when it is not.
#   install-deps.sh            the native build's packages
#   install-deps.sh --aarch64  the aarch64 cross build's (scripts/test_aarch64.sh): Debian's
#                              cross compilers, qemu-user and the arm64 multiarch -dev packages
set -euo pipefail

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# install <what> <package>...: apt-get installs those not installed yet (after an update).
install() {
  local what=$1
  shift
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all $# ${what:+$what }packages present"
    return 0
  fi
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
}

if [ "${1:-}" = "--aarch64" ]; then
  # No libonnx-dev:arm64: it does not install beside the amd64 one (both ship
  # /usr/lib/libonnxifi.so); the cross build goes without atc (cmake/Dependencies.cmake).
  # The arm64 libraries must match the amd64 versions of the same packages (multiarch): apt
  # upgrades those as it needs.
  dpkg --print-foreign-architectures | grep -qx arm64 || $SUDO dpkg --add-architecture arm64
  install "aarch64 cross" crossbuild-essential-arm64 qemu-user-static \
    libtbb-dev:arm64 libhwy-dev:arm64 libspdlog-dev:arm64 libfmt-dev:arm64 libgtest-dev:arm64 \
    libgmock-dev:arm64 libprotobuf-dev:arm64 libstb-dev:arm64 zlib1g-dev:arm64 libdeflate-dev:arm64 \
    libturbojpeg0-dev:arm64 libpng-dev:arm64 libyuv-dev:arm64
  exit 0
fi

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git python3 file binutils time
  libtbb-dev libeigen3-dev nlohmann-json3-dev libspdlog-dev libfmt-dev libhwy-dev zlib1g-dev libdeflate-dev
  libgtest-dev libgmock-dev googletest libbenchmark-dev
  clang libclang-rt-14-dev clang-format  # the sanitizer tree and fuzz targets; the format lint
  chromium  # headless rendering of the profiling timeline and report (tests/msprof, label browser)
  libonnx-dev libonnx-testdata libprotobuf-dev protobuf-compiler python3-onnx python3-numpy python3-protobuf libcli11-dev
  libstb-dev
  qemu-user-static  # qemu-x86_64: the ResNet-50 sample on an emulated CPU without AVX-512 (tests/e2e/resnet50_isa)
  libturbojpeg0-dev libpng-dev libyuv-dev  # the simulated DVPP: JPEG decode/encode, PNG decode, VPC scaling
  pybind11-dev python3-dev python3-pytest python3-pil  # pyACL (python/pyacl), its pytest suites, the Python sample
  libopenmpi-dev openmpi-bin  # libhccl.so's transport between processes and hosts; mpirun runs the HCCL samples
)

# Node.js + npm: the ONNX Runtime comparison (tests/e2e/ort_compare, bench/resnet50) installs
# onnxruntime-node from npm. Machines that already have node and npm (possibly newer than
# Debian's) keep theirs; only a machine without them gets Debian's.
if ! command -v node > /dev/null 2>&1 || ! command -v npm > /dev/null 2>&1; then
  PACKAGES+=(nodejs npm)
fi

install "" "${PACKAGES[@]}"
