// BuildSingleOps in-process: what atc --singleop writes reads back as the single-op models of
// the descriptions (SingleOpDescOf), in the stem's file names; failures write nothing.
#include "tools/atc/driver/single_op_build.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "compiler/single_op.h"
#include "om/om_reader.h"

namespace asim::atc {
namespace {

namespace fs = std::filesystem;

class SingleOpBuild : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("asim_singleop_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    std::ofstream(p) << text;
    return p.string();
  }

  fs::path dir_;
};

const char* kOps = R"([
  {"op": "GEMM",
   "input_desc": [{"format": "ND", "shape": [16, 32], "type": "float16"},
                  {"format": "ND", "shape": [32, 8], "type": "float16"},
                  {"format": "ND", "shape": [16, 8], "type": "float"},
                  {"format": "ND", "shape": [], "type": "float"},
                  {"format": "ND", "shape": [], "type": "float"}],
   "output_desc": [{"format": "ND", "shape": [16, 8], "type": "float"}],
   "attr": [{"name": "transpose_a", "type": "bool", "value": false},
            {"name": "transpose_b", "type": "bool", "value": false}]},
  {"op": "GEMV",
   "input_desc": [{"format": "ND", "shape": [16, 32], "type": "float16"},
                  {"format": "ND", "shape": [32], "type": "float16"},
                  {"format": "ND", "shape": [16], "type": "float16"},
                  {"format": "ND", "shape": [], "type": "float16"},
                  {"format": "ND", "shape": [], "type": "float16"}],
   "output_desc": [{"format": "ND", "shape": [16], "type": "float16"}],
   "attr": [{"name": "transpose", "type": "bool", "value": false}]}
])";

TEST_F(SingleOpBuild, WritesOneModelPerOpThatReadsBack) {
  SingleOpBuildOptions o;
  o.json_path = Write("ops.json", kOps);
  o.output_dir = (dir_ / "out").string();
  o.soc_version = "Ascend310";
  o.command_line = "atc --singleop=ops.json";
  std::vector<SingleOpWritten> written;
  Status st = BuildSingleOps(o, &written);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(written.size(), 2u);
  const nlohmann::json file = nlohmann::json::parse(kOps);
  for (size_t i = 0; i < written.size(); ++i) {
    SingleOpDesc want;
    ASSERT_TRUE(ParseSingleOpJson(file[i], "ops.json", &want).ok());
    EXPECT_EQ(written[i].path, (dir_ / "out" / (SingleOpFileStem(i, want) + ".om")).string());
    EXPECT_EQ(written[i].op_type, want.op_type);
    om::Model model;
    ASSERT_TRUE(om::ReadModelFile(written[i].path, &model).ok());
    EXPECT_EQ(model.soc_version, "Ascend310");
    EXPECT_EQ(model.metadata["command_line"], "atc --singleop=ops.json");
    SingleOpDesc got;
    ASSERT_TRUE(SingleOpDescOf(model, &got).ok());
    EXPECT_EQ(SingleOpToJson(got), SingleOpToJson(want));
  }
}

TEST_F(SingleOpBuild, AFailingEntryWritesNothing) {
  nlohmann::json file = nlohmann::json::parse(kOps);
  file[1]["op"] = "NoSuchOp";
  SingleOpBuildOptions o;
  o.json_path = Write("ops.json", file.dump());
  o.output_dir = (dir_ / "out").string();
  std::vector<SingleOpWritten> written;
  Status st = BuildSingleOps(o, &written);
  EXPECT_EQ(st.code(), err::kOpNotFound);
  EXPECT_EQ(st.message().rfind("EZ3003: ", 0), 0u) << st.message();
  EXPECT_NE(st.message().find("ops.json op 1"), std::string::npos) << st.message();
  EXPECT_FALSE(fs::exists(dir_ / "out"));
  EXPECT_TRUE(written.empty());
}

TEST_F(SingleOpBuild, FileErrors) {
  SingleOpBuildOptions o;
  o.output_dir = (dir_ / "out").string();
  std::vector<SingleOpWritten> written;
  o.json_path = (dir_ / "none.json").string();
  Status st = BuildSingleOps(o, &written);
  EXPECT_EQ(st.message().rfind("E19001: ", 0), 0u) << st.message();
  o.json_path = Write("bad.json", "[{\"op\": 1");
  st = BuildSingleOps(o, &written);
  EXPECT_EQ(st.message().rfind("E19005: Failed to parse file [", 0), 0u) << st.message();
  o.json_path = Write("obj.json", "{}");
  st = BuildSingleOps(o, &written);
  EXPECT_EQ(st.message().rfind("E10001: ", 0), 0u) << st.message();
  // The output path is a file.
  o.json_path = Write("ok.json", kOps);
  o.output_dir = Write("a_file", "x");
  st = BuildSingleOps(o, &written);
  EXPECT_EQ(st.message().rfind("E19000: ", 0), 0u) << st.message();
}

}  // namespace
}  // namespace asim::atc
