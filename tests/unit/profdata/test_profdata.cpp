// Unit tests of profdata: the summary CSVs (exact headers, a hand-checked row, number
// formats, wait times, statistics), the metric formulas of every group, the timeline's
// structure, collective communication tasks (op_summary rows, hccl_statistic, the HCCL and
// overlap layers), the raw data round trip, PROF_* names and the CSV dialect.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <set>

#include "profdata/csv.h"
#include "profdata/exporter.h"
#include "profdata/metrics.h"
#include "profdata/prof_dir.h"
#include "profdata/raw_io.h"
#include "profdata/summaries.h"
#include "profdata/timeline.h"

namespace asim::profdata {
namespace {

ChipInfo Chip310() {
  ChipInfo c;
  c.soc_version = c.soc_name = "Ascend310";
  c.aicore_freq_mhz = 1000;
  c.ai_core_count = 2;
  c.ai_cpu_count = 4;
  c.ai_cpu_freq_mhz = 2000;
  c.cube_fp16_macs_per_cycle = 4096;
  c.vector_bytes_per_cycle = 256;
  c.l1_to_l0a_bytes_per_cycle = 512;
  c.l1_to_l0b_bytes_per_cycle = 256;
  c.memory_gbps = 51.2;
  c.sim_zero_wall_ns = 1000000000000;
  return c;
}

// A conv-like AI Core task: hand-checkable counters.
DeviceTask Conv(uint64_t task_id, uint64_t start_ps, uint64_t end_ps, uint64_t execution = 0) {
  DeviceTask t;
  t.task_id = task_id;
  t.stream_id = 3;
  t.name = "conv1";
  t.op_type = "Conv2D";
  t.has_op_info = true;
  t.model_id = 1;
  t.model_name = "net";
  t.execution = execution;
  t.block_dim = 4;
  t.start_ps = start_ps;
  t.end_ps = end_ps;
  t.inputs = {{{1, 1, 16, 16, 16}, "FLOAT16", "NC1HWC0"}, {{9, 1, 16, 16}, "FLOAT16", "FRACTAL_Z"}};
  t.outputs = {{{1, 1, 16, 16, 16}, "FLOAT16", "NC1HWC0"}};
  KernelCounters& c = t.counters;
  c.valid = true;
  c.block_dim = 4;
  c.cores_used = 2;
  c.waves = 2;
  c.total_cycles = 1000;
  c.cube_cycles = 500;
  c.vector_cycles = 200;
  c.scalar_cycles = 100;
  c.mte1_cycles = 50;
  c.mte2_cycles = 400;
  c.mte3_cycles = 100;
  c.non_overlap_cycles = 150;
  c.has_work = true;
  c.cube_macs = 4096 * 1000;
  c.cube_dtype = "FLOAT16";
  c.vector_ops = 1000;
  c.vector_elem_bytes = 4;
  c.mte1_bytes = 3000;
  c.mte2_bytes = 8192;
  c.mte3_bytes = 2048;
  c.l2_hit_bytes = 4096;
  c.l2_resident_bytes = 1024;
  return t;
}

DeviceTask AiCpuTask(uint64_t task_id, uint64_t start_ps, uint64_t end_ps) {
  DeviceTask t;
  t.task_id = task_id;
  t.stream_id = 3;
  t.engine = Engine::kAiCpu;
  t.name = "lstm";
  t.op_type = "LSTM";
  t.has_op_info = true;
  t.model_id = 1;
  t.start_ps = start_ps;
  t.end_ps = end_ps;
  t.counters.valid = true;
  t.counters.total_cycles = 4000;
  t.counters.aicpu_compute_cycles = 4000;
  t.counters.aicpu_memory_cycles = 1000;
  t.counters.overhead_ps = 50000000;
  t.aicpu_reason = "no AI Core kernel for op type LSTM";
  return t;
}

DeviceTask Copy(uint64_t task_id, uint64_t start_ps, uint64_t end_ps) {
  DeviceTask t;
  t.task_id = task_id;
  t.stream_id = 0xFFFFFFFFu;
  t.kind = TaskKind::kMemcpy;
  t.engine = Engine::kDmaH2D;
  t.name = "Memcpy";
  t.bytes = 1000000;
  t.start_ps = start_ps;
  t.end_ps = end_ps;
  return t;
}

Profile MakeProfile(const std::string& metrics = "PipeUtilization") {
  Profile p;
  p.config.aic_metrics = metrics;
  p.config.aicpu = true;
  p.pid = 1234;
  p.app_name = "app";
  DeviceData d;
  d.chip = Chip310();
  d.tasks.push_back(Copy(1, 0, 20000000));                       // 0 .. 20 us
  d.tasks.push_back(Conv(2, 21000000, 23000000));                // 21 .. 23 us
  d.tasks.push_back(AiCpuTask(3, 23500000, 123500000));          // 23.5 .. 123.5 us
  d.tasks.push_back(Conv(4, 200000000, 202000000, /*exec=*/1));  // second execution
  p.devices.push_back(d);
  p.api.push_back({"aclmdlExecute", "acl", 5000, 9000, 1234, 77});
  p.api.push_back({"aclmdlExecute", "acl", 10000, 12000, 1234, 77});
  p.api.push_back({"aclrtMalloc", "acl", 1000, 1500, 1234, 78});
  return p;
}

std::vector<std::string> Base310() {
  return {"Device_id",
          "Model ID",
          "Task ID",
          "Stream ID",
          "Op Name",
          "OP Type",
          "OP State",
          "Task Type",
          "Task Start Time(us)",
          "Task Duration(us)",
          "Task Wait Time(us)",
          "Block Num",
          "HF32 Eligible",
          "Input Shapes",
          "Input Data Types",
          "Input Formats",
          "Output Shapes",
          "Output Data Types",
          "Output Formats"};
}

size_t Col(const Table& t, const std::string& name) {
  auto it = std::find(t.header.begin(), t.header.end(), name);
  EXPECT_NE(it, t.header.end()) << name;
  return static_cast<size_t>(it - t.header.begin());
}

TEST(OpSummary, ExactHeaderAndHandCheckedRow) {
  const Table t = OpSummary(MakeProfile());
  std::vector<std::string> header = Base310();
  for (const char* h : {"aicore_time(us)", "total_cycles", "vec_time(us)", "vec_ratio", "mac_time(us)", "mac_ratio",
                        "scalar_time(us)", "scalar_ratio", "mte1_time(us)", "mte1_ratio", "mte2_time(us)", "mte2_ratio",
                        "mte3_time(us)", "mte3_ratio", "icache_miss_rate", "memory_bound", "cube_utilization(%)"}) {
    header.push_back(h);
  }
  EXPECT_EQ(t.header, header);
  ASSERT_EQ(t.rows.size(), 3u) << "kernels only, not the copy";
  const std::vector<std::string> conv = {
      "0", "1", "2", "3", "conv1", "Conv2D", "static", "AI_CORE", "21.000\t", "2.000", "0", "4", "NO",
      "1,1,16,16,16;9,1,16,16", "FLOAT16;FLOAT16", "NC1HWC0;FRACTAL_Z", "1,1,16,16,16", "FLOAT16", "NC1HWC0",
      // aicore_time = 1000 cycles / 1000 MHz; total = 1000 * 4 blocks / 2 waves
      "1.000", "2000",
      // vec, mac, scalar, mte1, mte2, mte3: cycles / 1000 MHz and / 1000
      "0.200", "0.200", "0.500", "0.500", "0.100", "0.100", "0.050", "0.050", "0.400", "0.400", "0.100", "0.100", "N/A",
      // memory_bound = 0.4 / max(0.5, 0.2)
      "0.800",
      // 2000 / (1000 MHz * 2 cores * 2 us) * 100
      "50.000"};
  EXPECT_EQ(t.rows[0], conv);
  // The AI CPU task: its wait is the gap since the conv's end; no metrics.
  EXPECT_EQ(t.rows[1][Col(t, "Task Type")], "AI_CPU");
  EXPECT_EQ(t.rows[1][Col(t, "Task Wait Time(us)")], "0.500000");
  EXPECT_EQ(t.rows[1][Col(t, "Task Duration(us)")], "100.000");
  EXPECT_EQ(t.rows[1][Col(t, "mac_ratio")], "N/A");
  EXPECT_EQ(t.rows[1][Col(t, "cube_utilization(%)")], "N/A");
  EXPECT_EQ(t.rows[2][Col(t, "Task Wait Time(us)")], "76.500000");
}

TEST(OpSummary, SplitChipsKeepStarsColumnsAndSplitTheMetrics) {
  Profile p = MakeProfile("ResourceConflictRatio");
  ChipInfo& chip = p.devices[0].chip;
  chip.split_cube_vector = true;
  chip.vector_core_count = 4;
  DeviceTask vec = Conv(9, 300000000, 301000000, 2);
  vec.counters.cube_macs = 0;
  vec.counters.cube_cycles = 0;
  p.devices[0].tasks.push_back(vec);
  const Table t = OpSummary(p);
  std::vector<std::string> header = Base310();
  header.insert(header.begin() + 12, "Mix Block Num");
  header.push_back("Context ID");
  for (const char* core : {"aic_", "aiv_"}) {
    for (const char* h :
         {"time(us)", "total_cycles", "vec_bankgroup_cflt_ratio", "vec_bank_cflt_ratio", "vec_resc_cflt_ratio"}) {
      header.push_back(std::string(core) + h);
    }
  }
  header.push_back("cube_utilization(%)");
  EXPECT_EQ(t.header, header);
  ASSERT_EQ(t.rows.size(), 4u);
  EXPECT_EQ(t.rows[0][Col(t, "aic_vec_resc_cflt_ratio")], "0.150");
  EXPECT_EQ(t.rows[0][Col(t, "aiv_time(us)")], "N/A");
  EXPECT_EQ(t.rows[3][Col(t, "Task Type")], "AI_VECTOR_CORE");
  EXPECT_EQ(t.rows[3][Col(t, "aic_time(us)")], "N/A");
  EXPECT_EQ(t.rows[3][Col(t, "aiv_time(us)")], "1.000");
  EXPECT_EQ(t.rows[3][Col(t, "aiv_vec_bank_cflt_ratio")], "N/A");
}

TEST(OpSummary, LevelZeroAndOffWriteNone) {
  Profile p = MakeProfile();
  p.config.task_time = "l0";
  EXPECT_TRUE(OpSummary(p).rows.empty());
  EXPECT_FALSE(TaskTime(p).rows.empty());
  p.config.task_time = "off";
  EXPECT_TRUE(TaskTime(p).rows.empty());
}

TEST(Metrics, EveryGroupFromTheCounters) {
  const ChipInfo chip = Chip310();
  const KernelCounters c = Conv(1, 0, 2000000).counters;
  const double seconds = 1e-6;  // aicore_time 1 us
  const double gib = 1024.0 * 1024 * 1024;
  const auto get = [&](MetricGroup g, const std::string& name) -> std::optional<double> {
    for (const MetricValue& m : ComputeGroup(g, c, chip)) {
      if (m.name == name) return m.value;
    }
    ADD_FAILURE() << name;
    return std::nullopt;
  };
  // ArithmeticUtilization: an fp16 cube and fp32 vector work.
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kArithmeticUtilization, "mac_fp16_ratio"), 0.5);
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kArithmeticUtilization, "mac_int8_ratio"), 0.0);
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kArithmeticUtilization, "vec_fp32_ratio"), 0.2);
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kArithmeticUtilization, "cube_fops"), 2.0 * 4096 * 1000);
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kArithmeticUtilization, "vector_fops"), 1000);
  // Memory: bytes over aicore_time in GiB/s; main memory excludes the L2 hits.
  EXPECT_NEAR(*get(MetricGroup::kMemory, "main_mem_read_bw(GB/s)"), (8192 - 4096) / seconds / gib, 1e-9);
  EXPECT_NEAR(*get(MetricGroup::kMemory, "main_mem_write_bw(GB/s)"), (2048 - 1024) / seconds / gib, 1e-9);
  EXPECT_NEAR(*get(MetricGroup::kMemory, "l2_read_bw(GB/s)"), 8192 / seconds / gib, 1e-9);
  EXPECT_NEAR(*get(MetricGroup::kMemory, "l1_write_bw(GB/s)"), 8192 / seconds / gib, 1e-9) << "a cube op loads L1";
  EXPECT_NEAR(*get(MetricGroup::kMemory, "l1_read_bw(GB/s)"), 3000 / seconds / gib, 1e-9);
  EXPECT_NEAR(*get(MetricGroup::kMemory, "ub_read_bw(GB/s)"), (4000 + 2048) / seconds / gib, 1e-9);
  // MemoryL0: MTE1 split 512:256 into L0A / L0B; the cube reads 512 B of each per fractal.
  EXPECT_NEAR(*get(MetricGroup::kMemoryL0, "l0a_write_bw(GB/s)"), 2000 / seconds / gib, 1e-9);
  EXPECT_NEAR(*get(MetricGroup::kMemoryL0, "l0b_write_bw(GB/s)"), 1000 / seconds / gib, 1e-9);
  EXPECT_NEAR(*get(MetricGroup::kMemoryL0, "l0a_read_bw(GB/s)"), 1000 * 512 / seconds / gib, 1e-6);
  EXPECT_NEAR(*get(MetricGroup::kMemoryL0, "l0c_write_bw_cube(GB/s)"), 1000 * 1024 / seconds / gib, 1e-6);
  // MemoryUB: the scalar unit's traffic is not modelled.
  EXPECT_FALSE(get(MetricGroup::kMemoryUB, "ub_read_bw_scalar(GB/s)").has_value());
  EXPECT_NEAR(*get(MetricGroup::kMemoryUB, "ub_read_bw_vector(GB/s)"), 4000 / seconds / gib, 1e-9);
  // L2Cache: 128-byte requests.
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kL2Cache, "r0_read_cache_hit"), 32);
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kL2Cache, "r0_read_cache_miss_allocate"), 32);
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kL2Cache, "write_cache_hit"), 8);
  // MemoryAccess in KB.
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kMemoryAccess, "read_main_memory_datas(KB)"), 4.0);
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kMemoryAccess, "gm_to_l1_datas(KB)"), 8.0);
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kMemoryAccess, "gm_to_ub_datas(KB)"), 0.0);
  // PipeExecuteUtilization mirrors the pipe ratios; fixpipe is not modelled.
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kPipeExecuteUtilization, "mac_exe_ratio"), 0.5);
  EXPECT_FALSE(get(MetricGroup::kPipeExecuteUtilization, "fixpipe_exe_ratio").has_value());
  // ResourceConflictRatio: the non-overlapped share.
  EXPECT_DOUBLE_EQ(*get(MetricGroup::kResourceConflictRatio, "vec_resc_cflt_ratio"), 0.15);
}

