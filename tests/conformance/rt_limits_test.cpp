// Conformance: resource limits and churn of acl_rt.h (issue 21 part 3). The per-device stream
// limit of aclrtCreateStream's documentation (1024 on the 310 / 310P, 2048 on the 910 / 910B,
// default and internal streams included) gives ACL_ERROR_RT_NO_STREAM_RESOURCE, then the
// device works on once streams are destroyed; 10,000 streams and 10,000 events created and
// destroyed one after another, and 10,000 events alive at once, leave nothing behind.
//
// PUBLIC API ONLY: acl/... headers, standard headers and gtest.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "acl/acl.h"
#include "conformance_util.h"

namespace {

[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());

// aclrtCreateStream's documented maximum per device for the simulated chip.
size_t DocumentedStreamLimit() {
  const char* soc = aclrtGetSocName();
  const std::string name = soc != nullptr ? soc : "";
  return name.rfind("Ascend310", 0) == 0 ? 1024 : 2048;
}

TEST(RtLimits, StreamsBeyondTheDeviceLimitAreRefusedThenTheDeviceWorksOn) {
  const size_t limit = DocumentedStreamLimit();
  std::vector<aclrtStream> streams;
  aclError ret = ACL_SUCCESS;
  while (streams.size() <= limit) {  // more than the limit can never succeed
    aclrtStream s = nullptr;
    ret = aclrtCreateStream(&s);
    if (ret != ACL_SUCCESS) break;
    streams.push_back(s);
  }
  const std::string msg = conformance::RecentMsg();
  EXPECT_EQ(ret, ACL_ERROR_RT_NO_STREAM_RESOURCE) << msg;
  EXPECT_NE(msg.find("destroy the streams you no longer use"), std::string::npos) << msg;
  // The default stream (and whatever the runtime keeps internally) counts: fewer than the limit.
  EXPECT_LT(streams.size(), limit);
  EXPECT_GE(streams.size(), limit - 8);
  // A stream of the full set still works, and one destroyed makes room for one more.
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_ACL_OK(aclrtMemsetAsync(dev, 64, 7, 64, streams.back()));
  EXPECT_ACL_OK(aclrtSynchronizeStream(streams.back()));
  ASSERT_ACL_OK(aclrtDestroyStream(streams.back()));
  streams.pop_back();
  aclrtStream again = nullptr;
  EXPECT_ACL_OK(aclrtCreateStream(&again));
  aclrtStream refused = nullptr;
  EXPECT_EQ(aclrtCreateStream(&refused), ACL_ERROR_RT_NO_STREAM_RESOURCE);
  EXPECT_EQ(refused, nullptr);
  if (again != nullptr) streams.push_back(again);
  for (aclrtStream s : streams) EXPECT_ACL_OK(aclrtDestroyStream(s));
  // Everything is usable again.
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  EXPECT_ACL_OK(aclrtMemsetAsync(dev, 64, 1, 64, s));
  EXPECT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_ACL_OK(aclrtDestroyStream(s));
  EXPECT_ACL_OK(aclrtFree(dev));
}

TEST(RtLimits, TenThousandStreamsCreatedAndDestroyedInTurn) {
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 16, ACL_MEM_MALLOC_HUGE_FIRST));
  for (int i = 0; i < 10000; ++i) {
    aclrtStream s = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS) << "stream " << i;
    if (i % 1000 == 0) {  // now and then with work on it
      EXPECT_ACL_OK(aclrtMemsetAsync(dev, 16, i % 256, 16, s));
      EXPECT_ACL_OK(aclrtSynchronizeStream(s));
    }
    ASSERT_EQ(aclrtDestroyStream(s), ACL_SUCCESS) << "stream " << i;
  }
  EXPECT_ACL_OK(aclrtFree(dev));
}

TEST(RtLimits, TenThousandEventsInTurnAndAtOnce) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  for (int i = 0; i < 10000; ++i) {
    aclrtEvent e = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&e), ACL_SUCCESS) << "event " << i;
    if (i % 1000 == 0) {
      EXPECT_ACL_OK(aclrtRecordEvent(e, stream));
      EXPECT_ACL_OK(aclrtSynchronizeEvent(e));
    }
    ASSERT_EQ(aclrtDestroyEvent(e), ACL_SUCCESS) << "event " << i;
  }
  // Creation is not limited (the documented limit applies to recorded events, and the
  // runtime waits for one to free up); 10,000 alive at once, some recorded, all destroyed.
  std::vector<aclrtEvent> events(10000, nullptr);
  for (size_t i = 0; i < events.size(); ++i) ASSERT_EQ(aclrtCreateEvent(&events[i]), ACL_SUCCESS) << "event " << i;
  for (size_t i = 0; i < events.size(); i += 100) EXPECT_ACL_OK(aclrtRecordEvent(events[i], stream));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  EXPECT_ACL_OK(aclrtQueryEventStatus(events[9900], &status));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
  for (aclrtEvent e : events) EXPECT_ACL_OK(aclrtDestroyEvent(e));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

}  // namespace
