// The atc command line in-process (RunAtc): option spellings, the real tool's console
// text, error codes and exit statuses, --mode=1; and the option value parsers.
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "om/om_reader.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"
#include "tools/atc/cli/atc_cli.h"
#include "tools/atc/driver/option_parse.h"

namespace asim::atc::testing {
namespace {

struct AtcRun {
  int status = 0;
  std::string out;
};

AtcRun Atc(std::vector<std::string> args) {
  args.insert(args.begin(), "atc");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out;
  AtcRun r;
  r.status = RunAtc(static_cast<int>(argv.size()), argv.data(), out);
  r.out = out.str();
  return r;
}

std::string ReluModel() {
  static std::string path = [] {
    OnnxModel m(13);
    m.Input("data", onnx::TensorProto::FLOAT, {"N", 3}).Output("prob");
    m.Node("Relu", {"data"}, {"prob"}, "relu");
    return m.Save();
  }();
  return path;
}

TEST(AtcCli, ConvertsWithTheRealSpellingsAndWritesTheReport) {
  const std::string out = (std::filesystem::path(ReluModel()).parent_path() / "sub" / "relu").string();
  AtcRun r = Atc({"-model=" + ReluModel(), "--framework", "5", "--output=" + out, "--soc-version=Ascend310",
                  "--input_shape=data:2,3"});
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("ATC start working now, please wait for a moment."), std::string::npos);
  EXPECT_NE(r.out.find("ATC run success, welcome to the next use."), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(out + ".om"));
  std::ifstream report(out + "_aicpu_report.txt");
  std::stringstream text;
  text << report.rdbuf();
  EXPECT_NE(text.str().find("AI CPU report"), std::string::npos);
  EXPECT_NE(r.out.find("AI CPU report"), std::string::npos);  // also printed

  const std::string json = out + ".json";
  r = Atc({"--mode=1", "--om=" + out + ".om", "--json=" + json});
  EXPECT_EQ(r.status, 0) << r.out;
  std::ifstream j(json);
  std::stringstream jt;
  jt << j.rdbuf();
  EXPECT_NE(jt.str().find("\"soc_version\": \"Ascend310\""), std::string::npos);
}

// A model with convolutions stores their prepared filters, which atc builds in a temporary
// file beside the output (om/prepared_spill.h) rather than in memory: the .om holds the same
// model as a conversion in memory, and nothing else is left in the directory.
TEST(AtcCli, PreparedFiltersGoThroughATemporaryFileThatIsGone) {
  OnnxModel m(13);
  m.Input("x", onnx::TensorProto::FLOAT, {1, 32, 8, 8});
  std::vector<float> w1(64 * 32 * 9), w2(64 * 64);
  for (size_t i = 0; i < w1.size(); ++i) w1[i] = static_cast<float>(static_cast<int>(i % 17) - 8) / 64.0f;
  for (size_t i = 0; i < w2.size(); ++i) w2[i] = static_cast<float>(static_cast<int>(i % 13) - 6) / 32.0f;
  m.Floats("w1", {64, 32, 3, 3}, w1);
  m.Floats("w2", {64, 64, 1, 1}, w2);
  auto& c1 = m.Node("Conv", {"x", "w1"}, {"c1"}, "conv1");
  SetInts(c1, "pads", {1, 1, 1, 1});
  SetInts(c1, "kernel_shape", {3, 3});
  auto& c2 = m.Node("Conv", {"c1", "w2"}, {"y"}, "conv2");
  SetInts(c2, "kernel_shape", {1, 1});
  m.Output("y", onnx::TensorProto::FLOAT, {1, 64, 8, 8});
  const std::string onnx = m.Save();
  const std::filesystem::path dir = std::filesystem::path(onnx).parent_path() / "spill_out";
  std::filesystem::remove_all(dir);
  const AtcRun r = Atc({"--model=" + onnx, "--framework=5", "--output=" + (dir / "conv").string(),
                        "--soc_version=Ascend910B2", "--precision_mode=must_keep_origin_dtype"});
  ASSERT_EQ(r.status, 0) << r.out;
  std::set<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) names.insert(e.path().filename().string());
  EXPECT_EQ(names, (std::set<std::string>{"conv.om", "conv_aicpu_report.txt"}));

