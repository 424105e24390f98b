// Device layouts back to the original layout (and forth): NC1HWC0 to NCHW and NHWC,
// FRACTAL_Z and FRACTAL_Z_C04 to NCHW weights, FRACTAL_NZ to ND, with element positions checked by hand, the
// padding dropped, the round trip exact, and mismatched shapes refused.
#include <gtest/gtest.h>

#include <cstring>
#include <numeric>

#include "dumpfmt/dump_types.h"
#include "tools/dump/layout.h"

namespace asim::dumptool {
namespace {

using dump::DumpTensor;

std::vector<uint8_t> Bytes(const std::vector<int32_t>& v) {
  std::vector<uint8_t> b(v.size() * 4);
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

std::vector<int32_t> Ints(const std::vector<uint8_t>& b) {
  std::vector<int32_t> v(b.size() / 4);
  std::memcpy(v.data(), b.data(), b.size());
  return v;
}

std::vector<int32_t> Iota(size_t n, int32_t start = 1) {
  std::vector<int32_t> v(n);
  std::iota(v.begin(), v.end(), start);
  return v;
}

TEST(Layout, Nc1hwc0ToNchwDropsPaddingChannels) {
  // N=1, C=3, H=1, W=2 with C0=4: [1,1,1,2,4]; element (c, w) at w*4 + c; channel 3 is padding.
  DumpTensor t;
  t.data_type = dump::kDtInt32;
  t.format = dump::kFormatNc1hwc0;
  t.shape = {1, 1, 1, 2, 4};
  t.original_shape = {1, 3, 1, 2};
  t.data = Bytes({10, 20, 30, -1, 11, 21, 31, -1});
  PlainTensor p;
  ASSERT_TRUE(ToOriginalLayout(t, std::nullopt, &p).ok());
  EXPECT_EQ(p.format, dump::kFormatNchw);
  EXPECT_EQ(p.shape, (std::vector<uint64_t>{1, 3, 1, 2}));
  EXPECT_EQ(Ints(p.data), (std::vector<int32_t>{10, 11, 20, 21, 30, 31}));
}

TEST(Layout, Nc1hwc0ToNhwcWhenTheOriginalOpSaysSo) {
  DumpTensor t;
  t.data_type = dump::kDtInt32;
  t.format = dump::kFormatNc1hwc0;
  t.shape = {1, 1, 1, 2, 4};
  t.original_shape = {1, 1, 2, 3};  // NHWC
  t.original_op = dump::DumpOriginalOp{"x", 0, dump::kDtInt32, dump::kFormatNhwc};
  t.data = Bytes({10, 20, 30, -1, 11, 21, 31, -1});
  PlainTensor p;
  ASSERT_TRUE(ToOriginalLayout(t, std::nullopt, &p).ok());
  EXPECT_EQ(p.format, dump::kFormatNhwc);
  EXPECT_EQ(Ints(p.data), (std::vector<int32_t>{10, 20, 30, 11, 21, 31}));
}

// -f NHWC on a model whose tensors are NCHW (ONNX, Caffe): the axes are moved, for a device
// layout's output (its original_op says NCHW), for its input (no original_op: the record's
// outputs say), and for a tensor dumped plain; the same layout asked for changes nothing.
TEST(Layout, ATargetLayoutMovesTheAxesOfAnNchwOriginal) {
  DumpTensor t;
  t.data_type = dump::kDtInt32;
  t.format = dump::kFormatNc1hwc0;
  t.shape = {1, 1, 1, 2, 4};
  t.original_shape = {1, 3, 1, 2};  // NCHW: C=3, W=2
  t.original_op = dump::DumpOriginalOp{"x", 0, dump::kDtInt32, dump::kFormatNchw};
  t.data = Bytes({10, 20, 30, -1, 11, 21, 31, -1});
  PlainTensor p;
  ASSERT_TRUE(ToOriginalLayout(t, dump::kFormatNhwc, &p).ok());
  EXPECT_EQ(p.format, dump::kFormatNhwc);
  EXPECT_EQ(p.shape, (std::vector<uint64_t>{1, 1, 2, 3}));
  EXPECT_EQ(Ints(p.data), (std::vector<int32_t>{10, 20, 30, 11, 21, 31}));
  ASSERT_TRUE(ToOriginalLayout(t, dump::kFormatHwcn, &p).ok());
  EXPECT_EQ(p.shape, (std::vector<uint64_t>{1, 2, 3, 1}));
  EXPECT_EQ(Ints(p.data), (std::vector<int32_t>{10, 20, 30, 11, 21, 31}));

  DumpTensor input = t;  // an input: no original_op of its own
  input.original_op.reset();
  dump::DumpRecord record;
  record.outputs.push_back(t);
  ASSERT_EQ(InputSourceHint(record), dump::kFormatNchw);
  ASSERT_TRUE(ToOriginalLayout(input, dump::kFormatNhwc, &p, InputSourceHint(record)).ok());
  EXPECT_EQ(p.shape, (std::vector<uint64_t>{1, 1, 2, 3}));
  EXPECT_EQ(Ints(p.data), (std::vector<int32_t>{10, 20, 30, 11, 21, 31}));

  DumpTensor plain;
  plain.data_type = dump::kDtInt32;
  plain.format = dump::kFormatNchw;
  plain.shape = {1, 3, 1, 2};
  plain.data = Bytes({10, 11, 20, 21, 30, 31});
  ASSERT_TRUE(ToOriginalLayout(plain, dump::kFormatNhwc, &p).ok());
  EXPECT_EQ(p.format, dump::kFormatNhwc);
  EXPECT_EQ(p.shape, (std::vector<uint64_t>{1, 1, 2, 3}));
  EXPECT_EQ(Ints(p.data), (std::vector<int32_t>{10, 20, 30, 11, 21, 31}));
  ASSERT_TRUE(ToOriginalLayout(plain, dump::kFormatNchw, &p).ok());
  EXPECT_EQ(p.shape, plain.shape);
  EXPECT_EQ(p.data, plain.data);
}

TEST(Layout, Nc1hwc0WithTwoChannelBlocks) {
  // C=5, C0=4 -> C1=2; element (c) at ((c/4)*H*W + hw)*4 + c%4 with H=W=1.
  DumpTensor t;
  t.data_type = dump::kDtInt32;
  t.format = dump::kFormatNc1hwc0;
  t.shape = {1, 2, 1, 1, 4};
  t.original_shape = {1, 5, 1, 1};
  t.data = Bytes({0, 1, 2, 3, 4, -1, -1, -1});
  PlainTensor p;
  ASSERT_TRUE(ToOriginalLayout(t, std::nullopt, &p).ok());
  EXPECT_EQ(Ints(p.data), (std::vector<int32_t>{0, 1, 2, 3, 4}));
}

TEST(Layout, FractalZToNchwWeights) {
  // Cout N=2, Cin C=2, Kh=Kw=1, C0=4: shape [C1*Kh*Kw=1, N1=1, 16, 4]; weight (n, c) at n*4 + c.
  DumpTensor t;
  t.data_type = dump::kDtInt32;
  t.format = dump::kFormatFractalZ;
  t.shape = {1, 1, 16, 4};
  t.original_shape = {2, 2, 1, 1};
  std::vector<int32_t> v(64, 0);
  v[0 * 4 + 0] = 1;  // w[0][0]
  v[0 * 4 + 1] = 2;  // w[0][1]
  v[1 * 4 + 0] = 3;  // w[1][0]
  v[1 * 4 + 1] = 4;  // w[1][1]
  t.data = Bytes(v);
  PlainTensor p;
  ASSERT_TRUE(ToOriginalLayout(t, std::nullopt, &p).ok());
  EXPECT_EQ(p.shape, (std::vector<uint64_t>{2, 2, 1, 1}));
  EXPECT_EQ(Ints(p.data), (std::vector<int32_t>{1, 2, 3, 4}));
}

TEST(Layout, FractalZC04ToNchwWeights) {
  // Cout 3, Cin 2, Kh 1, Kw 3 (atc --enable_small_channel): k = kw*4 + c over 12 of one 16-block,
  // shape [1, 1, 16, 16]; weight (n, c, 0, w) at n*16 + w*4 + c.
  DumpTensor t;
  t.data_type = dump::kDtInt32;
  t.format = dump::kFormatFractalZC04;
  t.shape = {1, 1, 16, 16};
  t.original_shape = {3, 2, 1, 3};
  std::vector<int32_t> v(256, 0);
  std::vector<int32_t> want;
  for (int32_t n = 0; n < 3; ++n)
    for (int32_t c = 0; c < 2; ++c)
      for (int32_t w = 0; w < 3; ++w) {
        v[static_cast<size_t>(n * 16 + w * 4 + c)] = 100 * n + 10 * c + w + 1;
        want.push_back(100 * n + 10 * c + w + 1);
      }
  t.data = Bytes(v);
  PlainTensor p;
  Status st = ToOriginalLayout(t, std::nullopt, &p);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(p.shape, (std::vector<uint64_t>{3, 2, 1, 3}));
  EXPECT_EQ(Ints(p.data), want);
  t.original_shape = {3, 5, 1, 3};  // more than 4 channels
  EXPECT_FALSE(ToOriginalLayout(t, std::nullopt, &p).ok());
}

TEST(Layout, FractalNzToNd) {
  // ND [M=2, K=3] with C0=2: [K1=2, M1=1, 16, 2]; element (m, k) at ((k/2)*16 + m)*2 + k%2.
  DumpTensor t;
  t.data_type = dump::kDtInt32;
  t.format = dump::kFormatFractalNz;
  t.shape = {2, 1, 16, 2};
  t.original_shape = {2, 3};
  std::vector<int32_t> v(64, 0);
  for (int m = 0; m < 2; ++m) {
    for (int k = 0; k < 3; ++k) v[((k / 2) * 16 + m) * 2 + k % 2] = 10 * m + k;
  }
  t.data = Bytes(v);
  PlainTensor p;
  ASSERT_TRUE(ToOriginalLayout(t, std::nullopt, &p).ok());
  EXPECT_EQ(p.format, dump::kFormatNd);
  EXPECT_EQ(Ints(p.data), (std::vector<int32_t>{0, 1, 2, 10, 11, 12}));
}

TEST(Layout, RoundTripsThroughEveryDeviceFormat) {
  struct Case {
    int32_t device;
    int32_t plain;
    std::vector<uint64_t> shape;
    uint64_t c0;
  };
  const Case cases[] = {
      {dump::kFormatNc1hwc0, dump::kFormatNchw, {2, 19, 3, 5}, 16},
      {dump::kFormatNc1hwc0, dump::kFormatNhwc, {1, 3, 4, 33}, 16},
      {dump::kFormatNc1hwc0C04, dump::kFormatNchw, {1, 3, 7, 7}, 4},
      {dump::kFormatFractalZ, dump::kFormatNchw, {20, 17, 3, 3}, 16},
      {dump::kFormatFractalZ, dump::kFormatHwcn, {3, 3, 17, 20}, 16},
      {dump::kFormatFractalNz, dump::kFormatNd, {3, 17, 33}, 16},
      {dump::kFormatFractalNz, dump::kFormatNd, {40}, 16},
  };
  for (const Case& c : cases) {
    PlainTensor plain;
    plain.data_type = dump::kDtInt32;
    plain.format = c.plain;
    plain.shape = c.shape;
    uint64_t n = 1;
    for (uint64_t d : c.shape) n *= d;
    plain.data = Bytes(Iota(n));
    DumpTensor device;
    ASSERT_TRUE(ToDeviceLayout(plain, c.device, c.c0, &device).ok()) << c.device;
    EXPECT_EQ(device.original_shape, c.shape);
    PlainTensor back;
    const Status st = ToOriginalLayout(device, c.plain, &back);
    ASSERT_TRUE(st.ok()) << st.message();
    EXPECT_EQ(back.shape, c.shape) << c.device;
    EXPECT_EQ(back.data, plain.data) << c.device;
  }
}

TEST(Layout, DeviceShapesFollowTheFormulas) {
  PlainTensor plain;
  plain.data_type = dump::kDtFloat16;
  plain.format = dump::kFormatNchw;
  plain.shape = {1, 64, 112, 112};
  plain.data.assign(64 * 112 * 112 * 2, 0);
  DumpTensor t;
  ASSERT_TRUE(ToDeviceLayout(plain, dump::kFormatNc1hwc0, 16, &t).ok());
  EXPECT_EQ(t.shape, (std::vector<uint64_t>{1, 4, 112, 112, 16}));
  plain.shape = {64, 3, 7, 7};
  plain.data.assign(64 * 3 * 49 * 2, 0);
  ASSERT_TRUE(ToDeviceLayout(plain, dump::kFormatFractalZ, 16, &t).ok());
  EXPECT_EQ(t.shape, (std::vector<uint64_t>{49, 4, 16, 16}));
  plain.format = dump::kFormatNd;
  plain.shape = {2, 100, 50};
  plain.data.assign(2 * 100 * 50 * 2, 0);
  ASSERT_TRUE(ToDeviceLayout(plain, dump::kFormatFractalNz, 16, &t).ok());
  EXPECT_EQ(t.shape, (std::vector<uint64_t>{2, 4, 7, 16, 16}));
}

TEST(Layout, PlainFormatsAreUnchanged) {
  DumpTensor t;
  t.data_type = dump::kDtInt32;
  t.format = dump::kFormatNd;
  t.shape = {3};
  t.data = Bytes({1, 2, 3});
  PlainTensor p;
  ASSERT_TRUE(ToOriginalLayout(t, std::nullopt, &p).ok());
  EXPECT_EQ(p.shape, t.shape);
  EXPECT_EQ(p.data, t.data);
}

TEST(Layout, MismatchedShapesAndUnknownFormatsAreRefused) {
  DumpTensor t;
  t.data_type = dump::kDtInt32;
  t.format = dump::kFormatNc1hwc0;
  t.shape = {1, 1, 1, 2, 4};
  t.original_shape = {1, 5, 1, 2};  // needs C1 = 2
  t.data = Bytes(std::vector<int32_t>(8, 0));
  PlainTensor p;
  Status st = ToOriginalLayout(t, std::nullopt, &p);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("NC1HWC0 [1,1,1,2,4]"), std::string::npos) << st.message();
  t.original_shape = {1, 3, 1, 2};
  t.data.resize(12);  // not the shape's size
  EXPECT_FALSE(ToOriginalLayout(t, std::nullopt, &p).ok());
  t.format = 32;  // NDC1HWC0: not converted
  t.shape = {3};
  EXPECT_NE(ToOriginalLayout(t, std::nullopt, &p).message().find("no conversion from NDC1HWC0"), std::string::npos);
}

}  // namespace
}  // namespace asim::dumptool
