#!/usr/bin/env bash
# scripts/fuzz.sh [seconds]: fuzz each libFuzzer target for `seconds` (default 60):
#   om_reader     the .om reader (seeds: tests/fuzz/corpus/om_reader + make_om_seeds' output)
#   caffe_parser  atc's Caffe reader (seeds: tests/fuzz/corpus/caffe_parser, a prototxt, a NUL
#                 byte, then a caffemodel)
#   tf_graph      atc's TensorFlow reader (seeds: tests/fuzz/corpus/tf_graph, binary GraphDefs)
#   aipp_config   atc's --insert_op_conf reader (seeds: tests/fuzz/corpus/aipp_config)
#   dvpp_decode   the simulated JPEGD / PNGD decoders (seeds: tests/fuzz/corpus/dvpp_decode, a
#                 selector byte then a JPEG or PNG)
#   acl_config    the acl.json reader, dump / profiler / sim sections (seeds:
#                 tests/fuzz/corpus/acl_config)
#   singleop_json atc's --singleop reader, parse and validate only (seeds:
#                 tests/fuzz/corpus/singleop_json)
#   dump_reader   the dump file reader and dump2npy's conversion (seeds:
#                 tests/fuzz/corpus/dump_reader, big-dump and inline dump files)
#   prof_raw      the PROF_* raw record-line readers (task, API event, msproftx; seeds:
#                 tests/fuzz/corpus/prof_raw)
#   onnx_import   atc's whole ONNX conversion: load, checker, import, passes, graph compiler
#                 (seeds: tests/fuzz/corpus/onnx_import, a SoC selector byte then a model)
#   model_exec    .om bytes loaded and executed through libascendcl's public API (seeds:
#                 tests/fuzz/corpus/model_exec, small models from atc and the test models)
# A target with a dictionary (tests/fuzz/dict/<target>.dict: the format's keywords) gets it
# through -dict=.
#
# The targets live in the sanitizer tree scripts/test.sh also tests (build-asan: clang, Debug,
# ASan + UBSan, -DASIM_FUZZ=ON; common.sh's configure_sanitizer_tree), so the two
# whole-pipeline targets cost a link there, not a second instrumented build of the kernels
# and the runtime. This script configures that tree, builds only the fuzz targets and the seed
# generator (nothing when test.sh has built the tree), and runs each target over a copy of its
# committed seed corpus, so the committed corpus is never modified. Findings (crash,
# sanitizer report, timeout, OOM) are written to build-asan/fuzz-<target>/artifacts/. Exit
# status: 0 when every target is clean, non-zero on a finding or a build failure. One line
# per target: "fuzz: <target> <execs> execs ... : clean|FINDING".
set -uo pipefail
source "$(dirname "$0")/common.sh"
cd "$ROOT"

FUZZ_SECONDS="${1:-60}"
if ! [[ "$FUZZ_SECONDS" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh [seconds]" >&2
  exit 2
fi
BUILD="$SANITIZER_BUILD"

if ! configure_sanitizer_tree; then
  echo "fuzz: configure failed" >&2
  exit 1
fi
if ! cmake --build "$BUILD" -j "$JOBS" --target om_reader_fuzz make_om_seeds caffe_parser_fuzz tf_graph_fuzz aipp_config_fuzz dvpp_decode_fuzz \
    acl_config_fuzz singleop_json_fuzz dump_reader_fuzz prof_raw_fuzz onnx_import_fuzz model_exec_fuzz; then
  echo "fuzz: build failed" >&2
  exit 1
fi

# fuzz_target <name> <extra seed directory or ""> [libFuzzer options...]
fuzz_target() {
  local name=$1 seeds=$2
  shift 2
  local work="$BUILD/fuzz-$name"
  rm -rf "$work"
  mkdir -p "$work/corpus" "$work/artifacts"
  cp "$ROOT/tests/fuzz/corpus/$name"/* "$work/corpus/"
  local dict=""
  [ -f "$ROOT/tests/fuzz/dict/$name.dict" ] && dict="-dict=$ROOT/tests/fuzz/dict/$name.dict"
  # New inputs go to the first directory (the copy); the extra seeds are read only.
  ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}" \
  UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
    "$BUILD/tests/fuzz/${name}_fuzz" $dict -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$@" "$work/corpus" $seeds > "$work/fuzz.log" 2>&1
  local rc=$?
  tail -n 12 "$work/fuzz.log"
  stat_of() { grep -E "^stat::$1:" "$work/fuzz.log" | tail -1 | awk '{print $2}'; }
  local execs cov ft corpus findings
  execs=$(stat_of number_of_executed_units)
  cov=$(grep -Eo 'cov: [0-9]+' "$work/fuzz.log" | tail -1 | awk '{print $2}')
  ft=$(grep -Eo 'ft: [0-9]+' "$work/fuzz.log" | tail -1 | awk '{print $2}')
  corpus=$(ls "$work/corpus" | wc -l)
  findings=$(ls "$work/artifacts" | wc -l)
  if [ "$rc" -ne 0 ] || [ "$findings" -ne 0 ]; then
    echo "fuzz: $name ${execs:-?} execs, cov ${cov:-?}, ft ${ft:-?}, corpus $corpus: FINDING (exit $rc, artifacts in $work/artifacts, log $work/fuzz.log)"
    return 1
  fi
  echo "fuzz: $name ${execs:-?} execs in ${FUZZ_SECONDS}s, cov ${cov:-?}, ft ${ft:-?}, corpus $corpus: clean"
}

status=0
mkdir -p "$BUILD/fuzz-seeds/om_reader"
rm -f "$BUILD/fuzz-seeds/om_reader"/*
"$BUILD/tests/fuzz/make_om_seeds" "$BUILD/fuzz-seeds/om_reader" || { echo "fuzz: om_reader: make_om_seeds failed" >&2; exit 1; }
fuzz_target om_reader "$BUILD/fuzz-seeds/om_reader" || status=1
fuzz_target caffe_parser "" || status=1
fuzz_target tf_graph "" || status=1
fuzz_target aipp_config "" || status=1
fuzz_target dvpp_decode "" || status=1
fuzz_target acl_config "" || status=1
fuzz_target singleop_json "" || status=1
fuzz_target dump_reader "" || status=1
fuzz_target prof_raw "" || status=1
fuzz_target onnx_import "" -max_len=65536 || status=1
fuzz_target model_exec "" -max_len=65536 || status=1
exit $status
