// runtime/hccl below the C API: reductions, collective costs from the shipped SoC specs, rank
// tables and the in-process transport's rendezvous.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "base/fp16.h"
#include "device_sim/soc/soc_spec.h"
#include "runtime/hccl/link_cost.h"
#include "runtime/hccl/local_transport.h"
#include "runtime/hccl/rank_table.h"
#include "runtime/hccl/reduce.h"

namespace asim::hccl {
namespace {

Links LinksOf(const char* soc) {
  sim::SocSpec spec;
  EXPECT_TRUE(sim::LoadSocSpec(soc, &spec).ok()) << soc;
  Links l;
  l.devices_per_server = spec.links.devices_per_server;
  l.hccs_gbps = spec.links.hccs_gbps;
  l.hccs_latency_us = spec.links.hccs_latency_us;
  l.roce_gbps = spec.links.roce_gbps;
  l.roce_latency_us = spec.links.roce_latency_us;
  return l;
}

// docs/hccl.md: 1 GiB fp16 all-reduce on 8 Ascend 910B -> algorithm bandwidth within 25% of
// the published measurement, 72 GB/s on 8 x 910B (bus bandwidth 126 GB/s;
// github.com/gameofdimension/limulidae), and below the 392 GB/s HCCS link rate.
TEST(HcclCost, OneGibAllReduceOnEight910BIsWithin25PercentOfThePublishedMeasurement) {
  const uint64_t bytes = 1ull << 30;
  const Cost c = CollectiveCost(OpKind::kAllReduce, bytes, 8, LinksOf("Ascend910B2"));
  EXPECT_EQ(c.algorithm, Algorithm::kRing);
  const double algbw = static_cast<double>(bytes) / c.seconds / 1e9;
  const double busbw = algbw * 2.0 * 7.0 / 8.0;
  EXPECT_NEAR(c.seconds * 1e3, 15.008, 0.01);
  EXPECT_GT(algbw, 72.0 * 0.75);
  EXPECT_LT(algbw, 72.0 * 1.25);
  EXPECT_NEAR(busbw, 125.2, 0.1);
  EXPECT_LT(busbw, 392.0);
}

// Ranks are placed on servers in rank order: a send between two ranks of one server goes over
// HCCS however many servers the communicator spans; between servers over RoCE.
TEST(HcclCost, PeerCostDependsOnWhetherThePeersShareAServer) {
  const Links l = LinksOf("Ascend910B2");
  const uint64_t mib = 1u << 20;
  const double same_server = PeerCost(OpKind::kSend, mib, 0, 1, l).seconds;
  EXPECT_EQ(PeerCost(OpKind::kRecv, mib, 9, 8, l).seconds, same_server);
  EXPECT_EQ(CollectiveCost(OpKind::kSend, mib, 16, l).seconds, same_server);
  EXPECT_GT(PeerCost(OpKind::kSend, mib, 0, 8, l).seconds, same_server);
  EXPECT_EQ(PeerCost(OpKind::kSend, mib, 7, 8, l).seconds, PeerCost(OpKind::kSend, mib, 0, 15, l).seconds);
}

TEST(HcclCost, AlgorithmChoiceBySizeAndRanks) {
  const Links l = LinksOf("Ascend910B2");
  EXPECT_EQ(CollectiveCost(OpKind::kAllReduce, 4096, 8, l).algorithm, Algorithm::kHalvingDoubling);
  EXPECT_EQ(CollectiveCost(OpKind::kAllReduce, 4096, 6, l).algorithm, Algorithm::kRing);
  EXPECT_EQ(CollectiveCost(OpKind::kAllReduce, 64u << 20, 8, l).algorithm, Algorithm::kRing);
  EXPECT_EQ(CollectiveCost(OpKind::kAllReduce, 64u << 20, 16, l).algorithm, Algorithm::kHierarchical);
  // More servers over RoCE cost more than one server over HCCS.
  EXPECT_GT(CollectiveCost(OpKind::kAllReduce, 64u << 20, 16, l).seconds,
            CollectiveCost(OpKind::kAllReduce, 64u << 20, 8, l).seconds);
  EXPECT_EQ(CollectiveCost(OpKind::kAllReduce, 1u << 20, 1, l).seconds, 0.0);
  // Every shipped chip has usable links.
  for (const char* soc : {"Ascend310", "Ascend310P3", "Ascend910", "Ascend910B2"}) {
    EXPECT_GT(CollectiveCost(OpKind::kAllGather, 1u << 20, 4, LinksOf(soc)).seconds, 0.0) << soc;
  }
}

TEST(HcclReduce, FoldsInTheElementType) {
  std::vector<int8_t> a = {100, -128, 3}, b = {100, -1, -5};
  ReduceInto(DataType::kInt8, ReduceOp::kSum, a.data(), b.data(), 3);
  EXPECT_EQ(a, (std::vector<int8_t>{-56, 127, -2}));  // wraps
  std::vector<uint16_t> h = {FloatToHalf(2048.0f)}, one = {FloatToHalf(1.0f)};
  ReduceInto(DataType::kFp16, ReduceOp::kSum, h.data(), one.data(), 1);
  EXPECT_EQ(HalfToFloat(h[0]), 2048.0f);  // 2049 rounds to even in fp16
  std::vector<double> d = {1.5, -2.0}, e = {-3.0, 7.0};
  ReduceInto(DataType::kFp64, ReduceOp::kMin, d.data(), e.data(), 2);
  EXPECT_EQ(d, (std::vector<double>{-3.0, -2.0}));
  EXPECT_EQ(ElementSize(DataType::kInt128), 16u);
  EXPECT_FALSE(ValidDataType(13));
  EXPECT_FALSE(ValidReduceOp(4));
}

TEST(HcclRankTable, ParsesServersAndRanks) {
  RankTable t;
  ASSERT_TRUE(ParseRankTable(R"({"version": "1.0", "server_count": "2", "status": "completed",
      "server_list": [{"server_id": "a", "device": [{"device_id": "0", "device_ip": "1.1.1.1", "rank_id": "1"},
                                                    {"device_id": "1", "rank_id": "0"}]},
                      {"server_id": "b", "device": [{"device_id": "0", "rank_id": "2"}]}]})",
                             "t", &t)
                  .ok());
  ASSERT_EQ(t.ranks.size(), 3u);
  EXPECT_EQ(t.ranks[0].device_id, 1);
  EXPECT_EQ(t.ranks[1].device_ip, "1.1.1.1");
  EXPECT_EQ(t.ranks[2].server_id, "b");
  EXPECT_EQ(t.server_count, 2u);
  EXPECT_FALSE(
      ParseRankTable(R"({"server_list": [{"server_id": "a", "device": [{"device_id": "0"}]}]})", "t", &t).ok());
}

