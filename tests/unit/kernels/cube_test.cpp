// Convolution kernels against a plain reference written here: Conv2D (CANN attributes) and
// Conv (ONNX attributes) on the AI Core (fp16, fp32 where the cube has it, int8) and the
// AI CPU (fp16, fp32, double; NCHW, NHWC; 1-D to 3-D), ConvTranspose on the AI CPU. Shapes
// include odd sizes, channels that are not multiples of 16, groups, depthwise, dilation,
// strides 2 and 3, asymmetric pads and batches; empty batches; the selection's refusals.
// Tolerances: fp16 results 2e-3 relative + 1e-3 absolute against a double reference on the
// fp16-rounded inputs (fp16 storage, fp32 accumulation); fp32 1e-4 + 5e-4; double 1e-6 (compared as float).
// Owner: the cube kernels.
#include <cmath>
#include <functional>
#include <numeric>

#include "kernels/common/cost/cube_work.h"
#include "kernels/cube/blocked_conv.h"
#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {
namespace {

struct ConvCase {
  int64_t n, cin, h, w, cout, kh, kw;
  int64_t sh = 1, sw = 1, pt = 0, pb = 0, pl = 0, pr = 0, dh = 1, dw = 1, groups = 1;
  bool bias = true;
  int64_t oh() const { return (h + pt + pb - ((kh - 1) * dh + 1)) / sh + 1; }
  int64_t ow() const { return (w + pl + pr - ((kw - 1) * dw + 1)) / sw + 1; }
};

std::string Describe(const ConvCase& c) {
  std::ostringstream os;
  os << "n" << c.n << " cin" << c.cin << " " << c.h << "x" << c.w << " cout" << c.cout << " k" << c.kh << "x" << c.kw
     << " s" << c.sh << "x" << c.sw << " p" << c.pt << "," << c.pb << "," << c.pl << "," << c.pr << " d" << c.dh << "x"
     << c.dw << " g" << c.groups;
  return os.str();
}

const std::vector<ConvCase>& Cases() {
  static const std::vector<ConvCase> cases = {
      {1, 3, 9, 11, 5, 3, 3, 1, 1, 1, 1, 1, 1},
      {2, 20, 7, 6, 33, 3, 2, 2, 1, 0, 1, 2, 0},
      {1, 16, 10, 10, 32, 3, 3, 1, 1, 2, 2, 2, 2, 2, 2},
      {1, 8, 6, 6, 12, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 4},
      {1, 32, 5, 5, 32, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 2, false},
      {2, 24, 9, 9, 24, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 24},
      {1, 40, 8, 8, 70, 1, 1, 2, 2},
      {1, 64, 14, 14, 64, 3, 3, 1, 1, 1, 1, 1, 1},
      {1, 3, 30, 40, 17, 7, 7, 2, 2, 3, 3, 3, 3},
      {1, 5, 10, 13, 9, 2, 3, 3, 3, 0, 0, 0, 0, 1, 1, 1, false},
      {1, 32, 7, 7, 64, 3, 3, 1, 1, 1, 1, 1, 1},
      {3, 17, 5, 4, 2, 2, 2, 1, 2, 1, 0, 0, 1, 2, 1},
      {2, 96, 6, 5, 48, 1, 1},                             // several weight chunks (fused), fp16 running sums
      {1, 32, 5, 37, 16, 3, 3, 1, 1, 1, 1, 1, 1},          // rows wider than 16 pixels (register transposes)
      {1, 48, 4, 9, 40, 3, 3, 1, 1, 0, 0, 0, 0, 1, 1, 2},  // groups of 24 -> 20: packed up front
      // 4 output blocks at stride 2 (ResNet's strided 3x3 layers: 4-block tiles on rows of
      // 14+ pixels), the last input block 4 channels wide; 2 blocks over 2 images, dilated rows.
      {1, 36, 29, 29, 64, 3, 3, 2, 2, 1, 1, 1, 1},
      {2, 20, 9, 16, 32, 3, 3, 1, 1, 2, 2, 1, 1, 2, 1},
      // 1x1 stride 1, unpadded: rows tiled as one flattened row (ResNet's 7x7 layers), in one
      // run of pixels per weight group, and in 7 runs of 9 pixels (one weight group).
      {1, 80, 7, 7, 48, 1, 1},
      {1, 80, 7, 9, 16, 1, 1},
      // At most 4 input channels: the narrow stem (narrow_stem.h), its reduction in one block
      // and in two, pixels 4 or 1 floats apart (stride class 0), kernel rows dilated.
      {2, 4, 12, 13, 20, 5, 5, 1, 1, 2, 2, 2, 2},
      {1, 1, 10, 9, 16, 3, 3, 2, 2, 1, 0, 1, 0, 2, 1},
      {1, 2, 9, 20, 33, 3, 9, 1, 2, 1, 1, 4, 4},
  };
  return cases;
}

// Reference: double accumulation over the given (already rounded) values, NCHW.
std::vector<float> RefConv(const ConvCase& c, const std::vector<float>& x, const std::vector<float>& w,
                           const std::vector<float>& b) {
  const int64_t oh = c.oh(), ow = c.ow(), cin_g = c.cin / c.groups, cout_g = c.cout / c.groups;
  std::vector<float> y(static_cast<size_t>(c.n * c.cout * oh * ow));
  for (int64_t n = 0; n < c.n; ++n)
    for (int64_t co = 0; co < c.cout; ++co)
      for (int64_t oy = 0; oy < oh; ++oy)
        for (int64_t ox = 0; ox < ow; ++ox) {
          double acc = b.empty() ? 0.0 : b[static_cast<size_t>(co)];
          const int64_t g = co / cout_g;
          for (int64_t ci = 0; ci < cin_g; ++ci)
            for (int64_t ky = 0; ky < c.kh; ++ky)
              for (int64_t kx = 0; kx < c.kw; ++kx) {
                const int64_t iy = oy * c.sh - c.pt + ky * c.dh, ix = ox * c.sw - c.pl + kx * c.dw;
                if (iy < 0 || iy >= c.h || ix < 0 || ix >= c.w) continue;
                acc +=
                    static_cast<double>(x[static_cast<size_t>(((n * c.cin + g * cin_g + ci) * c.h + iy) * c.w + ix)]) *
                    w[static_cast<size_t>(((co * cin_g + ci) * c.kh + ky) * c.kw + kx)];
              }
          y[static_cast<size_t>(((n * c.cout + co) * oh + oy) * ow + ox)] = static_cast<float>(acc);
        }
  return y;
}

AttrMap CannAttrs(const ConvCase& c) {
  AttrMap a;
  a.Set("strides", std::vector<int64_t>{1, 1, c.sh, c.sw});
  a.Set("pads", std::vector<int64_t>{c.pt, c.pb, c.pl, c.pr});
  a.Set("dilations", std::vector<int64_t>{1, 1, c.dh, c.dw});
  a.Set("groups", c.groups);
  return a;
}

AttrMap OnnxAttrs(const ConvCase& c) {
  AttrMap a;
  a.Set("strides", std::vector<int64_t>{c.sh, c.sw});
  a.Set("pads", std::vector<int64_t>{c.pt, c.pl, c.pb, c.pr});
  a.Set("dilations", std::vector<int64_t>{c.dh, c.dw});
  a.Set("group", c.groups);
  return a;
}

ChipTraits Ascend910B() {
  ChipTraits chip;
  chip.soc_version = "Ascend910B";
  chip.ai_core_count = 24;
  chip.cube_fp32 = true;
  return chip;
}

HostTensor WithFormat(HostTensor t, Format f) {
  t.spec.format = f;
  return t;
}

// A tensor of `dims` in NCHW (or a filter's [Cout, Cin, KH, KW]) with seeded values in [-1, 1].
HostTensor RandomNchw(DataType dt, const std::vector<int64_t>& dims, uint32_t seed) {
  int64_t count = 1;
  for (int64_t d : dims) count *= d;
  return WithFormat(HostTensor::FromFloats(dt, dims, RandomFloats(static_cast<size_t>(count), -1, 1, seed)),
                    Format::kNchw);
}

// The output in NCHW (converting NC1HWC0 back with TransData and its origin shape).
HostTensor ToNchw(const HostTensor& y) {
  if (y.spec.format != Format::kNc1hwc0) return y;
  AttrMap a;
  a.Set("dst_format", std::string("NCHW"));
  RunResult r = RunOp("TransData", {y}, a);
  EXPECT_TRUE(r.status.ok()) << r.status.message();
  return r.status.ok() ? r.outputs[0] : y;
}

struct Tolerance {
  float rtol, atol;
};
Tolerance TolFor(DataType t) {
  if (t == DataType::kFloat16) return {kFp16Rtol, kFp16Atol};
  if (t == DataType::kDouble) return {1e-6f, 1e-6f};  // compared after rounding to float
  return {1e-4f, 5e-4f};
}

// Runs one case on `engine` with `dtype` and checks it against the reference.
void CheckConv(const std::string& op, Engine engine, DataType dtype, const ConvCase& c, const ChipTraits& chip,
               uint32_t seed) {
  SCOPED_TRACE(op + " " + EngineName(engine) + " " + DataTypeName(dtype) + " " + Describe(c));
  const std::vector<int64_t> xd{c.n, c.cin, c.h, c.w}, wd{c.cout, c.cin / c.groups, c.kh, c.kw};
  HostTensor x = WithFormat(
      HostTensor::FromFloats(dtype, xd, RandomFloats(static_cast<size_t>(c.n * c.cin * c.h * c.w), -1, 1, seed)),
      Format::kNchw);
  HostTensor w =
      WithFormat(HostTensor::FromFloats(
                     dtype, wd, RandomFloats(static_cast<size_t>(wd[0] * wd[1] * c.kh * c.kw), -1, 1, seed + 1)),
                 Format::kNchw);
  std::vector<HostTensor> inputs{x, w};
  std::vector<float> bias;
  if (c.bias) {
    inputs.push_back(
        HostTensor::FromFloats(dtype, {c.cout}, RandomFloats(static_cast<size_t>(c.cout), -1, 1, seed + 2)));
    bias = inputs.back().ToFloats();
  }
  const AttrMap attrs = op == "Conv" ? OnnxAttrs(c) : CannAttrs(c);
  RunResult r = RunOpOn(engine, op, inputs, attrs, chip);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  ASSERT_EQ(r.def->engine, engine);
  const HostTensor y = ToNchw(r.outputs[0]);
  ASSERT_EQ(y.spec.dims, (std::vector<int64_t>{c.n, c.cout, c.oh(), c.ow()}));
  const Tolerance tol = TolFor(dtype);
  EXPECT_TRUE(AllClose(y.ToFloats(), RefConv(c, x.ToFloats(), w.ToFloats(), bias), tol.rtol, tol.atol));
}

TEST(Conv2D, AiCoreFp16MatchesTheReference) {
  uint32_t seed = 10;
  for (const ConvCase& c : Cases()) CheckConv("Conv2D", Engine::kAiCore, DataType::kFloat16, c, {}, seed += 3);
}

TEST(Conv2D, AiCoreFp32WhereTheCubeHasFp32) {
  uint32_t seed = 100;
  for (const ConvCase& c : Cases()) CheckConv("Conv2D", Engine::kAiCore, DataType::kFloat, c, Ascend910B(), seed += 3);
}

TEST(Conv2D, AiCpuFp32Fp16AndDouble) {
  uint32_t seed = 200;
  for (DataType dt : {DataType::kFloat, DataType::kFloat16, DataType::kDouble}) {
    for (const ConvCase& c : Cases()) CheckConv("Conv2D", Engine::kAiCpu, dt, c, {}, seed += 3);
  }
}

TEST(Conv, OnnxAttributesOnBothEnginesAndEveryDtype) {
  uint32_t seed = 300;
  for (const ConvCase& c : Cases()) {
    CheckConv("Conv", Engine::kAiCore, DataType::kFloat16, c, {}, seed += 3);
    CheckConv("Conv", Engine::kAiCore, DataType::kFloat, c, Ascend910B(), seed += 3);
    for (DataType dt : {DataType::kFloat, DataType::kFloat16, DataType::kDouble}) {
      CheckConv("Conv", Engine::kAiCpu, dt, c, {}, seed += 3);
    }
  }
}

TEST(Conv2D, SelectionPutsFp16OnTheAiCoreAndFp32On310OnTheAiCpu) {
  const ConvCase c{1, 3, 8, 8, 4, 3, 3};
  HostTensor x =
      WithFormat(HostTensor::FromFloats(DataType::kFloat16, {1, 3, 8, 8}, RandomFloats(192, -1, 1, 1)), Format::kNchw);
  HostTensor w =
      WithFormat(HostTensor::FromFloats(DataType::kFloat16, {4, 3, 3, 3}, RandomFloats(108, -1, 1, 2)), Format::kNchw);
  RunResult r = RunOp("Conv2D", {x, w});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.def->engine, Engine::kAiCore);
  EXPECT_EQ(r.conversions.size(), 2u);
  EXPECT_EQ(r.outputs[0].spec.format, Format::kNc1hwc0);

