// ModelToJson: the keys `atc --mode=1` users read, typed attributes, tensor places, the
// optional file facts, and robustness (invalid indices, non-UTF-8 names) without throwing.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "om/om_json.h"
#include "om/om_reader.h"
#include "tests/unit/om/test_models.h"

namespace asim::om {
namespace {

using nlohmann::json;

TEST(OmJson, ConvReluKeys) {
  const Model m = testing::MakeConvReluModel();
  const json j = json::parse(ModelToJson(m));
  EXPECT_EQ(j["format_version"], 1);
  EXPECT_EQ(j["name"], "conv_relu");
  EXPECT_EQ(j["soc_version"], "Ascend310");
  EXPECT_EQ(j["producer"], "om unit test");
  EXPECT_EQ(j["metadata"]["framework"], "onnx");
  EXPECT_EQ(j["work_size"], 1536);
  EXPECT_EQ(j["weight_size"], 464);
  EXPECT_EQ(j["weights"]["size"], 464);
  EXPECT_FALSE(j.contains("file"));
  EXPECT_EQ(j["dynamic"], "none");
  EXPECT_EQ(j["inputs"][0]["name"], "x");
  EXPECT_EQ(j["inputs"][0]["dtype"], "DT_FLOAT");
  EXPECT_EQ(j["inputs"][0]["format"], "NCHW");
  EXPECT_EQ(j["inputs"][0]["dims"], json({1, 3, 8, 8}));
  EXPECT_EQ(j["inputs"][0]["size"], 768);
  EXPECT_EQ(j["outputs"][0]["size"], 1024);
  ASSERT_EQ(j["graphs"].size(), 1u);
  const json& g = j["graphs"][0];
  EXPECT_TRUE(g["gear"].is_null());
  EXPECT_EQ(g["work_size"], 1536);
  EXPECT_EQ(g["tensor_count"], 5);
  EXPECT_EQ(g["weight_tensor_count"], 2);
  const json& conv = g["nodes"][0];
  EXPECT_EQ(conv["name"], "conv1");
  EXPECT_EQ(conv["type"], "Conv2D");
  EXPECT_EQ(conv["engine"], "AI_CORE");
  EXPECT_EQ(conv["attrs"]["groups"]["type"], "int");
  EXPECT_EQ(conv["attrs"]["groups"]["value"], 1);
  EXPECT_EQ(conv["attrs"]["strides"]["type"], "list_int");
  EXPECT_EQ(conv["attrs"]["data_format"]["value"], "NCHW");
  EXPECT_EQ(conv["inputs"][0]["place"], "input");
  EXPECT_EQ(conv["inputs"][0]["io_index"], 0);
  EXPECT_EQ(conv["inputs"][0]["io_name"], "x");
  EXPECT_EQ(conv["inputs"][1]["name"], "conv1.weight");
  EXPECT_EQ(conv["inputs"][1]["place"], "weight");
  EXPECT_EQ(conv["inputs"][2]["offset"], 448);
  EXPECT_EQ(conv["inputs"][2]["size"], 16);
  EXPECT_EQ(conv["outputs"][0]["place"], "work");
  EXPECT_EQ(conv["workspace"]["offset"], 1024);
  EXPECT_EQ(conv["workspace"]["size"], 512);
  EXPECT_EQ(g["nodes"][1]["outputs"][0]["place"], "output");
}

TEST(OmJson, DynamicAndAbsentInputs) {
  const json j = json::parse(ModelToJson(testing::MakeDynamicBatchModel()));
  EXPECT_EQ(j["dynamic"], "batch");
  EXPECT_EQ(j["gears"], json({{1}, {4}}));
  EXPECT_EQ(j["inputs"][1]["name"], "ascend_mbatch_shape_data");
  EXPECT_EQ(j["graphs"][1]["gear"], json({4}));
  const json& clip = j["graphs"][0]["nodes"][1];
  EXPECT_EQ(clip["engine"], "AI_CPU");
  EXPECT_EQ(clip["inputs"][1]["index"], -1);
  EXPECT_EQ(clip["inputs"][1]["absent"], true);
}

TEST(OmJson, DynamicTensors) {
  const json j = json::parse(ModelToJson(testing::MakeDataDependentModel()));
  EXPECT_EQ(j["format_version"], 2);
  EXPECT_EQ(j["outputs"][0]["dims"], json({-1, -1}));
  const json& nonzero = j["graphs"][0]["nodes"][0];
  EXPECT_FALSE(nonzero["inputs"][0].contains("dynamic"));
  EXPECT_EQ(nonzero["outputs"][0]["dynamic"], true);
  EXPECT_EQ(nonzero["outputs"][0]["dims"], json({2, 6}));
}

TEST(OmJson, EveryAttrTypeAndOrigin) {
  const json j = json::parse(ModelToJson(testing::MakeAllAttrsModel()));
  const json& attrs = j["graphs"][0]["nodes"][0]["attrs"];
  EXPECT_EQ(attrs["b_true"]["type"], "bool");
  EXPECT_EQ(attrs["b_true"]["value"], true);
  EXPECT_EQ(attrs["i_neg"]["value"], -42);
  EXPECT_EQ(attrs["f"]["type"], "float");
  EXPECT_EQ(attrs["f"]["value"], 0.5);
  EXPECT_EQ(attrs["f_inf"]["value"], "inf");  // JSON numbers have no infinity (kernels/framework/attr_json.h)
  EXPECT_EQ(attrs["dt"]["type"], "data_type");
  EXPECT_EQ(attrs["dt"]["value"], "DT_BF16");
  EXPECT_EQ(attrs["lb"]["value"], json({true, false, true}));
  EXPECT_EQ(attrs["lf"]["type"], "list_float");
  EXPECT_EQ(attrs["ls"]["value"], json({"a", "", "ccc"}));
  EXPECT_EQ(attrs["ldt"]["value"], json({"DT_FLOAT", "DT_INT4", "DT_UNDEFINED"}));
  EXPECT_EQ(attrs["lli"]["type"], "list_list_int");
  EXPECT_EQ(attrs["lli"]["value"], json({{1, 2}, json::array(), {3}}));
  EXPECT_TRUE(attrs["s_binary"]["value"].is_string());  // invalid UTF-8 replaced, not thrown
  const json& y = j["graphs"][0]["nodes"][0]["outputs"][0];
  EXPECT_EQ(y["format"], "NC1HWC0");
  EXPECT_EQ(y["origin_format"], "NCHW");
  EXPECT_EQ(y["origin_dims"], json({1, 16, 2, 2}));
}

TEST(OmJson, FileFactsFromTheHeader) {
  const Model m = testing::MakeConvReluModel();
  const std::vector<uint8_t> bytes = testing::Encode(m);
  ModelHeader h;
  ASSERT_TRUE(ReadModelHeader(bytes.data(), bytes.size(), &h).ok());
  const json j = json::parse(ModelToJson(m, &h, -1));
  EXPECT_EQ(j["file"]["size"], bytes.size());
  EXPECT_EQ(j["file"]["weight_offset"], h.weight_offset);
  ASSERT_EQ(j["file"]["sections"].size(), 4u);
  EXPECT_EQ(j["file"]["sections"][0]["kind"], "metadata");
  EXPECT_EQ(j["file"]["sections"][3]["kind"], "weights");
  EXPECT_EQ(j["file"]["sections"][3]["length"], 464);
  EXPECT_EQ(ModelToJson(m, &h, -1).find('\n'), std::string::npos);  // one line
}

TEST(OmJson, InvalidModelsStillRender) {
  Model m = testing::MakeConvReluModel();
  m.graphs[0].nodes[0].inputs[0] = 77;
  m.graphs[0].nodes[0].name = "bad\xc3";
  const json j = json::parse(ModelToJson(m));
  EXPECT_EQ(j["graphs"][0]["nodes"][0]["inputs"][0]["invalid"], true);
}

}  // namespace
}  // namespace asim::om