  om::Model written;
  Status st = om::ReadModelFile((dir / "conv.om").string(), &written);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(written.prepared.size(), 2u);
  EXPECT_FALSE(written.prepared_blob.empty());
  om::Model in_memory;
  st = Convert(onnx, &in_memory);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_FALSE(in_memory.prepared_in_source);
  // The command line and the converter's own metadata differ between the two ways in.
  written.metadata.clear();
  in_memory.metadata.clear();
  written.name = in_memory.name;
  EXPECT_TRUE(written == in_memory);
}

TEST(AtcCli, FailuresPrintTheCodeAndSolutionAndExit255) {
  struct Case {
    std::vector<std::string> args;
    std::string expect;
  };
  const std::string model = "--model=" + ReluModel();
  const std::vector<Case> cases = {
      {{model, "--soc_version=Ascend310", "--framework=5"}, "E10004: Value for [--output] is empty."},
      {{"--output=x", "--framework=5", "--soc_version=Ascend310"}, "E10004: Value for [--model] is empty."},
      {{model, "--output=x", "--soc_version=Ascend310"}, "E10007: [--framework] is required."},
      {{model, "--output=x", "--framework=1", "--soc_version=Ascend310"}, "Value [1] for parameter [--framework]"},
      {{model, "--output=x", "--framework=3", "--soc_version=Ascend310"}, "E19005: Failed to parse file"},
      {{model, "--output=x", "--framework=5"}, "E10004: Value for [--soc_version] is empty."},
      {{"--singleop=ops.json", "--output=x"}, "E10004: Value for [--soc_version] is empty."},
      {{model, "--output=x", "--framework=5", "--soc_version=Ascend310", "--insert_op_conf=aipp.cfg"},
       "[--insert_op_conf]"},
      {{model, "--output=x", "--framework=5", "--soc_version=Ascend310", "--input_shape=data:1,3",
        "--enable_small_channel=2"},
       "Value [2] for parameter [--enable_small_channel] is invalid"},
      {{model, "--output=x", "--framework=5", "--soc_version=Ascend310", "--precision_mode=fast"},
       "Value [fast] for parameter [--precision_mode] is invalid"},
      {{model, "--output=x", "--framework=5", "--soc_version=Ascend999", "--input_shape=data:1,3"},
       "parameter [--soc_version]"},
      {{model, "--output=x", "--framework=5", "--soc_version=Ascend310"}, "maybe you should set input_shape"},
      {{model, "--output=x", "--framework=5", "--soc_version=Ascend310", "--input_shape=data:-1,3",
        "--dynamic_batch_size=4"},
       "give 2 to 100 batch sizes"},
      // --dynamic_dims is for ND inputs only, as GE checks.
      {{model, "--output=x", "--framework=5", "--soc_version=Ascend310", "--input_shape=data:-1,3",
        "--dynamic_dims=1;2"},
       "Value [] for parameter [--input_format] is invalid. Reason: input_format must be ND when set dynamic_dims"},
      {{model, "--output=x", "--framework=5", "--soc_version=Ascend310", "--input_shape=data:-1,3",
        "--dynamic_dims=1;2", "--input_format=NCHW"},
       "Value [NCHW] for parameter [--input_format]"},
      // Batch sizes quoted as written: a static input given --dynamic_batch_size.
      {{model, "--output=x", "--framework=5", "--soc_version=Ascend310", "--input_shape=data:2,3",
        "--dynamic_batch_size=1,2"},
       "Value [1,2] for parameter [--dynamic_batch_size]"},
      {{"--model=/no/such.onnx", "--output=x", "--framework=5", "--soc_version=Ascend310"}, "E19000"},
      {{"--mode=7"}, "Value [7] for parameter [--mode] is invalid"},
      {{"--mode=1", "--om=x.om"}, "E10004: Value for [--json] is empty."},
      {{"--bogus=1"}, "unknown option"},
  };
  for (const auto& c : cases) {
    AtcRun r = Atc(c.args);
    EXPECT_EQ(r.status, 255) << r.out;
    EXPECT_NE(r.out.find("ATC run failed, Please check the detail log, Try 'atc --help' for more information"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find(c.expect), std::string::npos) << "expected '" << c.expect << "' in:\n" << r.out;
    EXPECT_NE(r.out.find("Solution: "), std::string::npos) << r.out;
  }
}

TEST(AtcCli, InvalidLogLevelIsE10010) {
  AtcRun r = Atc({"--log=loud"});
  EXPECT_EQ(r.status, 255);
  EXPECT_NE(r.out.find("E10010: invalid value for --log:loud, only support debug, info, warning, error, null"),
            std::string::npos)
      << r.out;
}

TEST(AtcCli, HelpExitsZero) {
  AtcRun r = Atc({"--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("--input_shape"), std::string::npos);
}

TEST(AtcOptions, Parsers) {
  NamedDims shapes;
  ASSERT_TRUE(ParseInputShape("data:1,3,224,224;x:-1,10;s:", &shapes).ok());
  ASSERT_EQ(shapes.size(), 3u);
  EXPECT_EQ(shapes[1].second, (std::vector<int64_t>{-1, 10}));
  EXPECT_TRUE(shapes[2].second.empty());
  EXPECT_FALSE(ParseInputShape("data:1,a", &shapes).ok());
  EXPECT_FALSE(ParseInputShape("1,3", &shapes).ok());
  Gears g;
  ASSERT_TRUE(ParseDynamicBatchSize("1,2,4", &g).ok());
  EXPECT_EQ(g, (Gears{{1}, {2}, {4}}));
  EXPECT_FALSE(ParseDynamicBatchSize("1,1", &g).ok());
  ASSERT_TRUE(ParseDynamicImageSize("224,224;448,448", &g).ok());
  EXPECT_EQ(g.size(), 2u);
  EXPECT_FALSE(ParseDynamicImageSize("224;448", &g).ok());
  ASSERT_TRUE(ParseDynamicDims("1,224,224;8,448,448", &g).ok());
  EXPECT_FALSE(ParseDynamicDims("1,2;3", &g).ok());
  OutputTypes t;
  ASSERT_TRUE(ParseOutputType("FP16", &t).ok());
  EXPECT_EQ(t.all, DataType::kFloat16);
  ASSERT_TRUE(ParseOutputType("prob:0:FP32;conv:1:UINT8", &t).ok());
  ASSERT_EQ(t.per_output.size(), 2u);
  EXPECT_EQ(t.per_output[1].node, "conv");
  EXPECT_EQ(t.per_output[1].dtype, DataType::kUint8);
  EXPECT_FALSE(ParseOutputType("FP64", &t).ok());
  std::vector<std::pair<std::string, int>> nodes;
  ASSERT_TRUE(ParseOutNodes("prob:0;a:b:1", &nodes).ok());
  EXPECT_EQ(nodes[1].first, "a:b");
  EXPECT_FALSE(ParseOutNodes("prob", &nodes).ok());
  Format f;
  EXPECT_TRUE(ParseInputFormat("NHWC", &f).ok());
  EXPECT_FALSE(ParseInputFormat("NC1HWC0", &f).ok());
}

TEST(AtcOptions, FusionSwitchFileBothForms) {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string text = (dir / "atc_fusion_switch.txt").string();
  { std::ofstream(text) << "ConvBatchnormFusionPass:off\n# comment\nConstantFoldingPass:on\n"; }
  FusionSwitches s;
  ASSERT_TRUE(ParseFusionSwitchFile(text, &s).ok());
  EXPECT_FALSE(s.Enabled("ConvBatchnormFusionPass"));
  EXPECT_TRUE(s.Enabled("ConstantFoldingPass"));
  const std::string json = (dir / "atc_fusion_switch.json").string();
  { std::ofstream(json) << R"({"Switch":{"GraphFusion":{"ALL":"off"},"UBFusion":{"ConvReluFusionPass":"on"}}})"; }
  ASSERT_TRUE(ParseFusionSwitchFile(json, &s).ok());
  EXPECT_FALSE(s.Enabled("ConvBatchnormFusionPass"));
  EXPECT_TRUE(s.Enabled("ConvReluFusionPass"));
  { std::ofstream(text) << "ConvBatchnormFusionPass=off\n"; }
  EXPECT_FALSE(ParseFusionSwitchFile(text, &s).ok());
}

}  // namespace
}  // namespace asim::atc::testing
