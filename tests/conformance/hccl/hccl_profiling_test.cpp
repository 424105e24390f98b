// Collectives in profiling: between aclprofStart and aclprofStop, every rank's HCCL task shows
// in the exported task_time (task type HCCL, the function's name), op_summary (OP Type
// hcom_allReduce_ ..., its element count and type), hccl_statistic and the timeline, with its
// simulated duration; and the ranks' clocks meet: a collective ends at the same simulated time
// on every rank, the latest rank's arrival plus the algorithm's time.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl_prof.h"
#include "hccl_test_util.h"

namespace {

namespace fs = std::filesystem;
using hccl_test::HcclRanks;

// The rows of the CSV file under `root` whose name starts with `prefix` (fields split at commas
// outside double quotes; the header first). Empty when there is no such file.
std::vector<std::vector<std::string>> CsvRows(const fs::path& root, const std::string& prefix) {
  std::vector<std::vector<std::string>> rows;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file() || e.path().filename().string().rfind(prefix, 0) != 0) continue;
    if (e.path().extension() != ".csv") continue;
    std::ifstream in(e.path());
    std::string line;
    while (std::getline(in, line)) {
      std::vector<std::string> fields(1);
      bool quoted = false;
      for (char ch : line) {
        if (ch == '"') {
          quoted = !quoted;
        } else if (ch == ',' && !quoted) {
          fields.emplace_back();
        } else if (ch != '\r') {
          fields.back() += ch;
        }
      }
      rows.push_back(std::move(fields));
    }
  }
  return rows;
}

size_t Column(const std::vector<std::vector<std::string>>& rows, const std::string& name) {
  for (size_t i = 0; !rows.empty() && i < rows[0].size(); ++i) {
    if (rows[0][i] == name) return i;
  }
  ADD_FAILURE() << "no column " << name;
  return 0;
}

// Text of every exported file under `root` whose name starts with `prefix`.
std::string Exported(const fs::path& root, const std::string& prefix) {
  std::string all;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file() || e.path().filename().string().rfind(prefix, 0) != 0) continue;
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    all += ss.str();
  }
  return all;
}

TEST(HcclProfiling, CollectivesAppearInTaskTimeAndTimeline) {
  const fs::path dir = fs::path(testing::TempDir()) / "hccl_prof";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string d = dir.string();
  ASSERT_ACL_SUCCESS(aclprofInit(d.c_str(), d.size()));
  uint32_t devices[] = {0, 1};
  aclprofConfig* cfg = aclprofCreateConfig(devices, 2, ACL_AICORE_NONE, nullptr, ACL_PROF_TASK_TIME);
  ASSERT_NE(cfg, nullptr);
  ASSERT_ACL_SUCCESS(aclprofStart(cfg));
  {
    HcclRanks ranks(2);
    std::vector<void*> buf(2);
    for (uint32_t r = 0; r < 2; ++r) buf[r] = ranks.Alloc(r, 1 << 20);
    for (uint32_t r = 0; r < 2; ++r) {
      ASSERT_HCCL_OK(HcclAllReduce(buf[r], buf[r], (1 << 20) / 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, ranks.comm(r),
                                   ranks.stream(r)));
      ASSERT_HCCL_OK(HcclBarrier(ranks.comm(r), ranks.stream(r)));
    }
    ranks.ExpectAllOk();
  }
  ASSERT_ACL_SUCCESS(aclprofStop(cfg));
  ASSERT_ACL_SUCCESS(aclprofDestroyConfig(cfg));
  ASSERT_ACL_SUCCESS(aclprofFinalize());
  const std::string task_time = Exported(dir, "task_time");
  ASSERT_FALSE(task_time.empty()) << "no task_time export under " << d;
  EXPECT_NE(task_time.find("HcclAllReduce"), std::string::npos) << task_time.substr(0, 2000);
  EXPECT_NE(task_time.find("HCCL"), std::string::npos);
  const std::string timeline = Exported(dir, "msprof");
  EXPECT_NE(timeline.find("HcclAllReduce"), std::string::npos) << "timeline";
  EXPECT_NE(timeline.find("HcclBarrier"), std::string::npos) << "timeline";
  EXPECT_NE(timeline.find("\"HCCL\""), std::string::npos) << "timeline: the HCCL layer";
  EXPECT_NE(timeline.find("Communication(Not Overlapped)"), std::string::npos) << "timeline: overlap analysis";

  // op_summary: one row per rank and collective, Task Type HCCL.
  const auto summary = CsvRows(dir, "op_summary");
  ASSERT_FALSE(summary.empty()) << "no op_summary export under " << d;
  const size_t name = Column(summary, "Op Name"), type = Column(summary, "OP Type"),
               task_type = Column(summary, "Task Type"), shapes = Column(summary, "Input Shapes"),
               dtypes = Column(summary, "Input Data Types"), dur = Column(summary, "Task Duration(us)"),
               device = Column(summary, "Device_id");
  std::vector<std::string> allreduce_devices;
  size_t barriers = 0;
  for (size_t i = 1; i < summary.size(); ++i) {
    const auto& row = summary[i];
    ASSERT_GT(row.size(), std::max({name, type, task_type, shapes, dtypes, dur})) << i;
    if (row[name] == "HcclAllReduce") {
      allreduce_devices.push_back(row[device]);
      EXPECT_EQ(row[type], "hcom_allReduce_");
      EXPECT_EQ(row[task_type], "HCCL");
      EXPECT_EQ(row[shapes], std::to_string((1 << 20) / 4));
      EXPECT_EQ(row[dtypes], "FLOAT");
      EXPECT_GT(std::stod(row[dur]), 0.0);
    } else if (row[name] == "HcclBarrier") {
      ++barriers;
      EXPECT_EQ(row[type], "hcom_barrier_");
    }
  }
  EXPECT_EQ(allreduce_devices, (std::vector<std::string>{"0", "1"}));
  EXPECT_EQ(barriers, 2u);

  // hccl_statistic: per device and OP Type.
  const auto stat = CsvRows(dir, "hccl_statistic");
  ASSERT_EQ(stat.size(), 5u) << "header + 2 devices x (all-reduce, barrier)";
  EXPECT_EQ(stat[0], (std::vector<std::string>{"Device_id", "OP Type", "Count", "Total Time(us)", "Min Time(us)",
                                               "Avg Time(us)", "Max Time(us)", "Ratio(%)"}));
  double ratio0 = 0;
  for (size_t i = 1; i < stat.size(); ++i) {
    EXPECT_EQ(stat[i][2], "1") << "count";
    if (stat[i][0] == "0") ratio0 += std::stod(stat[i][7]);
  }
  EXPECT_NEAR(ratio0, 100.0, 0.01);
}

