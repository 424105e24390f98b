// The graph compiler's failures: builder misuse, bad options, and the kernel registry's
// refusals with the node's name in front.
#include <gtest/gtest.h>

#include "compiler/graph_builder.h"

namespace asim::atc {
namespace {

::testing::AssertionResult FailsWith(const GraphBuilder& b, int32_t code, const std::string& text,
                                     const CompileOptions& options = {}) {
  om::Model model;
  Status st = b.Compile(options, &model);
  if (st.code() != code) return ::testing::AssertionFailure() << "code " << st.code() << ": " << st.message();
  if (st.message().find(text) == std::string::npos) {
    return ::testing::AssertionFailure() << "message '" << st.message() << "' lacks '" << text << "'";
  }
  return ::testing::AssertionSuccess();
}

TEST(CompilerErrors, UnknownValueIndex) {
  GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat, {4}, Format::kNd);
  b.Output(b.Op("Relu", "relu", {x + 7}, {})[0], "out");
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "op 'relu' input 0: value 7 does not exist"));
}

TEST(CompilerErrors, UnknownOutputValue) {
  GraphBuilder b;
  b.Input("x", DataType::kFloat, {4}, Format::kNd);
  b.Output(3, "out");
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "output 'out': value 3 does not exist"));
}

TEST(CompilerErrors, DuplicateNames) {
  GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat, {4}, Format::kNd);
  const int r = b.Op("Relu", "x", {x}, {})[0];
  b.Output(r, "out");
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "op 'x': the name is already used"));
  GraphBuilder outputs;
  const int y = outputs.Input("y", DataType::kFloat, {4}, Format::kNd);
  const int s = outputs.Op("Relu", "relu", {y}, {})[0];
  outputs.Output(s, "out");
  outputs.Output(s, "out");
  EXPECT_TRUE(FailsWith(outputs, err::kInvalidParam, "output 'out': the name is already used"));
}

TEST(CompilerErrors, NoOutputs) {
  GraphBuilder b;
  b.Op("Relu", "relu", {b.Input("x", DataType::kFloat, {4}, Format::kNd)}, {});
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "no outputs"));
}

TEST(CompilerErrors, ConstantWithoutData) {
  GraphBuilder b;
  b.Output(b.Constant("c", DataType::kFloat, {4}, nullptr), "out");
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "constant 'c': no data"));
}

TEST(CompilerErrors, UnknownOpTypeNamesTheNode) {
  GraphBuilder b;
  b.Output(b.Op("NoSuchOp", "mystery", {b.Input("x", DataType::kFloat, {4}, Format::kNd)}, {})[0], "out");
  EXPECT_TRUE(FailsWith(b, err::kOpNotFound, "node 'mystery' (NoSuchOp): no kernel implements op type 'NoSuchOp'"));
}

TEST(CompilerErrors, UnsupportedDtypeNamesTheNodeAndTheDtype) {
  GraphBuilder b;
  b.Output(b.Op("Sqrt", "root", {b.Input("x", DataType::kUint16, {4}, Format::kNd)}, {})[0], "out");
  EXPECT_TRUE(FailsWith(b, err::kUnsupportedDataType, "node 'root' (Sqrt): "));
  EXPECT_TRUE(FailsWith(b, err::kUnsupportedDataType, "DT_UINT16"));
}

TEST(CompilerErrors, MoreOutputsThanTheKernelProduces) {
  GraphBuilder b;
  const auto outs = b.Op("Relu", "relu", {b.Input("x", DataType::kFloat, {4}, Format::kNd)}, {}, 2);
  b.Output(outs[1], "out");
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "node 'relu' (Relu): the kernel produces 1 outputs, the graph uses 2"));
}

TEST(CompilerErrors, UnknownSoc) {
  GraphBuilder b;
  b.Output(b.Op("Relu", "relu", {b.Input("x", DataType::kFloat, {4}, Format::kNd)}, {})[0], "out");
  CompileOptions options;
  options.soc_version = "Ascend999";
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "Ascend999", options));
}

TEST(CompilerErrors, GearsThatDoNotFitTheInputs) {
  GraphBuilder b;
  b.Output(b.Op("Relu", "relu", {b.Input("x", DataType::kFloat, {-1, 4}, Format::kNd)}, {})[0], "out");
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "no dynamic option gives their values"));
  CompileOptions batch;
  batch.dynamic = om::DynamicKind::kBatch;
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "needs at least one gear", batch));
  batch.gears = {{1, 2}};
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "gear 0 [1,2]: a dynamic batch model needs 1 values per gear", batch));
  batch.gears = {{0}};
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "values must be >= 1", batch));
  batch.gears = {{2}, {2}};
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "given twice", batch));
  CompileOptions image;
  image.dynamic = om::DynamicKind::kImageSize;
  image.gears = {{4, 4}};
  EXPECT_TRUE(FailsWith(b, err::kInvalidParam, "exactly H and W", image));
  GraphBuilder fixed;
  fixed.Output(fixed.Op("Relu", "relu", {fixed.Input("x", DataType::kFloat, {2, 4}, Format::kNd)}, {})[0], "out");
  batch.gears = {{1}};
  EXPECT_TRUE(FailsWith(fixed, err::kInvalidParam, "needs an input with -1 dims", batch));
}

TEST(CompilerErrors, ShapeErrorsInOneGearNameTheGear) {
  GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat, {-1, 4}, Format::kNd);
  const int y = b.Input("y", DataType::kFloat, {3, 4}, Format::kNd);
  b.Output(b.Op("Add", "add", {x, y}, {})[0], "out");
  CompileOptions options;
  options.dynamic = om::DynamicKind::kBatch;
  options.gears = {{3}, {2}};
  // Every candidate refuses the shapes: the registry reports kOpNotFound with the reason.
  EXPECT_TRUE(FailsWith(b, err::kOpNotFound, "gear 1 [2]: node 'add' (Add): ", options));
  EXPECT_TRUE(FailsWith(b, err::kOpNotFound, "cannot be broadcast", options));
}

}  // namespace
}  // namespace asim::atc
