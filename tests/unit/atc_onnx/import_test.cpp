// The ONNX importer at the model level: initializers (raw, typed, external data), symbolic
// dims resolved by --input_shape, dynamic gears, opset 18 and extra domains, and the error
// codes of malformed or unsupported models.
#include <fstream>

#include "tests/onnx_conformance/om_interpreter.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"

namespace asim::atc::testing {
namespace {

using onnx::TensorProto;
constexpr int32_t kF = TensorProto::FLOAT;

OnnxModel AddModel(int64_t opset = 13) {
  OnnxModel m(opset);
  m.Input("x", kF, {2}).Output("y");
  m.Node("Add", {"x", "w"}, {"y"}, "add");
  return m;
}

TEST(AtcOnnxImport, InitializersFromTypedFieldsAndRawData) {
  OnnxModel typed = AddModel();
  auto* t = typed.graph().add_initializer();
  t->set_name("w");
  t->set_data_type(kF);
  t->add_dims(2);
  t->add_float_data(10);
  t->add_float_data(20);
  EXPECT_EQ(RunFloat(typed.Save(), {{1, 2}}), (std::vector<float>{11, 22}));
  OnnxModel raw = AddModel();
  raw.Floats("w", {2}, {5, 6});
  EXPECT_EQ(RunFloat(raw.Save(), {{1, 2}}), (std::vector<float>{6, 8}));
}

TEST(AtcOnnxImport, ExternalDataRelativeToTheModel) {
  OnnxModel m = AddModel();
  auto* t = m.graph().add_initializer();
  t->set_name("w");
  t->set_data_type(kF);
  t->add_dims(2);
  t->set_data_location(TensorProto::EXTERNAL);
  auto add_kv = [&](const char* k, const char* v) {
    auto* e = t->add_external_data();
    e->set_key(k);
    e->set_value(v);
  };
  add_kv("location", "weights.bin");
  add_kv("offset", "4");
  add_kv("length", "8");
  const std::string path = m.Save();
  {
    std::ofstream f(m.dir() / "weights.bin", std::ios::binary);
    const float data[3] = {99, 100, 200};
    f.write(reinterpret_cast<const char*>(data), sizeof data);
  }
  EXPECT_EQ(RunFloat(path, {{1, 2}}), (std::vector<float>{101, 202}));
  std::filesystem::remove(m.dir() / "weights.bin");
  om::Model model;
  const Status st = Convert(path, &model);
  EXPECT_FALSE(st.ok());
  EXPECT_TRUE(CodeOf(st) == "E16008" || CodeOf(st) == "E16006") << st.message();
}

TEST(AtcOnnxImport, SymbolicDimsNeedInputShape) {
  OnnxModel m(13);
  m.Input("x", kF, {"N", 3}).Output("y");
  m.Node("Relu", {"x"}, {"y"});
  const std::string path = m.Save();
  om::Model model;
  Status st = Convert(path, &model);
  EXPECT_EQ(CodeOf(st), "E10001") << st.message();
  EXPECT_NE(st.message().find("input_shape"), std::string::npos);
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"x", {4, 3}}};
  st = Convert(path, &model, nullptr, o);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model.inputs[0].dims, (std::vector<int64_t>{4, 3}));
  o.input_shapes = {{"nope", {4, 3}}};
  st = Convert(path, &model, nullptr, o);
  EXPECT_EQ(CodeOf(st), "E16001") << st.message();
  o.input_shapes = {{"x", {4, 3, 1}}};
  st = Convert(path, &model, nullptr, o);
  EXPECT_EQ(CodeOf(st), "E10001") << st.message();
}

