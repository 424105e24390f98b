// Tests of the acl.json "profiler" section: switches, AI Core metrics, storage limit,
// frequencies, levels, host lists; errors (kInvalidProfilingConfig naming the key); the
// ACL_PROF_* mask.
// Owner: runtime/config. Thread safety: single-threaded test. Failure: gtest assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "runtime/config/acl_config.h"
#include "runtime/config/profiler_config.h"

namespace asim::cfg {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

Status ParseProfiler(std::string_view members, ProfilerConfig* prof) {
  AclConfig config;
  const std::string json = "{\"profiler\": {" + std::string(members) + "}}";
  Status s = ParseAclConfigString(json, "prof.json", &config);
  *prof = config.profiler;
  return s;
}

void ExpectProfilerError(std::string_view members, std::string_view pointer, std::string_view detail = "") {
  ProfilerConfig prof;
  const Status s = ParseProfiler(members, &prof);
  EXPECT_EQ(s.code(), err::kInvalidProfilingConfig) << members << "\n" << s.message();
  EXPECT_THAT(s.message(), HasSubstr("prof.json: " + std::string(pointer) + ":")) << members;
  EXPECT_THAT(s.message(), HasSubstr(std::string(detail))) << members;
}

TEST(ProfilerConfig, SwitchOnWithDefaults) {
  ProfilerConfig prof;
  ASSERT_TRUE(ParseProfiler(R"("switch": "on")", &prof).ok());
  EXPECT_TRUE(prof.present);
  EXPECT_TRUE(prof.enabled);
  EXPECT_TRUE(prof.output.empty());
  EXPECT_FALSE(prof.storage_limit_bytes.has_value());
  EXPECT_EQ(prof.aic_metrics, AicMetrics::kPipeUtilization);
  EXPECT_TRUE(prof.ascendcl);
  EXPECT_TRUE(prof.runtime_api);
  EXPECT_EQ(prof.task_time, ProfLevel::kL1);
  EXPECT_FALSE(prof.aicpu);
  EXPECT_FALSE(prof.l2);
  // ACL_PROF_ACL_API | TASK_TIME | AICORE_METRICS | RUNTIME_API
  EXPECT_EQ(ProfilerDataTypeMask(prof), 0x0107u);
}

TEST(ProfilerConfig, SwitchValues) {
  ProfilerConfig prof;
  ASSERT_TRUE(ParseProfiler(R"("switch": "off")", &prof).ok());
  EXPECT_FALSE(prof.enabled);
  ASSERT_TRUE(ParseProfiler(R"("switch": true)", &prof).ok());
  EXPECT_TRUE(prof.enabled);
  ASSERT_TRUE(ParseProfiler("", &prof).ok());
  EXPECT_TRUE(prof.present);
  EXPECT_FALSE(prof.enabled);
  ExpectProfilerError(R"("switch": "ON")", "/profiler/switch", "\"on\" or \"off\"");
  ExpectProfilerError(R"("switch": 1)", "/profiler/switch");
}

TEST(ProfilerConfig, ToolsDocExample) {
  ProfilerConfig prof;
  const Status s = ParseProfiler(R"("switch": "on", "output": "output", "storage_limit": "200MB",
      "ascendcl": "on", "runtime_api": "on", "task_time": "on", "aicpu": "on",
      "aic_metrics": "PipeUtilization", "l2": "off", "hccl": "off", "msproftx": "off",
      "sys_hardware_mem_freq": "50")",
                                 &prof);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(prof.output, "output");
  EXPECT_EQ(prof.storage_limit_bytes, uint64_t{200} << 20);
  EXPECT_TRUE(prof.aicpu);
  EXPECT_EQ(prof.sys_hardware_mem_freq, 50u);
  EXPECT_EQ(ProfilerDataTypeMask(prof), 0x010Fu);
}

TEST(ProfilerConfig, MsameExampleWithEmptyMetrics) {
  ProfilerConfig prof;
  const Status s =
      ParseProfiler(R"("switch": "on", "aicpu": "on", "output": "/out/profiler", "aic_metrics": "")", &prof);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(prof.aic_metrics, AicMetrics::kPipeUtilization);
  EXPECT_EQ(prof.output, "/out/profiler");
}

TEST(ProfilerConfig, AicMetricsNames) {
  const std::pair<const char*, int> cases[] = {
      {"ArithmeticUtilization", 0},  {"PipeUtilization", 1}, {"Memory", 2},  {"MemoryL0", 3},
      {"ResourceConflictRatio", 4},  {"MemoryUB", 5},        {"L2Cache", 6}, {"PipelineExecuteUtilization", 7},
      {"PipeExecuteUtilization", 7}, {"MemoryAccess", 8}};
  for (const auto& [name, value] : cases) {
    ProfilerConfig prof;
    ASSERT_TRUE(ParseProfiler(std::string("\"aic_metrics\": \"") + name + "\"", &prof).ok()) << name;
    EXPECT_EQ(static_cast<int>(prof.aic_metrics), value) << name;
    EXPECT_EQ(AicMetricsFromName(AicMetricsName(prof.aic_metrics)), prof.aic_metrics);
  }
  ExpectProfilerError(R"("aic_metrics": "Bandwidth")", "/profiler/aic_metrics", "\"Bandwidth\"");
  ExpectProfilerError(R"("aic_metrics": 1)", "/profiler/aic_metrics");
}

