// The translation table, family by family, with the opset variants: each model is
// converted (Ascend910B2, must_keep_origin_dtype) and run on the host; results are
// compared with references computed here.
#include <onnx/defs/schema.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "kernels/framework/registry.h"
#include "tests/onnx_conformance/om_interpreter.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"
#include "tools/atc/onnx/translate.h"

namespace asim::atc::testing {
namespace {

using onnx::TensorProto;
constexpr int32_t kF = TensorProto::FLOAT;

void ExpectNear(const std::vector<float>& got, const std::vector<float>& want, float tol = 1e-5f) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "element " << i;
}

// The direct table is derived from the kernel registry: every registered op type is
// importable under its name (directly, by a special rule, or as control flow by the
// importer) unless it is one of the internal op types, which no ONNX op is named after.
TEST(AtcOnnxTranslate, EveryRegisteredOpIsTranslatedButTheInternalOnes) {
  const std::set<std::string>& internal = onnx_import::InternalOpTypes();
  size_t translated = 0;
  for (const std::string& type : kernels::KernelRegistry::Get().OpTypes()) {
    if (internal.count(type) != 0) {
      EXPECT_EQ(onnx_import::FindTranslator(type), nullptr) << type;
      EXPECT_EQ(onnx::OpSchemaRegistry::Schema(type, onnx::ONNX_DOMAIN), nullptr) << type << " is an ONNX op";
      continue;
    }
    if (type == "If" || type == "Loop" || type == "Scan") {
      EXPECT_EQ(onnx_import::FindTranslator(type), nullptr) << type << ": the importer translates control flow";
      continue;
    }
    EXPECT_NE(onnx_import::FindTranslator(type), nullptr) << type;
    ++translated;
  }
  EXPECT_GT(translated, 130u);
  for (const std::string& type : internal) {
    const std::vector<std::string> all = kernels::KernelRegistry::Get().OpTypes();
    EXPECT_NE(std::find(all.begin(), all.end(), type), all.end()) << type << " is no longer a kernel";
  }
  // Newer than Debian's libonnx (1.12), still imported: they are kernels.
  for (const char* op : {"Gelu", "Mish", "BitwiseAnd"}) EXPECT_NE(onnx_import::FindTranslator(op), nullptr) << op;
  // Special rules for ONNX ops the registry has under another name.
  for (const char* op : {"Conv", "Gemm", "Constant", "Dropout", "Upsample", "ArgMax"}) {
    EXPECT_NE(onnx_import::FindTranslator(op), nullptr) << op;
  }
}

TEST(AtcOnnxTranslate, ElementwiseAndActivations) {
  OnnxModel m(13);
  m.Input("a", kF, {2, 3}).Input("b", kF, {3}).Output("y");
  m.Node("Add", {"a", "b"}, {"s"});
  m.Node("Relu", {"s"}, {"r"});
  auto& lr = m.Node("LeakyRelu", {"r"}, {"l"});
  SetFloat(lr, "alpha", 0.5f);
  m.Node("Sigmoid", {"l"}, {"y"});
  const std::vector<float> a = {-1, 2, -3, 4, -5, 6}, b = {0.5f, -1, 2};
  std::vector<float> want;
  for (size_t i = 0; i < 6; ++i) want.push_back(1.0f / (1.0f + std::exp(-std::max(0.0f, a[i] + b[i % 3]))));
  ExpectNear(RunFloat(m.Save(), {a, b}), want);
}

TEST(AtcOnnxTranslate, ConvBatchNormPoolGemmSoftmax) {
  OnnxModel m(13);
  m.Input("x", kF, {1, 1, 4, 4}).Output("y");
  m.Floats("w", {2, 1, 3, 3}, std::vector<float>(18, 0.1f));
  m.Floats("b", {2}, {0.0f, 1.0f});
  m.Floats("sc", {2}, {1, 2}).Floats("bb", {2}, {0, 0}).Floats("mm", {2}, {0, 0}).Floats("vv", {2}, {1, 1});
  m.Floats("fc", {3, 2}, {1, 0, 0, 1, 1, 1});
  auto& conv = m.Node("Conv", {"x", "w", "b"}, {"c"}, "conv");
  SetInts(conv, "pads", {1, 1, 1, 1});
  m.Node("BatchNormalization", {"c", "sc", "bb", "mm", "vv"}, {"n"}, "bn");
  m.Node("GlobalAveragePool", {"n"}, {"g"});
  m.Node("Flatten", {"g"}, {"f"});
  auto& gemm = m.Node("Gemm", {"f", "fc"}, {"z"});
  SetInt(gemm, "transB", 1);
  m.Node("Softmax", {"z"}, {"y"});
  std::vector<float> x(16, 1.0f);
  // conv of ones with 0.1 filters: corner 0.4, edge 0.6, inside 0.9 -> mean 0.64.
  const float mean = (4 * 0.4f + 8 * 0.6f + 4 * 0.9f) / 16;
  const float c0 = mean / std::sqrt(1 + 1e-5f), c1 = 2 * (mean + 1) / std::sqrt(1 + 1e-5f);
  const float z[3] = {c0, c1, c0 + c1};
  const float e = std::exp(z[0]) + std::exp(z[1]) + std::exp(z[2]);
  ExpectNear(RunFloat(m.Save(), {x}), {std::exp(z[0]) / e, std::exp(z[1]) / e, std::exp(z[2]) / e}, 1e-4f);
}

TEST(AtcOnnxTranslate, SoftmaxBeforeOpset13CoercesTo2D) {
  for (int64_t opset : {11, 13}) {
    OnnxModel m(opset);
    m.Input("x", kF, {1, 2, 2}).Output("y");
    m.Node("Softmax", {"x"}, {"y"});  // opset 11: axis 1 over [2*2]; opset 13: axis -1
    const std::vector<float> x = {0, 1, 2, 3};
    std::vector<float> want;
    if (opset == 11) {
      float s = 0;
      for (float v : x) s += std::exp(v);
      for (float v : x) want.push_back(std::exp(v) / s);
    } else {
      for (int r = 0; r < 2; ++r) {
        const float s = std::exp(x[2 * r]) + std::exp(x[2 * r + 1]);
        want.push_back(std::exp(x[2 * r]) / s);
        want.push_back(std::exp(x[2 * r + 1]) / s);
      }
    }
    ExpectNear(RunFloat(m.Save(), {x}), want);
  }
}

TEST(AtcOnnxTranslate, ClipAttributesBeforeOpset11InputsAfter) {
  OnnxModel old(6);
  old.Input("x", kF, {4}).Output("y");
  auto& c = old.Node("Clip", {"x"}, {"y"});
  SetFloat(c, "min", -1.0f);
  SetFloat(c, "max", 1.0f);
  ExpectNear(RunFloat(old.Save(), {{-3, -0.5f, 0.5f, 3}}), {-1, -0.5f, 0.5f, 1});

  OnnxModel now(13);
  now.Input("x", kF, {4}).Output("y").Floats("lo", {}, {-1}).Floats("hi", {}, {1});
  now.Node("Clip", {"x", "lo", "hi"}, {"y"});
  ExpectNear(RunFloat(now.Save(), {{-3, -0.5f, 0.5f, 3}}), {-1, -0.5f, 0.5f, 1});
}

// Opsets before 7: an elementwise op's B lines up with A at `axis` (broadcast = 1),
// Concat-1's axis defaults to 1, Tile-1 takes (input, tiles, axis), Cast-1 names its type.
TEST(AtcOnnxTranslate, LegacyBroadcastConcatTileAndCastBeforeOpset7) {
  OnnxModel add(6);
  add.Input("x", kF, {2, 3, 2}).Output("y").Floats("b", {3}, {10, 20, 30});
  auto& a = add.Node("Add", {"x", "b"}, {"y"});
  SetInt(a, "broadcast", 1);
  SetInt(a, "axis", 1);
  ExpectNear(RunFloat(add.Save(), {{0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}}),
             {10, 10, 20, 20, 30, 30, 11, 11, 21, 21, 31, 31});

  OnnxModel cat(1);
  cat.Input("x", kF, {2, 1}).Output("y").Floats("z", {2, 1}, {5, 6});
  cat.Node("Concat", {"x", "z"}, {"y"});
  ExpectNear(RunFloat(cat.Save(), {{1, 2}}), {1, 5, 2, 6});

  OnnxModel tile(1);
  tile.Input("x", kF, {2, 2}).Output("y").Ints("tiles", {}, {2}).Ints("axis", {}, {1});
  tile.Node("Tile", {"x", "tiles", "axis"}, {"y"});
  ExpectNear(RunFloat(tile.Save(), {{1, 2, 3, 4}}), {1, 2, 1, 2, 3, 4, 3, 4});

  OnnxModel cast(1);
  cast.Input("x", kF, {3}).Output("y", TensorProto::INT32);
  SetString(cast.Node("Cast", {"x"}, {"y"}), "to", "INT32");
  om::Model model;
  ASSERT_TRUE(Convert(cast.Save(), &model).ok());
  EXPECT_EQ(model.outputs[0].dtype, DataType::kInt32);
  OnnxModel bad(1);
  bad.Input("x", kF, {3}).Output("y");
  SetString(bad.Node("Cast", {"x"}, {"y"}), "to", "COMPLEX_FLOAT");
  const Status st = Convert(bad.Save(), &model);
  EXPECT_NE(st.message().find("not a TensorProto type name"), std::string::npos) << st.message();
}

TEST(AtcOnnxTranslate, SliceAttributesBeforeOpset10InputsAfter) {
  const std::vector<float> x = {0, 1, 2, 3, 4, 5};
  OnnxModel old(9);
  old.Input("x", kF, {2, 3}).Output("y");
  auto& s = old.Node("Slice", {"x"}, {"y"});
  SetInts(s, "starts", {1});
  SetInts(s, "ends", {3});
  SetInts(s, "axes", {1});
  ExpectNear(RunFloat(old.Save(), {x}), {1, 2, 4, 5});

  OnnxModel now(13);
  now.Input("x", kF, {2, 3}).Output("y").Ints("st", {1}, {1}).Ints("en", {1}, {3}).Ints("ax", {1}, {1});
  now.Node("Slice", {"x", "st", "en", "ax"}, {"y"});
  ExpectNear(RunFloat(now.Save(), {x}), {1, 2, 4, 5});
}

TEST(AtcOnnxTranslate, SqueezeUnsqueezeAxesAttributeAndInput) {
  OnnxModel old(11);
  old.Input("x", kF, {1, 3}).Output("y", kF, {3, 1}, true);
  auto& sq = old.Node("Squeeze", {"x"}, {"s"});
  SetInts(sq, "axes", {0});
  auto& un = old.Node("Unsqueeze", {"s"}, {"y"});
  SetInts(un, "axes", {1});
  om::Model a;
  ASSERT_TRUE(Convert(old.Save(), &a).ok());
  EXPECT_EQ(a.outputs[0].dims, (std::vector<int64_t>{3, 1}));

  OnnxModel now(13);
  now.Input("x", kF, {1, 3}).Output("y").Ints("a0", {1}, {0}).Ints("a1", {1}, {1});
  now.Node("Squeeze", {"x", "a0"}, {"s"});
  now.Node("Unsqueeze", {"s", "a1"}, {"y"});
  om::Model b;
  ASSERT_TRUE(Convert(now.Save(), &b).ok());
  EXPECT_EQ(b.outputs[0].dims, (std::vector<int64_t>{3, 1}));
}

TEST(AtcOnnxTranslate, PadAttributesAndInputs) {
  OnnxModel old(2);
  old.Input("x", kF, {2}).Output("y");
  auto& p = old.Node("Pad", {"x"}, {"y"});
  SetInts(p, "pads", {1, 2});
  SetFloat(p, "value", 9.0f);
  ExpectNear(RunFloat(old.Save(), {{1, 2}}), {9, 1, 2, 9, 9});

  OnnxModel now(13);
  now.Input("x", kF, {2}).Output("y").Ints("pads", {2}, {1, 2}).Floats("v", {}, {9});
  now.Node("Pad", {"x", "pads", "v"}, {"y"});
  ExpectNear(RunFloat(now.Save(), {{1, 2}}), {9, 1, 2, 9, 9});
}

TEST(AtcOnnxTranslate, UpsampleBecomesResize) {
  OnnxModel m(9);
  m.Input("x", kF, {1, 1, 1, 2}).Output("y").Floats("scales", {4}, {1, 1, 2, 2});
  m.Node("Upsample", {"x", "scales"}, {"y"});
  ExpectNear(RunFloat(m.Save(), {{1, 2}}), {1, 1, 2, 2, 1, 1, 2, 2});
}

TEST(AtcOnnxTranslate, DropoutAndIdentityDisappear) {
  OnnxModel m(13);
  m.Input("x", kF, {3}).Output("y");
  m.Node("Dropout", {"x"}, {"d"});
  m.Node("Identity", {"d"}, {"i"});
  m.Node("Neg", {"i"}, {"y"});
  om::Model model;
  ConvertResult r;
  ASSERT_TRUE(Convert(m.Save(), &model, &r).ok());
  for (const auto& n : model.graphs[0].nodes) {
    EXPECT_NE(n.type, "Dropout");
    EXPECT_NE(n.type, "Identity");
  }
  ExpectNear(RunFloat(m.Save(), {{1, -2, 3}}), {-1, 2, -3});
}

// Training-mode Dropout: with ratio 0 ONNX defines the inference result (identity, all-true
// mask); any other ratio is refused naming the node and the input; a training_mode known only
// at execution must be made a constant.
TEST(AtcOnnxTranslate, DropoutTrainingModeOnlyWithRatioZero) {
  const auto model = [](float ratio, bool training_const) {
    OnnxModel m(13);
    m.Input("x", kF, {3}).Output("y").Output("mask", TensorProto::BOOL).Floats("r", {}, {ratio});
    if (training_const) {
      m.Bools("t", {}, {true});
    } else {
      m.Input("t", TensorProto::BOOL, {});
    }
    m.Node("Dropout", {"x", "r", "t"}, {"d", "mask"}, "drop");
    m.Node("Neg", {"d"}, {"y"});
    return m;
  };
  OnnxModel zero = model(0.0f, true);
  om::Model converted;
  Status st = Convert(zero.Save(), &converted);
  ASSERT_TRUE(st.ok()) << st.message();
  std::vector<std::vector<uint8_t>> out;
  st = RunModelOnHost(converted, {Bytes({1, -2, 3})}, &out);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(AsFloats(out[0]), (std::vector<float>{-1, 2, -3}));
  EXPECT_EQ(out[1], (std::vector<uint8_t>{1, 1, 1}));

  OnnxModel half = model(0.5f, true);
  st = Convert(half.Save(), &converted);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(CodeOf(st), "E16007") << st.message();
  EXPECT_NE(st.message().find("Node [drop]"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("training_mode input 't' is true"), std::string::npos) << st.message();

  OnnxModel runtime = model(0.0f, false);
  st = Convert(runtime.Save(), &converted);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("input 2 't' must be a constant"), std::string::npos) << st.message();
}

TEST(AtcOnnxTranslate, ShapeSubgraphFoldsIntoAConstantReshape) {
  OnnxModel m(13);
  m.Input("x", kF, {2, 3, 4}).Output("y").Ints("i0", {1}, {0}).Ints("minus1", {1}, {-1});
  m.Node("Shape", {"x"}, {"s"});
  auto& g = m.Node("Gather", {"s", "i0"}, {"n"});
  SetInt(g, "axis", 0);
  auto& c = m.Node("Concat", {"n", "minus1"}, {"shape"});
  SetInt(c, "axis", 0);
  m.Node("Reshape", {"x", "shape"}, {"y"});
  om::Model model;
  ConvertResult r;
  ASSERT_TRUE(Convert(m.Save(), &model, &r).ok());
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{2, 12}));
  for (const auto& n : model.graphs[0].nodes) EXPECT_TRUE(n.type == "Reshape" || n.type == "Identity") << n.type;
}

