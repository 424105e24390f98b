// ONNX models with data-dependent output shapes, end to end: converted by atc in-process
// (ConvertModel) for Ascend310, loaded and executed by the runtime through the public API.
// NonZero -> Cast -> Add (the computed dims flow downstream) and NonMaxSuppression (the
// number of selected boxes). Checks the .om (format version 2, the dynamic tensors, -1
// output dims with the bound as size), the results and aclmdlGetCurOutputDims; and dims
// decided by values (a shape input computed at execution or given by the application): the
// output of unknown size allocated by aclmdlExecute, written to a large enough buffer, or
// refused naming the bytes needed; intermediate tensors sized in run-time memory.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "atc_model_fixture.h"
#include "kernels/framework/registry.h"
#include "om/om_json.h"
#include "om/om_writer.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"

namespace {

using asim::atc::testing::OnnxModel;
using onnx::TensorProto;
namespace om = asim::om;

using AtcDynamic = asim::model::testing::AtcModelFixture;

TEST_F(AtcDynamic, NonZeroCastAdd) {
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {3, 4}).Output("y");
  m.Floats("one", {1}, {1.0f});
  m.Node("NonZero", {"x"}, {"nz"}, "nonzero");
  auto& cast = m.Node("Cast", {"nz"}, {"c"}, "cast");
  asim::atc::testing::SetInt(cast, "to", TensorProto::FLOAT);
  m.Node("Add", {"c", "one"}, {"y"}, "add");
  ConvertAndLoad(m);
  ASSERT_EQ(model_.outputs.size(), 1u);
  EXPECT_EQ(model_.outputs[0].dims, (std::vector<int64_t>{-1, -1}));
  EXPECT_EQ(model_.outputs[0].size, 2u * 12 * 4);  // the bound: every element non-zero
  EXPECT_EQ(om::FormatVersionOf(model_), 2u);
  EXPECT_TRUE(AnyDynamicTensor());
  EXPECT_NE(om::ModelToJson(model_).find("\"dynamic\": true"), std::string::npos);
  EXPECT_EQ(DescDims(0), (std::vector<int64_t>{-1, -1}));

  Run({Raw(std::vector<float>{0, 2, 0, 0, 0, 0, -1, 0, 0, 0, 0, 3})});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 3}));
  // rows {0, 1, 2} and columns {1, 2, 3}, plus one.
  EXPECT_EQ(Output<float>(0, 6), (std::vector<float>{1, 2, 3, 2, 3, 4}));

  Run({Raw(std::vector<float>(12, 0.0f))});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 0}));
}

TEST_F(AtcDynamic, NonMaxSuppression) {
  OnnxModel m(11);
  m.Input("boxes", TensorProto::FLOAT, {1, 6, 4}).Input("scores", TensorProto::FLOAT, {1, 1, 6});
  m.Output("selected", TensorProto::INT64);
  m.Ints("max_per_class", {1}, {3});
  m.Floats("iou", {1}, {0.5f});
  m.Floats("score", {1}, {0.4f});
  m.Node("NonMaxSuppression", {"boxes", "scores", "max_per_class", "iou", "score"}, {"selected"}, "nms");
  ConvertAndLoad(m);
  EXPECT_EQ(model_.outputs[0].dims, (std::vector<int64_t>{-1, -1}));
  EXPECT_EQ(model_.outputs[0].size, 3u * 3 * 8);  // bound: 1 batch x 1 class x 3 boxes

  // ONNX's suppress-by-IoU example with a 0.4 score threshold: boxes 3 and 0 survive.
  const std::vector<float> boxes = {0, 0,  1, 1,  0, 0.1f,  1, 1.1f,  0, -0.1f, 1, 0.9f,
                                    0, 10, 1, 11, 0, 10.1f, 1, 11.1f, 0, 100,   1, 101};
  const std::vector<float> scores = {0.9f, 0.75f, 0.6f, 0.95f, 0.5f, 0.3f};
  Run({Raw(boxes), Raw(scores)});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(Output<int64_t>(0, 6), (std::vector<int64_t>{0, 0, 3, 0, 0, 0}));
}

