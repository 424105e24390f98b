// Static AIPP through atc (tools/atc/aipp, kernels/image/aipp.cpp): the model's input
// becomes the uint8 image, the Aipp op runs first, and its output matches the reference of
// aipp_reference.h bit for bit (fp32 and fp16); the loader's and the pass's errors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>

#include "base/fp16.h"
#include "tests/onnx_conformance/om_interpreter.h"
#include "tests/unit/atc_aipp/aipp_reference.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"
#include "tools/atc/aipp/aipp_config.h"

namespace asim::atc::testing {
namespace {

// data [1, C, H, W] -> Identity -> out; the AIPP config written next to it.
struct AippModel {
  std::string onnx, cfg;
};
AippModel Write(const AippCase& c, int32_t elem = onnx::TensorProto::FLOAT, const std::string& text = "") {
  OnnxModel m;
  m.Input("data", elem, {1, c.channels, c.out_h(), c.out_w()});
  m.Node("Identity", {"data"}, {"out"}, "id");
  m.Output("out", elem);
  AippModel r;
  r.onnx = m.Save();
  r.cfg = (m.dir() / "aipp.cfg").string();
  std::ofstream(r.cfg) << (text.empty() ? c.ConfigText() : text);
  return r;
}

Status ConvertWithAipp(const AippModel& files, om::Model* model, ConvertOptions o = TestOptions()) {
  o.insert_op_conf = files.cfg;
  return Convert(files.onnx, model, nullptr, o);
}

std::vector<uint8_t> RunBytes(const om::Model& model, const std::vector<uint8_t>& image) {
  std::vector<std::vector<uint8_t>> out;
  Status st = RunModelOnHost(model, {image}, &out);
  EXPECT_TRUE(st.ok()) << st.message();
  return out.empty() ? std::vector<uint8_t>{} : out[0];
}

void ExpectMatches(const AippCase& c, const std::string& what) {
  const auto files = Write(c);
  om::Model model;
  Status st = ConvertWithAipp(files, &model);
  ASSERT_TRUE(st.ok()) << what << ": " << st.message();
  ASSERT_EQ(model.inputs.size(), 1u);
  EXPECT_EQ(model.inputs[0].name, "data");
  EXPECT_EQ(model.inputs[0].dtype, DataType::kUint8);
  EXPECT_EQ(model.inputs[0].size, c.image_bytes()) << what;
  EXPECT_EQ(model.metadata.count("aipp.0"), 1u);
  const auto image = TestImage(c.image_bytes(), 3);
  const auto want = ReferenceAipp(c, image);
  const auto got = AsFloats(RunBytes(model, image));
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < want.size(); ++i) {
    ASSERT_EQ(got[i], want[i]) << what << " element " << i;  // bit-exact: the same fp32 operations
  }
}

AippCase SampleYuv() {
  // The public vpc_resnet50 sample's aipp.cfg, on a 6x4 image.
  AippCase c;
  c.csc = true;
  c.m = {256, 0, 359, 256, -88, -183, 256, 454, 0};
  c.in_bias = {0, 128, 128};
  c.min = {123, 117, 104, 0};
  return c;
}

TEST(AtcAipp, SampleYuv420spConfig) {
  ExpectMatches(SampleYuv(), "YUV420SP + CSC");
}

TEST(AtcAipp, Yuv420spNv21CropAndPadding) {
  AippCase c = SampleYuv();
  c.src_w = 10, c.src_h = 8;
  c.crop = true, c.crop_x = 2, c.crop_y = 4, c.crop_w = 5, c.crop_h = 3;
  c.top = 1, c.bottom = 2, c.left = 3, c.right = 0, c.pad_value = -7.5f;
  c.rbuv = true;  // NV21
  c.var = {0.017f, 0.0175f, 0.0174f, 1};
  ExpectMatches(c, "YUV420SP NV21 crop + padding");
}

TEST(AtcAipp, RgbFormatsWithSwapsAndNormalisation) {
  AippCase rgb;
  rgb.format = "RGB888_U8";
  rgb.rbuv = true;
  rgb.mean = {10, 20, 30, 0};
  rgb.min = {0.5f, 1.5f, 2.5f, 0};
  rgb.var = {0.5f, 0.25f, 2.0f, 1};
  ExpectMatches(rgb, "RGB888 BGR swap");
  AippCase xrgb = rgb;
  xrgb.format = "XRGB8888_U8";
  xrgb.ax = true;
  xrgb.rbuv = false;
  xrgb.csc = true;  // RGB -> YUV (BT.601 full range, Q8)
  xrgb.m = {77, 150, 29, -43, -85, 128, 128, -107, -21};
  xrgb.out_bias = {0, 128, 128};
  ExpectMatches(xrgb, "XRGB8888 ax swap + RGB->YUV");
  AippCase argb = rgb;
  argb.format = "ARGB8888_U8";
  argb.channels = 3;
  ExpectMatches(argb, "ARGB8888 without ax swap");
}

TEST(AtcAipp, PackedAndPlanarYuvFormats) {
  for (const char* format : {"YUYV_U8", "YUV422SP_U8", "AYUV444_U8"}) {
    AippCase c = SampleYuv();
    c.format = format;
    c.ax = std::string(format) == "AYUV444_U8";
    c.rbuv = std::string(format) == "YUYV_U8";
    ExpectMatches(c, format);
  }
  AippCase gray;
  gray.format = "YUV400_U8";
  gray.channels = 1;
  gray.mean = {16, 0, 0, 0};
  gray.var = {0.00390625f, 1, 1, 1};
  ExpectMatches(gray, "YUV400");
}

TEST(AtcAipp, Fp16ModelInputGetsFp16Values) {
  AippCase c = SampleYuv();
  c.var = {0.0171f, 0.0175f, 0.0174f, 1};
  const auto files = Write(c, onnx::TensorProto::FLOAT16);
  om::Model model;
  ASSERT_TRUE(ConvertWithAipp(files, &model).ok());
  const auto image = TestImage(c.image_bytes(), 5);
  const auto want = ReferenceAipp(c, image);
  const auto got = RunBytes(model, image);
  ASSERT_EQ(got.size(), want.size() * 2);
  for (size_t i = 0; i < want.size(); ++i) {
    uint16_t h = 0;
    std::memcpy(&h, got.data() + 2 * i, 2);
    ASSERT_EQ(h, FloatToHalf(want[i])) << "element " << i;
  }
}

TEST(AtcAipp, TheAippOpRunsFirstAndIsNamedAfterTheInput) {
  const auto files = Write(SampleYuv());
  om::Model model;
  ASSERT_TRUE(ConvertWithAipp(files, &model).ok());
  ASSERT_FALSE(model.graphs.at(0).nodes.empty());
  EXPECT_EQ(model.graphs[0].nodes[0].name, "data_aipp");
  EXPECT_EQ(model.graphs[0].nodes[0].type, "Aipp");
  EXPECT_EQ(model.inputs[0].dims, (std::vector<int64_t>{1, 6, 6, 1}));  // 4 Y rows + 2 UV rows
}

TEST(AtcAipp, SizesLeftZeroComeFromTheModel) {
  AippCase c = SampleYuv();
  std::string text = c.ConfigText();
  text.replace(text.find("src_image_size_w : 6"), 20, "src_image_size_w : 0");
  text.replace(text.find("src_image_size_h : 4"), 20, "src_image_size_h : 0");
  const auto files = Write(c, onnx::TensorProto::FLOAT, text);
  om::Model model;
  Status st = ConvertWithAipp(files, &model);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model.inputs[0].size, c.image_bytes());
}

