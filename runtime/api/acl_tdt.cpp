// acl_tdt.h: tdt data items, datasets and channels (the shims over runtime/tdt).
//
// Owns: nothing; objects live in the runtime/tdt registries and handles are their
// addresses (acltdtDataItem, acltdtDataset and acltdtChannelHandle stay incomplete types).
// Every handle is checked against its registry, so NULL gives ACL_ERROR_INVALID_PARAM and a
// destroyed handle ACL_ERROR_INVALID_RESOURCE_HANDLE (getters: their documented default
// value), never a use after free. Item and dataset functions need no aclInit; channel sends
// and receives do.
// Thread safety: as runtime/tdt — channels are fully thread-safe; one dataset or item is
// used by one thread at a time. Failure: aclError + aclGetRecentErrMsg; no exception
// crosses the C ABI.
#include "acl/acl_tdt.h"

#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/api/sim_hooks.h"
#include "runtime/tdt/app_memory.h"
#include "runtime/tdt/channel_registry.h"
#include "runtime/tdt/runtime_link.h"
#include "runtime/tdt/tdt_codes.h"
#include "runtime/tdt/tdt_objects.h"

namespace {

namespace tdt = asim::tdt;

// The context's acl_tdt objects.
tdt::TdtState& Tdt() {
  return asim::api::Ctx().tdt();
}
using asim::Status;
using asim::api::Guarded;
using asim::api::RawEnum;
using asim::api::SetRecentError;

#define ASIM_TDT_SAME(ours, theirs) static_assert(static_cast<int64_t>(ours) == static_cast<int64_t>(theirs), #ours)
ASIM_TDT_SAME(tdt::TensorType::kUndefined, ACL_TENSOR_DATA_UNDEFINED);
ASIM_TDT_SAME(tdt::TensorType::kTensor, ACL_TENSOR_DATA_TENSOR);
ASIM_TDT_SAME(tdt::TensorType::kEndOfSequence, ACL_TENSOR_DATA_END_OF_SEQUENCE);
ASIM_TDT_SAME(tdt::TensorType::kAbnormal, ACL_TENSOR_DATA_ABNORMAL);
ASIM_TDT_SAME(tdt::TensorType::kSliceTensor, ACL_TENSOR_DATA_SLICE_TENSOR);
ASIM_TDT_SAME(tdt::TensorType::kEndTensor, ACL_TENSOR_DATA_END_TENSOR);
ASIM_TDT_SAME(tdt::err::kRtQueueEmpty, ACL_ERROR_RT_QUEUE_EMPTY);
ASIM_TDT_SAME(tdt::err::kRtQueueFull, ACL_ERROR_RT_QUEUE_FULL);
ASIM_TDT_SAME(tdt::err::kInvalidQueueId, ACL_ERROR_INVALID_QUEUE_ID);
#undef ASIM_TDT_SAME

// The live item behind `handle`, or nullptr after recording why not.
std::shared_ptr<tdt::DataItem> LiveItem(const char* api, const acltdtDataItem* handle) {
  if (handle == nullptr) {
    SetRecentError(api, asim::err::kInvalidParam, "dataItem must not be NULL");
    return nullptr;
  }
  auto item = Tdt().items.Find(handle);
  if (!item) {
    SetRecentError(api, asim::err::kInvalidResourceHandle,
                   "dataItem is not a live data item (destroyed, freed with its dataset, or never created)");
  }
  return item;
}

std::shared_ptr<tdt::Dataset> LiveDataset(const char* api, const acltdtDataset* handle) {
  if (handle == nullptr) {
    SetRecentError(api, asim::err::kInvalidParam, "dataset must not be NULL");
    return nullptr;
  }
  auto dataset = Tdt().datasets.Find(handle);
  if (!dataset) {
    SetRecentError(api, asim::err::kInvalidResourceHandle,
                   "dataset is not a live dataset (destroyed or never created)");
  }
  return dataset;
}

Status FindChannel(const acltdtChannelHandle* handle, std::shared_ptr<tdt::Channel>* out) {
  if (handle == nullptr) return Status(asim::err::kInvalidParam, "handle must not be NULL");
  *out = Tdt().channels.Find(handle);
  if (!*out) {
    return Status(asim::err::kInvalidResourceHandle, "handle is not a live channel (destroyed or never created)");
  }
  return Status::Ok();
}

acltdtChannelHandle* CreateChannel(const char* api, uint32_t deviceId, const char* name, size_t capacity,
                                   bool with_capacity) {
  return Guarded<acltdtChannelHandle*>(api, nullptr, [&]() -> acltdtChannelHandle* {
    Status st = asim::api::Ctx().core().RequireInit();
    if (st.ok()) st = tdt::ChannelRegistry::CheckName(name);
    if (st.ok() && with_capacity) st = tdt::ChannelRegistry::CheckCapacity(capacity);
    std::shared_ptr<tdt::DeviceLink> link;
    if (st.ok()) st = tdt::RuntimeLink::Open(asim::api::Ctx().core(), deviceId, &link);
    std::shared_ptr<tdt::Channel> channel;
    if (st.ok()) {
      st =
          Tdt().channels.Create(tdt::ChannelConfig{deviceId, name, capacity, with_capacity}, std::move(link), &channel);
    }
    if (!st.ok()) {
      SetRecentError(api, st.code(), st.message());
      return nullptr;
    }
    auto* handle = reinterpret_cast<acltdtChannelHandle*>(channel.get());
    asim::check::AfterCreate(asim::api::Ctx().checks(), asim::api::Ctx().core(), asim::check::ObjectKind::kChannel,
                             handle, channel->Describe(), static_cast<int32_t>(deviceId));
    return handle;
  });
}

}  // namespace

