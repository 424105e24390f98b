// Conformance: acl_tdt.h channels — create (names, capacities, devices), send/receive round
// trips, received-dataset ownership, timeouts (ACL_ERROR_RT_QUEUE_FULL / _EMPTY), legacy
// channels, stop and destroy waking blocked threads, clean, query, bad datasets, device
// memory datasets, device memory use, simulated transfer time, device reset.
//
// PUBLIC API ONLY: this file includes only acl/... headers, standard headers and gtest.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "conformance_util.h"
#include "tdt_test_util.h"

namespace {

using std::chrono::milliseconds;
using tdt_test::Floats;
using tdt_test::RecvSet;
using tdt_test::SendSet;

// A channel destroyed at scope exit (unless the test destroyed it).
class Channel {
 public:
  explicit Channel(const char* name, size_t capacity = 4, uint32_t device = 0)
      : handle_(acltdtCreateChannelWithCapacity(device, name, capacity)) {
    EXPECT_NE(handle_, nullptr) << conformance::RecentMsg();
  }
  explicit Channel(acltdtChannelHandle* handle) : handle_(handle) {}
  ~Channel() {
    if (handle_ != nullptr) (void)acltdtDestroyChannel(handle_);
  }
  Channel(const Channel&) = delete;
  Channel& operator=(const Channel&) = delete;
  acltdtChannelHandle* get() const { return handle_; }
  void Forget() { handle_ = nullptr; }
  size_t Size() const {
    size_t size = 0;
    EXPECT_ACL_OK(acltdtQueryChannelSize(handle_, &size));
    return size;
  }

 private:
  acltdtChannelHandle* handle_;
};

TEST(TdtChannel, RoundTripDeliversCopiesOfEveryItem) {
  Channel ch("round_trip");
  std::vector<float> values = {1.5f, -2.0f, 3.25f, 4.0f};
  SendSet out;
  out.AddTensor({2, 2}, ACL_FLOAT, values.data(), values.size() * sizeof(float));
  int32_t label = 7;
  out.AddTensor({}, ACL_INT32, &label, sizeof(label));
  out.AddMarker(ACL_TENSOR_DATA_END_OF_SEQUENCE);
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), -1));
  values[0] = 100;  // the channel took a copy
  EXPECT_EQ(ch.Size(), 1u);

  RecvSet in;
  ASSERT_ACL_OK(acltdtReceiveTensor(ch.get(), in.get(), 1000));
  EXPECT_EQ(ch.Size(), 0u);
  ASSERT_EQ(in.size(), 3u);
  EXPECT_STREQ(acltdtGetDatasetName(in.get()), "");
  acltdtDataItem* tensor = in.item(0);
  EXPECT_EQ(acltdtGetTensorTypeFromItem(tensor), ACL_TENSOR_DATA_TENSOR);
  EXPECT_EQ(acltdtGetDataTypeFromItem(tensor), ACL_FLOAT);
  EXPECT_EQ(acltdtGetDimNumFromItem(tensor), 2u);
  int64_t dims[2] = {};
  ASSERT_ACL_OK(acltdtGetDimsFromItem(tensor, dims, 2));
  EXPECT_EQ(dims[0], 2);
  EXPECT_EQ(dims[1], 2);
  EXPECT_EQ(Floats(tensor), (std::vector<float>{1.5f, -2.0f, 3.25f, 4.0f}));
  EXPECT_NE(acltdtGetDataAddrFromItem(tensor), values.data());
  EXPECT_EQ(reinterpret_cast<uintptr_t>(acltdtGetDataAddrFromItem(tensor)) % 64, 0u);
  EXPECT_EQ(*static_cast<int32_t*>(acltdtGetDataAddrFromItem(in.item(1))), 7);
  EXPECT_EQ(acltdtGetDimNumFromItem(in.item(1)), 0u);
  EXPECT_EQ(acltdtGetTensorTypeFromItem(in.item(2)), ACL_TENSOR_DATA_END_OF_SEQUENCE);
  EXPECT_EQ(acltdtGetDataAddrFromItem(in.item(2)), nullptr);
  size_t num = 1, id = 1;
  ASSERT_ACL_OK(acltdtGetSliceInfoFromItem(tensor, &num, &id));
  EXPECT_EQ(num, 0u);
}

