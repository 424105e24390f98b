// Unit tests of runtime/tdt/channel.h and channel_registry.h over a host-memory FakeLink:
// round trips, capacity and timeouts (QUEUE_FULL / QUEUE_EMPTY), stop and destroy waking
// blocked threads, clean, legacy-channel restrictions, failed copies, names per device, and
// many producers and consumers at once.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <numeric>
#include <thread>
#include <vector>

#include "runtime/tdt/channel.h"
#include "runtime/tdt/channel_registry.h"
#include "runtime/tdt/tdt_codes.h"
#include "tests/unit/tdt/fake_link.h"

namespace asim::tdt {
namespace {

using std::chrono::milliseconds;
using testing::FakeLink;

constexpr int32_t kFloat = 0;

std::shared_ptr<Channel> MakeChannel(const std::shared_ptr<FakeLink>& link, size_t capacity = 4,
                                     bool with_capacity = true) {
  return std::make_shared<Channel>(ChannelConfig{0, "ch", capacity, with_capacity}, link);
}

OutgoingDataset Floats(const std::vector<float>& values) {
  OutgoingDataset ds;
  ds.name = "floats";
  OutgoingItem item;
  item.meta.type = 0;
  item.meta.dtype = kFloat;
  item.meta.dims = {static_cast<int64_t>(values.size())};
  item.meta.size = values.size() * sizeof(float);
  item.data = values.data();
  ds.items.push_back(item);
  return ds;
}

OutgoingDataset EndOfSequence() {
  OutgoingDataset ds;
  OutgoingItem item;
  item.meta.type = static_cast<int32_t>(TensorType::kEndOfSequence);
  ds.items.push_back(item);
  return ds;
}

TEST(Channel, RoundTripCopiesBytesAndMeta) {
  auto link = std::make_shared<FakeLink>();
  auto ch = MakeChannel(link);
  std::vector<float> values = {1.5f, -2.0f, 3.25f};
  ASSERT_TRUE(ch->Send(Floats(values), -1).ok());
  values[0] = 99;  // the channel holds its own copy
  size_t size = 0;
  ASSERT_TRUE(ch->QuerySize(&size).ok());
  EXPECT_EQ(size, 1u);
  IncomingDataset in;
  ASSERT_TRUE(ch->Receive(0, &in).ok());
  EXPECT_EQ(in.name, "floats");
  ASSERT_EQ(in.items.size(), 1u);
  EXPECT_EQ(in.items[0].meta.dims, (std::vector<int64_t>{3}));
  ASSERT_EQ(in.items[0].data.size(), 12u);
  float got[3];
  std::memcpy(got, in.items[0].data.data(), sizeof(got));
  EXPECT_EQ(got[0], 1.5f);
  EXPECT_EQ(got[2], 3.25f);
  EXPECT_EQ(link->uploads.load(), 1);
  EXPECT_EQ(link->downloads.load(), 1);
  EXPECT_EQ(link->overhead.load(), 2 * Channel::ControlBytes({in.items[0].meta}));
  EXPECT_EQ(link->live_blobs.load(), 0);
}

TEST(Channel, EndOfSequenceIsDeliveredAsAnItem) {
  auto ch = MakeChannel(std::make_shared<FakeLink>());
  ASSERT_TRUE(ch->Send(EndOfSequence(), 0).ok());
  IncomingDataset in;
  ASSERT_TRUE(ch->Receive(0, &in).ok());
  ASSERT_EQ(in.items.size(), 1u);
  EXPECT_EQ(in.items[0].meta.type, static_cast<int32_t>(TensorType::kEndOfSequence));
  EXPECT_EQ(in.items[0].data.size(), 0u);
  EXPECT_EQ(in.items[0].data.data(), nullptr);
}

TEST(Channel, FullAndEmptyGiveQueueCodes) {
  auto ch = MakeChannel(std::make_shared<FakeLink>(), 2);
  std::vector<float> v = {1};
  ASSERT_TRUE(ch->Send(Floats(v), 0).ok());
  ASSERT_TRUE(ch->Send(Floats(v), 0).ok());
  Status full = ch->Send(Floats(v), 0);
  EXPECT_EQ(full.code(), err::kRtQueueFull);
  EXPECT_NE(full.message().find("'ch'"), std::string::npos);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(ch->Send(Floats(v), 30).code(), err::kRtQueueFull);
  EXPECT_GE(std::chrono::steady_clock::now() - start, milliseconds(25));
  IncomingDataset in;
  ASSERT_TRUE(ch->Receive(0, &in).ok());
  ASSERT_TRUE(ch->Receive(0, &in).ok());
  EXPECT_EQ(ch->Receive(0, &in).code(), err::kRtQueueEmpty);
  EXPECT_EQ(ch->Receive(20, &in).code(), err::kRtQueueEmpty);
  EXPECT_EQ(ch->Receive(-5, &in).code(), err::kInvalidParam);
}

TEST(Channel, SendRejectsBadDatasetsWithoutQueueing) {
  auto link = std::make_shared<FakeLink>();
  auto ch = MakeChannel(link);
  EXPECT_EQ(ch->Send(OutgoingDataset{}, 0).code(), err::kInvalidParam);  // no items
  std::vector<float> v = {1, 2};
  OutgoingDataset wrong = Floats(v);
  wrong.items[0].meta.size = 4;  // dims say 8 bytes
  EXPECT_EQ(wrong.items[0].meta.size, 4u);
  EXPECT_EQ(ch->Send(wrong, 0).code(), err::kInvalidParam);
  OutgoingDataset no_data = Floats(v);
  no_data.items[0].data = nullptr;
  EXPECT_EQ(ch->Send(no_data, 0).code(), err::kInvalidParam);
  OutgoingDataset slice = EndOfSequence();
  slice.items[0].meta.type = static_cast<int32_t>(TensorType::kSliceTensor);
  EXPECT_EQ(ch->Send(slice, 0).code(), err::kInvalidParam);
  size_t size = 9;
  ASSERT_TRUE(ch->QuerySize(&size).ok());
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(link->uploads.load(), 0);
}

TEST(Channel, FailedUploadReleasesTheSlot) {
  auto link = std::make_shared<FakeLink>();
  auto ch = MakeChannel(link, 2);
  link->FailUploads(Status(err::kRtMemoryAllocation, "device memory exhausted"));
  std::vector<float> v = {1};
  for (int i = 0; i < 3; ++i) {
    Status st = ch->Send(Floats(v), 0);
    EXPECT_EQ(st.code(), err::kRtMemoryAllocation);
    EXPECT_NE(st.message().find("exhausted"), std::string::npos);
  }
  link->FailUploads(Status::Ok());
  EXPECT_TRUE(ch->Send(Floats(v), 0).ok());
  EXPECT_TRUE(ch->Send(Floats(v), 0).ok());  // both slots are free again
}

TEST(Channel, FailedDownloadReportsTheError) {
  auto link = std::make_shared<FakeLink>();
  auto ch = MakeChannel(link);
  std::vector<float> v = {1};
  ASSERT_TRUE(ch->Send(Floats(v), 0).ok());
  link->FailDownloads(Status(err::kInvalidResourceHandle, "device 0 was reset"));
  IncomingDataset in;
  EXPECT_EQ(ch->Receive(0, &in).code(), err::kInvalidResourceHandle);
  EXPECT_EQ(link->live_blobs.load(), 0);  // the dataset is freed, not leaked
}

TEST(Channel, StopWakesBlockedSendersAndReceiversWithFailure) {
  auto full = MakeChannel(std::make_shared<FakeLink>(), 2);
  auto empty = MakeChannel(std::make_shared<FakeLink>(), 2);
  std::vector<float> v = {1};
  ASSERT_TRUE(full->Send(Floats(v), 0).ok());
  ASSERT_TRUE(full->Send(Floats(v), 0).ok());
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 2; ++i) {
    threads.emplace_back([&] {
      if (full->Send(Floats(v), -1).code() == err::kFailure) ++failures;
    });
    threads.emplace_back([&] {
      IncomingDataset in;
      if (empty->Receive(-1, &in).code() == err::kFailure) ++failures;
    });
  }
  std::this_thread::sleep_for(milliseconds(30));
  ASSERT_TRUE(full->Stop().ok());
  ASSERT_TRUE(empty->Stop().ok());
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 4);
  IncomingDataset in;
  EXPECT_EQ(full->Receive(0, &in).code(), err::kFailure);  // sticky
  EXPECT_TRUE(full->Stop().ok());                          // stopping twice is fine
  size_t size = 0;
  ASSERT_TRUE(full->QuerySize(&size).ok());
  EXPECT_EQ(size, 2u);
  ASSERT_TRUE(full->Clean().ok());
  ASSERT_TRUE(full->QuerySize(&size).ok());
  EXPECT_EQ(size, 0u);
}

