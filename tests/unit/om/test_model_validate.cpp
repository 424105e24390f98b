// Unit tests of om/model.cpp: the enum names, DescBytes and every rule of Model::Validate,
// each checked by its error code and the message naming graph / node / tensor.
#include <gtest/gtest.h>

#include <limits>

#include "om/model.h"
#include "tests/unit/om/test_models.h"

namespace asim::om {
namespace {

using testing::MakeAllAttrsModel;
using testing::MakeConvReluModel;
using testing::MakeDynamicBatchModel;

void ExpectInvalid(const Model& m, const std::string& fragment) {
  Status s = m.Validate();
  EXPECT_EQ(s.code(), err::kDeserializeModel) << s.message();
  EXPECT_NE(s.message().find(fragment), std::string::npos) << "message: " << s.message() << "\nwanted: " << fragment;
}

TEST(OmModel, Names) {
  EXPECT_STREQ(TensorPlaceName(TensorPlace::kWork), "work");
  EXPECT_STREQ(TensorPlaceName(TensorPlace::kWeight), "weight");
  EXPECT_STREQ(TensorPlaceName(TensorPlace::kInput), "input");
  EXPECT_STREQ(TensorPlaceName(TensorPlace::kOutput), "output");
  EXPECT_STREQ(TensorPlaceName(static_cast<TensorPlace>(9)), "invalid");
  EXPECT_STREQ(DynamicKindName(DynamicKind::kNone), "none");
  EXPECT_STREQ(DynamicKindName(DynamicKind::kBatch), "batch");
  EXPECT_STREQ(DynamicKindName(DynamicKind::kImageSize), "image_size");
  EXPECT_STREQ(DynamicKindName(DynamicKind::kDims), "dims");
  EXPECT_STREQ(DynamicKindName(static_cast<DynamicKind>(7)), "invalid");
}

TEST(OmModel, DescBytes) {
  EXPECT_EQ(DescBytes({DataType::kFloat, Format::kNchw, {1, 3, 8, 8}, Format::kUndefined, {}}), 768u);
  EXPECT_EQ(DescBytes({DataType::kFloat16, Format::kNd, {}, Format::kUndefined, {}}), 2u);  // scalar
  EXPECT_EQ(DescBytes({DataType::kInt4, Format::kNd, {3}, Format::kUndefined, {}}), 2u);    // packed
  EXPECT_EQ(DescBytes({DataType::kUint1, Format::kNd, {9}, Format::kUndefined, {}}), 2u);
  EXPECT_EQ(DescBytes({DataType::kFloat, Format::kNd, {4, 0}, Format::kUndefined, {}}), 0u);
  EXPECT_EQ(DescBytes({DataType::kFloat, Format::kNd, {-1, 3}, Format::kUndefined, {}}), 0u);  // unknown
  EXPECT_EQ(DescBytes({DataType::kString, Format::kNd, {4}, Format::kUndefined, {}}), 0u);
  const int64_t big = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(DescBytes({DataType::kFloat, Format::kNd, {big, big}, Format::kUndefined, {}}),
            std::numeric_limits<uint64_t>::max());  // saturates
}

TEST(OmModel, WorkSizeIsTheLargestGraphs) {
  EXPECT_EQ(MakeConvReluModel().work_size(), 1536u);
  EXPECT_EQ(MakeDynamicBatchModel().work_size(), 4096u);
  EXPECT_EQ(Model{}.work_size(), 0u);
  EXPECT_EQ(MakeConvReluModel().weight_size(), 464u);
  EXPECT_EQ(MakeDynamicBatchModel().data_input_count(), 1u);
}

TEST(OmModel, ReferenceModelsAreValid) {
  for (const Model& m : {MakeConvReluModel(), MakeDynamicBatchModel(), MakeAllAttrsModel()}) {
    Status s = m.Validate();
    EXPECT_TRUE(s.ok()) << m.name << ": " << s.message();
  }
}

TEST(OmModel, NodeTensorIndexOutOfRange) {
  Model m = MakeConvReluModel();
  m.graphs[0].nodes[1].inputs[0] = 99;
  ExpectInvalid(m, "graph 0 node 1 'relu1' input 0: tensor index 99 >= 5 tensors");
  m = MakeConvReluModel();
  m.graphs[0].nodes[0].inputs[2] = -2;
  ExpectInvalid(m, "graph 0 node 0 'conv1' input 2: tensor index -2 < 0");
}

TEST(OmModel, AbsentOnlyForInputs) {
  Model m = MakeConvReluModel();
  m.graphs[0].nodes[0].inputs[2] = -1;  // optional bias absent: fine
  EXPECT_TRUE(m.Validate().ok());
  m.graphs[0].nodes[0].outputs[0] = -1;
  ExpectInvalid(m, "graph 0 node 0 'conv1' output 0: tensor index -1 < 0");
}

TEST(OmModel, WorkTensorRangeAndSize) {
  Model m = MakeConvReluModel();
  m.graphs[0].tensors[3].offset = 1024;  // 1024 + 1024 > 1536
  ExpectInvalid(m, "graph 0 tensor 3 'conv1_out': work range [1024, +1024) exceeds the graph's work_size 1536");
  m = MakeConvReluModel();
  m.graphs[0].tensors[3].offset = std::numeric_limits<uint64_t>::max();  // no overflow
  ExpectInvalid(m, "exceeds the graph's work_size");
  m = MakeConvReluModel();
  m.graphs[0].tensors[3].size = 1000;
  ExpectInvalid(m, "graph 0 tensor 3 'conv1_out': size 1000 < 1024 bytes of DT_FLOAT [1,4,8,8]");
}

// Found by model_exec_fuzz: an input tensor at offset 2^64 - 1 wrapped the binding's pointer.
TEST(OmModel, IoTensorOffsetsStayInsideTheirBuffer) {
  Model m = MakeConvReluModel();
  for (auto& t : m.graphs[0].tensors) {
    if (t.place == TensorPlace::kInput) t.offset = std::numeric_limits<uint64_t>::max();
  }
  ExpectInvalid(m, "is past the");
}

// Found by model_exec_fuzz: huge origin dims overflowed TransData's strides.
TEST(OmModel, DimsBelowMinusOneOrBeyondAnyTensorAreRefused) {
  Model m = MakeConvReluModel();
  m.graphs[0].tensors[3].desc.origin_dims = {1, -2, 8, 8};
  ExpectInvalid(m, "graph 0 tensor 3 'conv1_out': origin dims hold -2 (sizes are >= 0, -1 unknown)");
  m = MakeConvReluModel();
  m.graphs[0].tensors[3].desc.origin_dims = {1, int64_t{1} << 40, int64_t{1} << 30, 8};
  ExpectInvalid(m,
                "graph 0 tensor 3 'conv1_out': origin dims [1,1099511627776,1073741824,8] of DT_FLOAT hold more than "
                "2^63 - 1 bytes: no tensor is that large");
}

// Found by model_exec_fuzz: a float work tensor at offset 6 made the kernels store misaligned.
TEST(OmModel, WorkTensorAtAnOffsetNotAMultipleOfItsElementSizeIsRefused) {
  Model m = MakeConvReluModel();
  m.graphs[0].tensors[3].offset = 6;
  m.graphs[0].work_size += 512;
  ExpectInvalid(m, "graph 0 tensor 3 'conv1_out': work offset 6 is not a multiple of its 4-byte elements");
}

TEST(OmModel, WeightTensorRangeAndAlignment) {
  Model m = MakeConvReluModel();
  m.graphs[0].tensors[2].offset = 512;
  ExpectInvalid(m, "graph 0 tensor 2 'conv1.bias': weight range [512, +16) exceeds the 464 weight bytes");
  m = MakeConvReluModel();
  m.graphs[0].tensors[2].offset = 440;
  ExpectInvalid(m, "graph 0 tensor 2 'conv1.bias': weight offset 440 is not a multiple of 64");
  m = MakeConvReluModel();
  m.graphs[0].tensors[1].size = 400;
  ExpectInvalid(m, "graph 0 tensor 1 'conv1.weight': size 400 < 432 bytes");
}

TEST(OmModel, IoIndexOutOfRange) {
  Model m = MakeConvReluModel();
  m.graphs[0].tensors[4].io_index = 1;
  ExpectInvalid(m, "graph 0 tensor 4 'y': output index 1 >= 1 outputs");
  m = MakeConvReluModel();
  m.graphs[0].tensors[0].io_index = 3;
  ExpectInvalid(m, "graph 0 tensor 0 'x': input index 3 >= 1 inputs");
}

TEST(OmModel, WorkspaceWithinWorkSize) {
  Model m = MakeConvReluModel();
  m.graphs[0].nodes[0].workspace_size = 513;
  ExpectInvalid(m, "graph 0 node 0 'conv1': workspace [1024, +513) exceeds the graph's work_size 1536");
  m.graphs[0].nodes[0].workspace_size = 0;  // no workspace: the offset does not matter
  EXPECT_TRUE(m.Validate().ok());
}

TEST(OmModel, GraphsMatchGears) {
  Model m = MakeDynamicBatchModel();
  m.graphs.pop_back();
  ExpectInvalid(m, "1 graphs for 2 gears (needs 2)");
  m = MakeConvReluModel();
  m.graphs.push_back(m.graphs[0]);
  ExpectInvalid(m, "2 graphs for 0 gears (needs 1)");
  m = MakeConvReluModel();
  m.gears = {{1}};
  ExpectInvalid(m, "a static model has 1 gears (must have none)");
}

TEST(OmModel, DynamicNeedsGearsAndTheDynamicTensor) {
  Model m = MakeDynamicBatchModel();
  m.gears.clear();
  ExpectInvalid(m, "dynamic batch model has no gears");
  m = MakeDynamicBatchModel();
  m.inputs.back().name = "shape";
  ExpectInvalid(m, "last input 'shape' must be 'ascend_mbatch_shape_data'");
  m = MakeDynamicBatchModel();
  m.inputs.back().dtype = DataType::kInt32;
  ExpectInvalid(m, "dynamic tensor (input 1 'ascend_mbatch_shape_data'): data type DT_INT32 must be DT_INT64");
  m = MakeDynamicBatchModel();
  m.inputs.back().dims = {2};
  ExpectInvalid(m, "dims [2] must be [1]");
  m = MakeDynamicBatchModel();
  m.gears = {{1, 2}, {4, 2}};
  m.inputs.back().dims = {2};
  m.inputs.back().size = 16;
  ExpectInvalid(m, "dynamic batch gear 0 [1,2] must have 1 values");
  m = MakeDynamicBatchModel();
  m.gears[1] = {0};
  ExpectInvalid(m, "dynamic batch gear 1 [0]: values must be >= 1");
  m = MakeDynamicBatchModel();
  m.dynamic = static_cast<DynamicKind>(9);
  ExpectInvalid(m, "dynamic kind 9 is not a DynamicKind");
}

TEST(OmModel, DynamicDimsCountsTheUnknownDims) {
  Model m = MakeDynamicBatchModel();
  m.dynamic = DynamicKind::kDims;  // x has one -1: one value per gear
  EXPECT_TRUE(m.Validate().ok()) << m.Validate().message();
  m.inputs[0].dims = {-1, 3, -1, 4};
  ExpectInvalid(m, "dynamic dims gear 0 [1] must have 2 values");
}

TEST(OmModel, GraphIoTensorsMatchIoDescs) {
  Model m = MakeConvReluModel();
  m.graphs[0].tensors[0].place = TensorPlace::kWork;
  m.graphs[0].tensors[0].size = 768;
  m.graphs[0].tensors[0].offset = 0;
  ExpectInvalid(m, "graph 0 has no tensor for input 0 'x'");
  m = MakeConvReluModel();
  m.graphs[0].tensors[3].place = TensorPlace::kOutput;
  ExpectInvalid(m, "graph 0 tensor 4 'y': output 0 'y' already has tensor 3");
  m = MakeConvReluModel();
  m.graphs[0].tensors[4].desc.dtype = DataType::kFloat16;
  ExpectInvalid(m, "graph 0 tensor 4 'y': data type DT_FLOAT16 != output 0 'y''s DT_FLOAT");
  m = MakeConvReluModel();
  m.graphs[0].tensors[0].desc.dims = {2, 3, 8, 8};
  ExpectInvalid(m, "graph 0 tensor 0 'x': 1536 bytes of DT_FLOAT [2,3,8,8] > input 0 'x''s size 768");
  m = MakeDynamicBatchModel();
  m.graphs[1].tensors.pop_back();
  m.graphs[1].nodes[1].outputs = {2};
  ExpectInvalid(m, "graph 1 has no tensor for output 0 'y'");
}

TEST(OmModel, StaticIoDescsAreExact) {
  Model m = MakeConvReluModel();
  m.inputs[0].dims = {-1, 3, 8, 8};
  ExpectInvalid(m, "input 0 'x': dims [-1,3,8,8] must all be >= 0 in a static model");
  m = MakeConvReluModel();
  m.outputs[0].size = 1025;
  ExpectInvalid(m, "output 0 'y': size 1025 != 1024 bytes of DT_FLOAT [1,4,8,8]");
  m = MakeDynamicBatchModel();
  m.inputs[0].dims = {-2, 3, 4, 4};
  ExpectInvalid(m, "input 0 'x': dims [-2,3,4,4] must all be >= -1");
}

TEST(OmModel, DataDependentOutputs) {
  EXPECT_TRUE(testing::MakeDataDependentModel().Validate().ok())
      << testing::MakeDataDependentModel().Validate().message();
  Model m = testing::MakeDataDependentModel();
  m.outputs[0].dims = {2, -1};
  ExpectInvalid(m, "graph 0 tensor 2 'y': the tensor is dynamic but output 0 'y''s dims [2,-1] are not all -1");
  m = testing::MakeDataDependentModel();
  m.graphs[0].tensors[2].dynamic = false;
  ExpectInvalid(m,
                "graph 0 tensor 2 'y': output 0 'y' has dims [-1,-1] in a static model but the tensor is not dynamic");
  m = testing::MakeDataDependentModel();
  m.graphs[0].tensors[0].dynamic = true;
  ExpectInvalid(m, "graph 0 tensor 0 'x': a input tensor cannot be dynamic");
  m = testing::MakeDataDependentModel();
  m.graphs[0].tensors[1].desc.dims = {2, -1};  // a dim decided by values at execution
  EXPECT_TRUE(m.Validate().ok()) << m.Validate().message();
  m.graphs[0].tensors[1].desc.dims = {2, -2};
  ExpectInvalid(m, "graph 0 tensor 1 'nz'");
  m = testing::MakeDataDependentModel();
  m.inputs[0].dims = {-1, 3};
  ExpectInvalid(m, "input 0 'x': dims [-1,3] must all be >= 0 in a static model");
  m = testing::MakeDataDependentModel();
  m.outputs[0].size = 40;  // the bound (2 x 6 fp32) does not fit
  ExpectInvalid(m, "48 bytes of DT_FLOAT [2,6] > output 0 'y''s size 40");
}

TEST(OmModel, EnumsAreChecked) {
  Model m = MakeConvReluModel();
  m.graphs[0].tensors[3].desc.dtype = static_cast<DataType>(99);
  ExpectInvalid(m, "graph 0 tensor 3 'conv1_out': data type 99 is not a DataType");
  m = MakeConvReluModel();
  m.graphs[0].tensors[3].desc.origin_format = static_cast<Format>(98);
  ExpectInvalid(m, "origin format 98 is not a Format");
  m = MakeConvReluModel();
  m.graphs[0].tensors[3].place = static_cast<TensorPlace>(7);
  ExpectInvalid(m, "graph 0 tensor 3 'conv1_out': place 7 is not a TensorPlace");
  m = MakeConvReluModel();
  m.graphs[0].nodes[1].engine = static_cast<kernels::Engine>(5);
  ExpectInvalid(m, "graph 0 node 1 'relu1': engine 5 is not an Engine");
  m = MakeConvReluModel();
  m.graphs[0].nodes[1].attrs.Set("t", std::vector<DataType>{DataType::kFloat, static_cast<DataType>(77)});
  ExpectInvalid(m, "graph 0 node 1 'relu1' attr 't': data type 77 is not a DataType");
  m = MakeConvReluModel();
  m.inputs[0].format = static_cast<Format>(1000);
  ExpectInvalid(m, "input 0 'x': format 1000 is not a Format");
}

}  // namespace
}  // namespace asim::om
