// acl_tdt_queue.h: tdt queues, queue buffers, queue attributes and routes (the shims over
// runtime/tdt). acltdtGrantQueue and acltdtAttachQueue (permissions for other processes)
// are not here: see unsupported_api.txt.
//
// Owns: nothing; objects live in the runtime/tdt registries and handles are their
// addresses. NULL arguments give ACL_ERROR_INVALID_PARAM, destroyed handles
// ACL_ERROR_INVALID_RESOURCE_HANDLE, unknown queue ids ACL_ERROR_INVALID_QUEUE_ID.
// A buffer passed to acltdtEnqueue belongs to the queue from then on (its handle is stale
// for the application until acltdtDequeue hands it back).
// Thread safety: queues are fully thread-safe; one buffer / attribute / route object is used
// by one thread at a time. Failure: aclError + aclGetRecentErrMsg; no exception crosses
// the C ABI.
#include "acl/acl_tdt_queue.h"

#include <cstring>
#include <exception>
#include <new>
#include <string>

#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/tdt/app_memory.h"
#include "runtime/tdt/queue_manager.h"
#include "runtime/tdt/queue_objects.h"

// Returns the failed Status of `expr` as the aclError of the enclosing shim.
#define ASIM_TDTQ_RETURN_IF(expr)                                       \
  do {                                                                  \
    ::asim::Status tdtq_st_ = (expr);                                   \
    if (!tdtq_st_.ok()) return ::asim::api::ToAclError(kApi, tdtq_st_); \
  } while (0)

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

#define ASIM_TDTQ_SAME(ours, theirs) static_assert(static_cast<int64_t>(ours) == static_cast<int64_t>(theirs), #ours)
ASIM_TDTQ_SAME(tdt::kRouteUnbound, ACL_TDT_QUEUE_ROUTE_UNBIND);
ASIM_TDTQ_SAME(tdt::kRouteBound, ACL_TDT_QUEUE_ROUTE_BIND);
ASIM_TDTQ_SAME(tdt::kRouteAbnormal, ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL);
ASIM_TDTQ_SAME(tdt::kQuerySrc, ACL_TDT_QUEUE_ROUTE_QUERY_SRC);
ASIM_TDTQ_SAME(tdt::kQueryDst, ACL_TDT_QUEUE_ROUTE_QUERY_DST);
ASIM_TDTQ_SAME(tdt::kQuerySrcAndDst, ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST);
ASIM_TDTQ_SAME(tdt::kQueryAbnormal, ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL);
#undef ASIM_TDTQ_SAME
static_assert(sizeof(acltdtQueueRouteQueryMode) == sizeof(int32_t), "query mode is read as an int32_t");

constexpr const char* kStaleBuf =
    "buf is not a buffer the application holds (freed, handed to a queue by acltdtEnqueue, or never allocated)";

// Looks `handle` up in `registry`; kInvalidResourceHandle naming `what` if it is not live.
template <typename T>
Status Live(asim::rt::HandleRegistry<T>& registry, const void* handle, const char* what, std::shared_ptr<T>* out) {
  *out = registry.Find(handle);
  if (!*out)
    return Status(asim::err::kInvalidResourceHandle,
                  std::string(what) + " is not a live object (destroyed or never created)");
  return Status::Ok();
}

Status LiveBuf(const void* handle, std::shared_ptr<tdt::Mbuf>* out) {
  *out = Tdt().bufs.Find(handle);
  if (!*out) return Status(asim::err::kInvalidResourceHandle, kStaleBuf);
  return Status::Ok();
}

// Copies `len` bytes for EnqueueData / DequeueData, timed on the queue's device when it is
// open (host memory crosses PCIe, device memory is copied on chip).
Status QueueCopy(int32_t device_id, bool to_device, const tdt::AppMemory& app, uint64_t len,
                 const std::function<void()>& copy) {
  auto device = asim::api::Ctx().core().OpenedDevice(device_id);
  if (!device) {
    copy();
    return Status::Ok();
  }
  const auto engine = app.device ? asim::sim::EngineKind::kDmaD2D
                                 : (to_device ? asim::sim::EngineKind::kDmaH2D : asim::sim::EngineKind::kDmaD2H);
  return tdt::TimedCopy(*device, engine, to_device ? "acltdtEnqueueData" : "acltdtDequeueData", len, copy);
}

