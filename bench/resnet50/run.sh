#!/usr/bin/env bash
# bench/resnet50/run.sh: ResNet-50 side by side (issue 6 part 7), in one run:
#  - ONNX Runtime (onnxruntime-node, CPU, 2 intra-op threads) vs our aclmdlExecute (fp32:
#    atc --precision_mode=must_keep_origin_dtype for Ascend910B2, the fp32 AI Core kernels, all
#    cores), batch 1 and 8, each in its own process, in R interleaved rounds: median of the
#    R x N runs (each process W warm-ups + N runs), the ratio ours/ORT (and each round's),
#    images/s, peak RSS, model load time; the atc conversion times (and the Caffe twin's, with
#    its peak RSS against the weights' size);
#  - in the same run, batch 1: the public sample's fp16 model (Ascend310, --input_fp16_nodes)
#    against ORT fp32; both sides on one thread (taskset -c 0, ORT --threads 1); the conv
#    benchmark (bench/conv) over ResNet-50's convolutions as % of the running target's FMA limit;
#  - the simulated device time per batch (fp16, the public sample's atc options) on Ascend310
#    (bs1), Ascend310P3 (bs64) and Ascend910 (bs64) next to ascend_tools_hw.md section 6.
# The host's ISA and the vector target our kernels ran on (ASCEND_SIM_ISA forces a lower one,
# docs/vector_isa.md) are printed with the table.
# Prints one table (bench/resnet50/report.py). Figures are recorded in docs/performance.md.
#
#   bench/resnet50/run.sh [--build DIR (build)] [--work DIR] [--runs N (10)] [--rounds R (3)] [--warmup W (3)]
#                         [--p3-batch B (64)] [--quick] [--no-build] [--atc F] [--bench F]
#                         [--ort-dir DIR (<build>/ort_node)] [--conv-bench F] [--without-avx512]
# --without-avx512: everything after the build (atc, ONNX Runtime, ours, bench/conv) runs with
# AVX-512 hidden from CPUID (tools/cpuid_mask), so both sides choose their AVX2 code as on a host
# without AVX-512: a comparison of the AVX2 paths on this hardware. Needs CPUID faulting (most
# Intel hosts and KVM guests of them; exit 77 otherwise).
# --quick: 1 round of 1 timed run, no warm-up, batch 1 only (everything at bs1): the ctest smoke
# (bench.resnet50_smoke), not a measurement. Exit non-zero when any step fails.
set -euo pipefail
all_args=("$@")
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python=/usr/bin/python3
build="$root/build" work="" runs=10 rounds=3 warmup=3 p3batch=64 quick=0 dobuild=1 atc="" bench="" ortdir="" convbench=""
without_avx512=0
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --p3-batch) p3batch=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --no-build) dobuild=0; shift ;;
    --atc) atc=$2; shift 2 ;;
    --bench) bench=$2; shift 2 ;;
    --ort-dir) ortdir=$2; shift 2 ;;
    --conv-bench) convbench=$2; shift 2 ;;
    --without-avx512) without_avx512=1; shift ;;
    *) echo "run.sh: unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