TEST(TdtChannel, AbnormalMarkersTravelLikeEndOfSequence) {
  Channel ch("abnormal");
  SendSet out;
  out.AddMarker(ACL_TENSOR_DATA_ABNORMAL);
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), 0));
  RecvSet in;
  ASSERT_ACL_OK(acltdtReceiveTensor(ch.get(), in.get(), 0));
  ASSERT_EQ(in.size(), 1u);
  EXPECT_EQ(acltdtGetTensorTypeFromItem(in.item(0)), ACL_TENSOR_DATA_ABNORMAL);
}

TEST(TdtChannel, ReceivedItemsBelongToTheirDataset) {
  Channel ch("ownership");
  std::vector<float> a = {1, 2}, b = {3};
  SendSet first, second;
  first.AddFloats(a);
  second.AddFloats(b);
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), first.get(), 0));
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), second.get(), 0));
  RecvSet in;
  ASSERT_ACL_OK(acltdtReceiveTensor(ch.get(), in.get(), 0));
  acltdtDataItem* old_item = in.item(0);
  EXPECT_ACL_ERROR(acltdtDestroyDataItem(old_item), ACL_ERROR_INVALID_PARAM, "acltdtDestroyDataset");
  float extra = 0;
  acltdtDataItem* mine = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, &extra, sizeof(extra));
  EXPECT_ACL_ERROR(acltdtAddDataItem(in.get(), mine), ACL_ERROR_FEATURE_UNSUPPORTED, "received");
  EXPECT_ACL_OK(acltdtDestroyDataItem(mine));
  // Receiving again into the same dataset frees the items of the previous receive.
  ASSERT_ACL_OK(acltdtReceiveTensor(ch.get(), in.get(), 0));
  EXPECT_EQ(Floats(in.item(0)), std::vector<float>{3});
  EXPECT_EQ(acltdtGetDataSizeFromItem(old_item), 0u);
  EXPECT_RECENT_MSG_HAS("not a live data item");
}

TEST(TdtChannel, ReceiveNeedsAnEmptyOrReceivedDataset) {
  Channel ch("receive_into_user_set");
  std::vector<float> v = {1};
  SendSet out;
  out.AddFloats(v);
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), 0));
  EXPECT_ACL_ERROR(acltdtReceiveTensor(ch.get(), out.get(), 0), ACL_ERROR_INVALID_PARAM, "already holds 1 item");
  EXPECT_EQ(ch.Size(), 1u);  // nothing was taken off the channel
}

TEST(TdtChannel, TimeoutsGiveQueueFullAndQueueEmpty) {
  Channel ch("timeouts", 2);
  std::vector<float> v = {1};
  SendSet out;
  out.AddFloats(v);
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), 0));
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), 0));
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), out.get(), 0), ACL_ERROR_RT_QUEUE_FULL, "is full");
  auto start = std::chrono::steady_clock::now();
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), out.get(), 50), ACL_ERROR_RT_QUEUE_FULL, "after waiting 50 ms");
  EXPECT_GE(std::chrono::steady_clock::now() - start, milliseconds(45));
  EXPECT_EQ(ch.Size(), 2u);
  RecvSet in;
  ASSERT_ACL_OK(acltdtReceiveTensor(ch.get(), in.get(), 0));
  ASSERT_ACL_OK(acltdtReceiveTensor(ch.get(), in.get(), -1));
  EXPECT_ACL_ERROR(acltdtReceiveTensor(ch.get(), in.get(), 0), ACL_ERROR_RT_QUEUE_EMPTY, "is empty");
  start = std::chrono::steady_clock::now();
  EXPECT_ACL_ERROR(acltdtReceiveTensor(ch.get(), in.get(), 30), ACL_ERROR_RT_QUEUE_EMPTY, "after waiting 30 ms");
  EXPECT_GE(std::chrono::steady_clock::now() - start, milliseconds(25));
  EXPECT_ACL_ERROR(acltdtReceiveTensor(ch.get(), in.get(), -2), ACL_ERROR_INVALID_PARAM, "timeout -2");
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), out.get(), -7), ACL_ERROR_INVALID_PARAM, "timeout -7");
}

