// Stress: several producer and consumer threads on several tdt channels move more than
// 100,000 tensors of mixed element types and sizes (0 bytes to 256 KiB). Every tensor
// carries a header tensor (channel, producer, sequence number, checksum); consumers
// check that each arrives exactly once and byte-identical, then the test checks that all
// device memory came back. Prints throughput (tensors/s, MB/s) for the report.
//
// PUBLIC API ONLY: acl/... headers, standard headers and gtest.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "conformance_util.h"

namespace {

[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());

constexpr int kChannels = 4;
constexpr int kProducersPerChannel = 2;
constexpr int kConsumersPerChannel = 2;
constexpr uint64_t kTensorsPerProducer = 12500;  // 4 x 2 x 12,500 = 100,000 payload tensors
constexpr size_t kCapacities[kChannels] = {2, 8, 64, 256};
#ifdef ASIM_SANITIZER_BUILD
constexpr size_t kSizeScale = 8;  // sanitizers make every byte slower: same count, smaller tensors
#else
constexpr size_t kSizeScale = 1;
#endif

struct ElementKind {
  aclDataType type;
  size_t size;
};
constexpr ElementKind kKinds[] = {{ACL_UINT8, 1}, {ACL_FLOAT16, 2}, {ACL_FLOAT, 4}, {ACL_INT64, 8}};

uint64_t Mix(uint64_t x) {  // splitmix64
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// FNV-1a over 64-bit words (then the tail bytes): a checksum fast enough not to dominate.
uint64_t Checksum(const uint8_t* p, size_t n) {
  uint64_t h = 0xCBF29CE484222325ULL;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    h = (h ^ w) * 0x100000001B3ULL;
  }
  for (; i < n; ++i) h = (h ^ p[i]) * 0x100000001B3ULL;
  return h;
}

// The tensor that producer `id` sends as number `seq`: element type, element count, bytes.
struct TensorPlan {
  ElementKind kind;
  size_t elements;
};

TensorPlan Plan(uint64_t id, uint64_t seq) {
  const uint64_t r = Mix(id * 1000003ULL + seq);
  const ElementKind kind = kKinds[r % 4];
  const uint64_t bucket = (r >> 8) % 100;
  size_t max_bytes = (bucket < 70 ? 1024 : bucket < 98 ? 64 * 1024 : 256 * 1024) / kSizeScale;
  return TensorPlan{kind, static_cast<size_t>((r >> 16) % (max_bytes / kind.size + 1))};
}

void Fill(uint64_t id, uint64_t seq, uint8_t* p, size_t n) {
  uint64_t state = Mix(id ^ (seq << 20));
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    state = Mix(state);
    std::memcpy(p + i, &state, 8);
  }
  state = Mix(state);
  for (; i < n; ++i) p[i] = static_cast<uint8_t>(state >> (8 * (i % 8)));
}

struct Stats {
  std::atomic<uint64_t> tensors{0};
  std::atomic<uint64_t> bytes{0};
  std::atomic<uint64_t> corrupt{0};
  std::atomic<uint64_t> errors{0};
};

void Produce(acltdtChannelHandle* ch, int channel, int producer, Stats* stats) {
  const uint64_t id = static_cast<uint64_t>(channel * kProducersPerChannel + producer);
  std::vector<uint8_t> payload;
  for (uint64_t seq = 0; seq < kTensorsPerProducer; ++seq) {
    const TensorPlan plan = Plan(id, seq);
    const size_t bytes = plan.elements * plan.kind.size;
    payload.resize(bytes);
    Fill(id, seq, payload.data(), bytes);
    int64_t header[4] = {channel, producer, static_cast<int64_t>(seq),
                         static_cast<int64_t>(Checksum(payload.data(), bytes))};
    int64_t header_dims[] = {4};
    // Alternate 1-D and 2-D shapes.
    int64_t dims[2] = {static_cast<int64_t>(plan.elements), 1};
    const size_t dim_num = (seq % 2 == 0) ? 1 : 2;
    acltdtDataset* ds = acltdtCreateDataset();
    acltdtDataItem* head =
        acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, header_dims, 1, ACL_INT64, header, sizeof(header));
    acltdtDataItem* body = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, dim_num, plan.kind.type,
                                                bytes == 0 ? nullptr : payload.data(), bytes);
    if (ds == nullptr || head == nullptr || body == nullptr || acltdtAddDataItem(ds, head) != ACL_SUCCESS ||
        acltdtAddDataItem(ds, body) != ACL_SUCCESS) {
      ++stats->errors;
      return;
    }
    // Channels 0 and 2 block; 1 and 3 wait in 100 ms steps and retry while full.
    aclError ret;
    do {
      ret = acltdtSendTensor(ch, ds, channel % 2 == 0 ? -1 : 100);
    } while (ret == ACL_ERROR_RT_QUEUE_FULL);
    if (ret != ACL_SUCCESS) ++stats->errors;
    (void)acltdtDestroyDataset(ds);
    (void)acltdtDestroyDataItem(head);
    (void)acltdtDestroyDataItem(body);
  }
}

