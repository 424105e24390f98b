#!/usr/bin/env bash
# Installs the build tree into a fresh prefix, checks the layout real AscendCL applications
# expect, then builds and runs one application three ways: find_package(AscendCL), the
# samples' DDK_PATH/NPU_HOST_LIB CMake style after sourcing set_env.sh, and pkg-config; and a
# fourth program that includes only acl/acl_tdt.h and links -lacl_tdt_channel -lascendcl.
# Usage: install_test.sh <build dir> <source dir> <work dir>
set -euo pipefail
build=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" > "$work/install.log"

fail() { echo "install_test: $*" >&2; exit 1; }
for f in runtime/include/acl/acl.h runtime/include/acl/acl_base.h runtime/include/acl/acl_rt.h \
         runtime/include/acl/error_codes/rt_error_codes.h runtime/include/acl/ops/acl_cblas.h \
         runtime/lib64/libascendcl.so runtime/lib64/stub/libascendcl.so runtime/lib64/stub/libacl_dvpp.so \
         runtime/lib64/libacl_cblas.so runtime/lib64/libmsprofiler.so set_env.sh \
         lib/cmake/AscendCL/AscendCLConfig.cmake lib/pkgconfig/ascendcl.pc include/acl/acl.h \
         runtime/include/hccl/hccl.h runtime/include/hccl/hccl_types.h runtime/lib64/libhccl.so \
         acllib/include/acl/acl.h acllib/lib64/stub/libascendcl.so; do
  [ -e "$prefix/$f" ] || fail "missing $f in the install"
done

# Only headers under the include directories (no editor or format files from the source tree).
stray=$(find "$prefix/include" "$prefix/runtime/include" -type f ! -name '*.h' | head -5)
[ -z "$stray" ] || fail "files other than headers installed: $stray"

# Exactly the declared functions are exported by the installed library.
python3 "$src/tools/apigen/apigen.py" abi --include "$prefix/runtime/include" --lib "$prefix/runtime/lib64/libascendcl.so"

app="$src/samples/device_memory/main.c"

# 1. find_package(AscendCL)
cmake -S "$src/tests/install/consumer_find_package" -B "$work/fp" -DCMAKE_PREFIX_PATH="$prefix" \
  -DAPP_SOURCE="$app" > "$work/fp.log"
cmake --build "$work/fp" >> "$work/fp.log"
LD_LIBRARY_PATH="$prefix/runtime/lib64" "$work/fp/app" | tee "$work/fp.out"
grep -q "data identical" "$work/fp.out" || fail "find_package build did not run correctly"

# 2. the samples' style, after sourcing set_env.sh
(
  # shellcheck disable=SC1091
  . "$prefix/set_env.sh"
  [ "$ASCEND_HOME_PATH" = "$(cd "$prefix" && pwd)" ] || fail "set_env.sh: ASCEND_HOME_PATH=$ASCEND_HOME_PATH"
  cmake -S "$src/tests/install/consumer_ddk" -B "$work/ddk" -DAPP_SOURCE="$app" > "$work/ddk.log"
  cmake --build "$work/ddk" >> "$work/ddk.log"
  "$work/ddk/main" | tee "$work/ddk.out"
)
grep -q "data identical" "$work/ddk.out" || fail "DDK_PATH-style build did not run correctly"

# 3. pkg-config
PKG_CONFIG_PATH="$prefix/lib/pkgconfig" cc -std=c99 -Wall -Wextra -Werror -pedantic -D_POSIX_C_SOURCE=200809L \
  "$app" -o "$work/pc_app" $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs ascendcl) -lpthread
"$work/pc_app" | tee "$work/pc.out"
grep -q "data identical" "$work/pc.out" || fail "pkg-config build did not run correctly"

# 4. a program that includes only acl/acl_tdt.h, linked by name against the companion library
#    (-lacl_tdt_channel -lascendcl), as framework adapters build against an installed CANN
[ -e "$prefix/runtime/lib64/libacl_tdt_channel.so" ] || fail "missing runtime/lib64/libacl_tdt_channel.so"
cc -std=c99 -Wall -Wextra -Werror -pedantic "$src/tests/conformance/tdt/link_only/tdt_link_only.c" \
  -I"$prefix/runtime/include" -L"$prefix/runtime/lib64" -lacl_tdt_channel -lascendcl -o "$work/tdt_app"
LD_LIBRARY_PATH="$prefix/runtime/lib64" "$work/tdt_app" | tee "$work/tdt.out"
grep -q "tdt link-only program: ok" "$work/tdt.out" || fail "the acl_tdt.h-only program did not run correctly"

# 5. pyACL, where it was built: `import acl` after sourcing set_env.sh alone (the module finds
#    libascendcl through its RPATH into runtime/lib64, not LD_LIBRARY_PATH).
if [ -e "$build/python/site-packages/acl/acl.so" ]; then
  [ -e "$prefix/python/site-packages/acl/acl.so" ] || fail "missing python/site-packages/acl/acl.so"
  out=$(env -i PATH=/usr/bin:/bin bash -c ". '$prefix/set_env.sh' && /usr/bin/python3 -B -c \
    'import acl; r = acl.init(); print(\"pyacl\", r, acl.get_soc_name(), acl.finalize())'")
  echo "$out"
  [ "$out" = "pyacl 0 Ascend310 0" ] || fail "import acl from the install: $out"
fi
echo "install_test: ok"