TEST(Channel, CloseWakesWaitersAndFreesQueuedData) {
  auto link = std::make_shared<FakeLink>();
  auto ch = MakeChannel(link, 2);
  std::vector<float> v = {1};
  std::thread receiver;
  {
    auto other = MakeChannel(link, 2);
    receiver = std::thread([other] {
      IncomingDataset in;
      EXPECT_EQ(other->Receive(-1, &in).code(), err::kInvalidResourceHandle);
    });
    std::this_thread::sleep_for(milliseconds(20));
    other->Close();
  }  // the waiting thread holds the last reference
  receiver.join();
  ASSERT_TRUE(ch->Send(Floats(v), 0).ok());
  EXPECT_EQ(link->live_blobs.load(), 1);
  ch->Close();
  EXPECT_EQ(link->live_blobs.load(), 0);
  EXPECT_EQ(ch->Send(Floats(v), 0).code(), err::kInvalidResourceHandle);
}

TEST(Channel, CleanDropsEverythingQueued) {
  auto link = std::make_shared<FakeLink>();
  auto ch = MakeChannel(link, 3);
  std::vector<float> v = {1};
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(ch->Send(Floats(v), 0).ok());
  ASSERT_TRUE(ch->Clean().ok());
  EXPECT_EQ(link->live_blobs.load(), 0);
  IncomingDataset in;
  EXPECT_EQ(ch->Receive(0, &in).code(), err::kRtQueueEmpty);
  EXPECT_TRUE(ch->Send(Floats(v), 0).ok());
}

