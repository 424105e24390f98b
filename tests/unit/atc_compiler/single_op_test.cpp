// Single-op descriptions: JSON parsing (and its messages), the round trip desc -> JSON ->
// desc, compilation into a one-op model, SingleOpDescOf and the .om file stem.
#include "compiler/single_op.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace asim::atc {
namespace {

using nlohmann::json;

// The public gemm sample's description (ascend_tools_hw.md 1.5).
const char* kGemmJson = R"([{
  "op": "GEMM",
  "input_desc": [
    {"format": "ND", "shape": [16, 16], "type": "float16"},
    {"format": "ND", "shape": [16, 16], "type": "float16"},
    {"format": "ND", "shape": [16, 16], "type": "float16"},
    {"format": "ND", "shape": [], "type": "float16"},
    {"format": "ND", "shape": [], "type": "float16"}
  ],
  "output_desc": [{"format": "ND", "shape": [16, 16], "type": "float16"}],
  "attr": [
    {"name": "transpose_a", "type": "bool", "value": false},
    {"name": "transpose_b", "type": "bool", "value": false}
  ]
}])";

json AddEntry() {
  return json::parse(R"({
    "op": "Add",
    "input_desc": [{"format": "ND", "shape": [2, 3], "type": "float"},
                   {"format": "ND", "shape": [2, 3], "type": "float"}],
    "output_desc": [{"format": "ND", "shape": [2, 3], "type": "float"}]
  })");
}

// The message of parsing `entry`, "" when it parses.
std::string ParseError(const json& entry) {
  SingleOpDesc d;
  Status st = ParseSingleOpJson(entry, "ops.json op 0", &d);
  if (st.ok()) return "";
  EXPECT_EQ(st.code(), err::kInvalidParam);
  return st.message();
}

TEST(SingleOpJson, ParsesThePublicGemmSample) {
  const json file = json::parse(kGemmJson);
  SingleOpDesc d;
  ASSERT_TRUE(ParseSingleOpJson(file[0], "gemm.json op 0", &d).ok());
  EXPECT_EQ(d.op_type, "GEMM");
  ASSERT_EQ(d.inputs.size(), 5u);
  ASSERT_EQ(d.outputs.size(), 1u);
  EXPECT_EQ(d.inputs[0].dtype, DataType::kFloat16);
  EXPECT_EQ(d.inputs[0].format, Format::kNd);
  EXPECT_EQ(d.inputs[0].dims, (std::vector<int64_t>{16, 16}));
  EXPECT_TRUE(d.inputs[3].dims.empty());
  EXPECT_FALSE(d.attrs.GetBool("transpose_a", true));
  EXPECT_TRUE(d.attrs.Has("transpose_b"));
}

TEST(SingleOpJson, TypeSpellings) {
  const std::vector<std::pair<std::string, DataType>> cases = {
      {"float16", DataType::kFloat16}, {"float", DataType::kFloat},       {"float32", DataType::kFloat},
      {"int8", DataType::kInt8},       {"int16", DataType::kInt16},       {"int32", DataType::kInt32},
      {"int64", DataType::kInt64},     {"uint8", DataType::kUint8},       {"uint16", DataType::kUint16},
      {"uint32", DataType::kUint32},   {"uint64", DataType::kUint64},     {"double", DataType::kDouble},
      {"bool", DataType::kBool},       {"DT_FLOAT16", DataType::kFloat16}};
  for (const auto& [name, dtype] : cases) {
    json e = AddEntry();
    e["input_desc"][0]["type"] = name;
    SingleOpDesc d;
    ASSERT_TRUE(ParseSingleOpJson(e, "x", &d).ok()) << name;
    EXPECT_EQ(d.inputs[0].dtype, dtype) << name;
  }
}