TEST(HcclLocalTransport, ExchangeSeesEveryRankAndTimesOut) {
  auto group = std::make_shared<LocalGroup>(3);
  std::vector<int> data = {10, 11, 12};
  std::vector<std::vector<View>> seen(3);
  std::vector<std::thread> threads;
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  for (uint32_t r = 0; r < 3; ++r) {
    threads.emplace_back([&, r] {
      LocalTransport t(group, r);
      ASSERT_TRUE(t.Exchange(0, Contribution{nullptr, 0, &data[r], sizeof(int)}, &seen[r], deadline).ok());
      ASSERT_TRUE(t.Release(0, deadline).ok());
    });
  }
  for (auto& t : threads) t.join();
  for (uint32_t r = 0; r < 3; ++r) {
    ASSERT_EQ(seen[r].size(), 3u);
    for (uint32_t s = 0; s < 3; ++s) EXPECT_EQ(static_cast<const void*>(seen[r][s].data), &data[s]);
  }
  // Rank 2 never comes: the others time out.
  LocalTransport t0(group, 0);
  std::vector<View> v;
  const Status st = t0.Exchange(1, Contribution{}, &v, Clock::now() + std::chrono::milliseconds(50));
  EXPECT_EQ(st.code(), err::kRtTaskTimeout);
  EXPECT_NE(st.message().find("rank(s) 1, 2"), std::string::npos) << st.message();
}

}  // namespace
}  // namespace asim::hccl