TEST(AtcOnnxTranslate, SplitAttributeInputAndNumOutputs) {
  const std::vector<float> x = {1, 2, 3, 4};
  OnnxModel a(11);
  a.Input("x", kF, {4}).Output("y0").Output("y1");
  auto& s = a.Node("Split", {"x"}, {"y0", "y1"});
  SetInts(s, "split", {1, 3});
  ExpectNear(RunFloat(a.Save(), {x}, TestOptions(), 1), {2, 3, 4});

  OnnxModel b(13);
  b.Input("x", kF, {4}).Output("y0").Output("y1").Ints("sizes", {2}, {3, 1});
  b.Node("Split", {"x", "sizes"}, {"y0", "y1"});
  ExpectNear(RunFloat(b.Save(), {x}, TestOptions(), 0), {1, 2, 3});

  OnnxModel c(13);  // no sizes: equal parts
  c.Input("x", kF, {4}).Output("y0").Output("y1");
  c.Node("Split", {"x"}, {"y0", "y1"});
  ExpectNear(RunFloat(c.Save(), {x}, TestOptions(), 1), {3, 4});

  OnnxModel d(18);  // num_outputs (opset 18, beyond the ONNX 1.12 checker)
  d.Input("x", kF, {4}).Output("y0").Output("y1");
  SetInt(d.Node("Split", {"x"}, {"y0", "y1"}), "num_outputs", 2);
  ExpectNear(RunFloat(d.Save(), {x}, TestOptions(), 0), {1, 2});
}