mkdir -p "$build"
build="$(cd "$build" && pwd)"
work=${work:-$build/bench/resnet50/work}
atc=${atc:-$build/tools/atc/cli/atc}
bench=${bench:-$build/bench/resnet50/resnet50_bench}
ortdir=${ortdir:-$build/ort_node}
convbench=${convbench:-$build/bench/conv/conv_bench}
batches="1 8"
if [ "$quick" = 1 ]; then runs=1 rounds=1 warmup=0 p3batch=1 batches=1; fi
mkdir -p "$work/results"
rm -f "$work/results"/*.json
res="$work/results"

if [ "$dobuild" = 1 ]; then
  [ -f "$build/CMakeCache.txt" ] || cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
  cmake --build "$build" -j2 --target atc resnet50_bench conv_bench
  if [ "$without_avx512" = 1 ]; then cmake --build "$build" -j2 --target cpuid_mask; fi
fi
bash "$root/tests/e2e/ort_compare/install_ort.sh" "$ortdir"
if [ "$without_avx512" = 1 ] && [ -z "${ASIM_CPUID_MASKED:-}" ]; then
  mask="$build/tools/cpuid_mask/without_avx512"
  [ -x "$mask" ] || { echo "run.sh: --without-avx512 needs $mask (x86-64 Linux builds make it)" >&2; exit 2; }
  exec "$mask" bash "$0" "${all_args[@]}" --no-build
fi

# now_s: seconds since the epoch, with nanoseconds.
now_s() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now_s)" 'BEGIN { printf "%.2f", b - a }'; }

# Models: one ONNX per batch (deterministic from the seed, so kept between runs).
for b in $(echo "$batches 1 $p3batch" | tr ' ' '\n' | sort -nu); do
  onnx="$work/resnet50_b$b.onnx"
  [ -s "$onnx" ] || "$python" -B "$root/tools/modelzoo/make_resnet.py" --depth 50 --batch "$b" --out "$onnx"
done
# The same input for both sides: a seeded image-like fp32 tensor in [-128, 128).
for b in $batches; do
  "$python" -c "import numpy as n; n.random.default_rng(0).uniform(-128, 128, ($b, 3, 224, 224)).astype(n.float32).tofile('$work/input_b$b.bin')"
done

# convert <name> <onnx> <soc> <atc options...>: timed; appends {"name", "seconds"} to atc.json.
convert() {
  local name=$1 onnx=$2 soc=$3
  shift 3
  local t0
  t0=$(now_s)
  "$atc" --model="$onnx" --framework=5 --output="$work/$name" --soc_version="$soc" --input_format=NCHW "$@" \
    > "$work/$name.atc.log" 2>&1 || { cat "$work/$name.atc.log"; echo "run.sh: atc failed for $name" >&2; exit 1; }
  echo "{\"name\":\"$name\",\"soc\":\"$soc\",\"seconds\":$(elapsed "$t0")}" >> "$res/atc.json"
}
fp16_opts=(--input_fp16_nodes=data --output_type=FP32)  # the public sample's
for b in $batches; do
  convert "fp32_910b2_b$b" "$work/resnet50_b$b.onnx" Ascend910B2 --precision_mode=must_keep_origin_dtype \
    --output_type=FP32
done
convert fp16_310_b1 "$work/resnet50_b1.onnx" Ascend310 "${fp16_opts[@]}"
# The Caffe twin of the batch-1 model (tools/modelzoo/onnx_to_caffe.py), converted with the
# public Caffe sample's command line; its peak RSS too (issue 17: under 3x the weights).
caffe="$work/caffe_model/resnet50"
[ -s "$caffe.caffemodel" ] || "$python" -B "$root/tools/modelzoo/onnx_to_caffe.py" --onnx "$work/resnet50_b1.onnx" \
  --out "$caffe" > "$work/onnx_to_caffe.log" 2>&1 || { cat "$work/onnx_to_caffe.log"; exit 1; }
t0=$(now_s)
/usr/bin/time -f "%M" -o "$work/caffe_rss_kb.txt" "$atc" --model="$caffe.prototxt" --weight="$caffe.caffemodel" \
  --framework=0 --output="$work/caffe_fp16_310_b1" --soc_version=Ascend310 --input_format=NCHW \
  --input_fp16_nodes=data --output_type=FP32 --out_nodes=prob:0 > "$work/caffe_fp16_310_b1.atc.log" 2>&1 ||
  { cat "$work/caffe_fp16_310_b1.atc.log"; echo "run.sh: atc failed for the Caffe twin" >&2; exit 1; }
echo "{\"name\":\"caffe_fp16_310_b1\",\"soc\":\"Ascend310\",\"seconds\":$(elapsed "$t0"),\"peak_rss_mb\":$(($(tail -1 "$work/caffe_rss_kb.txt") / 1024)),\"weights_mb\":$(($(stat -c %s "$caffe.caffemodel") / 1048576))}" >> "$res/atc.json"
# And its TensorFlow twin (tools/modelzoo/onnx_to_tf.py: a frozen NHWC GraphDef), --framework=3.
tfpb="$work/tf_model/resnet50.pb"
[ -s "$tfpb" ] || "$python" -B "$root/tools/modelzoo/onnx_to_tf.py" --onnx "$work/resnet50_b1.onnx" --out "$tfpb" \
  --input-name Placeholder > "$work/onnx_to_tf.log" 2>&1 || { cat "$work/onnx_to_tf.log"; exit 1; }
t0=$(now_s)
/usr/bin/time -f "%M" -o "$work/tf_rss_kb.txt" "$atc" --model="$tfpb" --framework=3 --output="$work/tf_fp16_310_b1" \
  --soc_version=Ascend310 --input_fp16_nodes=Placeholder --output_type=FP32 --out_nodes=prob:0 \
  > "$work/tf_fp16_310_b1.atc.log" 2>&1 ||
  { cat "$work/tf_fp16_310_b1.atc.log"; echo "run.sh: atc failed for the TensorFlow twin" >&2; exit 1; }
echo "{\"name\":\"tf_fp16_310_b1\",\"soc\":\"Ascend310\",\"seconds\":$(elapsed "$t0"),\"peak_rss_mb\":$(($(tail -1 "$work/tf_rss_kb.txt") / 1024)),\"weights_mb\":$(($(stat -c %s "$tfpb") / 1048576))}" >> "$res/atc.json"
convert "fp16_310p3_b$p3batch" "$work/resnet50_b$p3batch.onnx" Ascend310P3 "${fp16_opts[@]}"
convert "fp16_910_b$p3batch" "$work/resnet50_b$p3batch.onnx" Ascend910 "${fp16_opts[@]}"

uptime | sed 's/^/run.sh: load before timing: /' | tee "$res/load_start.txt"
# The host comparison, each side in its own process. The host's speed drifts on a scale of
# minutes (a VM's neighbours), more than the differences measured here, so the measurements are
# interleaved: R rounds, each running every measurement once (ORT then ours per batch, both on
# one thread, our fp16 model), each process W warm-ups + N timed runs; report.py pools each
# measurement's runs over the rounds (median of R x N) and prints every round's ratio too.
for round in $(seq 1 "$rounds"); do
  for b in $batches; do
    echo "run.sh: round $round/$rounds, batch $b: ONNX Runtime ($runs runs after $warmup warm-ups)"
    NODE_PATH="$ortdir/node_modules" node "$root/tests/e2e/ort_compare/ort_run.js" --model "$work/resnet50_b$b.onnx" \
      --input "$work/input_b$b.bin" --threads 2 --warmup "$warmup" --runs "$runs" >> "$res/ort_b$b.json"
    echo "run.sh: round $round/$rounds, batch $b: aclmdlExecute fp32 on Ascend910B2 ($runs runs after $warmup warm-ups)"
    ASCEND_SIM_SOC_VERSION=Ascend910B2 "$bench" --model "$work/fp32_910b2_b$b.om" --input "$work/input_b$b.bin" \
      --warmup "$warmup" --runs "$runs" --device-runs 1 >> "$res/ours_b$b.json"
  done
  # Batch 1 on one thread each (both pinned to CPU 0), and the sample's fp16 model against ORT fp32.
  echo "run.sh: round $round/$rounds, batch 1, one thread each (taskset -c 0): ONNX Runtime, then aclmdlExecute fp32"
  NODE_PATH="$ortdir/node_modules" taskset -c 0 node "$root/tests/e2e/ort_compare/ort_run.js" \
    --model "$work/resnet50_b1.onnx" --input "$work/input_b1.bin" --threads 1 --warmup "$warmup" --runs "$runs" \
    >> "$res/ort1t_b1.json"
  ASCEND_SIM_SOC_VERSION=Ascend910B2 taskset -c 0 "$bench" --model "$work/fp32_910b2_b1.om" \
    --input "$work/input_b1.bin" --warmup "$warmup" --runs "$runs" --device-runs 0 >> "$res/ours1t_b1.json"
  echo "run.sh: round $round/$rounds, batch 1: aclmdlExecute of the sample's fp16 model on Ascend310"
  ASCEND_SIM_SOC_VERSION=Ascend310 "$bench" --model "$work/fp16_310_b1.om" --input "$work/input_b1.bin" \
    --warmup "$warmup" --runs "$runs" --device-runs 0 >> "$res/ours16_b1.json"
done
if [ "$quick" = 1 ]; then
  "$convbench" --quick --paths aicore > "$res/conv_bench.txt"
else
  echo "run.sh: bench/conv: ResNet-50's convolutions against the FMA limit"
  "$convbench" --paths aicore > "$res/conv_bench.txt"
fi
# Simulated device time only (one warm-up execution, then one between events).
device() {
  echo "run.sh: simulated device time: $1 batch $3"
  ASCEND_SIM_SOC_VERSION=$1 "$bench" --model "$work/$2.om" --warmup 1 --runs 0 --device-runs 1 > "$res/dev_$2.json"
}
device Ascend310 fp16_310_b1 1
device Ascend310P3 "fp16_310p3_b$p3batch" "$p3batch"
device Ascend910 "fp16_910_b$p3batch" "$p3batch"
uptime | sed 's/^/run.sh: load at end: /' | tee "$res/load_end.txt"
"$python" -B "$here/report.py" "$res" --quick "$quick"
# The smoke test's models (~1 GB with their prepared filters) served only this run; a full run
# keeps its models for a rerun or a closer look.
if [ "$quick" = 1 ]; then rm -f "$work"/*.om; fi
