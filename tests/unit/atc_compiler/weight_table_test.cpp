// WeightTable: shared entries by key, borrowed constants not copied, and Pack's blob (aligned
// offsets, only used entries, zero padding) after which no entry holds or points at bytes.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "compiler/weight_table.h"

namespace asim::atc {
namespace {

kernels::TensorSpec Spec(int64_t n) {
  kernels::TensorSpec s;
  s.dtype = DataType::kUint8;
  s.format = Format::kNd;
  s.dims = {n};
  return s;
}

TEST(WeightTable, BorrowedBytesAreNotCopiedAndPackLaysOutTheUsedEntries) {
  const std::vector<uint8_t> constant = {1, 2, 3, 4, 5};  // the builder's bytes
  WeightTable table;
  const int borrowed = table.AddBorrowed("const:0", "w", Spec(5), constant.data(), constant.size());
  const int owned = table.Add("const:0@FRACTAL_Z", "w_FRACTAL_Z", Spec(3), {7, 8, 9});
  const int unused = table.Add("const:1", "unused", Spec(2), {6, 6});
  EXPECT_EQ(table.Find("const:0"), borrowed);
  EXPECT_EQ(table.Find("const:0@FRACTAL_Z"), owned);
  EXPECT_EQ(table.Find("const:9"), -1);
  EXPECT_EQ(table.at(borrowed).data, constant.data());  // the same memory, not a copy
  EXPECT_EQ(table.at(borrowed).spec.host_data, constant.data());
  EXPECT_TRUE(table.at(borrowed).bytes.empty());
  EXPECT_EQ(table.at(owned).spec.host_data, table.at(owned).bytes.data());
  table.MarkUsed(owned);
  table.MarkUsed(borrowed);

  const std::vector<uint8_t> blob = table.Pack(4);
  EXPECT_EQ(table.at(borrowed).offset, 0u);
  EXPECT_EQ(table.at(owned).offset, 8u);  // 5 bytes, then aligned to 4
  EXPECT_EQ(blob, (std::vector<uint8_t>{1, 2, 3, 4, 5, 0, 0, 0, 7, 8, 9, 0}));
  for (int i : {borrowed, owned, unused}) {
    EXPECT_TRUE(table.at(i).bytes.empty());
    EXPECT_EQ(table.at(i).data, nullptr);
    EXPECT_EQ(table.at(i).spec.host_data, nullptr);
  }
  EXPECT_EQ(table.at(borrowed).size, 5u);  // sizes stay for the emitted tensors
  EXPECT_EQ(table.at(owned).size, 3u);
  EXPECT_EQ(constant, (std::vector<uint8_t>{1, 2, 3, 4, 5}));  // the borrowed bytes untouched
}

TEST(WeightTable, EmptyEntriesAndAnEmptyTable) {
  WeightTable empty;
  EXPECT_TRUE(empty.Pack(64).empty());
  WeightTable table;
  const int a = table.AddBorrowed("const:0", "none", Spec(0), nullptr, 0);
  const int b = table.Add("const:1", "one", Spec(1), {42});
  EXPECT_EQ(table.at(a).data, nullptr);
  table.MarkUsed(a);
  table.MarkUsed(b);
  const std::vector<uint8_t> blob = table.Pack(64);
  EXPECT_EQ(blob.size(), 64u);
  EXPECT_EQ(blob[0], 42);
  EXPECT_EQ(table.at(b).offset, 0u);
}

}  // namespace
}  // namespace asim::atc
