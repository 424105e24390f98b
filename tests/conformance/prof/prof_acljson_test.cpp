// Profiling configured by acl.json's "profiler" section (and by msprof's environment): a
// generated model runs, aclFinalize writes the PROF_* directory; its layout, the
// deliverables' exact columns, the rows and their consistency, determinism, and the
// configuration errors.
#include <cmath>
#include <set>

#include "prof_util.h"

namespace {

using namespace proftest;

class ProfAclJson : public ::testing::Test {
 protected:
  void SetUp() override {
    if (ModelsDir().empty()) GTEST_SKIP() << "test models were not generated";
    unsetenv("PROFILING_MODE");
    unsetenv("PROFILING_OPTIONS");
  }

  // aclInit with `profiler` as the profiler section, runs `model` `executions` times,
  // aclFinalize; returns the PROF_* directory.
  std::string Profile(const std::string& name, const std::string& profiler, const std::string& model, int executions) {
    out_ = FreshDir(name);
    const std::string config = WriteConfig(out_, R"({"profiler": )" + profiler + "}");
    EXPECT_EQ(aclInit(config.c_str()), ACL_SUCCESS) << conformance::RecentMsg();
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    RunModel(model, executions);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
    const std::vector<std::string> dirs = ProfDirs(out_);
    EXPECT_EQ(dirs.size(), 1u);
    return dirs.empty() ? std::string() : dirs.front();
  }

