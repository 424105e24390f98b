// The cube engine's fused mode (kernels/cube/blocked_conv.cpp) on two workers, in its own
// executable (test_conv_threads, label "threads", so that the TSan stage runs it): 1x1
// convolutions and a strided 3x3 one at batch 1, NC1HWC0 in and out, with the filter prepared
// at load (its chunks read in place; on feature maps this large the engine splits the image by
// rows, its spatial work order) and without (each work item packs its chunks into a buffer of
// its own, in the weight groups' order), with whole chunks of input blocks and with a partial
// last chunk; and at 14x14 and below, where the engine splits the reduction over the input
// blocks in two parts added afterwards (prepared filter only).
// Against a double reference; in the TSan stage, two work items writing the same bytes (a
// chunk buffer shared by items that run at once) is reported even when the bytes are equal.
// Mutation check: the spatial order taken without a prepared filter (items beyond the planned
// chunk buffers then share them) makes TSan report the race in PackWeightChunk.
// Tolerance: the kernels' fp32 one (1e-4 relative + 5e-4 absolute).
// It has no "aarch64" label: under qemu-user (ASCEND_SIM_HOST_THREADS=1) the pool never starts.
// Owner: the cube kernels.
#include <gtest/gtest.h>

#include <tbb/info.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <sstream>
#include <vector>

#include "base/fp16.h"
#include "kernels/common/host/host_threads.h"
#include "kernels/cube/conv_runner.h"
#include "tests/unit/kernels/kernel_test_util.h"
#include "tests/unit/kernels/scoped_host_threads.h"

