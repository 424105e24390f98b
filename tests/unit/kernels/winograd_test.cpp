// The Winograd convolution path (kernels/cube/winograd_conv.h) through RunConv with a
// filter prepared at load, on every vector target this host runs, against a double reference
// and against the direct engine: tile sizes 2 and 4, tiles that reach past the output (sizes
// not multiples of the tile), channels that are not multiples of 16, input blocked in place
// (no padding) or packed from NCHW, fp32 and fp16 outputs, with and without bias; the choice
// of tile; the scratch cache; and the switch that turns the path off.
// Tolerance: the kernels' fp32 one (1e-4 relative + 5e-4 absolute); fp16 outputs the fp16 one.
// Owner: the cube kernels.
#include <cstdlib>
#include <cstring>

#include "base/fp16.h"
#include "kernels/common/host/scratch_pool.h"
#include "kernels/cube/conv_runner.h"
#include "kernels/cube/winograd_conv.h"
#include "kernels/framework/isa.h"
#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {
namespace {

struct Case {
  int64_t n, cin, h, w, cout, pad;
  bool blocked_io;  // x NC1HWC0 fp32 (pad must be 0: read in place), y NC1HWC0 fp16; else NCHW fp32
  bool bias;
  bool x_half = false;  // blocked_io with an fp16 input
  int64_t oh() const { return h + 2 * pad - 2; }
  int64_t ow() const { return w + 2 * pad - 2; }
};

std::string Describe(const Case& c) {
  std::ostringstream os;
  os << "n" << c.n << " cin" << c.cin << " " << c.h << "x" << c.w << " cout" << c.cout << " pad" << c.pad
     << (c.blocked_io ? " NC1HWC0" : " NCHW") << (c.bias ? " bias" : "");
  return os.str();
}

ConvParams Params(const Case& c) {
  ConvParams p;
  p.n = c.n, p.cin = c.cin, p.cout = c.cout;
  p.in = {c.h, c.w, 1};
  p.kernel = {3, 3, 1};
  p.pad_begin = {c.pad, c.pad, 0};
  p.pad_end = {c.pad, c.pad, 0};
  p.out = {c.oh(), c.ow(), 1};
  return p;
}

std::vector<float> Reference(const Case& c, const std::vector<float>& x, const std::vector<float>& w,
                             const std::vector<float>& b) {
  const int64_t oh = c.oh(), ow = c.ow();
  std::vector<float> y(static_cast<size_t>(c.n * c.cout * oh * ow));
  for (int64_t n = 0; n < c.n; ++n)
    for (int64_t co = 0; co < c.cout; ++co)
      for (int64_t oy = 0; oy < oh; ++oy)
        for (int64_t ox = 0; ox < ow; ++ox) {
          double acc = b.empty() ? 0.0 : b[static_cast<size_t>(co)];
          for (int64_t ci = 0; ci < c.cin; ++ci)
            for (int64_t ky = 0; ky < 3; ++ky)
              for (int64_t kx = 0; kx < 3; ++kx) {
                const int64_t iy = oy - c.pad + ky, ix = ox - c.pad + kx;
                if (iy < 0 || iy >= c.h || ix < 0 || ix >= c.w) continue;
                acc += static_cast<double>(x[static_cast<size_t>(((n * c.cin + ci) * c.h + iy) * c.w + ix)]) *
                       w[static_cast<size_t>(((co * c.cin + ci) * 3 + ky) * 3 + kx)];
              }
          y[static_cast<size_t>(((n * c.cout + co) * oh + oy) * ow + ox)] = static_cast<float>(acc);
        }
  return y;
}

// NCHW <-> NC1HWC0 (C0 = 16, missing channels zero).
std::vector<float> ToBlocked(const std::vector<float>& v, int64_t n, int64_t c, int64_t h, int64_t w) {
  const int64_t c1 = (c + 15) / 16;
  std::vector<float> out(static_cast<size_t>(n * c1 * h * w * 16), 0.0f);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t ch = 0; ch < c; ++ch)
      for (int64_t y = 0; y < h * w; ++y)
        out[static_cast<size_t>(((i * c1 + ch / 16) * h * w + y) * 16 + ch % 16)] =
            v[static_cast<size_t>((i * c + ch) * h * w + y)];
  return out;
}

std::vector<float> FromBlockedHalf(const std::vector<uint16_t>& v, int64_t n, int64_t c, int64_t h, int64_t w) {
  const int64_t c1 = (c + 15) / 16;
  std::vector<float> out(static_cast<size_t>(n * c * h * w));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t ch = 0; ch < c; ++ch)
      for (int64_t y = 0; y < h * w; ++y)
        out[static_cast<size_t>((i * c + ch) * h * w + y)] =
            HalfToFloat(v[static_cast<size_t>(((i * c1 + ch / 16) * h * w + y) * 16 + ch % 16)]);
  return out;
}