  std::string out_;
};

std::string OutputKey(const std::string& dir) {
  return R"("output": ")" + dir + R"(")";
}

TEST_F(ProfAclJson, SmallCnnWritesTheRealLayoutAndColumns) {
  const std::string dir = FreshDir("layout");
  const std::string prof = Profile(
      "layout", R"({"switch": "on", )" + OutputKey(dir) + R"(, "aic_metrics": "PipeUtilization", "aicpu": "on"})",
      "small_cnn", 2);
  ASSERT_FALSE(prof.empty());
  // PROF_{6 digits}_{17 digits}_{16 upper-case letters}
  const std::string name = fs::path(prof).filename().string();
  ASSERT_EQ(name.size(), 46u) << name;
  EXPECT_EQ(name.substr(0, 12), "PROF_000001_");
  for (size_t i = 30; i < 46; ++i) EXPECT_TRUE(name[i] >= 'A' && name[i] <= 'Z') << name;
  EXPECT_TRUE(fs::is_directory(prof + "/host/data"));
  EXPECT_TRUE(fs::is_directory(prof + "/device_0/data"));
  EXPECT_TRUE(fs::exists(prof + "/host/info.json"));
  EXPECT_TRUE(fs::exists(prof + "/device_0/info.json.0"));
  EXPECT_TRUE(fs::exists(prof + "/mindstudio_profiler_output/README.txt"));
  for (const char* f : {"op_summary", "op_statistic", "api_statistic", "task_time", "step_trace"}) {
    EXPECT_FALSE(Deliverable(prof, f, ".csv").empty()) << f;
  }
  EXPECT_FALSE(Deliverable(prof, "msprof", ".json").empty());

  const Csv ops = ReadCsv(Deliverable(prof, "op_summary", ".csv"));
  std::vector<std::string> expected = OpSummaryBase();
  expected.push_back("aicore_time(us)");
  expected.push_back("total_cycles");
  const auto groups = MetricGroupColumns();
  for (const std::string& c : groups.at("PipeUtilization")) expected.push_back(c);
  expected.push_back("cube_utilization(%)");
  EXPECT_EQ(ops.header, expected);
  ASSERT_FALSE(ops.rows.empty());
  ASSERT_EQ(ops.rows.size() % 2, 0u) << "two executions of the same task list";
  const size_t per_exec = ops.rows.size() / 2;
  std::set<std::string> names;
  for (size_t r = 0; r < ops.rows.size(); ++r) {
    EXPECT_EQ(ops.rows[r].size(), ops.header.size());
    EXPECT_EQ(ops.At(r, "Device_id"), "0");
    EXPECT_EQ(ops.At(r, "Task Type"), "AI_CORE");
    EXPECT_GT(UsToNs(ops.At(r, "Task Duration(us)")), 0) << ops.At(r, "Op Name");
    EXPECT_EQ(ops.At(r, "Task Start Time(us)").back(), '\t');
    EXPECT_NE(ops.At(r, "aicore_time(us)"), "N/A");
    const double mac = std::stod(ops.At(r, "mac_ratio")), vec = std::stod(ops.At(r, "vec_ratio"));
    EXPECT_TRUE(mac >= 0 && mac <= 1 && vec >= 0 && vec <= 1);
    EXPECT_EQ(ops.At(r, "icache_miss_rate"), "N/A");
    names.insert(ops.At(r, "Op Name"));
    if (r >= per_exec) {
      EXPECT_EQ(ops.At(r, "Op Name"), ops.At(r - per_exec, "Op Name"));
    }
  }
  for (const char* n : {"conv1", "relu1", "pool1", "gap", "fc", "softmax"}) EXPECT_TRUE(names.count(n)) << n;
  // The conv: a cube op with its shapes.
  for (size_t r = 0; r < per_exec; ++r) {
    if (ops.At(r, "Op Name") != "conv1") continue;
    EXPECT_EQ(ops.At(r, "OP Type"), "Conv");
    EXPECT_GT(std::stod(ops.At(r, "mac_ratio")), 0.0);
    EXPECT_NE(ops.At(r, "Input Shapes").find(';'), std::string::npos) << "several inputs";
    EXPECT_NE(ops.At(r, "Input Data Types").find("FLOAT16"), std::string::npos);
  }

  // Durations plus waits of one execution = that execution's span (step_trace).
  const Csv steps = ReadCsv(Deliverable(prof, "step_trace", ".csv"));
  ASSERT_EQ(steps.rows.size(), 2u);
  EXPECT_EQ(steps.header.front(), "Device_id");
  EXPECT_EQ(steps.header[1], "Iteration ID");
  for (size_t e = 0; e < 2; ++e) {
    int64_t sum = 0;
    for (size_t r = e * per_exec; r < (e + 1) * per_exec; ++r) {
      sum += UsToNs(ops.At(r, "Task Duration(us)"));
      if (r != e * per_exec) sum += UsToNs(ops.At(r, "Task Wait Time(us)"));
    }
    EXPECT_NEAR(static_cast<double>(sum), static_cast<double>(UsToNs(steps.At(e, "Iteration Time(us)"))),
                static_cast<double>(per_exec))
        << "execution " << e;
  }

  const Csv stat = ReadCsv(Deliverable(prof, "op_statistic", ".csv"));
  EXPECT_EQ(stat.header, (std::vector<std::string>{"Device_id", "OP Type", "Core Type", "Count", "Total Time(us)",
                                                   "Min Time(us)", "Avg Time(us)", "Max Time(us)", "Ratio(%)"}));
  double ratio = 0;
  for (size_t r = 0; r < stat.rows.size(); ++r) ratio += std::stod(stat.At(r, "Ratio(%)"));
  EXPECT_NEAR(ratio, 100.0, 0.05);

  const Csv api = ReadCsv(Deliverable(prof, "api_statistic", ".csv"));
  EXPECT_EQ(api.header, (std::vector<std::string>{"Device_id", "Level", "API Name", "Time(us)", "Count", "Avg(us)",
                                                  "Min(us)", "Max(us)", "Variance"}));
  bool execute = false;
  for (size_t r = 0; r < api.rows.size(); ++r) {
    EXPECT_EQ(api.At(r, "Device_id"), "host");
    EXPECT_EQ(api.At(r, "Level"), "acl");
    if (api.At(r, "API Name") == "aclmdlExecute") {
      execute = true;
      EXPECT_EQ(api.At(r, "Count"), "2");
    }
  }
  EXPECT_TRUE(execute);

  const Csv tasks = ReadCsv(Deliverable(prof, "task_time", ".csv"));
  EXPECT_EQ(tasks.header, (std::vector<std::string>{"Device_id", "kernel_name", "kernel_type", "stream_id", "task_id",
                                                    "task_time(us)", "task_start(us)", "task_stop(us)"}));
  bool copy = false;
  for (size_t r = 0; r < tasks.rows.size(); ++r) copy |= tasks.At(r, "kernel_type") == "MEMCPY_ASYNC";
  EXPECT_TRUE(copy) << "the input copies are device tasks too";
  EXPECT_GE(tasks.rows.size(), ops.rows.size());
}

TEST_F(ProfAclJson, TimelineIsAChromeTraceArrayWithTheRealLayers) {
  const std::string dir = FreshDir("timeline");
  const std::string prof = Profile("timeline", R"({"switch": "on", )" + OutputKey(dir) + "}", "small_cnn", 1);
  ASSERT_FALSE(prof.empty());
  const nlohmann::json trace = nlohmann::json::parse(ReadText(Deliverable(prof, "msprof", ".json")));
  ASSERT_TRUE(trace.is_array());
  std::set<std::string> processes, threads;
  bool api = false, op = false;
  for (const auto& e : trace) {
    ASSERT_TRUE(e.contains("ph") && e.contains("pid") && e.contains("name"));
    const std::string ph = e["ph"];
    if (ph == "M" && e["name"] == "process_name") processes.insert(e["args"]["name"].get<std::string>());
    if (ph == "M" && e["name"] == "thread_name") threads.insert(e["args"]["name"].get<std::string>());
    if (ph == "X") {
      ASSERT_TRUE(e["ts"].is_string());
      ASSERT_TRUE(e["dur"].is_number());
      const std::string n = e["name"];
      api |= n == "AscendCL@aclmdlExecute";
      if (n == "conv1") {
        op = true;
        EXPECT_EQ(e["args"]["Task Type"], "AI_CORE");
        EXPECT_EQ(e["args"]["OP Type"], "Conv");
        // pid = (process id << 10) | (14 << 5) | device 0
        EXPECT_EQ((e["pid"].get<uint32_t>() >> 5) & 31u, 14u);
        EXPECT_EQ(e["pid"].get<uint32_t>() & 31u, 0u);
      }
    }
  }
  EXPECT_TRUE(api);
  EXPECT_TRUE(op);
  for (const char* p : {"CANN", "Ascend Hardware", "AI Core Freq", "Overlap Analysis"})
    EXPECT_TRUE(processes.count(p)) << p;
  EXPECT_TRUE(threads.count("Computing"));
  bool stream = false, thread = false;
  for (const std::string& t : threads) {
    stream |= t.rfind("Stream ", 0) == 0;
    thread |= t.rfind("Thread ", 0) == 0;
  }
  EXPECT_TRUE(stream && thread);
}

TEST_F(ProfAclJson, SimulatedColumnsAreDeterministic) {
  const std::string profiler = R"({"switch": "on", "aic_metrics": "Memory", )";
  const std::string d1 = FreshDir("det1"), d2 = FreshDir("det2");
  const std::string p1 = Profile("det1", profiler + OutputKey(d1) + "}", "small_cnn", 2);
  const std::string p2 = Profile("det2", profiler + OutputKey(d2) + "}", "small_cnn", 2);
  ASSERT_FALSE(p1.empty() || p2.empty());
  for (const char* f : {"op_summary", "task_time", "op_statistic", "step_trace"}) {
    Csv a = ReadCsv(Deliverable(p1, f, ".csv")), b = ReadCsv(Deliverable(p2, f, ".csv"));
    ASSERT_EQ(a.header, b.header) << f;
    ASSERT_EQ(a.rows.size(), b.rows.size()) << f;
    const int model_col = a.Col("Model ID");  // model ids are never reused within a process
    for (size_t r = 0; r < a.rows.size(); ++r) {
      for (size_t c = 0; c < a.header.size(); ++c) {
        if (static_cast<int>(c) == model_col) continue;
        EXPECT_EQ(a.rows[r][c], b.rows[r][c]) << f << " row " << r << " column " << a.header[c];
      }
    }
  }
}

TEST_F(ProfAclJson, AiCpuOpsAndTheAicpuSummary) {
  const std::string dir = FreshDir("aicpu");
  const std::string prof =
      Profile("aicpu", R"({"switch": "on", "aicpu": "on", )" + OutputKey(dir) + "}", "conv_fp32_aicpu", 1);
  ASSERT_FALSE(prof.empty());
  const Csv ops = ReadCsv(Deliverable(prof, "op_summary", ".csv"));
  bool aicpu = false;
  for (size_t r = 0; r < ops.rows.size(); ++r) {
    if (ops.At(r, "Op Name") != "conv1") continue;
    aicpu = true;
    EXPECT_EQ(ops.At(r, "Task Type"), "AI_CPU");
    EXPECT_EQ(ops.At(r, "aicore_time(us)"), "N/A");
    EXPECT_EQ(ops.At(r, "Input Data Types").substr(0, 5), "FLOAT");
  }
  EXPECT_TRUE(aicpu);
  const std::string file = Deliverable(prof, "aicpu", ".csv");
  ASSERT_FALSE(file.empty());
  const Csv cpu = ReadCsv(file);
  EXPECT_EQ(cpu.header,
            (std::vector<std::string>{"Timestamp(us)", "Node", "Compute_time(us)", "Memcpy_time(us)", "Task_time(us)",
                                      "Dispatch_time(us)", "Total_time(us)", "Stream ID", "Task ID"}));
  ASSERT_EQ(cpu.rows.size(), 1u);
  EXPECT_EQ(cpu.At(0, "Node"), "conv1");
}

TEST_F(ProfAclJson, TaskTimeOffWritesNoDeviceSummaries) {
  const std::string dir = FreshDir("tasktime_off");
  const std::string prof =
      Profile("tasktime_off", R"({"switch": "on", "task_time": "off", )" + OutputKey(dir) + "}", "small_cnn", 1);
  ASSERT_FALSE(prof.empty());
  EXPECT_TRUE(Deliverable(prof, "op_summary", ".csv").empty());
  EXPECT_TRUE(Deliverable(prof, "task_time", ".csv").empty());
  EXPECT_FALSE(Deliverable(prof, "api_statistic", ".csv").empty());
}

TEST_F(ProfAclJson, SwitchOffWritesNothing) {
  const std::string dir = FreshDir("off");
  out_ = dir;
  const std::string config = WriteConfig(dir, R"({"profiler": {"switch": "off", )" + OutputKey(dir) + "}}");
  ASSERT_ACL_OK(aclInit(config.c_str()));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  RunModel("add_relu", 1);
  ASSERT_ACL_OK(aclrtResetDevice(0));
  ASSERT_ACL_OK(aclFinalize());
  EXPECT_TRUE(ProfDirs(dir).empty());
}

TEST_F(ProfAclJson, BadProfilerSectionFailsAclInit) {
  const std::string dir = FreshDir("bad");
  const std::string config = WriteConfig(dir, R"({"profiler": {"switch": "on", "aic_metrics": "Bogus"}})");
  EXPECT_ACL_ERROR(aclInit(config.c_str()), ACL_ERROR_INVALID_PROFILING_CONFIG, "Bogus");
  const std::string config2 = WriteConfig(dir, R"({"profiler": {"switch": "on", "task_time": "sometimes"}})");
  EXPECT_ACL_ERROR(aclInit(config2.c_str()), ACL_ERROR_INVALID_PROFILING_CONFIG, "task_time");
  const std::string config3 = WriteConfig(dir, R"({"profiler": {"switch": "on", "storage_limit": "10MB"}})");
  EXPECT_ACL_ERROR(aclInit(config3.c_str()), ACL_ERROR_INVALID_PROFILING_CONFIG, "storage_limit");
  // An output that cannot be created.
  const std::string config4 =
      WriteConfig(dir, R"({"profiler": {"switch": "on", "output": ")" + dir + R"(/acl.json/sub"}})");
  EXPECT_ACL_ERROR(aclInit(config4.c_str()), ACL_ERROR_INVALID_PROFILING_CONFIG, "output");
}

TEST_F(ProfAclJson, ProfilingOptionsFromTheEnvironmentWin) {
  const std::string dir = FreshDir("env"), other = FreshDir("env_other");
  setenv("PROFILING_MODE", "true", 1);
  setenv("PROFILING_OPTIONS", (R"({"output": ")" + dir + R"(", "aic_metrics": "ArithmeticUtilization"})").c_str(), 1);
  const std::string config = WriteConfig(other, R"({"profiler": {"switch": "on", "output": ")" + other + R"("}})");
  ASSERT_ACL_OK(aclInit(config.c_str()));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  RunModel("matmul_bias", 1);
  ASSERT_ACL_OK(aclrtResetDevice(0));
  ASSERT_ACL_OK(aclFinalize());
  EXPECT_TRUE(ProfDirs(other).empty());
  const std::vector<std::string> dirs = ProfDirs(dir);
  ASSERT_EQ(dirs.size(), 1u);
  const Csv ops = ReadCsv(Deliverable(dirs[0], "op_summary", ".csv"));
  EXPECT_NE(ops.Col("cube_fops"), -1);
  // Bad options fail aclInit.
  setenv("PROFILING_OPTIONS", R"({"output": "x", "aicpu": "maybe"})", 1);
  EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_INVALID_PROFILING_CONFIG, "PROFILING_OPTIONS");
  unsetenv("PROFILING_MODE");
  unsetenv("PROFILING_OPTIONS");
}

TEST_F(ProfAclJson, AclprofApiConflictsWithTheConfiguredSession) {
  const std::string dir = FreshDir("conflict");
  const std::string config = WriteConfig(dir, R"({"profiler": {"switch": "on", "output": ")" + dir + R"("}})");
  ASSERT_ACL_OK(aclInit(config.c_str()));
  EXPECT_ACL_ERROR(aclprofInit(dir.c_str(), dir.size()), ACL_ERROR_PROF_API_CONFLICT, "acl.json");
  ASSERT_ACL_OK(aclFinalize());
}

}  // namespace
