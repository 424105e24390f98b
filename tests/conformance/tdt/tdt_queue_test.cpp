// Conformance: acl_tdt_queue.h — queue attributes, queues, EnqueueData/DequeueData with user
// data and timeouts, buffers (data, length, user data, reference copies, chains), buffer
// enqueue/dequeue and ownership, routes (objects, bind, forward, query, unbind), and the
// process-permission functions that are not supported.
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
#include "acl/acl_tdt_queue.h"
#include "conformance_util.h"

namespace {

using std::chrono::milliseconds;

uint32_t MakeQueue(uint32_t depth, const char* name = nullptr) {
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  EXPECT_NE(attr, nullptr);
  EXPECT_ACL_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth));
  if (name != nullptr) EXPECT_ACL_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(name), &name));
  uint32_t qid = 0;
  EXPECT_ACL_OK(acltdtCreateQueue(attr, &qid));
  EXPECT_ACL_OK(acltdtDestroyQueueAttr(attr));
  return qid;
}

acltdtBuf FilledBuf(const std::string& text) {
  acltdtBuf buf = nullptr;
  EXPECT_ACL_OK(acltdtAllocBuf(text.size(), ACL_TDT_NORMAL_MEM, &buf));
  void* data = nullptr;
  size_t size = 0;
  EXPECT_ACL_OK(acltdtGetBufData(buf, &data, &size));
  std::memcpy(data, text.data(), text.size());
  EXPECT_ACL_OK(acltdtSetBufDataLen(buf, text.size()));
  return buf;
}

std::string BufText(acltdtBuf buf) {
  void* data = nullptr;
  size_t size = 0, len = 0;
  EXPECT_ACL_OK(acltdtGetBufData(buf, &data, &size));
  EXPECT_ACL_OK(acltdtGetBufDataLen(buf, &len));
  return std::string(static_cast<char*>(data), len);
}

TEST(TdtQueueAttr, DefaultsSetAndGet) {
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  ASSERT_NE(attr, nullptr);
  uint32_t depth = 0;
  size_t ret = 0;
  ASSERT_ACL_OK(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &ret, &depth));
  EXPECT_EQ(depth, 8u);
  EXPECT_EQ(ret, sizeof(uint32_t));
  const char* name = "unset";
  ASSERT_ACL_OK(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(name), &ret, &name));
  EXPECT_STREQ(name, "");
  EXPECT_EQ(ret, sizeof(char*));
  const char* wanted = "my_queue";
  ASSERT_ACL_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(wanted), &wanted));
  depth = 64;
  ASSERT_ACL_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth));
  ASSERT_ACL_OK(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(name), &ret, &name));
  EXPECT_STREQ(name, "my_queue");
  EXPECT_NE(name, wanted);  // the attribute keeps its own copy
  depth = 0;
  ASSERT_ACL_OK(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &ret, &depth));
  EXPECT_EQ(depth, 64u);
  EXPECT_ACL_OK(acltdtDestroyQueueAttr(attr));
}

TEST(TdtQueueAttr, ErrorPaths) {
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  ASSERT_NE(attr, nullptr);
  uint32_t depth = 4;
  size_t ret = 0;
  const char* name = "q";
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(nullptr, ACL_TDT_QUEUE_DEPTH_UINT32, 4, &depth), ACL_ERROR_INVALID_PARAM, "attr");
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 4, nullptr), ACL_ERROR_INVALID_PARAM, "param");
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 8, &depth), ACL_ERROR_INVALID_PARAM,
                   "len is 8");
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, 2, &name), ACL_ERROR_INVALID_PARAM, "const char *");
  const char* null_name = nullptr;
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(null_name), &null_name),
                   ACL_ERROR_INVALID_PARAM, "NULL");
  const std::string long_name(128, 'x');
  const char* long_ptr = long_name.c_str();
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_NAME_PTR, sizeof(long_ptr), &long_ptr),
                   ACL_ERROR_INVALID_PARAM, "longer than 127");
  EXPECT_ACL_ERROR(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 2, &ret, &depth), ACL_ERROR_INVALID_PARAM,
                   "at least 4");
  EXPECT_ACL_ERROR(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 4, nullptr, &depth), ACL_ERROR_INVALID_PARAM,
                   "paramRetSize");
  EXPECT_ACL_ERROR(acltdtGetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 4, &ret, nullptr), ACL_ERROR_INVALID_PARAM,
                   "param");
  EXPECT_ACL_ERROR(acltdtDestroyQueueAttr(nullptr), ACL_ERROR_INVALID_PARAM, "attr");
  ASSERT_ACL_OK(acltdtDestroyQueueAttr(attr));
  EXPECT_ACL_ERROR(acltdtDestroyQueueAttr(attr), ACL_ERROR_INVALID_RESOURCE_HANDLE, "attr");
  EXPECT_ACL_ERROR(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, 4, &depth), ACL_ERROR_INVALID_RESOURCE_HANDLE,
                   "attr");
  uint32_t qid = 0;
  EXPECT_ACL_ERROR(acltdtCreateQueue(attr, &qid), ACL_ERROR_INVALID_RESOURCE_HANDLE, "attr");
}