  HostTensor x32 =
      WithFormat(HostTensor::FromFloats(DataType::kFloat, {1, 3, 8, 8}, RandomFloats(192, -1, 1, 1)), Format::kNchw);
  HostTensor w32 =
      WithFormat(HostTensor::FromFloats(DataType::kFloat, {4, 3, 3, 3}, RandomFloats(108, -1, 1, 2)), Format::kNchw);
  r = RunOp("Conv2D", {x32, w32});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  EXPECT_EQ(r.outputs[0].spec.format, Format::kNchw);
  EXPECT_TRUE(AllClose(r.outputs[0].ToFloats(), RefConv(c, x32.ToFloats(), w32.ToFloats(), {}), 1e-4f, 5e-4f));

  // Asked for the AI Core alone, the refusal says why.
  r = RunOpOn(Engine::kAiCore, "Conv2D", {x32, w32});
  EXPECT_EQ(r.status.code(), err::kUnsupportedDataType);
  EXPECT_NE(r.status.message().find("DT_FLOAT needs a cube that computes fp32; the Ascend310 cube computes fp16 and "
                                    "int8 only"),
            std::string::npos)
      << r.status.message();
}

TEST(Conv2D, AiCoreInt8AccumulatesInInt32) {
  const ConvCase c{2, 40, 6, 7, 20, 3, 3, 1, 2, 1, 1, 1, 1};
  auto ints = [](size_t n, uint32_t seed) {
    std::vector<float> v = RandomFloats(n, -8, 8, seed);
    for (auto& x : v) x = std::round(x);
    return v;
  };
  HostTensor x =
      WithFormat(HostTensor::FromFloats(DataType::kInt8, {2, 40, 6, 7}, ints(2 * 40 * 42, 5)), Format::kNchw);
  HostTensor w =
      WithFormat(HostTensor::FromFloats(DataType::kInt8, {20, 40, 3, 3}, ints(20 * 40 * 9, 6)), Format::kNchw);
  HostTensor b = HostTensor::FromFloats(DataType::kInt32, {20}, ints(20, 7));
  RunResult r = RunOpOn(Engine::kAiCore, "Conv2D", {x, w, b}, CannAttrs(c));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dtype, DataType::kInt32);
  EXPECT_EQ(r.conversions[0].converted.dims.back(), 32);  // int8 C0
  const HostTensor y = ToNchw(r.outputs[0]);
  EXPECT_TRUE(AllClose(y.ToFloats(), RefConv(c, x.ToFloats(), w.ToFloats(), b.ToFloats()), 0, 0));
}

