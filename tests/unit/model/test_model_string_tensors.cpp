// runtime/model/string_tensors.h without a device: the load-time check of where string
// tensors may be, the check of a string input buffer's heads (also when a node runs), the
// extent of packed strings, and the staging of a kernel's string output (written on the host, copied to the dataset
// buffer when it fits, kModelOutputNotMatch with the bytes needed when it does not).
#include "runtime/model/string_tensors.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "kernels/common/values/string_tensor.h"

namespace asim::model {
namespace {

om::Tensor StringTensor(const std::string& name, om::TensorPlace place, std::vector<int64_t> dims,
                        uint64_t offset = 0) {
  om::Tensor t;
  t.name = name;
  t.desc = om::TensorDesc{DataType::kString, Format::kNd, std::move(dims), Format::kUndefined, {}};
  t.place = place;
  t.offset = offset;
  return t;
}

TEST(StringTensors, OnlyModelInputsAndOutputsAtOffsetZero) {
  om::Graph g;
  g.tensors = {StringTensor("x", om::TensorPlace::kInput, {4}), StringTensor("mid", om::TensorPlace::kWork, {4}),
               StringTensor("y", om::TensorPlace::kOutput, {4}), StringTensor("z", om::TensorPlace::kOutput, {4}, 64)};
  om::Node n;
  n.inputs = {0};
  n.outputs = {2};
  EXPECT_TRUE(CheckStringTensors(g, n).ok());
  n.outputs = {1};
  Status st = CheckStringTensors(g, n);
  EXPECT_EQ(st.code(), err::kParseModel);
  EXPECT_NE(st.message().find("'mid' is DT_STRING inside the model"), std::string::npos) << st.message();
  n.outputs = {3};
  st = CheckStringTensors(g, n);
  EXPECT_EQ(st.code(), err::kParseModel);
  EXPECT_NE(st.message().find("offset 64"), std::string::npos) << st.message();
  n.inputs = {-1};  // an absent optional input is no tensor
  n.outputs = {2};
  EXPECT_TRUE(CheckStringTensors(g, n).ok());
}

TEST(StringTensors, InputHeadsAreCheckedAgainstTheBuffer) {
  auto x = kernels::PackStrings({"ab", "", "cde"});
  EXPECT_TRUE(CheckStringBuffer(x.data(), x.size(), 3, "input 0 'x'").ok());
  EXPECT_TRUE(CheckStringBuffer(x.data(), x.size(), 0, "input 0 'x'").ok());
  // Too small for the heads.
  Status st = CheckStringBuffer(x.data(), 40, 3, "input 0 'x'");
  EXPECT_EQ(st.code(), err::kModelInputNotMatch);
  EXPECT_NE(st.message().find("need 48 bytes"), std::string::npos) << st.message();
  // A head past the end, and one whose offset + length wraps around.
  for (kernels::StringHead bad : {kernels::StringHead{x.size() - 2, 3}, kernels::StringHead{8, ~uint64_t{0} - 4},
                                  kernels::StringHead{x.size() + 1, 0}}) {
    auto y = x;
    std::memcpy(y.data() + kernels::kStringHeadBytes, &bad, sizeof bad);
    st = CheckStringBuffer(y.data(), y.size(), 3, "input 0 'x'");
    EXPECT_EQ(st.code(), err::kInvalidParam);
    EXPECT_NE(st.message().find("input 0 'x' is DT_STRING: the head of element 1"), std::string::npos) << st.message();
  }
}

TEST(StringTensors, ExtentIsThePackedSize) {
  for (const std::vector<std::string>& s :
       {std::vector<std::string>{}, std::vector<std::string>{""}, std::vector<std::string>{"ab", "", "Été"}}) {
    const auto x = kernels::PackStrings(s);
    EXPECT_EQ(StringBufferExtent(x.data(), static_cast<int64_t>(s.size())), x.size());
  }
}

// A kernel context with one string input and one string output of `out_dims` (bound).
struct NodeRun {
  std::vector<uint8_t> x;
  std::vector<uint8_t> dataset;
  kernels::KernelContext ctx;
  NodeRun(const std::vector<std::string>& in, size_t dataset_bytes)
      : x(kernels::PackStrings(in)), dataset(dataset_bytes) {
    kernels::TensorView xin{kernels::MakeSpec(DataType::kString, {static_cast<int64_t>(in.size())}), x.data()};
    kernels::TensorView yout{kernels::MakeSpec(DataType::kString, {static_cast<int64_t>(in.size())}), dataset.data()};
    ctx.inputs = {xin};
    ctx.outputs = {yout};
  }
};

om::Model OneOutputModel(om::Graph* g) {
  om::Model m;
  m.name = "m";
  m.inputs = {{"x", DataType::kString, Format::kNd, {3}, 0}};
  m.outputs = {{"y", DataType::kString, Format::kNd, {-1}, 0}};
  g->tensors = {StringTensor("x", om::TensorPlace::kInput, {3}), StringTensor("y", om::TensorPlace::kOutput, {3})};
  return m;
}

TEST(StringTensors, StagedOutputIsCopiedWhenItFits) {
  om::Graph g;
  const om::Model m = OneOutputModel(&g);
  const std::vector<std::string> result = {"AB", "CDE"};
  const auto packed = kernels::PackStrings(result);
  NodeRun r({"ab", "x", "cde"}, packed.size());
  NodeStrings staging;
  ASSERT_TRUE(staging.Stage(&r.ctx, m, g, {0}, {r.x.size(), 0}).ok());
  EXPECT_NE(r.ctx.outputs[0].data, r.dataset.data()) << "the kernel writes on the host";
  EXPECT_EQ(r.ctx.inputs[0].data, r.x.data()) << "inputs are read in place";
  // What a kernel does: its strings, then the actual dims.
  size_t written = 0;
  ASSERT_TRUE(
      kernels::WriteStrings(result, r.ctx.outputs[0].data, kernels::StringOutputCapacity(r.ctx, 0), &written).ok());
  r.ctx.outputs[0].spec.dims = {2};
  const Status st = staging.Commit(r.ctx, m, g, {1}, {0, packed.size()});
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(r.dataset, packed);
  EXPECT_EQ(staging.written(), (std::vector<size_t>{packed.size()}));
}

TEST(StringTensors, TooSmallOutputBufferIsOutputNotMatch) {
  om::Graph g;
  const om::Model m = OneOutputModel(&g);
  const std::vector<std::string> result = {"AB", "X", "CDE"};
  const auto packed = kernels::PackStrings(result);
  NodeRun r({"ab", "x", "cde"}, packed.size() - 1);
  NodeStrings staging;
  ASSERT_TRUE(staging.Stage(&r.ctx, m, g, {0}, {r.x.size(), 0}).ok());
  size_t written = 0;
  ASSERT_TRUE(
      kernels::WriteStrings(result, r.ctx.outputs[0].data, kernels::StringOutputCapacity(r.ctx, 0), &written).ok());
  const Status st = staging.Commit(r.ctx, m, g, {1}, {0, r.dataset.size()});
  EXPECT_EQ(st.code(), err::kModelOutputNotMatch);
  EXPECT_NE(st.message().find("model 'm' output 0 'y'"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("need " + std::to_string(packed.size()) + " bytes but its dataset buffer has " +
                              std::to_string(packed.size() - 1)),
            std::string::npos)
      << st.message();
  EXPECT_EQ(r.dataset, std::vector<uint8_t>(packed.size() - 1, 0)) << "nothing copied";
}

TEST(StringTensors, StageChecksTheInputHeadsWhenTheNodeRuns) {
  // After aclmdlExecuteAsync the input is complete only when the node's task runs: the
  // heads are checked then, against the dataset buffer's size.
  om::Graph g;
  const om::Model m = OneOutputModel(&g);
  NodeRun r({"ab", "x", "cde"}, 256);
  const kernels::StringHead bad{r.x.size() - 1, 2};
  std::memcpy(r.x.data() + 2 * kernels::kStringHeadBytes, &bad, sizeof bad);
  NodeStrings staging;
  Status st = staging.Stage(&r.ctx, m, g, {0}, {r.x.size(), 256});
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("model 'm' input 0 'x' is DT_STRING: the head of element 2"), std::string::npos)
      << st.message();
  EXPECT_EQ(r.ctx.outputs[0].data, r.dataset.data()) << "nothing staged";
  // The same head inside a larger buffer is fine.
  EXPECT_TRUE(staging.Stage(&r.ctx, m, g, {0}, {r.x.size() + 1, 256}).ok());
}

TEST(StringTensors, StageChecksAModelOutputReadBack) {
  // A node reading a model output (tensor 1, 'y') before its producer wrote it finds the
  // application's bytes there: checked as an input is.
  om::Graph g;
  const om::Model m = OneOutputModel(&g);
  NodeRun r({"ab", "x", "cde"}, 256);
  const kernels::StringHead bad{1000, 1};
  std::memcpy(r.x.data(), &bad, sizeof bad);
  NodeStrings staging;
  const Status st = staging.Stage(&r.ctx, m, g, {1}, {0, r.x.size()});
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("model 'm' output 0 'y' is DT_STRING: the head of element 0"), std::string::npos)
      << st.message();
}

TEST(StringTensors, NodesWithoutStringOutputsAreUntouched) {
  std::vector<float> y(4);
  kernels::KernelContext ctx;
  ctx.outputs = {kernels::TensorView{kernels::MakeSpec(DataType::kFloat, {4}), y.data()}};
  om::Graph g;
  g.tensors.resize(1);
  NodeStrings staging;
  ASSERT_TRUE(staging.Stage(&ctx, om::Model{}, g, {}, {}).ok());
  EXPECT_EQ(ctx.outputs[0].data, y.data());
  EXPECT_TRUE(staging.Commit(ctx, om::Model{}, g, {0}, {}).ok());
}

}  // namespace
}  // namespace asim::model