TEST(Metrics, MemoryBoundFloorAndNamesAndNoWork) {
  KernelCounters copy;
  copy.valid = true;
  copy.total_cycles = 100;
  copy.mte2_cycles = 80;
  EXPECT_DOUBLE_EQ(MemoryBound(copy), 80.0) << "denominator floored at 1/total";
  EXPECT_EQ(MetricGroupFromName("PipeUtilization"), MetricGroup::kPipeUtilization);
  EXPECT_EQ(MetricGroupFromName("PipeExecuteUtilization"), MetricGroup::kPipeExecuteUtilization);
  EXPECT_STREQ(MetricGroupName(MetricGroup::kPipeExecuteUtilization), "PipelineExecuteUtilization");
  EXPECT_EQ(MetricGroupFromName("None"), MetricGroup::kNone);
  EXPECT_FALSE(MetricGroupFromName("Bogus").has_value());
  EXPECT_TRUE(PmuHeader(MetricGroup::kNone, Chip310()).empty());
  // Without the work description the byte-based columns are N/A, the pipe ones are not.
  KernelCounters c = Conv(1, 0, 1).counters;
  c.has_work = false;
  for (const MetricValue& m : ComputeGroup(MetricGroup::kMemory, c, Chip310())) EXPECT_FALSE(m.value) << m.name;
  for (const MetricValue& m : ComputeGroup(MetricGroup::kPipeUtilization, c, Chip310())) {
    if (m.name != "icache_miss_rate") {
      EXPECT_TRUE(m.value) << m.name;
    }
  }
}

