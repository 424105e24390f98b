// Tests of the acl.json "dump" section and the DumpConfig helpers: every key's values and
// errors (kInvalidDumpConfig naming the key), cross-key rules, dump_step, path checks.
// Owner: runtime/config. Thread safety: single-threaded test. Failure: gtest assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "runtime/config/acl_config.h"
#include "runtime/config/dump_config.h"
#include "tests/unit/config/temp_dir.h"

namespace asim::cfg {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::TempDir;

// Parses {"dump": {<members>}}.
Status ParseDump(std::string_view members, DumpConfig* dump) {
  AclConfig config;
  const std::string json = "{\"dump\": {" + std::string(members) + "}}";
  Status s = ParseAclConfigString(json, "dump.json", &config);
  *dump = config.dump;
  return s;
}

void ExpectDumpError(std::string_view members, std::string_view pointer, std::string_view detail = "") {
  DumpConfig dump;
  const Status s = ParseDump(members, &dump);
  EXPECT_EQ(s.code(), err::kInvalidDumpConfig) << members << "\n" << s.message();
  EXPECT_THAT(s.message(), HasSubstr("dump.json: " + std::string(pointer) + ":")) << members;
  EXPECT_THAT(s.message(), HasSubstr(std::string(detail))) << members;
}

TEST(DumpConfig, ToolsDocExample) {
  DumpConfig dump;
  const Status s = ParseDump(R"(
      "dump_list": [{"model_name": "ResNet-50", "layer": ["conv1conv1_relu", "res2a_branch2a"]}],
      "dump_path": "/home/HwHiAiUser/output", "dump_mode": "output", "dump_op_switch": "off",
      "dump_data": "tensor", "dump_level": "op")",
                             &dump);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(dump.present);
  EXPECT_EQ(dump.dump_path, "/home/HwHiAiUser/output");
  ASSERT_EQ(dump.dump_list.size(), 1u);
  EXPECT_EQ(dump.dump_list[0].model_name, "ResNet-50");
  EXPECT_THAT(dump.dump_list[0].layers, ElementsAre("conv1conv1_relu", "res2a_branch2a"));
  EXPECT_EQ(dump.dump_mode, DumpMode::kOutput);
  EXPECT_FALSE(dump.dump_op_switch);
  EXPECT_EQ(dump.dump_data, DumpData::kTensor);
  EXPECT_EQ(dump.dump_level, DumpLevel::kOp);
}

TEST(DumpConfig, Defaults) {
  DumpConfig dump;
  ASSERT_TRUE(ParseDump("", &dump).ok());
  EXPECT_TRUE(dump.present);
  EXPECT_FALSE(dump.has_dump_list);
  EXPECT_FALSE(dump.DataDumpEnabled());
  EXPECT_EQ(dump.dump_mode, DumpMode::kOutput);
  EXPECT_EQ(dump.dump_level, DumpLevel::kAll);
  EXPECT_EQ(dump.dump_data, DumpData::kTensor);
  EXPECT_FALSE(dump.dump_debug);
  EXPECT_TRUE(dump.dump_step.empty());
}

TEST(DumpConfig, ModesLevelsData) {
  DumpConfig dump;
  ASSERT_TRUE(ParseDump(R"("dump_mode": "input", "dump_level": "kernel", "dump_data": "stats")", &dump).ok());
  EXPECT_EQ(dump.dump_mode, DumpMode::kInput);
  EXPECT_EQ(dump.dump_level, DumpLevel::kKernel);
  EXPECT_EQ(dump.dump_data, DumpData::kStats);
  ASSERT_TRUE(ParseDump(R"("dump_mode": "all")", &dump).ok());
  EXPECT_EQ(dump.dump_mode, DumpMode::kAll);
  EXPECT_STREQ(DumpModeName(DumpMode::kAll), "all");
  EXPECT_STREQ(DumpLevelName(DumpLevel::kKernel), "kernel");
  EXPECT_STREQ(DumpDataName(DumpData::kStats), "stats");
}

TEST(DumpConfig, BadEnumValues) {
  ExpectDumpError(R"("dump_mode": "both")", "/dump/dump_mode", "\"both\"");
  ExpectDumpError(R"("dump_mode": 1)", "/dump/dump_mode");
  ExpectDumpError(R"("dump_level": "graph")", "/dump/dump_level");
  ExpectDumpError(R"("dump_data": "npy")", "/dump/dump_data");
  ExpectDumpError(R"("dump_op_switch": "yes")", "/dump/dump_op_switch", "\"on\" or \"off\"");
  ExpectDumpError(R"("dump_debug": 1)", "/dump/dump_debug");
  ExpectDumpError(R"("dump_scene": "crash")", "/dump/dump_scene");
  ExpectDumpError(R"("dump_path": 5)", "/dump/dump_path", "must be a string");
}

TEST(DumpConfig, SectionMustBeAnObject) {
  AclConfig config;
  const Status s = ParseAclConfigString(R"({"dump": []})", "dump.json", &config);
  EXPECT_EQ(s.code(), err::kInvalidDumpConfig);
  EXPECT_THAT(s.message(), HasSubstr("dump.json: /dump: must be an object"));
}