TEST(Conv2D, AiCpuNhwcWithDataFormat) {
  const ConvCase c{2, 5, 6, 7, 6, 3, 3, 2, 1, 1, 0, 1, 1};
  HostTensor x = HostTensor::FromFloats(DataType::kFloat, {2, 5, 6, 7}, RandomFloats(2 * 5 * 42, -1, 1, 8));
  HostTensor w =
      WithFormat(HostTensor::FromFloats(DataType::kFloat, {6, 5, 3, 3}, RandomFloats(270, -1, 1, 9)), Format::kNchw);
  // x as NHWC.
  HostTensor xn = HostTensor::Make(DataType::kFloat, {2, 6, 7, 5}, Format::kNhwc);
  const auto xv = x.Values<float>();
  auto* d = reinterpret_cast<float*>(xn.bytes.data());
  for (int n = 0; n < 2; ++n)
    for (int ch = 0; ch < 5; ++ch)
      for (int y = 0; y < 6; ++y)
        for (int xx = 0; xx < 7; ++xx)
          d[((n * 6 + y) * 7 + xx) * 5 + ch] = xv[static_cast<size_t>(((n * 5 + ch) * 6 + y) * 7 + xx)];
  AttrMap attrs = CannAttrs(c);
  attrs.Set("data_format", std::string("NHWC"));
  attrs.Set("strides", std::vector<int64_t>{1, c.sh, c.sw, 1});
  attrs.Set("dilations", std::vector<int64_t>{1, 1, 1, 1});
  RunResult r = RunOpOn(Engine::kAiCpu, "Conv2D", {xn, w}, attrs);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  const int64_t oh = c.oh(), ow = c.ow();
  ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{2, oh, ow, 6}));
  const auto ref = RefConv(c, x.ToFloats(), w.ToFloats(), {});
  const auto got = r.outputs[0].Values<float>();
  std::vector<float> got_nchw(ref.size());
  for (int n = 0; n < 2; ++n)
    for (int co = 0; co < 6; ++co)
      for (int64_t y = 0; y < oh; ++y)
        for (int64_t xx = 0; xx < ow; ++xx)
          got_nchw[static_cast<size_t>(((n * 6 + co) * oh + y) * ow + xx)] =
              got[static_cast<size_t>(((n * oh + y) * ow + xx) * 6 + co)];
  EXPECT_TRUE(AllClose(got_nchw, ref, 1e-4f, 5e-4f));
}

TEST(Conv, OnnxAutoPad) {
  struct Pad {
    const char* mode;
    int64_t pt, pb, pl, pr;
  };
  // Input 7x8, kernel 4x3, stride 2: SAME gives 4x4 with total pads 3 (rows) and 1 (columns).
  for (const Pad& p : {Pad{"SAME_UPPER", 1, 2, 0, 1}, Pad{"SAME_LOWER", 2, 1, 1, 0}, Pad{"VALID", 0, 0, 0, 0}}) {
    ConvCase c{1, 3, 7, 8, 4, 4, 3, 2, 2, p.pt, p.pb, p.pl, p.pr};
    c.bias = false;
    HostTensor x =
        WithFormat(HostTensor::FromFloats(DataType::kFloat, {1, 3, 7, 8}, RandomFloats(168, -1, 1, 11)), Format::kNchw);
    HostTensor w =
        WithFormat(HostTensor::FromFloats(DataType::kFloat, {4, 3, 4, 3}, RandomFloats(144, -1, 1, 12)), Format::kNchw);
    AttrMap attrs;
    attrs.Set("auto_pad", std::string(p.mode));
    attrs.Set("strides", std::vector<int64_t>{2, 2});
    attrs.Set("kernel_shape", std::vector<int64_t>{4, 3});
    RunResult r = RunOp("Conv", {x, w}, attrs);
    ASSERT_TRUE(r.status.ok()) << p.mode << ": " << r.status.message();
    ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1, 4, c.oh(), c.ow()})) << p.mode;
    EXPECT_TRUE(AllClose(r.outputs[0].ToFloats(), RefConv(c, x.ToFloats(), w.ToFloats(), {}), 1e-4f, 5e-4f)) << p.mode;
  }
}

