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