// Runs `c` through RunConv, with the filter prepared (`prepare`) or not; returns NCHW floats.
// With `via_image`, the prepared filter goes through the bytes a model file stores
// (ExportPrepackedConvWeights) and is read back from a copy of them (AdoptPrepackedConvWeights).
std::vector<float> RunCase(const Case& c, const std::vector<float>& x, const std::vector<float>& w,
                           const std::vector<float>& b, bool prepare, int* tile, bool via_image = false) {
  const ConvParams p = Params(c);
  std::vector<float> x_blocked = c.blocked_io ? ToBlocked(x, c.n, c.cin, c.h, c.w) : std::vector<float>{};
  std::vector<uint16_t> x_half(c.x_half ? x_blocked.size() : 0);
  for (size_t i = 0; i < x_half.size(); ++i) x_half[i] = FloatToHalf(x_blocked[i]);
  ConvIo io;
  io.x.data = c.blocked_io ? x_blocked.data() : const_cast<float*>(x.data());
  if (c.x_half) io.x.data = x_half.data();
  io.x.dtype = c.x_half ? DataType::kFloat16 : DataType::kFloat;
  io.x.format = c.blocked_io ? Format::kNc1hwc0 : Format::kNchw;
  io.x.n = c.n, io.x.c = c.cin, io.x.h = c.h, io.x.w = c.w;
  io.w.data = w.data();
  io.w.cout = c.cout, io.w.cin_g = c.cin, io.w.kh = 3, io.w.kw = 3;
  io.bias = b.empty() ? nullptr : b.data();
  const int64_t c1o = (c.cout + 15) / 16;
  std::vector<float> y32(c.blocked_io ? 0 : static_cast<size_t>(c.n * c.cout * c.oh() * c.ow()));
  std::vector<uint16_t> y16(c.blocked_io ? static_cast<size_t>(c.n * c1o * c.oh() * c.ow() * 16) : 0);
  io.y.data = c.blocked_io ? static_cast<void*>(y16.data()) : static_cast<void*>(y32.data());
  io.y.dtype = c.blocked_io ? DataType::kFloat16 : DataType::kFloat;
  io.y.format = c.blocked_io ? Format::kNc1hwc0 : Format::kNchw;
  io.y.n = c.n, io.y.c = c.cout, io.y.h = c.oh(), io.y.w = c.ow();
  std::shared_ptr<const void> pre;
  if (prepare) pre = PrepackConvWeights(p, io.x.format, io.x.dtype, io.w, io.y.format, io.y.dtype);
  if (via_image && pre != nullptr) {
    PreparedImage image;
    EXPECT_TRUE(ExportPrepackedConvWeights(pre.get(), &image));
    std::shared_ptr<float[]> copy(new float[image.size / sizeof(float) + 16]);
    float* aligned = copy.get() + (64 - reinterpret_cast<uintptr_t>(copy.get()) % 64) % 64 / sizeof(float);
    std::memcpy(aligned, image.data, image.size);
    pre.reset();  // the copy alone from here on
    image.data = aligned;
    FilterTensor shape = io.w;
    shape.data = nullptr;
    pre = AdoptPrepackedConvWeights(p, io.x.format, io.x.dtype, shape, io.y.format, io.y.dtype, image, copy);
    EXPECT_NE(pre, nullptr);
  }
  *tile = PrepackedWinogradTile(pre.get());
  const size_t bytes = ConvWorkspaceBytes(p, io.x.format, io.x.dtype, io.w, io.y.format, io.y.dtype);
  std::vector<char> workspace(bytes);
  const Status st = RunConv(p, io, workspace.data(), workspace.size(), /*allow_heap=*/false, pre.get());
  EXPECT_TRUE(st.ok()) << st.message();
  return c.blocked_io ? FromBlockedHalf(y16, c.n, c.cout, c.oh(), c.ow()) : y32;
}

const std::vector<Case>& Cases() {
  static const std::vector<Case> cases = {
      {1, 64, 28, 28, 64, 1, false, true},       // F(4,3), whole tiles
      {1, 48, 30, 27, 40, 1, false, false},      // F(4,3), partial tiles in both axes, partial channel blocks
      {1, 64, 14, 14, 64, 1, false, true},       // F(2,3) (16 tiles of 4 are too few)
      {2, 33, 9, 11, 35, 1, false, true},        // F(2,3), odd sizes, partial blocks
      {1, 64, 30, 30, 48, 0, true, true},        // F(4,3), input read in place, fp16 output
      {3, 32, 12, 17, 64, 0, true, false},       // F(2,3) in place, fp16, 3 images
      {1, 40, 28, 28, 64, 1, true, true},        // F(4,3) NC1HWC0 fp32 padded by the transform
      {2, 64, 13, 15, 48, 1, true, true, true},  // F(2,3) NC1HWC0 fp16 input, padded by the transform
  };
  return cases;
}