Status ConvertText(const AippCase& c, const std::string& text, ConvertOptions o = TestOptions()) {
  const auto files = Write(c, onnx::TensorProto::FLOAT, text);
  om::Model model;
  return ConvertWithAipp(files, &model, o);
}

TEST(AtcAipp, ConfigErrorsNameTheBlockAndTheField) {
  const AippCase c = SampleYuv();
  Status st = ConvertText(c, "aipp_op {\n  aipp_mode : static\n  input_format YUV420SP_U8\n}\n");
  EXPECT_EQ(CodeOf(st), "E19005");
  EXPECT_NE(st.message().find("aipp.cfg:3:"), std::string::npos) << st.message();
  st = ConvertText(c, "aipp_op { aipp_mode : dynamic }");
  EXPECT_EQ(CodeOf(st), "E10001");
  EXPECT_NE(st.message().find("max_src_image_size"), std::string::npos) << st.message();
  st = ConvertText(c, "aipp_op { aipp_mode : static input_format : RAW10 }");
  EXPECT_EQ(CodeOf(st), "E10001");
  EXPECT_NE(st.message().find("RAW10"), std::string::npos) << st.message();
  st = ConvertText(c, "aipp_op { aipp_mode : static input_format : RGB888_U8 mean_chn_0 : 300 }");
  EXPECT_NE(st.message().find("mean_chn_0 is 300"), std::string::npos) << st.message();
  st = ConvertText(c, "aipp_op { aipp_mode : static related_input_rank : 1 input_format : RGB888_U8 }");
  EXPECT_NE(st.message().find("related_input_rank is 1 but the model has 1 input(s)"), std::string::npos)
      << st.message();
  st = ConvertText(c,
                   "aipp_op { aipp_mode : static input_format : RGB888_U8 src_image_size_w : 7 src_image_size_h : 4 }");
  EXPECT_EQ(CodeOf(st), "E10001");
  EXPECT_NE(st.message().find("must give the model input 'data' of 6x4"), std::string::npos) << st.message();
  st = ConvertText(c, "aipp_op { aipp_mode : static input_format : YUV400_U8 }");
  EXPECT_NE(st.message().find("has 3"), std::string::npos) << st.message();
  st = ConvertText(c, "aipp_op { aipp_mode : static input_format : YUV420SP_U8 crop : true load_start_pos_w : 1 }");
  EXPECT_NE(st.message().find("must be even"), std::string::npos) << st.message();
  ConvertOptions o = TestOptions();
  o.input_fp16_nodes = {"data"};
  st = ConvertText(c, c.ConfigText(), o);
  EXPECT_EQ(CodeOf(st), "E10001");
  EXPECT_NE(st.message().find("has AIPP"), std::string::npos) << st.message();
}

