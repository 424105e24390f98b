// KernelInfoOf and KernelTaskObserver: only kernel tasks that carry a KernelTaskInfo reach
// the typed callbacks; other tasks and other submitters' data are ignored, never misread.
#include "runtime/observe/kernel_task.h"

#include <gtest/gtest.h>

#include <vector>

namespace asim::observe {
namespace {

struct OtherInfo : sim::TaskInfo {
  uint32_t model_id = 99;  // same layout start as KernelTaskInfo: must still not be read as one
};

sim::TaskRecord Record(sim::TaskKind kind, const sim::TaskInfo* info) {
  sim::TaskRecord r;
  r.kind = kind;
  r.info = info;
  return r;
}

TEST(KernelInfoOf, OnlyKernelTasksWithAKernelTaskInfo) {
  KernelTaskInfo kernel;
  kernel.model_id = 7;
  OtherInfo other;
  EXPECT_EQ(KernelInfoOf(Record(sim::TaskKind::kKernel, &kernel)), &kernel);
  EXPECT_EQ(KernelInfoOf(Record(sim::TaskKind::kKernel, &other)), nullptr);
  EXPECT_EQ(KernelInfoOf(Record(sim::TaskKind::kKernel, nullptr)), nullptr);
  EXPECT_EQ(KernelInfoOf(Record(sim::TaskKind::kMemcpy, &kernel)), nullptr);
}

class Recorder : public KernelTaskObserver {
 public:
  void OnKernelBegin(const sim::TaskRecord&, const KernelTaskInfo& info) override { begins.push_back(info.model_id); }
  void OnKernelEnd(const sim::TaskRecord&, const KernelTaskInfo& info, const Status& result) override {
    ends.push_back(info.model_id);
    ok.push_back(result.ok());
  }
  std::vector<uint32_t> begins, ends;
  std::vector<bool> ok;
};

TEST(KernelTaskObserver, SeesKernelsOnly) {
  KernelTaskInfo kernel;
  kernel.model_id = 3;
  OtherInfo other;
  Recorder rec;
  sim::TaskObserver& base = rec;
  for (const sim::TaskRecord& r : {Record(sim::TaskKind::kKernel, &kernel), Record(sim::TaskKind::kKernel, &other),
                                   Record(sim::TaskKind::kMemcpy, &kernel), Record(sim::TaskKind::kKernel, nullptr)}) {
    base.OnTaskBegin(r);
    base.OnTaskEnd(r, Status(err::kInternalError, "failed"));
  }
  EXPECT_EQ(rec.begins, std::vector<uint32_t>{3});
  EXPECT_EQ(rec.ends, std::vector<uint32_t>{3});
  EXPECT_EQ(rec.ok, std::vector<bool>{false});
}

}  // namespace
}  // namespace asim::observe
