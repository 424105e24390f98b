// Selection with format conversions: an AI Core kernel that refuses only an input's format
// is chosen with the TransData conversions the caller must insert; other refusals still
// fall back to the AI CPU, with the reason. Synthetic registries pin the rules; the real
// registry shows them on Conv2D. Owner: the cube kernels (framework extension).
#include <gtest/gtest.h>

#include "kernels/common/cost/cost_utils.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/framework/registry.h"

namespace asim::kernels {
namespace {

TensorSpec Spec(DataType t, std::vector<int64_t> dims, Format f) {
  TensorSpec s;
  s.dtype = t;
  s.format = f;
  s.dims = std::move(dims);
  return s;
}

// A TransData stand-in: NCHW -> NC1HWC0 only (dims [N, ceil(C/16), H, W, 16]).
KernelDef FakeTransData() {
  auto infer = [](const std::vector<TensorSpec>& in, const AttrMap& attrs, std::vector<TensorSpec>* out) {
    if (attrs.GetString("src_format", "") != "NCHW" || attrs.GetString("dst_format", "") != "NC1HWC0") {
      return Status(err::kFormatNotMatch, "fake TransData converts NCHW -> NC1HWC0 only");
    }
    TensorSpec o = in[0];
    o.format = Format::kNc1hwc0;
    o.dims = {in[0].dims[0], (in[0].dims[1] + 15) / 16, in[0].dims[2], in[0].dims[3], 16};
    o.origin_format = Format::kNchw;
    o.origin_dims = in[0].dims;
    out->assign(1, o);
    return Status::Ok();
  };
  return KernelBuilder("TransData", Engine::kAiCore)
      .Input("src", {})
      .Output("dst", {})
      .Attr("src_format", std::string())
      .RequiredAttr("dst_format", AttrType::kString)
      .Constraint([infer](const std::vector<TensorSpec>& in, const AttrMap& attrs, const ChipTraits&) {
        std::vector<TensorSpec> out;
        return infer(in, attrs, &out);
      })
      .InferShape(infer)
      .Compute([](KernelContext&) { return Status::Ok(); })
      .Cost(VectorElementwiseCost(1))
      .Build();
}

// An AI Core op on NC1HWC0 fp16 (x) plus an ND fp16 second input (b).
KernelDef BlockedOp() {
  return KernelBuilder("Op", Engine::kAiCore)
      .Input("x", {DataType::kFloat16}, {Format::kNc1hwc0})
      .OptionalInput("b", {DataType::kFloat16}, {Format::kNd})
      .Output("y", {})
      .InferShape(SameAsInput(0))
      .Workspace([](const std::vector<TensorSpec>& in, const std::vector<TensorSpec>&, const AttrMap&) {
        return in[0].Bytes();  // sized from the converted input
      })
      .Compute([](KernelContext&) { return Status::Ok(); })
      .Cost(VectorElementwiseCost(1))
      .Build();
}

KernelDef PlainAiCpuOp() {
  return KernelBuilder("Op", Engine::kAiCpu)
      .Input("x", {DataType::kFloat16, DataType::kFloat}, {Format::kNchw})
      .OptionalInput("b", {})
      .Output("y", {})
      .InferShape(SameAsInput(0))
      .Compute([](KernelContext&) { return Status::Ok(); })
      .Cost(AiCpuElementwiseCost(1))
      .Build();
}

TEST(SelectionConversion, AiCoreKernelWinsWithTheConversionsItNeeds) {
  KernelRegistry r({BlockedOp(), PlainAiCpuOp(), FakeTransData()});
  Selection sel;
  const TensorSpec x = Spec(DataType::kFloat16, {2, 20, 3, 3}, Format::kNchw);
  ASSERT_TRUE(r.Select("Op", {x}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCore);
  ASSERT_EQ(sel.conversions.size(), 1u);
  const FormatConversion& c = sel.conversions[0];
  EXPECT_EQ(c.input, 0u);
  EXPECT_EQ(c.from, Format::kNchw);
  EXPECT_EQ(c.to, Format::kNc1hwc0);
  EXPECT_EQ(c.converted.dims, (std::vector<int64_t>{2, 2, 3, 3, 16}));
  EXPECT_EQ(c.converted.origin_dims, x.dims);
  // The output is in the format the kernel produces; workspace and work see the converted input.
  ASSERT_EQ(sel.outputs.size(), 1u);
  EXPECT_EQ(sel.outputs[0].format, Format::kNc1hwc0);
  EXPECT_EQ(sel.workspace_bytes, 2u * 2 * 3 * 3 * 16 * 2);
  EXPECT_EQ(sel.work.mte2_bytes, 2u * 2 * 3 * 3 * 16 * 2);
  EXPECT_TRUE(sel.refusals.empty());
}

TEST(SelectionConversion, InputsThatFitAreNotConverted) {
  KernelRegistry r({BlockedOp(), FakeTransData()});
  Selection sel;
  ASSERT_TRUE(r.Select("Op",
                       {Spec(DataType::kFloat16, {1, 1, 2, 2, 16}, Format::kNc1hwc0),
                        Spec(DataType::kFloat16, {4}, Format::kNd)},
                       {}, {}, &sel)
                  .ok());
  EXPECT_TRUE(sel.conversions.empty());
}

TEST(SelectionConversion, OnlyTheMismatchedInputIsConverted) {
  KernelRegistry r({BlockedOp(), FakeTransData()});
  Selection sel;
  ASSERT_TRUE(
      r.Select("Op",
               {Spec(DataType::kFloat16, {1, 3, 2, 2}, Format::kNchw), Spec(DataType::kFloat16, {4}, Format::kNd)}, {},
               {}, &sel)
          .ok());
  ASSERT_EQ(sel.conversions.size(), 1u);
  EXPECT_EQ(sel.conversions[0].input, 0u);
}

TEST(SelectionConversion, NoTransDataMeansAFormatRefusalThatSaysWhy) {
  KernelRegistry r({BlockedOp()});
  Selection sel;
  Status st = r.Select("Op", {Spec(DataType::kFloat16, {1, 3, 2, 2}, Format::kNchw)}, {}, {}, &sel);
  EXPECT_EQ(st.code(), err::kFormatNotMatch);
  EXPECT_NE(st.message().find("format NCHW not in {NC1HWC0}"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("TransData cannot convert input 0"), std::string::npos) << st.message();
}

TEST(SelectionConversion, AnUnconvertibleFormatIsAFormatRefusalThatSaysWhy) {
  KernelRegistry r({BlockedOp(), PlainAiCpuOp(), FakeTransData()});
  Selection sel;
  // NHWC: the fake TransData refuses, the AI CPU kernel does not take NHWC either.
  Status st = r.Select("Op", {Spec(DataType::kFloat16, {1, 2, 2, 3}, Format::kNhwc)}, {}, {}, &sel);
  EXPECT_EQ(st.code(), err::kFormatNotMatch);
  EXPECT_NE(st.message().find("fake TransData converts NCHW -> NC1HWC0 only"), std::string::npos) << st.message();
}

TEST(SelectionConversion, ARefusalAfterConversionFallsBackAndNamesTheConversion) {
  KernelRegistry r({BlockedOp(), PlainAiCpuOp(), FakeTransData()});
  Selection sel;
  // fp32 converts fine but the AI Core kernel is fp16 only: AI CPU, with the reason.
  ASSERT_TRUE(r.Select("Op", {Spec(DataType::kFloat, {1, 3, 2, 2}, Format::kNchw)}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_TRUE(sel.conversions.empty());
  ASSERT_EQ(sel.refusals.size(), 1u);
  EXPECT_NE(sel.refusals[0].find("Op/AI_CORE: input 0 'x' dtype DT_FLOAT not in {DT_FLOAT16}"), std::string::npos)
      << sel.refusals[0];
}

TEST(SelectionConversion, AiCpuKernelsGetNoConversions) {
  KernelDef cpu = KernelBuilder("Op", Engine::kAiCpu)
                      .Input("x", {DataType::kFloat16}, {Format::kNc1hwc0})
                      .Output("y", {})
                      .InferShape(SameAsInput(0))
                      .Build();
  KernelRegistry r({cpu, FakeTransData()});
  Selection sel;
  Status st = r.Select("Op", {Spec(DataType::kFloat16, {1, 3, 2, 2}, Format::kNchw)}, {}, {}, &sel);
  EXPECT_EQ(st.code(), err::kFormatNotMatch);
}

TEST(SelectionConversion, SelectConversionIsTransDataWithTheFormatAttributes) {
  KernelRegistry r({FakeTransData()});
  Selection sel;
  TensorSpec x = Spec(DataType::kFloat16, {1, 3, 2, 2}, Format::kNchw);
  ASSERT_TRUE(r.SelectConversion(x, Format::kNc1hwc0, {}, &sel).ok());
  EXPECT_EQ(sel.def->op_type, "TransData");
  EXPECT_EQ(sel.attrs.GetString("src_format", ""), "NCHW");
  EXPECT_EQ(sel.attrs.GetString("dst_format", ""), "NC1HWC0");
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{1, 1, 2, 2, 16}));
}

TEST(SelectionConversion, RealConv2DInFp16NchwRunsOnTheAiCoreAfterTwoConversions) {
  const auto& r = KernelRegistry::Get();
  Selection sel;
  AttrMap attrs;
  attrs.Set("pads", std::vector<int64_t>{1, 1, 1, 1});
  ASSERT_TRUE(r.Select("Conv2D",
                       {Spec(DataType::kFloat16, {1, 3, 8, 8}, Format::kNchw),
                        Spec(DataType::kFloat16, {20, 3, 3, 3}, Format::kNchw)},
                       attrs, {}, &sel)
                  .ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCore);
  ASSERT_EQ(sel.conversions.size(), 2u);
  EXPECT_EQ(sel.conversions[0].to, Format::kNc1hwc0);
  EXPECT_EQ(sel.conversions[1].to, Format::kFractalZ);
  EXPECT_EQ(sel.conversions[1].converted.dims, (std::vector<int64_t>{9, 2, 16, 16}));
  EXPECT_EQ(sel.outputs[0].format, Format::kNc1hwc0);
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{1, 2, 8, 8, 16}));
  EXPECT_EQ(sel.outputs[0].origin_dims, (std::vector<int64_t>{1, 20, 8, 8}));
  // The way back for the output.
  Selection back;
  ASSERT_TRUE(r.SelectConversion(sel.outputs[0], Format::kNchw, {}, &back).ok());
  EXPECT_EQ(back.outputs[0].dims, (std::vector<int64_t>{1, 20, 8, 8}));
}

TEST(SelectionConversion, RealConv2DInFp32OnAscend310GoesToTheAiCpuAndSaysWhy) {
  ChipTraits ascend310;  // the defaults describe an Ascend310: no fp32 in the cube
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get()
                  .Select("Conv2D",
                          {Spec(DataType::kFloat, {1, 3, 8, 8}, Format::kNchw),
                           Spec(DataType::kFloat, {4, 3, 3, 3}, Format::kNchw)},
                          {}, ascend310, &sel)
                  .ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_TRUE(sel.conversions.empty());
  ASSERT_EQ(sel.refusals.size(), 2u);  // the NC1HWC0 kernel, then the small-channel (fp16) one
  EXPECT_NE(sel.refusals[1].find("not in {DT_FLOAT16}"), std::string::npos) << sel.refusals[1];
  EXPECT_NE(sel.refusals[0].find("Conv2D/AI_CORE: DT_FLOAT needs a cube that computes fp32; the Ascend310 cube"),
            std::string::npos)
      << sel.refusals[0];
  EXPECT_NE(sel.refusals[0].find("after converting input 0 'x' NCHW->NC1HWC0, input 1 'filter' NCHW->FRACTAL_Z"),
            std::string::npos)
      << sel.refusals[0];
}

}  // namespace
}  // namespace asim::kernels