// PyTorch's x.view(x.size(0), -1) under --dynamic_batch_size: Shape -> Gather -> Unsqueeze ->
// Concat -> Reshape depends on the gear, so the importer cannot fold it; each gear's graph is
// static, so the compiler folds it there (as GE does per gear) and the Reshape runs on the AI
// Core with static dims, the output sized for the largest gear.
TEST(AtcOnnxImport, AShapeComputationFoldsPerGear) {
  OnnxModel m(13);
  m.Input("x", kF, {"N", 3, 2, 2}).Output("y");
  m.Ints("zero", {}, {0}).Ints("axes", {1}, {0}).Ints("rest", {1}, {-1});
  m.Node("Shape", {"x"}, {"shape"});
  m.Node("Gather", {"shape", "zero"}, {"batch"});
  m.Node("Unsqueeze", {"batch", "axes"}, {"batch1"});
  SetInt(m.Node("Concat", {"batch1", "rest"}, {"target"}), "axis", 0);
  m.Node("Reshape", {"x", "target"}, {"flat"});
  m.Node("Relu", {"flat"}, {"y"});
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"x", {-1, 3, 2, 2}}};
  o.dynamic = om::DynamicKind::kBatch;
  o.gears = {{1}, {4}};
  o.dynamic_option = "--dynamic_batch_size";
  om::Model model;
  Status st = Convert(m.Save(), &model, nullptr, o);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(model.graphs.size(), 2u);
  ASSERT_EQ(model.outputs.size(), 1u);
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{-1, 12}));
  EXPECT_EQ(model.outputs[0].size, 4u * 12 * sizeof(float));
  const int64_t batch[2] = {1, 4};
  for (size_t g = 0; g < 2; ++g) {
    for (const om::Node& n : model.graphs[g].nodes) {
      EXPECT_EQ(n.engine, kernels::Engine::kAiCore) << "gear " << g << ": " << n.name << " (" << n.type << ")";
      EXPECT_NE(n.type, "Shape") << "gear " << g;
      if (n.type != "Reshape") continue;
      const om::Tensor& out = model.graphs[g].tensors[static_cast<size_t>(n.outputs[0])];
      EXPECT_FALSE(out.dynamic) << "gear " << g;
      EXPECT_EQ(out.desc.dims, (std::vector<int64_t>{batch[g], 12})) << "gear " << g;
    }
  }
}

// The per-gear fold of Shape reads the dims the model sees: a convolution's output is stored
// in NC1HWC0 ([b,1,4,4,16]) but its shape is [b,4,4,4], so x.view(x.size(0), x.size(1), -1)
// is [b,4,16] in every gear.
TEST(AtcOnnxImport, AGearFoldOfShapeReadsThePlainDimsOfAnInternalLayout) {
  OnnxModel m(13);
  m.Input("x", kF, {"N", 3, 4, 4}).Output("y");
  m.Floats("w", {4, 3, 1, 1}, std::vector<float>(12, 0.5f));
  m.Ints("i0", {}, {0}).Ints("i1", {}, {1}).Ints("axes", {1}, {0}).Ints("rest", {1}, {-1});
  m.Node("Conv", {"x", "w"}, {"c"});
  m.Node("Shape", {"c"}, {"shape"});
  m.Node("Gather", {"shape", "i0"}, {"n"});
  m.Node("Gather", {"shape", "i1"}, {"ch"});
  m.Node("Unsqueeze", {"n", "axes"}, {"n1"});
  m.Node("Unsqueeze", {"ch", "axes"}, {"ch1"});
  SetInt(m.Node("Concat", {"n1", "ch1", "rest"}, {"target"}), "axis", 0);
  m.Node("Reshape", {"c", "target"}, {"y"});
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"x", {-1, 3, 4, 4}}};
  o.dynamic = om::DynamicKind::kBatch;
  o.gears = {{1}, {2}};
  o.dynamic_option = "--dynamic_batch_size";
  om::Model model;
  Status st = Convert(m.Save(), &model, nullptr, o);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(model.graphs.size(), 2u);
  EXPECT_EQ(model.outputs.at(0).dims, (std::vector<int64_t>{-1, 4, 16}));
  const int64_t batch[2] = {1, 2};
  for (size_t g = 0; g < 2; ++g) {
    bool reshaped = false;
    for (const om::Node& n : model.graphs[g].nodes) {
      if (n.type != "Reshape") continue;
      reshaped = true;
      const om::Tensor& out = model.graphs[g].tensors[static_cast<size_t>(n.outputs[0])];
      EXPECT_EQ(out.desc.dims, (std::vector<int64_t>{batch[g], 4, 16})) << "gear " << g;
    }
    EXPECT_TRUE(reshaped) << "gear " << g;
  }
}