TEST(Statistics, OpApiTaskStepAndAiCpu) {
  const Profile p = MakeProfile();
  const Table op = OpStatistic(p);
  EXPECT_EQ(op.header, (std::vector<std::string>{"Device_id", "OP Type", "Core Type", "Count", "Total Time(us)",
                                                 "Min Time(us)", "Avg Time(us)", "Max Time(us)", "Ratio(%)"}));
  ASSERT_EQ(op.rows.size(), 2u);
  EXPECT_EQ(op.rows[0], (std::vector<std::string>{"0", "LSTM", "AI_CPU", "1", "100.000", "100.000", "100.000",
                                                  "100.000", "96.154"}));
  EXPECT_EQ(op.rows[1],
            (std::vector<std::string>{"0", "Conv2D", "AI_CORE", "2", "4.000", "2.000", "2.000", "2.000", "3.846"}));
  const Table api = ApiStatistic(p);
  EXPECT_EQ(api.header, (std::vector<std::string>{"Device_id", "Level", "API Name", "Time(us)", "Count", "Avg(us)",
                                                  "Min(us)", "Max(us)", "Variance"}));
  ASSERT_EQ(api.rows.size(), 2u);
  EXPECT_EQ(api.rows[0], (std::vector<std::string>{"host", "acl", "aclmdlExecute", "6.000", "2", "3.000", "2.000",
                                                   "4.000", "1.000"}));
  const Table tt = TaskTime(p);
  EXPECT_EQ(tt.header, (std::vector<std::string>{"Device_id", "kernel_name", "kernel_type", "stream_id", "task_id",
                                                 "task_time(us)", "task_start(us)", "task_stop(us)"}));
  ASSERT_EQ(tt.rows.size(), 4u);
  EXPECT_EQ(tt.rows[0],
            (std::vector<std::string>{"0", "Memcpy", "MEMCPY_ASYNC", "65535", "1", "20.000", "0.000\t", "20.000\t"}));
  const Table st = StepTrace(p);
  ASSERT_EQ(st.rows.size(), 2u);
  EXPECT_EQ(st.header[5], "Iteration Time(us)");
  EXPECT_EQ(st.rows[0][1], "1");
  EXPECT_EQ(st.rows[0][5], "102.500") << "21 us .. 123.5 us";
  EXPECT_EQ(st.rows[1][8], "76.500") << "Data Aug Bound: the gap since the previous execution";
  const Table cpu = AiCpu(p);
  ASSERT_EQ(cpu.rows.size(), 1u);
  EXPECT_EQ(cpu.rows[0],
            (std::vector<std::string>{"23.500\t", "lstm", "2.000", "0.500", "2.000", "50.000", "100.000", "3", "3"}));
}