TEST(AtcOnnxTranslate, ReduceAxesAttributeAndOpset18Input) {
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};
  OnnxModel a(13);
  a.Input("x", kF, {2, 3}).Output("y");
  auto& r = a.Node("ReduceMean", {"x"}, {"y"});
  SetInts(r, "axes", {1});
  SetInt(r, "keepdims", 0);
  ExpectNear(RunFloat(a.Save(), {x}), {2, 5});

  OnnxModel b(18);
  b.Input("x", kF, {2, 3}).Output("y").Ints("axes", {1}, {1});
  SetInt(b.Node("ReduceMean", {"x", "axes"}, {"y"}), "keepdims", 0);
  ExpectNear(RunFloat(b.Save(), {x}), {2, 5});
}

TEST(AtcOnnxTranslate, TopKAttributeBeforeOpset10) {
  OnnxModel m(1, 3);
  m.Input("x", kF, {4}).Output("v").Output("i", TensorProto::INT64);
  SetInt(m.Node("TopK", {"x"}, {"v", "i"}), "k", 2);
  ExpectNear(RunFloat(m.Save(), {{1, 4, 2, 3}}), {4, 3});
}

// RoiAlign-10 had no coordinate_transformation_mode and did not shift by half a pixel
// (output_half_pixel); opset 16's default is half_pixel. Region (0, 0)-(2, 2) of a ramp
// 10 * row + column, one bin of 2 x 2 samples: 11 unshifted, 5.5 shifted.
TEST(AtcOnnxTranslate, RoiAlignOpset10KeepsOutputHalfPixel) {
  std::vector<float> ramp(16);
  for (int i = 0; i < 16; ++i) ramp[static_cast<size_t>(i)] = static_cast<float>((i / 4) * 10 + (i % 4));
  for (int64_t opset : {10, 16}) {
    OnnxModel m(opset);
    m.Input("x", kF, {1, 1, 4, 4}).Output("y").Floats("rois", {1, 4}, {0, 0, 2, 2}).Ints("idx", {1}, {0});
    m.Node("RoiAlign", {"x", "rois", "idx"}, {"y"});
    ExpectNear(RunFloat(m.Save(), {ramp}), {opset == 10 ? 11.0f : 5.5f});
  }
}