// A data-dependent value's dims are only a bound: its Shape is not folded per gear but runs.
TEST(AtcOnnxImport, AGearFoldLeavesTheShapeOfADataDependentValueToExecution) {
  OnnxModel m(13);
  m.Input("x", kF, {"N", 4}).Output("count");
  m.Node("NonZero", {"x"}, {"nz"});
  m.Node("Shape", {"nz"}, {"count"});
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"x", {-1, 4}}};
  o.dynamic = om::DynamicKind::kBatch;
  o.gears = {{1}, {2}};
  o.dynamic_option = "--dynamic_batch_size";
  om::Model model;
  Status st = Convert(m.Save(), &model, nullptr, o);
  ASSERT_TRUE(st.ok()) << st.message();
  for (size_t g = 0; g < model.graphs.size(); ++g) {
    bool shape_runs = false;
    for (const om::Node& n : model.graphs[g].nodes) shape_runs = shape_runs || n.type == "Shape";
    EXPECT_TRUE(shape_runs) << "gear " << g;
  }
}

// PyTorch's position_ids[:, :x.size(1)]: a Slice whose ends come from the Shape of a dynamic
// input is decided per gear (its import-time dims unknown), not bounded by the buffer's [1,8],
// which would not broadcast with the first gear's [2,4].
TEST(AtcOnnxImport, ASliceEndedByTheShapeOfADynamicInputIsDecidedPerGear) {
  OnnxModel m(13);
  m.Input("x", kF, {2, "S"}).Output("y");
  std::vector<float> positions(8);
  for (size_t i = 0; i < positions.size(); ++i) positions[i] = static_cast<float>(i);
  m.Floats("buffer", {1, 8}, positions);
  m.Ints("i1", {}, {1}).Ints("axes", {1}, {0}).Ints("zero", {1}, {0}).Ints("slice_axes", {1}, {1});
  m.Node("Shape", {"x"}, {"shape"});
  m.Node("Gather", {"shape", "i1"}, {"s"});
  m.Node("Unsqueeze", {"s", "axes"}, {"end"});
  m.Node("Slice", {"buffer", "zero", "end", "slice_axes"}, {"pos"});
  m.Node("Add", {"x", "pos"}, {"y"});
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"x", {2, -1}}};
  o.dynamic = om::DynamicKind::kDims;
  o.gears = {{4}, {6}};
  o.dynamic_option = "--dynamic_dims";
  o.input_format = Format::kNd;
  om::Model model;
  const Status st = Convert(m.Save(), &model, nullptr, o);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(model.graphs.size(), 2u);
  const int64_t seq[2] = {4, 6};
  for (size_t g = 0; g < 2; ++g) {
    bool added = false;
    for (const om::Node& n : model.graphs[g].nodes) {
      if (n.type != "Add") continue;
      added = true;
      const om::Tensor& out = model.graphs[g].tensors[static_cast<size_t>(n.outputs[0])];
      EXPECT_EQ(out.desc.dims, (std::vector<int64_t>{2, seq[g]})) << "gear " << g;
    }
    EXPECT_TRUE(added) << "gear " << g;
  }
}

