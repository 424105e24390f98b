// kernels/common/host/prefetch.h: the read and write hints change no byte, wherever in a
// buffer they point (first, middle, last byte; unaligned) and from two threads at once on the
// same lines; on aarch64 (the "aarch64" stage runs test_kernels under qemu-user) the write
// hint is PRFM PSTL1KEEP, on x86-64 PREFETCHW, which the CPUs without it run as a no-op.
#include "kernels/common/host/prefetch.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <thread>
#include <vector>

namespace asim::kernels {
namespace {

TEST(Prefetch, HintsChangeNoByte) {
  std::vector<uint8_t> buffer(4096 + 3);
  std::iota(buffer.begin(), buffer.end(), uint8_t{7});
  const std::vector<uint8_t> before = buffer;
  const auto hint_everywhere = [&buffer] {
    for (size_t i = 0; i < buffer.size(); i += 61) {
      PrefetchForRead(buffer.data() + i);
      PrefetchForWrite(buffer.data() + i);
    }
    PrefetchForRead(&buffer.back());
    PrefetchForWrite(&buffer.back());
  };
  std::thread other(hint_everywhere);
  hint_everywhere();
  other.join();
  EXPECT_EQ(buffer, before);
}

}  // namespace
}  // namespace asim::kernels
