#!/usr/bin/env bash
# The main job, from a fresh clone: install the Debian packages, build, generate ResNet-50
# (tools/modelzoo, seeded random weights), convert it with our atc exactly as the public
# sample does, run samples/resnet50_classification on the shipped image on a simulated
# Ascend310 with profiling on, and print the top-5, the host wall time and the simulated
# device time per inference, and the profile summary.
set -euo pipefail
source "$(dirname "$0")/common.sh"
cd "$ROOT"
bash scripts/install-deps.sh
configure_and_build "$ROOT/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo

WORK="$ROOT/build/demo"
mkdir -p "$WORK"
ATC="$ROOT/build/tools/atc/cli/atc"
SAMPLE_DIR="$ROOT/build/samples/resnet50_classification"

echo
echo "=== 1. ResNet-50 v1.5 as ONNX (tools/modelzoo; weights are random, seeded) ==="
if [ ! -f "$WORK/resnet50.onnx" ]; then
  /usr/bin/python3 tools/modelzoo/make_resnet.py --depth 50 --batch 1 --out "$WORK/resnet50.onnx"
else
  echo "reusing $WORK/resnet50.onnx"
fi

echo
echo "=== 2. atc: ONNX -> .om for Ascend310 (the public sample's options) ==="
(cd "$WORK" && "$ATC" --model=resnet50.onnx --framework=5 --output=resnet50 --soc_version=Ascend310 \
  --input_format=NCHW --input_fp16_nodes=data --output_type=FP32)

echo
echo "=== 3. samples/resnet50_classification on the simulated Ascend310 (profiling on) ==="
PROF_DIR="$WORK/profiling"
rm -rf "$PROF_DIR"
mkdir -p "$PROF_DIR"
cat > "$WORK/acl.json" <<JSON
{
  "sim": { "soc_version": "Ascend310" },
  "profiler": { "switch": "on", "output": "$PROF_DIR", "aicpu": "on", "aic_metrics": "PipeUtilization",
                "acl_api": "on", "task_time": "on" }
}
JSON
"$SAMPLE_DIR/resnet50_classification" --model "$WORK/resnet50.om" \
  --image "$ROOT/samples/resnet50_classification/data/house_320x240.jpg" --acl-json "$WORK/acl.json" --runs 5

echo
echo "=== 4. Profile summary (simulated Ascend310 device time; msprof output in $PROF_DIR) ==="
MSPROF="$ROOT/build/tools/msprof/msprof"
PROF_RUN=$(ls -d "$PROF_DIR"/PROF_* 2>/dev/null | head -1)
if [ -n "$PROF_RUN" ]; then
  "$MSPROF" --summary --output="$PROF_RUN"
  echo "CSV summaries and the timeline (open msprof_*.json in chrome://tracing or ui.perfetto.dev):"
  ls "$PROF_RUN"/mindstudio_profiler_output/
else
  echo "run_main.sh: no PROF_* directory under $PROF_DIR" >&2
  exit 1
fi