TEST(AtcOnnxImport, DynamicBatchGears) {
  OnnxModel m(13);
  m.Input("x", kF, {"N", 3}).Output("y");
  m.Node("Relu", {"x"}, {"y"});
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"x", {-1, 3}}};
  o.dynamic = om::DynamicKind::kBatch;
  o.gears = {{1}, {4}};
  o.dynamic_option = "--dynamic_batch_size";
  om::Model model;
  Status st = Convert(m.Save(), &model, nullptr, o);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model.graphs.size(), 2u);
  EXPECT_EQ(model.inputs.back().name, om::kDynamicTensorName);
  o.input_shapes = {{"x", {4, -1}}};  // -1 outside the batch dim
  st = Convert(m.Save(), &model, nullptr, o);
  EXPECT_EQ(CodeOf(st), "E10001") << st.message();
  EXPECT_NE(st.message().find("--dynamic_batch_size"), std::string::npos);
  // A gear whose tensors cannot exist is the option's error (E10001 naming the gears), not an
  // internal one.
  o.input_shapes = {{"x", {-1, 3}}};
  o.gears = {{1}, {int64_t{1} << 62}};
  st = Convert(m.Save(), &model, nullptr, o);
  EXPECT_EQ(CodeOf(st), "E10001") << st.message();
  EXPECT_NE(st.message().find("--dynamic_batch_size"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("Value [1,4611686018427387904]"), std::string::npos) << st.message();
}

TEST(AtcOnnxImport, DynamicDimsGearThatCannotBroadcastIsTheOptionsError) {
  OnnxModel m(13);
  m.Input("a", kF, {"N", 6}).Input("b", kF, {"M", 6}).Output("y");
  m.Node("Add", {"a", "b"}, {"y"});
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"a", {-1, 6}}, {"b", {-1, 6}}};
  o.dynamic = om::DynamicKind::kDims;
  o.gears = {{1, 1}, {2, 3}};  // [2,6] + [3,6] do not broadcast
  o.dynamic_option = "--dynamic_dims";
  o.input_format = Format::kNd;  // as --dynamic_dims requires
  om::Model model;
  const Status st = Convert(m.Save(), &model, nullptr, o);
  EXPECT_EQ(CodeOf(st), "E10001") << st.message();
  EXPECT_NE(st.message().find("[--dynamic_dims]"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("cannot be broadcast"), std::string::npos) << st.message();
}

TEST(AtcOnnxImport, UnusedExtraDomainIsIgnored) {
  OnnxModel m = AddModel();
  m.Floats("w", {2}, {1, 1});
  auto* op = m.proto().add_opset_import();
  op->set_domain("com.microsoft");
  op->set_version(1);
  EXPECT_EQ(RunFloat(m.Save(), {{1, 2}}), (std::vector<float>{2, 3}));
}

TEST(AtcOnnxImport, OpWithoutTranslationNamesNodeAndOp) {
  OnnxModel m(13);
  m.Input("x", kF, {2, 2}).Output("y");
  m.Node("RandomUniformLike", {"x"}, {"y"}, "my_random");
  om::Model model;
  const Status st = Convert(m.Save(), &model);
  EXPECT_EQ(CodeOf(st), "E16002") << st.message();
  EXPECT_NE(st.message().find("RandomUniformLike"), std::string::npos);
  EXPECT_NE(st.message().find("my_random"), std::string::npos);
}

TEST(AtcOnnxImport, OtherDomainNodeIsRefused) {
  OnnxModel m(13);
  m.Input("x", kF, {2}).Output("y");
  m.Node("Gelu", {"x"}, {"y"}, "ms_gelu").set_domain("com.microsoft");
  auto* op = m.proto().add_opset_import();
  op->set_domain("com.microsoft");
  op->set_version(1);
  om::Model model;
  const Status st = Convert(m.Save(), &model);
  EXPECT_EQ(CodeOf(st), "E16002") << st.message();
  EXPECT_NE(st.message().find("com.microsoft::Gelu"), std::string::npos);
}

TEST(AtcOnnxImport, LoopIsRefusedNamingTheNode) {
  OnnxModel m(13);
  m.Input("x", kF, {2}).Output("y");
  auto& n = m.Node("Loop", {"", "", "x"}, {"y"}, "the_loop");
  auto* a = n.add_attribute();
  a->set_name("body");
  a->set_type(onnx::AttributeProto::GRAPH);
  a->mutable_g()->set_name("body");
  ConvertOptions o = TestOptions();
  o.run_checker = false;  // the empty body would not pass ONNX's checker
  om::Model model;
  const Status st = Convert(m.Save(), &model, nullptr, o);
  EXPECT_EQ(CodeOf(st), "E16007") << st.message();
  EXPECT_NE(st.message().find("the_loop"), std::string::npos);
}