TEST(DumpConfig, DumpListMustBeAnArrayOfObjects) {
  ExpectDumpError(R"("dump_path": "/d", "dump_list": {})", "/dump/dump_list", "array");
  ExpectDumpError(R"("dump_path": "/d", "dump_list": "all")", "/dump/dump_list");
  ExpectDumpError(R"("dump_path": "/d", "dump_list": [{}, 3])", "/dump/dump_list/1", "object");
  ExpectDumpError(R"("dump_path": "/d", "dump_list": [{"layer": "conv1"}])", "/dump/dump_list/0/layer");
  ExpectDumpError(R"("dump_path": "/d", "dump_list": [{"model_name": 1}])", "/dump/dump_list/0/model_name");
}

TEST(DumpConfig, DumpPathRequired) {
  ExpectDumpError(R"("dump_list": [])", "/dump/dump_path", "dump_list is given");
  ExpectDumpError(R"("dump_debug": "on")", "/dump/dump_path", "dump_debug is on");
  ExpectDumpError(R"("dump_op_switch": "on")", "/dump/dump_path", "dump_op_switch");
  ExpectDumpError(R"("dump_scene": "watcher", "dump_list": [])", "/dump/dump_path");
  ExpectDumpError(R"("dump_path": "", "dump_list": [])", "/dump/dump_path");
  // Not needed without a dump request, nor for the exception dump scenes.
  DumpConfig dump;
  EXPECT_TRUE(ParseDump(R"("dump_mode": "all")", &dump).ok());
  EXPECT_TRUE(ParseDump(R"("dump_scene": "lite_exception")", &dump).ok());
  EXPECT_EQ(dump.dump_scene, "lite_exception");
  EXPECT_TRUE(ParseDump(R"("dump_debug": "on", "dump_path": "/d")", &dump).ok());
  EXPECT_TRUE(dump.dump_debug);
}

TEST(DumpConfig, DumpPathLengthLimit) {
  const std::string longest(kMaxDumpPathLength - 1, 'a');
  DumpConfig dump;
  EXPECT_TRUE(ParseDump("\"dump_path\": \"" + longest + "\"", &dump).ok());
  ExpectDumpError("\"dump_path\": \"" + longest + "a\"", "/dump/dump_path", "4095");
}

TEST(DumpConfig, FullModelEntry) {
  DumpConfig dump;
  const Status s = ParseDump(R"("dump_path": "d", "dump_level": "op", "dump_list": [
      {"model_name": "m1",
       "optype_blacklist": [{"name": "Conv2D", "pos": ["input0", "output12"]}],
       "opname_blacklist": [{"name": "conv1"}],
       "opname_range": [{"begin": "conv1", "end": "relu5"}],
       "watcher_nodes": ["w1", "w2"]},
      {"model_name": "m2"}])",
                             &dump);
  ASSERT_TRUE(s.ok()) << s.message();
  ASSERT_EQ(dump.dump_list.size(), 2u);
  const DumpModelEntry& e = dump.dump_list[0];
  ASSERT_EQ(e.optype_blacklist.size(), 1u);
  EXPECT_EQ(e.optype_blacklist[0].name, "Conv2D");
  EXPECT_THAT(e.optype_blacklist[0].pos, ElementsAre("input0", "output12"));
  ASSERT_EQ(e.opname_blacklist.size(), 1u);
  EXPECT_TRUE(e.opname_blacklist[0].pos.empty());
  ASSERT_EQ(e.opname_ranges.size(), 1u);
  EXPECT_EQ(e.opname_ranges[0].begin, "conv1");
  EXPECT_EQ(e.opname_ranges[0].end, "relu5");
  EXPECT_THAT(e.watcher_nodes, ElementsAre("w1", "w2"));
  EXPECT_TRUE(dump.dump_list[1].layers.empty());
}

TEST(DumpConfig, BadModelEntries) {
  ExpectDumpError(R"("dump_path": "d", "dump_list": [{"opname_range": [{"begin": "a", "end": "b"}]}])",
                  "/dump/dump_list/0/model_name", "opname_range");
  ExpectDumpError(R"("dump_path": "d", "dump_list": [{"model_name": "m", "opname_range": [{"begin": "a"}]}])",
                  "/dump/dump_list/0/opname_range/0/end");
  ExpectDumpError(R"("dump_path": "d", "dump_list": [{"model_name": "m"}, {"model_name": "m"}])",
                  "/dump/dump_list/1/model_name", "more than once");
  ExpectDumpError(R"("dump_path": "d", "dump_list": [{"optype_blacklist": [{"pos": ["input0"]}]}])",
                  "/dump/dump_list/0/optype_blacklist/0/name");
  ExpectDumpError(R"("dump_path": "d", "dump_list": [{"optype_blacklist": [{"name": "A", "pos": ["in0"]}]}])",
                  "/dump/dump_list/0/optype_blacklist/0/pos/0", "\"in0\"");
  ExpectDumpError(R"("dump_path": "d", "dump_list": [{"opname_blacklist": {"name": "A"}}])",
                  "/dump/dump_list/0/opname_blacklist");
}

