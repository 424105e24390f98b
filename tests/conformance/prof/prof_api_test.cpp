// The aclprof API: Init / CreateConfig / Start / Stop / Finalize around model executions, the
// data-type bits and AI Core metric groups, SetConfig, msproftx stamps, and every error
// path with its code.
#include <set>

#include "prof_util.h"

namespace {

using namespace proftest;

class ProfApi : public ::testing::Test {
 protected:
  void SetUp() override {
    if (ModelsDir().empty()) GTEST_SKIP() << "test models were not generated";
    unsetenv("PROFILING_MODE");
    unsetenv("PROFILING_OPTIONS");
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    inited_ = true;
  }
  void TearDown() override {
    if (!inited_) return;
    EXPECT_ACL_OK(aclrtResetDevice(0));
    EXPECT_ACL_OK(aclFinalize());
  }

  // Init -> CreateConfig -> Start -> run `model` -> Stop -> DestroyConfig -> Finalize; returns
  // the PROF_* directory.
  std::string Collect(const std::string& name, aclprofAicoreMetrics metrics, uint64_t types, const std::string& model) {
    const std::string dir = FreshDir(name);
    EXPECT_ACL_OK(aclprofInit(dir.c_str(), dir.size()));
    uint32_t devices[] = {0};
    aclprofConfig* cfg = aclprofCreateConfig(devices, 1, metrics, nullptr, types);
    EXPECT_NE(cfg, nullptr) << conformance::RecentMsg();
    EXPECT_ACL_OK(aclprofStart(cfg));
    RunModel(model, 1);
    EXPECT_ACL_OK(aclprofStop(cfg));
    EXPECT_ACL_OK(aclprofDestroyConfig(cfg));
    EXPECT_ACL_OK(aclprofFinalize());
    const std::vector<std::string> dirs = ProfDirs(dir);
    EXPECT_EQ(dirs.size(), 1u);
    return dirs.empty() ? "" : dirs.front();
  }

