#!/usr/bin/env bash
# install_ort.sh: installs onnxruntime-node (ONNX Runtime's Node.js binding with its CPU
# library, which ships inside the npm package) into <dir>/node_modules. Idempotent: an existing
# install of the same version with its linux-x64 binary is reused without touching the network.
# Used by the ORT accuracy test (tests/e2e/ort_compare) and bench/resnet50/run.sh.
#
#   install_ort.sh <dir> [version, default $ASIM_ORT_VERSION or 1.22.0]
#
# --ignore-scripts: the package's postinstall only fetches optional CUDA/TensorRT binaries.
# Exit 0 when <dir>/node_modules/onnxruntime-node is usable; otherwise 1 with an explicit message.
set -uo pipefail
dir=${1:?usage: install_ort.sh <dir> [version]}
version=${2:-${ASIM_ORT_VERSION:-1.22.0}}
pkg="$dir/node_modules/onnxruntime-node"

fail() {
  echo "install_ort.sh: FAILED: $*" >&2
  exit 1
}
installed_ok() {
  [ -f "$pkg/package.json" ] &&
    [ "$(node -p "require('$pkg/package.json').version" 2>/dev/null)" = "$version" ] &&
    ls "$pkg"/bin/napi-v*/linux/x64/libonnxruntime.so* > /dev/null 2>&1
}

command -v node > /dev/null || fail "node (Node.js >= 16) is not installed; the ONNX Runtime comparison needs it"
command -v npm > /dev/null || fail "npm is not installed; the ONNX Runtime comparison needs it"
if installed_ok; then
  echo "install_ort.sh: onnxruntime-node@$version already in $dir/node_modules"
  exit 0
fi
mkdir -p "$dir" || fail "cannot create $dir"
# A package.json of its own so npm installs here, not into an enclosing project.
[ -f "$dir/package.json" ] || echo '{"name":"asim-ort","private":true}' > "$dir/package.json"
echo "install_ort.sh: npm install onnxruntime-node@$version into $dir (needs the npm registry)"
if ! (cd "$dir" && npm install --no-save --ignore-scripts --no-audit --no-fund --loglevel=error \
        "onnxruntime-node@$version"); then
  fail "'npm install onnxruntime-node@$version' failed (is registry.npmjs.org reachable?); see npm's messages above"
fi
installed_ok || fail "onnxruntime-node@$version installed, but $pkg/bin/napi-v*/linux/x64/libonnxruntime.so* is missing"
echo "install_ort.sh: installed onnxruntime-node@$version"