TEST(TdtQueue, CreateAndDestroy) {
  uint32_t qid = 0;
  EXPECT_ACL_ERROR(acltdtCreateQueue(nullptr, nullptr), ACL_ERROR_INVALID_PARAM, "qid");
  ASSERT_ACL_OK(acltdtCreateQueue(nullptr, &qid));  // default attributes
  uint32_t other = MakeQueue(2, "named");
  EXPECT_NE(other, qid);
  ASSERT_ACL_OK(acltdtDestroyQueue(qid));
  EXPECT_ACL_ERROR(acltdtDestroyQueue(qid), ACL_ERROR_INVALID_QUEUE_ID, "does not exist");
  ASSERT_ACL_OK(acltdtDestroyQueue(other));
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  uint32_t depth = 1;
  ASSERT_ACL_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth));
  EXPECT_ACL_ERROR(acltdtCreateQueue(attr, &qid), ACL_ERROR_RT_PARAM_INVALID, "depth 1");
  depth = 8193;
  ASSERT_ACL_OK(acltdtSetQueueAttr(attr, ACL_TDT_QUEUE_DEPTH_UINT32, sizeof(depth), &depth));
  EXPECT_ACL_ERROR(acltdtCreateQueue(attr, &qid), ACL_ERROR_RT_PARAM_INVALID, "depth 8193");
  EXPECT_ACL_OK(acltdtDestroyQueueAttr(attr));
}

TEST(TdtQueue, CreateNeedsACurrentDevice) {
  std::thread no_context([] {
    uint32_t qid = 0;
    EXPECT_EQ(acltdtCreateQueue(nullptr, &qid), ACL_ERROR_RT_CONTEXT_NULL);
  });
  no_context.join();
}

TEST(TdtQueue, EnqueueDataDequeueDataWithUserData) {
  const uint32_t qid = MakeQueue(2);
  const char payload[] = "tensor bytes";
  const char user[] = "ctx";
  ASSERT_ACL_OK(acltdtEnqueueData(qid, payload, sizeof(payload), user, sizeof(user), 0, 0));
  ASSERT_ACL_OK(acltdtEnqueueData(qid, payload, 6, nullptr, 0, -1, 0));
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid, payload, 6, nullptr, 0, 0, 0), ACL_ERROR_RT_QUEUE_FULL, "is full");
  auto start = std::chrono::steady_clock::now();
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid, payload, 6, nullptr, 0, 40, 0), ACL_ERROR_RT_QUEUE_FULL, "40 ms");
  EXPECT_GE(std::chrono::steady_clock::now() - start, milliseconds(35));
  char out[64] = {};
  char out_user[96] = {};
  size_t got = 0;
  ASSERT_ACL_OK(acltdtDequeueData(qid, out, sizeof(out), &got, out_user, sizeof(out_user), 0));
  EXPECT_EQ(got, sizeof(payload));
  EXPECT_STREQ(out, "tensor bytes");
  EXPECT_STREQ(out_user, "ctx");
  ASSERT_ACL_OK(acltdtDequeueData(qid, out, sizeof(out), &got, nullptr, 0, -1));
  EXPECT_EQ(got, 6u);
  EXPECT_ACL_ERROR(acltdtDequeueData(qid, out, sizeof(out), &got, nullptr, 0, 0), ACL_ERROR_RT_QUEUE_EMPTY, "is empty");
  EXPECT_ACL_ERROR(acltdtDequeueData(qid, out, sizeof(out), &got, nullptr, 0, 20), ACL_ERROR_RT_QUEUE_EMPTY, "20 ms");
  ASSERT_ACL_OK(acltdtDestroyQueue(qid));
}

TEST(TdtQueue, DequeueDataIntoATooSmallBufferKeepsTheEntry) {
  const uint32_t qid = MakeQueue(2);
  const char payload[32] = "0123456789";
  ASSERT_ACL_OK(acltdtEnqueueData(qid, payload, sizeof(payload), nullptr, 0, 0, 0));
  char small[16];
  size_t got = 0;
  EXPECT_ACL_ERROR(acltdtDequeueData(qid, small, sizeof(small), &got, nullptr, 0, 0), ACL_ERROR_INVALID_PARAM,
                   "holds 32 bytes but dataSize is 16");
  EXPECT_EQ(got, 32u);  // how much room it needs
  char big[32];
  ASSERT_ACL_OK(acltdtDequeueData(qid, big, sizeof(big), &got, nullptr, 0, 0));
  EXPECT_STREQ(big, "0123456789");
  ASSERT_ACL_OK(acltdtDestroyQueue(qid));
}

TEST(TdtQueue, EnqueueDataAndDequeueDataAcceptDeviceMemory) {
  const uint32_t qid = MakeQueue(2);
  const char payload[16] = "on the device";
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, sizeof(payload), ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(aclrtMemcpy(dev, sizeof(payload), payload, sizeof(payload), ACL_MEMCPY_HOST_TO_DEVICE));
  ASSERT_ACL_OK(acltdtEnqueueData(qid, dev, sizeof(payload), nullptr, 0, 0, 0));
  void* dev_out = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev_out, sizeof(payload), ACL_MEM_MALLOC_NORMAL_ONLY));
  size_t got = 0;
  ASSERT_ACL_OK(acltdtDequeueData(qid, dev_out, sizeof(payload), &got, nullptr, 0, 0));
  char back[16] = {};
  ASSERT_ACL_OK(aclrtMemcpy(back, sizeof(back), dev_out, sizeof(payload), ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_STREQ(back, "on the device");
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid, dev, 4096, nullptr, 0, 0, 0), ACL_ERROR_INVALID_PARAM, "");  // past its end
  EXPECT_ACL_OK(aclrtFree(dev));
  EXPECT_ACL_OK(aclrtFree(dev_out));
  ASSERT_ACL_OK(acltdtDestroyQueue(qid));
}