namespace asim::kernels::testing {
namespace {

#if defined(__SANITIZE_THREAD__)
constexpr bool kThreadSanitizer = true;
#else
constexpr bool kThreadSanitizer = false;
#endif

struct Case {
  int64_t cin, cout, h, w;
  int64_t k = 1, stride = 1, pad = 0;
  int64_t oh() const { return (h + 2 * pad - k) / stride + 1; }
  int64_t ow() const { return (w + 2 * pad - k) / stride + 1; }
};

std::string Describe(const Case& c) {
  std::ostringstream os;
  os << c.k << "x" << c.k << "/" << c.stride << " pad " << c.pad << " cin" << c.cin << " cout" << c.cout << " " << c.h
     << "x" << c.w;
  return os.str();
}

// NCHW fp32 (batch 1) to NC1HWC0 and back (C0 = 16, missing channels zero).
std::vector<float> ToBlocked(const std::vector<float>& v, int64_t c, int64_t pixels) {
  std::vector<float> out(static_cast<size_t>((c + 15) / 16 * pixels * 16), 0.0f);
  for (int64_t ch = 0; ch < c; ++ch)
    for (int64_t p = 0; p < pixels; ++p)
      out[static_cast<size_t>(((ch / 16) * pixels + p) * 16 + ch % 16)] = v[static_cast<size_t>(ch * pixels + p)];
  return out;
}

std::vector<float> FromBlocked(const std::vector<float>& v, int64_t c, int64_t pixels) {
  std::vector<float> out(static_cast<size_t>(c * pixels));
  for (int64_t ch = 0; ch < c; ++ch)
    for (int64_t p = 0; p < pixels; ++p)
      out[static_cast<size_t>(ch * pixels + p)] = v[static_cast<size_t>(((ch / 16) * pixels + p) * 16 + ch % 16)];
  return out;
}

// The convolution plus bias, NCHW, in double.
std::vector<float> Reference(const Case& c, const std::vector<float>& x, const std::vector<float>& w,
                             const std::vector<float>& b) {
  std::vector<float> y(static_cast<size_t>(c.cout * c.oh() * c.ow()));
  for (int64_t co = 0; co < c.cout; ++co)
    for (int64_t oy = 0; oy < c.oh(); ++oy)
      for (int64_t ox = 0; ox < c.ow(); ++ox) {
        double acc = b[static_cast<size_t>(co)];
        for (int64_t ci = 0; ci < c.cin; ++ci)
          for (int64_t ky = 0; ky < c.k; ++ky)
            for (int64_t kx = 0; kx < c.k; ++kx) {
              const int64_t iy = oy * c.stride - c.pad + ky, ix = ox * c.stride - c.pad + kx;
              if (iy < 0 || iy >= c.h || ix < 0 || ix >= c.w) continue;
              acc += static_cast<double>(x[static_cast<size_t>((ci * c.h + iy) * c.w + ix)]) *
                     w[static_cast<size_t>(((co * c.cin + ci) * c.k + ky) * c.k + kx)];
            }
        y[static_cast<size_t>((co * c.oh() + oy) * c.ow() + ox)] = static_cast<float>(acc);
      }
  return y;
}

// The convolution through RunConv as a model runs it: NC1HWC0 fp32 in, fp32 or fp16 out (read
// and written in place; fp16 widened for the caller), the filter prepared at load or not.
std::vector<float> RunFusedConv(const Case& c, const std::vector<float>& x, const std::vector<float>& w,
                                const std::vector<float>& b, bool prepare, bool out_f16 = false) {
  ConvParams p;
  p.n = 1, p.cin = c.cin, p.cout = c.cout;
  p.in = {c.h, c.w, 1};
  p.kernel = {c.k, c.k, 1};
  p.stride = {c.stride, c.stride, 1};
  p.pad_begin = {c.pad, c.pad, 0};
  p.pad_end = {c.pad, c.pad, 0};
  p.out = {c.oh(), c.ow(), 1};
  std::vector<float> x_blocked = ToBlocked(x, c.cin, c.h * c.w);
  const size_t y_count = static_cast<size_t>((c.cout + 15) / 16 * c.oh() * c.ow() * 16);
  std::vector<float> y_blocked(y_count);
  std::vector<uint16_t> y_half(out_f16 ? y_count : 0);
  ConvIo io;
  io.x.data = x_blocked.data();
  io.x.dtype = DataType::kFloat;
  io.x.format = Format::kNc1hwc0;
  io.x.n = 1, io.x.c = c.cin, io.x.h = c.h, io.x.w = c.w;
  io.w.data = w.data();
  io.w.cout = c.cout, io.w.cin_g = c.cin, io.w.kh = c.k, io.w.kw = c.k;
  io.bias = b.data();
  io.y.data = out_f16 ? static_cast<void*>(y_half.data()) : y_blocked.data();
  io.y.dtype = out_f16 ? DataType::kFloat16 : DataType::kFloat;
  io.y.format = Format::kNc1hwc0;
  io.y.n = 1, io.y.c = c.cout, io.y.h = c.oh(), io.y.w = c.ow();
  std::shared_ptr<const void> pre;
  if (prepare) {
    pre = PrepackConvWeights(p, io.x.format, io.x.dtype, io.w, io.y.format, io.y.dtype);
    EXPECT_NE(pre, nullptr);
  }
  std::vector<char> workspace(ConvWorkspaceBytes(p, io.x.format, io.x.dtype, io.w, io.y.format, io.y.dtype));
  const Status st = RunConv(p, io, workspace.data(), workspace.size(), /*allow_heap=*/false, pre.get());
  EXPECT_TRUE(st.ok()) << st.message();
  if (out_f16) HalfToFloat(y_half.data(), y_blocked.data(), y_count);
  return FromBlocked(y_blocked, c.cout, c.oh() * c.ow());
}

TEST(ConvThreads, FusedOneByOneOnTwoWorkersBothWorkOrders) {
  if (HostThreads() == 1 || tbb::info::default_concurrency() < 2) {
    GTEST_SKIP() << "the pool needs two cores and " << kHostThreadsVariable << " other than 1";
  }
  ScopedHostThreads two(2);
  // 256 outputs: four weight groups of 4 blocks, whose items the spatial order multiplies by
  // four runs of rows (more items than the workspace plans chunk buffers for); 40x40 pixels,
  // above the 16 x 16 output blocks of filter that the order asks for, and enough work that both
  // workers run items. 64 inputs: whole chunks of 4 blocks; 80 and 272: a partial last chunk
  // (1 block) in every group; 80 -> 64 on 28x28: one weight group in runs of rows. A 3x3
  // stride-2 convolution from 40x40 (padded) to 20x20, 64 -> 64: in spatial order (it reads 4
  // input pixels per output pixel, 1600 against 16 x 4 output blocks x 9 taps). With the
  // reduction split over the input blocks in two parts (FusedInputSplit; prepared filter
  // only): 1024 -> 256 on 14x14 (ResNet-50's layer3 reduce layer), 1024 -> 200 (a partial
  // last output block) and a 3x3 stride-2 256 -> 256 from 14x14 to 7x7.
  for (const Case& c : {Case{64, 256, 40, 40}, Case{80, 256, 40, 40}, Case{272, 256, 20, 20}, Case{80, 64, 28, 28},
                        Case{64, 64, 40, 40, 3, 2, 1}, Case{1024, 256, 14, 14}, Case{1024, 200, 14, 14},
                        Case{256, 256, 14, 14, 3, 2, 1}}) {
    SCOPED_TRACE(Describe(c));
    const std::vector<float> x = RandomFloats(static_cast<size_t>(c.cin * c.h * c.w), -1.0f, 1.0f, 11);
    const std::vector<float> w = RandomFloats(static_cast<size_t>(c.cout * c.cin * c.k * c.k), -0.5f, 0.5f, 12);
    const std::vector<float> b = RandomFloats(static_cast<size_t>(c.cout), -0.5f, 0.5f, 13);
    const std::vector<float> expected = Reference(c, x, w, b);
    for (int repeat = 0; repeat < 4; ++repeat) {  // more chances for the two workers to overlap
      const bool prepare = repeat % 2 == 0;
      const std::vector<float> y = RunFusedConv(c, x, w, b, prepare);
      ASSERT_EQ(y.size(), expected.size());
      size_t bad = 0;
      for (size_t i = 0; i < y.size(); ++i) {
        if (!(std::fabs(y[i] - expected[i]) <= 5e-4f + 1e-4f * std::fabs(expected[i]))) ++bad;
      }
      EXPECT_EQ(bad, 0u) << "of " << y.size() << " outputs, filter " << (prepare ? "prepared" : "packed per item");
    }
  }
}

// Whatever the worker count, a prepared filter gives the same bits: the spatial order splits
// the image without changing any pixel's sums, and the input split (FusedInputSplit) is
// taken or not by the layer's shape alone. fp32 and fp16 outputs (fp16: the running sums in
// the workspace, rounded when the parts are added). One worker, two, and three (on a 2-core
// host more than its cores: oneTBB then), but not three under TSan: oneTBB's library is not
// instrumented, and TSan reports its own task bookkeeping (partitioner.h) as races.
TEST(ConvThreads, PreparedFilterBitsDoNotDependOnTheWorkers) {
  if (HostThreads() == 1 || tbb::info::default_concurrency() < 2) {
    GTEST_SKIP() << "the pool needs two cores and " << kHostThreadsVariable << " other than 1";
  }
  for (const Case& c :
       {Case{1024, 256, 14, 14}, Case{1024, 200, 14, 14}, Case{256, 256, 14, 14, 3, 2, 1}, Case{64, 256, 40, 40}}) {
    const std::vector<float> x = RandomFloats(static_cast<size_t>(c.cin * c.h * c.w), -1.0f, 1.0f, 21);
    const std::vector<float> w = RandomFloats(static_cast<size_t>(c.cout * c.cin * c.k * c.k), -0.5f, 0.5f, 22);
    const std::vector<float> b = RandomFloats(static_cast<size_t>(c.cout), -0.5f, 0.5f, 23);
    for (bool out_f16 : {false, true}) {
      SCOPED_TRACE(Describe(c) + (out_f16 ? " fp16 out" : " fp32 out"));
      std::vector<std::vector<float>> results;
      for (int threads : {1, 2, 3}) {
        if (threads > 2 && kThreadSanitizer) continue;
        ScopedHostThreads cap(threads);
        results.push_back(RunFusedConv(c, x, w, b, /*prepare=*/true, out_f16));
      }
      const std::vector<float> expected = Reference(c, x, w, b);
      for (size_t i = 0; i < expected.size(); ++i) {
        const float tolerance =
            out_f16 ? 2e-3f + 2e-3f * std::fabs(expected[i]) : 5e-4f + 1e-4f * std::fabs(expected[i]);
        ASSERT_LE(std::fabs(results[0][i] - expected[i]), tolerance) << "output " << i;
      }
      for (size_t k = 1; k < results.size(); ++k) {
        EXPECT_EQ(0, std::memcmp(results[k].data(), results[0].data(), results[0].size() * sizeof(float)))
            << "workers #" << k;
      }
    }
  }
}

}  // namespace
}  // namespace asim::kernels::testing