TEST(Channel, LegacyChannelsWaitForeverOnlyAndCannotCleanOrQuery) {
  auto ch = MakeChannel(std::make_shared<FakeLink>(), kDefaultChannelCapacity, /*with_capacity=*/false);
  std::vector<float> v = {1};
  EXPECT_EQ(ch->Send(Floats(v), 0).code(), err::kInvalidParam);
  EXPECT_EQ(ch->Send(Floats(v), 100).code(), err::kInvalidParam);
  ASSERT_TRUE(ch->Send(Floats(v), -1).ok());
  IncomingDataset in;
  EXPECT_EQ(ch->Receive(0, &in).code(), err::kInvalidParam);
  ASSERT_TRUE(ch->Receive(-1, &in).ok());
  size_t size = 0;
  EXPECT_EQ(ch->QuerySize(&size).code(), err::kFeatureUnsupported);
  EXPECT_EQ(ch->Clean().code(), err::kFeatureUnsupported);
}

TEST(Channel, ManyProducersAndConsumersDeliverEverythingOnce) {
  auto ch = MakeChannel(std::make_shared<FakeLink>(), 8);
  constexpr int kProducers = 4, kConsumers = 3, kPerProducer = 500;
  std::vector<std::thread> threads;
  std::vector<std::atomic<int>> seen(kProducers * kPerProducer);
  for (int p = 0; p < kProducers; ++p) {
    threads.emplace_back([&, p] {
      for (int i = 0; i < kPerProducer; ++i) {
        std::vector<float> v = {static_cast<float>(p * kPerProducer + i)};
        ASSERT_TRUE(ch->Send(Floats(v), -1).ok());
      }
    });
  }
  std::atomic<int> received{0};
  for (int c = 0; c < kConsumers; ++c) {
    threads.emplace_back([&] {
      IncomingDataset in;
      while (ch->Receive(-1, &in).ok()) {
        float id = 0;
        std::memcpy(&id, in.items[0].data.data(), sizeof(id));
        seen[static_cast<size_t>(id)]++;
        if (++received == kProducers * kPerProducer) {
          EXPECT_TRUE(ch->Stop().ok());
        }
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(received.load(), kProducers * kPerProducer);
  for (auto& s : seen) EXPECT_EQ(s.load(), 1);
}

TEST(ChannelRegistry, NamesAreUniquePerDevice) {
  ChannelRegistry registry;
  auto link = std::make_shared<FakeLink>();
  std::shared_ptr<Channel> a, b, c;
  ASSERT_TRUE(registry.Create(ChannelConfig{0, "infeed", 4, true}, link, &a).ok());
  Status dup = registry.Create(ChannelConfig{0, "infeed", 4, true}, link, &b);
  EXPECT_EQ(dup.code(), err::kInvalidParam);
  EXPECT_NE(dup.message().find("already exists"), std::string::npos);
  ASSERT_TRUE(registry.Create(ChannelConfig{1, "infeed", 4, true}, link, &c).ok());  // other device
  EXPECT_EQ(registry.FindByName(0, "infeed"), a);
  EXPECT_EQ(registry.Find(a.get()), a);
  EXPECT_EQ(registry.size(), 2u);
  ASSERT_TRUE(registry.Destroy(a.get()).ok());
  EXPECT_EQ(registry.Find(a.get()), nullptr);
  EXPECT_EQ(registry.Destroy(a.get()).code(), err::kInvalidResourceHandle);
  EXPECT_EQ(registry.Find(nullptr), nullptr);
  ASSERT_TRUE(registry.Create(ChannelConfig{0, "infeed", 4, true}, link, &b).ok());  // name free again
}

TEST(ChannelRegistry, RejectsBadNamesAndCapacities) {
  EXPECT_EQ(ChannelRegistry::CheckName(nullptr).code(), err::kInvalidParam);
  EXPECT_EQ(ChannelRegistry::CheckName("").code(), err::kInvalidParam);
  EXPECT_TRUE(ChannelRegistry::CheckName(std::string(127, 'x').c_str()).ok());
  EXPECT_EQ(ChannelRegistry::CheckName(std::string(128, 'x').c_str()).code(), err::kInvalidParam);
  EXPECT_EQ(ChannelRegistry::CheckCapacity(1).code(), err::kInvalidParam);
  EXPECT_TRUE(ChannelRegistry::CheckCapacity(2).ok());
  EXPECT_TRUE(ChannelRegistry::CheckCapacity(8192).ok());
  EXPECT_EQ(ChannelRegistry::CheckCapacity(8193).code(), err::kInvalidParam);
  ChannelRegistry registry;
  std::shared_ptr<Channel> ch;
  EXPECT_EQ(registry.Create(ChannelConfig{0, "x", 0, true}, std::make_shared<FakeLink>(), &ch).code(),
            err::kInvalidParam);
}

}  // namespace
}  // namespace asim::tdt