TEST(TdtChannel, BlockedSendResumesWhenAReceiveMakesRoom) {
  Channel ch("backpressure", 2);
  std::vector<float> v = {1};
  SendSet out;
  out.AddFloats(v);
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), 0));
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), 0));
  std::atomic<bool> sent{false};
  std::thread sender([&] {
    EXPECT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), -1));
    sent = true;
  });
  std::this_thread::sleep_for(milliseconds(50));
  EXPECT_FALSE(sent.load());
  RecvSet in;
  ASSERT_ACL_OK(acltdtReceiveTensor(ch.get(), in.get(), 0));
  sender.join();
  EXPECT_TRUE(sent.load());
  EXPECT_EQ(ch.Size(), 2u);
}

TEST(TdtChannel, LegacyChannelsWaitForeverOnly) {
  Channel ch(acltdtCreateChannel(0, "legacy"));
  ASSERT_NE(ch.get(), nullptr) << conformance::RecentMsg();
  std::vector<float> v = {1};
  SendSet out;
  out.AddFloats(v);
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), out.get(), 0), ACL_ERROR_INVALID_PARAM, "accepts only -1");
  RecvSet in;
  EXPECT_ACL_ERROR(acltdtReceiveTensor(ch.get(), in.get(), 10), ACL_ERROR_INVALID_PARAM, "accepts only -1");
  size_t size = 0;
  EXPECT_ACL_ERROR(acltdtQueryChannelSize(ch.get(), &size), ACL_ERROR_FEATURE_UNSUPPORTED,
                   "acltdtCreateChannelWithCapacity");
  EXPECT_ACL_ERROR(acltdtCleanChannel(ch.get()), ACL_ERROR_FEATURE_UNSUPPORTED, "acltdtCreateChannelWithCapacity");
  // The default capacity is 128 datasets: 128 sends never block, the 129th waits.
  for (int i = 0; i < 128; ++i) ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), -1));
  std::atomic<bool> sent{false};
  std::thread sender([&] {
    EXPECT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), -1));
    sent = true;
  });
  std::this_thread::sleep_for(milliseconds(50));
  EXPECT_FALSE(sent.load());
  ASSERT_ACL_OK(acltdtReceiveTensor(ch.get(), in.get(), -1));
  sender.join();
  EXPECT_TRUE(sent.load());
  ASSERT_ACL_OK(acltdtStopChannel(ch.get()));
}

TEST(TdtChannel, CreateChecksNameCapacityAndDevice) {
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, nullptr, 4), nullptr);
  EXPECT_RECENT_MSG_HAS("name must not be NULL");
  EXPECT_EQ(acltdtCreateChannel(0, nullptr), nullptr);
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, "", 4), nullptr);
  EXPECT_RECENT_MSG_HAS("name is empty");
  const std::string long_name(128, 'n');
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, long_name.c_str(), 4), nullptr);
  EXPECT_RECENT_MSG_HAS("longer than 127");
  Channel ok_name(long_name.substr(1).c_str(), 2);
  for (size_t bad : {size_t{0}, size_t{1}, size_t{8193}}) {
    EXPECT_EQ(acltdtCreateChannelWithCapacity(0, "cap", bad), nullptr);
    EXPECT_RECENT_MSG_HAS("[2, 8192]");
  }
  Channel big("cap_8192", 8192);
  EXPECT_EQ(acltdtCreateChannelWithCapacity(2, "dev", 4), nullptr);
  EXPECT_RECENT_MSG_HAS("out of range");
  EXPECT_EQ(acltdtCreateChannelWithCapacity(1, "dev", 4), nullptr);  // device 1 not set
  EXPECT_RECENT_MSG_HAS("aclrtSetDevice(1)");
}

TEST(TdtChannel, NamesAreUniquePerDevice) {
  Channel first("unique");
  EXPECT_EQ(acltdtCreateChannelWithCapacity(0, "unique", 4), nullptr);
  EXPECT_RECENT_MSG_HAS("already exists on device 0");
  EXPECT_EQ(acltdtCreateChannel(0, "unique"), nullptr);
  ASSERT_ACL_OK(aclrtSetDevice(1));
  {
    Channel other_device("unique", 4, 1);  // the same name on another device is another channel
  }
  ASSERT_ACL_OK(aclrtResetDevice(1));
  ASSERT_ACL_OK(aclrtSetDevice(0));  // back to device 0's context on this thread
  ASSERT_ACL_OK(acltdtDestroyChannel(first.get()));
  first.Forget();
  Channel again("unique");  // the name is free once the channel is destroyed
}