TEST(TdtQueue, DataFunctionsCheckTheirArguments) {
  const uint32_t qid = MakeQueue(2);
  char data[8] = {};
  char user[100] = {};
  size_t got = 0;
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid, nullptr, 8, nullptr, 0, 0, 0), ACL_ERROR_INVALID_PARAM, "data");
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid, data, 0, nullptr, 0, 0, 0), ACL_ERROR_INVALID_PARAM, "dataSize is 0");
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid, data, 8, user, 97, 0, 0), ACL_ERROR_INVALID_PARAM, "96 bytes");
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid, data, 8, nullptr, 4, 0, 0), ACL_ERROR_INVALID_PARAM, "userData is NULL");
  EXPECT_ACL_ERROR(acltdtEnqueueData(qid, data, 8, nullptr, 0, -3, 0), ACL_ERROR_INVALID_PARAM, "timeout -3");
  EXPECT_ACL_ERROR(acltdtEnqueueData(987654, data, 8, nullptr, 0, 0, 0), ACL_ERROR_INVALID_QUEUE_ID, "987654");
  EXPECT_ACL_ERROR(acltdtDequeueData(qid, nullptr, 8, &got, nullptr, 0, 0), ACL_ERROR_INVALID_PARAM, "data");
  EXPECT_ACL_ERROR(acltdtDequeueData(qid, data, 8, nullptr, nullptr, 0, 0), ACL_ERROR_INVALID_PARAM, "retDataSize");
  EXPECT_ACL_ERROR(acltdtDequeueData(qid, data, 0, &got, nullptr, 0, 0), ACL_ERROR_INVALID_PARAM, "dataSize is 0");
  EXPECT_ACL_ERROR(acltdtDequeueData(qid, data, 8, &got, user, 97, 0), ACL_ERROR_INVALID_PARAM, "96 bytes");
  EXPECT_ACL_ERROR(acltdtDequeueData(987654, data, 8, &got, nullptr, 0, 0), ACL_ERROR_INVALID_QUEUE_ID, "987654");
  ASSERT_ACL_OK(acltdtDestroyQueue(qid));
}

TEST(TdtQueue, DestroyWakesBlockedThreads) {
  const uint32_t qid = MakeQueue(2);
  std::atomic<int> woken{0};
  std::thread waiter([&] {
    char data[8];
    size_t got = 0;
    if (acltdtDequeueData(qid, data, sizeof(data), &got, nullptr, 0, -1) == ACL_ERROR_INVALID_QUEUE_ID) ++woken;
  });
  std::this_thread::sleep_for(milliseconds(50));
  ASSERT_ACL_OK(acltdtDestroyQueue(qid));
  waiter.join();
  EXPECT_EQ(woken.load(), 1);
}

TEST(TdtBuf, DataLengthUserDataAndFree) {
  acltdtBuf buf = nullptr;
  ASSERT_ACL_OK(acltdtAllocBuf(100, ACL_TDT_NORMAL_MEM, &buf));
  void* data = nullptr;
  size_t size = 0, len = 99;
  ASSERT_ACL_OK(acltdtGetBufData(buf, &data, &size));
  EXPECT_NE(data, nullptr);
  EXPECT_EQ(size, 100u);
  ASSERT_ACL_OK(acltdtGetBufDataLen(buf, &len));
  EXPECT_EQ(len, 0u);  // nothing valid yet
  ASSERT_ACL_OK(acltdtSetBufDataLen(buf, 100));
  EXPECT_ACL_ERROR(acltdtSetBufDataLen(buf, 101), ACL_ERROR_INVALID_PARAM, "exceeds");
  const uint64_t stamp = 0x1122334455667788ULL;
  ASSERT_ACL_OK(acltdtSetBufUserData(buf, &stamp, sizeof(stamp), 88));
  uint64_t back = 0;
  ASSERT_ACL_OK(acltdtGetBufUserData(buf, &back, sizeof(back), 88));
  EXPECT_EQ(back, stamp);
  EXPECT_ACL_ERROR(acltdtSetBufUserData(buf, &stamp, sizeof(stamp), 89), ACL_ERROR_INVALID_PARAM, "96-byte");
  EXPECT_ACL_ERROR(acltdtGetBufUserData(buf, &back, sizeof(back), 90), ACL_ERROR_INVALID_PARAM, "96-byte");
  EXPECT_ACL_ERROR(acltdtSetBufUserData(buf, nullptr, 4, 0), ACL_ERROR_INVALID_PARAM, "dataPtr");
  EXPECT_ACL_ERROR(acltdtGetBufUserData(buf, nullptr, 4, 0), ACL_ERROR_INVALID_PARAM, "dataPtr");
  ASSERT_ACL_OK(acltdtFreeBuf(buf));
  EXPECT_ACL_ERROR(acltdtFreeBuf(buf), ACL_ERROR_INVALID_RESOURCE_HANDLE, "freed");
  EXPECT_ACL_ERROR(acltdtGetBufData(buf, &data, &size), ACL_ERROR_INVALID_RESOURCE_HANDLE, "buf");
  EXPECT_ACL_ERROR(acltdtSetBufDataLen(buf, 1), ACL_ERROR_INVALID_RESOURCE_HANDLE, "buf");
  EXPECT_ACL_ERROR(acltdtGetBufDataLen(buf, &len), ACL_ERROR_INVALID_RESOURCE_HANDLE, "buf");
  EXPECT_ACL_ERROR(acltdtGetBufUserData(buf, &back, 1, 0), ACL_ERROR_INVALID_RESOURCE_HANDLE, "buf");
  EXPECT_ACL_ERROR(acltdtSetBufUserData(buf, &back, 1, 0), ACL_ERROR_INVALID_RESOURCE_HANDLE, "buf");
}

