// Tests of PendingWrites: which synchronisations cover a write (stream, device, event
// records, waits transitively, callbacks' snapshots), cross-stream ordering, forgetting.
// Owner: runtime/check. Streams and events are arbitrary distinct addresses.
#include <gtest/gtest.h>

#include "runtime/check/pending_writes.h"

namespace asim::check {
namespace {

class PendingWritesTest : public ::testing::Test {
 protected:
  void Write(const void* stream, uint64_t begin, uint64_t end, int32_t device = 0) {
    w.Add(stream, device, begin, end, "write", nullptr);
  }
  PendingWrites w;
  const int s1_ = 0, s2_ = 0, s3_ = 0, e1_ = 0, e2_ = 0;
  const void* s1 = &s1_;
  const void* s2 = &s2_;
  const void* s3 = &s3_;
  const void* e1 = &e1_;
  const void* e2 = &e2_;
};

TEST_F(PendingWritesTest, OverlapAndStreamSynchronize) {
  Write(s1, 100, 200);
  EXPECT_TRUE(w.FindUnsynced(150, 160).has_value());
  EXPECT_TRUE(w.FindUnsynced(50, 101).has_value());
  EXPECT_FALSE(w.FindUnsynced(200, 300).has_value());
  EXPECT_FALSE(w.FindUnsynced(0, 100).has_value());
  w.SyncStream(s2);  // another stream: nothing
  EXPECT_TRUE(w.FindUnsynced(150, 160).has_value());
  w.SyncStream(s1);
  EXPECT_FALSE(w.FindUnsynced(150, 160).has_value());
  EXPECT_EQ(w.size(), 0u);
}

TEST_F(PendingWritesTest, EventsCoverOnlyWhatCameBeforeTheirRecord) {
  Write(s1, 0, 10);
  w.NoteRecord(e1, s1);
  Write(s1, 20, 30);
  w.SyncEvent(e1);
  EXPECT_FALSE(w.FindUnsynced(0, 10).has_value());
  EXPECT_TRUE(w.FindUnsynced(20, 30).has_value());
}

TEST_F(PendingWritesTest, WaitsOrderStreamsTransitively) {
  Write(s1, 0, 10);
  EXPECT_TRUE(w.FindUnordered(0, 10, s2).has_value());   // s2 does not wait for s1
  EXPECT_FALSE(w.FindUnordered(0, 10, s1).has_value());  // same stream: ordered
  w.NoteRecord(e1, s1);
  w.NoteWait(s2, e1);
  EXPECT_FALSE(w.FindUnordered(0, 10, s2).has_value());
  w.NoteRecord(e2, s2);
  w.NoteWait(s3, e2);
  EXPECT_FALSE(w.FindUnordered(0, 10, s3).has_value());  // s3 -> s2 -> s1
  // Synchronising s3 covers s1's write too.
  w.SyncStream(s3);
  EXPECT_FALSE(w.FindUnsynced(0, 10).has_value());
}

TEST_F(PendingWritesTest, SnapshotsCoverLaterForCallbacks) {
  Write(s1, 0, 10);
  const PendingWrites::Clock at_launch = w.Snapshot(s1);
  Write(s1, 20, 30);
  w.Cover(at_launch);
  EXPECT_FALSE(w.FindUnsynced(0, 10).has_value());
  EXPECT_TRUE(w.FindUnsynced(20, 30).has_value());
}

TEST_F(PendingWritesTest, DeviceSyncForgetAndRanges) {
  Write(s1, 0, 10, 0);
  Write(s2, 20, 30, 1);
  Write(s3, 40, 50, 1);
  w.SyncDevice(1);
  EXPECT_TRUE(w.FindUnsynced(0, 10).has_value());
  EXPECT_FALSE(w.FindUnsynced(20, 50).has_value());
  w.ForgetRange(0, 64);
  EXPECT_FALSE(w.FindUnsynced(0, 10).has_value());
  Write(s1, 0, 10);
  w.NoteRecord(e1, s1);
  w.ForgetStream(s1);  // destroyed: drained
  EXPECT_FALSE(w.FindUnsynced(0, 10).has_value());
  Write(s1, 0, 10);  // a new stream at the same address starts again
  w.SyncEvent(e1);   // the old record does not cover it
  EXPECT_TRUE(w.FindUnsynced(0, 10).has_value());
}

TEST_F(PendingWritesTest, BoundedKeepsTheNewest) {
  for (uint64_t i = 0; i < 5000; ++i) Write(s1, i * 10, i * 10 + 5);
  EXPECT_EQ(w.size(), 4096u);
  EXPECT_FALSE(w.FindUnsynced(0, 5).has_value());
  EXPECT_TRUE(w.FindUnsynced(49990, 49995).has_value());
}

}  // namespace
}  // namespace asim::check