TEST_F(AtcDynamic, ShapeOfADataDependentTensorIsNotFolded) {
  // Shape(NonZero(x)) must be computed at execution, not folded from the bound.
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {2, 3}).Output("s", TensorProto::INT64);
  m.Node("NonZero", {"x"}, {"nz"}, "nonzero");
  m.Node("Shape", {"nz"}, {"s"}, "shape");
  ConvertAndLoad(m);
  EXPECT_EQ(model_.outputs[0].dims, (std::vector<int64_t>{-1}));
  Run({Raw(std::vector<float>{1, 0, 0, 0, 5, 0})});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2}));
  EXPECT_EQ(Output<int64_t>(0, 2), (std::vector<int64_t>{2, 2}));
}

TEST_F(AtcDynamic, NonZeroOfAConstantIsFoldedWithItsActualDims) {
  // NonZero(c) of a constant folds at conversion into a constant of the dims it computed
  // ([1,2], not the bound [1,4]); nothing is dynamic.
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {1, 2}).Output("y");
  m.Floats("c", {4}, {0, 3, 0, 5});
  m.Node("NonZero", {"c"}, {"nz"}, "nonzero");
  auto& cast = m.Node("Cast", {"nz"}, {"f"}, "cast");
  asim::atc::testing::SetInt(cast, "to", TensorProto::FLOAT);
  m.Node("Add", {"x", "f"}, {"y"}, "add");
  ConvertAndLoad(m);
  EXPECT_EQ(model_.outputs[0].dims, (std::vector<int64_t>{1, 2}));
  EXPECT_FALSE(AnyDynamicTensor());
  Run({Raw(std::vector<float>{10, 20})});
  EXPECT_EQ(Output<float>(0, 2), (std::vector<float>{11, 23}));
}

TEST_F(AtcDynamic, ShapeInputComputedFromDataDependentDims) {
  // Reshape(nz, Shape(nz)): the reshaped dims are values known only at execution. The
  // Reshape runs on AI CPU, reading them where Shape wrote them; its output has no size
  // before execution (0 bytes, -1 dims), so aclmdlExecute allocates it.
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {2, 3}).Output("r", TensorProto::INT64);
  m.Node("NonZero", {"x"}, {"nz"}, "nonzero");
  m.Node("Shape", {"nz"}, {"s"}, "shape");
  m.Node("Reshape", {"nz", "s"}, {"r"}, "reshape");
  ConvertAndLoad(m);
  EXPECT_EQ(DescDims(0), (std::vector<int64_t>{-1, -1}));
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc_, 0), 0u);
  output_bytes_ = {kRuntimeAllocated};
  Run({Raw(std::vector<float>{1, 0, 0, 0, 5, 0})});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 2}));
  ASSERT_NE(outputs_[0].first, nullptr);
  EXPECT_EQ(outputs_[0].second, 4u * 8);
  EXPECT_EQ(Output<int64_t>(0, 4), (std::vector<int64_t>{0, 1, 0, 1}));
}

// Expand to dims given by a graph input: the output's dims are its values.
class AtcValueShaped : public AtcDynamic {
 protected:
  void SetUp() override {
    AtcDynamic::SetUp();
    OnnxModel m(13);
    m.Input("x", TensorProto::FLOAT, {3, 1}).Input("shape", TensorProto::INT64, {2}).Output("y");
    m.Node("Expand", {"x", "shape"}, {"y"}, "expand");
    ConvertAndLoad(m);
  }
  static std::vector<uint8_t> X() { return Raw(std::vector<float>{1, 2, 3}); }
};

TEST_F(AtcValueShaped, OutputHasNoSizeBeforeExecution) {
  EXPECT_EQ(DescDims(0), (std::vector<int64_t>{-1, -1}));
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc_, 0), 0u);
  EXPECT_TRUE(AnyDynamicTensor());
}

