// Unit tests of the objects behind acl_mdl.h's handles (runtime/model: Dataset,
// ModelDescription, the gear helpers, the AIPP record) on hand-built ModelInfo values: no
// device, no aclInit, no libascendcl.
#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "runtime/core/io_objects.h"
#include "runtime/model/aipp_record.h"
#include "runtime/model/dataset.h"
#include "runtime/model/gears.h"
#include "runtime/model/model_description.h"

namespace asim::model {
namespace {

om::IoDesc Io(const std::string& name, std::vector<int64_t> dims, DataType dtype = DataType::kFloat) {
  om::IoDesc io;
  io.name = name;
  io.dims = std::move(dims);
  io.dtype = dtype;
  io.format = Format::kNchw;
  return io;
}

// A dynamic-dims model: x [1, -1, 4], y [-1]; gears (2, 3) and (5, 7); the gear input last.
std::shared_ptr<const ModelInfo> DimsModel() {
  auto info = std::make_shared<ModelInfo>();
  info->inputs = {Io("x", {1, -1, 4}), Io("y", {-1}), Io(om::kDynamicTensorName, {2}, DataType::kInt64)};
  info->outputs = {Io("out", {-1, 4})};
  info->dynamic = om::DynamicKind::kDims;
  info->gears = {{2, 3}, {5, 7}};
  info->gear_outputs = {{{2, 4}}, {{5, 4}}};
  return info;
}

TEST(ModelObjects, DatasetListsBuffersByWeakReference) {
  rt::IoObjects io;
  auto a = std::make_shared<rt::DataBuffer>(rt::DataBuffer{reinterpret_cast<void*>(0x1000), 64});
  auto b = std::make_shared<rt::DataBuffer>(rt::DataBuffer{reinterpret_cast<void*>(0x2000), 32});
  Dataset set;
  set.AddBuffer(a);
  set.AddBuffer(b);
  ASSERT_EQ(set.size(), 2u);
  EXPECT_EQ(set.BufferHandle(1), b.get());

  std::vector<IoBuffer> buffers;
  std::vector<std::shared_ptr<const void>> keep;
  ASSERT_TRUE(set.Collect("input", io.descs, &buffers, &keep).ok());
  ASSERT_EQ(buffers.size(), 2u);
  EXPECT_EQ(buffers[0].size, 64u);
  EXPECT_EQ(buffers[1].data, reinterpret_cast<void*>(0x2000));
  EXPECT_EQ(buffers[0].desc, nullptr);

  b.reset();  // the application destroys a listed buffer
  buffers.clear();
  const Status st = set.Collect("input", io.descs, &buffers, &keep);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("input dataset buffer 1 was destroyed"), std::string::npos) << st.message();
}

TEST(ModelObjects, DatasetOwnsRegisteredDescCopies) {
  rt::IoObjects io;
  auto buffer = std::make_shared<rt::DataBuffer>();
  Dataset set;
  set.AddBuffer(buffer);
  EXPECT_EQ(set.SetDesc(1, nullptr, io.descs).code(), err::kInvalidParam);

  TensorDesc source(DataType::kFloat16, Format::kNd, {2, 3});
  ASSERT_TRUE(set.SetDesc(0, &source, io.descs).ok());
  TensorDesc* copy = set.Desc(0);
  ASSERT_NE(copy, nullptr);
  EXPECT_NE(copy, &source);
  EXPECT_EQ(io.descs.Find(copy).get(), copy);  // the getters accept it
  EXPECT_EQ(copy->dims(), (std::vector<int64_t>{2, 3}));

  TensorDesc other(DataType::kFloat, Format::kNd, {7});
  ASSERT_TRUE(set.SetDesc(0, &other, io.descs).ok());
  EXPECT_EQ(set.Desc(0), copy);  // overwritten in place: the handle stays
  EXPECT_EQ(copy->dims(), (std::vector<int64_t>{7}));

  std::vector<IoBuffer> buffers;
  std::vector<std::shared_ptr<const void>> keep;
  ASSERT_TRUE(set.Collect("output", io.descs, &buffers, &keep).ok());
  EXPECT_EQ(buffers[0].desc, copy);
  EXPECT_EQ(keep.size(), 1u);

  ASSERT_TRUE(set.SetDesc(0, nullptr, io.descs).ok());  // clears
  EXPECT_EQ(set.Desc(0), nullptr);
  EXPECT_EQ(io.descs.size(), 0u);

  ASSERT_TRUE(set.SetDesc(0, &source, io.descs).ok());
  set.ReleaseDescs(io.descs);
  EXPECT_EQ(io.descs.size(), 0u);
}

TEST(ModelObjects, DatasetTakesDataDependentDims) {
  rt::IoObjects io;
  auto info = std::make_shared<ModelInfo>();
  info->outputs = {Io("indices", {-1, 2}, DataType::kInt64), Io("count", {1})};
  Dataset set;
  set.AddBuffer(std::make_shared<rt::DataBuffer>());
  set.AddBuffer(std::make_shared<rt::DataBuffer>());
  TensorDesc mine(DataType::kInt64, Format::kNd, {8, 2});
  ASSERT_TRUE(set.SetDesc(0, &mine, io.descs).ok());
  TensorDesc* copy = set.Desc(0);

  ExecuteResult result;
  result.data_dependent_dims = {{3, 2}, {}};
  set.ApplyOutputDims(*info, result, io.descs);
  EXPECT_EQ(set.Desc(0), copy);  // the application's entry gets the new shape
  EXPECT_EQ(copy->dims(), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(set.Desc(1), nullptr);  // not data-dependent: untouched

  io.descs.Remove(copy);  // destroyed by the application: a new one is made
  result.data_dependent_dims = {{5, 2}, {}};
  set.ApplyOutputDims(*info, result, io.descs);
  ASSERT_NE(set.Desc(0), nullptr);
  EXPECT_EQ(set.Desc(0)->dims(), (std::vector<int64_t>{5, 2}));
  EXPECT_EQ(set.Desc(0)->name(), "indices");
  EXPECT_EQ(set.Desc(0)->data_type(), DataType::kInt64);
  EXPECT_TRUE(io.descs.Find(set.Desc(0)));
}

TEST(ModelObjects, UnfilledDescriptionHasNoTensors) {
  ModelDescription desc;
  EXPECT_FALSE(desc.filled());
  EXPECT_TRUE(desc.inputs().empty());
  NamedDims dims;
  EXPECT_EQ(desc.InputDims(0, &dims).code(), err::kInvalidParam);
  EXPECT_TRUE(desc.Gears(om::DynamicKind::kBatch).empty());
  EXPECT_EQ(desc.RealName("x"), nullptr);
}

TEST(ModelObjects, DescriptionDimsAndGears) {
  ModelDescription desc;
  desc.Fill(DimsModel(), 0, /*from_loaded_model=*/false);
  NamedDims dims;
  ASSERT_TRUE(desc.InputDims(0, &dims).ok());
  EXPECT_EQ(dims.name, "x");
  EXPECT_EQ(dims.dims, (std::vector<int64_t>{1, -1, 4}));
  ASSERT_TRUE(desc.OutputDims(0, &dims).ok());
  EXPECT_EQ(dims.dims, (std::vector<int64_t>{5, 4}));  // a gear model's output: the largest gear's dims

  // A description of a file runs no gear: the current output dims are the largest gear's.
  ModelManager models;
  ASSERT_TRUE(desc.CurOutputDims(models, 0, &dims).ok());
  EXPECT_EQ(dims.dims, (std::vector<int64_t>{5, 4}));

  std::vector<std::array<int64_t, 2>> ranges;
  ASSERT_TRUE(desc.InputDimsRange(0, &ranges).ok());
  EXPECT_TRUE(ranges.empty());  // a gear model: not supported, as in AscendCL

  EXPECT_EQ(desc.Gears(om::DynamicKind::kDims).size(), 2u);
  EXPECT_TRUE(desc.Gears(om::DynamicKind::kBatch).empty());
  std::vector<std::vector<int64_t>> per_gear;
  ASSERT_TRUE(desc.DimsGearInputs(&per_gear).ok());
  ASSERT_EQ(per_gear.size(), 2u);
  EXPECT_EQ(per_gear[0], (std::vector<int64_t>{1, 2, 4, 3}));
  EXPECT_EQ(per_gear[1], (std::vector<int64_t>{1, 5, 4, 7}));
}

TEST(ModelObjects, StaticModelRangesAreItsDims) {
  auto info = std::make_shared<ModelInfo>();
  info->inputs = {Io("x", {1, 3, 224, 224})};
  ModelDescription desc;
  desc.Fill(info, 0, false);
  std::vector<std::array<int64_t, 2>> ranges;
  ASSERT_TRUE(desc.InputDimsRange(0, &ranges).ok());
  ASSERT_EQ(ranges.size(), 4u);
  EXPECT_EQ(ranges[3], (std::array<int64_t, 2>{224, 224}));
  EXPECT_EQ(desc.InputDimsRange(1, &ranges).code(), err::kInvalidParam);
}

TEST(ModelObjects, LongNamesGetConversionNamesThatMapBack) {
  auto info = std::make_shared<ModelInfo>();
  const std::string long_name(kMaxTensorNameLen, 'n');  // one byte too long with its NUL
  info->inputs = {Io(long_name, {1})};
  info->outputs = {Io("short", {1})};
  ModelDescription desc;
  desc.Fill(info, 12, /*from_loaded_model=*/true);
  NamedDims dims;
  ASSERT_TRUE(desc.InputDims(0, &dims).ok());
  EXPECT_EQ(dims.name, "acl_modelId_12_input_0");
  ASSERT_NE(desc.RealName(dims.name), nullptr);
  EXPECT_EQ(desc.RealName(dims.name), long_name);
  EXPECT_STREQ(desc.RealName("short"), "short");
  EXPECT_EQ(desc.RealName("acl_modelId_13_input_0"), nullptr);  // another model's
  EXPECT_EQ(desc.RealName("acl_modelId_12_input_5"), nullptr);  // no such input
}

TEST(ModelObjects, StaticAippInputReportsTheImage) {
  auto info = std::make_shared<ModelInfo>();
  info->inputs = {Io("image", {1, 224, 224, 3}, DataType::kUint8), Io("other", {1, 8})};
  info->metadata["aipp.0"] = "format=1;src=320x240;crop=0,0,0,0x0;pad=0,0,0,0;csc=1";
  ModelDescription desc;
  desc.Fill(info, 0, false);
  NamedDims dims;
  ASSERT_TRUE(desc.InputDims(0, &dims).ok());
  EXPECT_EQ(dims.dims, (std::vector<int64_t>{1, 240, 320, 3}));  // NHWC, YUV420SP: C 3
  // V2: H x 1.5 and C 1, so that the product is the image's bytes.
  ASSERT_TRUE(desc.InputDimsV2(0, &dims).ok());
  EXPECT_EQ(dims.dims, (std::vector<int64_t>{1, 360, 320, 1}));
  ASSERT_TRUE(desc.InputDims(1, &dims).ok());
  EXPECT_EQ(dims.dims, (std::vector<int64_t>{1, 8}));
  ASSERT_TRUE(desc.InputDimsV2(1, &dims).ok());
  EXPECT_EQ(dims.dims, (std::vector<int64_t>{1, 8}));
  // The other formats' V2 dims: [N, H, W, bytes per pixel]; YUV422SP [N, 2H, W, 1].
  const std::pair<const char*, std::vector<int64_t>> v2_by_format[] = {{"format=3", {1, 240, 320, 3}},
                                                                       {"format=2", {1, 240, 320, 4}},
                                                                       {"format=4", {1, 240, 320, 1}},
                                                                       {"format=9", {1, 480, 320, 1}}};
  for (const auto& [format, want] : v2_by_format) {
    info->metadata["aipp.0"] = std::string(format) + ";src=320x240;crop=0,0,0,0x0;pad=0,0,0,0;csc=0";
    ModelDescription other;
    other.Fill(info, 0, false);
    ASSERT_TRUE(other.InputDimsV2(0, &dims).ok());
    EXPECT_EQ(dims.dims, want) << format;
  }

  info->metadata["aipp.0"] = "dynamic=1;max=1000;attached=2";
  EXPECT_TRUE(StaticAippImageDims(*info, 0).empty());
  const AippRecord record = AippRecordOf(*info, 0);
  EXPECT_EQ(AippRecordValue(record, "max"), 1000);
  EXPECT_EQ(AippRecordValue(record, "missing", 0, 7), 7);
  EXPECT_EQ(AippRecordText(*info, 1), nullptr);
}

TEST(ModelObjects, DimsGearValuesCheckTheStaticDims) {
  auto info = DimsModel();
  EXPECT_EQ(DynamicTensorIndex(*info), 2);
  EXPECT_EQ(DataInputDims(*info), (std::vector<int64_t>{1, -1, 4, -1}));
  std::vector<int64_t> values;
  ASSERT_TRUE(DimsGearValues(*info, {1, 5, 4, 7}, &values).ok());
  EXPECT_EQ(values, (std::vector<int64_t>{5, 7}));
  values.clear();
  EXPECT_EQ(DimsGearValues(*info, {1, 5, 4}, &values).code(), err::kGeDynamicInputLengthInvalid);
  values.clear();
  const Status st = DimsGearValues(*info, {2, 5, 4, 7}, &values);
  EXPECT_EQ(st.code(), err::kGeDynamicInputLengthInvalid);
  EXPECT_NE(st.message().find("static"), std::string::npos) << st.message();
}

}  // namespace
}  // namespace asim::model
