// Unit tests of runtime/tdt/mbuf.h and queue_manager.h: buffer lengths, user data and
// chains; queue depth, timeouts, destroy waking waiters; routes (bind, unbind, query,
// cycles, fan-out with back-pressure).
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <thread>

#include "runtime/tdt/mbuf.h"
#include "runtime/tdt/queue_manager.h"
#include "runtime/tdt/tdt_codes.h"

namespace asim::tdt {
namespace {

using std::chrono::milliseconds;

std::shared_ptr<Mbuf> Buf(uint8_t fill, size_t len = 8) {
  auto buf = Mbuf::Allocate(len);
  std::memset(buf->data(), fill, len);
  EXPECT_TRUE(buf->SetDataLen(len).ok());
  return buf;
}

TEST(Mbuf, LengthAndUserData) {
  auto buf = Mbuf::Allocate(16);
  EXPECT_EQ(buf->capacity(), 16u);
  EXPECT_EQ(buf->data_len(), 0u);
  EXPECT_TRUE(buf->SetDataLen(16).ok());
  EXPECT_EQ(buf->SetDataLen(17).code(), err::kInvalidParam);
  const char msg[] = "hello";
  ASSERT_TRUE(buf->SetUserData(msg, sizeof(msg), 90).ok());
  char got[6] = {};
  ASSERT_TRUE(buf->GetUserData(got, sizeof(got), 90).ok());
  EXPECT_STREQ(got, "hello");
  EXPECT_EQ(buf->SetUserData(msg, sizeof(msg), 91).code(), err::kInvalidParam);  // 91 + 6 > 96
  EXPECT_EQ(buf->GetUserData(got, 1, 97).code(), err::kInvalidParam);
  EXPECT_EQ(buf->GetUserData(got, SIZE_MAX, 1).code(), err::kInvalidParam);  // no overflow
  EXPECT_TRUE(buf->GetUserData(got, 0, 96).ok());
}

TEST(Mbuf, CopyRefSharesTheDataArea) {
  auto buf = Buf(1);
  ASSERT_TRUE(buf->SetUserData("x", 1, 0).ok());
  auto copy = buf->CopyRef();
  EXPECT_EQ(copy->data(), buf->data());
  EXPECT_EQ(copy->data_len(), 8u);
  char c = 0;
  ASSERT_TRUE(copy->GetUserData(&c, 1, 0).ok());
  EXPECT_EQ(c, 'x');
  ASSERT_TRUE(copy->SetDataLen(2).ok());  // headers are separate
  EXPECT_EQ(buf->data_len(), 8u);
}

TEST(Mbuf, Chains) {
  auto head = Buf(1, 4);
  auto second = Buf(2, 6);
  auto third = Buf(3, 2);
  ASSERT_TRUE(head->Append(second).ok());
  ASSERT_TRUE(head->Append(third).ok());
  EXPECT_EQ(head->ChainLength(), 3u);
  EXPECT_EQ(head->ChainAt(0), head.get());
  EXPECT_EQ(head->ChainAt(2), third.get());
  EXPECT_EQ(head->ChainAt(3), nullptr);
  EXPECT_EQ(second->head(), head.get());
  EXPECT_EQ(head->ChainDataLen(), 12u);
  EXPECT_EQ(head->Append(head).code(), err::kInvalidParam);
  EXPECT_EQ(head->Append(second).code(), err::kInvalidParam);    // already chained
  EXPECT_EQ(second->Append(Buf(4)).code(), err::kInvalidParam);  // not a head
  auto other = Buf(5);
  ASSERT_TRUE(other->Append(Buf(6)).ok());
  EXPECT_EQ(head->Append(other).code(), err::kInvalidParam);  // has its own chain
  auto copy = head->CopyChainRef();
  EXPECT_EQ(copy->ChainLength(), 3u);
  EXPECT_EQ(copy->ChainAt(1)->data(), second->data());
  EXPECT_EQ(copy->ChainAt(1)->head(), copy.get());
}

TEST(Mbuf, ChainHoldsAtMost128Buffers) {
  auto head = Buf(0, 1);
  for (size_t i = 1; i < kMaxChain; ++i) ASSERT_TRUE(head->Append(Buf(1, 1)).ok());
  EXPECT_EQ(head->ChainLength(), kMaxChain);
  EXPECT_EQ(head->Append(Buf(1, 1)).code(), err::kInvalidParam);
}

TEST(QueueManager, CreateValidatesDepthAndNames) {
  QueueManager qm;
  uint32_t a = 0, b = 0, c = 0;
  EXPECT_EQ(qm.Create("q", 1, 0, &a).code(), err::kRtParamInvalid);
  EXPECT_EQ(qm.Create("q", 8193, 0, &a).code(), err::kRtParamInvalid);
  EXPECT_EQ(qm.Create(std::string(128, 'n'), 8, 0, &a).code(), err::kInvalidParam);
  ASSERT_TRUE(qm.Create("", 8, 0, &a).ok());
  ASSERT_TRUE(qm.Create("named", 2, 1, &b).ok());
  EXPECT_NE(a, b);
  QueueInfo info;
  ASSERT_TRUE(qm.Info(a, &info).ok());
  EXPECT_EQ(info.name, "queue_" + std::to_string(a));
  ASSERT_TRUE(qm.Info(b, &info).ok());
  EXPECT_EQ(info.name, "named");
  EXPECT_EQ(info.depth, 2u);
  EXPECT_EQ(info.device_id, 1);
  ASSERT_TRUE(qm.Destroy(a).ok());
  EXPECT_EQ(qm.Destroy(a).code(), err::kInvalidQueueId);
  ASSERT_TRUE(qm.Create("", 8, 0, &c).ok());
  EXPECT_NE(c, a);  // ids are not reused
  EXPECT_EQ(qm.Info(a, &info).code(), err::kInvalidQueueId);
  EXPECT_EQ(qm.size(), 2u);
}

TEST(QueueManager, DepthTimeoutsAndOrder) {
  QueueManager qm;
  uint32_t q = 0;
  ASSERT_TRUE(qm.Create("q", 2, 0, &q).ok());
  ASSERT_TRUE(qm.Enqueue(q, Buf(1), Deadline::Now()).ok());
  ASSERT_TRUE(qm.Enqueue(q, Buf(2), Deadline::Now()).ok());
  EXPECT_EQ(qm.Enqueue(q, Buf(3), Deadline::Now()).code(), err::kRtQueueFull);
  Deadline soon = Deadline::Now();
  ASSERT_TRUE(Deadline::Parse(20, &soon).ok());
  EXPECT_EQ(qm.Enqueue(q, Buf(3), soon).code(), err::kRtQueueFull);
  std::shared_ptr<Mbuf> out;
  ASSERT_TRUE(qm.Dequeue(q, Deadline::Now(), &out).ok());
  EXPECT_EQ(out->data()[0], 1);
  ASSERT_TRUE(qm.Dequeue(q, Deadline::Now(), &out).ok());
  EXPECT_EQ(out->data()[0], 2);
  EXPECT_EQ(qm.Dequeue(q, Deadline::Now(), &out).code(), err::kRtQueueEmpty);
  EXPECT_EQ(qm.Dequeue(99999, Deadline::Now(), &out).code(), err::kInvalidQueueId);
  EXPECT_EQ(qm.Enqueue(99999, Buf(1), Deadline::Now()).code(), err::kInvalidQueueId);
}

TEST(QueueManager, AcceptCanRefuseTheOldestEntry) {
  QueueManager qm;
  uint32_t q = 0;
  ASSERT_TRUE(qm.Create("q", 2, 0, &q).ok());
  ASSERT_TRUE(qm.Enqueue(q, Buf(1, 32), Deadline::Now()).ok());
  std::shared_ptr<Mbuf> out;
  auto too_small = [](const Mbuf& m) {
    return m.ChainDataLen() <= 16 ? Status::Ok() : Status(err::kInvalidParam, "too small");
  };
  EXPECT_EQ(qm.Dequeue(q, Deadline::Now(), &out, too_small).code(), err::kInvalidParam);
  QueueInfo info;
  ASSERT_TRUE(qm.Info(q, &info).ok());
  EXPECT_EQ(info.size, 1u);  // still queued
  ASSERT_TRUE(qm.Dequeue(q, Deadline::Now(), &out).ok());
}

TEST(QueueManager, DestroyWakesWaiters) {
  QueueManager qm;
  uint32_t q = 0;
  ASSERT_TRUE(qm.Create("q", 2, 0, &q).ok());
  std::thread waiter([&] {
    std::shared_ptr<Mbuf> out;
    EXPECT_EQ(qm.Dequeue(q, Deadline::Forever(), &out).code(), err::kInvalidQueueId);
  });
  std::this_thread::sleep_for(milliseconds(20));
  ASSERT_TRUE(qm.Destroy(q).ok());
  waiter.join();
}

TEST(QueueManager, BlockedEnqueueWakesOnDequeue) {
  QueueManager qm;
  uint32_t q = 0;
  ASSERT_TRUE(qm.Create("q", 2, 0, &q).ok());
  ASSERT_TRUE(qm.Enqueue(q, Buf(1), Deadline::Now()).ok());
  ASSERT_TRUE(qm.Enqueue(q, Buf(2), Deadline::Now()).ok());
  std::thread producer([&] { EXPECT_TRUE(qm.Enqueue(q, Buf(3), Deadline::Forever()).ok()); });
  std::this_thread::sleep_for(milliseconds(20));
  std::shared_ptr<Mbuf> out;
  ASSERT_TRUE(qm.Dequeue(q, Deadline::Now(), &out).ok());
  producer.join();
  QueueInfo info;
  ASSERT_TRUE(qm.Info(q, &info).ok());
  EXPECT_EQ(info.size, 2u);
}

TEST(QueueManager, RoutesBindUnbindQuery) {
  QueueManager qm;
  uint32_t a = 0, b = 0, c = 0;
  ASSERT_TRUE(qm.Create("a", 4, 0, &a).ok());
  ASSERT_TRUE(qm.Create("b", 4, 0, &b).ok());
  ASSERT_TRUE(qm.Create("c", 4, 0, &c).ok());
  std::vector<Route> routes = {{a, b, 0}, {b, c, 0}};
  ASSERT_TRUE(qm.Bind(&routes).ok());
  EXPECT_EQ(routes[0].status, kRouteBound);
  EXPECT_EQ(routes[1].status, kRouteBound);
  std::vector<Route> bad = {{c, a, 0}, {a, a, 0}, {a, b, 0}, {a, 4242, 0}, {a, c, 0}};
  Status st = qm.Bind(&bad);
  EXPECT_EQ(st.code(), err::kFailure);
  EXPECT_NE(st.message().find("cycle"), std::string::npos);
  EXPECT_NE(st.message().find("itself"), std::string::npos);
  EXPECT_NE(st.message().find("already bound"), std::string::npos);
  EXPECT_EQ(bad[0].status, kRouteUnbound);
  EXPECT_EQ(bad[4].status, kRouteBound);  // a -> c is fine
  RouteQuery query;
  query.has_mode = true;
  query.mode = kQuerySrc;
  query.has_src = true;
  query.src = a;
  std::vector<Route> found;
  ASSERT_TRUE(qm.Query(query, &found).ok());
  EXPECT_EQ(found.size(), 2u);
  query.mode = kQueryDst;
  query.has_dst = true;
  query.dst = c;
  ASSERT_TRUE(qm.Query(query, &found).ok());
  EXPECT_EQ(found.size(), 2u);  // b -> c, a -> c
  query.mode = kQuerySrcAndDst;
  ASSERT_TRUE(qm.Query(query, &found).ok());
  EXPECT_EQ(found.size(), 1u);
  query.mode = kQueryAbnormal;
  ASSERT_TRUE(qm.Query(query, &found).ok());
  EXPECT_TRUE(found.empty());
  EXPECT_EQ(qm.Destroy(b).code(), err::kFailure);  // routes still bound
  std::vector<Route> all = {{a, b, 1}, {b, c, 1}, {a, c, 1}, {c, b, 0}};
  EXPECT_EQ(qm.Unbind(&all).code(), err::kFailure);  // c -> b was never bound
  EXPECT_EQ(all[0].status, kRouteUnbound);
  ASSERT_TRUE(qm.Destroy(b).ok());
}

TEST(QueueManager, QueryNeedsACompleteQuery) {
  RouteQuery q;
  EXPECT_EQ(QueueManager::CheckQuery(q).code(), err::kInvalidParam);  // no mode
  q.has_mode = true;
  q.mode = kQuerySrc;
  EXPECT_EQ(QueueManager::CheckQuery(q).code(), err::kInvalidParam);  // no src
  q.mode = kQueryDst;
  EXPECT_EQ(QueueManager::CheckQuery(q).code(), err::kInvalidParam);
  q.mode = kQuerySrcAndDst;
  q.has_src = true;
  EXPECT_EQ(QueueManager::CheckQuery(q).code(), err::kInvalidParam);
  q.has_dst = true;
  EXPECT_TRUE(QueueManager::CheckQuery(q).ok());
  q.mode = 7;
  EXPECT_EQ(QueueManager::CheckQuery(q).code(), err::kInvalidParam);
}

TEST(QueueManager, RoutesFanOutWithBackPressure) {
  QueueManager qm;
  uint32_t src = 0, d1 = 0, d2 = 0;
  ASSERT_TRUE(qm.Create("src", 4, 0, &src).ok());
  ASSERT_TRUE(qm.Create("d1", 2, 0, &d1).ok());
  ASSERT_TRUE(qm.Create("d2", 4, 0, &d2).ok());
  ASSERT_TRUE(qm.Enqueue(src, Buf(7), Deadline::Now()).ok());  // before the routes exist
  std::vector<Route> routes = {{src, d1, 0}, {src, d2, 0}};
  ASSERT_TRUE(qm.Bind(&routes).ok());  // binding forwards what is waiting
  for (uint8_t i = 8; i < 11; ++i) ASSERT_TRUE(qm.Enqueue(src, Buf(i), Deadline::Now()).ok());
  QueueInfo info;
  ASSERT_TRUE(qm.Info(d1, &info).ok());
  EXPECT_EQ(info.size, 2u);  // full
  ASSERT_TRUE(qm.Info(d2, &info).ok());
  EXPECT_EQ(info.size, 2u);  // waits for d1 (all destinations at once)
  ASSERT_TRUE(qm.Info(src, &info).ok());
  EXPECT_EQ(info.size, 2u);
  std::shared_ptr<Mbuf> a, b;
  ASSERT_TRUE(qm.Dequeue(d1, Deadline::Now(), &a).ok());  // room: one more moves
  ASSERT_TRUE(qm.Dequeue(d2, Deadline::Now(), &b).ok());
  EXPECT_EQ(a->data()[0], 7);
  EXPECT_EQ(b->data()[0], 7);
  EXPECT_EQ(a->data(), b->data());  // same data area, separate headers
  EXPECT_NE(a.get(), b.get());
  ASSERT_TRUE(qm.Info(src, &info).ok());
  EXPECT_EQ(info.size, 1u);
  ASSERT_TRUE(qm.Info(d2, &info).ok());
  EXPECT_EQ(info.size, 2u);
}

TEST(QueueManager, RoutesChainThroughSeveralQueues) {
  QueueManager qm;
  uint32_t a = 0, b = 0, c = 0;
  ASSERT_TRUE(qm.Create("a", 2, 0, &a).ok());
  ASSERT_TRUE(qm.Create("b", 2, 0, &b).ok());
  ASSERT_TRUE(qm.Create("c", 2, 0, &c).ok());
  std::vector<Route> routes = {{a, b, 0}, {b, c, 0}};
  ASSERT_TRUE(qm.Bind(&routes).ok());
  auto head = Buf(1);
  ASSERT_TRUE(head->Append(Buf(2)).ok());
  ASSERT_TRUE(qm.Enqueue(a, head, Deadline::Now()).ok());
  std::shared_ptr<Mbuf> out;
  ASSERT_TRUE(qm.Dequeue(c, Deadline::Now(), &out).ok());
  EXPECT_EQ(out.get(), head.get());  // a single destination gets the buffer itself
  EXPECT_EQ(out->ChainLength(), 2u);
}

}  // namespace
}  // namespace asim::tdt