  bool inited_ = false;
};

constexpr uint64_t kAll = ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_AICORE_METRICS | ACL_PROF_AICPU;

TEST_F(ProfApi, CollectsBetweenStartAndStop) {
  const std::string prof = Collect("collect", ACL_AICORE_PIPE_UTILIZATION, kAll, "conv_relu");
  ASSERT_FALSE(prof.empty());
  const Csv ops = ReadCsv(Deliverable(prof, "op_summary", ".csv"));
  ASSERT_FALSE(ops.rows.empty());
  EXPECT_NE(ops.Col("mte2_ratio"), -1);
  const Csv api = ReadCsv(Deliverable(prof, "api_statistic", ".csv"));
  std::set<std::string> names;
  for (size_t r = 0; r < api.rows.size(); ++r) names.insert(api.At(r, "API Name"));
  EXPECT_TRUE(names.count("aclmdlExecute"));
  EXPECT_TRUE(names.count("aclmdlLoadFromFile"));
  EXPECT_TRUE(names.count("aclrtMalloc"));
  EXPECT_TRUE(names.count("aclmdlUnload"));
  EXPECT_TRUE(names.count("aclmdlAddDatasetBuffer"));
}

TEST_F(ProfApi, EveryMetricGroupHasItsColumns) {
  const std::map<std::string, aclprofAicoreMetrics> groups = {
      {"ArithmeticUtilization", ACL_AICORE_ARITHMETIC_UTILIZATION},
      {"PipeUtilization", ACL_AICORE_PIPE_UTILIZATION},
      {"Memory", ACL_AICORE_MEMORY_BANDWIDTH},
      {"MemoryL0", ACL_AICORE_L0B_AND_WIDTH},
      {"ResourceConflictRatio", ACL_AICORE_RESOURCE_CONFLICT_RATIO},
      {"MemoryUB", ACL_AICORE_MEMORY_UB},
      {"L2Cache", ACL_AICORE_L2_CACHE},
  };
  for (const auto& [name, metrics] : groups) {
    const std::string prof = Collect("group_" + name, metrics, kAll, "conv_relu");
    ASSERT_FALSE(prof.empty()) << name;
    const Csv ops = ReadCsv(Deliverable(prof, "op_summary", ".csv"));
    std::vector<std::string> expected = OpSummaryBase();
    expected.push_back("aicore_time(us)");
    expected.push_back("total_cycles");
    const auto columns = MetricGroupColumns();
    for (const std::string& c : columns.at(name)) expected.push_back(c);
    expected.push_back("cube_utilization(%)");
    EXPECT_EQ(ops.header, expected) << name;
  }
  // Without ACL_PROF_AICORE_METRICS (or with ACL_AICORE_NONE) there are no metric columns.
  const std::string prof = Collect("group_none", ACL_AICORE_NONE, kAll, "conv_relu");
  EXPECT_EQ(ReadCsv(Deliverable(prof, "op_summary", ".csv")).header, OpSummaryBase());
  const std::string prof2 =
      Collect("group_off", ACL_AICORE_PIPE_UTILIZATION, ACL_PROF_TASK_TIME | ACL_PROF_ACL_API, "conv_relu");
  EXPECT_EQ(ReadCsv(Deliverable(prof2, "op_summary", ".csv")).header, OpSummaryBase());
}

TEST_F(ProfApi, DataTypeBitsSelectWhatIsCollected) {
  // Only API data: no device summaries.
  const std::string api_only = Collect("api_only", ACL_AICORE_NONE, ACL_PROF_ACL_API, "add_relu");
  EXPECT_FALSE(Deliverable(api_only, "api_statistic", ".csv").empty());
  EXPECT_TRUE(Deliverable(api_only, "op_summary", ".csv").empty());
  // Only task time: no API statistic.
  const std::string tasks_only = Collect("tasks_only", ACL_AICORE_NONE, ACL_PROF_TASK_TIME, "add_relu");
  EXPECT_TRUE(Deliverable(tasks_only, "api_statistic", ".csv").empty());
  EXPECT_FALSE(Deliverable(tasks_only, "op_summary", ".csv").empty());
  // Level 0: task times without op information.
  const std::string l0 = Collect("l0", ACL_AICORE_NONE, ACL_PROF_TASK_TIME_L0, "add_relu");
  EXPECT_FALSE(Deliverable(l0, "task_time", ".csv").empty());
  EXPECT_TRUE(Deliverable(l0, "op_summary", ".csv").empty());
  // Level 2 on its own: the most detail, not nothing.
  const std::string l2 = Collect("l2", ACL_AICORE_NONE, ACL_PROF_TASK_TIME_L2, "add_relu");
  EXPECT_FALSE(Deliverable(l2, "task_time", ".csv").empty());
  EXPECT_FALSE(Deliverable(l2, "op_summary", ".csv").empty());
}

TEST_F(ProfApi, ErrorPaths) {
  const std::string dir = FreshDir("errors");
  uint32_t devices[] = {0};
  aclprofConfig* cfg = aclprofCreateConfig(devices, 1, ACL_AICORE_PIPE_UTILIZATION, nullptr, kAll);
  ASSERT_NE(cfg, nullptr);
  // Before aclprofInit.
  EXPECT_ACL_ERROR(aclprofStart(cfg), ACL_ERROR_PROF_NOT_RUN, "aclprofInit");
  EXPECT_ACL_ERROR(aclprofFinalize(), ACL_ERROR_PROF_NOT_RUN, "aclprofInit");
  EXPECT_ACL_ERROR(aclprofSetConfig(ACL_PROF_STORAGE_LIMIT, "300MB", 5), ACL_ERROR_PROF_NOT_RUN, "aclprofInit");
  // Init.
  EXPECT_ACL_ERROR(aclprofInit(nullptr, 4), ACL_ERROR_INVALID_PARAM, "NULL");
  EXPECT_ACL_ERROR(aclprofInit(dir.c_str(), 0), ACL_ERROR_INVALID_PARAM, "length");
  ASSERT_ACL_OK(aclprofInit(dir.c_str(), dir.size()));
  EXPECT_ACL_ERROR(aclprofInit(dir.c_str(), dir.size()), ACL_ERROR_REPEAT_INITIALIZE, "already");
  // Stop before Start.
  EXPECT_ACL_ERROR(aclprofStop(cfg), ACL_ERROR_PROF_NOT_RUN, "not running");
  // SetConfig.
  EXPECT_ACL_OK(aclprofSetConfig(ACL_PROF_STORAGE_LIMIT, "300MB", 5));
  EXPECT_ACL_ERROR(aclprofSetConfig(ACL_PROF_STORAGE_LIMIT, "1MB", 3), ACL_ERROR_INVALID_PARAM, "storage_limit");
  EXPECT_ACL_ERROR(aclprofSetConfig(static_cast<aclprofConfigType>(2), "1", 1), ACL_ERROR_INVALID_PARAM, "configType");
  EXPECT_ACL_ERROR(aclprofSetConfig(ACL_PROF_LLC_MODE, "sideways", 8), ACL_ERROR_INVALID_PARAM, "sideways");
  EXPECT_ACL_OK(aclprofSetConfig(ACL_PROF_SYS_HARDWARE_MEM_FREQ, "50", 2));
  EXPECT_ACL_ERROR(aclprofSetConfig(ACL_PROF_STORAGE_LIMIT, nullptr, 3), ACL_ERROR_INVALID_PARAM, "NULL");
  // Start twice.
  ASSERT_ACL_OK(aclprofStart(cfg));
  EXPECT_ACL_ERROR(aclprofStart(cfg), ACL_ERROR_PROF_ALREADY_RUN, "already");
  EXPECT_ACL_ERROR(aclprofSetConfig(ACL_PROF_STORAGE_LIMIT, "300MB", 5), ACL_ERROR_PROF_ALREADY_RUN, "before");
  // Stop with a config of other devices.
  aclprofConfig* host_only = aclprofCreateConfig(nullptr, 0, ACL_AICORE_NONE, nullptr, ACL_PROF_ACL_API);
  ASSERT_NE(host_only, nullptr) << conformance::RecentMsg();
  EXPECT_ACL_ERROR(aclprofStop(host_only), ACL_ERROR_INVALID_PARAM, "differ");
  ASSERT_ACL_OK(aclprofStop(cfg));
  EXPECT_ACL_ERROR(aclprofStop(cfg), ACL_ERROR_PROF_NOT_RUN, "not running");
  // Handles.
  EXPECT_ACL_ERROR(aclprofStart(nullptr), ACL_ERROR_INVALID_PARAM, "NULL");
  EXPECT_ACL_OK(aclprofDestroyConfig(host_only));
  EXPECT_ACL_ERROR(aclprofDestroyConfig(host_only), ACL_ERROR_INVALID_PARAM, "aclprofCreateConfig");
  EXPECT_ACL_ERROR(aclprofStart(host_only), ACL_ERROR_INVALID_PARAM, "live config");
  EXPECT_ACL_OK(aclprofDestroyConfig(cfg));
  // CreateConfig argument checks.
  uint32_t bad[] = {7};
  EXPECT_EQ(aclprofCreateConfig(bad, 1, ACL_AICORE_NONE, nullptr, kAll), nullptr);
  EXPECT_RECENT_MSG_HAS("not a device");
  uint32_t twice[] = {0, 0};
  EXPECT_EQ(aclprofCreateConfig(twice, 2, ACL_AICORE_NONE, nullptr, kAll), nullptr);
  EXPECT_EQ(aclprofCreateConfig(devices, 1, static_cast<aclprofAicoreMetrics>(42), nullptr, kAll), nullptr);
  EXPECT_RECENT_MSG_HAS("aicoreMetrics");
  EXPECT_EQ(aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, 0x400), nullptr);
  EXPECT_RECENT_MSG_HAS("unknown bits");
  EXPECT_EQ(aclprofCreateConfig(nullptr, 1, ACL_AICORE_NONE, nullptr, kAll), nullptr);
  ASSERT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_ERROR(aclprofFinalize(), ACL_ERROR_PROF_NOT_RUN, "aclprofInit");
  EXPECT_EQ(ProfDirs(dir).size(), 1u);
}