TEST_F(AtcValueShaped, NullBufferIsAllocatedByAclmdlExecute) {
  output_bytes_ = {kRuntimeAllocated};
  Run({X(), Raw(std::vector<int64_t>{3, 4})});
  ASSERT_NE(outputs_[0].first, nullptr);
  EXPECT_EQ(outputs_[0].second, 12u * 4);
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{3, 4}));
  const aclTensorDesc* d = aclmdlGetDatasetTensorDesc(datasets_[1], 0);
  ASSERT_NE(d, nullptr);
  ASSERT_EQ(aclGetTensorDescNumDims(d), 2u);
  int64_t dim = 0;
  EXPECT_EQ(aclGetTensorDescDimV2(d, 1, &dim), ACL_SUCCESS);
  EXPECT_EQ(dim, 4);
  EXPECT_EQ(Output<float>(0, 12), (std::vector<float>{1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}));

  // The next execution gets its own allocation (the first is the application's to free).
  output_bytes_ = {kRuntimeAllocated};
  Run({X(), Raw(std::vector<int64_t>{1, 2})});
  EXPECT_EQ(outputs_[0].second, 6u * 4);
  EXPECT_EQ(Output<float>(0, 6), (std::vector<float>{1, 1, 2, 2, 3, 3}));
}

TEST_F(AtcValueShaped, LargeEnoughBufferIsWrittenInPlace) {
  output_bytes_ = {64};
  Run({X(), Raw(std::vector<int64_t>{3, 2})});
  EXPECT_EQ(outputs_[0].second, 64u);
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(Output<float>(0, 6), (std::vector<float>{1, 1, 2, 2, 3, 3}));
}

TEST_F(AtcValueShaped, TooSmallBufferNamesTheBytesNeeded) {
  output_bytes_ = {16};
  aclError ret = ACL_SUCCESS;
  Execute({X(), Raw(std::vector<int64_t>{3, 4})}, &ret);
  EXPECT_EQ(ret, ACL_ERROR_MODEL_OUTPUT_NOT_MATCH);
  const std::string msg = aclGetRecentErrMsg();
  EXPECT_NE(msg.find("48 bytes"), std::string::npos) << msg;
  EXPECT_NE(msg.find("[3,4]"), std::string::npos) << msg;
}

TEST_F(AtcValueShaped, AsyncExecutionNeedsABuffer) {
  // Only aclmdlExecute allocates: under aclmdlExecuteAsync a NULL buffer is an error.
  void* x = Device(12);
  Put(x, std::vector<float>{1, 2, 3});
  void* shape = Device(16);
  Put(shape, std::vector<int64_t>{3, 4});
  aclmdlDataset* in = Dataset({{x, 12}, {shape, 16}});
  aclmdlDataset* out = Dataset({{nullptr, 0}});
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  aclError ret = aclmdlExecuteAsync(id_, in, out, stream);
  if (ret == ACL_SUCCESS) ret = aclrtSynchronizeStream(stream);
  EXPECT_NE(ret, ACL_SUCCESS);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("only aclmdlExecute allocates"), std::string::npos);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

TEST_F(AtcDynamic, ValueShapedIntermediateFeedsStaticNodes) {
  // Reshape(x, shape) -> Relu -> ReduceSum(keepdims=0) over everything: the intermediate
  // tensors are sized at execution in run-time memory; the output is a static scalar.
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {2, 3}).Input("shape", TensorProto::INT64, {2}).Output("s");
  m.Node("Reshape", {"x", "shape"}, {"r"}, "reshape");
  m.Node("Relu", {"r"}, {"p"}, "relu");
  m.Node("Mul", {"p", "p"}, {"q"}, "square");
  auto& sum = m.Node("ReduceSum", {"q"}, {"s"}, "sum");
  asim::atc::testing::SetInt(sum, "keepdims", 0);
  ConvertAndLoad(m);
  EXPECT_TRUE(AnyDynamicTensor());
  Run({Raw(std::vector<float>{1, -2, 3, -4, 5, 6}), Raw(std::vector<int64_t>{3, 2})});
  EXPECT_EQ(Output<float>(0, 1), (std::vector<float>{1 + 9 + 25 + 36}));
  Run({Raw(std::vector<float>{1, -2, 3, -4, 5, 6}), Raw(std::vector<int64_t>{-1, 1})});
  EXPECT_EQ(Output<float>(0, 1), (std::vector<float>{1 + 9 + 25 + 36}));
}

