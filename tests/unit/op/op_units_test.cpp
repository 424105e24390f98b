// runtime/op without a device: attribute equality with kernel defaults, matching of calls
// against single-op descriptions, compile options, and the catalog over .om files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>
#include "device_sim/soc/soc_spec.h"

#include "compiler/single_op.h"
#include "om/om_writer.h"
#include "runtime/op/compile_options.h"
#include "runtime/op/op_attr.h"
#include "runtime/op/op_call.h"
#include "runtime/op/op_catalog.h"

namespace asim::op {
namespace {

using kernels::AttrMap;

atc::SingleOpTensor T(DataType dt, std::vector<int64_t> dims, Format f = Format::kNd) {
  atc::SingleOpTensor t;
  t.dtype = dt;
  t.format = f;
  t.dims = std::move(dims);
  return t;
}

atc::SingleOpDesc AddDesc(DataType dt, std::vector<int64_t> dims) {
  atc::SingleOpDesc d;
  d.op_type = "Add";
  d.inputs = {T(dt, dims), T(dt, dims)};
  d.outputs = {T(dt, dims)};
  return d;
}

OpCall AddCall(DataType dt, std::vector<int64_t> dims) {
  OpCall c;
  c.op_type = "Add";
  c.inputs = {TensorDesc(dt, Format::kNd, dims), TensorDesc(dt, Format::kNd, dims)};
  c.outputs = {TensorDesc(dt, Format::kNd, dims)};
  return c;
}

TEST(OpAttr, ValuesCompareAcrossNumericKinds) {
  EXPECT_TRUE(AttrValuesEqual(int64_t{1}, true));
  EXPECT_TRUE(AttrValuesEqual(int64_t{2}, 2.0f));
  EXPECT_FALSE(AttrValuesEqual(int64_t{2}, 2.5f));
  EXPECT_TRUE(AttrValuesEqual(std::vector<int64_t>{1, 2}, std::vector<float>{1, 2}));
  EXPECT_FALSE(AttrValuesEqual(std::vector<int64_t>{1, 2}, std::vector<int64_t>{1}));
  EXPECT_TRUE(AttrValuesEqual(int64_t{1}, DataType::kFloat16));  // DT_FLOAT16 == 1
  EXPECT_FALSE(AttrValuesEqual(std::string("a"), int64_t{0}));
  EXPECT_EQ(AttrValueText(std::vector<std::vector<int64_t>>{{1, 2}, {3}}), "[[1,2],[3]]");
  EXPECT_EQ(AttrValueText(std::string("NCHW")), "'NCHW'");
  AttrMap m;
  m.Set("b", true);
  m.Set("a", int64_t{3});
  EXPECT_EQ(AttrMapText(m), "{a=3, b=true}");
}

TEST(OpAttr, AnAbsentAttributeEqualsTheKernelDefault) {
  AttrMap call, model;
  std::string why;
  call.Set("groups", int64_t{1});  // Conv2D's default
  EXPECT_TRUE(AttrsMatch("Conv2D", call, model, &why)) << why;
  call.Set("groups", int64_t{2});
  EXPECT_FALSE(AttrsMatch("Conv2D", call, model, &why));
  EXPECT_NE(why.find("groups"), std::string::npos) << why;
  model.Set("groups", int64_t{2});
  EXPECT_TRUE(AttrsMatch("Conv2D", call, model, &why)) << why;
  model.Set("strides", std::vector<int64_t>{1, 1, 2, 2});
  EXPECT_FALSE(AttrsMatch("Conv2D", call, model, &why));
  EXPECT_NE(why.find("strides"), std::string::npos) << why;
  // An attribute the kernel does not declare never equals "absent".
  AttrMap extra;
  extra.Set("mystery", int64_t{0});
  EXPECT_FALSE(AttrsMatch("Add", extra, AttrMap(), &why));
}

TEST(OpCall, MatchStagesAndUnknownDims) {
  std::string why;
  EXPECT_EQ(MatchOp(AddCall(DataType::kFloat, {2, 3}), AddDesc(DataType::kFloat, {2, 3}), &why), MatchStage::kMatched);
  EXPECT_EQ(MatchOp(AddCall(DataType::kFloat16, {2, 3}), AddDesc(DataType::kFloat, {2, 3}), &why), MatchStage::kInputs);
  EXPECT_NE(why.find("input 0"), std::string::npos) << why;
  EXPECT_EQ(MatchOp(AddCall(DataType::kFloat, {2, 3}), AddDesc(DataType::kFloat, {-1, 3}), &why), MatchStage::kMatched);
  EXPECT_EQ(MatchOp(AddCall(DataType::kFloat, {2, 3}), AddDesc(DataType::kFloat, {-2}), &why), MatchStage::kMatched);
  EXPECT_EQ(MatchOp(AddCall(DataType::kFloat, {2, 3}), AddDesc(DataType::kFloat, {2, 3, 1}), &why),
            MatchStage::kInputs);
  atc::SingleOpDesc out_differs = AddDesc(DataType::kFloat, {2, 3});
  out_differs.outputs[0].dims = {6};
  EXPECT_EQ(MatchOp(AddCall(DataType::kFloat, {2, 3}), out_differs, &why), MatchStage::kOutputs);
  atc::SingleOpDesc sub = AddDesc(DataType::kFloat, {2, 3});
  sub.op_type = "Sub";
  EXPECT_EQ(MatchOp(AddCall(DataType::kFloat, {2, 3}), sub, &why), MatchStage::kType);
  EXPECT_TRUE(DescIsDynamic(AddDesc(DataType::kFloat, {-1, 3})));
  EXPECT_FALSE(DescIsDynamic(AddDesc(DataType::kFloat, {2, 3})));
  const atc::SingleOpDesc back = DescOfCall(AddCall(DataType::kFloat16, {4}));
  EXPECT_EQ(back.inputs[1].dtype, DataType::kFloat16);
  EXPECT_EQ(back.outputs[0].dims, (std::vector<int64_t>{4}));
}

TEST(CompileOptions, ValuesAreCheckedAndReset) {
  CompileOptionStore store;
  EXPECT_FALSE(store.online());
  EXPECT_TRUE(store.Set(kPrecisionMode, "allow_mix_precision").ok());
  EXPECT_TRUE(store.online());
  EXPECT_EQ(store.Set(kPrecisionMode, "bogus").code(), err::kInvalidParam);
  EXPECT_EQ(store.Set(99, "x").code(), err::kInvalidParam);
  EXPECT_TRUE(store.Set(kDebugDir, "/any/dir").ok());
  std::string v;
  ASSERT_TRUE(store.Value(kPrecisionMode, &v).ok());
  EXPECT_EQ(v, "allow_mix_precision");
  EXPECT_EQ(store.AsMetadata().at("acl_compile_opt.ACL_PRECISION_MODE"), "allow_mix_precision");
  EXPECT_EQ(store.SetCompileFlag(3).code(), err::kInvalidParam);
  store.Reset();
  ASSERT_TRUE(store.Value(kPrecisionMode, &v).ok());
  EXPECT_EQ(v, "");
  EXPECT_FALSE(store.online());
}

class CatalogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(sim::LoadSocSpec("Ascend310", &spec_).ok());
    dir_ = std::filesystem::temp_directory_path() / ("op_catalog_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_ / "sub");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void Write(const atc::SingleOpDesc& desc, const std::filesystem::path& path, const std::string& soc = "Ascend310") {
    atc::CompileOptions options;
    options.soc_version = soc;
    om::Model model;
    Status st = atc::CompileSingleOp(desc, options, &model);
    ASSERT_TRUE(st.ok()) << st.message();
    ASSERT_TRUE(om::WriteModelFile(model, path.string()).ok());
  }
  sim::SocSpec spec_;
  OpCatalog catalog_;  // the test's own
  std::filesystem::path dir_;
};

TEST_F(CatalogTest, LoadsADirectoryAndFindsTheMatchingModel) {
  Write(AddDesc(DataType::kFloat, {2, 3}), dir_ / "add_f32.om");
  Write(AddDesc(DataType::kFloat16, {2, 3}), dir_ / "sub" / "add_f16.om");
  std::ofstream(dir_ / "notes.txt") << "ignored";
  size_t loaded = 0;
  ASSERT_TRUE(catalog_.LoadDir(dir_.string(), &loaded).ok());
  EXPECT_EQ(loaded, 2u);
  std::shared_ptr<const OpModelEntry> entry;
  ASSERT_TRUE(catalog_.Find(AddCall(DataType::kFloat16, {2, 3}), spec_, &entry).ok());
  EXPECT_NE(entry->source.find("add_f16.om"), std::string::npos);
  Status miss = catalog_.Find(AddCall(DataType::kFloat, {4, 3}), spec_, &entry);
  EXPECT_EQ(miss.code(), err::kOpNotFound);
  EXPECT_NE(miss.message().find("2 model(s) of op type 'Add'"), std::string::npos) << miss.message();
  EXPECT_NE(miss.message().find("atc --singleop"), std::string::npos) << miss.message();
  OpCall mul = AddCall(DataType::kFloat, {2, 3});
  mul.op_type = "Mul";
  miss = catalog_.Find(mul, spec_, &entry);
  EXPECT_NE(miss.message().find("none of op type 'Mul'"), std::string::npos) << miss.message();
}

TEST_F(CatalogTest, DescriptionsWithUnknownDimsAreRefused) {
  // atc's single-op descriptions are static (single_op.h); a model claiming -1 is not loaded.
  om::Model model;
  atc::CompileOptions options;
  Status st = atc::CompileSingleOp(AddDesc(DataType::kFloat, {2, 3}), options, &model);
  ASSERT_TRUE(st.ok()) << st.message();
  model.metadata[atc::kSingleOpMetadataKey] = atc::SingleOpToJson(AddDesc(DataType::kFloat, {-1, 3})).dump();
  st = catalog_.AddCompiled(model, "dynamic", nullptr);
  EXPECT_EQ(st.code(), err::kOpLoadFailed);
  EXPECT_NE(st.message().find("dynamic"), std::string::npos) << st.message();
}

TEST_F(CatalogTest, BadFilesAreNamedAndOtherSocsAreSkipped) {
  Write(AddDesc(DataType::kFloat, {2, 3}), dir_ / "for_910.om", "Ascend910");
  std::ofstream(dir_ / "junk.om") << "not an om file";
  size_t loaded = 0;
  Status st = catalog_.LoadDir(dir_.string(), &loaded);
  EXPECT_EQ(st.code(), err::kOpLoadFailed);
  EXPECT_NE(st.message().find("junk.om"), std::string::npos) << st.message();
  EXPECT_EQ(loaded, 1u);
  std::shared_ptr<const OpModelEntry> entry;
  Status miss = catalog_.Find(AddCall(DataType::kFloat, {2, 3}), spec_, &entry);
  EXPECT_EQ(miss.code(), err::kOpNotFound);
  EXPECT_NE(miss.message().find("built for Ascend910"), std::string::npos) << miss.message();
  EXPECT_EQ(catalog_.LoadDir((dir_ / "missing").string(), &loaded).code(), err::kReadModelFailure);
  // A plain (non single-op) model is refused by aclopLoad.
  om::Model plain;
  atc::CompileOptions options;
  ASSERT_TRUE(atc::CompileSingleOp(AddDesc(DataType::kFloat, {2}), options, &plain).ok());
  plain.metadata.erase(atc::kSingleOpMetadataKey);
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(om::WriteModel(plain, &bytes).ok());
  EXPECT_EQ(catalog_.LoadMem(bytes.data(), bytes.size()).code(), err::kOpLoadFailed);
}

TEST_F(CatalogTest, OnlineModelsAreCappedOldestFirst) {
  ASSERT_TRUE(catalog_.SetMaxOnline(2).ok());
  EXPECT_EQ(catalog_.SetMaxOnline(0).code(), err::kInvalidParam);
  atc::CompileOptions options;
  for (int64_t n = 1; n <= 3; ++n) {
    om::Model model;
    ASSERT_TRUE(atc::CompileSingleOp(AddDesc(DataType::kFloat, {n}), options, &model).ok());
    ASSERT_TRUE(catalog_.AddCompiled(std::move(model), "online", nullptr).ok());
  }
  EXPECT_EQ(catalog_.size(), 2u);
  std::shared_ptr<const OpModelEntry> entry;
  EXPECT_FALSE(catalog_.Find(AddCall(DataType::kFloat, {1}), spec_, &entry).ok());
  EXPECT_TRUE(catalog_.Find(AddCall(DataType::kFloat, {3}), spec_, &entry).ok());
}

}  // namespace
}  // namespace asim::op