TEST(TdtChannel, SendRejectsBadDatasets) {
  Channel ch("bad_datasets");
  std::vector<float> v = {1, 2};
  SendSet good;
  good.AddFloats(v);
  EXPECT_ACL_ERROR(acltdtSendTensor(nullptr, good.get(), 0), ACL_ERROR_INVALID_PARAM, "handle");
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), nullptr, 0), ACL_ERROR_INVALID_PARAM, "dataset");
  RecvSet empty;
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), empty.get(), 0), ACL_ERROR_INVALID_PARAM, "no items");
  SendSet wrong_size;
  wrong_size.AddTensor({3}, ACL_FLOAT, v.data(), 8);  // 3 floats need 12 bytes
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), wrong_size.get(), 0), ACL_ERROR_INVALID_PARAM,
                   "size 8 bytes does not match dims [3] x DT_FLOAT = 12 bytes");
  SendSet negative;
  negative.AddTensor({-1}, ACL_FLOAT, v.data(), 8);
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), negative.get(), 0), ACL_ERROR_INVALID_PARAM, "non-negative dims");
  SendSet slice;
  slice.AddMarker(ACL_TENSOR_DATA_SLICE_TENSOR);
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), slice.get(), 0), ACL_ERROR_INVALID_PARAM, "the host can send only");
  SendSet end_tensor;
  end_tensor.AddMarker(ACL_TENSOR_DATA_END_TENSOR);
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), end_tensor.get(), 0), ACL_ERROR_INVALID_PARAM, "the host can send only");
  // An item destroyed while still in the dataset.
  acltdtDataset* ds = acltdtCreateDataset();
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, v.data(), 4);
  ASSERT_ACL_OK(acltdtAddDataItem(ds, item));
  ASSERT_ACL_OK(acltdtDestroyDataItem(item));
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), ds, 0), ACL_ERROR_INVALID_PARAM,
                   "item 0 of the dataset is NULL or was destroyed");
  ASSERT_ACL_OK(acltdtDestroyDataset(ds));
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), ds, 0), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live dataset");
  EXPECT_EQ(ch.Size(), 0u);  // nothing bad reached the channel
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), good.get(), 0));
  EXPECT_EQ(ch.Size(), 1u);
}