TEST(Timeline, ChromeTraceArrayWithTheLayers) {
  const nlohmann::json trace = nlohmann::json::parse(TimelineJson(MakeProfile()));
  ASSERT_TRUE(trace.is_array());
  std::map<uint32_t, std::string> processes;
  std::set<std::pair<uint32_t, std::string>> threads;
  for (const auto& e : trace) {
    if (e["ph"] == "M" && e["name"] == "process_name") {
      processes[e["pid"].get<uint32_t>()] = e["args"]["name"].get<std::string>();
    }
    if (e["ph"] == "M" && e["name"] == "thread_name") {
      threads.insert({e["pid"].get<uint32_t>(), e["args"]["name"].get<std::string>()});
    }
  }
  const uint32_t cann = (1234u << 10) | (7u << 5) | 31u, hw = (1234u << 10) | (14u << 5) | 0u;
  EXPECT_EQ(processes[cann], "CANN");
  EXPECT_EQ(processes[hw], "Ascend Hardware");
  EXPECT_EQ(processes[(1234u << 10) | (15u << 5)], "AI Core Freq");
  EXPECT_EQ(processes[(1234u << 10) | (31u << 5)], "Overlap Analysis");
  EXPECT_TRUE(threads.count({cann, "Thread 77"}));
  EXPECT_TRUE(threads.count({hw, "Stream 3"}));
  EXPECT_TRUE(threads.count({hw, "Stream 65535"}));
  bool api = false, conv = false, copy = false, freq = false;
  for (const auto& e : trace) {
    if (e["ph"] == "C") freq = e["args"]["MHz"] == 1000;
    if (e["ph"] != "X") continue;
    ASSERT_TRUE(e["ts"].is_string());
    if (e["name"] == "AscendCL@aclmdlExecute" && e["ts"] == "5.000") {
      api = true;
      EXPECT_EQ(e["dur"], 4.0);
      EXPECT_EQ(e["pid"], cann);
      EXPECT_EQ(e["tid"], 77);
      EXPECT_EQ(e["args"]["Mode"], "ACL_MODEL");
    }
    if (e["name"] == "conv1" && e["args"]["Task Id"] == 2) {
      conv = true;
      EXPECT_EQ(e["ts"], "1000000021.000") << "device time placed at its simulated zero";
      EXPECT_EQ(e["dur"], 2.0);
      EXPECT_EQ(e["args"]["Task Type"], "AI_CORE");
      EXPECT_EQ(e["args"]["Input Shapes"], "1,1,16,16,16;9,1,16,16");
    }
    if (e["name"] == "MEMCPY_ASYNC") {
      copy = true;
      EXPECT_EQ(e["args"]["size(B)"], 1000000);
      EXPECT_DOUBLE_EQ(e["args"]["bandwidth(GB/s)"].get<double>(), 50.0);
      EXPECT_EQ(e["args"]["operation"], "host to device");
    }
  }
  EXPECT_TRUE(api && conv && copy && freq);
}

