#!/usr/bin/env bash
# scripts/fuzz.sh [seconds]: fuzz the .om reader with libFuzzer for `seconds` (default 60).
#
# Configures build-fuzz with clang (-DASIM_FUZZ=ON, ASan + UBSan), builds only the fuzz
# target and the seed generator, and runs om_reader_fuzz over a copy of the committed seed
# corpus (tests/fuzz/corpus/om_reader) plus freshly generated seeds, so the committed corpus
# is never modified. Findings (crash, sanitizer report, timeout, OOM) are written to
# build-fuzz/fuzz-om_reader/artifacts/. Exit status: 0 when clean, non-zero on a finding or
# a build failure. Ends with one line: "fuzz: om_reader <execs> execs ... : clean|FINDING".
set -uo pipefail
source "$(dirname "$0")/common.sh"
cd "$ROOT"

FUZZ_SECONDS="${1:-60}"
if ! [[ "$FUZZ_SECONDS" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh [seconds]" >&2
  exit 2
fi
BUILD="$ROOT/build-fuzz"

mkdir -p "$BUILD"
if ! cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DASIM_FUZZ=ON -DASIM_SANITIZE=ON -DASIM_BUILD_SAMPLES=OFF > "$BUILD/configure.log" 2>&1; then
  cat "$BUILD/configure.log"
  echo "fuzz: om_reader: configure failed" >&2
  exit 1
fi
if ! cmake --build "$BUILD" -j "$JOBS" --target om_reader_fuzz make_om_seeds; then
  echo "fuzz: om_reader: build failed" >&2
  exit 1
fi

WORK="$BUILD/fuzz-om_reader"
rm -rf "$WORK"
mkdir -p "$WORK/corpus" "$WORK/seeds" "$WORK/artifacts"
cp "$ROOT"/tests/fuzz/corpus/om_reader/* "$WORK/corpus/"
"$BUILD/tests/fuzz/make_om_seeds" "$WORK/seeds" || { echo "fuzz: om_reader: make_om_seeds failed" >&2; exit 1; }

# New inputs go to the first directory (the copy); the fresh seeds are read only.
ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}" \
UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
  "$BUILD/tests/fuzz/om_reader_fuzz" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix="$WORK/artifacts/" "$WORK/corpus" "$WORK/seeds" > "$WORK/fuzz.log" 2>&1
rc=$?
tail -n 25 "$WORK/fuzz.log"

stat_of() { grep -E "^stat::$1:" "$WORK/fuzz.log" | tail -1 | awk '{print $2}'; }
execs=$(stat_of number_of_executed_units)
cov=$(grep -Eo 'cov: [0-9]+' "$WORK/fuzz.log" | tail -1 | awk '{print $2}')
ft=$(grep -Eo 'ft: [0-9]+' "$WORK/fuzz.log" | tail -1 | awk '{print $2}')
corpus=$(ls "$WORK/corpus" | wc -l)
findings=$(ls "$WORK/artifacts" | wc -l)
if [ "$rc" -ne 0 ] || [ "$findings" -ne 0 ]; then
  echo "fuzz: om_reader ${execs:-?} execs, cov ${cov:-?}, ft ${ft:-?}, corpus $corpus: FINDING (exit $rc, artifacts in $WORK/artifacts, log $WORK/fuzz.log)"
  exit 1
fi
echo "fuzz: om_reader ${execs:-?} execs in ${FUZZ_SECONDS}s, cov ${cov:-?}, ft ${ft:-?}, corpus $corpus: clean"