TEST(TdtChannel, ReceiveChecksItsArguments) {
  Channel ch("receive_args");
  RecvSet in;
  EXPECT_ACL_ERROR(acltdtReceiveTensor(nullptr, in.get(), 0), ACL_ERROR_INVALID_PARAM, "handle");
  EXPECT_ACL_ERROR(acltdtReceiveTensor(ch.get(), nullptr, 0), ACL_ERROR_INVALID_PARAM, "dataset");
  acltdtDataset* gone = acltdtCreateDataset();
  ASSERT_ACL_OK(acltdtDestroyDataset(gone));
  EXPECT_ACL_ERROR(acltdtReceiveTensor(ch.get(), gone, 0), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live dataset");
}

TEST(TdtChannel, NullAndDestroyedChannels) {
  size_t size = 0;
  EXPECT_ACL_ERROR(acltdtDestroyChannel(nullptr), ACL_ERROR_INVALID_PARAM, "handle");
  EXPECT_ACL_ERROR(acltdtStopChannel(nullptr), ACL_ERROR_INVALID_PARAM, "handle");
  EXPECT_ACL_ERROR(acltdtCleanChannel(nullptr), ACL_ERROR_INVALID_PARAM, "handle");
  EXPECT_ACL_ERROR(acltdtQueryChannelSize(nullptr, &size), ACL_ERROR_INVALID_PARAM, "handle");
  acltdtChannelHandle* handle = acltdtCreateChannelWithCapacity(0, "stale", 4);
  ASSERT_NE(handle, nullptr);
  EXPECT_ACL_ERROR(acltdtQueryChannelSize(handle, nullptr), ACL_ERROR_INVALID_PARAM, "size");
  ASSERT_ACL_OK(acltdtDestroyChannel(handle));
  std::vector<float> v = {1};
  SendSet out;
  out.AddFloats(v);
  RecvSet in;
  EXPECT_ACL_ERROR(acltdtDestroyChannel(handle), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live channel");
  EXPECT_ACL_ERROR(acltdtStopChannel(handle), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live channel");
  EXPECT_ACL_ERROR(acltdtCleanChannel(handle), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live channel");
  EXPECT_ACL_ERROR(acltdtQueryChannelSize(handle, &size), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live channel");
  EXPECT_ACL_ERROR(acltdtSendTensor(handle, out.get(), 0), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live channel");
  EXPECT_ACL_ERROR(acltdtReceiveTensor(handle, in.get(), 0), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live channel");
}

TEST(TdtChannel, StopWakesBlockedSendersAndReceiversWithFailure) {
  Channel full("stop_full", 2);
  Channel empty("stop_empty", 2);
  std::vector<float> v = {1};
  SendSet out;
  out.AddFloats(v);
  ASSERT_ACL_OK(acltdtSendTensor(full.get(), out.get(), 0));
  ASSERT_ACL_OK(acltdtSendTensor(full.get(), out.get(), 0));
  std::atomic<int> woken{0};
  std::thread sender([&] {
    if (acltdtSendTensor(full.get(), out.get(), -1) == ACL_ERROR_FAILURE) ++woken;
  });
  std::thread receiver([&] {
    RecvSet in;
    if (acltdtReceiveTensor(empty.get(), in.get(), -1) == ACL_ERROR_FAILURE) ++woken;
  });
  std::this_thread::sleep_for(milliseconds(50));
  EXPECT_EQ(woken.load(), 0);
  ASSERT_ACL_OK(acltdtStopChannel(full.get()));
  ASSERT_ACL_OK(acltdtStopChannel(empty.get()));
  sender.join();
  receiver.join();
  EXPECT_EQ(woken.load(), 2);
  RecvSet in;
  EXPECT_ACL_ERROR(acltdtReceiveTensor(full.get(), in.get(), 0), ACL_ERROR_FAILURE, "stopped");
  EXPECT_ACL_ERROR(acltdtSendTensor(empty.get(), out.get(), 0), ACL_ERROR_FAILURE, "stopped");
  EXPECT_ACL_OK(acltdtStopChannel(full.get()));  // again: fine
  EXPECT_EQ(full.Size(), 2u);
  EXPECT_ACL_OK(acltdtCleanChannel(full.get()));
  EXPECT_EQ(full.Size(), 0u);
}

TEST(TdtChannel, DestroyWhileThreadsAreBlockedIsSafe) {
  acltdtChannelHandle* handle = acltdtCreateChannelWithCapacity(0, "destroy_blocked", 2);
  ASSERT_NE(handle, nullptr);
  std::vector<float> v = {1};
  SendSet out;
  out.AddFloats(v);
  std::vector<std::thread> receivers;
  std::atomic<int> stale{0};
  for (int i = 0; i < 3; ++i) {
    receivers.emplace_back([&] {
      RecvSet in;
      if (acltdtReceiveTensor(handle, in.get(), -1) == ACL_ERROR_INVALID_RESOURCE_HANDLE) ++stale;
    });
  }
  std::this_thread::sleep_for(milliseconds(50));
  ASSERT_ACL_OK(acltdtDestroyChannel(handle));
  for (auto& t : receivers) t.join();
  EXPECT_EQ(stale.load(), 3);
  EXPECT_ACL_ERROR(acltdtSendTensor(handle, out.get(), 0), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live channel");
}

TEST(TdtChannel, CleanEmptiesTheChannel) {
  Channel ch("clean", 4);
  std::vector<float> v = {1};
  SendSet out;
  out.AddFloats(v);
  for (int i = 0; i < 4; ++i) ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), 0));
  EXPECT_EQ(ch.Size(), 4u);
  ASSERT_ACL_OK(acltdtCleanChannel(ch.get()));
  EXPECT_EQ(ch.Size(), 0u);
  RecvSet in;
  EXPECT_EQ(acltdtReceiveTensor(ch.get(), in.get(), 0), ACL_ERROR_RT_QUEUE_EMPTY);
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), 0));  // still usable
}

TEST(TdtChannel, DatasetsInDeviceMemory) {
  Channel ch("device_data");
  std::vector<float> values = {1, 2, 3, 4, 5, 6, 7, 8};
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, values.size() * sizeof(float), ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(aclrtMemcpy(dev, 32, values.data(), 32, ACL_MEMCPY_HOST_TO_DEVICE));
  SendSet out;
  out.AddTensor({8}, ACL_FLOAT, dev, 32);
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), 0));
  RecvSet in;
  ASSERT_ACL_OK(acltdtReceiveTensor(ch.get(), in.get(), 0));
  EXPECT_EQ(Floats(in.item(0)), values);  // received into host memory
  SendSet past_end;
  past_end.AddTensor({1024}, ACL_FLOAT, dev, 4096);  // runs far past the 32-byte allocation
  EXPECT_ACL_ERROR(acltdtSendTensor(ch.get(), past_end.get(), 0), ACL_ERROR_INVALID_PARAM, "item 0");
  ASSERT_ACL_OK(aclrtFree(dev));
}