// Cast / CastLike to bfloat16 round to nearest even (NaN stays a quiet NaN, infinities stay),
// as ONNX Runtime and the ONNX reference implementation (onnx >= 1.13, helper's
// float32_to_bfloat16) do. The inputs are those of ONNX 1.12's test_cast_FLOAT_to_BFLOAT16,
// whose expected output was made by truncation (the upper 16 bits): it differs in five places
// (docs/atc.md, "Operators").
TEST(AtcOnnxTranslate, CastToBfloat16RoundsToNearestEven) {
  const std::vector<float> x = {0.47892547f, 0.48033667f, 0.49968487f,   0.81910545f, 0.47031248f, 0.816468f,
                                0.21087195f, 0.7229038f,  std::nanf(""), INFINITY,    INFINITY,    -INFINITY};
  const std::vector<uint16_t> nearest_even = {0x3EF5, 0x3EF6, 0x3F00, 0x3F52, 0x3EF1, 0x3F51,
                                              0x3E58, 0x3F39, 0x7FC0, 0x7F80, 0x7F80, 0xFF80};
  for (bool like : {false, true}) {
    OnnxModel m(15);
    m.Input("x", kF, {3, 4}).Output("y", TensorProto::BFLOAT16);
    if (like) {
      auto* t = m.graph().add_initializer();
      t->set_name("like");
      t->set_data_type(TensorProto::BFLOAT16);
      t->add_int32_data(0x3F80);
      m.Node("CastLike", {"x", "like"}, {"y"});
    } else {
      SetInt(m.Node("Cast", {"x"}, {"y"}), "to", TensorProto::BFLOAT16);
    }
    om::Model model;
    Status st = Convert(m.Save(), &model);
    ASSERT_TRUE(st.ok()) << st.message();
    std::vector<std::vector<uint8_t>> out;
    st = RunModelOnHost(model, {Bytes(x)}, &out);
    ASSERT_TRUE(st.ok()) << st.message();
    ASSERT_EQ(out.size(), 1u);
    ASSERT_GE(out[0].size(), nearest_even.size() * 2);
    for (size_t i = 0; i < nearest_even.size(); ++i) {
      uint16_t got = 0;
      std::memcpy(&got, out[0].data() + 2 * i, 2);
      EXPECT_EQ(got, nearest_even[i]) << (like ? "CastLike" : "Cast") << " element " << i;
    }
  }
}

