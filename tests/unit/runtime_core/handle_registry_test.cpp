// Unit tests of runtime/core/handle_registry.
#include "runtime/core/handle_registry.h"

#include <gtest/gtest.h>

namespace asim::rt {
namespace {

struct Thing {
  int id;
};

TEST(HandleRegistry, AddFindRemove) {
  HandleRegistry<Thing> registry;
  void* h = registry.Add(std::make_shared<Thing>(Thing{3}));
  ASSERT_NE(h, nullptr);
  ASSERT_NE(registry.Find(h), nullptr);
  EXPECT_EQ(registry.Find(h)->id, 3);
  EXPECT_EQ(registry.size(), 1u);
  auto removed = registry.Remove(h);
  ASSERT_NE(removed, nullptr);
  EXPECT_EQ(registry.Find(h), nullptr);    // stale handle
  EXPECT_EQ(registry.Remove(h), nullptr);  // second removal
}

TEST(HandleRegistry, UnknownAndNullHandlesAreNotFound) {
  HandleRegistry<Thing> registry;
  int local = 0;
  EXPECT_EQ(registry.Find(nullptr), nullptr);
  EXPECT_EQ(registry.Find(&local), nullptr);
}

TEST(HandleRegistry, RemoveIfTakesMatchingObjects) {
  HandleRegistry<Thing> registry;
  for (int i = 0; i < 10; ++i) registry.Add(std::make_shared<Thing>(Thing{i}));
  auto odd = registry.RemoveIf([](const Thing& t) { return t.id % 2 == 1; });
  EXPECT_EQ(odd.size(), 5u);
  EXPECT_EQ(registry.size(), 5u);
  for (const auto& t : odd) EXPECT_EQ(t->id % 2, 1);
}

TEST(HandleRegistry, ObjectOutlivesRemovalWhileHeld) {
  HandleRegistry<Thing> registry;
  void* h = registry.Add(std::make_shared<Thing>(Thing{9}));
  std::shared_ptr<Thing> held = registry.Find(h);
  registry.Remove(h);
  EXPECT_EQ(held->id, 9);
}

}  // namespace
}  // namespace asim::rt