// AIPP -> Conv (3 -> 8 channels, 3x3, pads 1): the AIPP stage writes the convolution's input
// layout itself (no TransData between them), NC1HWC0 by default and NC1HWC0_C04 with
// --enable_small_channel=1, where the filter is FRACTAL_Z_C04; both give the same results.
struct ConvAfterAipp {
  const om::Tensor* aipp_out = nullptr;
  const om::Tensor* conv_x = nullptr;
  const om::Tensor* conv_w = nullptr;
  size_t transdata_before_conv = 0;
};
ConvAfterAipp Inspect(const om::Model& model) {
  ConvAfterAipp r;
  const om::Graph& g = model.graphs.at(0);
  for (const auto& node : g.nodes) {
    if (node.type == "Aipp") r.aipp_out = &g.tensors.at(static_cast<size_t>(node.outputs[0]));
    if (node.type == "TransData" && r.conv_x == nullptr) ++r.transdata_before_conv;
    if (node.type == "Conv" && r.conv_x == nullptr) {
      r.conv_x = &g.tensors.at(static_cast<size_t>(node.inputs[0]));
      r.conv_w = &g.tensors.at(static_cast<size_t>(node.inputs[1]));
    }
  }
  return r;
}

TEST(AtcAipp, SmallChannelConvReadsTheAippOutputInC04) {
  AippCase c = SampleYuv();
  c.src_w = 16, c.src_h = 12;
  c.var = {0.0171f, 0.0175f, 0.0174f, 1};
  OnnxModel m;
  m.Input("data", onnx::TensorProto::FLOAT, {1, 3, c.out_h(), c.out_w()});
  std::vector<float> w(8 * 3 * 3 * 3), b(8);
  for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<float>(static_cast<int>(i % 7) - 3) * 0.125f;
  for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<float>(i) * 0.25f;
  m.Floats("w", {8, 3, 3, 3}, w).Floats("b", {8}, b);
  auto& conv = m.Node("Conv", {"data", "w", "b"}, {"out"}, "conv");
  auto* pads = conv.add_attribute();
  pads->set_name("pads");
  pads->set_type(onnx::AttributeProto::INTS);
  for (int i = 0; i < 4; ++i) pads->add_ints(1);
  m.Output("out", onnx::TensorProto::FLOAT);
  AippModel files{m.Save(), (m.dir() / "aipp.cfg").string()};
  std::ofstream(files.cfg) << c.ConfigText();
  const auto image = TestImage(c.image_bytes(), 9);
  std::vector<float> results[2];
  for (int small = 0; small < 2; ++small) {
    SCOPED_TRACE(small ? "--enable_small_channel=1" : "default");
    ConvertOptions o;
    o.soc_version = "Ascend310P3";  // force_fp16: the convolution runs in fp16
    o.enable_small_channel = small == 1;
    om::Model model;
    Status st = ConvertWithAipp(files, &model, o);
    ASSERT_TRUE(st.ok()) << st.message();
    const ConvAfterAipp r = Inspect(model);
    ASSERT_TRUE(r.aipp_out != nullptr && r.conv_x != nullptr);
    EXPECT_EQ(r.aipp_out->desc.format, small ? Format::kNc1hwc0C04 : Format::kNc1hwc0);
    EXPECT_EQ(r.conv_x->desc.format, small ? Format::kNc1hwc0C04 : Format::kNc1hwc0);
    EXPECT_EQ(r.conv_w->desc.format, small ? Format::kFractalZC04 : Format::kFractalZ);
    EXPECT_EQ(r.transdata_before_conv, 0u);
    std::vector<uint8_t> out = RunBytes(model, image);
    ASSERT_EQ(model.outputs.at(0).dtype, DataType::kFloat);
    results[small] = AsFloats(out);
    ASSERT_EQ(results[small].size(), 8u * 12 * 16);
  }
  // The same fp16 inputs and weights; only the accumulation order may differ.
  for (size_t i = 0; i < results[0].size(); ++i) {
    ASSERT_NEAR(results[1][i], results[0][i], 2e-3 * std::fabs(results[0][i]) + 2e-2) << "element " << i;
  }
}