TEST(AtcOnnxTranslate, CastMapsOnnxTypesToAclNumbering) {
  OnnxModel m(13);
  m.Input("x", kF, {3}).Output("y", TensorProto::INT32);
  SetInt(m.Node("Cast", {"x"}, {"y"}), "to", TensorProto::INT32);
  om::Model model;
  ASSERT_TRUE(Convert(m.Save(), &model).ok());
  EXPECT_EQ(model.outputs[0].dtype, DataType::kInt32);
  bool found = false;
  for (const auto& n : model.graphs[0].nodes) {
    if (n.type != "Cast") continue;
    found = true;
    EXPECT_EQ(n.attrs.GetDataType("to", DataType::kUndefined), DataType::kInt32);
  }
  EXPECT_TRUE(found);
}

// MelWeightMatrix's output_datatype is an ONNX TensorProto type: the kernel gets a DataType.
TEST(AtcOnnxTranslate, MelWeightMatrixOutputDatatypeMapsToADataType) {
  OnnxModel m(17);
  m.Ints("bins", {}, {8}).Ints("dft", {}, {16}).Ints("rate", {}, {8192});
  m.Floats("low", {}, {0}).Floats("high", {}, {4096}).Output("y", TensorProto::DOUBLE);
  SetInt(m.Node("MelWeightMatrix", {"bins", "dft", "rate", "low", "high"}, {"y"}), "output_datatype",
         TensorProto::DOUBLE);
  om::Model model;
  const Status st = Convert(m.Save(), &model);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model.outputs[0].dtype, DataType::kDouble);
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{9, 8}));

  OnnxModel bad(17);
  bad.Ints("bins", {}, {8}).Ints("dft", {}, {16}).Ints("rate", {}, {8192});
  bad.Floats("low", {}, {0}).Floats("high", {}, {4096}).Output("y");
  SetInt(bad.Node("MelWeightMatrix", {"bins", "dft", "rate", "low", "high"}, {"y"}), "output_datatype", 8);  // STRING
  const Status refused = Convert(bad.Save(), &model);
  EXPECT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("output_datatype"), std::string::npos) << refused.message();
}