TEST(RawData, RoundTripAndExport) {
  const std::string dir = (std::filesystem::path(::testing::TempDir()) / "profdata_raw").string();
  std::filesystem::remove_all(dir);
  Profile p = MakeProfile();
  p.tx.push_back({"mark", "hello", 1, 1, 5});
  p.config.devices = {0};
  ASSERT_TRUE(WriteRaw(p, dir).ok());
  EXPECT_TRUE(std::filesystem::exists(dir + "/host/data/api_event.data.slice_0"));
  EXPECT_TRUE(std::filesystem::exists(dir + "/device_0/data/task.data.0.slice_0"));
  Profile back;
  const Status st = ReadRaw(dir, &back);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(back.devices.size(), 1u);
  ASSERT_EQ(back.devices[0].tasks.size(), p.devices[0].tasks.size());
  for (size_t i = 0; i < p.devices[0].tasks.size(); ++i) {
    EXPECT_EQ(TaskToJsonLine(back.devices[0].tasks[i]), TaskToJsonLine(p.devices[0].tasks[i]));
  }
  EXPECT_EQ(back.api.size(), 3u);
  EXPECT_EQ(back.tx.size(), 1u);
  EXPECT_EQ(back.config.devices, std::vector<uint32_t>{0});
  EXPECT_EQ(ToCsv(OpSummary(back)), ToCsv(OpSummary(p)));
  std::vector<std::string> files;
  ASSERT_TRUE(ExportDeliverables(back, dir, WallNowNs(), &files).ok());
  EXPECT_EQ(files.size(), 8u) << "6 CSVs, the timeline and README.txt";
  EXPECT_FALSE(FindDeliverable(dir, "op_summary").empty());
  // Re-export replaces the earlier files.
  ASSERT_TRUE(ExportDeliverables(back, dir, WallNowNs() + 3600000000000ull, nullptr).ok());
  size_t summaries = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir + "/" + kOutputDir)) {
    summaries += e.path().filename().string().rfind("op_summary_", 0) == 0;
  }
  EXPECT_EQ(summaries, 1u);
  // Errors name the file.
  EXPECT_FALSE(ReadRaw(dir + "/nothing", &back).ok());
  DeviceTask t;
  EXPECT_FALSE(TaskFromJsonLine("{not json", &t).ok());
}