TEST(TdtBuf, AllocChecksItsArguments) {
  acltdtBuf buf = nullptr;
  EXPECT_ACL_ERROR(acltdtAllocBuf(8, 2, &buf), ACL_ERROR_INVALID_PARAM, "acltdtAllocBufType");
  EXPECT_ACL_ERROR(acltdtAllocBuf(8, ACL_TDT_NORMAL_MEM, nullptr), ACL_ERROR_INVALID_PARAM, "buf");
  EXPECT_ACL_ERROR(acltdtAllocBuf(0, ACL_TDT_NORMAL_MEM, &buf), ACL_ERROR_INVALID_PARAM, "4 GiB");
  EXPECT_ACL_ERROR(acltdtAllocBuf((size_t{4} << 30) + 1, ACL_TDT_NORMAL_MEM, &buf), ACL_ERROR_INVALID_PARAM, "4 GiB");
  ASSERT_ACL_OK(acltdtAllocBuf(8, ACL_TDT_DVPP_MEM, &buf));
  EXPECT_ACL_OK(acltdtFreeBuf(buf));
  void* data = nullptr;
  size_t size = 0;
  EXPECT_ACL_ERROR(acltdtFreeBuf(nullptr), ACL_ERROR_INVALID_PARAM, "buf");
  EXPECT_ACL_ERROR(acltdtGetBufData(nullptr, &data, &size), ACL_ERROR_INVALID_PARAM, "buf");
  EXPECT_ACL_ERROR(acltdtSetBufDataLen(nullptr, 1), ACL_ERROR_INVALID_PARAM, "buf");
  EXPECT_ACL_ERROR(acltdtGetBufDataLen(nullptr, &size), ACL_ERROR_INVALID_PARAM, "buf");
}

TEST(TdtBuf, CopyRefSharesTheData) {
  acltdtBuf buf = FilledBuf("shared");
  acltdtBuf copy = nullptr;
  ASSERT_ACL_OK(acltdtCopyBufRef(buf, &copy));
  void* a = nullptr;
  void* b = nullptr;
  size_t size = 0;
  ASSERT_ACL_OK(acltdtGetBufData(buf, &a, &size));
  ASSERT_ACL_OK(acltdtGetBufData(copy, &b, &size));
  EXPECT_EQ(a, b);
  EXPECT_EQ(BufText(copy), "shared");
  ASSERT_ACL_OK(acltdtFreeBuf(buf));
  EXPECT_EQ(BufText(copy), "shared");  // the data lives while a reference does
  ASSERT_ACL_OK(acltdtFreeBuf(copy));
  EXPECT_ACL_ERROR(acltdtCopyBufRef(nullptr, &copy), ACL_ERROR_INVALID_PARAM, "buf");
  EXPECT_ACL_ERROR(acltdtCopyBufRef(buf, &copy), ACL_ERROR_INVALID_RESOURCE_HANDLE, "buf");
}

TEST(TdtBuf, Chains) {
  acltdtBuf head = FilledBuf("head-");
  acltdtBuf second = FilledBuf("second-");
  acltdtBuf third = FilledBuf("third");
  ASSERT_ACL_OK(acltdtAppendBufChain(head, second));
  ASSERT_ACL_OK(acltdtAppendBufChain(head, third));
  uint32_t num = 0;
  ASSERT_ACL_OK(acltdtGetBufChainNum(head, &num));
  EXPECT_EQ(num, 3u);
  acltdtBuf got = nullptr;
  ASSERT_ACL_OK(acltdtGetBufFromChain(head, 0, &got));
  EXPECT_EQ(got, head);
  ASSERT_ACL_OK(acltdtGetBufFromChain(head, 2, &got));
  EXPECT_EQ(got, third);
  EXPECT_ACL_ERROR(acltdtGetBufFromChain(head, 3, &got), ACL_ERROR_INVALID_PARAM, "out of range");
  EXPECT_ACL_ERROR(acltdtAppendBufChain(head, second), ACL_ERROR_INVALID_PARAM, "already part of a chain");
  EXPECT_ACL_ERROR(acltdtAppendBufChain(head, head), ACL_ERROR_INVALID_PARAM, "its own chain");
  EXPECT_ACL_ERROR(acltdtFreeBuf(second), ACL_ERROR_INVALID_PARAM, "free the chain's head");
  EXPECT_ACL_ERROR(acltdtAppendBufChain(nullptr, second), ACL_ERROR_INVALID_PARAM, "headBuf");
  EXPECT_ACL_ERROR(acltdtAppendBufChain(head, nullptr), ACL_ERROR_INVALID_PARAM, "buf");
  EXPECT_ACL_ERROR(acltdtGetBufChainNum(head, nullptr), ACL_ERROR_INVALID_PARAM, "num");
  EXPECT_ACL_ERROR(acltdtGetBufFromChain(head, 0, nullptr), ACL_ERROR_INVALID_PARAM, "buf");
  // A whole chain goes through a queue; DequeueData concatenates it.
  const uint32_t qid = MakeQueue(2);
  ASSERT_ACL_OK(acltdtEnqueue(qid, head, 0));
  char out[32] = {};
  size_t len = 0;
  ASSERT_ACL_OK(acltdtDequeueData(qid, out, sizeof(out), &len, nullptr, 0, 0));
  EXPECT_EQ(std::string(out, len), "head-second-third");
  EXPECT_ACL_ERROR(acltdtGetBufChainNum(head, &num), ACL_ERROR_INVALID_RESOURCE_HANDLE, "buf");
  ASSERT_ACL_OK(acltdtDestroyQueue(qid));
}

TEST(TdtBuf, ChainsFreeWithTheirHead) {
  acltdtBuf head = FilledBuf("a");
  acltdtBuf tail = FilledBuf("b");
  ASSERT_ACL_OK(acltdtAppendBufChain(head, tail));
  ASSERT_ACL_OK(acltdtFreeBuf(head));
  size_t len = 0;
  EXPECT_ACL_ERROR(acltdtGetBufDataLen(tail, &len), ACL_ERROR_INVALID_RESOURCE_HANDLE, "buf");
}