TEST(AtcOnnxTranslate, ConstantNodeVariants) {
  OnnxModel m(13);
  m.Input("x", kF, {2}).Output("y");
  auto& c = m.Node("Constant", {}, {"k"});
  auto* a = c.add_attribute();
  a->set_name("value_floats");
  a->set_type(onnx::AttributeProto::FLOATS);
  a->add_floats(10);
  a->add_floats(20);
  m.Node("Add", {"x", "k"}, {"y"});
  ExpectNear(RunFloat(m.Save(), {{1, 2}}), {11, 22});
}

TEST(AtcOnnxTranslate, IfWithConstantConditionIsInlined) {
  OnnxModel m(13);
  m.Input("x", kF, {2}).Output("y");
  auto* cond = m.graph().add_initializer();
  cond->set_name("cond");
  cond->set_data_type(TensorProto::BOOL);
  cond->add_int32_data(0);
  auto& n = m.Node("If", {"cond"}, {"y"});
  for (const char* branch : {"then_branch", "else_branch"}) {
    auto* a = n.add_attribute();
    a->set_name(branch);
    a->set_type(onnx::AttributeProto::GRAPH);
    auto* g = a->mutable_g();
    g->set_name(branch);
    auto* node = g->add_node();
    node->set_op_type(std::string(branch) == "then_branch" ? "Neg" : "Abs");  // reads the outer-scope x
    node->add_input("x");
    node->add_output(std::string(branch) + "_out");
    auto* out = g->add_output();
    out->set_name(std::string(branch) + "_out");
    out->mutable_type()->mutable_tensor_type()->set_elem_type(kF);
  }
  ExpectNear(RunFloat(m.Save(), {{-1, 2}}), {1, 2});
}

