// hccl/hccl.h: the exported Hccl* functions of libhccl.so. Validates the arguments (HCCL's
// error codes), builds the communicators, resolves buffers through the runtime hooks and puts
// each operation on the caller's stream as one collective task.
//
// Owns: the HcclComm handles (CommHandle, heap objects the application holds). Thread safety:
// every function may be called from any thread; one communicator's operations must be issued
// in the same order on every rank (as HCCL requires). Failure: an HcclResult, with the reason
// in the log; failures while a task runs fail the stream's synchronization instead.
#include "hccl/hccl.h"

#include <unistd.h>
#include <algorithm>
#include <cstring>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "acl/ext/aclsim_ext.h"
#include "base/log.h"
#include "runtime/api/collective_hooks.h"
#include "runtime/hccl/comm.h"
#include "runtime/hccl/link_cost.h"
#include "runtime/hccl/local_transport.h"
#include "runtime/hccl/mpi_transport.h"
#include "runtime/hccl/rank_table.h"
#include "runtime/hccl/reduce.h"

#define HCCL_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

namespace hc = asim::hccl;
using asim::Status;

static_assert(HCCL_DATA_TYPE_INT8 == static_cast<int>(hc::DataType::kInt8), "HcclDataType");
static_assert(HCCL_DATA_TYPE_FP16 == static_cast<int>(hc::DataType::kFp16), "HcclDataType");
static_assert(HCCL_DATA_TYPE_UINT64 == static_cast<int>(hc::DataType::kUint64), "HcclDataType");
static_assert(HCCL_DATA_TYPE_BFP16 == static_cast<int>(hc::DataType::kBf16), "HcclDataType");
static_assert(HCCL_DATA_TYPE_INT128 == static_cast<int>(hc::DataType::kInt128), "HcclDataType");
static_assert(HCCL_REDUCE_MIN == static_cast<int>(hc::ReduceOp::kMin), "HcclReduceOp");
static_assert(sizeof(HcclRootInfo) == 4108, "HcclRootInfo");

constexpr uint64_t kHandleMagic = 0x48636c436f6d6d31ull;  // "HclComm1"
constexpr char kRootMagic[8] = {'A', 'S', 'I', 'M', 'H', 'C', 'C', 'L'};

struct CommHandle {
  uint64_t magic = kHandleMagic;
  std::shared_ptr<hc::CommState> state;
};

// The root info: magic, then the communicator's 64-bit id and the root's host and pid (for
// messages).
struct RootInfoData {
  char magic[8];
  uint64_t id;
  int64_t pid;
  char host[64];
};
static_assert(sizeof(RootInfoData) <= HCCL_ROOT_INFO_BYTES, "root info");

HcclResult Fail(HcclResult code, const char* api, const std::string& why) {
  ASIM_LOG_ERROR("[HCCL] {}: {} ({})", api, why, HcclGetErrorString(code));
  return code;
}

HcclResult FromStatus(const char* api, const Status& st, HcclResult code) {
  return Fail(code, api, st.message());
}

Status Hooks(asim::hooks::CollectiveHooks* hooks) {
  const aclError rc = aclsimGetCollectiveHooks(asim::hooks::kCollectiveHooksVersion, hooks, sizeof(*hooks));
  if (rc != ACL_SUCCESS) {
    return Status(asim::err::kInternalError, "libascendcl.so does not provide this libhccl's runtime hooks");
  }
  return Status::Ok();
}

HcclResult CommOf(const char* api, HcclComm comm, std::shared_ptr<hc::CommState>* state) {
  if (comm == nullptr) return Fail(HCCL_E_PTR, api, "comm is NULL");
  auto* h = static_cast<CommHandle*>(comm);
  if (h->magic != kHandleMagic || !h->state) return Fail(HCCL_E_PARA, api, "comm is not a live communicator");
  *state = h->state;
  return HCCL_SUCCESS;
}

HcclComm NewHandle(std::shared_ptr<hc::CommState> state) {
  auto* h = new CommHandle;
  h->state = std::move(state);
  return h;
}

