#!/usr/bin/env bash
# The whole single-op flow, as the public samples' READMEs run it from run/out:
#   atc --singleop=test_data/config/<op>.json --soc_version=<soc> --output=op_models
#   ./single_op            (aclopSetModelDir("op_models"), Add, Conv2D, aclblasGemmEx)
# Usage: run_sample.sh <atc> <single_op binary> <work dir> [soc_version (Ascend310)]
set -euo pipefail
atc=$1 sample=$2 work=$3 soc=${4:-Ascend310}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rm -rf "$work"
mkdir -p "$work/test_data"
cp -r "$here/run/out/test_data/config" "$work/test_data/"
cd "$work"
for json in gemm add_op conv2d; do
  "$atc" --singleop="test_data/config/$json.json" --soc_version="$soc" --output=op_models
done
"$sample"