// The record-line parsers ReadRaw uses (tests/fuzz/prof_raw_fuzz.cpp fuzzes them): every
// record round-trips; a floating-point number, which nlohmann would cast to an integer field
// with undefined behaviour when out of range, is refused (a fuzz finding).
TEST(RawData, RecordLinesRoundTripAndRefuseFloats) {
  ApiEvent api;
  api.name = "aclmdlExecute";
  api.start_ns = 10;
  api.end_ns = 20;
  api.tid = 3;
  ApiEvent api_back;
  ASSERT_TRUE(ApiEventFromJsonLine(ApiEventToJsonLine(api), &api_back).ok());
  EXPECT_EQ(ApiEventToJsonLine(api_back), ApiEventToJsonLine(api));
  TxEvent tx;
  tx.kind = "range";
  tx.message = "preprocess";
  tx.start_ns = 5;
  tx.end_ns = 6;
  TxEvent tx_back;
  ASSERT_TRUE(TxEventFromJsonLine(TxEventToJsonLine(tx), &tx_back).ok());
  EXPECT_EQ(TxEventToJsonLine(tx_back), TxEventToJsonLine(tx));
  DeviceTask t;
  const Status st = TaskFromJsonLine(R"({"end_ps": 1.7e25})", &t);
  EXPECT_EQ(st.code(), err::kParseFile);
  EXPECT_NE(st.message().find("1.7e+25"), std::string::npos) << st.message();
  EXPECT_EQ(TxEventFromJsonLine(R"({"tid": [0.5]})", &tx_back).code(), err::kParseFile);
  EXPECT_FALSE(ApiEventFromJsonLine("[]", &api_back).ok());
}