// Checks the stream and the comm's device, translates the buffers, costs the operation and
// submits it.
HcclResult Enqueue(const char* api, const std::shared_ptr<hc::CommState>& comm, hc::Op op, const void* send_user,
                   const void* recv_user, uint64_t cost_bytes, aclrtStream stream) {
  if (stream == nullptr) return Fail(HCCL_E_PTR, api, "stream is NULL");
  asim::hooks::CollectiveHooks hooks;
  Status st = Hooks(&hooks);
  if (!st.ok()) return FromStatus(api, st, HCCL_E_INTERNAL);
  int32_t device = -1;
  st = hooks.stream_device(stream, &device);
  if (!st.ok()) {
    // No current context, or the stream is not of it: the runtime's own rule for work on a
    // stream (the caller forgot aclrtSetDevice / aclrtSetCurrentContext in this thread).
    const bool runtime = st.code() == asim::err::kRtContextNull || st.code() == asim::err::kRtStreamContext;
    return FromStatus(api, st, runtime ? HCCL_E_RUNTIME : HCCL_E_PARA);
  }
  if (device != comm->device) {
    return Fail(HCCL_E_PARA, api,
                "the stream is on device " + std::to_string(device) + ", the communicator's rank " +
                    std::to_string(comm->rank) + " on device " + std::to_string(comm->device));
  }
  if (op.send_bytes != 0) {
    st = hooks.translate(stream, send_user, op.send_bytes, &op.send);
    if (!st.ok()) return FromStatus(api, Status(st.code(), "sendBuf: " + st.message()), HCCL_E_PARA);
  }
  if (op.recv_bytes != 0) {
    st = hooks.translate(stream, recv_user, op.recv_bytes, &op.recv);
    if (!st.ok()) return FromStatus(api, Status(st.code(), "recvBuf: " + st.message()), HCCL_E_PARA);
  }
  asim::hooks::LinkParams lp;
  st = hooks.link_params(stream, &lp);
  if (!st.ok()) return FromStatus(api, st, HCCL_E_INTERNAL);
  hc::Links links;
  links.devices_per_server = lp.devices_per_server;
  links.hccs_gbps = lp.hccs_gbps;
  links.hccs_latency_us = lp.hccs_latency_us;
  links.roce_gbps = lp.roce_gbps;
  links.roce_latency_us = lp.roce_latency_us;
  const bool p2p = op.kind == hc::OpKind::kSend || op.kind == hc::OpKind::kRecv;
  const hc::Cost cost = p2p ? hc::PeerCost(op.kind, cost_bytes, comm->rank, op.root, links)
                            : hc::CollectiveCost(op.kind, cost_bytes, comm->size, links);

  const uint64_t seq = p2p ? 0 : comm->next_seq.fetch_add(1);
  asim::hooks::CollectiveTask task;
  task.name = api;
  task.op_type = hc::OpType(op.kind);
  if (op.kind != hc::OpKind::kBarrier) {
    const uint64_t es = hc::ElementSize(op.dtype);
    task.dtype = hc::ProfDataTypeName(op.dtype);
    task.input_count = op.send_bytes / es;
    task.output_count = op.recv_bytes / es;
  }
  task.bytes = cost_bytes;
  task.duration_ps = static_cast<uint64_t>(cost.seconds * 1e12);
  task.run = [comm, op = std::move(op), seq](uint64_t start_ps, uint64_t* end_ps) {
    return hc::Execute(comm, op, seq, start_ps, end_ps);
  };
  st = hooks.submit(stream, std::move(task));
  if (!st.ok()) return FromStatus(api, st, HCCL_E_RUNTIME);
  ASIM_LOG_DEBUG("[HCCL] {} rank {}/{}: {} bytes, {} algorithm, {:.3f} us simulated", api, comm->rank, comm->size,
                 cost_bytes, hc::AlgorithmName(cost.algorithm), cost.seconds * 1e6);
  return HCCL_SUCCESS;
}