TEST(Winograd, MatchesTheReferenceAndTheDirectEngineOnEveryTarget) {
  for (const std::string& target : isa::Available()) {
    isa::ScopedIsa scoped(target);
    ASSERT_TRUE(scoped.status().ok()) << scoped.status().message();
    uint32_t seed = 7;
    for (const Case& c : Cases()) {
      SCOPED_TRACE(target + " " + Describe(c));
      seed += 3;
      std::vector<float> x = RandomFloats(static_cast<size_t>(c.n * c.cin * c.h * c.w), -1, 1, seed);
      if (c.x_half) {
        for (float& v : x) v = HalfToFloat(FloatToHalf(v));  // what the fp16 input holds
      }
      const std::vector<float> w = RandomFloats(static_cast<size_t>(c.cout * c.cin * 9), -1, 1, seed + 1);
      const std::vector<float> b =
          c.bias ? RandomFloats(static_cast<size_t>(c.cout), -1, 1, seed + 2) : std::vector<float>{};
      const int expected_tile = ChooseWinogradTile(c.n, c.oh(), c.ow(), c.cin, c.cout);
      ASSERT_NE(expected_tile, 0);
      int tile = -1, direct_tile = -1;
      const std::vector<float> wino = RunCase(c, x, w, b, /*prepare=*/true, &tile);
      EXPECT_EQ(tile, expected_tile);
      const std::vector<float> direct = RunCase(c, x, w, b, /*prepare=*/false, &direct_tile);
      EXPECT_EQ(direct_tile, 0);
      const std::vector<float> ref = Reference(c, x, w, b);
      const float rtol = c.blocked_io ? kFp16Rtol : 1e-4f, atol = c.blocked_io ? kFp16Atol : 5e-4f;
      EXPECT_TRUE(AllClose(wino, ref, rtol, atol));
      EXPECT_TRUE(AllClose(wino, direct, rtol, atol));
    }
  }
}

TEST(Winograd, APreparedFilterReadBackFromItsImageComputesTheSameBits) {
  uint32_t seed = 40;
  for (const Case& c : Cases()) {
    SCOPED_TRACE(Describe(c));
    seed += 3;
    const std::vector<float> x = RandomFloats(static_cast<size_t>(c.n * c.cin * c.h * c.w), -1, 1, seed);
    const std::vector<float> w = RandomFloats(static_cast<size_t>(c.cout * c.cin * 9), -1, 1, seed + 1);
    const std::vector<float> b = RandomFloats(static_cast<size_t>(c.cout), -1, 1, seed + 2);
    int tile = -1, image_tile = -1;
    const std::vector<float> direct = RunCase(c, x, w, b, /*prepare=*/true, &tile);
    EXPECT_EQ(RunCase(c, x, w, b, /*prepare=*/true, &image_tile, /*via_image=*/true), direct);
    EXPECT_EQ(image_tile, tile);
  }
  // The direct engine's packed filter (Winograd off) the same way.
  ASSERT_EQ(setenv("ASCEND_SIM_WINOGRAD", "0", 1), 0);
  const Case c = Cases()[1];
  const std::vector<float> x = RandomFloats(static_cast<size_t>(c.n * c.cin * c.h * c.w), -1, 1, 5);
  const std::vector<float> w = RandomFloats(static_cast<size_t>(c.cout * c.cin * 9), -1, 1, 6);
  int tile = -1, image_tile = -1;
  const std::vector<float> packed = RunCase(c, x, w, {}, true, &tile);
  const std::vector<float> from_image = RunCase(c, x, w, {}, true, &image_tile, true);
  unsetenv("ASCEND_SIM_WINOGRAD");
  EXPECT_EQ(tile, 0);
  EXPECT_EQ(from_image, packed);
}

