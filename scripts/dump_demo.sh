#!/usr/bin/env bash
# The dump demo (docs/dump.md): ResNet-50 run by samples/resnet50_classification on a
# simulated Ascend310 in fp16 with the operator dump on (acl.json), the dump converted to .npy
# (dump2npy), a float32 ground truth of every ONNX node computed by ONNX Runtime from the same
# input (tools/dump/onnx_golden.py --engine ort; onnxruntime-node installed by
# tests/e2e/ort_compare/install_ort.sh), and the per-layer accuracy (dump_compare: every
# output's cosine similarity, the worst layers, the result CSV). It ends with the final layer's
# cosine similarity against the 0.999 bar and exits 1 below it.
#
#   bash scripts/dump_demo.sh            (BUILD=<dir> to use another build directory)
# Environment: ASIM_DEMO_NO_BUILD=1 skips install and build; ASIM_DEMO_MODELS=<dir> takes
# resnet50.onnx and resnet50.om from <dir> instead of generating and converting them;
# ASIM_DEMO_WORK=<dir> is the scratch directory; ASIM_ORT_DIR=<dir> is where onnxruntime-node
# is (installed there if missing; default <build>/ort_node); ASIM_DEMO_GOLDEN=numpy uses the
# model zoo's numpy interpreter instead of ONNX Runtime.
set -euo pipefail
source "$(dirname "$0")/common.sh"
cd "$ROOT"
BUILD="${BUILD:-$ROOT/build}"
if [ -z "${ASIM_DEMO_NO_BUILD:-}" ]; then
  bash scripts/install-deps.sh
  configure_and_build "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi

WORK="${ASIM_DEMO_WORK:-$BUILD/dump_demo}"
ORT_DIR="${ASIM_ORT_DIR:-$BUILD/ort_node}"
GOLDEN_ENGINE="${ASIM_DEMO_GOLDEN:-ort}"
mkdir -p "$WORK"
ATC="$BUILD/tools/atc/cli/atc"
SAMPLE="$BUILD/samples/resnet50_classification/resnet50_classification"
TOOLS="$BUILD/tools/dump"

echo "=== 1. ResNet-50 (tools/modelzoo, seeded random weights) and atc for Ascend310, fp16 ==="
if [ -n "${ASIM_DEMO_MODELS:-}" ]; then
  cp "$ASIM_DEMO_MODELS/resnet50.onnx" "$ASIM_DEMO_MODELS/resnet50.om" "$WORK/"
  echo "models from $ASIM_DEMO_MODELS"
else
  [ -f "$WORK/resnet50.onnx" ] || /usr/bin/python3 tools/modelzoo/make_resnet.py --depth 50 --batch 1 --out "$WORK/resnet50.onnx"
  (cd "$WORK" && "$ATC" --model=resnet50.onnx --framework=5 --output=resnet50 --soc_version=Ascend310 \
    --input_format=NCHW --input_fp16_nodes=data --output_type=FP32)
fi

echo "=== 2. The sample with the dump on (every op's output, first execution) ==="
rm -rf "$WORK/dump" "$WORK/npy" "$WORK/golden" "$WORK/compare"
mkdir -p "$WORK/dump"
cat > "$WORK/acl.json" <<JSON
{
  "sim": { "soc_version": "Ascend310" },
  "dump": { "dump_path": "$WORK/dump", "dump_list": [{ "model_name": "resnet50" }],
            "dump_mode": "output", "dump_step": "0" }
}
JSON
"$SAMPLE" --model "$WORK/resnet50.om" --image samples/resnet50_classification/data/house_320x240.jpg \
  --acl-json "$WORK/acl.json" --runs 1 --dump-input "$WORK/input.bin"
DATA_DIR=$(find "$WORK/dump" -mindepth 5 -maxdepth 5 -type d -name 0 | head -n 1)
echo "dump: $DATA_DIR ($(ls "$DATA_DIR" | wc -l) files)"

echo "=== 3. dump2npy, and the float32 ground truth of every node from the same input ($GOLDEN_ENGINE) ==="
"$TOOLS/dump2npy" -d "$DATA_DIR" -o "$WORK/npy"
if [ "$GOLDEN_ENGINE" = ort ]; then
  bash tests/e2e/ort_compare/install_ort.sh "$ORT_DIR"
fi
/usr/bin/python3 tools/dump/onnx_golden.py --engine "$GOLDEN_ENGINE" --ort-dir "$ORT_DIR" \
  --model "$WORK/resnet50.onnx" --input-raw "$WORK/input.bin" --raw-dtype float16 --out "$WORK/golden"

echo "=== 4. dump_compare (fusion records from the .om) ==="
"$TOOLS/dump_compare" -m "$DATA_DIR" -g "$WORK/golden" --om "$WORK/resnet50.om" -o "$WORK/compare" --top 10 \
  | tee "$WORK/compare.log"

CSV=$(ls "$WORK"/compare/result_*.csv | tail -n 1)
FINAL=$(/usr/bin/python3 - "$CSV" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["CosineSimilarity"] not in ("NaN", "")]
print(rows[-1]["TensorIndex"], rows[-1]["CosineSimilarity"]) if rows else print("none NaN")
PY
)
echo "final compared layer: $FINAL (result $CSV)"
/usr/bin/python3 -c "import sys; sys.exit(0 if float('$FINAL'.split()[1]) >= 0.999 else 1)" \
  && echo "final layer CosineSimilarity >= 0.999: ok" || { echo "final layer CosineSimilarity < 0.999"; exit 1; }