HcclResult CheckType(const char* api, HcclDataType type) {
  if (!hc::ValidDataType(static_cast<int32_t>(type))) {
    return Fail(HCCL_E_PARA, api, "data type " + std::to_string(static_cast<int>(type)) + " is not supported");
  }
  return HCCL_SUCCESS;
}

HcclResult CheckOp(const char* api, HcclReduceOp op) {
  if (!hc::ValidReduceOp(static_cast<int32_t>(op))) {
    return Fail(HCCL_E_PARA, api, "reduce op " + std::to_string(static_cast<int>(op)) + " is not supported");
  }
  return HCCL_SUCCESS;
}

#define HCCL_CHECK(expr)                           \
  do {                                             \
    const HcclResult hccl_rc_ = (expr);            \
    if (hccl_rc_ != HCCL_SUCCESS) return hccl_rc_; \
  } while (0)

// count elements of `type`, times `copies` (the rank count of a gathered / scattered buffer),
// in bytes; HCCL_E_PARA when that does not fit 64 bits (a count no buffer can hold).
HcclResult Bytes(const char* api, uint64_t count, HcclDataType type, uint64_t copies, uint64_t* bytes) {
  uint64_t elements = 0;
  if (__builtin_mul_overflow(count, copies, &elements) ||
      __builtin_mul_overflow(elements, hc::ElementSize(static_cast<hc::DataType>(type)), bytes)) {
    return Fail(HCCL_E_PARA, api,
                "count " + std::to_string(count) + (copies > 1 ? " x " + std::to_string(copies) + " ranks" : "") +
                    " of data type " + std::to_string(static_cast<int>(type)) + " is more bytes than 64 bits count");
  }
  return HCCL_SUCCESS;
}

// HcclResult of a failed MpiTransport::Create.
HcclResult TransportResult(const Status& st) {
  if (st.code() == asim::err::kInvalidParam) return HCCL_E_PARA;
  if (st.code() == asim::err::kFeatureUnsupported) return HCCL_E_NOT_SUPPORT;
  return HCCL_E_INTERNAL;
}

HcclResult CurrentDevice(const char* api, int32_t* device) {
  const aclError rc = aclrtGetDevice(device);
  if (rc != ACL_SUCCESS) {
    return Fail(HCCL_E_RUNTIME, api,
                "no current device (aclrtSetDevice first): aclrtGetDevice returned " + std::to_string(rc));
  }
  return HCCL_SUCCESS;
}

}  // namespace

HCCL_EXPORT const char* HcclGetErrorString(HcclResult code) {
  switch (code) {
    case HCCL_SUCCESS: return "success";
    case HCCL_E_PARA: return "parameter error";
    case HCCL_E_PTR: return "empty pointer";
    case HCCL_E_MEMORY: return "memory error";
    case HCCL_E_INTERNAL: return "internal error";
    case HCCL_E_NOT_SUPPORT: return "not support feature";
    case HCCL_E_NOT_FOUND: return "not found specific resource";
    case HCCL_E_UNAVAIL: return "resource unavailable";
    case HCCL_E_SYSCALL: return "call system interface error";
    case HCCL_E_TIMEOUT: return "timeout";
    case HCCL_E_OPEN_FILE_FAILURE: return "open file fail";
    case HCCL_E_TCP_CONNECT: return "tcp connect fail";
    case HCCL_E_ROCE_CONNECT: return "roce connect fail";
    case HCCL_E_TCP_TRANSFER: return "tcp transfer fail";
    case HCCL_E_ROCE_TRANSFER: return "roce transfer fail";
    case HCCL_E_RUNTIME: return "call runtime api fail";
    case HCCL_E_DRV: return "call driver api fail";
    case HCCL_E_PROFILING: return "call profiling api fail";
    case HCCL_E_CCE: return "call cce api fail";
    case HCCL_E_NETWORK: return "call network api fail";
    case HCCL_E_AGAIN: return "try again";
    case HCCL_E_REMOTE: return "error cqe";
    case HCCL_E_SUSPENDING: return "error communicator suspending";
    case HCCL_E_OPRETRY_FAIL: return "retry constraint";
    case HCCL_E_OOM: return "out of memory";
    case HCCL_E_RESERVED: break;
  }
  return "unknown error";
}