TEST(AtcOnnxImport, KernelRefusalIsEZ3003) {
  OnnxModel m(13);
  m.Input("a", TensorProto::UINT16, {3}).Input("b", TensorProto::UINT16, {3}).Output("y", TensorProto::UINT16);
  m.Node("Add", {"a", "b"}, {"y"}, "add_u16");
  om::Model model;
  const Status st = Convert(m.Save(), &model);
  EXPECT_EQ(CodeOf(st), "EZ3003") << st.message();
  EXPECT_NE(st.message().find("add_u16"), std::string::npos);
  EXPECT_NE(st.message().find("DT_UINT16"), std::string::npos);
}

// Dims decided by values known only at execution (a Reshape's shape from a graph input,
// OneHot's depth, a window's size): converted, the tensors dynamic (a model output: every dim -1), for
// the AI CPU kernel to size at execution (docs/models.md, "Shapes decided by values").
TEST(AtcOnnxImport, ValueDecidedDimsAreUnknownUntilExecution) {
  OnnxModel reshape(13);
  reshape.Input("x", kF, {6}).Input("shape", TensorProto::INT64, {2}).Output("y");
  reshape.Node("Reshape", {"x", "shape"}, {"y"});
  om::Model model;
  Status st = Convert(reshape.Save(), &model);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{-1, -1}));
  EXPECT_EQ(model.outputs[0].size, 0u);

  OnnxModel onehot(11);
  onehot.Input("indices", TensorProto::INT64, {3}).Input("depth", TensorProto::INT64, {}).Output("y");
  onehot.Floats("values", {2}, {0, 1});
  onehot.Node("OneHot", {"indices", "depth", "values"}, {"y"}, "onehot");
  st = Convert(onehot.Save(), &model);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{-1, -1}));

  OnnxModel window(17);
  window.Input("size", TensorProto::INT64, {}).Output("y");
  window.Node("HannWindow", {"size"}, {"y"}, "hann");
  st = Convert(window.Save(), &model);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{-1}));

  OnnxModel fixed(11);
  fixed.Input("indices", TensorProto::INT64, {3}).Ints("depth", {}, {4}).Output("y");
  fixed.Floats("values", {2}, {0, 1});
  fixed.Node("OneHot", {"indices", "depth", "values"}, {"y"}, "onehot");
  st = Convert(fixed.Save(), &model);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{3, 4}));
}

TEST(AtcOnnxImport, FileErrors) {
  om::Model model;
  EXPECT_EQ(CodeOf(Convert("/nonexistent/model.onnx", &model)), "E19001");
  OnnxModel m(13);
  const std::string path = m.Save("garbage.onnx");
  { std::ofstream(path, std::ios::binary) << "this is not a protobuf \xff\xff\xff"; }
  EXPECT_EQ(CodeOf(Convert(path, &model)), "E19005");
  onnx::ModelProto no_graph;
  no_graph.set_ir_version(8);
  {
    std::ofstream f(path, std::ios::binary);
    no_graph.SerializeToOstream(&f);
  }
  EXPECT_EQ(CodeOf(Convert(path, &model)), "E16004");
}

TEST(AtcOnnxImport, TwoDefaultOpsetsAreE16005) {
  OnnxModel m = AddModel();
  m.Floats("w", {2}, {1, 1});
  auto* op = m.proto().add_opset_import();
  op->set_domain("ai.onnx");
  op->set_version(12);
  om::Model model;
  EXPECT_EQ(CodeOf(Convert(m.Save(), &model)), "E16005");
}

