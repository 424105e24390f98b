// HCCL error paths: bad arguments get HCCL's error codes at the call; ranks whose calls do not
// match, and ranks that never join or leave early, fail their peers' stream synchronization
// instead of hanging (HCCL_EXEC_TIMEOUT is 2 s in this suite).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "hccl_test_util.h"

namespace {

using hccl_test::HcclRanks;

TEST(HcclErrors, NullAndInvalidArguments) {
  HcclRanks ranks(2);
  void* a = ranks.Alloc(0, 64);
  void* b = ranks.Alloc(0, 64);
  HcclComm c = ranks.comm(0);
  aclrtStream s = ranks.stream(0);
  EXPECT_EQ(HcclAllReduce(a, b, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, nullptr, s), HCCL_E_PTR);
  EXPECT_EQ(HcclAllReduce(nullptr, b, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_E_PTR);
  EXPECT_EQ(HcclAllReduce(a, nullptr, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_E_PTR);
  EXPECT_EQ(HcclAllReduce(a, b, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, nullptr), HCCL_E_PTR);
  EXPECT_EQ(HcclAllReduce(a, b, 4, HCCL_DATA_TYPE_RESERVED, HCCL_REDUCE_SUM, c, s), HCCL_E_PARA);
  EXPECT_EQ(HcclAllReduce(a, b, 4, static_cast<HcclDataType>(15), HCCL_REDUCE_SUM, c, s), HCCL_E_PARA);
  EXPECT_EQ(HcclAllReduce(a, b, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_RESERVED, c, s), HCCL_E_PARA);
  EXPECT_EQ(HcclReduceScatter(a, b, 4, HCCL_DATA_TYPE_FP32, static_cast<HcclReduceOp>(7), c, s), HCCL_E_PARA);
  EXPECT_EQ(HcclBroadcast(a, 4, HCCL_DATA_TYPE_FP32, 2, c, s), HCCL_E_PARA);  // root >= rank size
  EXPECT_EQ(HcclBroadcast(nullptr, 4, HCCL_DATA_TYPE_FP32, 0, c, s), HCCL_E_PTR);
  EXPECT_EQ(HcclAllGather(a, nullptr, 4, HCCL_DATA_TYPE_FP32, c, s), HCCL_E_PTR);
  EXPECT_EQ(HcclSend(a, 4, HCCL_DATA_TYPE_FP32, 0, c, s), HCCL_E_PARA);  // to itself
  EXPECT_EQ(HcclSend(a, 4, HCCL_DATA_TYPE_FP32, 2, c, s), HCCL_E_PARA);  // no such rank
  EXPECT_EQ(HcclRecv(nullptr, 4, HCCL_DATA_TYPE_FP32, 1, c, s), HCCL_E_PTR);
  EXPECT_EQ(HcclAlltoAll(a, 1, HCCL_DATA_TYPE_INT32, b, 1, HCCL_DATA_TYPE_FP32, c, s), HCCL_E_PARA);
  EXPECT_EQ(HcclAlltoAllV(a, nullptr, nullptr, HCCL_DATA_TYPE_INT32, b, nullptr, nullptr, HCCL_DATA_TYPE_INT32, c, s),
            HCCL_E_PTR);
  EXPECT_EQ(HcclBarrier(nullptr, s), HCCL_E_PTR);
  uint32_t v = 0;
  EXPECT_EQ(HcclGetRankSize(nullptr, &v), HCCL_E_PTR);
  EXPECT_EQ(HcclGetRankSize(c, nullptr), HCCL_E_PTR);
  EXPECT_EQ(HcclGetRankId(nullptr, &v), HCCL_E_PTR);
  EXPECT_EQ(HcclGetRankId(c, nullptr), HCCL_E_PTR);
  EXPECT_EQ(HcclCommDestroy(nullptr), HCCL_E_PTR);
  // Nothing was enqueued: the streams are clean.
  ranks.ExpectAllOk();
}

TEST(HcclErrors, BuffersMustBeLiveMemoryOfTheStreamsDevice) {
  HcclRanks ranks(2);
  void* dev0 = ranks.Alloc(0, 64);
  void* dev1 = ranks.Alloc(1, 64);
  std::vector<float> host(16);
  HcclComm c = ranks.comm(0);
  aclrtStream s = ranks.stream(0);
  EXPECT_EQ(HcclAllReduce(host.data(), dev0, 16, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_E_PARA);
  // Far past the end of the 64-byte allocation (its reserved room included).
  EXPECT_EQ(HcclAllReduce(dev0, dev0, 4u << 20, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_E_PARA);
  EXPECT_EQ(HcclAllReduce(dev1, dev1, 16, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_E_PARA);
  // Rank 0's communicator with rank 1's stream (device 1).
  EXPECT_EQ(HcclAllReduce(dev0, dev0, 16, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, ranks.stream(1)), HCCL_E_PARA);
  ranks.ExpectAllOk();
}

// A count whose byte size does not fit 64 bits is a parameter error, not a wrapped small size
// (which ran the collective over a huge count, or over nothing); a count of 0 enqueues nothing.
TEST(HcclErrors, CountsWhoseBytesOverflowAreRefusedAndZeroCountsEnqueueNothing) {
  HcclRanks ranks(2);
  void* a = ranks.Alloc(0, 64);
  void* b = ranks.Alloc(0, 64);
  HcclComm c = ranks.comm(0);
  aclrtStream s = ranks.stream(0);
  const uint64_t huge = uint64_t{1} << 62;  // x 4 bytes wraps to 0
  EXPECT_EQ(HcclAllReduce(a, b, huge, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_E_PARA);
  EXPECT_EQ(HcclReduceScatter(a, b, huge, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_E_PARA);
  EXPECT_EQ(HcclAllGather(a, b, huge, HCCL_DATA_TYPE_FP32, c, s), HCCL_E_PARA);
  EXPECT_EQ(HcclBroadcast(a, huge, HCCL_DATA_TYPE_FP32, 0, c, s), HCCL_E_PARA);
  EXPECT_EQ(HcclSend(a, huge, HCCL_DATA_TYPE_FP32, 1, c, s), HCCL_E_PARA);
  EXPECT_EQ(HcclAlltoAll(a, huge, HCCL_DATA_TYPE_FP32, b, 1, HCCL_DATA_TYPE_FP32, c, s), HCCL_E_PARA);
  const uint64_t counts[2] = {1, 1};
  const uint64_t displs[2] = {0, UINT64_MAX};
  EXPECT_EQ(HcclAlltoAllV(a, counts, displs, HCCL_DATA_TYPE_FP32, b, counts, displs, HCCL_DATA_TYPE_FP32, c, s),
            HCCL_E_PARA);
  // One rank alone with zero counts: nothing to wait for.
  EXPECT_EQ(HcclAlltoAll(a, 0, HCCL_DATA_TYPE_FP32, b, 0, HCCL_DATA_TYPE_FP32, c, s), HCCL_SUCCESS);
  EXPECT_EQ(HcclAllReduce(a, b, 0, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_SUCCESS);
  ranks.ExpectAllOk();
}

// HCCL asks the runtime for the current device: a thread without one cannot run a collective.
TEST(HcclErrors, ACollectiveNeedsACurrentDevice) {
  HcclRanks ranks(2);
  void* a = ranks.Alloc(0, 64);
  HcclComm c = ranks.comm(0);
  aclrtStream s = ranks.stream(0);
  HcclResult no_context = HCCL_SUCCESS;
  std::thread([&] { no_context = HcclAllReduce(a, a, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s); }).join();
  EXPECT_EQ(no_context, HCCL_E_RUNTIME);
  ranks.ExpectAllOk();
}

TEST(HcclErrors, CommInitAllRejectsBadDeviceLists) {
  std::vector<HcclComm> comms(4, nullptr);
  int32_t dup[] = {0, 1, 1};
  int32_t out_of_range[] = {0, 8};
  int32_t negative[] = {-1, 0};
  int32_t ok[] = {0, 1};
  EXPECT_EQ(HcclCommInitAll(0, ok, comms.data()), HCCL_E_PARA);
  EXPECT_EQ(HcclCommInitAll(2, nullptr, comms.data()), HCCL_E_PTR);
  EXPECT_EQ(HcclCommInitAll(2, ok, nullptr), HCCL_E_PTR);
  EXPECT_EQ(HcclCommInitAll(3, dup, comms.data()), HCCL_E_PARA);
  EXPECT_EQ(HcclCommInitAll(2, out_of_range, comms.data()), HCCL_E_PARA);
  EXPECT_EQ(HcclCommInitAll(2, negative, comms.data()), HCCL_E_PARA);
}

TEST(HcclErrors, RootInfoArguments) {
  ASSERT_ACL_SUCCESS(aclrtSetDevice(0));
  HcclRootInfo info;
  HcclComm comm = nullptr;
  EXPECT_EQ(HcclGetRootInfo(nullptr), HCCL_E_PTR);
  ASSERT_HCCL_OK(HcclGetRootInfo(&info));
  EXPECT_EQ(HcclCommInitRootInfo(1, nullptr, 0, &comm), HCCL_E_PTR);
  EXPECT_EQ(HcclCommInitRootInfo(1, &info, 0, nullptr), HCCL_E_PTR);
  EXPECT_EQ(HcclCommInitRootInfo(0, &info, 0, &comm), HCCL_E_PARA);
  EXPECT_EQ(HcclCommInitRootInfo(2, &info, 2, &comm), HCCL_E_PARA);
  HcclRootInfo garbage;
  std::memset(&garbage, 0x5a, sizeof(garbage));
  EXPECT_EQ(HcclCommInitRootInfo(1, &garbage, 0, &comm), HCCL_E_PARA);
}

std::string WriteFile(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(HcclErrors, RankTables) {
  HcclComm comm = nullptr;
  EXPECT_EQ(HcclCommInitClusterInfo(nullptr, 0, &comm), HCCL_E_PTR);
  EXPECT_EQ(HcclCommInitClusterInfo("/nonexistent/rank_table.json", 0, &comm), HCCL_E_OPEN_FILE_FAILURE);
  const char* const kBad[] = {
      "not json",
      R"({"version": "1.0", "server_list": []})",
      R"({"version": "2.0", "server_list": [{"server_id": "a", "device": [{"device_id": "0", "rank_id": "0"}]}]})",
      R"({"version": "1.0", "server_count": "2",
          "server_list": [{"server_id": "a", "device": [{"device_id": "0", "rank_id": "0"}]}]})",
      R"({"version": "1.0", "server_list": [{"server_id": "a", "device": [{"device_id": "x", "rank_id": "0"}]}]})",
      R"({"version": "1.0", "server_list": [{"server_id": "a", "device": [{"device_id": "0", "rank_id": "1"}]}]})",
      R"({"version": "1.0", "server_list": [{"server_id": "a", "device": [{"device_id": "0", "rank_id": "0"},
                                                                           {"device_id": "0", "rank_id": "1"}]}]})",
  };
  int i = 0;
  for (const char* text : kBad) {
    const std::string path = WriteFile("bad_rank_table_" + std::to_string(i++) + ".json", text);
    EXPECT_EQ(HcclCommInitClusterInfo(path.c_str(), 0, &comm), HCCL_E_PARA) << text;
  }
  const std::string good = WriteFile("rank_table_1.json", R"({
      "status": "completed", "version": "1.0", "server_count": "1",
      "server_list": [{"server_id": "127.0.0.1",
                       "device": [{"device_id": "3", "device_ip": "192.168.1.3", "rank_id": "0"}]}]})");
  EXPECT_EQ(HcclCommInitClusterInfo(good.c_str(), 1, &comm), HCCL_E_PARA);  // no rank 1
  ASSERT_HCCL_OK(HcclCommInitClusterInfo(good.c_str(), 0, &comm));
  uint32_t size = 0;
  ASSERT_HCCL_OK(HcclGetRankSize(comm, &size));
  EXPECT_EQ(size, 1u);
  int32_t device = -1;
  ASSERT_ACL_SUCCESS(aclrtGetDevice(&device));
  EXPECT_EQ(device, 3);
  EXPECT_HCCL_OK(HcclCommDestroy(comm));
}

TEST(HcclErrors, ErrorStrings) {
  EXPECT_STREQ(HcclGetErrorString(HCCL_SUCCESS), "success");
  for (int code = 0; code <= HCCL_E_RESERVED + 5; ++code) {
    const char* s = HcclGetErrorString(static_cast<HcclResult>(code));
    ASSERT_NE(s, nullptr);
    EXPECT_GT(std::strlen(s), 0u);
  }
  EXPECT_NE(std::string(HcclGetErrorString(HCCL_E_PARA)), HcclGetErrorString(HCCL_E_PTR));
}

TEST(HcclErrors, MismatchedCountsFailEveryRank) {
  HcclRanks ranks(2);
  void* a = ranks.Alloc(0, 256);
  void* b = ranks.Alloc(1, 256);
  ASSERT_HCCL_OK(HcclAllReduce(a, a, 16, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, ranks.comm(0), ranks.stream(0)));
  ASSERT_HCCL_OK(HcclAllReduce(b, b, 32, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, ranks.comm(1), ranks.stream(1)));
  const std::vector<aclError> rc = ranks.SyncAll();
  EXPECT_NE(rc[0], ACL_SUCCESS);
  EXPECT_NE(rc[1], ACL_SUCCESS);
}

TEST(HcclErrors, MismatchedDataTypesFailEveryRank) {
  HcclRanks ranks(3);
  std::vector<void*> buf(3);
  for (uint32_t r = 0; r < 3; ++r) buf[r] = ranks.Alloc(r, 256);
  for (uint32_t r = 0; r < 3; ++r) {
    ASSERT_HCCL_OK(HcclAllGather(buf[r], buf[r], 4, r == 2 ? HCCL_DATA_TYPE_INT32 : HCCL_DATA_TYPE_FP32, ranks.comm(r),
                                 ranks.stream(r)));
  }
  const std::vector<aclError> rc = ranks.SyncAll();
  for (uint32_t r = 0; r < 3; ++r) EXPECT_NE(rc[r], ACL_SUCCESS) << "rank " << r;
}

TEST(HcclErrors, ARankThatNeverJoinsTimesOut) {
  HcclRanks ranks(3);
  std::vector<void*> buf(3);
  for (uint32_t r = 0; r < 3; ++r) buf[r] = ranks.Alloc(r, 64);
  const auto t0 = std::chrono::steady_clock::now();
  for (uint32_t r = 0; r < 2; ++r) {  // rank 2 never calls
    ASSERT_HCCL_OK(
        HcclAllReduce(buf[r], buf[r], 16, HCCL_DATA_TYPE_INT32, HCCL_REDUCE_SUM, ranks.comm(r), ranks.stream(r)));
  }
  EXPECT_EQ(aclrtSynchronizeStream(ranks.stream(0)), ACL_ERROR_RT_TASK_TIMEOUT);
  EXPECT_EQ(aclrtSynchronizeStream(ranks.stream(1)), ACL_ERROR_RT_TASK_TIMEOUT);
  const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_GE(waited, hccl_test::kExecTimeoutSeconds * 0.9);
  EXPECT_LT(waited, hccl_test::kExecTimeoutSeconds * 5.0);
}

TEST(HcclErrors, ARankThatLeavesEarlyFailsItsPeersAtOnce) {
  HcclRanks ranks(2);
  void* a = ranks.Alloc(0, 64);
  ASSERT_HCCL_OK(HcclCommDestroy(ranks.comm(1)));
  ranks.ForgetComm(1);
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_HCCL_OK(HcclBroadcast(a, 16, HCCL_DATA_TYPE_INT32, 0, ranks.comm(0), ranks.stream(0)));
  EXPECT_EQ(aclrtSynchronizeStream(ranks.stream(0)), ACL_ERROR_RT_TASK_TIMEOUT);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
            hccl_test::kExecTimeoutSeconds * 0.9);
}

TEST(HcclErrors, SendRecvSizeMismatch) {
  HcclRanks ranks(2);
  void* a = ranks.Alloc(0, 64);
  void* b = ranks.Alloc(1, 64);
  ASSERT_HCCL_OK(HcclSend(a, 8, HCCL_DATA_TYPE_INT32, 1, ranks.comm(0), ranks.stream(0)));
  ASSERT_HCCL_OK(HcclRecv(b, 4, HCCL_DATA_TYPE_INT32, 0, ranks.comm(1), ranks.stream(1)));
  const std::vector<aclError> rc = ranks.SyncAll();
  EXPECT_NE(rc[0], ACL_SUCCESS);
  EXPECT_NE(rc[1], ACL_SUCCESS);
}

}  // namespace