TEST_F(ProfApi, FinalizeStopsARunningSession) {
  const std::string dir = FreshDir("finalize_running");
  ASSERT_ACL_OK(aclprofInit(dir.c_str(), dir.size()));
  uint32_t devices[] = {0};
  aclprofConfig* cfg = aclprofCreateConfig(devices, 1, ACL_AICORE_PIPE_UTILIZATION, nullptr, kAll);
  ASSERT_ACL_OK(aclprofStart(cfg));
  RunModel("add_relu", 1);
  ASSERT_ACL_OK(aclprofFinalize());
  ASSERT_EQ(ProfDirs(dir).size(), 1u);
  EXPECT_FALSE(Deliverable(ProfDirs(dir)[0], "op_summary", ".csv").empty());
  EXPECT_ACL_OK(aclprofDestroyConfig(cfg));
}

TEST_F(ProfApi, MsproftxStampsReachTheTimeline) {
  const std::string dir = FreshDir("tx");
  ASSERT_ACL_OK(aclprofInit(dir.c_str(), dir.size()));
  uint32_t devices[] = {0};
  aclprofConfig* cfg =
      aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_MSPROFTX | ACL_PROF_TASK_TIME);
  ASSERT_ACL_OK(aclprofStart(cfg));
  void* stamp = aclprofCreateStamp();
  ASSERT_NE(stamp, nullptr);
  ASSERT_ACL_OK(aclprofSetStampTraceMessage(stamp, "preprocess", 10));
  ASSERT_ACL_OK(aclprofMark(stamp));
  ASSERT_ACL_OK(aclprofPush(stamp));
  ASSERT_ACL_OK(aclprofPop());
  EXPECT_ACL_ERROR(aclprofPop(), ACL_ERROR_INVALID_PARAM, "aclprofPush");
  uint32_t range = 0;
  ASSERT_ACL_OK(aclprofSetStampTraceMessage(stamp, "inference", 9));
  ASSERT_ACL_OK(aclprofRangeStart(stamp, &range));
  RunModel("add_relu", 1);
  ASSERT_ACL_OK(aclprofRangeStop(range));
  EXPECT_ACL_ERROR(aclprofRangeStop(range), ACL_ERROR_INVALID_PARAM, "open range");
  EXPECT_ACL_ERROR(aclprofMark(nullptr), ACL_ERROR_INVALID_PARAM, "NULL");
  EXPECT_ACL_ERROR(aclprofSetStampTraceMessage(stamp, nullptr, 3), ACL_ERROR_INVALID_PARAM, "NULL");
  aclprofStepInfo* step = aclprofCreateStepInfo();
  ASSERT_NE(step, nullptr);
  EXPECT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_START, nullptr));
  EXPECT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_END, nullptr));
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, static_cast<aclprofStepTag>(5), nullptr), ACL_ERROR_INVALID_PARAM,
                   "tag");
  aclprofDestroyStepInfo(step);
  aclprofDestroyStamp(stamp);
  ASSERT_ACL_OK(aclprofStop(cfg));
  ASSERT_ACL_OK(aclprofDestroyConfig(cfg));
  ASSERT_ACL_OK(aclprofFinalize());
  const std::vector<std::string> dirs = ProfDirs(dir);
  ASSERT_EQ(dirs.size(), 1u);
  const nlohmann::json trace = nlohmann::json::parse(ReadText(Deliverable(dirs[0], "msprof", ".json")));
  std::set<std::string> names;
  for (const auto& e : trace) {
    if (e["ph"] == "X") names.insert(e["name"].get<std::string>());
  }
  EXPECT_TRUE(names.count("preprocess"));
  EXPECT_TRUE(names.count("inference"));
}

TEST_F(ProfApi, MultipleStartStopPairsWriteSeparateDirectories) {
  const std::string dir = FreshDir("pairs");
  ASSERT_ACL_OK(aclprofInit(dir.c_str(), dir.size()));
  uint32_t devices[] = {0};
  aclprofConfig* cfg = aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, kAll);
  for (int i = 0; i < 2; ++i) {
    ASSERT_ACL_OK(aclprofStart(cfg));
    RunModel("add_relu", 1);
    ASSERT_ACL_OK(aclprofStop(cfg));
  }
  ASSERT_ACL_OK(aclprofDestroyConfig(cfg));
  ASSERT_ACL_OK(aclprofFinalize());
  const std::vector<std::string> dirs = ProfDirs(dir);
  ASSERT_EQ(dirs.size(), 2u);
  EXPECT_NE(fs::path(dirs[0]).filename().string().substr(0, 12), fs::path(dirs[1]).filename().string().substr(0, 12))
      << "sequence numbers differ";
}

}  // namespace