TEST(DumpConfig, BlacklistLimit) {
  auto list = [](int n) {
    std::string items;
    for (int i = 0; i < n; ++i) items += std::string(i ? "," : "") + "{\"name\": \"op" + std::to_string(i) + "\"}";
    return "\"dump_path\": \"d\", \"dump_list\": [{\"opname_blacklist\": [" + items + "]}]";
  };
  DumpConfig dump;
  EXPECT_TRUE(ParseDump(list(100), &dump).ok());
  ExpectDumpError(list(101), "/dump/dump_list/0/opname_blacklist", "101 entries");
}

TEST(DumpConfig, DumpStepValues) {
  DumpConfig dump;
  ASSERT_TRUE(ParseDump(R"("dump_step": "0|3-5|10")", &dump).ok());
  EXPECT_EQ(dump.dump_step, "0|3-5|10");
  ASSERT_EQ(dump.dump_steps.size(), 3u);
  EXPECT_EQ(dump.dump_steps[1].first, 3u);
  EXPECT_EQ(dump.dump_steps[1].last, 5u);
  ASSERT_TRUE(ParseDump(R"("dump_step": 7)", &dump).ok());
  EXPECT_EQ(dump.dump_step, "7");
  ASSERT_EQ(dump.dump_steps.size(), 1u);
  EXPECT_EQ(dump.dump_steps[0].first, 7u);
}

TEST(DumpConfig, BadDumpStep) {
  for (const char* step : {"\"\"", "\"a\"", "\"5-3\"", "\"1||2\"", "\"-1\"", "\"3-\"", "\"|1\"", "\"1|\"", "\"1-2-3\"",
                           "\"1 |2\"", "-4", "1.5", "[1]"}) {
    ExpectDumpError(std::string("\"dump_step\": ") + step, "/dump/dump_step");
  }
}

TEST(DumpConfig, DumpStatsAndKernelData) {
  DumpConfig dump;
  ASSERT_TRUE(ParseDump(R"("dump_data": "stats", "dump_stats": ["Max", "Negative Inf", "L2norm"])", &dump).ok());
  EXPECT_THAT(dump.dump_stats, ElementsAre("Max", "Negative Inf", "L2norm"));
  ASSERT_TRUE(ParseDump(R"("dump_data": "stats", "dump_stats": "Min,Avg")", &dump).ok());
  EXPECT_THAT(dump.dump_stats, ElementsAre("Min", "Avg"));
  ExpectDumpError(R"("dump_stats": ["Median"])", "/dump/dump_stats", "\"Median\"");
  ExpectDumpError(R"("dump_stats": 3)", "/dump/dump_stats");
  ASSERT_TRUE(ParseDump(R"("dump_kernel_data": "printf,tensor")", &dump).ok());
  EXPECT_THAT(dump.dump_kernel_data, ElementsAre("printf", "tensor"));
  ExpectDumpError(R"("dump_kernel_data": "printf,,tensor")", "/dump/dump_kernel_data");
}

TEST(DumpConfig, ParseDumpStepHelper) {
  std::vector<DumpStepRange> ranges;
  ASSERT_TRUE(ParseDumpStep("2|4-6|18446744073709551615", &ranges).ok());
  ASSERT_EQ(ranges.size(), 3u);
  EXPECT_EQ(ranges[2].first, UINT64_MAX);
  EXPECT_TRUE(DumpStepSelected(ranges, 5));
  EXPECT_TRUE(DumpStepSelected(ranges, 2));
  EXPECT_FALSE(DumpStepSelected(ranges, 3));
  EXPECT_FALSE(DumpStepSelected(ranges, 7));
  EXPECT_TRUE(DumpStepSelected({}, 12345));
  const Status s = ParseDumpStep("18446744073709551616", &ranges);
  EXPECT_EQ(s.code(), err::kInvalidDumpConfig);
  EXPECT_EQ(ranges.size(), 3u);  // untouched on failure
}

TEST(DumpConfig, CheckDumpPathUsable) {
  TempDir dir;
  EXPECT_TRUE(CheckDumpPathUsable(dir.Path()).ok());
  Status s = CheckDumpPathUsable(dir.Path() + "/missing");
  EXPECT_EQ(s.code(), err::kInvalidDumpConfig);
  EXPECT_THAT(s.message(), HasSubstr("No such file or directory"));
  const std::string file = dir.Write("f", "x");
  s = CheckDumpPathUsable(file);
  EXPECT_EQ(s.code(), err::kInvalidDumpConfig);
  EXPECT_THAT(s.message(), HasSubstr("not a directory"));
  EXPECT_EQ(CheckDumpPathUsable("").code(), err::kInvalidDumpConfig);
}

TEST(DumpConfig, ResolveDumpPath) {
  EXPECT_EQ(ResolveDumpPath("/a/b/../c"), "/a/c");
  const std::string resolved = ResolveDumpPath("dump_out");
  EXPECT_EQ(resolved.front(), '/');
  EXPECT_THAT(resolved, ::testing::EndsWith("/dump_out"));
}

}  // namespace
}  // namespace asim::cfg
