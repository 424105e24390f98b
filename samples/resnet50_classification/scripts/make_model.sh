#!/usr/bin/env bash
# Generates ResNet-50 (tools/modelzoo) and converts it with atc using the public sample's
# options. Used by the samples' end-to-end tests; also a recipe for users.
# Usage: make_model.sh <python with onnx> <atc> <work dir> [batch, default 1]
# Writes <work dir>/resnet50.om (batch 1) or <work dir>/resnet50_b<N>.om.
set -euo pipefail
python=$1 atc=$2 work=$3 batch=${4:-1}
zoo="$(cd "$(dirname "$0")/../../../tools/modelzoo" && pwd)"
name=resnet50
[ "$batch" = 1 ] || name=resnet50_b$batch
mkdir -p "$work"
cd "$work"
"$python" -B "$zoo/make_resnet.py" --depth 50 --batch "$batch" --out "$name.onnx"
"$atc" --model="$name.onnx" --framework=5 --output="$name" --soc_version=Ascend310 --input_format=NCHW \
  --input_fp16_nodes=data --output_type=FP32
[ -s "$name.om" ] || { echo "make_model.sh: atc wrote no $name.om" >&2; exit 1; }