TEST(AtcOnnxTranslate, FunctionOpsExpandIntoTheirBody) {
  // SoftmaxCrossEntropyLoss has no kernel: ONNX's context-dependent function body is used.
  OnnxModel m(13);
  m.Input("scores", kF, {1, 2}).Input("labels", TensorProto::INT64, {1}).Output("loss");
  SetString(m.Node("SoftmaxCrossEntropyLoss", {"scores", "labels"}, {"loss"}), "reduction", "mean");
  om::Model model;
  Status st = Convert(m.Save(), &model);
  ASSERT_TRUE(st.ok()) << st.message();
  std::vector<std::vector<uint8_t>> in = {Bytes({0.0f, std::log(3.0f)}), std::vector<uint8_t>(8, 0)};
  std::vector<std::vector<uint8_t>> out;
  ASSERT_TRUE(RunModelOnHost(model, in, &out).ok());
  // -log(softmax[0]) = -log(1 / (1 + 3)) = log 4.
  EXPECT_NEAR(AsFloats(out[0])[0], std::log(4.0f), 1e-5f);
}

TEST(AtcOnnxTranslate, CenterCropPadOpset18CropsAndPads) {
  OnnxModel m(18);
  m.Input("x", kF, {3, 2}).Output("y").Ints("shape", {2}, {1, 4});
  m.Node("CenterCropPad", {"x", "shape"}, {"y"});
  // rows 3 -> 1 (the middle one), columns 2 -> 4 (one zero each side).
  ExpectNear(RunFloat(m.Save(), {{1, 2, 3, 4, 5, 6}}), {0, 3, 4, 0});
}

TEST(AtcOnnxTranslate, SequencesAreConversionTimeLists) {
  OnnxModel m(13);
  m.Input("x", kF, {2, 3}).Output("y").Ints("pos", {}, {0});
  SetInt(m.Node("SplitToSequence", {"x"}, {"seq"}), "axis", 1);  // three [2,1] parts
  m.Node("SequenceErase", {"seq", "pos"}, {"rest"});             // drop the first
  auto& cat = m.Node("ConcatFromSequence", {"rest"}, {"y"});
  SetInt(cat, "axis", 0);
  ExpectNear(RunFloat(m.Save(), {{1, 2, 3, 4, 5, 6}}), {2, 5, 3, 6});
}

TEST(AtcOnnxTranslate, QuantizeDequantizeRoundTrip) {
  OnnxModel m(13);
  m.Input("x", kF, {4}).Output("y").Floats("s", {}, {0.5f});
  auto* zp = m.graph().add_initializer();
  zp->set_name("zp");
  zp->set_data_type(TensorProto::UINT8);
  zp->add_int32_data(10);
  m.Node("QuantizeLinear", {"x", "s", "zp"}, {"q"});
  m.Node("DequantizeLinear", {"q", "s", "zp"}, {"y"});
  ExpectNear(RunFloat(m.Save(), {{-1, 0.74f, 1.25f, 500}}), {-1, 0.5f, 1.0f, 122.5f});
}

}  // namespace
}  // namespace asim::atc::testing