TEST(TdtQueue, ABufferADequeueReturnedBelongsToTheApplicationAtOnce) {
  // A consumer on another core may dequeue a buffer before the producer's acltdtEnqueue has
  // returned: what it got must be its own (readable, freeable) all the same.
  const uint32_t qid = MakeQueue(4);
  constexpr uint32_t kCount = 3000;
  std::atomic<uint32_t> bad{0};
  std::thread consumer([&] {
    for (uint32_t i = 0; i < kCount; ++i) {
      acltdtBuf out = nullptr;
      if (acltdtDequeue(qid, &out, -1) != ACL_SUCCESS) {
        ++bad;
        continue;
      }
      void* data = nullptr;
      size_t size = 0;
      if (acltdtGetBufData(out, &data, &size) != ACL_SUCCESS || size != sizeof(uint32_t) ||
          std::memcmp(data, &i, sizeof(i)) != 0) {
        ++bad;
      }
      if (acltdtFreeBuf(out) != ACL_SUCCESS) ++bad;
    }
  });
  for (uint32_t i = 0; i < kCount; ++i) {
    acltdtBuf buf = nullptr;
    ASSERT_ACL_OK(acltdtAllocBuf(sizeof(uint32_t), 0, &buf));
    void* data = nullptr;
    size_t size = 0;
    ASSERT_ACL_OK(acltdtGetBufData(buf, &data, &size));
    std::memcpy(data, &i, sizeof(i));
    ASSERT_ACL_OK(acltdtEnqueue(qid, buf, -1));
  }
  consumer.join();
  EXPECT_EQ(bad.load(), 0u) << aclGetRecentErrMsg();
  EXPECT_ACL_OK(acltdtDestroyQueue(qid));
}

TEST(TdtQueue, EnqueueHandsTheBufferToTheQueue) {
  const uint32_t qid = MakeQueue(2);
  acltdtBuf buf = FilledBuf("payload");
  const char ctx[] = "user";
  ASSERT_ACL_OK(acltdtSetBufUserData(buf, ctx, sizeof(ctx), 0));
  ASSERT_ACL_OK(acltdtEnqueue(qid, buf, 0));
  size_t len = 0;
  EXPECT_ACL_ERROR(acltdtGetBufDataLen(buf, &len), ACL_ERROR_INVALID_RESOURCE_HANDLE, "acltdtEnqueue");
  EXPECT_ACL_ERROR(acltdtFreeBuf(buf), ACL_ERROR_INVALID_RESOURCE_HANDLE, "acltdtEnqueue");
  EXPECT_ACL_ERROR(acltdtEnqueue(qid, buf, 0), ACL_ERROR_INVALID_RESOURCE_HANDLE, "acltdtEnqueue");
  acltdtBuf out = nullptr;
  ASSERT_ACL_OK(acltdtDequeue(qid, &out, 0));
  EXPECT_EQ(out, buf);  // the same buffer comes back to the application
  EXPECT_EQ(BufText(out), "payload");
  char user[8] = {};
  ASSERT_ACL_OK(acltdtGetBufUserData(out, user, sizeof(ctx), 0));
  EXPECT_STREQ(user, "user");
  EXPECT_ACL_ERROR(acltdtDequeue(qid, &out, 0), ACL_ERROR_RT_QUEUE_EMPTY, "is empty");
  EXPECT_ACL_ERROR(acltdtDequeue(qid, nullptr, 0), ACL_ERROR_INVALID_PARAM, "buf");
  EXPECT_ACL_ERROR(acltdtEnqueue(qid, nullptr, 0), ACL_ERROR_INVALID_PARAM, "buf");
  EXPECT_ACL_ERROR(acltdtDequeue(987654, &out, 0), ACL_ERROR_INVALID_QUEUE_ID, "987654");
  EXPECT_ACL_ERROR(acltdtEnqueue(987654, buf, 0), ACL_ERROR_INVALID_QUEUE_ID, "987654");
  ASSERT_ACL_OK(acltdtFreeBuf(buf));  // a failed enqueue left it with the application
  ASSERT_ACL_OK(acltdtDestroyQueue(qid));
}

TEST(TdtQueue, BufferQueueTimeoutsAndDataInterop) {
  const uint32_t qid = MakeQueue(2);
  acltdtBuf a = FilledBuf("1");
  acltdtBuf b = FilledBuf("2");
  acltdtBuf c = FilledBuf("3");
  ASSERT_ACL_OK(acltdtEnqueue(qid, a, -1));
  ASSERT_ACL_OK(acltdtEnqueue(qid, b, 0));
  EXPECT_ACL_ERROR(acltdtEnqueue(qid, c, 0), ACL_ERROR_RT_QUEUE_FULL, "is full");
  EXPECT_ACL_ERROR(acltdtEnqueue(qid, c, 20), ACL_ERROR_RT_QUEUE_FULL, "20 ms");
  acltdtBuf member = FilledBuf("m");
  ASSERT_ACL_OK(acltdtAppendBufChain(c, member));
  EXPECT_ACL_ERROR(acltdtEnqueue(qid, member, 0), ACL_ERROR_INVALID_PARAM, "chain's head");
  ASSERT_ACL_OK(acltdtFreeBuf(c));
  acltdtBuf out = nullptr;
  ASSERT_ACL_OK(acltdtDequeue(qid, &out, 0));
  ASSERT_ACL_OK(acltdtFreeBuf(out));
  ASSERT_ACL_OK(acltdtDequeue(qid, &out, 0));
  ASSERT_ACL_OK(acltdtFreeBuf(out));
  // EnqueueData entries come out of acltdtDequeue as buffers.
  const char user[] = "meta";
  ASSERT_ACL_OK(acltdtEnqueueData(qid, "xyz", 3, user, sizeof(user), 0, 0));
  ASSERT_ACL_OK(acltdtDequeue(qid, &out, 0));
  EXPECT_EQ(BufText(out), "xyz");
  char got[8] = {};
  ASSERT_ACL_OK(acltdtGetBufUserData(out, got, sizeof(user), 0));
  EXPECT_STREQ(got, "meta");
  ASSERT_ACL_OK(acltdtFreeBuf(out));
  ASSERT_ACL_OK(acltdtDestroyQueue(qid));
}