TEST(Conv, OnnxOneDimensionalAndThreeDimensional) {
  // 1-D as a 2-D case with H = 1.
  ConvCase c1{2, 6, 1, 19, 5, 1, 4, 1, 2, 0, 0, 2, 1, 1, 2};
  HostTensor x =
      WithFormat(HostTensor::FromFloats(DataType::kFloat, {2, 6, 19}, RandomFloats(228, -1, 1, 13)), Format::kNchw);
  HostTensor w =
      WithFormat(HostTensor::FromFloats(DataType::kFloat, {5, 6, 4}, RandomFloats(120, -1, 1, 14)), Format::kNchw);
  AttrMap a1;
  a1.Set("strides", std::vector<int64_t>{2});
  a1.Set("pads", std::vector<int64_t>{2, 1});
  a1.Set("dilations", std::vector<int64_t>{2});
  RunResult r = RunOp("Conv", {x, w}, a1);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{2, 5, c1.ow()}));
  c1.bias = false;
  EXPECT_TRUE(AllClose(r.outputs[0].ToFloats(), RefConv(c1, x.ToFloats(), w.ToFloats(), {}), 1e-4f, 5e-4f));

  // 3-D with a depth of 1 in the kernel equals the 2-D reference per depth slice; use depth 1.
  ConvCase c3{1, 4, 5, 6, 3, 3, 3, 1, 1, 1, 1, 1, 1};
  HostTensor x3 = WithFormat(HostTensor::FromFloats(DataType::kDouble, {1, 4, 1, 5, 6}, RandomFloats(120, -1, 1, 15)),
                             Format::kNchw);
  HostTensor w3 = WithFormat(HostTensor::FromFloats(DataType::kDouble, {3, 4, 1, 3, 3}, RandomFloats(108, -1, 1, 16)),
                             Format::kNchw);
  AttrMap a3;
  a3.Set("pads", std::vector<int64_t>{0, 1, 1, 0, 1, 1});
  r = RunOp("Conv", {x3, w3}, a3);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1, 3, 1, 5, 6}));
  c3.bias = false;
  EXPECT_TRUE(AllClose(r.outputs[0].ToFloats(), RefConv(c3, x3.ToFloats(), w3.ToFloats(), {}), 1e-6f, 1e-6f));
}

TEST(Conv2D, EmptyBatchGivesAnEmptyOutput) {
  for (Engine e : {Engine::kAiCore, Engine::kAiCpu}) {
    HostTensor x = WithFormat(HostTensor::Make(DataType::kFloat16, {0, 3, 5, 5}), Format::kNchw);
    HostTensor w = WithFormat(HostTensor::FromFloats(DataType::kFloat16, {4, 3, 3, 3}, RandomFloats(108, -1, 1, 3)),
                              Format::kNchw);
    RunResult r = RunOpOn(e, "Conv2D", {x, w});
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_EQ(r.outputs[0].spec.ElementCount(), 0);
  }
}

TEST(Conv2D, DynamicShapesGoToTheAiCpu) {
  TensorSpec x;
  x.dtype = DataType::kFloat16;
  x.format = Format::kNchw;
  x.dims = {-1, 3, 8, -1};
  TensorSpec w = x;
  w.dims = {4, 3, 3, 3};
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("Conv2D", {x, w}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{-1, 4, 6, -1}));
  ASSERT_FALSE(sel.refusals.empty());
  EXPECT_NE(sel.refusals[0].find("dynamic shape"), std::string::npos) << sel.refusals[0];
}

TEST(Conv2D, RefusalsNameTheProblem) {
  HostTensor x = WithFormat(HostTensor::Make(DataType::kFloat, {1, 6, 5, 5}), Format::kNchw);
  HostTensor w = WithFormat(HostTensor::Make(DataType::kFloat, {4, 4, 3, 3}), Format::kNchw);
  RunResult r = RunOp("Conv2D", {x, w});
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("x has 6 channels but the filter expects 4 input channels x 1 group(s)"),
            std::string::npos)
      << r.status.message();
  AttrMap bad;
  bad.Set("pads", std::vector<int64_t>{1, 1});
  r = RunOp("Conv2D", {x, WithFormat(HostTensor::Make(DataType::kFloat, {4, 6, 3, 3}), Format::kNchw)}, bad);
  EXPECT_NE(r.status.message().find("'pads' [1,1] must have 4 values"), std::string::npos) << r.status.message();
  HostTensor b = HostTensor::Make(DataType::kFloat, {5});
  r = RunOp("Conv2D", {x, WithFormat(HostTensor::Make(DataType::kFloat, {4, 6, 3, 3}), Format::kNchw), b});
  EXPECT_NE(r.status.message().find("bias [5] must be [4]"), std::string::npos) << r.status.message();
}

TEST(Conv2D, AiCoreWorkIsTheCubeConvolution) {
  HostTensor x = WithFormat(HostTensor::Make(DataType::kFloat16, {1, 64, 56, 56}), Format::kNchw);
  HostTensor w = WithFormat(HostTensor::Make(DataType::kFloat16, {64, 64, 3, 3}), Format::kNchw);
  AttrMap attrs;
  attrs.Set("pads", std::vector<int64_t>{1, 1, 1, 1});
  RunResult r = RunOpOn(Engine::kAiCore, "Conv2D", {x, w}, attrs);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  ConvGeometry g;
  g.n = 1, g.cin = 64, g.h = 56, g.w = 56, g.cout = 64, g.kh = 3, g.kw = 3, g.oh = 56, g.ow = 56;
  const WorkDesc expect = CubeConvWork(g, ChipTraits{});
  EXPECT_EQ(r.work.cube_macs, expect.cube_macs);
  EXPECT_EQ(r.work.mte2_bytes, expect.mte2_bytes);
  EXPECT_GE(r.work.cube_macs, 64u * 64 * 9 * 56 * 56);
  EXPECT_FALSE(r.work.on_ai_cpu);
  r = RunOpOn(Engine::kAiCpu, "Conv2D", {x, w}, attrs);
  ASSERT_TRUE(r.status.ok());
  EXPECT_TRUE(r.work.on_ai_cpu);
  EXPECT_EQ(r.work.aicpu_ops, 2u * 64 * 64 * 9 * 56 * 56);
}

// atc --enable_small_channel: x in NC1HWC0_C04 and the filter in FRACTAL_Z_C04 select the
// second AI Core kernel, which computes the same convolution and counts C04 fractals.
HostTensor Converted(const HostTensor& t, const char* format) {
  AttrMap a;
  a.Set("dst_format", std::string(format));
  RunResult r = RunOp("TransData", {t}, a);
  EXPECT_TRUE(r.status.ok()) << format << ": " << r.status.message();
  return r.status.ok() ? r.outputs[0] : t;
}

