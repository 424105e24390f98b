// Collectives in profiling: between aclprofStart and aclprofStop, every rank's HCCL task shows
// in the exported task_time (task type HCCL, the function's name) and in the
// timeline, with its simulated duration.
#include <gtest/gtest.h>

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
}

}  // namespace
