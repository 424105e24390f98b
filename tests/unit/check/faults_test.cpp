// Tests of Faults: the nth/count window of each fault, what each one matches (model id,
// channel name, stream), the codes and messages, the task hook, Load and Clear.
// Owner: runtime/check. Failure: gtest assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "runtime/check/faults.h"
#include "runtime/check/memcheck.h"

namespace asim::check {
namespace {

using ::testing::HasSubstr;

cfg::FaultSpec Spec(cfg::FaultType type, uint64_t nth, uint64_t count = 1) {
  cfg::FaultSpec f;
  f.type = type;
  f.nth = nth;
  f.count = count;
  return f;
}

class FaultsTest : public ::testing::Test {
 protected:
  Faults faults_;
};

TEST_F(FaultsTest, MallocWindow) {
  faults_.Arm(Spec(cfg::FaultType::kMalloc, 2, 2), nullptr, "test");
  EXPECT_TRUE(faults_.OnMalloc("aclrtMalloc", 8).ok());
  Status second = faults_.OnMalloc("aclrtMalloc", 16);
  EXPECT_EQ(second.code(), err::kRtMemoryAllocation);
  EXPECT_THAT(second.message(), HasSubstr("injected fault: the 2nd device allocation (aclrtMalloc of 16 bytes)"));
  EXPECT_THAT(second.message(), HasSubstr("armed by test"));
  EXPECT_FALSE(faults_.OnMalloc("aclrtMalloc", 8).ok());
  EXPECT_TRUE(faults_.OnMalloc("aclrtMalloc", 8).ok());
}

TEST_F(FaultsTest, CountZeroFailsForever) {
  faults_.Arm(Spec(cfg::FaultType::kMalloc, 1, 0));
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(faults_.OnMalloc("aclrtMalloc", 1).ok());
  faults_.Clear();
  EXPECT_TRUE(faults_.OnMalloc("aclrtMalloc", 1).ok());
}

TEST_F(FaultsTest, ModelExecuteMatchesTheModel) {
  cfg::FaultSpec f = Spec(cfg::FaultType::kModelExecute, 2);
  f.model_id = 7;
  f.code = 507015;
  faults_.Arm(f);
  EXPECT_TRUE(faults_.OnModelExecute(3).ok());  // other models do not count
  EXPECT_TRUE(faults_.OnModelExecute(7).ok());
  Status st = faults_.OnModelExecute(7);
  EXPECT_EQ(st.code(), 507015);
  EXPECT_THAT(st.message(), HasSubstr("the 2nd execution of model 7"));
  EXPECT_TRUE(faults_.OnModelExecute(7).ok());
}

TEST_F(FaultsTest, ChannelSendByNameOrAny) {
  cfg::FaultSpec named = Spec(cfg::FaultType::kChannelSend, 1);
  named.channel = "q";
  named.code = cfg::kDefaultChannelSendFaultCode;
  faults_.Arm(named);
  EXPECT_TRUE(faults_.OnChannelSend("other").ok());
  EXPECT_EQ(faults_.OnChannelSend("q").code(), cfg::kDefaultChannelSendFaultCode);
  cfg::FaultSpec any = Spec(cfg::FaultType::kChannelSend, 1);
  any.code = 12345;
  faults_.Arm(any);
  EXPECT_EQ(faults_.OnChannelSend("other").code(), 12345);
}

TEST_F(FaultsTest, TaskTimeoutsPerStreamWithCodesByEngine) {
  int stream_a = 0, stream_b = 0;
  faults_.Arm(Spec(cfg::FaultType::kTaskTimeout, 2, 3), &stream_a);
  sim::TaskDesc copy;
  copy.kind = sim::TaskKind::kMemcpy;
  copy.engine = sim::EngineKind::kDmaH2D;
  copy.name = "MemcpyAsync";
  sim::TaskDesc aicore;
  aicore.kind = sim::TaskKind::kKernel;
  aicore.engine = sim::EngineKind::kAiCore;
  aicore.name = "conv1";
  sim::TaskDesc aicpu = aicore;
  aicpu.engine = sim::EngineKind::kAiCpu;
  EXPECT_TRUE(faults_.OnTask(&stream_b, 9, copy).ok());  // another stream
  EXPECT_TRUE(faults_.OnTask(&stream_a, 1, copy).ok());  // 1st
  Status st = faults_.OnTask(&stream_a, 1, copy);
  EXPECT_EQ(st.code(), err::kRtTaskTimeout);
  EXPECT_THAT(st.message(), HasSubstr("Memcpy task 'MemcpyAsync' on stream 1 (the 2nd task counted) timed out"));
  EXPECT_EQ(faults_.OnTask(&stream_a, 1, aicore).code(), kRtAicoreTimeout);
  EXPECT_EQ(faults_.OnTask(&stream_a, 1, aicpu).code(), kRtAicpuTimeout);
  EXPECT_TRUE(faults_.OnTask(&stream_a, 1, copy).ok());
  ASSERT_NE(faults_.TaskHook(), nullptr);
}

TEST_F(FaultsTest, LoadReplaces) {
  faults_.Arm(Spec(cfg::FaultType::kMalloc, 1));
  faults_.Load({Spec(cfg::FaultType::kTaskTimeout, 1), Spec(cfg::FaultType::kTaskTimeout, 2)});
  EXPECT_EQ(faults_.armed(), 2u);
  EXPECT_TRUE(faults_.OnMalloc("aclrtMalloc", 1).ok());
}

}  // namespace
}  // namespace asim::check