TEST(ProfDir, NamesAndCreation) {
  const std::string name = ProfDirName(7, 1686226762856000000ull, "LPKNFOADMAQRMDGC");
  uint32_t seq = 0;
  ASSERT_TRUE(ParseProfDirName(name, &seq)) << name;
  EXPECT_EQ(seq, 7u);
  EXPECT_EQ(name.substr(0, 12), "PROF_000007_");
  EXPECT_EQ(name.substr(26, 3), "856") << "milliseconds";
  EXPECT_FALSE(ParseProfDirName("PROF_1_2_3", nullptr));
  EXPECT_EQ(FileTimestamp(1686226762856000000ull).size(), 14u);
  const std::string out = (std::filesystem::path(::testing::TempDir()) / "profdata_dirs").string();
  std::filesystem::remove_all(out);
  std::string p1, n1, p2, n2;
  ASSERT_TRUE(CreateProfDir(out, WallNowNs(), &p1, &n1).ok());
  ASSERT_TRUE(CreateProfDir(out, WallNowNs(), &p2, &n2).ok());
  EXPECT_EQ(n1.substr(0, 12), "PROF_000001_");
  EXPECT_EQ(n2.substr(0, 12), "PROF_000002_");
  EXPECT_EQ(ListProfDirs(out).size(), 2u);
  EXPECT_FALSE(CreateProfDir("/proc/nope/x", WallNowNs(), &p1, &n1).ok());
}

TEST(Csv, QuotingRoundTrip) {
  Table t;
  t.header = {"a", "b,c", "d"};
  t.rows = {{"1,2;3", "say \"hi\"", "tab\t"}, {"", "x", "multi\nline"}};
  const std::string text = ToCsv(t);
  EXPECT_EQ(text.substr(0, 12), "a,\"b,c\",d\n\"1");
  const Table back = ParseCsv(text);
  EXPECT_EQ(back.header, t.header);
  EXPECT_EQ(back.rows, t.rows);
}

}  // namespace
}  // namespace asim::profdata

