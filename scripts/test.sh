#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run calls exactly this):
#   1. install the Debian packages (idempotent),
#   2. release build (RelWithDebInfo) + every ctest test: unit, conformance, headers, samples,
#      install, lint,
#   3. ASan+UBSan build (clang; it also holds the fuzz targets of step 6) + the unit and
#      conformance suites (not the pure-Python ones, label
#      "python": the release stage runs them and a sanitizer adds nothing; and of the ONNX
#      conformance suites only the one over Debian's libonnx-testdata: the generated cases
#      repeat most of it and took 5 of the stage's 22 minutes under ASan; nor those labelled
#      "large", which commit gigabytes of simulated device memory: the 4 GiB model file),
#   4. TSan build + the stream/event/callback suites (the threaded parts),
#   5. the aarch64 cross build (-Werror: NEON kernels, libascendcl, the ResNet-50 sample) and,
#      under qemu-user, its kernel suite, the model-execution suites and the ResNet-50 sample
#      (scripts/test_aarch64.sh),
#   6. the libFuzzer targets (the .om reader, atc's Caffe, TensorFlow, AIPP config and --singleop
#      readers, the DVPP decoders, acl.json, dump files, profiling raw data, atc's whole ONNX
#      conversion, a model's load and execution) for 20 seconds each (scripts/fuzz.sh), from
#      the tree step 3 built.
# Ends with one line "tests: N passed, M failed, S skipped" over all runs; a skipped test counts
# as failed unless tests/skip_allowlist.txt lists it with a reason. Exits non-zero on any failure.
set -uo pipefail
source "$(dirname "$0")/common.sh"
cd "$ROOT"

bash scripts/install-deps.sh
echo "test.sh: install-deps took $SECONDS s"

total_passed=0
total_failed=0
total_skipped=0
status=0

# run_ctest <build dir> [ctest args...]: runs ctest, adds its counts to the totals (a skip
# not on tests/skip_allowlist.txt is a failure: common.sh's ctest_counts).
run_ctest() {
  local dir=$1
  shift
  local log="$dir.ctest.log"
  ctest --test-dir "$dir" -j "$JOBS" --output-on-failure "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  local counts
  counts=$(ctest_counts "$log")
  if [ -z "$counts" ]; then
    echo "test.sh: ctest in $dir printed no summary" >&2
    status=1
    return
  fi
  local passed failed skipped unlisted
  read -r passed failed skipped unlisted <<< "$counts"
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed + unlisted))
  total_skipped=$((total_skipped + skipped - unlisted))
  [ "$rc" -eq 0 ] && [ "$unlisted" -eq 0 ] || status=1
}

# Free disk before each stage and after a failed build: a run needs ~16 GB for its build trees
# (8 of them the ASan tree, whose instrumented binaries are large; 6.5 the release tree, with
# the models its tests convert) plus ccache's 5 GB cap, and a full disk shows up as a compiler
# or archiver error far from its cause.
disk_report() { df -h "$ROOT" | awk -v s="$1" 'NR == 2 { print "test.sh: " $4 " free on " $6 " " s }'; }
readonly NEEDED_DISK_GB=21
free_gb=$(df -Pk "$ROOT" | awk 'NR == 2 { print int($4 / 1048576) }')
if [ "${free_gb:-0}" -lt "$NEEDED_DISK_GB" ]; then
  echo "test.sh: warning: ${free_gb} GB free on the disk of $ROOT; a whole run needs ~$NEEDED_DISK_GB GB" \
    "(build trees ~16 GB, ccache up to 5 GB): expect a failure to write an object or archive" >&2
fi
# Wall time per stage, so a slow CI run says where its minutes went (CI's limit is 90 minutes,
# the goal 40).
stage_start=$SECONDS
stage_timing() {
  echo "test.sh: stage '$1' took $((SECONDS - stage_start)) s (total $SECONDS s)"
  stage_start=$SECONDS
}

disk_report "before the release build"
echo "=== release build ==="
if configure_and_build "$ROOT/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo; then
  run_ctest "$ROOT/build"
else
  echo "test.sh: release build failed" >&2
  disk_report "after the failed release build"
  status=1
fi