HCCL_EXPORT HcclResult HcclGetRootInfo(HcclRootInfo* rootInfo) {
  const char* api = "HcclGetRootInfo";
  if (rootInfo == nullptr) return Fail(HCCL_E_PTR, api, "rootInfo is NULL");
  RootInfoData d{};
  std::memcpy(d.magic, kRootMagic, sizeof(d.magic));
  std::random_device rd;
  d.id = (static_cast<uint64_t>(rd()) << 32) ^ rd() ^ static_cast<uint64_t>(getpid());
  d.pid = getpid();
  gethostname(d.host, sizeof(d.host) - 1);
  std::memset(rootInfo, 0, sizeof(*rootInfo));
  std::memcpy(rootInfo->internal, &d, sizeof(d));
  return HCCL_SUCCESS;
}

HCCL_EXPORT HcclResult HcclCommInitRootInfo(uint32_t nRanks, const HcclRootInfo* rootInfo, uint32_t rank,
                                            HcclComm* comm) {
  const char* api = "HcclCommInitRootInfo";
  if (rootInfo == nullptr) return Fail(HCCL_E_PTR, api, "rootInfo is NULL");
  if (comm == nullptr) return Fail(HCCL_E_PTR, api, "comm is NULL");
  if (nRanks == 0) return Fail(HCCL_E_PARA, api, "nRanks is 0");
  if (rank >= nRanks) {
    return Fail(HCCL_E_PARA, api, "rank " + std::to_string(rank) + " is not below nRanks " + std::to_string(nRanks));
  }
  RootInfoData d;
  std::memcpy(&d, rootInfo->internal, sizeof(d));
  if (std::memcmp(d.magic, kRootMagic, sizeof(d.magic)) != 0) {
    return Fail(HCCL_E_PARA, api, "rootInfo was not made by HcclGetRootInfo");
  }
  auto state = std::make_shared<hc::CommState>();
  state->rank = rank;
  state->size = nRanks;
  HCCL_CHECK(CurrentDevice(api, &state->device));
  if (nRanks == 1) {
    state->transport = std::make_shared<hc::LocalTransport>(std::make_shared<hc::LocalGroup>(1), 0);
  } else {
    std::unique_ptr<hc::Transport> t;
    const Status st = hc::MpiTransport::Create(d.id, nRanks, rank, &t);
    if (!st.ok()) return FromStatus(api, st, TransportResult(st));
    state->transport = std::move(t);
  }
  *comm = NewHandle(std::move(state));
  return HCCL_SUCCESS;
}

HCCL_EXPORT HcclResult HcclCommInitAll(uint32_t ndev, int32_t* devices, HcclComm* comms) {
  const char* api = "HcclCommInitAll";
  if (ndev == 0) return Fail(HCCL_E_PARA, api, "ndev is 0");
  if (devices == nullptr) return Fail(HCCL_E_PTR, api, "devices is NULL");
  if (comms == nullptr) return Fail(HCCL_E_PTR, api, "comms is NULL");
  uint32_t count = 0;
  const aclError rc = aclrtGetDeviceCount(&count);
  if (rc != ACL_SUCCESS) return Fail(HCCL_E_RUNTIME, api, "aclrtGetDeviceCount failed: " + std::to_string(rc));
  std::set<int32_t> seen;
  for (uint32_t i = 0; i < ndev; ++i) {
    if (devices[i] < 0 || static_cast<uint32_t>(devices[i]) >= count) {
      return Fail(HCCL_E_PARA, api,
                  "devices[" + std::to_string(i) + "] = " + std::to_string(devices[i]) + " is not one of the " +
                      std::to_string(count) + " devices");
    }
    if (!seen.insert(devices[i]).second) {
      return Fail(HCCL_E_PARA, api, "device " + std::to_string(devices[i]) + " appears twice in devices");
    }
  }
  auto group = std::make_shared<hc::LocalGroup>(ndev);
  for (uint32_t i = 0; i < ndev; ++i) {
    auto state = std::make_shared<hc::CommState>();
    state->rank = i;
    state->size = ndev;
    state->device = devices[i];
    state->transport = std::make_shared<hc::LocalTransport>(group, i);
    comms[i] = NewHandle(std::move(state));
  }
  return HCCL_SUCCESS;
}