TEST(Conv2D, SmallChannelLayoutsMatchTheReference) {
  const ConvCase cases[] = {
      {2, 3, 30, 40, 17, 7, 7, 2, 2, 3, 3, 3, 3},  // ResNet's first convolution, smaller
      {1, 4, 9, 11, 20, 3, 3, 1, 1, 1, 1, 1, 1},   // four channels, 3x3 (K = 36: three blocks)
      {1, 1, 6, 7, 5, 2, 2, 1, 1, 0, 0, 0, 0, 1, 1, 1, false},
      {3, 2, 8, 8, 33, 5, 3, 2, 1, 2, 1, 1, 0, 1, 2},  // dilation, asymmetric pads
  };
  uint32_t seed = 700;
  for (const ConvCase& c : cases) {
    for (const std::string op : {"Conv2D", "Conv"}) {
      SCOPED_TRACE(op + " " + Describe(c));
      seed += 3;
      HostTensor x =
          WithFormat(HostTensor::FromFloats(DataType::kFloat16, {c.n, c.cin, c.h, c.w},
                                            RandomFloats(static_cast<size_t>(c.n * c.cin * c.h * c.w), -1, 1, seed)),
                     Format::kNchw);
      HostTensor w = WithFormat(
          HostTensor::FromFloats(DataType::kFloat16, {c.cout, c.cin, c.kh, c.kw},
                                 RandomFloats(static_cast<size_t>(c.cout * c.cin * c.kh * c.kw), -1, 1, seed + 1)),
          Format::kNchw);
      std::vector<HostTensor> inputs{Converted(x, "NC1HWC0_C04"), Converted(w, "FRACTAL_Z_C04")};
      ASSERT_EQ(inputs[0].spec.dims, (std::vector<int64_t>{c.n, 1, c.h, c.w, 4}));
      std::vector<float> bias;
      if (c.bias) {
        inputs.push_back(HostTensor::FromFloats(DataType::kFloat16, {c.cout},
                                                RandomFloats(static_cast<size_t>(c.cout), -1, 1, seed + 2)));
        bias = inputs.back().ToFloats();
      }
      RunResult r = RunOpOn(Engine::kAiCore, op, inputs, op == "Conv" ? OnnxAttrs(c) : CannAttrs(c));
      ASSERT_TRUE(r.status.ok()) << r.status.message();
      EXPECT_TRUE(r.conversions.empty());
      EXPECT_EQ(r.def->inputs[0].formats, std::vector<Format>{Format::kNc1hwc0C04});
      const HostTensor y = ToNchw(r.outputs[0]);
      ASSERT_EQ(y.spec.dims, (std::vector<int64_t>{c.n, c.cout, c.oh(), c.ow()}));
      EXPECT_TRUE(AllClose(y.ToFloats(), RefConv(c, x.ToFloats(), w.ToFloats(), bias), kFp16Rtol, kFp16Atol));
    }
  }
}

// Conv2D on the AI Core with its input converted to NC1HWC0 as a model gives it (fp32 on the
// 910B, fp16 on the default chip), against the reference.
void CheckBlockedInputConv(const ConvCase& c, DataType dt, uint32_t seed) {
  SCOPED_TRACE(Describe(c) + " " + DataTypeName(dt));
  const HostTensor x = RandomNchw(dt, {c.n, c.cin, c.h, c.w}, seed);
  const HostTensor w = RandomNchw(dt, {c.cout, c.cin, c.kh, c.kw}, seed + 1);
  HostTensor b = HostTensor::FromFloats(dt, {c.cout}, RandomFloats(static_cast<size_t>(c.cout), -1, 1, seed + 2));
  HostTensor xb = Converted(x, "NC1HWC0");
  ASSERT_EQ(xb.spec.dims, (std::vector<int64_t>{c.n, (c.cin + 15) / 16, c.h, c.w, 16}));
  RunResult r = RunOpOn(Engine::kAiCore, "Conv2D", {xb, w, b}, CannAttrs(c),
                        dt == DataType::kFloat ? Ascend910B() : ChipTraits{});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  const HostTensor y = ToNchw(r.outputs[0]);
  ASSERT_EQ(y.spec.dims, (std::vector<int64_t>{c.n, c.cout, c.oh(), c.ow()}));
  const Tolerance tol = TolFor(dt);
  EXPECT_TRUE(AllClose(y.ToFloats(), RefConv(c, x.ToFloats(), w.ToFloats(), b.ToFloats()), tol.rtol, tol.atol));
}

// A network's first convolution as a model runs it: an image converted to NC1HWC0 (3 of 16
// lanes used) and read by the narrow stem.
TEST(Conv2D, NarrowStemReadsAnNc1hwc0Image) {
  const ConvCase cases[] = {
      {2, 3, 30, 40, 17, 7, 7, 2, 2, 3, 3, 3, 3},  // ResNet's conv1, smaller: stride class 3
      {1, 4, 9, 11, 40, 3, 3, 1, 1, 1, 1, 1, 1},
  };
  uint32_t seed = 900;
  for (const ConvCase& c : cases) {
    for (DataType dt : {DataType::kFloat, DataType::kFloat16}) CheckBlockedInputConv(c, dt, seed += 3);
  }
}

// A strided 1x1 convolution (ResNet's downsampling shortcut) reading a blocked input: the
// pixels it reads are gathered (and an fp16 input widened) first, including a partly used
// last channel block and unequal strides.
TEST(Conv2D, StridedPointwiseGathersAnNc1hwc0Input) {
  const ConvCase cases[] = {
      {2, 40, 9, 8, 24, 1, 1, 2, 2},
      {1, 64, 14, 14, 80, 1, 1, 2, 2},
      {1, 20, 7, 10, 36, 1, 1, 3, 2},
  };
  uint32_t seed = 950;
  for (const ConvCase& c : cases) {
    for (DataType dt : {DataType::kFloat, DataType::kFloat16}) CheckBlockedInputConv(c, dt, seed += 3);
  }
}

TEST(Conv2D, SmallChannelWorkPadsTheWindowNotTheChannels) {
  const ConvCase c{1, 3, 224, 224, 64, 7, 7, 2, 2, 3, 3, 3, 3};
  HostTensor x = WithFormat(HostTensor::Make(DataType::kFloat16, {1, 3, 224, 224}), Format::kNchw);
  HostTensor w = WithFormat(HostTensor::Make(DataType::kFloat16, {64, 3, 7, 7}), Format::kNchw);
  RunResult plain = RunOpOn(Engine::kAiCore, "Conv2D", {x, w}, CannAttrs(c));
  RunResult c04 =
      RunOpOn(Engine::kAiCore, "Conv2D", {Converted(x, "NC1HWC0_C04"), Converted(w, "FRACTAL_Z_C04")}, CannAttrs(c));
  ASSERT_TRUE(plain.status.ok() && c04.status.ok()) << plain.status.message() << c04.status.message();
  // K: 16 padded channels x 49 taps = 784 against 4 x 49 = 196 -> 208 (13 blocks of 16).
  const uint64_t m = 112 * 112, n = 64;
  EXPECT_EQ(plain.work.cube_macs, m * 784 * n);
  EXPECT_EQ(c04.work.cube_macs, m * 208 * n);
  EXPECT_LT(c04.work.mte2_bytes, plain.work.mte2_bytes);
}