TEST(TdtQueueRoute, RouteObjects) {
  acltdtQueueRoute* route = acltdtCreateQueueRoute(3, 4);
  ASSERT_NE(route, nullptr);
  uint32_t id = 0;
  int32_t status = -1;
  size_t ret = 0;
  ASSERT_ACL_OK(acltdtGetQueueRouteParam(route, ACL_TDT_QUEUE_ROUTE_SRC_UINT32, sizeof(id), &ret, &id));
  EXPECT_EQ(id, 3u);
  EXPECT_EQ(ret, sizeof(uint32_t));
  ASSERT_ACL_OK(acltdtGetQueueRouteParam(route, ACL_TDT_QUEUE_ROUTE_DST_UINT32, sizeof(id), &ret, &id));
  EXPECT_EQ(id, 4u);
  ASSERT_ACL_OK(acltdtGetQueueRouteParam(route, ACL_TDT_QUEUE_ROUTE_STATUS_INT32, sizeof(status), &ret, &status));
  EXPECT_EQ(status, ACL_TDT_QUEUE_ROUTE_UNBIND);
  EXPECT_ACL_ERROR(acltdtGetQueueRouteParam(route, ACL_TDT_QUEUE_ROUTE_SRC_UINT32, 2, &ret, &id),
                   ACL_ERROR_INVALID_PARAM, "at least 4");
  EXPECT_ACL_ERROR(acltdtGetQueueRouteParam(route, static_cast<acltdtQueueRouteParamType>(3), 4, &ret, &id),
                   ACL_ERROR_INVALID_PARAM, "acltdtQueueRouteParamType");
  EXPECT_ACL_ERROR(acltdtGetQueueRouteParam(nullptr, ACL_TDT_QUEUE_ROUTE_SRC_UINT32, 4, &ret, &id),
                   ACL_ERROR_INVALID_PARAM, "route");
  EXPECT_ACL_ERROR(acltdtGetQueueRouteParam(route, ACL_TDT_QUEUE_ROUTE_SRC_UINT32, 4, nullptr, &id),
                   ACL_ERROR_INVALID_PARAM, "paramRetSize");
  EXPECT_ACL_ERROR(acltdtGetQueueRouteParam(route, ACL_TDT_QUEUE_ROUTE_SRC_UINT32, 4, &ret, nullptr),
                   ACL_ERROR_INVALID_PARAM, "param");

  acltdtQueueRouteList* list = acltdtCreateQueueRouteList();
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(acltdtGetQueueRouteNum(list), 0u);
  ASSERT_ACL_OK(acltdtAddQueueRoute(list, route));
  ASSERT_ACL_OK(acltdtAddQueueRoute(list, route));
  EXPECT_EQ(acltdtGetQueueRouteNum(list), 2u);
  acltdtQueueRoute* out = acltdtCreateQueueRoute(0, 0);
  ASSERT_ACL_OK(acltdtGetQueueRoute(list, 1, out));
  ASSERT_ACL_OK(acltdtGetQueueRouteParam(out, ACL_TDT_QUEUE_ROUTE_DST_UINT32, sizeof(id), &ret, &id));
  EXPECT_EQ(id, 4u);
  EXPECT_ACL_ERROR(acltdtGetQueueRoute(list, 2, out), ACL_ERROR_INVALID_PARAM, "out of range");
  EXPECT_ACL_ERROR(acltdtGetQueueRoute(nullptr, 0, out), ACL_ERROR_INVALID_PARAM, "routeList");
  EXPECT_ACL_ERROR(acltdtGetQueueRoute(list, 0, nullptr), ACL_ERROR_INVALID_PARAM, "route");
  EXPECT_ACL_ERROR(acltdtAddQueueRoute(nullptr, route), ACL_ERROR_INVALID_PARAM, "routeList");
  EXPECT_ACL_ERROR(acltdtAddQueueRoute(list, nullptr), ACL_ERROR_INVALID_PARAM, "route");
  EXPECT_EQ(acltdtGetQueueRouteNum(nullptr), 0u);
  EXPECT_RECENT_MSG_HAS("routeList must not be NULL");

  ASSERT_ACL_OK(acltdtDestroyQueueRoute(route));
  EXPECT_ACL_ERROR(acltdtDestroyQueueRoute(route), ACL_ERROR_INVALID_RESOURCE_HANDLE, "route");
  EXPECT_ACL_ERROR(acltdtDestroyQueueRoute(nullptr), ACL_ERROR_INVALID_PARAM, "route");
  EXPECT_ACL_ERROR(acltdtAddQueueRoute(list, route), ACL_ERROR_INVALID_RESOURCE_HANDLE, "route");
  ASSERT_ACL_OK(acltdtDestroyQueueRoute(out));
  ASSERT_ACL_OK(acltdtDestroyQueueRouteList(list));
  EXPECT_ACL_ERROR(acltdtDestroyQueueRouteList(list), ACL_ERROR_INVALID_RESOURCE_HANDLE, "routeList");
  EXPECT_ACL_ERROR(acltdtDestroyQueueRouteList(nullptr), ACL_ERROR_INVALID_PARAM, "routeList");
  EXPECT_EQ(acltdtGetQueueRouteNum(list), 0u);
  EXPECT_RECENT_MSG_HAS("not a live route list");
}