TEST(TdtChannel, QueuedDatasetsOccupyDeviceMemory) {
  Channel ch("memory", 4);
  std::vector<float> big(1 << 18);  // 1 MiB
  SendSet out;
  out.AddFloats(big);
  const size_t before = conformance::DeviceFreeBytes();
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), 0));
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), 0));
  EXPECT_GE(before - conformance::DeviceFreeBytes(), 2u * big.size() * sizeof(float));
  RecvSet in;
  ASSERT_ACL_OK(acltdtReceiveTensor(ch.get(), in.get(), 0));
  ASSERT_ACL_OK(acltdtCleanChannel(ch.get()));
  EXPECT_EQ(conformance::DeviceFreeBytes(), before);
}

TEST(TdtChannel, TransfersTakeSimulatedTime) {
  Channel ch("timing", 2);
  std::vector<float> big(4 << 20);  // 16 MiB: milliseconds over PCIe on every shipped SoC
  SendSet out;
  out.AddFloats(big);
  aclrtEvent start = nullptr, after_send = nullptr, after_receive = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&start));
  ASSERT_ACL_OK(aclrtCreateEvent(&after_send));
  ASSERT_ACL_OK(aclrtCreateEvent(&after_receive));
  ASSERT_ACL_OK(aclrtRecordEvent(start, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(start));
  ASSERT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), 0));
  ASSERT_ACL_OK(aclrtRecordEvent(after_send, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(after_send));
  RecvSet in;
  ASSERT_ACL_OK(acltdtReceiveTensor(ch.get(), in.get(), 0));
  ASSERT_ACL_OK(aclrtRecordEvent(after_receive, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(after_receive));
  float send_ms = 0, receive_ms = 0;
  ASSERT_ACL_OK(aclrtEventElapsedTime(&send_ms, start, after_send));
  ASSERT_ACL_OK(aclrtEventElapsedTime(&receive_ms, after_send, after_receive));
  EXPECT_GT(send_ms, 0.5f);  // 16 MiB over a PCIe link of at most ~30 GB/s
  EXPECT_GT(receive_ms, 0.5f);
  EXPECT_LT(send_ms, 100.0f);
  for (aclrtEvent e : {start, after_send, after_receive}) EXPECT_ACL_OK(aclrtDestroyEvent(e));
}

TEST(TdtChannel, ChannelsDoNotSurviveADeviceReset) {
  ASSERT_ACL_OK(aclrtSetDevice(1));
  acltdtChannelHandle* handle = acltdtCreateChannelWithCapacity(1, "reset", 4);
  ASSERT_NE(handle, nullptr) << conformance::RecentMsg();
  std::vector<float> v = {1};
  SendSet out;
  out.AddFloats(v);
  ASSERT_ACL_OK(acltdtSendTensor(handle, out.get(), 0));
  ASSERT_ACL_OK(aclrtResetDevice(1));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_ERROR(acltdtSendTensor(handle, out.get(), 0), ACL_ERROR_INVALID_RESOURCE_HANDLE, "was reset");
  RecvSet in;
  EXPECT_ACL_ERROR(acltdtReceiveTensor(handle, in.get(), 0), ACL_ERROR_INVALID_RESOURCE_HANDLE, "was reset");
  EXPECT_ACL_OK(acltdtDestroyChannel(handle));  // still releases everything
}

TEST(TdtChannel, ReceiveWorksFromThreadsWithoutAContext) {
  Channel ch("no_context");
  std::vector<float> v = {4, 5};
  SendSet out;
  out.AddFloats(v);
  std::thread worker([&] {
    // This thread never called aclrtSetDevice: channels need only the device open in the process.
    EXPECT_ACL_OK(acltdtSendTensor(ch.get(), out.get(), -1));
    RecvSet in;
    EXPECT_ACL_OK(acltdtReceiveTensor(ch.get(), in.get(), -1));
    EXPECT_EQ(Floats(in.item(0)), v);
  });
  worker.join();
}

}  // namespace