Status CheckUserData(const void* user_data, size_t size) {
  if (size > tdt::kUserDataSize) {
    return Status(asim::err::kInvalidParam,
                  "userDataSize " + std::to_string(size) + " exceeds " + std::to_string(tdt::kUserDataSize) + " bytes");
  }
  if (user_data == nullptr && size != 0) {
    return Status(asim::err::kInvalidParam, "userData is NULL but userDataSize is " + std::to_string(size));
  }
  return Status::Ok();
}

Status CheckParamLen(const char* what, size_t len, size_t want, bool at_least) {
  if (at_least ? len >= want : len == want) return Status::Ok();
  return Status(asim::err::kInvalidParam, std::string(what) + ": len is " + std::to_string(len) + " but must be " +
                                              (at_least ? "at least " : "") + std::to_string(want));
}

template <typename V>
Status WriteParam(const char* what, const V& value, size_t len, size_t* ret_size, void* param) {
  ASIM_RETURN_IF_ERROR(CheckParamLen(what, len, sizeof(V), /*at_least=*/true));
  std::memcpy(param, &value, sizeof(V));
  *ret_size = sizeof(V);
  return Status::Ok();
}

}  // namespace

extern "C" {

// ---- queues ----------------------------------------------------------------------------

aclError acltdtCreateQueue(const acltdtQueueAttr* attr, uint32_t* qid) {
  ACL_API_BEGIN("acltdtCreateQueue");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(qid);
  tdt::QueueAttr settings;  // attr NULL: the defaults (name assigned, depth 8)
  if (attr != nullptr) {
    std::shared_ptr<tdt::QueueAttr> live;
    ASIM_TDTQ_RETURN_IF(Live(Tdt().queue_attrs, attr, "attr", &live));
    settings = *live;
  }
  std::shared_ptr<asim::rt::Context> ctx;
  ASIM_TDTQ_RETURN_IF(asim::api::Ctx().core().CurrentContext(&ctx));
  ACL_API_RETURN(Tdt().queues.Create(settings.name.data(), settings.depth, ctx->device_id(), qid));
  ACL_API_END();
}

aclError acltdtDestroyQueue(uint32_t qid) {
  ACL_API_BEGIN("acltdtDestroyQueue");
  ACL_API_RETURN(Tdt().queues.Destroy(qid));
  ACL_API_END();
}

aclError acltdtEnqueue(uint32_t qid, acltdtBuf buf, int32_t timeout) {
  ACL_API_BEGIN("acltdtEnqueue");
  ACL_API_CHECK_NOT_NULL(buf);
  std::shared_ptr<tdt::Mbuf> mbuf;
  ASIM_TDTQ_RETURN_IF(LiveBuf(buf, &mbuf));
  if (mbuf->head() != nullptr) {
    ACL_API_FAIL(asim::err::kInvalidParam, "buf is part of another buffer's chain: enqueue the chain's head");
  }
  tdt::Deadline deadline = tdt::Deadline::Forever();
  ASIM_TDTQ_RETURN_IF(tdt::Deadline::Parse(timeout, &deadline));
  // The queue owns it from the moment it is in: unregistered before, since a consumer may
  // dequeue (and register) it before Enqueue returns here. Registered again if it never got in.
  tdt::UnregisterChain(Tdt().bufs, *mbuf);
  asim::Status st = Tdt().queues.Enqueue(qid, mbuf, deadline);
  if (!st.ok()) tdt::RegisterChain(Tdt().bufs, mbuf);
  ASIM_TDTQ_RETURN_IF(st);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtDequeue(uint32_t qid, acltdtBuf* buf, int32_t timeout) {
  ACL_API_BEGIN("acltdtDequeue");
  ACL_API_CHECK_NOT_NULL(buf);
  tdt::Deadline deadline = tdt::Deadline::Forever();
  ASIM_TDTQ_RETURN_IF(tdt::Deadline::Parse(timeout, &deadline));
  std::shared_ptr<tdt::Mbuf> mbuf;
  ASIM_TDTQ_RETURN_IF(Tdt().queues.Dequeue(qid, deadline, &mbuf));
  tdt::RegisterChain(Tdt().bufs, mbuf);  // the application owns it now (acltdtFreeBuf)
  *buf = mbuf.get();
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtEnqueueData(uint32_t qid, const void* data, size_t dataSize, const void* userData, size_t userDataSize,
                           int32_t timeout, uint32_t rsv) {
  ACL_API_BEGIN("acltdtEnqueueData");
  (void)rsv;  // reserved
  ACL_API_CHECK_NOT_NULL(data);
  if (dataSize == 0) ACL_API_FAIL(asim::err::kInvalidParam, "dataSize is 0: enqueue at least one byte");
  ASIM_TDTQ_RETURN_IF(CheckUserData(userData, userDataSize));
  tdt::Deadline deadline = tdt::Deadline::Forever();
  ASIM_TDTQ_RETURN_IF(tdt::Deadline::Parse(timeout, &deadline));
  tdt::QueueInfo info;
  ASIM_TDTQ_RETURN_IF(Tdt().queues.Info(qid, &info));
  tdt::AppMemory src;
  ASIM_TDTQ_RETURN_IF(tdt::LocateAppMemory(asim::api::Ctx().core(), data, dataSize, &src));
  auto mbuf = tdt::Mbuf::Allocate(dataSize);
  ASIM_TDTQ_RETURN_IF(QueueCopy(info.device_id, /*to_device=*/true, src, dataSize,
                                [&] { std::memcpy(mbuf->data(), src.sim, dataSize); }));
  ASIM_TDTQ_RETURN_IF(mbuf->SetDataLen(dataSize));
  ASIM_TDTQ_RETURN_IF(mbuf->SetUserData(userData, userDataSize, 0));
  ACL_API_RETURN(Tdt().queues.Enqueue(qid, std::move(mbuf), deadline));
  ACL_API_END();
}

aclError acltdtDequeueData(uint32_t qid, void* data, size_t dataSize, size_t* retDataSize, void* userData,
                           size_t userDataSize, int32_t timeout) {
  ACL_API_BEGIN("acltdtDequeueData");
  ACL_API_CHECK_NOT_NULL(data);
  ACL_API_CHECK_NOT_NULL(retDataSize);
  if (dataSize == 0) ACL_API_FAIL(asim::err::kInvalidParam, "dataSize is 0");
  ASIM_TDTQ_RETURN_IF(CheckUserData(userData, userDataSize));
  tdt::Deadline deadline = tdt::Deadline::Forever();
  ASIM_TDTQ_RETURN_IF(tdt::Deadline::Parse(timeout, &deadline));
  tdt::QueueInfo info;
  ASIM_TDTQ_RETURN_IF(Tdt().queues.Info(qid, &info));
  tdt::AppMemory dst;  // checked before anything leaves the queue
  ASIM_TDTQ_RETURN_IF(tdt::LocateAppMemory(asim::api::Ctx().core(), data, dataSize, &dst));
  std::shared_ptr<tdt::Mbuf> mbuf;
  auto fits = [&](const tdt::Mbuf& front) {
    *retDataSize = front.ChainDataLen();
    if (*retDataSize <= dataSize) return Status::Ok();
    return Status(asim::err::kInvalidParam, "the oldest entry of queue " + std::to_string(qid) + " holds " +
                                                std::to_string(*retDataSize) + " bytes but dataSize is " +
                                                std::to_string(dataSize) + " (the entry stays queued)");
  };
  ASIM_TDTQ_RETURN_IF(Tdt().queues.Dequeue(qid, deadline, &mbuf, fits));
  ASIM_TDTQ_RETURN_IF(QueueCopy(info.device_id, /*to_device=*/false, dst, *retDataSize, [&] {
    size_t offset = 0;
    for (size_t i = 0; i < mbuf->ChainLength(); ++i) {
      const tdt::Mbuf* part = mbuf->ChainAt(i);
      if (part->data_len() != 0) std::memcpy(dst.sim + offset, part->data(), part->data_len());
      offset += part->data_len();
    }
  }));
  ACL_API_RETURN(mbuf->GetUserData(userData, userDataSize, 0));
  ACL_API_END();
}

// ---- routes ----------------------------------------------------------------------------

aclError acltdtBindQueueRoutes(acltdtQueueRouteList* qRouteList) {
  ACL_API_BEGIN("acltdtBindQueueRoutes");
  ACL_API_CHECK_NOT_NULL(qRouteList);
  std::shared_ptr<tdt::RouteList> list;
  ASIM_TDTQ_RETURN_IF(Live(Tdt().route_lists, qRouteList, "qRouteList", &list));
  ACL_API_RETURN(Tdt().queues.Bind(&list->routes));
  ACL_API_END();
}

aclError acltdtUnbindQueueRoutes(acltdtQueueRouteList* qRouteList) {
  ACL_API_BEGIN("acltdtUnbindQueueRoutes");
  ACL_API_CHECK_NOT_NULL(qRouteList);
  std::shared_ptr<tdt::RouteList> list;
  ASIM_TDTQ_RETURN_IF(Live(Tdt().route_lists, qRouteList, "qRouteList", &list));
  ACL_API_RETURN(Tdt().queues.Unbind(&list->routes));
  ACL_API_END();
}

aclError acltdtQueryQueueRoutes(const acltdtQueueRouteQueryInfo* queryInfo, acltdtQueueRouteList* qRouteList) {
  ACL_API_BEGIN("acltdtQueryQueueRoutes");
  ACL_API_CHECK_NOT_NULL(queryInfo);
  ACL_API_CHECK_NOT_NULL(qRouteList);
  std::shared_ptr<tdt::RouteQuery> query;
  ASIM_TDTQ_RETURN_IF(Live(Tdt().route_queries, queryInfo, "queryInfo", &query));
  std::shared_ptr<tdt::RouteList> list;
  ASIM_TDTQ_RETURN_IF(Live(Tdt().route_lists, qRouteList, "qRouteList", &list));
  ACL_API_RETURN(Tdt().queues.Query(*query, &list->routes));
  ACL_API_END();
}

// ---- buffers ---------------------------------------------------------------------------

aclError acltdtAllocBuf(size_t size, uint32_t type, acltdtBuf* buf) {
  ACL_API_BEGIN("acltdtAllocBuf");
  if (type != ACL_TDT_NORMAL_MEM && type != ACL_TDT_DVPP_MEM) {
    ACL_API_FAIL(
        asim::err::kInvalidParam,
        "type " + std::to_string(type) + " is not an acltdtAllocBufType (ACL_TDT_NORMAL_MEM or ACL_TDT_DVPP_MEM)");
  }
  ACL_API_CHECK_NOT_NULL(buf);
  if (size == 0 || size > tdt::kMaxBufSize) {
    ACL_API_FAIL(asim::err::kInvalidParam, "size " + std::to_string(size) + " must be in [1, 4 GiB]");
  }
  auto mbuf = tdt::Mbuf::Allocate(size);
  *buf = Tdt().bufs.Add(std::move(mbuf));
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtFreeBuf(acltdtBuf buf) {
  ACL_API_BEGIN("acltdtFreeBuf");
  ACL_API_CHECK_NOT_NULL(buf);
  std::shared_ptr<tdt::Mbuf> mbuf;
  ASIM_TDTQ_RETURN_IF(LiveBuf(buf, &mbuf));
  if (mbuf->head() != nullptr) {
    ACL_API_FAIL(asim::err::kInvalidParam, "buf belongs to another buffer's chain: free the chain's head instead");
  }
  tdt::UnregisterChain(Tdt().bufs, *mbuf);  // frees the chain with its head (when `mbuf` goes)
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtGetBufData(const acltdtBuf buf, void** dataPtr, size_t* size) {
  ACL_API_BEGIN("acltdtGetBufData");
  ACL_API_CHECK_NOT_NULL(buf);
  ACL_API_CHECK_NOT_NULL(dataPtr);
  ACL_API_CHECK_NOT_NULL(size);
  std::shared_ptr<tdt::Mbuf> mbuf;
  ASIM_TDTQ_RETURN_IF(LiveBuf(buf, &mbuf));
  *dataPtr = mbuf->data();
  *size = mbuf->capacity();
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtSetBufDataLen(acltdtBuf buf, size_t len) {
  ACL_API_BEGIN("acltdtSetBufDataLen");
  ACL_API_CHECK_NOT_NULL(buf);
  std::shared_ptr<tdt::Mbuf> mbuf;
  ASIM_TDTQ_RETURN_IF(LiveBuf(buf, &mbuf));
  ACL_API_RETURN(mbuf->SetDataLen(len));
  ACL_API_END();
}

aclError acltdtGetBufDataLen(acltdtBuf buf, size_t* len) {
  ACL_API_BEGIN("acltdtGetBufDataLen");
  ACL_API_CHECK_NOT_NULL(buf);
  ACL_API_CHECK_NOT_NULL(len);
  std::shared_ptr<tdt::Mbuf> mbuf;
  ASIM_TDTQ_RETURN_IF(LiveBuf(buf, &mbuf));
  *len = mbuf->data_len();
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtAppendBufChain(acltdtBuf headBuf, acltdtBuf buf) {
  ACL_API_BEGIN("acltdtAppendBufChain");
  ACL_API_CHECK_NOT_NULL(headBuf);
  ACL_API_CHECK_NOT_NULL(buf);
  std::shared_ptr<tdt::Mbuf> head;
  ASIM_TDTQ_RETURN_IF(LiveBuf(headBuf, &head));
  std::shared_ptr<tdt::Mbuf> tail;
  ASIM_TDTQ_RETURN_IF(LiveBuf(buf, &tail));
  ACL_API_RETURN(head->Append(tail));
  ACL_API_END();
}

aclError acltdtGetBufChainNum(acltdtBuf headBuf, uint32_t* num) {
  ACL_API_BEGIN("acltdtGetBufChainNum");
  ACL_API_CHECK_NOT_NULL(headBuf);
  ACL_API_CHECK_NOT_NULL(num);
  std::shared_ptr<tdt::Mbuf> head;
  ASIM_TDTQ_RETURN_IF(LiveBuf(headBuf, &head));
  *num = static_cast<uint32_t>(head->ChainLength());
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtGetBufFromChain(acltdtBuf headBuf, uint32_t index, acltdtBuf* buf) {
  ACL_API_BEGIN("acltdtGetBufFromChain");
  ACL_API_CHECK_NOT_NULL(headBuf);
  ACL_API_CHECK_NOT_NULL(buf);
  std::shared_ptr<tdt::Mbuf> head;
  ASIM_TDTQ_RETURN_IF(LiveBuf(headBuf, &head));
  tdt::Mbuf* member = head->ChainAt(index);
  if (member == nullptr) {
    ACL_API_FAIL(asim::err::kInvalidParam, "index " + std::to_string(index) + " is out of range: the chain holds " +
                                               std::to_string(head->ChainLength()) + " buffer(s)");
  }
  *buf = member;
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtGetBufUserData(const acltdtBuf buf, void* dataPtr, size_t size, size_t offset) {
  ACL_API_BEGIN("acltdtGetBufUserData");
  ACL_API_CHECK_NOT_NULL(buf);
  ACL_API_CHECK_NOT_NULL(dataPtr);
  std::shared_ptr<tdt::Mbuf> mbuf;
  ASIM_TDTQ_RETURN_IF(LiveBuf(buf, &mbuf));
  ACL_API_RETURN(mbuf->GetUserData(dataPtr, size, offset));
  ACL_API_END();
}

aclError acltdtSetBufUserData(acltdtBuf buf, const void* dataPtr, size_t size, size_t offset) {
  ACL_API_BEGIN("acltdtSetBufUserData");
  ACL_API_CHECK_NOT_NULL(buf);
  ACL_API_CHECK_NOT_NULL(dataPtr);
  std::shared_ptr<tdt::Mbuf> mbuf;
  ASIM_TDTQ_RETURN_IF(LiveBuf(buf, &mbuf));
  ACL_API_RETURN(mbuf->SetUserData(dataPtr, size, offset));
  ACL_API_END();
}

aclError acltdtCopyBufRef(const acltdtBuf buf, acltdtBuf* newBuf) {
  ACL_API_BEGIN("acltdtCopyBufRef");
  ACL_API_CHECK_NOT_NULL(buf);
  ACL_API_CHECK_NOT_NULL(newBuf);
  std::shared_ptr<tdt::Mbuf> mbuf;
  ASIM_TDTQ_RETURN_IF(LiveBuf(buf, &mbuf));
  *newBuf = Tdt().bufs.Add(mbuf->CopyRef());
  return ACL_SUCCESS;
  ACL_API_END();
}

// ---- queue attributes ------------------------------------------------------------------

acltdtQueueAttr* acltdtCreateQueueAttr() {
  return Guarded<acltdtQueueAttr*>("acltdtCreateQueueAttr", nullptr, [] {
    return static_cast<acltdtQueueAttr*>(Tdt().queue_attrs.Add(std::make_shared<tdt::QueueAttr>()));
  });
}

aclError acltdtDestroyQueueAttr(const acltdtQueueAttr* attr) {
  ACL_API_BEGIN("acltdtDestroyQueueAttr");
  ACL_API_CHECK_NOT_NULL(attr);
  if (!Tdt().queue_attrs.Remove(attr))
    ACL_API_FAIL(asim::err::kInvalidResourceHandle, "attr is not a live queue attribute");
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtSetQueueAttr(acltdtQueueAttr* attr, acltdtQueueAttrType type, size_t len, const void* param) {
  ACL_API_BEGIN("acltdtSetQueueAttr");
  ACL_API_CHECK_NOT_NULL(attr);
  ACL_API_CHECK_NOT_NULL(param);
  std::shared_ptr<tdt::QueueAttr> live;
  ASIM_TDTQ_RETURN_IF(Live(Tdt().queue_attrs, attr, "attr", &live));
  switch (RawEnum(type)) {
    case ACL_TDT_QUEUE_NAME_PTR: {
      // param points at a `const char *` that points at the name.
      ASIM_TDTQ_RETURN_IF(CheckParamLen("ACL_TDT_QUEUE_NAME_PTR (param points at a const char *)", len,
                                        sizeof(const char*), /*at_least=*/false));
      const char* name = nullptr;
      std::memcpy(&name, param, sizeof(name));
      if (name == nullptr) ACL_API_FAIL(asim::err::kInvalidParam, "the queue name pointer is NULL");
      const size_t n = ::strnlen(name, tdt::kMaxNameLength + 1);
      if (n > tdt::kMaxNameLength) {
        ACL_API_FAIL(asim::err::kInvalidParam,
                     "queue name is longer than " + std::to_string(tdt::kMaxNameLength) + " characters");
      }
      live->name.fill('\0');
      std::memcpy(live->name.data(), name, n);
      return ACL_SUCCESS;
    }
    case ACL_TDT_QUEUE_DEPTH_UINT32:
      ASIM_TDTQ_RETURN_IF(CheckParamLen("ACL_TDT_QUEUE_DEPTH_UINT32", len, sizeof(uint32_t), /*at_least=*/false));
      std::memcpy(&live->depth, param, sizeof(uint32_t));
      return ACL_SUCCESS;
  }
  ACL_API_FAIL(asim::err::kInvalidParam, "type " + std::to_string(RawEnum(type)) + " is not an acltdtQueueAttrType");
  ACL_API_END();
}

aclError acltdtGetQueueAttr(const acltdtQueueAttr* attr, acltdtQueueAttrType type, size_t len, size_t* paramRetSize,
                            void* param) {
  ACL_API_BEGIN("acltdtGetQueueAttr");
  ACL_API_CHECK_NOT_NULL(attr);
  ACL_API_CHECK_NOT_NULL(paramRetSize);
  ACL_API_CHECK_NOT_NULL(param);
  std::shared_ptr<tdt::QueueAttr> live;
  ASIM_TDTQ_RETURN_IF(Live(Tdt().queue_attrs, attr, "attr", &live));
  switch (RawEnum(type)) {
    case ACL_TDT_QUEUE_NAME_PTR: {
      const char* name = live->name.data();  // valid while the attribute lives
      ACL_API_RETURN(WriteParam("ACL_TDT_QUEUE_NAME_PTR", name, len, paramRetSize, param));
    }
    case ACL_TDT_QUEUE_DEPTH_UINT32:
      ACL_API_RETURN(WriteParam("ACL_TDT_QUEUE_DEPTH_UINT32", live->depth, len, paramRetSize, param));
  }
  ACL_API_FAIL(asim::err::kInvalidParam, "type " + std::to_string(RawEnum(type)) + " is not an acltdtQueueAttrType");
  ACL_API_END();
}

// ---- route objects ---------------------------------------------------------------------

acltdtQueueRoute* acltdtCreateQueueRoute(uint32_t srcId, uint32_t dstId) {
  return Guarded<acltdtQueueRoute*>("acltdtCreateQueueRoute", nullptr, [&] {
    auto route = std::make_shared<tdt::Route>();
    route->src = srcId;
    route->dst = dstId;
    return static_cast<acltdtQueueRoute*>(Tdt().routes.Add(std::move(route)));
  });
}

aclError acltdtDestroyQueueRoute(const acltdtQueueRoute* route) {
  ACL_API_BEGIN("acltdtDestroyQueueRoute");
  ACL_API_CHECK_NOT_NULL(route);
  if (!Tdt().routes.Remove(route)) ACL_API_FAIL(asim::err::kInvalidResourceHandle, "route is not a live queue route");
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtGetQueueRouteParam(const acltdtQueueRoute* route, acltdtQueueRouteParamType type, size_t len,
                                  size_t* paramRetSize, void* param) {
  ACL_API_BEGIN("acltdtGetQueueRouteParam");
  ACL_API_CHECK_NOT_NULL(route);
  ACL_API_CHECK_NOT_NULL(paramRetSize);
  ACL_API_CHECK_NOT_NULL(param);
  std::shared_ptr<tdt::Route> live;
  ASIM_TDTQ_RETURN_IF(Live(Tdt().routes, route, "route", &live));
  switch (RawEnum(type)) {
    case ACL_TDT_QUEUE_ROUTE_SRC_UINT32:
      ACL_API_RETURN(WriteParam("ACL_TDT_QUEUE_ROUTE_SRC_UINT32", live->src, len, paramRetSize, param));
    case ACL_TDT_QUEUE_ROUTE_DST_UINT32:
      ACL_API_RETURN(WriteParam("ACL_TDT_QUEUE_ROUTE_DST_UINT32", live->dst, len, paramRetSize, param));
    case ACL_TDT_QUEUE_ROUTE_STATUS_INT32:
      ACL_API_RETURN(WriteParam("ACL_TDT_QUEUE_ROUTE_STATUS_INT32", live->status, len, paramRetSize, param));
  }
  ACL_API_FAIL(asim::err::kInvalidParam,
               "type " + std::to_string(RawEnum(type)) + " is not an acltdtQueueRouteParamType");
  ACL_API_END();
}

acltdtQueueRouteList* acltdtCreateQueueRouteList() {
  return Guarded<acltdtQueueRouteList*>("acltdtCreateQueueRouteList", nullptr, [] {
    return static_cast<acltdtQueueRouteList*>(Tdt().route_lists.Add(std::make_shared<tdt::RouteList>()));
  });
}

aclError acltdtDestroyQueueRouteList(const acltdtQueueRouteList* routeList) {
  ACL_API_BEGIN("acltdtDestroyQueueRouteList");
  ACL_API_CHECK_NOT_NULL(routeList);
  if (!Tdt().route_lists.Remove(routeList)) {
    ACL_API_FAIL(asim::err::kInvalidResourceHandle, "routeList is not a live queue route list");
  }
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtAddQueueRoute(acltdtQueueRouteList* routeList, const acltdtQueueRoute* route) {
  ACL_API_BEGIN("acltdtAddQueueRoute");
  ACL_API_CHECK_NOT_NULL(routeList);
  ACL_API_CHECK_NOT_NULL(route);
  std::shared_ptr<tdt::RouteList> list;
  ASIM_TDTQ_RETURN_IF(Live(Tdt().route_lists, routeList, "routeList", &list));
  std::shared_ptr<tdt::Route> live;
  ASIM_TDTQ_RETURN_IF(Live(Tdt().routes, route, "route", &live));
  list->routes.push_back(*live);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtGetQueueRoute(const acltdtQueueRouteList* routeList, size_t index, acltdtQueueRoute* route) {
  ACL_API_BEGIN("acltdtGetQueueRoute");
  ACL_API_CHECK_NOT_NULL(routeList);
  ACL_API_CHECK_NOT_NULL(route);
  std::shared_ptr<tdt::RouteList> list;
  ASIM_TDTQ_RETURN_IF(Live(Tdt().route_lists, routeList, "routeList", &list));
  std::shared_ptr<tdt::Route> out;
  ASIM_TDTQ_RETURN_IF(Live(Tdt().routes, route, "route", &out));
  if (index >= list->routes.size()) {
    ACL_API_FAIL(asim::err::kInvalidParam, "index " + std::to_string(index) + " is out of range: the list holds " +
                                               std::to_string(list->routes.size()) + " route(s)");
  }
  *out = list->routes[index];
  return ACL_SUCCESS;
  ACL_API_END();
}

size_t acltdtGetQueueRouteNum(const acltdtQueueRouteList* routeList) {
  return asim::api::Guarded<size_t>("acltdtGetQueueRouteNum", 0, [&]() -> size_t {
    if (routeList == nullptr) {
      SetRecentError("acltdtGetQueueRouteNum", asim::err::kInvalidParam, "routeList must not be NULL");
      return 0;
    }
    auto list = Tdt().route_lists.Find(routeList);
    if (!list) {
      SetRecentError("acltdtGetQueueRouteNum", asim::err::kInvalidResourceHandle, "routeList is not a live route list");
      return 0;
    }
    return list->routes.size();
  });
}

acltdtQueueRouteQueryInfo* acltdtCreateQueueRouteQueryInfo() {
  return Guarded<acltdtQueueRouteQueryInfo*>("acltdtCreateQueueRouteQueryInfo", nullptr, [] {
    return static_cast<acltdtQueueRouteQueryInfo*>(Tdt().route_queries.Add(std::make_shared<tdt::RouteQuery>()));
  });
}

aclError acltdtDestroyQueueRouteQueryInfo(const acltdtQueueRouteQueryInfo* info) {
  ACL_API_BEGIN("acltdtDestroyQueueRouteQueryInfo");
  ACL_API_CHECK_NOT_NULL(info);
  if (!Tdt().route_queries.Remove(info)) {
    ACL_API_FAIL(asim::err::kInvalidResourceHandle, "info is not a live route query");
  }
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError acltdtSetQueueRouteQueryInfo(acltdtQueueRouteQueryInfo* param, acltdtQueueRouteQueryInfoParamType type,
                                      size_t len, const void* value) {
  ACL_API_BEGIN("acltdtSetQueueRouteQueryInfo");
  ACL_API_CHECK_NOT_NULL(param);
  ACL_API_CHECK_NOT_NULL(value);
  std::shared_ptr<tdt::RouteQuery> query;
  ASIM_TDTQ_RETURN_IF(Live(Tdt().route_queries, param, "param", &query));
  switch (RawEnum(type)) {
    case ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM:
      ASIM_TDTQ_RETURN_IF(CheckParamLen("ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM", len, sizeof(acltdtQueueRouteQueryMode),
                                        /*at_least=*/false));
      std::memcpy(&query->mode, value, sizeof(int32_t));
      query->has_mode = true;
      return ACL_SUCCESS;
    case ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32:
      ASIM_TDTQ_RETURN_IF(CheckParamLen("ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32", len, sizeof(uint32_t), false));
      std::memcpy(&query->src, value, sizeof(uint32_t));
      query->has_src = true;
      return ACL_SUCCESS;
    case ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32:
      ASIM_TDTQ_RETURN_IF(CheckParamLen("ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32", len, sizeof(uint32_t), false));
      std::memcpy(&query->dst, value, sizeof(uint32_t));
      query->has_dst = true;
      return ACL_SUCCESS;
  }
  ACL_API_FAIL(asim::err::kInvalidParam,
               "type " + std::to_string(RawEnum(type)) + " is not an acltdtQueueRouteQueryInfoParamType");
  ACL_API_END();
}

}  // extern "C"