TEST(AtcOnnxImport, CheckerFailureIsE16006) {
  OnnxModel m(13);
  m.Input("x", kF, {2}).Output("y");
  m.Node("Relu", {"x"}, {"y"});
  m.Node("Relu", {"x"}, {"y"});  // two nodes write "y": not SSA
  om::Model model;
  const Status st = Convert(m.Save(), &model);
  EXPECT_EQ(CodeOf(st), "E16006") << st.message();
}

TEST(AtcOnnxImport, OutNodesSelectOutputs) {
  OnnxModel m(13);
  m.Input("x", kF, {2}).Output("y");
  m.Node("Neg", {"x"}, {"n"}, "neg");
  m.Node("Abs", {"n"}, {"y"}, "abs");
  ConvertOptions o = TestOptions();
  o.out_nodes = {{"neg", 0}};
  EXPECT_EQ(RunFloat(m.Save(), {{1, -2}}, o), (std::vector<float>{-1, 2}));
  o.out_nodes = {{"missing", 0}};
  om::Model model;
  EXPECT_EQ(CodeOf(Convert(m.Save(), &model, nullptr, o)), "E16001");
}

// ONNX 1.12's shape inference for the convolutions (kernel taken from W) and for MaxUnpool
// indexes past the end of a vector or a shape when the ranks disagree, and the convolutions'
// and poolings' divides by the strides (found by the
// onnx_import fuzz target: SEGVs inside libonnx). The guards in front of those functions
// (onnx_inference_guards.h) turn that into a refusal that names the node.
TEST(AtcOnnxImport, MalformedNodesInOnnxInferenceAreRefusedNotACrash) {
  struct Case {
    const char* op;
    std::vector<Dim> x, w;
  };
  const Case cases[] = {
      {"ConvTranspose", {1, 1, 3}, {1, 2, 3, 3}}, {"ConvTranspose", {1, 1, 3}, {4}}, {"ConvTranspose", {1, 1}, {1}},
      {"Conv", {1, 1, 3}, {1, 1, 3, 3}},          {"MaxUnpool", {1, 1, 3, 3}, {4}},
  };
  for (const Case& c : cases) {
    OnnxModel m(13);
    m.Input("x", kF, c.x).Input("w", std::string(c.op) == "MaxUnpool" ? TensorProto::INT64 : kF, c.w).Output("y");
    onnx::NodeProto& n = m.Node(c.op, {"x", "w"}, {"y"}, "the_node");
    if (std::string(c.op) == "MaxUnpool") SetInts(n, "kernel_shape", {2, 2});
    om::Model model;
    const Status st = Convert(m.Save(), &model);
    EXPECT_FALSE(st.ok()) << c.op;
    EXPECT_NE(st.message().find("the_node"), std::string::npos) << c.op << ": " << st.message();
  }
  // A stride of 0: ONNX divides by it (SIGFPE).
  for (const char* op : {"Conv", "MaxPool", "AveragePool"}) {
    OnnxModel m(13);
    m.Input("x", kF, {1, 1, 4, 4}).Input("w", kF, {1, 1, 2, 2}).Output("y");
    onnx::NodeProto& n =
        std::string(op) == "Conv" ? m.Node(op, {"x", "w"}, {"y"}, "the_node") : m.Node(op, {"x"}, {"y"}, "the_node");
    SetInts(n, "kernel_shape", {2, 2});
    SetInts(n, "strides", {0, 1});
    om::Model model;
    const Status st = Convert(m.Save(), &model);
    EXPECT_FALSE(st.ok()) << op;
    EXPECT_NE(st.message().find("the_node"), std::string::npos) << op << ": " << st.message();
  }
  // ConvInteger and QLinearConv: uint8 data, the weights at input 1 and 3.
  OnnxModel ci(13);
  ci.Input("x", TensorProto::UINT8, {1, 1, 3}).Input("w", TensorProto::UINT8, {1, 1, 3, 3}).Output("y");
  ci.Node("ConvInteger", {"x", "w"}, {"y"}, "the_node");
  om::Model model;
  EXPECT_FALSE(Convert(ci.Save(), &model).ok());
}

}  // namespace
}  // namespace asim::atc::testing