// Rank 0 is busy with a long copy before the all-reduce, rank 1 is not: rank 1 waits, and the
// all-reduce ends at the same simulated time on both devices (task_time's task_stop).
TEST(HcclProfiling, ALateRankDelaysItsPeers) {
  HcclRanks ranks(2);
  constexpr size_t kCopy = 64u << 20, kBytes = 1u << 20;
  std::vector<void*> buf(2);
  for (uint32_t r = 0; r < 2; ++r) buf[r] = ranks.Alloc(r, kBytes);
  void* src = ranks.Alloc(0, kCopy);
  void* dst = ranks.Alloc(0, kCopy);
  // Aligned clocks to begin with (the earlier tests used the devices unevenly).
  for (uint32_t r = 0; r < 2; ++r) ASSERT_HCCL_OK(HcclBarrier(ranks.comm(r), ranks.stream(r)));
  ranks.ExpectAllOk();

  const fs::path dir = fs::path(testing::TempDir()) / "hccl_prof_clock";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string d = dir.string();
  ASSERT_ACL_SUCCESS(aclprofInit(d.c_str(), d.size()));
  uint32_t devices[] = {0, 1};
  aclprofConfig* cfg = aclprofCreateConfig(devices, 2, ACL_AICORE_NONE, nullptr, ACL_PROF_TASK_TIME);
  ASSERT_NE(cfg, nullptr);
  ASSERT_ACL_SUCCESS(aclprofStart(cfg));
  ASSERT_ACL_SUCCESS(aclrtSetDevice(0));
  ASSERT_ACL_SUCCESS(aclrtMemcpyAsync(dst, kCopy, src, kCopy, ACL_MEMCPY_DEVICE_TO_DEVICE, ranks.stream(0)));
  for (uint32_t r = 0; r < 2; ++r) {
    ASSERT_HCCL_OK(HcclAllReduce(buf[r], buf[r], kBytes / 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, ranks.comm(r),
                                 ranks.stream(r)));
  }
  ranks.ExpectAllOk();
  ASSERT_ACL_SUCCESS(aclprofStop(cfg));
  ASSERT_ACL_SUCCESS(aclprofDestroyConfig(cfg));
  ASSERT_ACL_SUCCESS(aclprofFinalize());

  const auto rows = CsvRows(dir, "task_time");
  ASSERT_FALSE(rows.empty()) << "no task_time export under " << d;
  const size_t device = Column(rows, "Device_id"), name = Column(rows, "kernel_name"),
               dur = Column(rows, "task_time(us)"), start = Column(rows, "task_start(us)"),
               stop = Column(rows, "task_stop(us)");
  std::string stop_of[2], start_of[2], copy_stop;
  double dur_of[2] = {0, 0};
  for (size_t i = 1; i < rows.size(); ++i) {
    const auto& row = rows[i];
    const int dev = std::stoi(row[device]);
    if (row[name] == "HcclAllReduce" && dev >= 0 && dev < 2) {
      stop_of[dev] = row[stop];
      start_of[dev] = row[start];
      dur_of[dev] = std::stod(row[dur]);
    } else if (dev == 0 && row[name] != "HcclAllReduce" && row[name].find("Memcpy") != std::string::npos) {
      copy_stop = row[stop];
    }
  }
  ASSERT_FALSE(stop_of[0].empty());
  ASSERT_FALSE(stop_of[1].empty());
  EXPECT_EQ(stop_of[0], stop_of[1]) << "the all-reduce ends at the same simulated time on both ranks";
  EXPECT_LT(std::stod(start_of[1]), std::stod(start_of[0])) << "rank 1 arrived first";
  // Rank 1's task lasts its wait for rank 0 plus the same algorithm time as rank 0's.
  EXPECT_NEAR(dur_of[1] - dur_of[0], std::stod(start_of[0]) - std::stod(start_of[1]), 0.002);
  EXPECT_GT(dur_of[1], dur_of[0] + 10.0) << "rank 1 waited for rank 0's 64 MiB copy";
  ASSERT_FALSE(copy_stop.empty());
  EXPECT_GE(std::stod(start_of[0]), std::stod(copy_stop)) << "rank 0's all-reduce after its copy";
}

}  // namespace
