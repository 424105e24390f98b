// How RunConv plans the direct engine (kernels/cube/conv_runner.h): a workspace sized by
// ConvWorkspaceBytes always fits; a smaller one that fits the plan models converted before
// rows of 14+ pixels took 4 output blocks (2 then) still runs, with the same bytes out; a
// workspace smaller than both is refused with the sizes. On every vector target this host runs.
// Owner: the cube kernels.
#include <vector>

#include "kernels/cube/conv_runner.h"
#include "kernels/framework/isa.h"
#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {
namespace {

struct Conv1x1 {
  ConvParams p;
  ConvIo io;
  std::vector<float> x, w, y;
};

// A 1x1 fp32 convolution, 32 -> 64 channels (4 output blocks) over 16x16 pixels, NC1HWC0.
void Make(Conv1x1* c) {
  c->p.n = 1, c->p.cin = 32, c->p.cout = 64;
  c->p.in = {16, 16, 1};
  c->p.kernel = {1, 1, 1};
  c->p.out = {16, 16, 1};
  c->x = RandomFloats(2 * 16 * 16 * 16, -1, 1, 5);
  c->w = RandomFloats(64 * 32, -1, 1, 6);
  c->y.assign(4 * 16 * 16 * 16, 0.0f);
  c->io.x.data = c->x.data();
  c->io.x.format = Format::kNc1hwc0;
  c->io.x.n = 1, c->io.x.c = 32, c->io.x.h = 16, c->io.x.w = 16;
  c->io.w.data = c->w.data();
  c->io.w.cout = 64, c->io.w.cin_g = 32, c->io.w.kh = 1, c->io.w.kw = 1;
  c->io.y.data = c->y.data();
  c->io.y.format = Format::kNc1hwc0;
  c->io.y.n = 1, c->io.y.c = 64, c->io.y.h = 16, c->io.y.w = 16;
}

TEST(ConvPlan, AWorkspacePlannedForTwoOutputBlocksStillRunsWithTheSameBytes) {
  for (const std::string& target : isa::Available()) {
    isa::ScopedIsa scoped(target);
    ASSERT_TRUE(scoped.status().ok());
    SCOPED_TRACE(target);
    Conv1x1 c;
    Make(&c);
    const size_t bytes = ConvWorkspaceBytes(c.p, c.io.x.format, c.io.x.dtype, c.io.w, c.io.y.format, c.io.y.dtype);
    std::vector<char> full(bytes);
    ASSERT_TRUE(RunConv(c.p, c.io, full.data(), full.size(), false).ok());
    const std::vector<float> expect = c.y;
    // The smallest workspace that runs: below what this build plans, on the 4-block target.
    size_t lo = 0, hi = bytes;
    while (lo + 1 < hi) {
      const size_t mid = (lo + hi) / 2;
      std::vector<char> ws(mid);
      (RunConv(c.p, c.io, ws.data(), ws.size(), false).ok() ? hi : lo) = mid;
    }
    if (target == "avx512") {
      EXPECT_LT(hi, bytes);
    }
    std::fill(c.y.begin(), c.y.end(), 0.0f);
    std::vector<char> least(hi);
    ASSERT_TRUE(RunConv(c.p, c.io, least.data(), least.size(), false).ok());
    EXPECT_EQ(c.y, expect);
    std::vector<char> too_small(hi - 1);
    const Status st = RunConv(c.p, c.io, too_small.data(), too_small.size(), false);
    EXPECT_EQ(st.code(), err::kInvalidParam);
    EXPECT_NE(st.message().find("workspace has " + std::to_string(hi - 1) + " bytes"), std::string::npos)
        << st.message();
  }
}

}  // namespace
}  // namespace asim::kernels::testing