TEST(TdtQueueRoute, QueryInfoObjects) {
  acltdtQueueRouteQueryInfo* info = acltdtCreateQueueRouteQueryInfo();
  ASSERT_NE(info, nullptr);
  acltdtQueueRouteQueryMode mode = ACL_TDT_QUEUE_ROUTE_QUERY_SRC;
  uint32_t id = 1;
  ASSERT_ACL_OK(acltdtSetQueueRouteQueryInfo(info, ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM, sizeof(mode), &mode));
  ASSERT_ACL_OK(acltdtSetQueueRouteQueryInfo(info, ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32, sizeof(id), &id));
  ASSERT_ACL_OK(acltdtSetQueueRouteQueryInfo(info, ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32, sizeof(id), &id));
  EXPECT_ACL_ERROR(acltdtSetQueueRouteQueryInfo(info, ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32, 8, &id),
                   ACL_ERROR_INVALID_PARAM, "len is 8");
  EXPECT_ACL_ERROR(acltdtSetQueueRouteQueryInfo(info, static_cast<acltdtQueueRouteQueryInfoParamType>(3), 4, &id),
                   ACL_ERROR_INVALID_PARAM, "acltdtQueueRouteQueryInfoParamType");
  EXPECT_ACL_ERROR(acltdtSetQueueRouteQueryInfo(nullptr, ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32, 4, &id),
                   ACL_ERROR_INVALID_PARAM, "param");
  EXPECT_ACL_ERROR(acltdtSetQueueRouteQueryInfo(info, ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32, 4, nullptr),
                   ACL_ERROR_INVALID_PARAM, "value");
  ASSERT_ACL_OK(acltdtDestroyQueueRouteQueryInfo(info));
  EXPECT_ACL_ERROR(acltdtDestroyQueueRouteQueryInfo(info), ACL_ERROR_INVALID_RESOURCE_HANDLE, "info");
  EXPECT_ACL_ERROR(acltdtDestroyQueueRouteQueryInfo(nullptr), ACL_ERROR_INVALID_PARAM, "info");
  EXPECT_ACL_ERROR(acltdtSetQueueRouteQueryInfo(info, ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32, 4, &id),
                   ACL_ERROR_INVALID_RESOURCE_HANDLE, "param");
}

size_t Query(acltdtQueueRouteQueryMode mode, uint32_t src, uint32_t dst) {
  acltdtQueueRouteQueryInfo* info = acltdtCreateQueueRouteQueryInfo();
  EXPECT_ACL_OK(acltdtSetQueueRouteQueryInfo(info, ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM, sizeof(mode), &mode));
  EXPECT_ACL_OK(acltdtSetQueueRouteQueryInfo(info, ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32, sizeof(src), &src));
  EXPECT_ACL_OK(acltdtSetQueueRouteQueryInfo(info, ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32, sizeof(dst), &dst));
  acltdtQueueRouteList* list = acltdtCreateQueueRouteList();
  EXPECT_ACL_OK(acltdtQueryQueueRoutes(info, list));
  const size_t n = acltdtGetQueueRouteNum(list);
  EXPECT_ACL_OK(acltdtDestroyQueueRouteList(list));
  EXPECT_ACL_OK(acltdtDestroyQueueRouteQueryInfo(info));
  return n;
}

TEST(TdtQueueRoute, BindForwardQueryUnbind) {
  const uint32_t src = MakeQueue(4, "src");
  const uint32_t d1 = MakeQueue(4, "d1");
  const uint32_t d2 = MakeQueue(4, "d2");
  acltdtQueueRouteList* list = acltdtCreateQueueRouteList();
  acltdtQueueRoute* r1 = acltdtCreateQueueRoute(src, d1);
  acltdtQueueRoute* r2 = acltdtCreateQueueRoute(src, d2);
  ASSERT_ACL_OK(acltdtAddQueueRoute(list, r1));
  ASSERT_ACL_OK(acltdtAddQueueRoute(list, r2));
  ASSERT_ACL_OK(acltdtBindQueueRoutes(list));
  acltdtQueueRoute* got = acltdtCreateQueueRoute(0, 0);
  int32_t status = 0;
  size_t ret = 0;
  ASSERT_ACL_OK(acltdtGetQueueRoute(list, 1, got));
  ASSERT_ACL_OK(acltdtGetQueueRouteParam(got, ACL_TDT_QUEUE_ROUTE_STATUS_INT32, sizeof(status), &ret, &status));
  EXPECT_EQ(status, ACL_TDT_QUEUE_ROUTE_BIND);

  // One enqueue into src reaches both destinations.
  ASSERT_ACL_OK(acltdtEnqueueData(src, "fan-out", 7, nullptr, 0, 0, 0));
  char out[16] = {};
  size_t len = 0;
  ASSERT_ACL_OK(acltdtDequeueData(d1, out, sizeof(out), &len, nullptr, 0, 0));
  EXPECT_EQ(std::string(out, len), "fan-out");
  ASSERT_ACL_OK(acltdtDequeueData(d2, out, sizeof(out), &len, nullptr, 0, 0));
  EXPECT_EQ(std::string(out, len), "fan-out");
  EXPECT_EQ(acltdtDequeueData(src, out, sizeof(out), &len, nullptr, 0, 0), ACL_ERROR_RT_QUEUE_EMPTY);

  EXPECT_EQ(Query(ACL_TDT_QUEUE_ROUTE_QUERY_SRC, src, 0), 2u);
  EXPECT_EQ(Query(ACL_TDT_QUEUE_ROUTE_QUERY_DST, 0, d2), 1u);
  EXPECT_EQ(Query(ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST, src, d1), 1u);
  EXPECT_EQ(Query(ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST, d1, src), 0u);
  EXPECT_EQ(Query(ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL, 0, 0), 0u);

  // A cycle and a duplicate fail; the list reports each route's status.
  acltdtQueueRouteList* bad = acltdtCreateQueueRouteList();
  acltdtQueueRoute* back = acltdtCreateQueueRoute(d1, src);
  ASSERT_ACL_OK(acltdtAddQueueRoute(bad, back));
  ASSERT_ACL_OK(acltdtAddQueueRoute(bad, r1));
  EXPECT_ACL_ERROR(acltdtBindQueueRoutes(bad), ACL_ERROR_FAILURE, "cycle");
  ASSERT_ACL_OK(acltdtGetQueueRoute(bad, 0, got));
  ASSERT_ACL_OK(acltdtGetQueueRouteParam(got, ACL_TDT_QUEUE_ROUTE_STATUS_INT32, sizeof(status), &ret, &status));
  EXPECT_EQ(status, ACL_TDT_QUEUE_ROUTE_UNBIND);
  EXPECT_ACL_ERROR(acltdtDestroyQueue(d1), ACL_ERROR_FAILURE, "unbind");

  ASSERT_ACL_OK(acltdtUnbindQueueRoutes(list));
  EXPECT_EQ(Query(ACL_TDT_QUEUE_ROUTE_QUERY_SRC, src, 0), 0u);
  EXPECT_ACL_ERROR(acltdtUnbindQueueRoutes(list), ACL_ERROR_FAILURE, "not bound");
  ASSERT_ACL_OK(acltdtEnqueueData(src, "stays", 5, nullptr, 0, 0, 0));  // no routes: stays in src
  ASSERT_ACL_OK(acltdtDequeueData(src, out, sizeof(out), &len, nullptr, 0, 0));

  for (acltdtQueueRoute* r : {r1, r2, got, back}) EXPECT_ACL_OK(acltdtDestroyQueueRoute(r));
  EXPECT_ACL_OK(acltdtDestroyQueueRouteList(list));
  EXPECT_ACL_OK(acltdtDestroyQueueRouteList(bad));
  for (uint32_t q : {src, d1, d2}) EXPECT_ACL_OK(acltdtDestroyQueue(q));
}

