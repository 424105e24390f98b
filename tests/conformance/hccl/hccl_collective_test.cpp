// HCCL collectives between the devices of one process (HcclCommInitAll): every function, data
// type and reduce op against host references computed here (fold in rank order).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "hccl_test_util.h"

namespace {

using hccl_test::Encode;
using hccl_test::HcclRanks;
using hccl_test::Value;

struct TypeOp {
  HcclDataType type;
  HcclReduceOp op;
};

std::string Name(const testing::TestParamInfo<TypeOp>& info) {
  static const char* const kTypes[] = {"int8",  "int16",  "int32",  "fp16", "fp32",  "int64", "uint64",
                                       "uint8", "uint16", "uint32", "fp64", "bfp16", "int128"};
  static const char* const kOps[] = {"sum", "prod", "max", "min"};
  return std::string(kTypes[info.param.type]) + "_" + kOps[info.param.op];
}

std::vector<TypeOp> AllTypeOps() {
  std::vector<TypeOp> v;
  for (HcclDataType t : hccl_test::kAllTypes)
    for (HcclReduceOp op : hccl_test::kAllOps) v.push_back({t, op});
  return v;
}

class ReduceTest : public testing::TestWithParam<TypeOp> {};

TEST_P(ReduceTest, AllReduceMatchesHostReference) {
  const auto [type, op] = GetParam();
  constexpr uint32_t kRanks = 4;
  constexpr size_t kCount = 37;
  const size_t bytes = kCount * hccl_test::ElementSize(type);
  HcclRanks ranks(kRanks);
  std::vector<void*> send(kRanks), recv(kRanks);
  std::vector<int64_t> expected(kCount);
  for (uint32_t r = 0; r < kRanks; ++r) {
    std::vector<int64_t> values(kCount);
    for (size_t i = 0; i < kCount; ++i) {
      values[i] = Value(type, r, i);
      expected[i] = r == 0 ? values[i] : hccl_test::Apply(op, expected[i], values[i]);
    }
    send[r] = ranks.AllocWith(r, Encode(type, values));
    recv[r] = ranks.Alloc(r, bytes);
  }
  for (uint32_t r = 0; r < kRanks; ++r) {
    ASSERT_HCCL_OK(HcclAllReduce(send[r], recv[r], kCount, type, op, ranks.comm(r), ranks.stream(r)));
  }
  ranks.ExpectAllOk();
  const std::vector<uint8_t> want = Encode(type, expected);
  for (uint32_t r = 0; r < kRanks; ++r) EXPECT_EQ(HcclRanks::Read(recv[r], bytes), want) << "rank " << r;
}

TEST_P(ReduceTest, ReduceScatterMatchesHostReference) {
  const auto [type, op] = GetParam();
  constexpr uint32_t kRanks = 4;
  constexpr size_t kRecvCount = 9;
  const size_t es = hccl_test::ElementSize(type);
  HcclRanks ranks(kRanks);
  std::vector<void*> send(kRanks), recv(kRanks);
  std::vector<int64_t> expected(kRecvCount * kRanks);
  for (uint32_t r = 0; r < kRanks; ++r) {
    std::vector<int64_t> values(kRecvCount * kRanks);
    for (size_t i = 0; i < values.size(); ++i) {
      values[i] = Value(type, r, i);
      expected[i] = r == 0 ? values[i] : hccl_test::Apply(op, expected[i], values[i]);
    }
    send[r] = ranks.AllocWith(r, Encode(type, values));
    recv[r] = ranks.Alloc(r, kRecvCount * es);
  }
  for (uint32_t r = 0; r < kRanks; ++r) {
    ASSERT_HCCL_OK(HcclReduceScatter(send[r], recv[r], kRecvCount, type, op, ranks.comm(r), ranks.stream(r)));
  }
  ranks.ExpectAllOk();
  const std::vector<uint8_t> all = Encode(type, expected);
  for (uint32_t r = 0; r < kRanks; ++r) {
    const std::vector<uint8_t> want(all.begin() + r * kRecvCount * es, all.begin() + (r + 1) * kRecvCount * es);
    EXPECT_EQ(HcclRanks::Read(recv[r], kRecvCount * es), want) << "rank " << r;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryTypeAndOp, ReduceTest, testing::ValuesIn(AllTypeOps()), Name);

class TypeTest : public testing::TestWithParam<HcclDataType> {};

std::string TypeName(const testing::TestParamInfo<HcclDataType>& info) {
  return Name(testing::TestParamInfo<TypeOp>({info.param, HCCL_REDUCE_SUM}, info.index));
}

TEST_P(TypeTest, BroadcastFromEveryRoot) {
  const HcclDataType type = GetParam();
  constexpr uint32_t kRanks = 3;
  constexpr size_t kCount = 21;
  const size_t bytes = kCount * hccl_test::ElementSize(type);
  for (uint32_t root = 0; root < kRanks; ++root) {
    HcclRanks ranks(kRanks);
    std::vector<void*> buf(kRanks);
    std::vector<std::vector<uint8_t>> inputs(kRanks);
    for (uint32_t r = 0; r < kRanks; ++r) {
      std::vector<int64_t> values(kCount);
      for (size_t i = 0; i < kCount; ++i) values[i] = Value(type, r + 5, i);
      inputs[r] = Encode(type, values);
      buf[r] = ranks.AllocWith(r, inputs[r]);
    }
    for (uint32_t r = 0; r < kRanks; ++r) {
      ASSERT_HCCL_OK(HcclBroadcast(buf[r], kCount, type, root, ranks.comm(r), ranks.stream(r)));
    }
    ranks.ExpectAllOk();
    for (uint32_t r = 0; r < kRanks; ++r) {
      EXPECT_EQ(HcclRanks::Read(buf[r], bytes), inputs[root]) << "root " << root << " rank " << r;
    }
  }
}

TEST_P(TypeTest, AllGatherConcatenatesInRankOrder) {
  const HcclDataType type = GetParam();
  constexpr uint32_t kRanks = 5;
  constexpr size_t kCount = 11;
  const size_t bytes = kCount * hccl_test::ElementSize(type);
  HcclRanks ranks(kRanks);
  std::vector<void*> send(kRanks), recv(kRanks);
  std::vector<uint8_t> want;
  for (uint32_t r = 0; r < kRanks; ++r) {
    std::vector<int64_t> values(kCount);
    for (size_t i = 0; i < kCount; ++i) values[i] = Value(type, r, i + r);
    const std::vector<uint8_t> in = Encode(type, values);
    want.insert(want.end(), in.begin(), in.end());
    send[r] = ranks.AllocWith(r, in);
    recv[r] = ranks.Alloc(r, bytes * kRanks);
  }
  for (uint32_t r = 0; r < kRanks; ++r) {
    ASSERT_HCCL_OK(HcclAllGather(send[r], recv[r], kCount, type, ranks.comm(r), ranks.stream(r)));
  }
  ranks.ExpectAllOk();
  for (uint32_t r = 0; r < kRanks; ++r) EXPECT_EQ(HcclRanks::Read(recv[r], bytes * kRanks), want) << "rank " << r;
}

TEST_P(TypeTest, AlltoAllExchangesBlocks) {
  const HcclDataType type = GetParam();
  constexpr uint32_t kRanks = 4;
  constexpr size_t kBlock = 5;
  const size_t es = hccl_test::ElementSize(type);
  HcclRanks ranks(kRanks);
  std::vector<void*> send(kRanks), recv(kRanks);
  std::vector<std::vector<uint8_t>> in(kRanks);
  for (uint32_t r = 0; r < kRanks; ++r) {
    std::vector<int64_t> values(kBlock * kRanks);
    for (size_t i = 0; i < values.size(); ++i) values[i] = Value(type, r, i * 5 + r);
    in[r] = Encode(type, values);
    send[r] = ranks.AllocWith(r, in[r]);
    recv[r] = ranks.Alloc(r, in[r].size());
  }
  for (uint32_t r = 0; r < kRanks; ++r) {
    ASSERT_HCCL_OK(HcclAlltoAll(send[r], kBlock, type, recv[r], kBlock, type, ranks.comm(r), ranks.stream(r)));
  }
  ranks.ExpectAllOk();
  for (uint32_t d = 0; d < kRanks; ++d) {
    std::vector<uint8_t> want;
    for (uint32_t s = 0; s < kRanks; ++s) {
      want.insert(want.end(), in[s].begin() + d * kBlock * es, in[s].begin() + (d + 1) * kBlock * es);
    }
    EXPECT_EQ(HcclRanks::Read(recv[d], want.size()), want) << "rank " << d;
  }
}

TEST_P(TypeTest, SendRecvAroundARing) {
  const HcclDataType type = GetParam();
  constexpr uint32_t kRanks = 4;
  constexpr size_t kCount = 13;
  const size_t bytes = kCount * hccl_test::ElementSize(type);
  HcclRanks ranks(kRanks);
  std::vector<void*> send(kRanks), recv(kRanks);
  std::vector<std::vector<uint8_t>> in(kRanks);
  for (uint32_t r = 0; r < kRanks; ++r) {
    std::vector<int64_t> values(kCount);
    for (size_t i = 0; i < kCount; ++i) values[i] = Value(type, r, i * 2);
    in[r] = Encode(type, values);
    send[r] = ranks.AllocWith(r, in[r]);
    recv[r] = ranks.Alloc(r, bytes);
  }
  // Even ranks send first, odd ranks receive first (no cycle of blocking sends).
  for (uint32_t r = 0; r < kRanks; ++r) {
    const uint32_t next = (r + 1) % kRanks, prev = (r + kRanks - 1) % kRanks;
    if (r % 2 == 0) {
      ASSERT_HCCL_OK(HcclSend(send[r], kCount, type, next, ranks.comm(r), ranks.stream(r)));
      ASSERT_HCCL_OK(HcclRecv(recv[r], kCount, type, prev, ranks.comm(r), ranks.stream(r)));
    } else {
      ASSERT_HCCL_OK(HcclRecv(recv[r], kCount, type, prev, ranks.comm(r), ranks.stream(r)));
      ASSERT_HCCL_OK(HcclSend(send[r], kCount, type, next, ranks.comm(r), ranks.stream(r)));
    }
  }
  ranks.ExpectAllOk();
  for (uint32_t r = 0; r < kRanks; ++r) {
    EXPECT_EQ(HcclRanks::Read(recv[r], bytes), in[(r + kRanks - 1) % kRanks]) << "rank " << r;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryType, TypeTest, testing::ValuesIn(hccl_test::kAllTypes), TypeName);

TEST(HcclCollective, AlltoAllVWithUnevenCounts) {
  constexpr uint32_t kRanks = 3;
  const HcclDataType type = HCCL_DATA_TYPE_INT32;
  HcclRanks ranks(kRanks);
  // Rank s sends (s + d + 1) elements to rank d; blocks packed in destination order.
  std::vector<std::vector<uint64_t>> sc(kRanks, std::vector<uint64_t>(kRanks)), sd = sc, rc = sc, rd = sc;
  std::vector<std::vector<int64_t>> in(kRanks);
  std::vector<void*> send(kRanks), recv(kRanks);
  for (uint32_t s = 0; s < kRanks; ++s) {
    uint64_t off = 0;
    for (uint32_t d = 0; d < kRanks; ++d) {
      sc[s][d] = s + d + 1;
      sd[s][d] = off;
      off += sc[s][d];
    }
    for (uint64_t i = 0; i < off; ++i) in[s].push_back(static_cast<int64_t>(s * 100 + i));
  }
  for (uint32_t d = 0; d < kRanks; ++d) {
    uint64_t off = 0;
    for (uint32_t s = 0; s < kRanks; ++s) {
      rc[d][s] = s + d + 1;
      rd[d][s] = off;
      off += rc[d][s];
    }
  }
  for (uint32_t r = 0; r < kRanks; ++r) {
    send[r] = ranks.AllocWith(r, Encode(type, in[r]));
    recv[r] = ranks.Alloc(r, 64 * 4);
  }
  for (uint32_t r = 0; r < kRanks; ++r) {
    ASSERT_HCCL_OK(HcclAlltoAllV(send[r], sc[r].data(), sd[r].data(), type, recv[r], rc[r].data(), rd[r].data(), type,
                                 ranks.comm(r), ranks.stream(r)));
  }
  ranks.ExpectAllOk();
  for (uint32_t d = 0; d < kRanks; ++d) {
    std::vector<int64_t> want;
    for (uint32_t s = 0; s < kRanks; ++s)
      for (uint64_t i = 0; i < sc[s][d]; ++i) want.push_back(in[s][sd[s][d] + i]);
    const std::vector<uint8_t> w = Encode(type, want);
    EXPECT_EQ(HcclRanks::Read(recv[d], w.size()), w) << "rank " << d;
  }
}

TEST(HcclCollective, InPlaceAllReduceOnEightDevices) {
  constexpr uint32_t kRanks = 8;
  constexpr size_t kCount = 1000;
  HcclRanks ranks(kRanks);
  std::vector<void*> buf(kRanks);
  std::vector<int64_t> expected(kCount, 0);
  for (uint32_t r = 0; r < kRanks; ++r) {
    std::vector<int64_t> values(kCount);
    for (size_t i = 0; i < kCount; ++i) {
      values[i] = static_cast<int64_t>(r * 1000 + i);
      expected[i] += values[i];
    }
    buf[r] = ranks.AllocWith(r, Encode(HCCL_DATA_TYPE_FP32, values));
  }
  for (uint32_t r = 0; r < kRanks; ++r) {
    ASSERT_HCCL_OK(
        HcclAllReduce(buf[r], buf[r], kCount, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, ranks.comm(r), ranks.stream(r)));
  }
  ranks.ExpectAllOk();
  for (uint32_t r = 0; r < kRanks; ++r) {
    EXPECT_EQ(HcclRanks::Read(buf[r], kCount * 4), Encode(HCCL_DATA_TYPE_FP32, expected)) << "rank " << r;
  }
}

TEST(HcclCollective, OrderedWithTheStreamsOtherWork) {
  // Host -> device copy, all-reduce and device -> host copy, all asynchronous on each stream.
  constexpr uint32_t kRanks = 2;
  constexpr size_t kCount = 64;
  HcclRanks ranks(kRanks);
  std::vector<void*> dev(kRanks), host_in(kRanks), host_out(kRanks);
  for (uint32_t r = 0; r < kRanks; ++r) {
    dev[r] = ranks.Alloc(r, kCount * 4);
    ASSERT_ACL_SUCCESS(aclrtMallocHost(&host_in[r], kCount * 4));
    ASSERT_ACL_SUCCESS(aclrtMallocHost(&host_out[r], kCount * 4));
    for (size_t i = 0; i < kCount; ++i) static_cast<int32_t*>(host_in[r])[i] = static_cast<int32_t>(r + 1 + i);
  }
  for (uint32_t r = 0; r < kRanks; ++r) {
    ranks.Use(r);
    ASSERT_ACL_SUCCESS(
        aclrtMemcpyAsync(dev[r], kCount * 4, host_in[r], kCount * 4, ACL_MEMCPY_HOST_TO_DEVICE, ranks.stream(r)));
    ASSERT_HCCL_OK(
        HcclAllReduce(dev[r], dev[r], kCount, HCCL_DATA_TYPE_INT32, HCCL_REDUCE_MAX, ranks.comm(r), ranks.stream(r)));
    ASSERT_ACL_SUCCESS(
        aclrtMemcpyAsync(host_out[r], kCount * 4, dev[r], kCount * 4, ACL_MEMCPY_DEVICE_TO_HOST, ranks.stream(r)));
  }
  ranks.ExpectAllOk();
  for (uint32_t r = 0; r < kRanks; ++r) {
    for (size_t i = 0; i < kCount; ++i) {
      EXPECT_EQ(static_cast<int32_t*>(host_out[r])[i], static_cast<int32_t>(kRanks + i)) << r << "," << i;
    }
    aclrtFreeHost(host_in[r]);
    aclrtFreeHost(host_out[r]);
  }
}

TEST(HcclCollective, BarrierAndRankQueries) {
  constexpr uint32_t kRanks = 6;
  HcclRanks ranks(kRanks);
  for (uint32_t r = 0; r < kRanks; ++r) {
    uint32_t size = 0, id = 99;
    ASSERT_HCCL_OK(HcclGetRankSize(ranks.comm(r), &size));
    ASSERT_HCCL_OK(HcclGetRankId(ranks.comm(r), &id));
    EXPECT_EQ(size, kRanks);
    EXPECT_EQ(id, r);
  }
  for (int round = 0; round < 3; ++round) {
    for (uint32_t r = 0; r < kRanks; ++r) ASSERT_HCCL_OK(HcclBarrier(ranks.comm(r), ranks.stream(r)));
  }
  ranks.ExpectAllOk();
}

TEST(HcclCollective, SingleRankCommunicatorFromRootInfo) {
  ASSERT_ACL_SUCCESS(aclrtSetDevice(0));
  HcclRootInfo info;
  ASSERT_HCCL_OK(HcclGetRootInfo(&info));
  HcclComm comm = nullptr;
  ASSERT_HCCL_OK(HcclCommInitRootInfo(1, &info, 0, &comm));
  aclrtStream stream = nullptr;
  ASSERT_ACL_SUCCESS(aclrtCreateStream(&stream));
  void* buf = nullptr;
  ASSERT_ACL_SUCCESS(aclrtMalloc(&buf, 16, ACL_MEM_MALLOC_HUGE_FIRST));
  const std::vector<uint8_t> in = Encode(HCCL_DATA_TYPE_INT32, {1, 2, 3, 4});
  ASSERT_ACL_SUCCESS(aclrtMemcpy(buf, 16, in.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE));
  ASSERT_HCCL_OK(HcclAllReduce(buf, buf, 4, HCCL_DATA_TYPE_INT32, HCCL_REDUCE_SUM, comm, stream));
  ASSERT_ACL_SUCCESS(aclrtSynchronizeStream(stream));
  EXPECT_EQ(HcclRanks::Read(buf, 16), in);
  EXPECT_HCCL_OK(HcclCommDestroy(comm));
  aclrtFree(buf);
  aclrtDestroyStream(stream);
}

// The collective takes simulated time on the stream: the 910B2's link model (docs/hccl.md).
TEST(HcclCollective, TakesSimulatedTimeOnTheStream) {
  constexpr uint32_t kRanks = 8;
  constexpr size_t kBytes = 4u << 20;  // 4 MiB of fp16
  HcclRanks ranks(kRanks);
  std::vector<void*> buf(kRanks);
  std::vector<aclrtEvent> start(kRanks), stop(kRanks);
  for (uint32_t r = 0; r < kRanks; ++r) {
    buf[r] = ranks.Alloc(r, kBytes);
    ASSERT_ACL_SUCCESS(aclrtMemset(buf[r], kBytes, 0, kBytes));
    ASSERT_ACL_SUCCESS(aclrtCreateEvent(&start[r]));
    ASSERT_ACL_SUCCESS(aclrtCreateEvent(&stop[r]));
  }
  // The devices' clocks differ after the earlier tests; a barrier ends at the same simulated
  // time on every rank, so the all-reduce below starts together everywhere (a rank that
  // started earlier would wait for the last: docs/hccl.md).
  for (uint32_t r = 0; r < kRanks; ++r) ASSERT_HCCL_OK(HcclBarrier(ranks.comm(r), ranks.stream(r)));
  ranks.ExpectAllOk();
  for (uint32_t r = 0; r < kRanks; ++r) {
    ranks.Use(r);
    ASSERT_ACL_SUCCESS(aclrtRecordEvent(start[r], ranks.stream(r)));
    ASSERT_HCCL_OK(HcclAllReduce(buf[r], buf[r], kBytes / 2, HCCL_DATA_TYPE_FP16, HCCL_REDUCE_SUM, ranks.comm(r),
                                 ranks.stream(r)));
    ASSERT_ACL_SUCCESS(aclrtRecordEvent(stop[r], ranks.stream(r)));
  }
  ranks.ExpectAllOk();
  for (uint32_t r = 0; r < kRanks; ++r) {
    float ms = 0;
    ASSERT_ACL_SUCCESS(aclrtEventElapsedTime(&ms, start[r], stop[r]));
    // Ring over HCCS: 2 (n-1)/n S / B + 2 (n-1) a with B = 125.44 GB/s, a = 2 us: about 0.087 ms.
    EXPECT_GT(ms, 0.070f) << "rank " << r;
    EXPECT_LT(ms, 0.110f) << "rank " << r;
    aclrtDestroyEvent(start[r]);
    aclrtDestroyEvent(stop[r]);
  }
}

}  // namespace
