// A host-thread cap (kernels/common/host/host_threads.h) for one scope of a kernel test: set on
// construction (a gtest failure when refused), the previous cap restored on destruction.
// Not thread-safe: the cap is process-wide; use it on the test's own thread, between loops.
#pragma once

#include <gtest/gtest.h>

#include "kernels/common/host/host_threads.h"

namespace asim::kernels::testing {

class ScopedHostThreads {
 public:
  explicit ScopedHostThreads(int threads) : previous_(HostThreads()) { EXPECT_TRUE(SetHostThreads(threads)); }
  ~ScopedHostThreads() { SetHostThreads(previous_); }
  ScopedHostThreads(const ScopedHostThreads&) = delete;
  ScopedHostThreads& operator=(const ScopedHostThreads&) = delete;

 private:
  int previous_;
};

}  // namespace asim::kernels::testing
