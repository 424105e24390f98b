// How RunConv sizes the direct engine's workspace (kernels/cube/conv_runner.h), which atc
// plans into models: the bytes do not depend on the output blocks per weight group the
// running target takes, so a model converted by an earlier atc (2 blocks where rows of 14+
// pixels now take 4) loads and runs; a workspace one byte short is refused with the sizes.
// On every vector target this host runs.
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

TEST(ConvPlan, TheWorkspaceIsWhatEarlierModelsPlannedOnEveryTarget) {
  // 2 blocks: 8 work items x one chunk of 4 input blocks x 2 output blocks (8 x 2048 floats);
  // 4 blocks: 4 x 4096; 1 block (AVX2, NEON): 16 x 1024. Then 64 bias floats, 64 bytes to
  // align the base.
  const size_t earlier = 16384 * sizeof(float) + 64 * sizeof(float) + 64;
  for (const std::string& target : isa::Available()) {
    isa::ScopedIsa scoped(target);
    ASSERT_TRUE(scoped.status().ok());
    SCOPED_TRACE(target);
    Conv1x1 c;
    Make(&c);
    const size_t bytes = ConvWorkspaceBytes(c.p, c.io.x.format, c.io.x.dtype, c.io.w, c.io.y.format, c.io.y.dtype);
    EXPECT_EQ(bytes, earlier);
    std::vector<char> ws(bytes);
    EXPECT_TRUE(RunConv(c.p, c.io, ws.data(), ws.size(), false).ok());
    std::vector<char> short_by_one(bytes - 1);
    const Status st = RunConv(c.p, c.io, short_by_one.data(), short_by_one.size(), false);
    EXPECT_EQ(st.code(), err::kInvalidParam);
    EXPECT_NE(st.message().find("workspace has " + std::to_string(bytes - 1) + " bytes"), std::string::npos)
        << st.message();
  }
}

}  // namespace
}  // namespace asim::kernels::testing
