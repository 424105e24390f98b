// TransData against plain index arithmetic written here: every supported format pair x
// dtype (fp16, fp32, int8 with C0 = 32), padding lanes, origin shapes, round trips, the
// refusals, and its work description. Owner: the cube kernels.
#include <numeric>

#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {
namespace {

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

AttrMap Formats(const std::string& src, const std::string& dst) {
  AttrMap a;
  if (!src.empty()) a.Set("src_format", src);
  a.Set("dst_format", dst);
  return a;
}

// Distinct, exactly representable values (small integers) in `dtype` with format `format`.
HostTensor Iota(DataType dtype, std::vector<int64_t> dims, Format format) {
  const int64_t n = std::accumulate(dims.begin(), dims.end(), int64_t{1}, std::multiplies<>());
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    v[static_cast<size_t>(i)] = static_cast<float>(i % 200 - 100) + (i % 3 == 0 ? 0 : 0.5f);
  if (dtype == DataType::kInt8) {
    for (auto& x : v) x = std::floor(x);
  }
  HostTensor t = HostTensor::FromFloats(dtype, std::move(dims), v);
  t.spec.format = format;
  return t;
}

int64_t C0(DataType t) {
  return t == DataType::kInt8 ? 32 : 16;
}

const DataType kTypes[] = {DataType::kFloat16, DataType::kFloat, DataType::kInt8};

TEST(TransData, NchwToNc1hwc0MovesEveryElementAndZeroPads) {
  for (DataType dt : kTypes) {
    const int64_t n = 2, c = 21, h = 3, w = 5, c0 = C0(dt);
    HostTensor x = Iota(dt, {n, c, h, w}, Format::kNchw);
    RunResult r = RunOp("TransData", {x}, Formats("NCHW", "NC1HWC0"));
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    const HostTensor& y = r.outputs[0];
    const int64_t c1 = CeilDiv(c, c0);
    EXPECT_EQ(y.spec.dims, (std::vector<int64_t>{n, c1, h, w, c0})) << DataTypeName(dt);
    EXPECT_EQ(y.spec.format, Format::kNc1hwc0);
    EXPECT_EQ(y.spec.origin_format, Format::kNchw);
    EXPECT_EQ(y.spec.origin_dims, x.spec.dims);
    const auto in = x.ToFloats(), out = y.ToFloats();
    for (int64_t in_ = 0; in_ < n; ++in_)
      for (int64_t k1 = 0; k1 < c1; ++k1)
        for (int64_t ih = 0; ih < h; ++ih)
          for (int64_t iw = 0; iw < w; ++iw)
            for (int64_t k0 = 0; k0 < c0; ++k0) {
              const int64_t ch = k1 * c0 + k0;
              const float expect = ch < c ? in[static_cast<size_t>(((in_ * c + ch) * h + ih) * w + iw)] : 0.0f;
              ASSERT_EQ(out[static_cast<size_t>(((((in_ * c1 + k1) * h + ih) * w + iw) * c0) + k0)], expect)
                  << DataTypeName(dt) << " n" << in_ << " c" << ch << " h" << ih << " w" << iw;
            }
  }
}

// NC1HWC0_C04 (C0 = 4, at most 4 channels) and FRACTAL_Z_C04 (the window and the 4 channels
// as one reduction axis in blocks of 16), atc --enable_small_channel's layouts, and back.
TEST(TransData, SmallChannelLayoutsAndBack) {
  for (DataType dt : {DataType::kFloat16, DataType::kFloat}) {
    const int64_t n = 2, c = 3, h = 5, w = 7;
    HostTensor x = Iota(dt, {n, c, h, w}, Format::kNchw);
    RunResult r = RunOp("TransData", {x}, Formats("NCHW", "NC1HWC0_C04"));
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    const HostTensor& y = r.outputs[0];
    EXPECT_EQ(y.spec.dims, (std::vector<int64_t>{n, 1, h, w, 4}));
    EXPECT_EQ(y.spec.origin_dims, x.spec.dims);
    const auto in = x.ToFloats(), out = y.ToFloats();
    for (int64_t i = 0; i < n * h * w * 4; ++i) {
      const int64_t k = i % 4, iw = (i / 4) % w, ih = (i / (4 * w)) % h, in_ = i / (4 * w * h);
      const float expect = k < c ? in[static_cast<size_t>(((in_ * c + k) * h + ih) * w + iw)] : 0.0f;
      ASSERT_EQ(out[static_cast<size_t>(i)], expect) << i;
    }
    RunResult back = RunOp("TransData", {y}, Formats("", "NCHW"));
    ASSERT_TRUE(back.status.ok()) << back.status.message();
    EXPECT_EQ(back.outputs[0].spec.dims, x.spec.dims);
    EXPECT_EQ(back.outputs[0].ToFloats(), in);
  }
  const int64_t cout = 20, cin = 3, kh = 7, kw = 7;
  HostTensor f = Iota(DataType::kFloat16, {cout, cin, kh, kw}, Format::kNchw);
  RunResult r = RunOp("TransData", {f}, Formats("NCHW", "FRACTAL_Z_C04"));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  const int64_t k1 = CeilDiv(4 * kh * kw, 16), n1 = CeilDiv(cout, 16);
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{k1, n1, 16, 16}));
  const auto in = f.ToFloats(), out = r.outputs[0].ToFloats();
  for (int64_t ik1 = 0; ik1 < k1; ++ik1)
    for (int64_t co = 0; co < n1 * 16; ++co)
      for (int64_t k0 = 0; k0 < 16; ++k0) {
        const int64_t k = ik1 * 16 + k0, tap = k / 4, ci = k % 4;
        const bool real = co < cout && ci < cin && tap < kh * kw;
        const float expect = real ? in[static_cast<size_t>(((co * cin + ci) * kh + tap / kw) * kw + tap % kw)] : 0.0f;
        ASSERT_EQ(out[static_cast<size_t>(((ik1 * n1 + co / 16) * 16 + co % 16) * 16 + k0)], expect)
            << "k" << k << " co" << co;
      }
  RunResult back = RunOp("TransData", {r.outputs[0]}, Formats("", "NCHW"));
  ASSERT_TRUE(back.status.ok()) << back.status.message();
  EXPECT_EQ(back.outputs[0].ToFloats(), in);
  // More than 4 channels do not fit either layout.
  EXPECT_FALSE(
      RunOp("TransData", {Iota(DataType::kFloat16, {1, 5, 2, 2}, Format::kNchw)}, Formats("NCHW", "FRACTAL_Z_C04"))
          .status.ok());
}