TEST(AtcAipp, SmallChannelWithoutAippConvertsTheInputToC04) {
  OnnxModel m;
  m.Input("data", onnx::TensorProto::FLOAT, {2, 3, 10, 9});
  std::vector<float> w(4 * 3 * 2 * 2, 0.5f);
  m.Floats("w", {4, 3, 2, 2}, w);
  m.Node("Conv", {"data", "w"}, {"out"}, "conv");
  m.Output("out", onnx::TensorProto::FLOAT);
  const std::string path = m.Save();
  ConvertOptions o;
  o.soc_version = "Ascend310";
  o.enable_small_channel = true;
  om::Model model;
  ASSERT_TRUE(Convert(path, &model, nullptr, o).ok());
  const ConvAfterAipp r = Inspect(model);
  ASSERT_TRUE(r.conv_x != nullptr);
  EXPECT_EQ(r.conv_x->desc.format, Format::kNc1hwc0C04);
  EXPECT_EQ(r.conv_w->desc.format, Format::kFractalZC04);
  std::vector<float> x(2 * 3 * 10 * 9);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 5) * 0.25f;
  const std::vector<float> y = RunModelFloat(model, {x});
  ASSERT_EQ(y.size(), 2u * 4 * 9 * 8);
  // Every output is 0.5 * the sum of a 3-channel 2x2 window.
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t oy = 0; oy < 9; ++oy)
      for (int64_t ox = 0; ox < 8; ++ox) {
        float sum = 0;
        for (int64_t ci = 0; ci < 3; ++ci)
          for (int64_t ky = 0; ky < 2; ++ky)
            for (int64_t kx = 0; kx < 2; ++kx)
              sum += x[static_cast<size_t>(((n * 3 + ci) * 10 + oy + ky) * 9 + ox + kx)];
        for (int64_t co = 0; co < 4; ++co) {
          ASSERT_NEAR(y[static_cast<size_t>(((n * 4 + co) * 9 + oy) * 8 + ox)], 0.5f * sum, 1e-2f);
        }
      }
}

TEST(AtcAipp, DefaultsOfTheRealTool) {
  std::vector<aipp::AippSpec> specs;
  ASSERT_TRUE(
      aipp::ParseAippConfig("aipp_op { aipp_mode : static input_format : YUV420SP_U8 csc_switch : true }", "x", &specs)
          .ok());
  ASSERT_EQ(specs.size(), 1u);
  EXPECT_EQ(specs[0].matrix, (std::array<int32_t, 9>{298, 516, 0, 298, -100, -208, 298, 0, 409}));
  EXPECT_EQ(specs[0].input_bias, (std::array<int32_t, 3>{16, 128, 128}));
  EXPECT_EQ(specs[0].var_reci, (std::array<float, 4>{1, 1, 1, 1}));
  // Two blocks for one input are refused.
  Status st = aipp::ParseAippConfig(
      "aipp_op { aipp_mode : static input_format : RGB888_U8 } aipp_op { aipp_mode : static input_format : RGB888_U8 }",
      "x", &specs);
  EXPECT_NE(st.message().find("already taken by aipp_op 0"), std::string::npos) << st.message();
}

}  // namespace
}  // namespace asim::atc::testing