TEST(SingleOpJson, ErrorsNameTheEntryTheKeyAndTheProblem) {
  json e = AddEntry();
  e["input_desc"][1]["type"] = "half16";
  EXPECT_EQ(ParseError(e).rfind("ops.json op 0 'Add'.input_desc[1].type: 'half16' is not a tensor type (float16", 0),
            0u)
      << ParseError(e);

  e = AddEntry();
  e.erase("op");
  EXPECT_EQ(ParseError(e), "ops.json op 0: missing key 'op'");

  e = AddEntry();
  e["op"] = 3;
  EXPECT_NE(ParseError(e).find("ops.json op 0.op: must be a non-empty op type string"), std::string::npos);

  e = AddEntry();
  e.erase("output_desc");
  EXPECT_EQ(ParseError(e), "ops.json op 0 'Add': missing key 'output_desc'");

  e = AddEntry();
  e["output_desc"] = json::array();
  EXPECT_NE(ParseError(e).find("at least one output"), std::string::npos);

  e = AddEntry();
  e["input_desc"][0]["format"] = "NCWH";
  EXPECT_NE(ParseError(e).find("input_desc[0].format: 'NCWH' is not a format"), std::string::npos);

  e = AddEntry();
  e["input_desc"][0]["shape"] = json::array({2, -1});
  EXPECT_NE(ParseError(e).find("input_desc[0].shape[1]: -1: dynamic"), std::string::npos);

  e = AddEntry();
  e["input_desc"][0]["shape"] = "2,3";
  EXPECT_NE(ParseError(e).find("input_desc[0].shape: must be an array"), std::string::npos);

  e = AddEntry();
  e["input_desc"][0].erase("type");
  EXPECT_EQ(ParseError(e), "ops.json op 0 'Add'.input_desc[0]: missing key 'type'");

  e = AddEntry();
  e["input_desc"][0]["dtype"] = "float";
  EXPECT_NE(ParseError(e).find("unknown key 'dtype'"), std::string::npos);

  e = AddEntry();
  e["atr"] = json::array();
  EXPECT_NE(ParseError(e).find("unknown key 'atr'"), std::string::npos);

  e = json::array();
  EXPECT_NE(ParseError(e).find("ops.json op 0: must be an object"), std::string::npos);
}

TEST(SingleOpJson, AttributeErrors) {
  auto with_attr = [](json attr) {
    json e = AddEntry();
    e["attr"] = json::array({std::move(attr)});
    return e;
  };
  EXPECT_NE(ParseError(with_attr({{"name", "a"}, {"type", "bool"}, {"value", 1}}))
                .find("attr[0] 'a'.value: must be true or false, got 1"),
            std::string::npos);
  EXPECT_NE(ParseError(with_attr({{"name", "a"}, {"type", "boolean"}, {"value", true}}))
                .find("attr[0] 'a'.value: unknown attribute type 'boolean'"),
            std::string::npos);
  EXPECT_NE(ParseError(with_attr({{"name", "a"}, {"type", "list_int"}, {"value", {1, "2"}}}))
                .find("attr[0] 'a'.value[1]: must be an integer"),
            std::string::npos);
  EXPECT_NE(ParseError(with_attr({{"name", "a"}, {"type", "int"}, {"value", 1.5}})).find("must be an integer"),
            std::string::npos);
  EXPECT_NE(ParseError(with_attr({{"name", "a"}, {"type", "int"}})).find("missing key 'value'"), std::string::npos);
  EXPECT_NE(ParseError(with_attr({{"type", "int"}, {"value", 1}})).find("attr[0].name: missing"), std::string::npos);
  EXPECT_NE(ParseError(with_attr({{"name", "a"}, {"type", "data_type"}, {"value", "half"}}))
                .find("'half' is not a data type"),
            std::string::npos);
  EXPECT_NE(ParseError(with_attr({{"name", "a"}, {"type", "list_list_int"}, {"value", {{1}, 2}}}))
                .find("value[1]: must be an array"),
            std::string::npos);
  json e = AddEntry();
  e["attr"] =
      json::array({{{"name", "a"}, {"type", "int"}, {"value", 1}}, {{"name", "a"}, {"type", "int"}, {"value", 2}}});
  EXPECT_NE(ParseError(e).find("attribute given twice"), std::string::npos);
}