TEST(TransData, NhwcToNc1hwc0) {
  const int64_t n = 1, h = 2, w = 3, c = 17;
  HostTensor x = Iota(DataType::kFloat16, {n, h, w, c}, Format::kNhwc);
  RunResult r = RunOp("TransData", {x}, Formats("NHWC", "NC1HWC0"));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1, 2, 2, 3, 16}));
  const auto in = x.ToFloats(), out = r.outputs[0].ToFloats();
  for (int64_t ch = 0; ch < 32; ++ch)
    for (int64_t ih = 0; ih < h; ++ih)
      for (int64_t iw = 0; iw < w; ++iw) {
        const float expect = ch < c ? in[static_cast<size_t>((ih * w + iw) * c + ch)] : 0.0f;
        EXPECT_EQ(out[static_cast<size_t>((((ch / 16) * h + ih) * w + iw) * 16 + ch % 16)], expect);
      }
}

TEST(TransData, Nc1hwc0RoundTripsToNchwAndNhwcThroughTheOrigin) {
  for (DataType dt : kTypes) {
    HostTensor x = Iota(dt, {3, 40, 2, 7}, Format::kNchw);
    RunResult to = RunOp("TransData", {x}, Formats("", "NC1HWC0"));
    ASSERT_TRUE(to.status.ok()) << to.status.message();
    RunResult back = RunOp("TransData", {to.outputs[0]}, Formats("NC1HWC0", "NCHW"));
    ASSERT_TRUE(back.status.ok()) << back.status.message();
    EXPECT_EQ(back.outputs[0].spec.dims, x.spec.dims);
    EXPECT_EQ(back.outputs[0].bytes, x.bytes) << DataTypeName(dt);
    EXPECT_TRUE(back.outputs[0].spec.origin_dims.empty());
    RunResult nhwc = RunOp("TransData", {to.outputs[0]}, Formats("NC1HWC0", "NHWC"));
    ASSERT_TRUE(nhwc.status.ok()) << nhwc.status.message();
    EXPECT_EQ(nhwc.outputs[0].spec.dims, (std::vector<int64_t>{3, 2, 7, 40}));
    const auto a = x.ToFloats(), b = nhwc.outputs[0].ToFloats();
    EXPECT_EQ(b[static_cast<size_t>(((1 * 2 + 1) * 7 + 3) * 40 + 33)],
              a[static_cast<size_t>(((1 * 40 + 33) * 2 + 1) * 7 + 3)]);
  }
}