TEST(Conv2D, SmallChannelRefusals) {
  HostTensor x5 = WithFormat(HostTensor::Make(DataType::kFloat16, {1, 5, 8, 8}), Format::kNchw);
  AttrMap a;
  a.Set("dst_format", std::string("NC1HWC0_C04"));
  RunResult r = RunOp("TransData", {x5}, a);
  ASSERT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("5 channels do not fit C0 = 4"), std::string::npos) << r.status.message();
  // fp32 in C04: the C04 kernel is fp16 only; the selection says so instead of computing.
  HostTensor x32 = WithFormat(HostTensor::Make(DataType::kFloat, {1, 3, 8, 8}), Format::kNchw);
  HostTensor w32 = WithFormat(HostTensor::Make(DataType::kFloat, {4, 3, 3, 3}), Format::kNchw);
  r = RunOpOn(Engine::kAiCore, "Conv2D", {Converted(x32, "NC1HWC0_C04"), Converted(w32, "FRACTAL_Z_C04")}, {},
              Ascend910B());
  EXPECT_FALSE(r.status.ok());
}

// ---- ConvTranspose --------------------------------------------------------------------

struct TransposeCase {
  int64_t n, cin, h, w, cout_g, kh, kw;
  int64_t sh = 1, sw = 1, pt = 0, pl = 0, pb = 0, pr = 0, dh = 1, dw = 1, oph = 0, opw = 0, groups = 1;
  int64_t oh() const { return sh * (h - 1) + oph + (kh - 1) * dh + 1 - pt - pb; }
  int64_t ow() const { return sw * (w - 1) + opw + (kw - 1) * dw + 1 - pl - pr; }
};

// Reference by scattering each input element (the kernel gathers).
std::vector<float> RefConvTranspose(const TransposeCase& c, const std::vector<float>& x, const std::vector<float>& w,
                                    const std::vector<float>& b) {
  const int64_t oh = c.oh(), ow = c.ow(), cout = c.cout_g * c.groups, cin_g = c.cin / c.groups;
  std::vector<double> y(static_cast<size_t>(c.n * cout * oh * ow));
  for (int64_t n = 0; n < c.n; ++n)
    for (int64_t ci = 0; ci < c.cin; ++ci)
      for (int64_t iy = 0; iy < c.h; ++iy)
        for (int64_t ix = 0; ix < c.w; ++ix)
          for (int64_t cog = 0; cog < c.cout_g; ++cog)
            for (int64_t ky = 0; ky < c.kh; ++ky)
              for (int64_t kx = 0; kx < c.kw; ++kx) {
                const int64_t oy = iy * c.sh - c.pt + ky * c.dh, ox = ix * c.sw - c.pl + kx * c.dw;
                if (oy < 0 || oy >= oh || ox < 0 || ox >= ow) continue;
                const int64_t co = (ci / cin_g) * c.cout_g + cog;
                y[static_cast<size_t>(((n * cout + co) * oh + oy) * ow + ox)] +=
                    static_cast<double>(x[static_cast<size_t>(((n * c.cin + ci) * c.h + iy) * c.w + ix)]) *
                    w[static_cast<size_t>(((ci * c.cout_g + cog) * c.kh + ky) * c.kw + kx)];
              }
  std::vector<float> out(y.size());
  for (size_t i = 0; i < y.size(); ++i) {
    const int64_t co = static_cast<int64_t>(i / static_cast<size_t>(oh * ow)) % cout;
    out[i] = static_cast<float>(y[i] + (b.empty() ? 0.0 : b[static_cast<size_t>(co)]));
  }
  return out;
}

TEST(ConvTranspose, AiCpuMatchesTheReference) {
  const std::vector<TransposeCase> cases = {
      {1, 3, 4, 5, 2, 3, 3},
      {2, 4, 3, 3, 3, 3, 2, 2, 2, 1, 0, 0, 1},
      {1, 6, 5, 4, 2, 2, 3, 3, 2, 0, 1, 1, 0, 2, 1, 1, 1, 3},
      {1, 2, 3, 3, 1, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1},
  };
  uint32_t seed = 400;
  for (DataType dt : {DataType::kFloat, DataType::kFloat16, DataType::kDouble}) {
    for (const TransposeCase& c : cases) {
      seed += 3;
      HostTensor x = RandomNchw(dt, {c.n, c.cin, c.h, c.w}, seed);
      HostTensor w = RandomNchw(dt, {c.cin, c.cout_g, c.kh, c.kw}, seed + 1);
      HostTensor b = HostTensor::FromFloats(dt, {c.cout_g * c.groups},
                                            RandomFloats(static_cast<size_t>(c.cout_g * c.groups), -1, 1, seed + 2));
      AttrMap a;
      a.Set("strides", std::vector<int64_t>{c.sh, c.sw});
      a.Set("pads", std::vector<int64_t>{c.pt, c.pl, c.pb, c.pr});
      a.Set("dilations", std::vector<int64_t>{c.dh, c.dw});
      a.Set("output_padding", std::vector<int64_t>{c.oph, c.opw});
      a.Set("group", c.groups);
      RunResult r = RunOp("ConvTranspose", {x, w, b}, a);
      ASSERT_TRUE(r.status.ok()) << r.status.message();
      ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{c.n, c.cout_g * c.groups, c.oh(), c.ow()}));
      const Tolerance tol = TolFor(dt);
      EXPECT_TRUE(AllClose(r.outputs[0].ToFloats(), RefConvTranspose(c, x.ToFloats(), w.ToFloats(), b.ToFloats()),
                           tol.rtol, tol.atol))
          << DataTypeName(dt) << " case " << seed;
    }
  }
}

TEST(ConvTranspose, OutputShapeAndAutoPadDecideThePads) {
  // 3x3 input, 3x3 kernel, stride 2: full size 7; output_shape 6 pads 1 in total.
  HostTensor x =
      WithFormat(HostTensor::FromFloats(DataType::kFloat, {1, 1, 3, 3}, RandomFloats(9, -1, 1, 21)), Format::kNchw);
  HostTensor w =
      WithFormat(HostTensor::FromFloats(DataType::kFloat, {1, 2, 3, 3}, RandomFloats(18, -1, 1, 22)), Format::kNchw);
  for (const char* mode : {"NOTSET", "SAME_UPPER", "SAME_LOWER"}) {
    AttrMap a;
    a.Set("strides", std::vector<int64_t>{2, 2});
    a.Set("auto_pad", std::string(mode));
    if (std::string(mode) == "NOTSET") a.Set("output_shape", std::vector<int64_t>{6, 6});
    RunResult r = RunOp("ConvTranspose", {x, w}, a);
    ASSERT_TRUE(r.status.ok()) << mode << ": " << r.status.message();
    ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1, 2, 6, 6})) << mode;
    // SAME_UPPER puts the odd pad at the end, the others at the beginning.
    const int64_t begin = std::string(mode) == "SAME_UPPER" ? 0 : 1;
    TransposeCase c{1, 1, 3, 3, 2, 3, 3, 2, 2, begin, begin, 1 - begin, 1 - begin};
    EXPECT_TRUE(AllClose(r.outputs[0].ToFloats(), RefConvTranspose(c, x.ToFloats(), w.ToFloats(), {}), 1e-5f, 1e-5f))
        << mode;
  }
}