// The file-level reader (tests/fuzz/singleop_json_fuzz.cpp fuzzes it); each case below was
// a crash of `atc --singleop` or a desc that did not read back from its model.
TEST(SingleOpFile, TextErrorsAreStatusesNotCrashes) {
  std::vector<SingleOpDesc> descs;
  ASSERT_TRUE(ParseSingleOpFile(kGemmJson, "dir/gemm.json", &descs).ok());
  ASSERT_EQ(descs.size(), 1u);
  EXPECT_EQ(descs[0].op_type, "GEMM");
  // Not JSON: kParseFile with the byte position.
  Status st = ParseSingleOpFile(R"([{"op": "Add",)", "dir/broken.json", &descs);
  EXPECT_EQ(st.code(), err::kParseFile);
  EXPECT_NE(st.message().find("not valid JSON at byte"), std::string::npos) << st.message();
  // A number beyond double's range threw json::out_of_range past the parse_error handler.
  st = ParseSingleOpFile(R"([{"op": "Add", "input_desc": [], "output_desc": [1e999]}])", "big.json", &descs);
  EXPECT_EQ(st.code(), err::kParseFile);
  // Deep nesting overflowed the stack when a message rendered the value.
  const std::string deep = R"([{"op": "Add", "input_desc": )" + std::string(100000, '[') + std::string(100000, ']') +
                           R"(, "output_desc": []}])";
  st = ParseSingleOpFile(deep, "deep.json", &descs);
  EXPECT_EQ(st.code(), err::kParseFile);
  EXPECT_NE(st.message().find("nested deeper than"), std::string::npos) << st.message();
  // The top level and the entries: kInvalidParam naming the file and the entry.
  st = ParseSingleOpFile("{}", "dir/object.json", &descs);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("dir/object.json: the top level must be a non-empty array"), std::string::npos);
  json file = json::array({AddEntry()});
  file[0]["attr"] = json::array({{{"name", "alpha"}, {"type", "float"}, {"value", 1e300}}});
  st = ParseSingleOpFile(file.dump(), "dir/ops.json", &descs);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("ops.json op 0 'Add'.attr[0] 'alpha'.value: 1e+300 is outside the range of float"),
            std::string::npos)
      << st.message();
  EXPECT_EQ(descs.size(), 1u);  // untouched by the failures
}

TEST(SingleOpJson, RoundTripOfEveryAttributeKind) {
  SingleOpDesc d;
  d.op_type = "Custom";
  SingleOpTensor x;
  x.dtype = DataType::kInt8;
  x.format = Format::kNc1hwc0;
  x.dims = {1, 1, 4, 4, 32};
  x.name = "x";
  x.origin_format = Format::kNchw;
  x.origin_dims = {1, 3, 4, 4};
  d.inputs = {x};
  SingleOpTensor y;
  y.dtype = DataType::kUint64;
  d.outputs = {y};  // a scalar
  d.attrs.Set("b", true);
  d.attrs.Set("i", int64_t{-7});
  d.attrs.Set("f", 0.25f);
  d.attrs.Set("s", std::string("SAME"));
  d.attrs.Set("dt", DataType::kFloat16);
  d.attrs.Set("lb", std::vector<bool>{true, false});
  d.attrs.Set("li", std::vector<int64_t>{1, 2, 3});
  d.attrs.Set("lf", std::vector<float>{0.5f, -1.0f});
  d.attrs.Set("ls", std::vector<std::string>{"a", "b"});
  d.attrs.Set("ldt", std::vector<DataType>{DataType::kInt32, DataType::kFloat});
  d.attrs.Set("lli", std::vector<std::vector<int64_t>>{{1, 2}, {}, {3}});

  const json j = SingleOpToJson(d);
  EXPECT_EQ(j["input_desc"][0]["type"], "int8");
  EXPECT_EQ(j["input_desc"][0]["format"], "NC1HWC0");
  EXPECT_EQ(j["output_desc"][0]["type"], "uint64");
  SingleOpDesc back;
  // Through text, as atc reads it.
  ASSERT_TRUE(ParseSingleOpJson(json::parse(j.dump()), "rt", &back).ok());
  EXPECT_EQ(back.op_type, d.op_type);
  EXPECT_EQ(back.inputs, d.inputs);
  EXPECT_EQ(back.outputs, d.outputs);
  EXPECT_EQ(back.attrs.values(), d.attrs.values());
  EXPECT_EQ(SingleOpToJson(back), j);
}