HCCL_EXPORT HcclResult HcclCommInitClusterInfo(const char* clusterInfo, uint32_t rank, HcclComm* comm) {
  const char* api = "HcclCommInitClusterInfo";
  if (clusterInfo == nullptr) return Fail(HCCL_E_PTR, api, "clusterInfo is NULL");
  if (comm == nullptr) return Fail(HCCL_E_PTR, api, "comm is NULL");
  hc::RankTable table;
  Status st = hc::LoadRankTable(clusterInfo, &table);
  if (!st.ok()) {
    return FromStatus(api, st, st.code() == asim::err::kInvalidFile ? HCCL_E_OPEN_FILE_FAILURE : HCCL_E_PARA);
  }
  if (rank >= table.ranks.size()) {
    return Fail(HCCL_E_PARA, api,
                "rank " + std::to_string(rank) + " is not in the rank table (" + std::to_string(table.ranks.size()) +
                    " ranks)");
  }
  auto state = std::make_shared<hc::CommState>();
  state->rank = rank;
  state->size = static_cast<uint32_t>(table.ranks.size());
  state->device = table.ranks[rank].device_id;
  const aclError rc = aclrtSetDevice(state->device);
  if (rc != ACL_SUCCESS) {
    return Fail(HCCL_E_RUNTIME, api,
                "aclrtSetDevice(" + std::to_string(state->device) + ") for rank " + std::to_string(rank) +
                    " failed: " + std::to_string(rc));
  }
  if (state->size == 1) {
    state->transport = std::make_shared<hc::LocalTransport>(std::make_shared<hc::LocalGroup>(1), 0);
  } else {
    std::unique_ptr<hc::Transport> t;
    st = hc::MpiTransport::Create(table.id, state->size, rank, &t);
    if (!st.ok()) return FromStatus(api, st, TransportResult(st));
    state->transport = std::move(t);
  }
  *comm = NewHandle(std::move(state));
  return HCCL_SUCCESS;
}

HCCL_EXPORT HcclResult HcclCommDestroy(HcclComm comm) {
  std::shared_ptr<hc::CommState> state;
  HCCL_CHECK(CommOf("HcclCommDestroy", comm, &state));
  state->transport->Leave();
  auto* h = static_cast<CommHandle*>(comm);
  h->magic = 0;
  h->state.reset();
  delete h;
  return HCCL_SUCCESS;
}

HCCL_EXPORT HcclResult HcclGetRankSize(HcclComm comm, uint32_t* rankSize) {
  std::shared_ptr<hc::CommState> state;
  HCCL_CHECK(CommOf("HcclGetRankSize", comm, &state));
  if (rankSize == nullptr) return Fail(HCCL_E_PTR, "HcclGetRankSize", "rankSize is NULL");
  *rankSize = state->size;
  return HCCL_SUCCESS;
}

HCCL_EXPORT HcclResult HcclGetRankId(HcclComm comm, uint32_t* rank) {
  std::shared_ptr<hc::CommState> state;
  HCCL_CHECK(CommOf("HcclGetRankId", comm, &state));
  if (rank == nullptr) return Fail(HCCL_E_PTR, "HcclGetRankId", "rank is NULL");
  *rank = state->rank;
  return HCCL_SUCCESS;
}