TEST(ProfilerConfig, StorageLimit) {
  const std::pair<const char*, uint64_t> good[] = {
      {"\"200MB\"", 200}, {"\"1024mb\"", 1024}, {"300", 300}, {"\"300\"", 300}, {"\"4294967295MB\"", 4294967295ull}};
  for (const auto& [text, mb] : good) {
    ProfilerConfig prof;
    ASSERT_TRUE(ParseProfiler(std::string("\"storage_limit\": ") + text, &prof).ok()) << text;
    EXPECT_EQ(prof.storage_limit_bytes, mb << 20) << text;
  }
  for (const char* text :
       {"\"100MB\"", "\"10GB\"", "\"abc\"", "\"MB\"", "-5", "\"\"", "\"4294967296MB\"", "1.5", "\" 200MB\"", "{}"}) {
    ExpectProfilerError(std::string("\"storage_limit\": ") + text, "/profiler/storage_limit", "200MB");
  }
}

TEST(ProfilerConfig, Frequencies) {
  ProfilerConfig prof;
  ASSERT_TRUE(ParseProfiler(R"("sys_io_sampling_freq": 100, "dvpp_freq": "20",
      "sys_interconnection_freq": "1", "host_sys_usage_freq": 5, "instr_profiling_freq": 1000)",
                            &prof)
                  .ok());
  EXPECT_EQ(prof.sys_io_sampling_freq, 100u);
  EXPECT_EQ(prof.dvpp_freq, 20u);
  EXPECT_EQ(prof.sys_interconnection_freq, 1u);
  EXPECT_EQ(prof.host_sys_usage_freq, 5u);
  EXPECT_EQ(prof.instr_profiling_freq, 1000u);
  EXPECT_FALSE(prof.sys_hardware_mem_freq.has_value());
  for (const char* text : {"\"fast\"", "0", "-1", "1.5", "\"\"", "true", "\"10Hz\""}) {
    ExpectProfilerError(std::string("\"sys_hardware_mem_freq\": ") + text, "/profiler/sys_hardware_mem_freq",
                        "integer");
  }
}

TEST(ProfilerConfig, Levels) {
  ProfilerConfig prof;
  ASSERT_TRUE(ParseProfiler(R"("task_time": "l0")", &prof).ok());
  EXPECT_EQ(prof.task_time, ProfLevel::kL0);
  EXPECT_EQ(ProfilerDataTypeMask(prof) & 0x0802u, 0x0800u);
  ASSERT_TRUE(ParseProfiler(R"("task_trace": "off")", &prof).ok());
  EXPECT_EQ(prof.task_time, ProfLevel::kOff);
  ASSERT_TRUE(ParseProfiler(R"("task_time": "l2", "fwk_schedule": "l0")", &prof).ok());
  EXPECT_EQ(prof.task_time, ProfLevel::kL2);
  EXPECT_EQ(prof.fwk_schedule, ProfLevel::kL0);
  EXPECT_STREQ(ProfLevelName(prof.task_time), "l2");
  ExpectProfilerError(R"("task_time": "l3")", "/profiler/task_time", "\"l3\"");
  ExpectProfilerError(R"("task_trace": 1)", "/profiler/task_trace");
}

TEST(ProfilerConfig, DataClassSwitches) {
  ProfilerConfig prof;
  ASSERT_TRUE(ParseProfiler(R"("ascendcl": "off", "runtime_api": "off", "aicpu": "on", "l2": "on",
      "hccl": "on", "msproftx": "on", "training_trace": "on", "task_tsfw": "on",
      "task_framework": "on", "instr_profiling": "on")",
                            &prof)
                  .ok());
  EXPECT_FALSE(prof.ascendcl);
  EXPECT_FALSE(prof.runtime_api);
  EXPECT_TRUE(prof.aicpu && prof.l2 && prof.hccl && prof.msproftx && prof.training_trace && prof.task_tsfw &&
              prof.task_framework && prof.instr_profiling);
  EXPECT_EQ(ProfilerDataTypeMask(prof), 0x00FEu);
  for (const char* key : {"aicpu", "l2", "hccl", "msproftx", "ascendcl", "runtime_api", "training_trace", "task_tsfw",
                          "task_framework", "instr_profiling"}) {
    ExpectProfilerError(std::string("\"") + key + "\": \"enabled\"", std::string("/profiler/") + key);
  }
}

TEST(ProfilerConfig, HostListsAndLlc) {
  ProfilerConfig prof;
  ASSERT_TRUE(ParseProfiler(R"("host_sys": "cpu,mem,disk,network,osrt", "host_sys_usage": "cpu",
      "llc_profiling": "read")",
                            &prof)
                  .ok());
  EXPECT_THAT(prof.host_sys, ElementsAre("cpu", "mem", "disk", "network", "osrt"));
  EXPECT_THAT(prof.host_sys_usage, ElementsAre("cpu"));
  EXPECT_EQ(prof.llc_profiling, "read");
  ExpectProfilerError(R"("host_sys": "cpu,gpu")", "/profiler/host_sys", "\"gpu\"");
  ExpectProfilerError(R"("host_sys_usage": "disk")", "/profiler/host_sys_usage");
  ExpectProfilerError(R"("llc_profiling": "both")", "/profiler/llc_profiling");
}

TEST(ProfilerConfig, SectionMustBeAnObject) {
  AclConfig config;
  const Status s = ParseAclConfigString(R"({"profiler": "on"})", "prof.json", &config);
  EXPECT_EQ(s.code(), err::kInvalidProfilingConfig);
  EXPECT_THAT(s.message(), HasSubstr("prof.json: /profiler: must be an object"));
}

}  // namespace
}  // namespace asim::cfg