TEST(SingleOpFileStem, AclEnumValuesOfEveryTensor) {
  const json file = json::parse(kGemmJson);
  SingleOpDesc d;
  ASSERT_TRUE(ParseSingleOpJson(file[0], "gemm.json op 0", &d).ok());
  EXPECT_EQ(SingleOpFileStem(0, d), "0_GEMM_1_2_16_16_1_2_16_16_1_2_16_16_1_2_1_2_1_2_16_16");
  d.op_type = "a/b";
  EXPECT_EQ(SingleOpFileStem(3, d).rfind("3_a_b_1_2_", 0), 0u);
  SingleOpTensor big;
  big.dims = std::vector<int64_t>(60, 1000);
  d.inputs = {big};
  const std::string stem = SingleOpFileStem(1, d);
  EXPECT_LE(stem.size(), 200u);
  EXPECT_EQ(stem, SingleOpFileStem(1, d));
  d.inputs[0].dims.back() = 999;
  EXPECT_NE(stem, SingleOpFileStem(1, d));
}

TEST(CompileSingleOp, AddIsOneOpWithDescInMetadata) {
  SingleOpDesc d;
  ASSERT_TRUE(ParseSingleOpJson(AddEntry(), "add", &d).ok());
  om::Model model;
  CompileReport report;
  ASSERT_TRUE(CompileSingleOp(d, CompileOptions{}, &model, &report).ok());
  ASSERT_EQ(model.inputs.size(), 2u);
  EXPECT_EQ(model.inputs[0].name, "x0");
  EXPECT_EQ(model.inputs[1].name, "x1");
  ASSERT_EQ(model.outputs.size(), 1u);
  EXPECT_EQ(model.outputs[0].dtype, DataType::kFloat);
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{2, 3}));
  ASSERT_EQ(model.graphs.size(), 1u);
  int adds = 0;
  for (const om::Node& n : model.graphs[0].nodes) adds += n.type == "Add";
  EXPECT_EQ(adds, 1);
  ASSERT_TRUE(model.metadata.count(kSingleOpMetadataKey));
  SingleOpDesc back;
  ASSERT_TRUE(SingleOpDescOf(model, &back).ok());
  EXPECT_EQ(back.op_type, "Add");
  EXPECT_EQ(back.inputs, d.inputs);
  EXPECT_EQ(back.outputs, d.outputs);
}