void Consume(acltdtChannelHandle* ch, int channel, std::vector<std::atomic<uint8_t>>* seen, Stats* stats) {
  acltdtDataset* ds = acltdtCreateDataset();  // reused: each receive replaces the previous items
  std::vector<uint8_t> expected;
  for (;;) {
    const aclError ret = acltdtReceiveTensor(ch, ds, channel % 2 == 0 ? -1 : 100);
    if (ret == ACL_ERROR_RT_QUEUE_EMPTY) continue;
    if (ret != ACL_SUCCESS) {
      ++stats->errors;
      break;
    }
    acltdtDataItem* first = acltdtGetDataItem(ds, 0);
    if (acltdtGetTensorTypeFromItem(first) == ACL_TENSOR_DATA_END_OF_SEQUENCE) break;
    acltdtDataItem* body = acltdtGetDataItem(ds, 1);
    if (acltdtGetDatasetSize(ds) != 2 || acltdtGetDataSizeFromItem(first) != 4 * sizeof(int64_t) || body == nullptr) {
      ++stats->corrupt;
      continue;
    }
    int64_t header[4];
    std::memcpy(header, acltdtGetDataAddrFromItem(first), sizeof(header));
    const uint64_t id = static_cast<uint64_t>(header[0] * kProducersPerChannel + header[1]);
    const auto seq = static_cast<uint64_t>(header[2]);
    const TensorPlan plan = Plan(id, seq);
    const size_t bytes = plan.elements * plan.kind.size;
    expected.resize(bytes);
    Fill(id, seq, expected.data(), bytes);
    const auto* got = static_cast<const uint8_t*>(acltdtGetDataAddrFromItem(body));
    const bool same = header[0] == channel && acltdtGetDataSizeFromItem(body) == bytes &&
                      acltdtGetDataTypeFromItem(body) == plan.kind.type &&
                      (bytes == 0 || std::memcmp(got, expected.data(), bytes) == 0) &&
                      Checksum(got, bytes) == static_cast<uint64_t>(header[3]);
    int64_t dims[2] = {0, 0};
    const size_t dim_num = acltdtGetDimNumFromItem(body);
    const bool shape_ok = dim_num == (seq % 2 == 0 ? 1u : 2u) && acltdtGetDimsFromItem(body, dims, 2) == ACL_SUCCESS &&
                          dims[0] == static_cast<int64_t>(plan.elements);
    if (!same || !shape_ok || id >= seen->size() / kTensorsPerProducer) {
      ++stats->corrupt;
      continue;
    }
    (*seen)[id * kTensorsPerProducer + seq]++;
    ++stats->tensors;
    stats->bytes += bytes;
  }
  (void)acltdtDestroyDataset(ds);
}

TEST(TdtStress, ManyProducersAndConsumersOnSeveralChannels) {
  const size_t free_before = conformance::DeviceFreeBytes();
  const uint64_t total = static_cast<uint64_t>(kChannels) * kProducersPerChannel * kTensorsPerProducer;
  std::vector<std::atomic<uint8_t>> seen(total);
  Stats stats;
  std::vector<acltdtChannelHandle*> channels;
  for (int c = 0; c < kChannels; ++c) {
    const std::string name = "stress_" + std::to_string(c);
    channels.push_back(acltdtCreateChannelWithCapacity(0, name.c_str(), kCapacities[c]));
    ASSERT_NE(channels.back(), nullptr) << conformance::RecentMsg();
  }
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> producers, consumers;
  for (int c = 0; c < kChannels; ++c) {
    for (int p = 0; p < kProducersPerChannel; ++p) producers.emplace_back(Produce, channels[c], c, p, &stats);
    for (int k = 0; k < kConsumersPerChannel; ++k) consumers.emplace_back(Consume, channels[c], c, &seen, &stats);
  }
  for (auto& t : producers) t.join();
  // Every producer is done: one end-of-sequence per consumer ends each channel (FIFO, so
  // after all data).
  for (int c = 0; c < kChannels; ++c) {
    acltdtDataset* eos = acltdtCreateDataset();
    acltdtDataItem* marker =
        acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, nullptr, 0, ACL_DT_UNDEFINED, nullptr, 0);
    ASSERT_EQ(acltdtAddDataItem(eos, marker), ACL_SUCCESS);
    for (int k = 0; k < kConsumersPerChannel; ++k) ASSERT_EQ(acltdtSendTensor(channels[c], eos, -1), ACL_SUCCESS);
    EXPECT_EQ(acltdtDestroyDataset(eos), ACL_SUCCESS);
    EXPECT_EQ(acltdtDestroyDataItem(marker), ACL_SUCCESS);
  }
  for (auto& t : consumers) t.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  uint64_t missing = 0, duplicated = 0;
  for (auto& s : seen) {
    if (s.load() == 0) ++missing;
    if (s.load() > 1) ++duplicated;
  }
  EXPECT_EQ(stats.errors.load(), 0u);
  EXPECT_EQ(stats.corrupt.load(), 0u);
  EXPECT_EQ(missing, 0u);
  EXPECT_EQ(duplicated, 0u);
  EXPECT_EQ(stats.tensors.load(), total);
  for (acltdtChannelHandle* ch : channels) {
    size_t size = 1;
    EXPECT_EQ(acltdtQueryChannelSize(ch, &size), ACL_SUCCESS);
    EXPECT_EQ(size, 0u);
    EXPECT_EQ(acltdtDestroyChannel(ch), ACL_SUCCESS);
  }
  EXPECT_EQ(conformance::DeviceFreeBytes(), free_before);  // every dataset's device memory came back

  const double mb = static_cast<double>(stats.bytes.load()) / 1e6;
  std::printf("tdt stress: %d channels, %d producers, %d consumers: %" PRIu64
              " payload tensors (each sent with a header tensor), %.1f MB payload in %.2f s: %.0f tensors/s, "
              "%.1f MB/s; lost %" PRIu64 ", duplicated %" PRIu64 ", corrupt %" PRIu64 "\n",
              kChannels, kChannels * kProducersPerChannel, kChannels * kConsumersPerChannel, stats.tensors.load(), mb,
              seconds, static_cast<double>(stats.tensors.load()) / seconds, mb / seconds, missing, duplicated,
              stats.corrupt.load());
}

}  // namespace