TEST(TransData, Nc1hwc0WithoutOriginKeepsThePaddedChannels) {
  HostTensor x = Iota(DataType::kFloat, {1, 2, 2, 2, 16}, Format::kNc1hwc0);
  RunResult r = RunOp("TransData", {x}, Formats("NC1HWC0", "NCHW"));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1, 32, 2, 2}));
}

TEST(TransData, NchwToFractalZMatchesTheLayoutAndRoundTrips) {
  for (DataType dt : kTypes) {
    const int64_t n = 19, c = 35, h = 3, w = 2, c0 = C0(dt);
    HostTensor x = Iota(dt, {n, c, h, w}, Format::kNchw);
    RunResult r = RunOp("TransData", {x}, Formats("NCHW", "FRACTAL_Z"));
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    const int64_t c1 = CeilDiv(c, c0), n1 = CeilDiv(n, 16);
    EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{c1 * h * w, n1, 16, c0}));
    const auto in = x.ToFloats(), out = r.outputs[0].ToFloats();
    for (int64_t k1 = 0; k1 < c1; ++k1)
      for (int64_t ih = 0; ih < h; ++ih)
        for (int64_t iw = 0; iw < w; ++iw)
          for (int64_t nn = 0; nn < n1 * 16; ++nn)
            for (int64_t k0 = 0; k0 < c0; ++k0) {
              const int64_t ch = k1 * c0 + k0;
              const float expect = nn < n && ch < c ? in[static_cast<size_t>(((nn * c + ch) * h + ih) * w + iw)] : 0.0f;
              ASSERT_EQ(out[static_cast<size_t>(((((k1 * h + ih) * w + iw) * n1 * 16) + nn) * c0 + k0)], expect)
                  << DataTypeName(dt);
            }
    RunResult back = RunOp("TransData", {r.outputs[0]}, Formats("FRACTAL_Z", "NCHW"));
    ASSERT_TRUE(back.status.ok()) << back.status.message();
    EXPECT_EQ(back.outputs[0].bytes, x.bytes);
  }
}

TEST(TransData, HwcnToFractalZReadsTheSameWeights) {
  // A filter [N=3, C=5, H=2, W=2] stored HWCN gives the same FRACTAL_Z as stored NCHW.
  HostTensor nchw = Iota(DataType::kFloat16, {3, 5, 2, 2}, Format::kNchw);
  HostTensor hwcn = HostTensor::Make(DataType::kFloat16, {2, 2, 5, 3}, Format::kHwcn);
  const auto v = nchw.Values<uint16_t>();
  auto* d = reinterpret_cast<uint16_t*>(hwcn.bytes.data());
  for (int n = 0; n < 3; ++n)
    for (int c = 0; c < 5; ++c)
      for (int h = 0; h < 2; ++h)
        for (int w = 0; w < 2; ++w)
          d[((h * 2 + w) * 5 + c) * 3 + n] = v[static_cast<size_t>(((n * 5 + c) * 2 + h) * 2 + w)];
  RunResult a = RunOp("TransData", {nchw}, Formats("NCHW", "FRACTAL_Z"));
  RunResult b = RunOp("TransData", {hwcn}, Formats("HWCN", "FRACTAL_Z"));
  ASSERT_TRUE(a.status.ok() && b.status.ok()) << a.status.message() << b.status.message();
  EXPECT_EQ(a.outputs[0].bytes, b.outputs[0].bytes);
}