HCCL_EXPORT HcclResult HcclAllReduce(void* sendBuf, void* recvBuf, uint64_t count, HcclDataType dataType,
                                     HcclReduceOp op, HcclComm comm, aclrtStream stream) {
  const char* api = "HcclAllReduce";
  std::shared_ptr<hc::CommState> c;
  HCCL_CHECK(CommOf(api, comm, &c));
  if (sendBuf == nullptr) return Fail(HCCL_E_PTR, api, "sendBuf is NULL");
  if (recvBuf == nullptr) return Fail(HCCL_E_PTR, api, "recvBuf is NULL");
  HCCL_CHECK(CheckType(api, dataType));
  HCCL_CHECK(CheckOp(api, op));
  if (count == 0) return HCCL_SUCCESS;
  hc::Op o;
  o.kind = hc::OpKind::kAllReduce;
  o.dtype = static_cast<hc::DataType>(dataType);
  o.reduce = static_cast<hc::ReduceOp>(op);
  o.count = count;
  HCCL_CHECK(Bytes(api, count, dataType, 1, &o.send_bytes));
  o.recv_bytes = o.send_bytes;
  const uint64_t bytes = o.send_bytes;
  return Enqueue(api, c, std::move(o), sendBuf, recvBuf, bytes, stream);
}

HCCL_EXPORT HcclResult HcclBroadcast(void* buf, uint64_t count, HcclDataType dataType, uint32_t root, HcclComm comm,
                                     aclrtStream stream) {
  const char* api = "HcclBroadcast";
  std::shared_ptr<hc::CommState> c;
  HCCL_CHECK(CommOf(api, comm, &c));
  if (buf == nullptr) return Fail(HCCL_E_PTR, api, "buf is NULL");
  HCCL_CHECK(CheckType(api, dataType));
  if (root >= c->size) {
    return Fail(HCCL_E_PARA, api,
                "root " + std::to_string(root) + " is not below the rank size " + std::to_string(c->size));
  }
  if (count == 0) return HCCL_SUCCESS;
  hc::Op o;
  o.kind = hc::OpKind::kBroadcast;
  o.dtype = static_cast<hc::DataType>(dataType);
  o.count = count;
  o.root = root;
  HCCL_CHECK(Bytes(api, count, dataType, 1, &o.send_bytes));
  o.recv_bytes = o.send_bytes;
  const uint64_t bytes = o.send_bytes;
  return Enqueue(api, c, std::move(o), buf, buf, bytes, stream);
}

HCCL_EXPORT HcclResult HcclReduceScatter(void* sendBuf, void* recvBuf, uint64_t recvCount, HcclDataType dataType,
                                         HcclReduceOp op, HcclComm comm, aclrtStream stream) {
  const char* api = "HcclReduceScatter";
  std::shared_ptr<hc::CommState> c;
  HCCL_CHECK(CommOf(api, comm, &c));
  if (sendBuf == nullptr) return Fail(HCCL_E_PTR, api, "sendBuf is NULL");
  if (recvBuf == nullptr) return Fail(HCCL_E_PTR, api, "recvBuf is NULL");
  HCCL_CHECK(CheckType(api, dataType));
  HCCL_CHECK(CheckOp(api, op));
  if (recvCount == 0) return HCCL_SUCCESS;
  hc::Op o;
  o.kind = hc::OpKind::kReduceScatter;
  o.dtype = static_cast<hc::DataType>(dataType);
  o.reduce = static_cast<hc::ReduceOp>(op);
  o.count = recvCount;
  HCCL_CHECK(Bytes(api, recvCount, dataType, c->size, &o.send_bytes));
  HCCL_CHECK(Bytes(api, recvCount, dataType, 1, &o.recv_bytes));
  const uint64_t bytes = o.send_bytes;
  return Enqueue(api, c, std::move(o), sendBuf, recvBuf, bytes, stream);
}

HCCL_EXPORT HcclResult HcclAllGather(void* sendBuf, void* recvBuf, uint64_t sendCount, HcclDataType dataType,
                                     HcclComm comm, aclrtStream stream) {
  const char* api = "HcclAllGather";
  std::shared_ptr<hc::CommState> c;
  HCCL_CHECK(CommOf(api, comm, &c));
  if (sendBuf == nullptr) return Fail(HCCL_E_PTR, api, "sendBuf is NULL");
  if (recvBuf == nullptr) return Fail(HCCL_E_PTR, api, "recvBuf is NULL");
  HCCL_CHECK(CheckType(api, dataType));
  if (sendCount == 0) return HCCL_SUCCESS;
  hc::Op o;
  o.kind = hc::OpKind::kAllGather;
  o.dtype = static_cast<hc::DataType>(dataType);
  o.count = sendCount;
  HCCL_CHECK(Bytes(api, sendCount, dataType, 1, &o.send_bytes));
  HCCL_CHECK(Bytes(api, sendCount, dataType, c->size, &o.recv_bytes));
  const uint64_t bytes = o.recv_bytes;
  return Enqueue(api, c, std::move(o), sendBuf, recvBuf, bytes, stream);
}