TEST(TdtQueueRoute, RouteFunctionsCheckTheirArguments) {
  EXPECT_ACL_ERROR(acltdtBindQueueRoutes(nullptr), ACL_ERROR_INVALID_PARAM, "qRouteList");
  EXPECT_ACL_ERROR(acltdtUnbindQueueRoutes(nullptr), ACL_ERROR_INVALID_PARAM, "qRouteList");
  acltdtQueueRouteList* list = acltdtCreateQueueRouteList();
  acltdtQueueRouteQueryInfo* info = acltdtCreateQueueRouteQueryInfo();
  EXPECT_ACL_ERROR(acltdtQueryQueueRoutes(nullptr, list), ACL_ERROR_INVALID_PARAM, "queryInfo");
  EXPECT_ACL_ERROR(acltdtQueryQueueRoutes(info, nullptr), ACL_ERROR_INVALID_PARAM, "qRouteList");
  EXPECT_ACL_ERROR(acltdtQueryQueueRoutes(info, list), ACL_ERROR_INVALID_PARAM, "no mode");
  acltdtQueueRouteQueryMode mode = ACL_TDT_QUEUE_ROUTE_QUERY_DST;
  ASSERT_ACL_OK(acltdtSetQueueRouteQueryInfo(info, ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM, sizeof(mode), &mode));
  EXPECT_ACL_ERROR(acltdtQueryQueueRoutes(info, list), ACL_ERROR_INVALID_PARAM, "destination queue id");
  mode = static_cast<acltdtQueueRouteQueryMode>(42);
  ASSERT_ACL_OK(acltdtSetQueueRouteQueryInfo(info, ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM, sizeof(mode), &mode));
  EXPECT_ACL_ERROR(acltdtQueryQueueRoutes(info, list), ACL_ERROR_INVALID_PARAM, "query mode 42");
  acltdtQueueRoute* to_nowhere = acltdtCreateQueueRoute(987654, 987655);
  ASSERT_ACL_OK(acltdtAddQueueRoute(list, to_nowhere));
  EXPECT_ACL_ERROR(acltdtBindQueueRoutes(list), ACL_ERROR_FAILURE, "does not exist");
  ASSERT_ACL_OK(acltdtDestroyQueueRouteList(list));
  EXPECT_ACL_ERROR(acltdtBindQueueRoutes(list), ACL_ERROR_INVALID_RESOURCE_HANDLE, "qRouteList");
  EXPECT_ACL_ERROR(acltdtUnbindQueueRoutes(list), ACL_ERROR_INVALID_RESOURCE_HANDLE, "qRouteList");
  ASSERT_ACL_OK(acltdtDestroyQueueRouteQueryInfo(info));
  acltdtQueueRouteList* other = acltdtCreateQueueRouteList();
  EXPECT_ACL_ERROR(acltdtQueryQueueRoutes(info, other), ACL_ERROR_INVALID_RESOURCE_HANDLE, "queryInfo");
  EXPECT_ACL_OK(acltdtDestroyQueueRouteList(other));
  EXPECT_ACL_OK(acltdtDestroyQueueRoute(to_nowhere));
}

TEST(TdtQueue, PermissionsForOtherProcessesAreNotSupported) {
  const uint32_t qid = MakeQueue(2);
  uint32_t permission = 0;
  EXPECT_ACL_ERROR(acltdtGrantQueue(qid, 1234, ACL_TDT_QUEUE_PERMISSION_DEQUEUE, 0), ACL_ERROR_API_NOT_SUPPORT,
                   "acltdtGrantQueue");
  EXPECT_ACL_ERROR(acltdtAttachQueue(qid, 0, &permission), ACL_ERROR_API_NOT_SUPPORT, "acltdtAttachQueue");
  ASSERT_ACL_OK(acltdtDestroyQueue(qid));
}

}  // namespace