stage_timing "release build and tests"
disk_report "before the ASan build"
echo "=== ASan + UBSan build: unit and conformance suites ==="
if configure_sanitizer_tree && cmake --build "$SANITIZER_BUILD" -j "$JOBS"; then
  # Not under ASan: onnx_conformance (the generated cases), and onnx_conformance.acl.* (every
  # libonnx-testdata case through the atc binary and libascendcl on each SoC: ~2.5 min each
  # unsanitized, so far over a minute instrumented; under ASan the converter and kernels are
  # covered by onnx_conformance.testdata, model execution by the unit and mdl conformance suites).
  ASAN_OPTIONS="detect_leaks=1:abort_on_error=0" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    run_ctest "$SANITIZER_BUILD" -L "unit|conformance" -LE "python|large" -E "^onnx_conformance(\.acl\..*)?$"
else
  echo "test.sh: sanitizer build failed" >&2
  disk_report "after the failed sanitizer build"
  status=1
fi

stage_timing "ASan+UBSan build and tests"
disk_report "before the TSan build"
echo "=== TSan build: the threaded suites (streams, events, callbacks, channels) ==="
# Only the executables labelled "threads" are built: TSan builds are slow and the rest of
# the suite has no concurrency of its own. asim_add_gtest writes <target>_labels.cmake.
if cmake -S "$ROOT" -B "$ROOT/build-tsan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DASIM_TSAN=ON \
     -DASIM_BUILD_SAMPLES=OFF > "$ROOT/build-tsan.configure.log" 2>&1; then
  mapfile -t tsan_targets < <(grep -l '"[^"]*threads[^"]*"' $(find "$ROOT/build-tsan/tests" -name '*_labels.cmake') |
                              xargs -n1 basename | sed 's/_labels\.cmake$//' | sort -u)
  echo "TSan targets: ${tsan_targets[*]}"
  if cmake --build "$ROOT/build-tsan" -j "$JOBS" --target "${tsan_targets[@]}"; then
    TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1" run_ctest "$ROOT/build-tsan" -L "threads"
  else
    echo "test.sh: TSan build failed" >&2
    status=1
  fi
else
  cat "$ROOT/build-tsan.configure.log"
  echo "test.sh: TSan configure failed" >&2
  status=1
fi

stage_timing "TSan build and tests"
disk_report "before the aarch64 stage"
echo "=== aarch64: cross build, tests under qemu-user ==="
aarch64_log="$ROOT/build-aarch64.test.log"
bash scripts/test_aarch64.sh 2>&1 | tee "$aarch64_log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
line=$(grep -E "^aarch64: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped" "$aarch64_log" | tail -1)
if [ -n "$line" ]; then
  total_passed=$((total_passed + $(echo "$line" | sed -E 's/^aarch64: ([0-9]+) passed.*/\1/')))
  total_failed=$((total_failed + $(echo "$line" | sed -E 's/.* ([0-9]+) failed, .*/\1/')))
  total_skipped=$((total_skipped + $(echo "$line" | sed -E 's/.* ([0-9]+) skipped.*/\1/')))
else
  echo "test.sh: the aarch64 stage printed no summary" >&2
  total_failed=$((total_failed + 1))
  status=1
fi

stage_timing "aarch64"
disk_report "before the fuzzers"
echo "=== libFuzzer: 11 targets (the .om, Caffe, TensorFlow, AIPP config, acl.json, single-op JSON, dump and profiling readers, the DVPP decoders, ONNX conversion, model execution), 20 s each (clang, ASan+UBSan) ==="
# Each target counts as one test: passed when it ran its time without a finding.
fuzz_log="$ROOT/build-asan.fuzz.log"
bash scripts/fuzz.sh 20 2>&1 | tee "$fuzz_log"
fuzz_rc=${PIPESTATUS[0]}
fuzz_clean=$(grep -cE "^fuzz: [a-z_]+ .*: clean$" "$fuzz_log")
fuzz_found=$(grep -cE "^fuzz: [a-z_]+ .*: FINDING" "$fuzz_log")
total_passed=$((total_passed + fuzz_clean))
total_failed=$((total_failed + fuzz_found))
if [ "$fuzz_rc" -ne 0 ]; then
  [ "$fuzz_found" -gt 0 ] || total_failed=$((total_failed + 1))  # the build or a seed step failed
  echo "test.sh: a fuzzer found a problem or did not run (see build-asan/fuzz-*)" >&2
  status=1
fi

stage_timing "fuzzers"
echo "tests: ${total_passed} passed, ${total_failed} failed, ${total_skipped} skipped (each on tests/skip_allowlist.txt with its reason)"
exit $status
