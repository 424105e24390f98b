# Shared by scripts/*.sh: build settings and helpers. Source it; do not run it.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JOBS="${ASIM_JOBS:-$(nproc)}"
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
export CCACHE_BASEDIR="$ROOT"     # cache hits across clones in different folders
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-5G}"
export CCACHE_NOHASHDIR=1        # -g builds in another folder still hit the cache

# configure_and_build <build dir> [cmake args...]
configure_and_build() {
  local dir=$1
  shift
  cmake -S "$ROOT" -B "$dir" -G Ninja "$@" > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; return 1; }
  cmake --build "$dir" -j "$JOBS"
}

# The sanitizer tree (build-asan): clang, Debug, ASan + UBSan, and the libFuzzer targets
# (ASIM_FUZZ=ON), so the unit and conformance suites (scripts/test.sh) and the fuzz targets
# (scripts/fuzz.sh) share one instrumented build of the kernels and the runtime.
SANITIZER_BUILD="$ROOT/build-asan"
# configure_sanitizer_tree: configures $SANITIZER_BUILD (idempotent; no build).
configure_sanitizer_tree() {
  mkdir -p "$SANITIZER_BUILD"
  cmake -S "$ROOT" -B "$SANITIZER_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DASIM_SANITIZE=ON -DASIM_FUZZ=ON \
    -DASIM_BUILD_SAMPLES=OFF > "$SANITIZER_BUILD.configure.log" 2>&1 || { cat "$SANITIZER_BUILD.configure.log"; return 1; }
}

# ctest_counts <ctest log>: prints "passed failed skipped unlisted" for one ctest run. ctest
# reports a GTEST_SKIP as "(Skipped)" and counts it among the passed; here a skip is its own
# count, and a skip whose test is not on tests/skip_allowlist.txt (name, then the reason) is
# "unlisted": the caller counts it as a failure and the names are printed on stderr. Prints
# nothing when the log has no ctest summary.
ctest_counts() {
  local log=$1 line failed total
  line=$(grep -E "tests passed, [0-9]+ tests failed out of [0-9]+" "$log" | tail -1)
  [ -n "$line" ] || return 0
  failed=$(echo "$line" | sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\1/')
  total=$(echo "$line" | sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\2/')
  local skipped=0 unlisted=0 name
  while IFS= read -r name; do
    [ -n "$name" ] || continue
    skipped=$((skipped + 1))
    if ! grep -v '^#' "$ROOT/tests/skip_allowlist.txt" | awk '{print $1}' | grep -Fxq -- "$name"; then
      unlisted=$((unlisted + 1))
      echo "test: $name was skipped and is not on tests/skip_allowlist.txt: a skip counts as a failure" >&2
    fi
  done < <(sed -n '/The following tests did not run:/,/^$/p' "$log" | grep -E '\(Skipped\)$' |
           sed -E 's/^[[:space:]]*[0-9]+ - (.*) \(Skipped\)$/\1/')
  echo "$((total - failed - skipped)) $failed $skipped $unlisted"
}