// The kernels whose compute reports dims (SetComputedDims) declare those outputs, and the
// conditional ones only when the deciding input is not known at selection.
TEST(AtcDynamicKernels, ComputedOutputsAreDeclared) {
  using asim::DataType;
  using asim::kernels::Engine;
  using asim::kernels::KernelDef;
  using asim::kernels::KernelRegistry;
  using asim::kernels::TensorSpec;
  auto find = [](const std::string& op) -> const KernelDef* {
    for (const KernelDef* d : KernelRegistry::Get().Find(op)) {
      if (d->engine == Engine::kAiCpu) return d;
    }
    return nullptr;
  };
  const TensorSpec x{DataType::kFloat, asim::Format::kNd, {4}, nullptr, asim::Format::kUndefined, {}};
  const KernelDef* nonzero = find("NonZero");
  ASSERT_NE(nonzero, nullptr);
  EXPECT_TRUE(nonzero->OutputShapeComputed(0, {x}));
  const KernelDef* unique = find("Unique");
  ASSERT_NE(unique, nullptr);
  EXPECT_TRUE(unique->OutputShapeComputed(0, {x}));
  EXPECT_TRUE(unique->OutputShapeComputed(1, {x}));
  EXPECT_FALSE(unique->OutputShapeComputed(2, {x}));  // inverse_indices: the input's length
  EXPECT_TRUE(unique->OutputShapeComputed(3, {x}));
  const KernelDef* nms = find("NonMaxSuppression");
  ASSERT_NE(nms, nullptr);
  EXPECT_TRUE(nms->OutputShapeComputed(0, {}));
  // Compress: computed unless the condition is a constant.
  const uint8_t mask[4] = {1, 0, 1, 0};
  TensorSpec cond{DataType::kBool, asim::Format::kNd, {4}, nullptr, asim::Format::kUndefined, {}};
  const KernelDef* compress = find("Compress");
  ASSERT_NE(compress, nullptr);
  EXPECT_TRUE(compress->OutputShapeComputed(0, {x, cond}));
  cond.host_data = mask;
  EXPECT_FALSE(compress->OutputShapeComputed(0, {x, cond}));
  // Reductions: computed only with axes given at run time.
  const int64_t axes_value[1] = {0};
  TensorSpec axes{DataType::kInt64, asim::Format::kNd, {1}, nullptr, asim::Format::kUndefined, {}};
  const KernelDef* reduce = find("ReduceSum");
  ASSERT_NE(reduce, nullptr);
  EXPECT_TRUE(reduce->OutputShapeComputed(0, {x, axes}));
  EXPECT_FALSE(reduce->OutputShapeComputed(0, {x}));  // no axes input
  axes.host_data = axes_value;
  EXPECT_FALSE(reduce->OutputShapeComputed(0, {x, axes}));
  // An ordinary kernel never is.
  EXPECT_FALSE(find("Cast")->AnyOutputShapeComputed({x}));
}