TEST(CompileSingleOp, ConstantInputsAreCompiledInAndRoundTrip) {
  // "is_const" / "const_value": Reshape's shape is read at compile time and the model has no
  // input for it; the description (metadata) keeps the values.
  const json entry = json::parse(R"({
    "op": "Reshape",
    "input_desc": [{"format": "ND", "shape": [2, 3], "type": "float"},
                   {"format": "ND", "shape": [2], "type": "int64", "is_const": true, "const_value": [3, 2]}],
    "output_desc": [{"format": "ND", "shape": [3, 2], "type": "float"}]
  })");
  SingleOpDesc d;
  ASSERT_TRUE(ParseSingleOpJson(entry, "reshape", &d).ok());
  ASSERT_TRUE(d.inputs[1].is_const);
  ASSERT_EQ(d.inputs[1].const_data.size(), 16u);
  om::Model model;
  ASSERT_TRUE(CompileSingleOp(d, CompileOptions{}, &model).ok());
  ASSERT_EQ(model.inputs.size(), 1u);
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{3, 2}));
  SingleOpDesc back;
  ASSERT_TRUE(SingleOpDescOf(model, &back).ok());
  EXPECT_EQ(back.inputs, d.inputs);
  // fp16 and float values round-trip through the JSON exactly.
  const json halves = json::parse(R"({
    "op": "Add",
    "input_desc": [{"format": "ND", "shape": [3], "type": "float16"},
                   {"format": "ND", "shape": [3], "type": "float16", "is_const": true, "const_value": [0.5, -2, 1e-3]}],
    "output_desc": [{"format": "ND", "shape": [3], "type": "float16"}]
  })");
  SingleOpDesc h;
  ASSERT_TRUE(ParseSingleOpJson(halves, "add", &h).ok());
  SingleOpDesc h_back;
  ASSERT_TRUE(ParseSingleOpJson(SingleOpToJson(h), "add", &h_back).ok());
  EXPECT_EQ(h_back.inputs, h.inputs);
  // Errors: wrong count, a value the type cannot hold, const_value without is_const.
  json bad = entry;
  bad["input_desc"][1]["const_value"] = {3, 2, 1};
  EXPECT_NE(ParseError(bad).find("has 3 values but shape [2] has 2 elements"), std::string::npos) << ParseError(bad);
  bad["input_desc"][1]["type"] = "int8";
  bad["input_desc"][1]["const_value"] = {3, 300};
  EXPECT_NE(ParseError(bad).find("const_value[1]"), std::string::npos) << ParseError(bad);
  bad["input_desc"][1].erase("is_const");
  EXPECT_NE(ParseError(bad).find("needs \"is_const\": true"), std::string::npos) << ParseError(bad);
  bad["input_desc"][1]["is_const"] = true;
  bad["input_desc"][1].erase("const_value");
  EXPECT_NE(ParseError(bad).find("needs 'const_value'"), std::string::npos) << ParseError(bad);
  // A constant whose bytes do not fit its shape (the runtime's aclSetTensorConst length).
  d.inputs[1].const_data.resize(8);
  const Status st = CompileSingleOp(d, CompileOptions{}, &model);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("8 bytes of data, not 16"), std::string::npos) << st.message();
}

// CANN's ReduceSum prototype: `keep_dims` (bool, default false); ONNX's `keepdims` (default 1)
// still works when a call gives it. The stored description keeps the call's attributes.
TEST(CompileSingleOp, ReductionsTakeCannsKeepDims) {
  auto compile = [](const json& attrs, std::vector<int64_t> out_dims, om::Model* model) {
    json entry = json::parse(R"({
      "op": "ReduceSum",
      "input_desc": [{"format": "ND", "shape": [2, 3], "type": "float"},
                     {"format": "ND", "shape": [1], "type": "int64", "is_const": true, "const_value": [1]}],
      "output_desc": [{"format": "ND", "shape": [2], "type": "float"}]
    })");
    entry["output_desc"][0]["shape"] = out_dims;
    if (!attrs.is_null()) entry["attr"] = attrs;
    SingleOpDesc d;
    const Status parsed = ParseSingleOpJson(entry, "reduce", &d);
    if (!parsed.ok()) return parsed;
    return CompileSingleOp(d, CompileOptions{}, model);
  };
  om::Model model;
  Status st = compile(json(), {2}, &model);  // CANN's default: the axis dropped
  ASSERT_TRUE(st.ok()) << st.message();
  st = compile(json::parse(R"([{"name": "keep_dims", "type": "bool", "value": true}])"), {2, 1}, &model);
  ASSERT_TRUE(st.ok()) << st.message();
  SingleOpDesc stored;
  ASSERT_TRUE(SingleOpDescOf(model, &stored).ok());
  EXPECT_TRUE(stored.attrs.Has("keep_dims"));
  EXPECT_FALSE(stored.attrs.Has("keepdims"));
  st = compile(json::parse(R"([{"name": "keep_dims", "type": "bool", "value": false}])"), {2}, &model);
  ASSERT_TRUE(st.ok()) << st.message();
  st = compile(json::parse(R"([{"name": "keepdims", "type": "int", "value": 1}])"), {2, 1}, &model);
  ASSERT_TRUE(st.ok()) << st.message();
}