HCCL_EXPORT HcclResult HcclBarrier(HcclComm comm, aclrtStream stream) {
  const char* api = "HcclBarrier";
  std::shared_ptr<hc::CommState> c;
  HCCL_CHECK(CommOf(api, comm, &c));
  hc::Op o;
  o.kind = hc::OpKind::kBarrier;
  return Enqueue(api, c, std::move(o), nullptr, nullptr, 0, stream);
}

namespace {

HcclResult P2p(const char* api, bool send, void* buf, uint64_t count, HcclDataType dataType, uint32_t peer,
               HcclComm comm, aclrtStream stream) {
  std::shared_ptr<hc::CommState> c;
  HCCL_CHECK(CommOf(api, comm, &c));
  if (buf == nullptr) return Fail(HCCL_E_PTR, api, send ? "sendBuf is NULL" : "recvBuf is NULL");
  HCCL_CHECK(CheckType(api, dataType));
  if (peer >= c->size) {
    return Fail(HCCL_E_PARA, api,
                std::string(send ? "destRank " : "srcRank ") + std::to_string(peer) + " is not below the rank size " +
                    std::to_string(c->size));
  }
  if (peer == c->rank) return Fail(HCCL_E_PARA, api, "a rank cannot send to or receive from itself");
  if (count == 0) return HCCL_SUCCESS;
  hc::Op o;
  o.kind = send ? hc::OpKind::kSend : hc::OpKind::kRecv;
  o.dtype = static_cast<hc::DataType>(dataType);
  o.count = count;
  o.root = peer;
  uint64_t bytes = 0;
  HCCL_CHECK(Bytes(api, count, dataType, 1, &bytes));
  (send ? o.send_bytes : o.recv_bytes) = bytes;
  return Enqueue(api, c, std::move(o), send ? buf : nullptr, send ? nullptr : buf, bytes, stream);
}

HcclResult AlltoAllV(const char* api, hc::OpKind kind, const void* sendBuf, const uint64_t* sendCounts,
                     const uint64_t* sdispls, HcclDataType sendType, const void* recvBuf, const uint64_t* recvCounts,
                     const uint64_t* rdispls, HcclDataType recvType, HcclComm comm, aclrtStream stream) {
  std::shared_ptr<hc::CommState> c;
  HCCL_CHECK(CommOf(api, comm, &c));
  HCCL_CHECK(CheckType(api, sendType));
  HCCL_CHECK(CheckType(api, recvType));
  if (sendType != recvType) return Fail(HCCL_E_PARA, api, "sendType and recvType differ");
  const uint32_t n = c->size;
  hc::Op o;
  o.kind = kind;
  o.dtype = static_cast<hc::DataType>(sendType);
  o.a2a.assign(4 * static_cast<size_t>(n), 0);
  uint64_t send_extent = 0, recv_extent = 0, sent = 0;
  for (uint32_t i = 0; i < n; ++i) {
    o.a2a[i] = sendCounts[i];
    o.a2a[n + i] = sdispls[i];
    o.a2a[2 * n + i] = recvCounts[i];
    o.a2a[3 * n + i] = rdispls[i];
    uint64_t send_end = 0, recv_end = 0;
    if (__builtin_add_overflow(sdispls[i], sendCounts[i], &send_end) ||
        __builtin_add_overflow(rdispls[i], recvCounts[i], &recv_end) ||
        __builtin_add_overflow(sent, sendCounts[i], &sent)) {
      return Fail(HCCL_E_PARA, api, "the counts and displacements of rank " + std::to_string(i) + " overflow 64 bits");
    }
    if (sendCounts[i] != 0) send_extent = std::max(send_extent, send_end);
    if (recvCounts[i] != 0) recv_extent = std::max(recv_extent, recv_end);
  }
  if (send_extent != 0 && sendBuf == nullptr) return Fail(HCCL_E_PTR, api, "sendBuf is NULL");
  if (recv_extent != 0 && recvBuf == nullptr) return Fail(HCCL_E_PTR, api, "recvBuf is NULL");
  o.count = sent;
  uint64_t sent_bytes = 0;
  HCCL_CHECK(Bytes(api, send_extent, sendType, 1, &o.send_bytes));
  HCCL_CHECK(Bytes(api, recv_extent, recvType, 1, &o.recv_bytes));
  HCCL_CHECK(Bytes(api, sent, sendType, 1, &sent_bytes));
  return Enqueue(api, c, std::move(o), sendBuf, recvBuf, sent_bytes, stream);
}

}  // namespace

