// Tests of ObjectTable: creation records with call sites, destroy, and the sweeps (per
// device, per context, everything) in creation order. Owner: runtime/check.
#include <gtest/gtest.h>

#include "runtime/check/memcheck.h"
#include "runtime/check/object_table.h"

namespace asim::check {
namespace {

TEST(ObjectTable, SweepsByDeviceContextAndAll) {
  Memcheck memcheck;
  ObjectTable t(memcheck);
  t.Created(ObjectKind::kStream, 10, 0, 100, "stream a");
  t.Created(ObjectKind::kEvent, 11, 0, 100, "event b");
  t.Created(ObjectKind::kStream, 12, 1, 200, "stream c");
  t.Created(ObjectKind::kModelDataset, 13, -1, 0, "dataset d");
  t.Created(ObjectKind::kChannel, 14, 0, 0, "channel e");  // channels outlive a device reset
  t.Created(ObjectKind::kStream, 15, 0, 300, "stream f");
  EXPECT_TRUE(t.Contains(ObjectKind::kStream, 10));
  t.Destroyed(ObjectKind::kStream, 10);
  EXPECT_FALSE(t.Contains(ObjectKind::kStream, 10));
  t.Destroyed(ObjectKind::kStream, 999);  // unknown: no-op

  auto ctx = t.TakeContextStreams(300);
  ASSERT_EQ(ctx.size(), 1u);
  EXPECT_EQ(ctx[0].what, "stream f");
  auto dev0 = t.TakeDevice(0);
  ASSERT_EQ(dev0.size(), 1u);
  EXPECT_EQ(dev0[0].what, "event b");
  auto rest = t.TakeAll();
  ASSERT_EQ(rest.size(), 3u);
  EXPECT_EQ(rest[0].what, "stream c");
  EXPECT_EQ(rest[1].what, "dataset d");
  EXPECT_EQ(rest[2].what, "channel e");
  EXPECT_TRUE(t.TakeAll().empty());
  EXPECT_STREQ(ObjectKindName(ObjectKind::kTdtDataset), "tdt dataset");
}

}  // namespace
}  // namespace asim::check