extern "C" {

// ---- data items ------------------------------------------------------------------------

acltdtDataItem* acltdtCreateDataItem(acltdtTensorType tdtType, const int64_t* dims, size_t dimNum, aclDataType dataType,
                                     void* data, size_t size) {
  return Guarded<acltdtDataItem*>("acltdtCreateDataItem", nullptr, [&]() -> acltdtDataItem* {
    std::shared_ptr<tdt::DataItem> item;
    Status st = tdt::DataItem::Create(RawEnum(tdtType), dims, dimNum, RawEnum(dataType), data, size, &item);
    if (!st.ok()) {
      SetRecentError("acltdtCreateDataItem", st.code(), st.message());
      return nullptr;
    }
    return static_cast<acltdtDataItem*>(Tdt().items.Add(std::move(item)));
  });
}

aclError acltdtDestroyDataItem(acltdtDataItem* dataItem) {
  ACL_API_BEGIN("acltdtDestroyDataItem");
  ACL_API_CHECK_NOT_NULL(dataItem);
  auto item = Tdt().items.Find(dataItem);
  if (!item) {
    ACL_API_FAIL(asim::err::kInvalidResourceHandle,
                 "dataItem is not a live data item (destroyed twice, freed with its dataset, or never created)");
  }
  if (item->owner() != nullptr) {
    ACL_API_FAIL(asim::err::kInvalidParam,
                 "dataItem was received by acltdtReceiveTensor and belongs to its dataset: it is freed by "
                 "acltdtDestroyDataset");
  }
  Tdt().items.Remove(dataItem);
  return ACL_SUCCESS;
  ACL_API_END();
}

acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem* dataItem) {
  return asim::api::Guarded<acltdtTensorType>(
      "acltdtGetTensorTypeFromItem", ACL_TENSOR_DATA_UNDEFINED, [&]() -> acltdtTensorType {
        auto item = LiveItem("acltdtGetTensorTypeFromItem", dataItem);
        return item ? static_cast<acltdtTensorType>(item->meta().type) : ACL_TENSOR_DATA_UNDEFINED;
      });
}

aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem* dataItem) {
  return asim::api::Guarded<aclDataType>("acltdtGetDataTypeFromItem", ACL_DT_UNDEFINED, [&]() -> aclDataType {
    auto item = LiveItem("acltdtGetDataTypeFromItem", dataItem);
    return item ? static_cast<aclDataType>(item->meta().dtype) : ACL_DT_UNDEFINED;
  });
}

void* acltdtGetDataAddrFromItem(const acltdtDataItem* dataItem) {
  return asim::api::Guarded<void*>("acltdtGetDataAddrFromItem", nullptr, [&]() -> void* {
    auto item = LiveItem("acltdtGetDataAddrFromItem", dataItem);
    return item ? item->data() : nullptr;
  });
}

size_t acltdtGetDataSizeFromItem(const acltdtDataItem* dataItem) {
  return asim::api::Guarded<size_t>("acltdtGetDataSizeFromItem", 0, [&]() -> size_t {
    auto item = LiveItem("acltdtGetDataSizeFromItem", dataItem);
    return item ? item->meta().size : 0;
  });
}

size_t acltdtGetDimNumFromItem(const acltdtDataItem* dataItem) {
  return asim::api::Guarded<size_t>("acltdtGetDimNumFromItem", 0, [&]() -> size_t {
    auto item = LiveItem("acltdtGetDimNumFromItem", dataItem);
    return item ? item->meta().dims.size() : 0;
  });
}