TEST(Winograd, AnImageOfAnotherLayoutIsNotAdopted) {
  const Case c = Cases()[0];
  const ConvParams p = Params(c);
  const std::vector<float> w = RandomFloats(static_cast<size_t>(c.cout * c.cin * 9), -1, 1, 9);
  FilterTensor f;
  f.data = w.data();
  f.cout = c.cout, f.cin_g = c.cin, f.kh = 3, f.kw = 3;
  const std::shared_ptr<const void> pre =
      PrepackConvWeights(p, Format::kNchw, DataType::kFloat, f, Format::kNchw, DataType::kFloat);
  PreparedImage image;
  ASSERT_TRUE(ExportPrepackedConvWeights(pre.get(), &image));
  EXPECT_EQ(image.kind, kPrepackedConvKind);
  ASSERT_EQ(image.params.size(), 8u);
  EXPECT_EQ(image.params[0], kPrepackedConvLayoutVersion);
  EXPECT_EQ(image.params[6], 4) << "F(4,3)";
  const auto adopt = [&](const PreparedImage& im) {
    return AdoptPrepackedConvWeights(p, Format::kNchw, DataType::kFloat, f, Format::kNchw, DataType::kFloat, im, pre);
  };
  EXPECT_NE(adopt(image), nullptr);
  for (size_t i = 0; i < image.params.size(); ++i) {
    PreparedImage other = image;
    other.params[i] += 1;
    EXPECT_EQ(adopt(other), nullptr) << "param " << i;
  }
  PreparedImage other = image;
  other.params.pop_back();
  EXPECT_EQ(adopt(other), nullptr);
  other = image;
  other.size -= 4;
  EXPECT_EQ(adopt(other), nullptr);
  other = image;
  other.kind = "conv.other";
  EXPECT_EQ(adopt(other), nullptr);
  other = image;
  other.data = static_cast<const char*>(image.data) + 4;
  EXPECT_EQ(adopt(other), nullptr) << "not 64-byte aligned";
  EXPECT_FALSE(ExportPrepackedConvWeights(nullptr, &other));
}

TEST(Winograd, TileChoiceFollowsTheWorkToReuseTheFilterOver) {
  EXPECT_EQ(ChooseWinogradTile(1, 56, 56, 64, 64), 4);    // ResNet-50 stage 1
  EXPECT_EQ(ChooseWinogradTile(1, 28, 28, 128, 128), 4);  // stage 2
  EXPECT_EQ(ChooseWinogradTile(1, 14, 14, 256, 256), 2);  // stage 3: 16 tiles of 4 are too few
  EXPECT_EQ(ChooseWinogradTile(1, 7, 7, 512, 512), 0);    // stage 4 at batch 1: direct
  EXPECT_EQ(ChooseWinogradTile(8, 7, 7, 512, 512), 2);
  EXPECT_EQ(ChooseWinogradTile(1, 56, 56, 16, 64), 0);  // too few channels
  EXPECT_EQ(ChooseWinogradTile(0, 56, 56, 64, 64), 0);
  EXPECT_EQ(ChooseWinogradTile(64, 1024, 1024, 256, 256), 0);  // the scratch would be gigabytes
}

TEST(Winograd, DisabledByTheEnvironmentTheFilterIsPreparedForTheDirectEngine) {
  const Case c{1, 64, 28, 28, 64, 1, false, true};
  const std::vector<float> x = RandomFloats(static_cast<size_t>(c.n * c.cin * c.h * c.w), -1, 1, 1);
  const std::vector<float> w = RandomFloats(static_cast<size_t>(c.cout * c.cin * 9), -1, 1, 2);
  const std::vector<float> b = RandomFloats(static_cast<size_t>(c.cout), -1, 1, 3);
  int tile = -1;
  const std::vector<float> on = RunCase(c, x, w, b, true, &tile);
  EXPECT_EQ(tile, 4);
  ASSERT_EQ(setenv("ASCEND_SIM_WINOGRAD", "off", 1), 0);
  const std::vector<float> off = RunCase(c, x, w, b, true, &tile);
  unsetenv("ASCEND_SIM_WINOGRAD");
  EXPECT_EQ(tile, 0);
  int direct_tile = -1;
  EXPECT_EQ(off, RunCase(c, x, w, b, false, &direct_tile));  // bit for bit the unprepared direct engine
  EXPECT_TRUE(AllClose(on, off, 1e-4f, 5e-4f));
}

TEST(ScratchPool, ALeaseEndsInTheCacheAndTheNextOneReusesIt) {
  TrimScratchPool();
  void* first = nullptr;
  {
    ScratchLease lease(1 << 20);
    ASSERT_NE(lease.data(), nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(lease.data()) % 64, 0u);
    EXPECT_GE(lease.size(), size_t{1} << 20);
    std::memset(lease.data(), 1, 1 << 20);
    first = lease.data();
  }
  EXPECT_GE(ScratchPoolIdleBytes(), size_t{1} << 20);
  {
    ScratchLease smaller(1000);
    EXPECT_EQ(smaller.data(), first);  // the idle buffer is large enough
    ScratchLease concurrent(1000);
    EXPECT_NE(concurrent.data(), first);
  }
  {
    std::vector<std::unique_ptr<ScratchLease>> many;
    for (int i = 0; i < 10; ++i) many.push_back(std::make_unique<ScratchLease>(4096 * (i + 1)));
  }
  EXPECT_LE(ScratchPoolIdleBytes(), (size_t{1} << 20) + kCachedBuffers * 4096 * 10);
  TrimScratchPool();
  EXPECT_EQ(ScratchPoolIdleBytes(), 0u);
}

}  // namespace
}  // namespace asim::kernels::testing
