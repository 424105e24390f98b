// Unit tests of runtime/tdt tensor_meta, data_item, dataset and tdt_objects: the item
// creation rules, "size matches dims x dtype", which types the host may send, dataset
// ownership of received items, and the registries behind the handles.
#include <gtest/gtest.h>

#include <cstring>

#include "runtime/tdt/data_item.h"
#include "runtime/tdt/dataset.h"
#include "runtime/tdt/tdt_codes.h"
#include "runtime/tdt/tdt_objects.h"
#include "runtime/tdt/tensor_meta.h"

namespace asim::tdt {
namespace {

constexpr int32_t kFloat = 0, kFloat16 = 1, kInt4 = 29, kString = 13;
constexpr int32_t kTensor = 0, kEos = 1, kAbnormal = 2, kSlice = 3, kEndTensor = 4;

TEST(TensorMeta, TensorBytesFromDimsAndType) {
  bool known = false;
  uint64_t bytes = 0;
  ASSERT_TRUE(TensorBytes({2, 3}, kFloat, &known, &bytes).ok());
  EXPECT_TRUE(known);
  EXPECT_EQ(bytes, 24u);
  ASSERT_TRUE(TensorBytes({}, kFloat16, &known, &bytes).ok());  // scalar
  EXPECT_EQ(bytes, 2u);
  ASSERT_TRUE(TensorBytes({3}, kInt4, &known, &bytes).ok());  // packed, rounded up
  EXPECT_EQ(bytes, 2u);
  ASSERT_TRUE(TensorBytes({4, 0}, kFloat, &known, &bytes).ok());
  EXPECT_EQ(bytes, 0u);
  ASSERT_TRUE(TensorBytes({4}, kString, &known, &bytes).ok());
  EXPECT_FALSE(known);  // no fixed width
  EXPECT_EQ(TensorBytes({2, -1}, kFloat, &known, &bytes).code(), err::kInvalidParam);
  EXPECT_EQ(TensorBytes({INT64_MAX, INT64_MAX}, kFloat, &known, &bytes).code(), err::kInvalidParam);
  EXPECT_EQ(DimsToString({2, 3, 4}), "[2, 3, 4]");
}

TEST(TensorMeta, CheckSendable) {
  float data[6] = {};
  TensorMeta m;
  m.type = kTensor;
  m.dtype = kFloat;
  m.dims = {2, 3};
  m.size = sizeof(data);
  EXPECT_TRUE(CheckSendable(m, data, 0).ok());
  m.size = 20;
  Status st = CheckSendable(m, data, 4);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("item 4"), std::string::npos);
  EXPECT_NE(st.message().find("24 bytes"), std::string::npos);
  m.size = 24;
  EXPECT_EQ(CheckSendable(m, nullptr, 0).code(), err::kInvalidParam);  // NULL data, size > 0
  TensorMeta eos;
  eos.type = kEos;
  EXPECT_TRUE(CheckSendable(eos, nullptr, 0).ok());
  eos.type = kAbnormal;
  EXPECT_TRUE(CheckSendable(eos, nullptr, 0).ok());
  eos.type = kSlice;
  EXPECT_EQ(CheckSendable(eos, nullptr, 0).code(), err::kInvalidParam);
  eos.type = kEndTensor;
  EXPECT_EQ(CheckSendable(eos, nullptr, 0).code(), err::kInvalidParam);
}

TEST(DataItem, CreateTensor) {
  int64_t dims[] = {2, 2};
  float data[4] = {1, 2, 3, 4};
  std::shared_ptr<DataItem> item;
  ASSERT_TRUE(DataItem::Create(kTensor, dims, 2, kFloat, data, sizeof(data), &item).ok());
  EXPECT_EQ(item->meta().type, kTensor);
  EXPECT_EQ(item->meta().dtype, kFloat);
  EXPECT_EQ(item->meta().dims, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(item->meta().size, sizeof(data));
  EXPECT_EQ(item->data(), data);  // not copied, not owned
  EXPECT_EQ(item->owner(), nullptr);
  ASSERT_TRUE(DataItem::Create(kTensor, nullptr, 0, kFloat, data, 4, &item).ok());  // scalar
  EXPECT_TRUE(item->meta().dims.empty());
}

TEST(DataItem, NonTensorItemsCarryNothing) {
  float data[1] = {};
  std::shared_ptr<DataItem> item;
  ASSERT_TRUE(DataItem::Create(kEos, nullptr, 0, kFloat, data, sizeof(data), &item).ok());
  EXPECT_EQ(item->meta().type, kEos);
  EXPECT_EQ(item->meta().dtype, -1);  // ACL_DT_UNDEFINED
  EXPECT_EQ(item->data(), nullptr);
  EXPECT_EQ(item->meta().size, 0u);
  int64_t dims[] = {1};
  EXPECT_EQ(DataItem::Create(kEos, dims, 1, kFloat, nullptr, 0, &item).code(), err::kInvalidParam);
}

TEST(DataItem, CreateRejectsBadArguments) {
  int64_t dims[] = {1};
  std::shared_ptr<DataItem> item;
  EXPECT_EQ(DataItem::Create(-1, nullptr, 0, kFloat, nullptr, 0, &item).code(), err::kInvalidParam);
  EXPECT_EQ(DataItem::Create(5, nullptr, 0, kFloat, nullptr, 0, &item).code(), err::kInvalidParam);
  EXPECT_EQ(DataItem::Create(kTensor, nullptr, 1, kFloat, nullptr, 0, &item).code(), err::kInvalidParam);
  EXPECT_EQ(DataItem::Create(kTensor, dims, 0, kFloat, nullptr, 0, &item).code(), err::kInvalidParam);
  EXPECT_EQ(DataItem::Create(kTensor, dims, 129, kFloat, nullptr, 0, &item).code(), err::kInvalidParam);
  EXPECT_EQ(DataItem::Create(kTensor, dims, 1, 999, nullptr, 0, &item).code(), err::kInvalidParam);
  EXPECT_EQ(DataItem::Create(kTensor, dims, 1, kFloat, nullptr, 4, &item).code(), err::kInvalidParam);
}

TEST(Dataset, AddKeepsOrderAndOneMemorySide) {
  Dataset ds;
  auto* a = reinterpret_cast<DataItem*>(0x10);
  auto* b = reinterpret_cast<DataItem*>(0x20);
  ASSERT_TRUE(ds.Add(a, MemSide::kHost).ok());
  ASSERT_TRUE(ds.Add(b, MemSide::kUnknown).ok());  // no data: fits anywhere
  EXPECT_EQ(ds.Add(b, MemSide::kDevice).code(), err::kInvalidParam);
  EXPECT_EQ(ds.size(), 2u);
  EXPECT_EQ(ds.item(0), a);
  EXPECT_EQ(ds.item(1), b);
  EXPECT_EQ(ds.item(2), nullptr);
  EXPECT_EQ(ds.CheckReceivable().code(), err::kInvalidParam);  // holds user items
  EXPECT_TRUE(ds.OwnedItems().empty());
}

TEST(Dataset, ReceivedDatasetsOwnTheirItems) {
  Dataset ds;
  EXPECT_TRUE(ds.CheckReceivable().ok());
  auto* a = reinterpret_cast<DataItem*>(0x10);
  EXPECT_TRUE(ds.Replace("first", {a}).empty());
  EXPECT_TRUE(ds.received());
  EXPECT_EQ(ds.name(), "first");
  EXPECT_TRUE(ds.CheckReceivable().ok());  // may receive again
  auto old = ds.Replace("second", {});
  EXPECT_EQ(old, std::vector<DataItem*>{a});
  EXPECT_EQ(ds.Add(a, MemSide::kHost).code(), err::kFeatureUnsupported);
}

TEST(TdtObjects, CollectOutgoingNeedsLiveItems) {
  float data[2] = {1, 2};
  int64_t dims[] = {2};
  std::shared_ptr<DataItem> item;
  ASSERT_TRUE(DataItem::Create(kTensor, dims, 1, kFloat, data, sizeof(data), &item).ok());
  rt::HandleRegistry<DataItem> items;  // the context's registry, here the test's own
  auto* handle = static_cast<DataItem*>(items.Add(item));
  Dataset ds;
  ASSERT_TRUE(ds.Add(handle, MemSide::kHost).ok());
  OutgoingDataset out;
  std::vector<std::shared_ptr<DataItem>> hold;
  ASSERT_TRUE(CollectOutgoing(items, ds, &out, &hold).ok());
  ASSERT_EQ(out.items.size(), 1u);
  EXPECT_EQ(out.items[0].data, data);
  EXPECT_EQ(hold.size(), 1u);
  items.Remove(handle);  // destroyed while still in the dataset
  Status st = CollectOutgoing(items, ds, &out, &hold);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("item 0"), std::string::npos);
}

TEST(TdtObjects, InstallIncomingReplacesAndFreesOwnedItems) {
  rt::HandleRegistry<DataItem> items;
  Dataset ds;
  IncomingDataset in;
  in.name = "batch";
  IncomingItem item;
  item.meta.type = kTensor;
  item.meta.dtype = kFloat;
  item.meta.dims = {1};
  item.meta.size = 4;
  item.data = HostBuffer(4);
  std::memset(item.data.data(), 0xAB, 4);
  in.items.push_back(std::move(item));
  const size_t before = items.size();
  InstallIncoming(items, ds, std::move(in));
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds.name(), "batch");
  DataItem* first = ds.item(0);
  auto live = items.Find(first);
  ASSERT_NE(live, nullptr);
  EXPECT_EQ(live->owner(), &ds);
  EXPECT_EQ(static_cast<uint8_t*>(live->data())[3], 0xAB);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(live->data()) % HostBuffer::kAlignment, 0u);
  InstallIncoming(items, ds, IncomingDataset{});  // receiving again frees the old items
  EXPECT_EQ(items.Find(first), nullptr);
  EXPECT_EQ(ds.size(), 0u);
  ReleaseOwnedItems(items, ds);
  EXPECT_EQ(items.size(), before);
}

}  // namespace
}  // namespace asim::tdt