// Slice whose starts / ends are graph inputs: an AI CPU Slice planned at the input's dims,
// reporting the actual ones.
TEST_F(AtcDynamic, SliceWithStartsKnownAtExecution) {
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {2, 5}).Input("starts", TensorProto::INT64, {1});
  m.Input("ends", TensorProto::INT64, {1}).Output("y");
  m.Ints("axes", {1}, {1});
  m.Node("Slice", {"x", "starts", "ends", "axes"}, {"y"}, "slice");
  ConvertAndLoad(m);
  EXPECT_EQ(DescDims(0), (std::vector<int64_t>{-1, -1}));
  EXPECT_EQ(model_.outputs[0].size, 10u * sizeof(float));
  const std::vector<float> x = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  Run({Raw(x), Raw(std::vector<int64_t>{1}), Raw(std::vector<int64_t>{3})});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(Output<float>(0, 4), (std::vector<float>{1, 2, 6, 7}));
  Run({Raw(x), Raw(std::vector<int64_t>{-1}), Raw(std::vector<int64_t>{100})});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(Output<float>(0, 2), (std::vector<float>{4, 9}));
}

// The fixture's runtime again, in timing-only mode (ASCEND_SIM_COMPUTE is read by aclInit).
void RestartWithComputeOff() {
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  ::setenv("ASCEND_SIM_COMPUTE", "off", 1);
  const aclError init = aclInit(nullptr);
  ::unsetenv("ASCEND_SIM_COMPUTE");
  ASSERT_EQ(init, ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

// Timing-only mode ("sim": {"compute": "off"}) skips kernels, but not those computing the values
// that decide dims: Reshape(x, Add(shape, 0)) and TopK(x, ReduceSum(Cast(x > 0))) have the
// dims of a computing run (before, the Add and the ReduceSum were skipped: a Reshape to [0,0]
// failed, k came out 0 or garbage).
TEST_F(AtcDynamic, TimingOnlyModeComputesTheValuesThatDecideDims) {
  ASSERT_NO_FATAL_FAILURE(RestartWithComputeOff());

  OnnxModel reshape(13);
  reshape.Input("x", TensorProto::FLOAT, {2, 6}).Input("shape", TensorProto::INT64, {2}).Output("y");
  reshape.Ints("zero", {1}, {0});
  reshape.Node("Add", {"shape", "zero"}, {"target"}, "add");
  reshape.Node("Reshape", {"x", "target"}, {"y"}, "reshape");
  ConvertAndLoad(reshape);
  output_bytes_ = {12 * sizeof(float)};
  Run({Raw(std::vector<float>(12, 1.0f)), Raw(std::vector<int64_t>{3, 4})});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{3, 4}));
}

TEST_F(AtcDynamic, TimingOnlyModeComputesTheKOfATopK) {
  ASSERT_NO_FATAL_FAILURE(RestartWithComputeOff());

  OnnxModel topk(13);
  topk.Input("x", TensorProto::FLOAT, {6}).Output("values");
  topk.Floats("zero", {}, {0.0f});
  topk.Ints("axes", {1}, {0});
  topk.Node("Greater", {"x", "zero"}, {"positive"}, "greater");
  asim::atc::testing::SetInt(topk.Node("Cast", {"positive"}, {"ones"}, "cast"), "to", TensorProto::INT64);
  asim::atc::testing::SetInt(topk.Node("ReduceSum", {"ones", "axes"}, {"k"}, "count"), "keepdims", 1);
  topk.Node("TopK", {"x", "k"}, {"values", "indices"}, "topk");
  ConvertAndLoad(topk);
  output_bytes_ = {6 * sizeof(float)};
  Run({Raw(std::vector<float>{3, -1, 2, -5, 7, 0})});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{3}));
}