TEST(ConvTranspose, OneDimensional) {
  HostTensor x =
      WithFormat(HostTensor::FromFloats(DataType::kFloat, {1, 2, 5}, RandomFloats(10, -1, 1, 23)), Format::kNchw);
  HostTensor w =
      WithFormat(HostTensor::FromFloats(DataType::kFloat, {2, 3, 3}, RandomFloats(18, -1, 1, 24)), Format::kNchw);
  AttrMap a;
  a.Set("strides", std::vector<int64_t>{3});
  RunResult r = RunOp("ConvTranspose", {x, w}, a);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1, 3, 15}));
  TransposeCase c{1, 2, 1, 5, 3, 1, 3, 1, 3};
  EXPECT_TRUE(AllClose(r.outputs[0].ToFloats(), RefConvTranspose(c, x.ToFloats(), w.ToFloats(), {}), 1e-5f, 1e-5f));
}

}  // namespace
}  // namespace asim::kernels::testing

namespace asim::kernels::testing {
namespace {

// The fused epilogue (conv_epilogue.h): y = Relu(conv(x) + residual) on both engines. On an
// fp32 AI Core output it runs in the convolution's final stores: the direct engine's tiles
// (one or several weight chunks, flattened 1x1 rows, a gathered strided 1x1 input) and the
// Winograd output transform (with the filter prepared, as the harness also runs it).
void CheckFusedConv(const ConvCase& c, Engine engine, DataType dtype, const ChipTraits& chip, bool residual, bool relu,
                    uint32_t seed) {
  SCOPED_TRACE(Describe(c) + " " + EngineName(engine) + " " + DataTypeName(dtype) + (residual ? " +residual" : "") +
               (relu ? " +relu" : ""));
  const std::vector<int64_t> xd{c.n, c.cin, c.h, c.w}, wd{c.cout, c.cin, c.kh, c.kw}, yd{c.n, c.cout, c.oh(), c.ow()};
  auto count = [](const std::vector<int64_t>& d) {
    return static_cast<size_t>(std::accumulate(d.begin(), d.end(), int64_t{1}, std::multiplies<int64_t>()));
  };
  HostTensor x = WithFormat(HostTensor::FromFloats(dtype, xd, RandomFloats(count(xd), -1, 1, seed)), Format::kNchw);
  HostTensor w = WithFormat(HostTensor::FromFloats(dtype, wd, RandomFloats(count(wd), -1, 1, seed + 1)), Format::kNchw);
  HostTensor b = HostTensor::FromFloats(dtype, {c.cout}, RandomFloats(static_cast<size_t>(c.cout), -1, 1, seed + 2));
  HostTensor r = WithFormat(HostTensor::FromFloats(dtype, yd, RandomFloats(count(yd), -2, 2, seed + 3)), Format::kNchw);
  std::vector<HostTensor> inputs{x, w, b};
  if (residual) inputs.push_back(r);
  AttrMap attrs = OnnxAttrs(c);
  if (relu) attrs.Set("fused_activation", std::string("Relu"));
  RunResult res = RunOpOn(engine, "Conv", inputs, attrs, chip);
  ASSERT_TRUE(res.status.ok()) << res.status.message();
  std::vector<float> want = RefConv(c, x.ToFloats(), w.ToFloats(), b.ToFloats());
  const std::vector<float> rv = r.ToFloats();
  for (size_t i = 0; i < want.size(); ++i) {
    if (residual) want[i] += rv[i];
    if (relu) want[i] = std::max(want[i], 0.0f);
  }
  const Tolerance tol = TolFor(dtype);
  EXPECT_TRUE(AllClose(ToNchw(res.outputs[0]).ToFloats(), want, tol.rtol, tol.atol));
}

TEST(Conv, FusedResidualAddAndReluOnBothEngines) {
  uint32_t seed = 900;
  const ConvCase cases[] = {
      {1, 20, 9, 7, 24, 3, 3, 1, 1, 1, 1, 1, 1},    // 3x3, one chunk per input block
      {1, 32, 14, 14, 40, 3, 3, 1, 1, 1, 1, 1, 1},  // Winograd F(2x2, 3x3) once prepared
      {2, 80, 7, 7, 24, 1, 1},                      // 1x1: flattened rows, two weight chunks
      {1, 40, 9, 8, 24, 1, 1, 2, 2},                // strided 1x1: gathered input
  };
  for (const ConvCase& c : cases) {
    for (bool residual : {false, true}) {
      for (bool relu : {false, true}) {
        CheckFusedConv(c, Engine::kAiCore, DataType::kFloat16, {}, residual, relu, seed += 5);
        CheckFusedConv(c, Engine::kAiCore, DataType::kFloat, Ascend910B(), residual, relu, seed += 5);
        CheckFusedConv(c, Engine::kAiCpu, DataType::kFloat, {}, residual, relu, seed += 5);
      }
    }
  }
}

// A 1x1 layer whose input is too large for the caches has its tiles prefetch the next
// tile's pixels (blocked_conv.h, PrefetchNextPixels), past the input's end at the last tile
// of each row (addresses only: AddressSanitizer would see a load there).
TEST(Conv, LargePointwiseInputPrefetchesAheadAndMatches) {
  BlockedConvArgs a;
  a.n = 2, a.in_n = 2 * 128 * 128 * 16, a.kh = 1, a.kw = 1;  // 4 MiB of fp32 input
  EXPECT_TRUE(PrefetchNextPixels(a));
  a.n = 1;
  EXPECT_FALSE(PrefetchNextPixels(a));
  a.n = 2, a.kh = 3, a.kw = 3;
  EXPECT_FALSE(PrefetchNextPixels(a));
  CheckFusedConv({2, 32, 128, 128, 16, 1, 1}, Engine::kAiCore, DataType::kFloat, Ascend910B(), true, true, 990);
}

// A square fused convolution at batch 1 (oh x oh outputs, c1 input and out_blocks output
// blocks, k x k taps, stride), its filter prepacked (a chunk address that is never read) in the
// chunks the engine takes: what the work-split rules look at.
BlockedConvArgs PrepackedFusedLayer(int64_t oh, int64_t c1, int64_t out_blocks, int64_t k, int64_t stride) {
  static float filter_marker = 0;
  BlockedConvArgs a;
  a.n = 1, a.oh = oh, a.ow = oh, a.c1 = c1, a.out_blocks = out_blocks;
  a.kh = a.kw = k, a.sh = a.sw = stride;
  a.chunk_c1 = ChunkInputBlocks(k, k);
  a.chunk_address = [](const void*, int64_t, int64_t) -> const float* { return &filter_marker; };
  return a;
}

// The fused mode's spatial order (blocked_conv.h, FusedSpatialOrder) on ResNet-50's shapes at
// batch 1 on two workers: the 56x56 1x1 layers and the strided 3x3 from 56x56 (784 output
// pixels reading 4 input pixels each, against 16 x 8 output blocks x 9 taps) split by rows;
// the strided 3x3 from 28x28 (196 x 4 against 16 x 16 x 9) and the 14x14 1x1 layers do not;
// nor does anything at a batch of one image per worker, on one worker, or without a prepacked
// filter of whole chunks. test_conv_threads runs both orders on two workers.
TEST(Conv, FusedSpatialOrderCountsTheInputPixelsAStridedLayerReads) {
  const auto layer = PrepackedFusedLayer;
  EXPECT_TRUE(FusedSpatialOrder(layer(56, 16, 4, 1, 1), 2));    // layer1 1x1 256 -> 64
  EXPECT_TRUE(FusedSpatialOrder(layer(28, 8, 8, 3, 2), 2));     // layer2.0 3x3/2 from 56x56
  EXPECT_FALSE(FusedSpatialOrder(layer(14, 16, 16, 3, 2), 2));  // layer3.0 3x3/2 from 28x28
  EXPECT_FALSE(FusedSpatialOrder(layer(14, 64, 16, 1, 1), 2));  // layer3 1x1 1024 -> 256
  BlockedConvArgs a = layer(28, 8, 8, 3, 2);
  EXPECT_FALSE(FusedSpatialOrder(a, 1));
  a.n = 2;
  EXPECT_FALSE(FusedSpatialOrder(a, 2));
  a = layer(56, 16, 4, 1, 1);
  a.chunk_address = nullptr;  // packed per work item: items beyond the planned buffers would share one
  EXPECT_FALSE(FusedSpatialOrder(a, 2));
  a = layer(56, 5, 4, 1, 1);  // 5 input blocks: a partial last chunk of 4
  EXPECT_FALSE(FusedSpatialOrder(a, 2));
}

// The input split (blocked_conv.h, FusedInputSplit) on ResNet-50's shapes at batch 1: the
// 14x14 and 7x7 1x1 reduce layers and the strided 3x3 layers from 28x28 and 14x14 split their
// reduction in two; the expand layers (more written than read), the layers the spatial order
// takes, a batch of two, a fused residual and a filter not prepacked in whole chunks do not.
// Whatever the worker count: the rule has none. test_conv_threads runs it on two workers.
TEST(Conv, FusedInputSplitTakesTheLayersThatReadMoreThanTheyWrite) {
  const auto layer = PrepackedFusedLayer;
  EXPECT_TRUE(FusedInputSplit(layer(14, 64, 16, 1, 1)));   // layer3 1x1 1024 -> 256
  EXPECT_TRUE(FusedInputSplit(layer(14, 64, 32, 1, 1)));   // layer4.0 1x1 1024 -> 512
  EXPECT_TRUE(FusedInputSplit(layer(7, 128, 32, 1, 1)));   // layer4 1x1 2048 -> 512
  EXPECT_TRUE(FusedInputSplit(layer(14, 16, 16, 3, 2)));   // layer3.0 3x3/2 from 28x28
  EXPECT_TRUE(FusedInputSplit(layer(7, 32, 32, 3, 2)));    // layer4.0 3x3/2 from 14x14
  EXPECT_FALSE(FusedInputSplit(layer(14, 16, 64, 1, 1)));  // layer3 1x1 256 -> 1024
  EXPECT_FALSE(FusedInputSplit(layer(7, 32, 32, 3, 1)));   // layer4 3x3 at 7x7: reads what it writes
  EXPECT_FALSE(FusedInputSplit(layer(56, 16, 4, 1, 1)));   // layer1 1x1 256 -> 64: spatial order
  EXPECT_FALSE(FusedInputSplit(layer(28, 8, 8, 3, 2)));    // layer2.0 3x3/2 from 56x56: spatial
  for (const BlockedConvArgs& spatial : {layer(56, 16, 4, 1, 1), layer(28, 8, 8, 3, 2), layer(28, 32, 8, 1, 1)}) {
    EXPECT_TRUE(FusedSpatialOrder(spatial, 2));  // the two never meet
    EXPECT_FALSE(FusedInputSplit(spatial));
  }
  BlockedConvArgs a = layer(14, 64, 16, 1, 1);
  a.n = 2;
  EXPECT_FALSE(FusedInputSplit(a));
  a = layer(14, 64, 16, 1, 1);
  static const float residual = 0;
  a.residual = &residual;  // the output holds part 0's sums until the parts are added
  EXPECT_FALSE(FusedInputSplit(a));
  a = layer(14, 64, 16, 1, 1);
  a.chunk_address = nullptr;
  EXPECT_FALSE(FusedInputSplit(a));
  a = layer(14, a.chunk_c1 + 1, 1, 1, 1);  // a partial last chunk
  EXPECT_FALSE(FusedInputSplit(a));
  a = layer(14, ChunkInputBlocks(1, 1), 1, 1, 1);  // one chunk: nothing to split
  EXPECT_FALSE(FusedInputSplit(a));
}

TEST(Conv, FusedEpilogueRefusesWhatItCannotDo) {
  const ConvCase c{1, 4, 5, 5, 8, 3, 3, 1, 1, 1, 1, 1, 1};
  HostTensor x =
      WithFormat(HostTensor::FromFloats(DataType::kFloat16, {1, 4, 5, 5}, RandomFloats(100, -1, 1, 1)), Format::kNchw);
  HostTensor w =
      WithFormat(HostTensor::FromFloats(DataType::kFloat16, {8, 4, 3, 3}, RandomFloats(288, -1, 1, 2)), Format::kNchw);
  AttrMap attrs = OnnxAttrs(c);
  attrs.Set("fused_activation", std::string("Sigmoid"));
  RunResult r = RunOpOn(Engine::kAiCore, "Conv", {x, w}, attrs, {});
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("fused_activation"), std::string::npos) << r.status.message();
  HostTensor wrong =
      WithFormat(HostTensor::FromFloats(DataType::kFloat16, {1, 8, 4, 4}, RandomFloats(128, -1, 1, 3)), Format::kNchw);
  RunResult r2 = RunOpOn(Engine::kAiCore, "Conv", {x, w, HostTensor{}, wrong}, OnnxAttrs(c), {});
  EXPECT_FALSE(r2.status.ok());
  EXPECT_NE(r2.status.message().find("residual"), std::string::npos) << r2.status.message();
}

}  // namespace
}  // namespace asim::kernels::testing