// CANN's Transpose prototype: `perm` as a second, constant input (the attribute is ONNX's).
TEST(CompileSingleOp, TransposeTakesPermAsAConstantInput) {
  const json entry = json::parse(R"({
    "op": "Transpose",
    "input_desc": [{"format": "ND", "shape": [2, 3, 4], "type": "float"},
                   {"format": "ND", "shape": [3], "type": "int32", "is_const": true, "const_value": [2, 0, 1]}],
    "output_desc": [{"format": "ND", "shape": [4, 2, 3], "type": "float"}]
  })");
  SingleOpDesc d;
  ASSERT_TRUE(ParseSingleOpJson(entry, "transpose", &d).ok());
  om::Model model;
  Status st = CompileSingleOp(d, CompileOptions{}, &model);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{4, 2, 3}));
  d.inputs[1].const_data.assign(12, 0);  // [0, 0, 0]: not a permutation
  st = CompileSingleOp(d, CompileOptions{}, &model);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("not a permutation"), std::string::npos) << st.message();
}

TEST(CompileSingleOp, InternalFormatOutputsAreStoredInThatFormat) {
  // CANN's single-op template: Add in NC1HWC0 with its NCHW origin. The output is described
  // (and must be stored) as NC1HWC0 [8,1,16,4,16], not as the plain [8,16,16,4].
  const json entry = json::parse(R"({
    "op": "Add",
    "input_desc": [
      {"format": "NC1HWC0", "origin_format": "NCHW", "shape": [8, 1, 16, 4, 16], "origin_shape": [8, 16, 16, 4],
       "type": "float16"},
      {"format": "NC1HWC0", "origin_format": "NCHW", "shape": [8, 1, 16, 4, 16], "origin_shape": [8, 16, 16, 4],
       "type": "float16"}],
    "output_desc": [
      {"format": "NC1HWC0", "origin_format": "NCHW", "shape": [8, 1, 16, 4, 16], "origin_shape": [8, 16, 16, 4],
       "type": "float16"}]
  })");
  SingleOpDesc d;
  ASSERT_TRUE(ParseSingleOpJson(entry, "add", &d).ok());
  om::Model model;
  const Status st = CompileSingleOp(d, CompileOptions{}, &model);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(model.outputs.size(), 1u);
  EXPECT_EQ(model.outputs[0].format, Format::kNc1hwc0);
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{8, 1, 16, 4, 16}));
  // The same op with a plain NCHW output stays plain.
  d.outputs[0] =
      SingleOpTensor{DataType::kFloat16, Format::kNchw, {8, 16, 16, 4}, "", Format::kUndefined, {}, false, {}};
  ASSERT_TRUE(CompileSingleOp(d, CompileOptions{}, &model).ok());
  EXPECT_EQ(model.outputs[0].format, Format::kNchw);
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{8, 16, 16, 4}));
}