HCCL_EXPORT HcclResult HcclSend(void* sendBuf, uint64_t count, HcclDataType dataType, uint32_t destRank, HcclComm comm,
                                aclrtStream stream) {
  return P2p("HcclSend", true, sendBuf, count, dataType, destRank, comm, stream);
}

HCCL_EXPORT HcclResult HcclRecv(void* recvBuf, uint64_t count, HcclDataType dataType, uint32_t srcRank, HcclComm comm,
                                aclrtStream stream) {
  return P2p("HcclRecv", false, recvBuf, count, dataType, srcRank, comm, stream);
}

HCCL_EXPORT HcclResult HcclAlltoAllV(const void* sendBuf, const void* sendCounts, const void* sdispls,
                                     HcclDataType sendType, const void* recvBuf, const void* recvCounts,
                                     const void* rdispls, HcclDataType recvType, HcclComm comm, aclrtStream stream) {
  const char* api = "HcclAlltoAllV";
  if (sendCounts == nullptr || sdispls == nullptr) return Fail(HCCL_E_PTR, api, "sendCounts or sdispls is NULL");
  if (recvCounts == nullptr || rdispls == nullptr) return Fail(HCCL_E_PTR, api, "recvCounts or rdispls is NULL");
  return AlltoAllV(api, hc::OpKind::kAlltoAllV, sendBuf, static_cast<const uint64_t*>(sendCounts),
                   static_cast<const uint64_t*>(sdispls), sendType, recvBuf, static_cast<const uint64_t*>(recvCounts),
                   static_cast<const uint64_t*>(rdispls), recvType, comm, stream);
}

HCCL_EXPORT HcclResult HcclAlltoAll(const void* sendBuf, uint64_t sendCount, HcclDataType sendType, const void* recvBuf,
                                    uint64_t recvCount, HcclDataType recvType, HcclComm comm, aclrtStream stream) {
  const char* api = "HcclAlltoAll";
  std::shared_ptr<hc::CommState> c;
  HCCL_CHECK(CommOf(api, comm, &c));
  HCCL_CHECK(CheckType(api, sendType));
  HCCL_CHECK(CheckType(api, recvType));
  if (sendCount == 0 && recvCount == 0) return HCCL_SUCCESS;  // nothing to exchange: nothing enqueued
  const uint32_t n = c->size;
  uint64_t unused = 0;  // the displacements, up to n x count, must fit too
  HCCL_CHECK(Bytes(api, sendCount, sendType, n, &unused));
  HCCL_CHECK(Bytes(api, recvCount, recvType, n, &unused));
  std::vector<uint64_t> sc(n, sendCount), sd(n), rc(n, recvCount), rd(n);
  for (uint32_t i = 0; i < n; ++i) {
    sd[i] = i * sendCount;
    rd[i] = i * recvCount;
  }
  return AlltoAllV(api, hc::OpKind::kAlltoAll, sendBuf, sc.data(), sd.data(), sendType, recvBuf, rc.data(), rd.data(),
                   recvType, comm, stream);
}