aclError acltdtGetSliceInfoFromItem(const acltdtDataItem* dataItem, size_t* sliceNum, size_t* sliceId) {
  ACL_API_BEGIN("acltdtGetSliceInfoFromItem");
  ACL_API_CHECK_NOT_NULL(dataItem);
  ACL_API_CHECK_NOT_NULL(sliceNum);
  ACL_API_CHECK_NOT_NULL(sliceId);
  auto item = Tdt().items.Find(dataItem);
  if (!item) ACL_API_FAIL(asim::err::kInvalidResourceHandle, "dataItem is not a live data item");
  *sliceNum = item->meta().slice_num;
  *sliceId = item->meta().slice_id;
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtGetDimsFromItem(const acltdtDataItem* dataItem, int64_t* dims, size_t dimNum) {
  ACL_API_BEGIN("acltdtGetDimsFromItem");
  ACL_API_CHECK_NOT_NULL(dataItem);
  if (dims == nullptr && dimNum != 0) {
    ACL_API_FAIL(asim::err::kInvalidParam, "dims is NULL but dimNum is " + std::to_string(dimNum));
  }
  if (dims != nullptr && dimNum == 0) ACL_API_FAIL(asim::err::kInvalidParam, "dims is not NULL but dimNum is 0");
  auto item = Tdt().items.Find(dataItem);
  if (!item) ACL_API_FAIL(asim::err::kInvalidResourceHandle, "dataItem is not a live data item");
  const auto& have = item->meta().dims;
  if (dimNum < have.size()) {
    ACL_API_FAIL(asim::err::kInvalidParam, "dimNum " + std::to_string(dimNum) + " is less than the item's " +
                                               std::to_string(have.size()) + " dims");
  }
  for (size_t i = 0; i < have.size(); ++i) dims[i] = have[i];
  return ACL_SUCCESS;
  ACL_API_END();
}

// ---- datasets --------------------------------------------------------------------------

acltdtDataset* acltdtCreateDataset() {
  ACLSIM_SCOPE_NAMED("acltdtCreateDataset");
  return Guarded<acltdtDataset*>("acltdtCreateDataset", nullptr, [] {
    auto* dataset = static_cast<acltdtDataset*>(Tdt().datasets.Add(std::make_shared<tdt::Dataset>()));
    asim::check::AfterCreate(asim::api::Ctx().checks(), asim::api::Ctx().core(), asim::check::ObjectKind::kTdtDataset,
                             dataset, "tdt dataset " + asim::check::PtrText(dataset));
    return dataset;
  });
}

aclError acltdtDestroyDataset(acltdtDataset* dataset) {
  ACL_API_BEGIN("acltdtDestroyDataset");
  ACLSIM_SCOPE();
  ACL_API_CHECK_NOT_NULL(dataset);
  auto removed = Tdt().datasets.Remove(dataset);
  if (!removed) {
    ACL_API_FAIL(asim::err::kInvalidResourceHandle, "dataset is not a live dataset (destroyed twice or never created)");
  }
  asim::check::AfterDestroy(asim::api::Ctx().checks(), asim::check::ObjectKind::kTdtDataset, dataset);
  tdt::ReleaseOwnedItems(Tdt().items, *removed);  // received items go with their dataset
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtAddDataItem(acltdtDataset* dataset, acltdtDataItem* dataItem) {
  ACL_API_BEGIN("acltdtAddDataItem");
  ACL_API_CHECK_NOT_NULL(dataset);
  ACL_API_CHECK_NOT_NULL(dataItem);
  auto ds = Tdt().datasets.Find(dataset);
  if (!ds) ACL_API_FAIL(asim::err::kInvalidResourceHandle, "dataset is not a live dataset");
  auto item = Tdt().items.Find(dataItem);
  if (!item) ACL_API_FAIL(asim::err::kInvalidResourceHandle, "dataItem is not a live data item");
  ACL_API_RETURN(
      ds->Add(reinterpret_cast<tdt::DataItem*>(dataItem), tdt::SideOf(asim::api::Ctx().core(), item->data())));
  ACL_API_END();
}

acltdtDataItem* acltdtGetDataItem(const acltdtDataset* dataset, size_t index) {
  return asim::api::Guarded<acltdtDataItem*>("acltdtGetDataItem", nullptr, [&]() -> acltdtDataItem* {
    auto ds = LiveDataset("acltdtGetDataItem", dataset);
    if (!ds) return nullptr;
    if (index >= ds->size()) {
      SetRecentError("acltdtGetDataItem", asim::err::kInvalidParam,
                     "index " + std::to_string(index) + " is out of range: the dataset has " +
                         std::to_string(ds->size()) + " item(s)");
      return nullptr;
    }
    return reinterpret_cast<acltdtDataItem*>(ds->item(index));
  });
}

size_t acltdtGetDatasetSize(const acltdtDataset* dataset) {
  return asim::api::Guarded<size_t>("acltdtGetDatasetSize", 0, [&]() -> size_t {
    auto ds = LiveDataset("acltdtGetDatasetSize", dataset);
    return ds ? ds->size() : 0;
  });
}

const char* acltdtGetDatasetName(const acltdtDataset* dataset) {
  return asim::api::Guarded<const char*>("acltdtGetDatasetName", nullptr, [&]() -> const char* {
    auto ds = LiveDataset("acltdtGetDatasetName", dataset);
    return ds ? ds->name().c_str() : nullptr;
  });
}

// ---- channels --------------------------------------------------------------------------

acltdtChannelHandle* acltdtCreateChannel(uint32_t deviceId, const char* name) {
  ACLSIM_SCOPE_NAMED("acltdtCreateChannel");
  return CreateChannel("acltdtCreateChannel", deviceId, name, tdt::kDefaultChannelCapacity, /*with_capacity=*/false);
}

acltdtChannelHandle* acltdtCreateChannelWithCapacity(uint32_t deviceId, const char* name, size_t capacity) {
  ACLSIM_SCOPE_NAMED("acltdtCreateChannelWithCapacity");
  return CreateChannel("acltdtCreateChannelWithCapacity", deviceId, name, capacity, /*with_capacity=*/true);
}

aclError acltdtDestroyChannel(acltdtChannelHandle* handle) {
  ACL_API_BEGIN("acltdtDestroyChannel");
  ACLSIM_SCOPE();
  ACL_API_CHECK_NOT_NULL(handle);
  Status st = Tdt().channels.Destroy(handle);
  if (st.ok()) asim::check::AfterDestroy(asim::api::Ctx().checks(), asim::check::ObjectKind::kChannel, handle);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError acltdtStopChannel(acltdtChannelHandle* handle) {
  ACL_API_BEGIN("acltdtStopChannel");
  std::shared_ptr<tdt::Channel> channel;
  Status st = FindChannel(handle, &channel);
  ACL_API_RETURN(st.ok() ? channel->Stop() : st);
  ACL_API_END();
}

aclError acltdtCleanChannel(acltdtChannelHandle* handle) {
  ACL_API_BEGIN("acltdtCleanChannel");
  std::shared_ptr<tdt::Channel> channel;
  Status st = FindChannel(handle, &channel);
  ACL_API_RETURN(st.ok() ? channel->Clean() : st);
  ACL_API_END();
}

aclError acltdtQueryChannelSize(const acltdtChannelHandle* handle, size_t* size) {
  ACL_API_BEGIN("acltdtQueryChannelSize");
  ACL_API_CHECK_NOT_NULL(size);
  std::shared_ptr<tdt::Channel> channel;
  Status st = FindChannel(handle, &channel);
  ACL_API_RETURN(st.ok() ? channel->QuerySize(size) : st);
  ACL_API_END();
}

aclError acltdtSendTensor(const acltdtChannelHandle* handle, const acltdtDataset* dataset, int32_t timeout) {
  ACL_API_BEGIN("acltdtSendTensor");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(dataset);
  std::shared_ptr<tdt::Channel> channel;
  ACL_API_RETURN_IF_ERROR(FindChannel(handle, &channel));
  auto ds = Tdt().datasets.Find(dataset);
  if (!ds) ACL_API_FAIL(asim::err::kInvalidResourceHandle, "dataset is not a live dataset");
  tdt::OutgoingDataset outgoing;
  std::vector<std::shared_ptr<tdt::DataItem>> hold;  // keeps the items alive during the send
  ACL_API_RETURN_IF_ERROR(tdt::CollectOutgoing(Tdt().items, *ds, &outgoing, &hold));
  ACL_API_RETURN_IF_ERROR(
      asim::check::BeforeChannelSend(asim::api::Ctx().checks(), channel->config().name));  // fault injection
  ACL_API_RETURN(channel->Send(outgoing, timeout));
  ACL_API_END();
}

aclError acltdtReceiveTensor(const acltdtChannelHandle* handle, acltdtDataset* dataset, int32_t timeout) {
  ACL_API_BEGIN("acltdtReceiveTensor");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(dataset);
  std::shared_ptr<tdt::Channel> channel;
  ACL_API_RETURN_IF_ERROR(FindChannel(handle, &channel));
  auto ds = Tdt().datasets.Find(dataset);
  if (!ds) ACL_API_FAIL(asim::err::kInvalidResourceHandle, "dataset is not a live dataset");
  ACL_API_RETURN_IF_ERROR(ds->CheckReceivable());  // before taking anything off the channel
  tdt::IncomingDataset incoming;
  ACL_API_RETURN_IF_ERROR(channel->Receive(timeout, &incoming));
  tdt::InstallIncoming(Tdt().items, *ds, std::move(incoming));
  return ACL_SUCCESS;
  ACL_API_END();
}

}  // extern "C"