TEST(TransData, NdToFractalNzForVectorsMatricesAndBatches) {
  for (DataType dt : kTypes) {
    for (const std::vector<int64_t>& dims : std::vector<std::vector<int64_t>>{{37}, {5, 37}, {2, 3, 17, 40}}) {
      HostTensor x = Iota(dt, dims, Format::kNd);
      RunResult r = RunOp("TransData", {x}, Formats("ND", "FRACTAL_NZ"));
      ASSERT_TRUE(r.status.ok()) << r.status.message();
      const int64_t c0 = C0(dt), cols = dims.back(), rows = dims.size() > 1 ? dims[dims.size() - 2] : 1;
      const int64_t m1 = CeilDiv(rows, 16), n1 = CeilDiv(cols, c0);
      const int64_t batch = x.spec.ElementCount() / (rows * cols);
      std::vector<int64_t> expect_dims(dims.begin(), dims.end() - std::min<size_t>(2, dims.size()));
      for (int64_t v : {n1, m1, int64_t{16}, c0}) expect_dims.push_back(v);
      EXPECT_EQ(r.outputs[0].spec.dims, expect_dims);
      const auto in = x.ToFloats(), out = r.outputs[0].ToFloats();
      for (int64_t b = 0; b < batch; ++b)
        for (int64_t i = 0; i < m1 * 16; ++i)
          for (int64_t j = 0; j < n1 * c0; ++j) {
            const float expect = i < rows && j < cols ? in[static_cast<size_t>((b * rows + i) * cols + j)] : 0.0f;
            ASSERT_EQ(out[static_cast<size_t>(b * n1 * m1 * 16 * c0 + (((j / c0) * m1 + i / 16) * 16 + i % 16) * c0 +
                                              j % c0)],
                      expect);
          }
      RunResult back = RunOp("TransData", {r.outputs[0]}, Formats("FRACTAL_NZ", "ND"));
      ASSERT_TRUE(back.status.ok()) << back.status.message();
      EXPECT_EQ(back.outputs[0].spec.dims, dims);
      EXPECT_EQ(back.outputs[0].bytes, x.bytes);
    }
  }
}

TEST(TransData, RefusesWhatItCannotConvert) {
  HostTensor x = Iota(DataType::kFloat16, {1, 2, 2, 2, 16}, Format::kNc1hwc0);
  RunResult r = RunOp("TransData", {x}, Formats("NC1HWC0", "FRACTAL_Z"));
  EXPECT_EQ(r.status.code(), err::kFormatNotMatch);
  EXPECT_NE(r.status.message().find("this format pair is not supported"), std::string::npos) << r.status.message();

  r = RunOp("TransData", {x}, Formats("NCHW", "NC1HWC0"));
  EXPECT_NE(r.status.message().find("src_format NCHW differs from the input's format NC1HWC0"), std::string::npos)
      << r.status.message();

  r = RunOp("TransData", {x}, Formats("", "NCHW_PLEASE"));
  EXPECT_EQ(r.status.code(), err::kOpAttrNotMatch);
  EXPECT_NE(r.status.message().find("'NCHW_PLEASE' is not a format name"), std::string::npos) << r.status.message();

  HostTensor fz = Iota(DataType::kFloat16, {4, 1, 16, 16}, Format::kFractalZ);  // no origin shape
  r = RunOp("TransData", {fz}, Formats("", "NCHW"));
  EXPECT_NE(r.status.message().find("FRACTAL_Z needs the origin shape"), std::string::npos) << r.status.message();

  r = RunOp("TransData", {Iota(DataType::kDouble, {1, 2, 2, 2}, Format::kNchw)}, Formats("", "NC1HWC0"));
  EXPECT_EQ(r.status.code(), err::kUnsupportedDataType);

  r = RunOp("TransData", {Iota(DataType::kFloat16, {2, 3}, Format::kNd)}, Formats("", "NC1HWC0"));
  EXPECT_NE(r.status.message().find("a 4-D shape is required"), std::string::npos) << r.status.message();
}

TEST(TransData, EmptyTensorsConvert) {
  RunResult r =
      RunOp("TransData", {HostTensor::Make(DataType::kFloat16, {0, 3, 4, 4}, Format::kNchw)}, Formats("", "NC1HWC0"));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{0, 1, 4, 4, 16}));
}

TEST(TransData, WorkIsVectorDataMovementOnTheAiCore) {
  RunResult r =
      RunOp("TransData", {HostTensor::Make(DataType::kFloat16, {1, 3, 8, 8}, Format::kNchw)}, Formats("", "NC1HWC0"));
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.def->engine, Engine::kAiCore);
  EXPECT_EQ(r.work.mte2_bytes, 3u * 8 * 8 * 2);
  EXPECT_EQ(r.work.mte3_bytes, 16u * 8 * 8 * 2);
  EXPECT_EQ(r.work.cube_macs, 0u);
}

}  // namespace
}  // namespace asim::kernels::testing