TEST(CompileSingleOp, ThePublicGemmSampleOnTheCube) {
  SingleOpDesc d;
  ASSERT_TRUE(ParseSingleOpJson(json::parse(kGemmJson)[0], "gemm.json op 0", &d).ok());
  om::Model model;
  CompileReport report;
  CompileOptions options;
  options.soc_version = "Ascend310";
  ASSERT_TRUE(CompileSingleOp(d, options, &model, &report).ok());
  EXPECT_EQ(model.inputs.size(), 5u);
  EXPECT_EQ(model.inputs[3].dims, std::vector<int64_t>{});
  const NodeReport* node = report.Find("GEMM");
  ASSERT_NE(node, nullptr) << report.ToString();
  EXPECT_EQ(node->engine, kernels::Engine::kAiCore);
  SingleOpDesc back;
  ASSERT_TRUE(SingleOpDescOf(model, &back).ok());
  EXPECT_EQ(SingleOpToJson(back), SingleOpToJson(d));

  // fp16 operands with an fp32 result (GemmEx's C in DT_FLOAT), int8 with int32 (S8gemm).
  SingleOpDesc wide = d;
  for (size_t i = 2; i < 5; ++i) wide.inputs[i].dtype = DataType::kFloat;
  wide.outputs[0].dtype = DataType::kFloat;
  ASSERT_TRUE(CompileSingleOp(wide, options, &model).ok());
  SingleOpDesc s8 = d;
  s8.inputs[0].dtype = s8.inputs[1].dtype = DataType::kInt8;
  for (size_t i = 2; i < 5; ++i) s8.inputs[i].dtype = DataType::kInt32;
  s8.outputs[0].dtype = DataType::kInt32;
  ASSERT_TRUE(CompileSingleOp(s8, options, &model).ok());
  // fp32 operands: the 310 cube refuses, the AI CPU takes it.
  SingleOpDesc f32 = wide;
  f32.inputs[0].dtype = f32.inputs[1].dtype = DataType::kFloat;
  ASSERT_TRUE(CompileSingleOp(f32, options, &model, &report).ok());
  ASSERT_NE(report.Find("GEMM"), nullptr);
  EXPECT_EQ(report.Find("GEMM")->engine, kernels::Engine::kAiCpu);
  // A c that does not match y's dtype.
  SingleOpDesc bad = d;
  bad.outputs[0].dtype = DataType::kFloat;
  EXPECT_EQ(CompileSingleOp(bad, options, &model).code(), err::kOpOutputNotMatch);
}

TEST(CompileSingleOp, OnnxGemmWithAttrs) {
  SingleOpDesc d;
  d.op_type = "Gemm";
  SingleOpTensor a{DataType::kFloat16, Format::kNd, {32, 16}, "", Format::kUndefined, {}, false, {}};
  SingleOpTensor b{DataType::kFloat16, Format::kNd, {16, 48}, "", Format::kUndefined, {}, false, {}};
  SingleOpTensor y{DataType::kFloat16, Format::kNd, {32, 48}, "", Format::kUndefined, {}, false, {}};
  d.inputs = {a, b};
  d.outputs = {y};
  d.attrs.Set("alpha", 0.5f);
  om::Model model;
  ASSERT_TRUE(CompileSingleOp(d, CompileOptions{}, &model).ok());
  SingleOpDesc back;
  ASSERT_TRUE(SingleOpDescOf(model, &back).ok());
  EXPECT_EQ(back.attrs.values(), d.attrs.values());
}

TEST(CompileSingleOp, Failures) {
  SingleOpDesc d;
  ASSERT_TRUE(ParseSingleOpJson(AddEntry(), "add", &d).ok());
  om::Model model;
  SingleOpDesc unknown = d;
  unknown.op_type = "NoSuchOp";
  Status st = CompileSingleOp(unknown, CompileOptions{}, &model);
  EXPECT_EQ(st.code(), err::kOpNotFound) << st.message();
  EXPECT_NE(st.message().find("NoSuchOp"), std::string::npos);

  SingleOpDesc wrong_out = d;
  wrong_out.outputs[0].dims = {3, 2};
  st = CompileSingleOp(wrong_out, CompileOptions{}, &model);
  EXPECT_EQ(st.code(), err::kOpOutputNotMatch);
  EXPECT_NE(st.message().find("output_desc[0] is float [3,2] but the op produces float [2,3]"), std::string::npos)
      << st.message();

  SingleOpDesc strings = d;
  strings.inputs[0].dtype = DataType::kString;
  EXPECT_FALSE(CompileSingleOp(strings, CompileOptions{}, &model).ok());

  om::Model plain;
  SingleOpDesc out;
  EXPECT_EQ(SingleOpDescOf(plain, &out).code(), err::kDeserializeModel);
  plain.metadata[kSingleOpMetadataKey] = "{not json";
  EXPECT_EQ(SingleOpDescOf(plain, &out).code(), err::kDeserializeModel);
}

}  // namespace
}  // namespace asim::atc