namespace asim::profdata {
namespace {

// A DVPP task: its own name on the timeline, task type DVPP, a raw-data round trip, and no
// place in op_summary (which lists operators).
TEST(Dvpp, TaskOnTheTimelineNotInTheOpSummary) {
  Profile p = MakeProfile();
  DeviceTask d;
  d.task_id = 9;
  d.stream_id = 3;
  d.kind = TaskKind::kDvpp;
  d.engine = Engine::kDvpp;
  d.name = "JpegDecode";
  d.start_ps = 40000000;
  d.end_ps = 43000000;
  p.devices[0].tasks.push_back(d);
  EXPECT_STREQ(TaskKindName(TaskKind::kDvpp), "Dvpp");
  EXPECT_STREQ(EngineName(Engine::kDvpp), "DVPP");
  EXPECT_EQ(TaskKindFromName("Dvpp"), TaskKind::kDvpp);
  EXPECT_STREQ(TaskKindName(TaskKind::kCollective), "Collective");
  EXPECT_EQ(TaskKindFromName("Collective"), TaskKind::kCollective);
  EXPECT_EQ(EngineFromName("DVPP"), Engine::kDvpp);
  EXPECT_EQ(TaskTypeOf(d, p.devices[0].chip), "DVPP");
  DeviceTask back;
  ASSERT_TRUE(TaskFromJsonLine(TaskToJsonLine(d), &back).ok());
  EXPECT_EQ(back.kind, TaskKind::kDvpp);
  EXPECT_EQ(back.engine, Engine::kDvpp);
  const nlohmann::json trace = nlohmann::json::parse(TimelineJson(p));
  bool found = false;
  for (const auto& e : trace) {
    if (e["ph"] == "X" && e["name"] == "JpegDecode") {
      found = true;
      EXPECT_EQ(e["args"]["Task Type"], "DVPP");
      EXPECT_EQ(e["dur"], 3.0);
    }
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(ToCsv(OpSummary(p)).find("JpegDecode"), std::string::npos);
}

DeviceTask Collective(uint64_t task_id, uint64_t start_ps, uint64_t end_ps, const std::string& op_type) {
  DeviceTask t;
  t.task_id = task_id;
  t.stream_id = 5;
  t.kind = TaskKind::kCollective;
  t.engine = Engine::kDmaD2D;
  t.name = op_type == "hcom_allReduce_" ? "HcclAllReduce" : "HcclBroadcast";
  t.op_type = op_type;
  t.bytes = 4194304;
  t.start_ps = start_ps;
  t.end_ps = end_ps;
  t.inputs = {{{2097152}, "FLOAT16", "ND"}};
  t.outputs = {{{2097152}, "FLOAT16", "ND"}};
  return t;
}

TEST(Hccl, CollectivesInTheOpSummaryTheStatisticAndTheTimeline) {
  Profile p = MakeProfile();
  p.devices[0].tasks.push_back(Collective(10, 300000000, 350000000, "hcom_allReduce_"));  // 50 us
  p.devices[0].tasks.push_back(Collective(11, 350000000, 360000000, "hcom_allReduce_"));  // 10 us
  p.devices[0].tasks.push_back(Collective(12, 400000000, 440000000, "hcom_broadcast_"));  // 40 us
  const Table summary = OpSummary(p);
  std::vector<const std::vector<std::string>*> rows;
  for (const auto& r : summary.rows) {
    if (r[Col(summary, "Task Type")] == "HCCL") rows.push_back(&r);
  }
  ASSERT_EQ(rows.size(), 3u);
  const std::vector<std::string>& r = *rows[0];
  EXPECT_EQ(r[Col(summary, "Op Name")], "HcclAllReduce");
  EXPECT_EQ(r[Col(summary, "OP Type")], "hcom_allReduce_");
  EXPECT_EQ(r[Col(summary, "Task Start Time(us)")], "300.000\t");
  EXPECT_EQ(r[Col(summary, "Task Duration(us)")], "50.000");
  EXPECT_EQ(r[Col(summary, "Task Wait Time(us)")], "98.000000");  // after the kernel ending at 202 us
  EXPECT_EQ(r[Col(summary, "Input Shapes")], "2097152");
  EXPECT_EQ(r[Col(summary, "Input Data Types")], "FLOAT16");
  EXPECT_EQ(r[Col(summary, "Block Num")], "0");
  EXPECT_EQ(r.back(), "N/A");  // no AI Core metrics
  // Not AI Core / AI CPU work: op_statistic leaves them out.
  EXPECT_EQ(ToCsv(OpStatistic(p)).find("hcom_"), std::string::npos);

  const Table stat = HcclStatistic(p);
  EXPECT_EQ(stat.header, (std::vector<std::string>{"Device_id", "OP Type", "Count", "Total Time(us)", "Min Time(us)",
                                                   "Avg Time(us)", "Max Time(us)", "Ratio(%)"}));
  ASSERT_EQ(stat.rows.size(), 2u);
  EXPECT_EQ(stat.rows[0],
            (std::vector<std::string>{"0", "hcom_allReduce_", "2", "60.000", "10.000", "30.000", "50.000", "60.000"}));
  EXPECT_EQ(stat.rows[1],
            (std::vector<std::string>{"0", "hcom_broadcast_", "1", "40.000", "40.000", "40.000", "40.000", "40.000"}));
  EXPECT_TRUE(HcclStatistic(MakeProfile()).rows.empty());

  const nlohmann::json trace = nlohmann::json::parse(TimelineJson(p));
  std::set<std::string> processes, overlap;
  size_t hccl_events = 0;
  const uint32_t hccl_pid = TimelinePid(p.pid, kSortHccl, 0);
  const uint32_t ov_pid = TimelinePid(p.pid, kSortOverlapAnalysis, 0);
  for (const auto& e : trace) {
    if (e["ph"] == "M" && e["name"] == "process_name") processes.insert(e["args"]["name"].get<std::string>());
    if (e["ph"] != "X") continue;
    if (e["pid"] == hccl_pid) {
      ++hccl_events;
      EXPECT_EQ(e["args"]["size(B)"], 4194304);
    }
    if (e["pid"] == ov_pid) overlap.insert(e["name"].get<std::string>());
  }
  EXPECT_TRUE(processes.count("HCCL"));
  EXPECT_EQ(hccl_events, 3u);
  EXPECT_TRUE(overlap.count("Communication"));
  EXPECT_TRUE(overlap.count("Communication(Not Overlapped)"));
  EXPECT_TRUE(overlap.count("Free"));
}

TEST(Hccl, OverlapSplitsCommunicationThatKernelsHide) {
  Profile p;
  p.pid = 1;
  DeviceData d;
  d.chip = Chip310();
  d.tasks.push_back(Conv(1, 0, 10000000));                                 // 0 .. 10 us
  d.tasks.push_back(Collective(2, 5000000, 20000000, "hcom_allReduce_"));  // 5 .. 20 us
  p.devices.push_back(d);
  const nlohmann::json trace = nlohmann::json::parse(TimelineJson(p));
  const uint32_t ov_pid = TimelinePid(p.pid, kSortOverlapAnalysis, 0);
  double not_overlapped = -1;
  for (const auto& e : trace) {
    if (e["ph"] == "X" && e["pid"] == ov_pid && e["name"] == "Communication(Not Overlapped)") {
      not_overlapped = e["dur"].get<double>();
    }
  }
  EXPECT_EQ(not_overlapped, 10.0);  // 10 .. 20 us
}

}  // namespace
}  // namespace asim::profdata
