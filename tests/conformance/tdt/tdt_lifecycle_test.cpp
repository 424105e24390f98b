// Conformance: tdt before aclInit, without aclrtSetDevice and after aclFinalize. Each test
// runs its own aclInit .. aclFinalize (no global environment).
//
// PUBLIC API ONLY: this file includes only acl/... headers, standard headers and gtest.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <thread>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "conformance_util.h"

namespace {

TEST(TdtLifecycle, ItemsAndDatasetsNeedNoInitChannelsAndQueuesDo) {
  float value = 1;
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, &value, sizeof(value));
  ASSERT_NE(item, nullptr);
  acltdtDataset* ds = acltdtCreateDataset();
  ASSERT_NE(ds, nullptr);
  ASSERT_ACL_OK(acltdtAddDataItem(ds, item));
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, "before_init", 4), nullptr);
  EXPECT_RECENT_MSG_HAS("aclInit");
  EXPECT_EQ(acltdtCreateChannel(0, "before_init"), nullptr);
  EXPECT_RECENT_MSG_HAS("aclInit");
  int dummy = 0;
  auto* fake = reinterpret_cast<acltdtChannelHandle*>(&dummy);
  EXPECT_ACL_ERROR(acltdtSendTensor(fake, ds, 0), ACL_ERROR_UNINITIALIZE, "aclInit");
  EXPECT_ACL_ERROR(acltdtReceiveTensor(fake, ds, 0), ACL_ERROR_UNINITIALIZE, "aclInit");
  uint32_t qid = 0;
  EXPECT_ACL_ERROR(acltdtCreateQueue(nullptr, &qid), ACL_ERROR_UNINITIALIZE, "aclInit");
  EXPECT_ACL_OK(acltdtDestroyDataset(ds));
  EXPECT_ACL_OK(acltdtDestroyDataItem(item));
}

TEST(TdtLifecycle, ChannelsNeedTheDeviceOpen) {
  ASSERT_ACL_OK(aclInit(nullptr));
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, "no_device", 4), nullptr);
  EXPECT_RECENT_MSG_HAS("aclrtSetDevice(0)");
  uint32_t qid = 0;
  EXPECT_EQ(acltdtCreateQueue(nullptr, &qid), ACL_ERROR_RT_CONTEXT_NULL);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  acltdtChannelHandle* ch = acltdtCreateChannelWithCapacity(0, "no_device", 4);
  EXPECT_NE(ch, nullptr);
  EXPECT_ACL_OK(acltdtDestroyChannel(ch));
  ASSERT_ACL_OK(aclFinalize());
}

TEST(TdtLifecycle, ChannelsAfterFinalize) {
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  acltdtChannelHandle* ch = acltdtCreateChannelWithCapacity(0, "finalized", 4);
  ASSERT_NE(ch, nullptr);
  float value = 3;
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, &value, sizeof(value));
  acltdtDataset* ds = acltdtCreateDataset();
  ASSERT_ACL_OK(acltdtAddDataItem(ds, item));
  ASSERT_ACL_OK(acltdtSendTensor(ch, ds, 0));
  ASSERT_ACL_OK(aclFinalize());
  EXPECT_ACL_ERROR(acltdtSendTensor(ch, ds, 0), ACL_ERROR_UNINITIALIZE, "aclInit");
  EXPECT_ACL_OK(acltdtDestroyChannel(ch));  // still releases the queued dataset
  // A new aclInit starts from scratch; the name is free again.
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  acltdtChannelHandle* again = acltdtCreateChannelWithCapacity(0, "finalized", 4);
  ASSERT_NE(again, nullptr);
  ASSERT_ACL_OK(acltdtSendTensor(again, ds, 0));
  acltdtDataset* in = acltdtCreateDataset();
  ASSERT_ACL_OK(acltdtReceiveTensor(again, in, 0));
  EXPECT_EQ(*static_cast<float*>(acltdtGetDataAddrFromItem(acltdtGetDataItem(in, 0))), 3.0f);
  EXPECT_ACL_OK(acltdtDestroyDataset(in));
  EXPECT_ACL_OK(acltdtDestroyChannel(again));
  EXPECT_ACL_OK(acltdtDestroyDataset(ds));
  EXPECT_ACL_OK(acltdtDestroyDataItem(item));
  ASSERT_ACL_OK(aclFinalize());
}

TEST(TdtLifecycle, AResetDeviceWakesAndRefusesItsChannels) {
  // A receiver waiting forever on an empty channel, and every later call on a channel of the
  // reset device (a legacy channel accepts only timeout -1), return instead of hanging.
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  acltdtChannelHandle* ch = acltdtCreateChannelWithCapacity(0, "reset_waiter", 2);
  acltdtChannelHandle* legacy = acltdtCreateChannel(0, "reset_legacy");
  ASSERT_NE(ch, nullptr);
  ASSERT_NE(legacy, nullptr);
  acltdtDataset* in = acltdtCreateDataset();
  aclError waited = ACL_SUCCESS;
  std::thread receiver([&] { waited = acltdtReceiveTensor(ch, in, -1); });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ASSERT_ACL_OK(aclrtResetDevice(0));
  receiver.join();
  EXPECT_EQ(waited, ACL_ERROR_INVALID_RESOURCE_HANDLE);
  EXPECT_ACL_ERROR(acltdtReceiveTensor(legacy, in, -1), ACL_ERROR_INVALID_RESOURCE_HANDLE, "was reset");
  float value = 1;
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, &value, sizeof(value));
  acltdtDataset* ds = acltdtCreateDataset();
  ASSERT_ACL_OK(acltdtAddDataItem(ds, item));
  EXPECT_ACL_ERROR(acltdtSendTensor(legacy, ds, -1), ACL_ERROR_INVALID_RESOURCE_HANDLE, "was reset");
  EXPECT_ACL_OK(acltdtDestroyChannel(ch));
  EXPECT_ACL_OK(acltdtDestroyChannel(legacy));
  EXPECT_ACL_OK(acltdtDestroyDataset(ds));
  EXPECT_ACL_OK(acltdtDestroyDataset(in));
  EXPECT_ACL_OK(acltdtDestroyDataItem(item));
  ASSERT_ACL_OK(aclFinalize());
}

}  // namespace