// One failing node is one exception: the nodes after it in the same execution (their inputs
// were never produced) do nothing instead of each failing with an internal error.
TEST_F(AtcDynamic, AFailedNodeIsTheExecutionsOnlyException) {
  static int exceptions = 0;
  exceptions = 0;
  ASSERT_EQ(aclrtSetExceptionInfoCallback([](aclrtExceptionInfo*) { ++exceptions; }), ACL_SUCCESS);
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {6}).Input("shape", TensorProto::INT64, {2}).Output("y");
  m.Node("Reshape", {"x", "shape"}, {"r"}, "reshape");
  m.Node("Relu", {"r"}, {"p"}, "relu");
  m.Node("Neg", {"p"}, {"q"}, "neg");
  m.Node("Abs", {"q"}, {"y"}, "abs");
  ConvertAndLoad(m);
  output_bytes_ = {6 * sizeof(float)};
  aclError ret = ACL_SUCCESS;
  Execute({Raw(std::vector<float>(6, 1.0f)), Raw(std::vector<int64_t>{4, 4})}, &ret);  // 16 != 6
  EXPECT_NE(ret, ACL_SUCCESS);
  EXPECT_EQ(exceptions, 1);
  // The next execution with a good shape runs.
  Run({Raw(std::vector<float>(6, -2.0f)), Raw(std::vector<int64_t>{2, 3})});
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(exceptions, 1);
  ASSERT_EQ(aclrtSetExceptionInfoCallback(nullptr), ACL_SUCCESS);
}

// A kernel that faults while its task runs (here a Gather index out of range) is what the
// device reports as an AI Core exception: ACL_ERROR_RT_AICORE_EXCEPTION from aclmdlExecute and
// in the exception callback's info, with the simulator's reason in the message.
TEST_F(AtcDynamic, AKernelFaultIsAnAiCoreException) {
  static uint32_t reported = 0;
  reported = 0;
  ASSERT_EQ(aclrtSetExceptionInfoCallback(
                [](aclrtExceptionInfo* info) { reported = aclrtGetErrorCodeFromExceptionInfo(info); }),
            ACL_SUCCESS);
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {5}).Input("i", TensorProto::INT64, {2}).Output("y");
  m.Node("Gather", {"x", "i"}, {"y"}, "gather");
  ConvertAndLoad(m);
  output_bytes_ = {2 * sizeof(float)};
  aclError ret = ACL_SUCCESS;
  Execute({Raw(std::vector<float>{1, 2, 3, 4, 5}), Raw(std::vector<int64_t>{1, 7})}, &ret);
  EXPECT_EQ(ret, ACL_ERROR_RT_AICORE_EXCEPTION);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("index 7 at position 1 is out of range"), std::string::npos);
  EXPECT_EQ(reported, static_cast<uint32_t>(ACL_ERROR_RT_AICORE_EXCEPTION));
  ASSERT_EQ(aclrtSetExceptionInfoCallback(nullptr), ACL_SUCCESS);
}

// The exception callback runs on a thread of the runtime's, not inside the synchronous
// aclmdlExecute that ran the failing task: a callback that synchronizes the device, or runs
// the model again, completes (it waited for itself and hung). Its effects are visible when the
// failed aclmdlExecute returns.
TEST_F(AtcDynamic, AnExceptionCallbackMayCallTheRuntime) {
  static aclrtContext context = nullptr;
  static aclError synchronized = -1;
  ASSERT_EQ(aclrtGetCurrentContext(&context), ACL_SUCCESS);
  synchronized = -1;
  ASSERT_EQ(aclrtSetExceptionInfoCallback([](aclrtExceptionInfo*) {
              if (aclrtSetCurrentContext(context) == ACL_SUCCESS) synchronized = aclrtSynchronizeDevice();
            }),
            ACL_SUCCESS);
  OnnxModel m(13);
  m.Input("x", TensorProto::FLOAT, {6}).Input("shape", TensorProto::INT64, {2}).Output("y");
  m.Node("Reshape", {"x", "shape"}, {"y"}, "reshape");
  ConvertAndLoad(m);
  output_bytes_ = {6 * sizeof(float)};
  aclError ret = ACL_SUCCESS;
  Execute({Raw(std::vector<float>(6, 1.0f)), Raw(std::vector<int64_t>{4, 4})}, &ret);
  EXPECT_NE(ret, ACL_SUCCESS);           // the execution's own error, not taken by the callback's synchronize
  EXPECT_EQ(synchronized, ACL_SUCCESS);  // the callback ran, and its synchronize returned
  ASSERT_EQ(aclrtSetExceptionInfoCallback(nullptr), ACL_SUCCESS);
}

}  // namespace
