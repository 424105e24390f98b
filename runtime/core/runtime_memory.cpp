// Runtime: device and host memory, copies and memsets.
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <utility>
#include <vector>

#include "base/log.h"
#include "runtime/core/pointer_text.h"
#include "runtime/core/runtime.h"

namespace asim::rt {
namespace {

constexpr int32_t kRtFeatureNotSupport = 207000;  // ACL_ERROR_RT_FEATURE_NOT_SUPPORT

const char* KindName(int32_t kind) {
  switch (kind) {
    case mem::kHostToHost: return "ACL_MEMCPY_HOST_TO_HOST";
    case mem::kHostToDevice: return "ACL_MEMCPY_HOST_TO_DEVICE";
    case mem::kDeviceToHost: return "ACL_MEMCPY_DEVICE_TO_HOST";
    case mem::kDeviceToDevice: return "ACL_MEMCPY_DEVICE_TO_DEVICE";
    case mem::kDefault: return "ACL_MEMCPY_DEFAULT";
  }
  return "unknown";
}

// A host range of a copy or memset must be mapped in this process: an address that is not
// (a stale or made-up pointer, e.g. an int from Python) fails the call with a message instead
// of crashing the application inside the copy. mincore answers ENOMEM for unmapped pages.
Status CheckHostRange(const char* api, const char* which, const void* ptr, size_t bytes) {
  if (bytes == 0) return Status::Ok();
  static const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  const uintptr_t begin = reinterpret_cast<uintptr_t>(ptr) & ~(page - 1);
  const uintptr_t last = reinterpret_cast<uintptr_t>(ptr) + bytes - 1;
  if (last < reinterpret_cast<uintptr_t>(ptr)) {
    return Status(err::kInvalidParam, std::string(api) + ": " + which + " " + PointerText(ptr) + " + " +
                                          std::to_string(bytes) + " bytes wraps around the address space");
  }
  const size_t pages = (last - begin) / page + 1;
  std::vector<unsigned char> residency(pages);
  if (mincore(reinterpret_cast<void*>(begin), pages * page, residency.data()) != 0 && errno == ENOMEM) {
    return Status(err::kInvalidParam, std::string(api) + ": " + which + " " + PointerText(ptr) + " (" +
                                          std::to_string(bytes) +
                                          " bytes) is neither device memory nor mapped host memory");
  }
  return Status::Ok();
}

constexpr size_t kHugeFirstThreshold = size_t{1} << 20;  // HUGE_FIRST serves <= 1 MiB with normal pages

}  // namespace

struct Runtime::CopyPlan {
  void* dst = nullptr;  // simulator-side (or host) pointers, already bounds-checked
  const void* src = nullptr;
  const void* dst_user = nullptr;  // the application's pointers (for messages)
  const void* src_user = nullptr;
  size_t count = 0;
  int32_t kind = 0;  // resolved (never kDefault)
  sim::EngineKind engine = sim::EngineKind::kHost;
  std::shared_ptr<DeviceContext> device;                  // the device doing the copy (may be null for H2H)
  std::shared_ptr<DeviceContext> dst_device, src_device;  // owners of the device sides
};

Status Runtime::CheckPeerReach(const char* api, const char* which, const void* ptr, const DeviceContext* owner,
                               const DeviceContext& runner, const char* runner_text) const {
  if (owner == nullptr || owner->id() == runner.id()) return Status::Ok();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (runner.peer_access_enabled[owner->id()]) return Status::Ok();
  }
  const std::string o = std::to_string(owner->id()), r = std::to_string(runner.id());
  return Status(err::kInvalidParam, std::string(api) + ": " + which + " " + PointerText(ptr) + " is memory of device " +
                                        o + ", but " + runner_text + " device " + r +
                                        ", which has no peer access to device " + o + " (aclrtDeviceEnablePeerAccess(" +
                                        o + ", 0) with device " + r + " current enables it)");
}

Status Runtime::CheckCopyReach(const char* api, const CopyPlan& plan, const DeviceContext& runner,
                               const char* runner_text) const {
  ASIM_RETURN_IF_ERROR(CheckPeerReach(api, "dst", plan.dst_user, plan.dst_device.get(), runner, runner_text));
  return CheckPeerReach(api, "src", plan.src_user, plan.src_device.get(), runner, runner_text);
}

Status Runtime::CheckSyncCopyReach(const char* api, const CopyPlan& plan) {
  // Only a copy between two devices needs a peer: the current device does it when it is one
  // of the two (a third device, or no current device: the source's).
  if (!plan.dst_device || !plan.src_device || plan.dst_device == plan.src_device) return Status::Ok();
  std::shared_ptr<DeviceContext> current;
  const DeviceContext* runner = plan.src_device.get();
  if (CurrentDevice(&current).ok() && (current == plan.dst_device || current == plan.src_device)) {
    runner = current.get();
  }
  return CheckCopyReach(api, plan, *runner, "the copy between two devices runs on");
}

std::shared_ptr<DeviceContext> Runtime::DeviceOfPointer(const void* ptr) const {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& dc : devices_) {
    if (dc && dc->memory().Contains(ptr)) return dc;
  }
  return nullptr;
}

Status Runtime::CheckDeviceRange(const char* what, const void* ptr, size_t size) const {
  auto dc = DeviceOfPointer(ptr);
  if (!dc) return Status(err::kInvalidParam, std::string(what) + " " + PointerText(ptr) + " is not device memory");
  void* sim_ptr = nullptr;
  Status st = dc->memory().Translate(ptr, size, &sim_ptr);
  if (!st.ok()) return Status(err::kInvalidParam, std::string(what) + ": " + st.message());
  return Status::Ok();
}

Status Runtime::Malloc(void** ptr, size_t size, uint32_t policy, bool align32_only) {
  if (size == 0) return Status(err::kInvalidParam, "size is 0: device allocations must be at least 1 byte");
  const uint32_t base_policy = policy & 0xFFu;
  const uint32_t type_bits = policy & ~0xFFu;
  if (base_policy > 5 || (type_bits & ~(0x100u | 0x1000u)) != 0) {
    return Status(err::kInvalidParam,
                  "memory policy " + std::to_string(policy) + " is not a valid aclrtMemMallocPolicy");
  }
  std::shared_ptr<Context> ctx;
  ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
  // CANN pads: aclrtMalloc rounds up to 32 bytes and adds 32; aclrtMallocAlign32 only rounds.
  size_t padded = (size + 31) / 32 * 32;
  if (padded < size || (!align32_only && padded + 32 < padded)) {
    return Status(err::kInvalidParam, "size " + std::to_string(size) + " overflows");
  }
  if (!align32_only) padded += 32;
  sim::PageKind page = sim::PageKind::kNormal;
  const uint32_t mode = base_policy % 3;  // 0 huge-first, 1 huge-only, 2 normal-only (P2P variants alike)
  if (mode == 1 || (mode == 0 && size > kHugeFirstThreshold)) page = sim::PageKind::kHuge;
  std::string origin = std::string(align32_only ? "aclrtMallocAlign32" : "aclrtMalloc") +
                       "(size=" + std::to_string(size) + ", policy=" + std::to_string(policy) + ")";
  Status st = ctx->device()->memory().Allocate(padded, 0, page, origin, ptr);
  if (!st.ok() && mode == 0 && page == sim::PageKind::kHuge && st.code() == err::kRtMemoryAllocation) {
    // HUGE_FIRST falls back to normal pages.
    st = ctx->device()->memory().Allocate(padded, 0, sim::PageKind::kNormal, origin, ptr);
  }
  return st;
}

Status Runtime::Free(void* ptr) {
  if (ptr == nullptr) return Status(err::kInvalidParam, "devPtr is NULL");
  auto dc = DeviceOfPointer(ptr);
  if (!dc) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (host_memory_ && host_memory_->Find(ptr)) {
      return Status(err::kInvalidParam,
                    "devPtr " + PointerText(ptr) + " is host memory from aclrtMallocHost: free it with aclrtFreeHost");
    }
    return Status(err::kInvalidParam, "devPtr " + PointerText(ptr) + " is not device memory from aclrtMalloc");
  }
  return dc->memory().Free(ptr);
}

Status Runtime::MallocHost(void** ptr, size_t size) {
  if (size == 0) return Status(err::kInvalidParam, "size is 0: host allocations must be at least 1 byte");
  std::shared_ptr<Context> ctx;
  bool device_run_mode = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    device_run_mode = config_.sim.run_mode == cfg::RunMode::kDevice;
  }
  // An application running on the board (device run mode) gets device memory from
  // aclrtMallocHost (CANN's aclrtMallocHost reference), usable wherever aclrtMalloc's is.
  if (device_run_mode && CurrentContext(&ctx).ok()) {
    const std::string origin = "aclrtMallocHost(size=" + std::to_string(size) + ", device run mode)";
    size_t padded = (size + 31) / 32 * 32;
    if (padded < size) return Status(err::kInvalidParam, "size " + std::to_string(size) + " overflows");
    return ctx->device()->memory().Allocate(padded, 0, sim::PageKind::kNormal, origin, ptr);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  return host_memory_->Allocate(size, "aclrtMallocHost(size=" + std::to_string(size) + ")", ptr);
}

Status Runtime::FreeHost(void* ptr) {
  if (ptr == nullptr) return Status(err::kInvalidParam, "hostPtr is NULL");
  if (auto dc = DeviceOfPointer(ptr)) {
    std::optional<sim::AllocationInfo> info = dc->memory().Find(ptr);
    if (info && info->origin.starts_with("aclrtMallocHost(")) return dc->memory().Free(ptr);
    return Status(err::kInvalidParam,
                  "hostPtr " + PointerText(ptr) + " is device memory from aclrtMalloc: free it with aclrtFree");
  }
  std::lock_guard<std::mutex> lock(mutex_);
  return host_memory_->Free(ptr);
}

Status Runtime::PlanCopy(const char* api, void* dst, size_t dest_max, const void* src, size_t count, int32_t kind,
                         CopyPlan* plan) const {
  if (dst == nullptr) return Status(err::kInvalidParam, std::string(api) + ": dst is NULL");
  if (src == nullptr) return Status(err::kInvalidParam, std::string(api) + ": src is NULL");
  if (count > dest_max) {
    return Status(err::kInvalidParam,
                  std::string(api) + ": count " + std::to_string(count) + " > destMax " + std::to_string(dest_max));
  }
  if (kind < mem::kHostToHost || kind > mem::kDefault) {
    return Status(err::kInvalidParam,
                  std::string(api) + ": kind " + std::to_string(kind) + " is not a valid aclrtMemcpyKind");
  }
  auto dst_dev = DeviceOfPointer(dst);
  auto src_dev = DeviceOfPointer(src);
  bool device_run_mode = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    device_run_mode = config_.sim.run_mode == cfg::RunMode::kDevice;
  }
  int32_t resolved = kind;
  // In the device run mode (Ascend RC: the application runs on the board) the application's
  // own memory is device memory: a copy naming the host copies within the device, whatever
  // the kind says.
  if (kind == mem::kDefault || device_run_mode) {
    resolved = src_dev ? (dst_dev ? mem::kDeviceToDevice : mem::kDeviceToHost)
                       : (dst_dev ? mem::kHostToDevice : mem::kHostToHost);
  }
  const bool want_dst_dev = resolved == mem::kHostToDevice || resolved == mem::kDeviceToDevice;
  const bool want_src_dev = resolved == mem::kDeviceToHost || resolved == mem::kDeviceToDevice;
  auto side = [](bool dev) { return dev ? "device memory" : "host memory"; };
  if (want_dst_dev != static_cast<bool>(dst_dev)) {
    return Status(err::kInvalidParam, std::string(api) + ": kind is " + KindName(kind) + " but dst " +
                                          PointerText(dst) + " is " + side(static_cast<bool>(dst_dev)));
  }
  if (want_src_dev != static_cast<bool>(src_dev)) {
    return Status(err::kInvalidParam, std::string(api) + ": kind is " + KindName(kind) + " but src " +
                                          PointerText(src) + " is " + side(static_cast<bool>(src_dev)));
  }
  plan->count = count;
  plan->kind = resolved;
  plan->dst = dst;
  plan->src = src;
  plan->dst_user = dst;
  plan->src_user = src;
  plan->dst_device = dst_dev;
  plan->src_device = src_dev;
  if (dst_dev) {
    void* p = nullptr;
    Status st = dst_dev->memory().Translate(dst, count, &p);
    if (!st.ok()) return Status(err::kInvalidParam, std::string(api) + ": dst: " + st.message());
    plan->dst = p;
  }
  if (src_dev) {
    void* p = nullptr;
    Status st = src_dev->memory().Translate(src, count, &p);
    if (!st.ok()) return Status(err::kInvalidParam, std::string(api) + ": src: " + st.message());
    plan->src = p;
  }
  if (!dst_dev) ASIM_RETURN_IF_ERROR(CheckHostSide(api, "dst", dst, count));
  if (!src_dev) ASIM_RETURN_IF_ERROR(CheckHostSide(api, "src", src, count));
  switch (resolved) {
    case mem::kHostToDevice:
      plan->engine = device_run_mode ? sim::EngineKind::kDmaD2D : sim::EngineKind::kDmaH2D;
      plan->device = dst_dev;
      break;
    case mem::kDeviceToHost:
      plan->engine = device_run_mode ? sim::EngineKind::kDmaD2D : sim::EngineKind::kDmaD2H;
      plan->device = src_dev;
      break;
    case mem::kDeviceToDevice:
      plan->engine = sim::EngineKind::kDmaD2D;
      plan->device = src_dev;
      break;
    default: plan->engine = sim::EngineKind::kHost; break;
  }
  return Status::Ok();
}

namespace {
sim::TaskDesc CopyTask(const char* name, void* dst, const void* src, size_t count, sim::EngineKind engine,
                       sim::SimPs duration, std::shared_ptr<void> hold = nullptr) {
  sim::TaskDesc desc;
  desc.kind = sim::TaskKind::kMemcpy;
  desc.engine = engine;
  desc.name = name;
  desc.bytes = count;
  desc.duration_ps = duration;
  desc.run = [dst, src, count, hold = std::move(hold)]() {
    if (count != 0) std::memmove(dst, src, count);
    return Status::Ok();
  };
  return desc;
}
}  // namespace

Status Runtime::Memcpy(void* dst, size_t dest_max, const void* src, size_t count, int32_t kind) {
  // aclrtMemcpy's kind is a reserved parameter: the runtime decides the direction from the
  // two pointers and refuses only copies it cannot make (CANN's aclrtMemcpy reference). An
  // out-of-range value is still refused.
  if (kind >= mem::kHostToHost && kind < mem::kDefault) kind = mem::kDefault;
  CopyPlan plan;
  ASIM_RETURN_IF_ERROR(PlanCopy("aclrtMemcpy", dst, dest_max, src, count, kind, &plan));
  ASIM_RETURN_IF_ERROR(CheckSyncCopyReach("aclrtMemcpy", plan));
  std::shared_ptr<DeviceContext> device = plan.device;
  if (!device) {
    std::shared_ptr<Context> ctx;
    if (CurrentContext(&ctx).ok()) device = ctx->device();
  }
  if (!device) {  // host to host without any device: nothing to time
    if (count != 0) std::memmove(plan.dst, plan.src, count);
    return Status::Ok();
  }
  sim::Scheduler& sched = device->scheduler();
  return sched.RunSync(
      CopyTask("Memcpy", plan.dst, plan.src, count, plan.engine, sched.CopyDuration(plan.engine, count)));
}

Status Runtime::CheckAsyncCopyKind(const char* api, int32_t resolved_kind) const {
  if (resolved_kind != mem::kHostToHost) return Status::Ok();
  bool device_run_mode = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    device_run_mode = config_.sim.run_mode == cfg::RunMode::kDevice;
  }
  if (device_run_mode) return Status::Ok();
  return Status(kRtFeatureNotSupport,
                std::string(api) + ": a host-to-host copy is not a stream task in the host run mode (Ascend EP, " +
                    "aclrtGetRunMode ACL_HOST): use aclrtMemcpy or memcpy");
}

std::shared_ptr<void> Runtime::HoldPinnedHost(const void* a, const void* b) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!host_memory_) return nullptr;
  std::shared_ptr<void> hold_a = host_memory_->Hold(a);
  std::shared_ptr<void> hold_b = host_memory_->Hold(b);
  if (!hold_b) return hold_a;
  if (!hold_a) return hold_b;
  return std::make_shared<std::pair<std::shared_ptr<void>, std::shared_ptr<void>>>(std::move(hold_a),
                                                                                   std::move(hold_b));
}

Status Runtime::CheckHostReadable(const char* api, const char* which, const void* ptr, size_t bytes) const {
  if (auto dev = DeviceOfPointer(ptr)) {
    bool device_run_mode = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      device_run_mode = config_.sim.run_mode == cfg::RunMode::kDevice;
    }
    if (device_run_mode) return Status::Ok();
    return Status(err::kInvalidParam, std::string(api) + ": " + which + " " + PointerText(ptr) +
                                          " is device memory of device " + std::to_string(dev->id()) +
                                          ", which the host cannot read: the call reads it on the host, so give it "
                                          "in host memory (aclrtMallocHost, malloc, a file read)");
  }
  return CheckHostSide(api, which, ptr, bytes);
}

Status Runtime::CheckHostSide(const char* api, const char* which, const void* ptr, size_t bytes) const {
  std::optional<sim::AllocationInfo> retired;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (host_memory_) retired = host_memory_->FindRetired(ptr);
  }
  if (retired) {
    return Status(err::kInvalidParam, std::string(api) + ": " + which + " " + PointerText(ptr) +
                                          " is in pinned host memory already freed by aclrtFreeHost (" +
                                          sim::DescribeAllocation(*retired) +
                                          "; kept only until the queued copy that uses it has run)");
  }
  return CheckHostRange(api, which, ptr, bytes);
}

bool Runtime::IsPageableHost(const void* ptr) const {
  if (DeviceOfPointer(ptr)) return false;
  std::lock_guard<std::mutex> lock(mutex_);
  return !(host_memory_ && host_memory_->Find(ptr));
}

void Runtime::FinishIfPageable(Stream& s, uint64_t submitted, const void* dst, const void* src) const {
  // Host memory that aclrtMallocHost did not give (malloc, new, a stack or numpy buffer) is
  // not locked for DMA: the real runtime copies it before the call returns, so the
  // application may reuse or free it at once. The copy still runs in the stream's order (and
  // adds no task: a failure stays the stream's, for its next synchronization). The host
  // clock moves to the copy's end, as the real call returns only then.
  if (!IsPageableHost(dst) && !IsPageableHost(src)) return;
  s.device().scheduler().WaitSubmitted(s.hw(), submitted);
}

Status Runtime::MemcpyAsync(void* dst, size_t dest_max, const void* src, size_t count, int32_t kind, Stream& s) {
  CopyPlan plan;
  ASIM_RETURN_IF_ERROR(PlanCopy("aclrtMemcpyAsync", dst, dest_max, src, count, kind, &plan));
  ASIM_RETURN_IF_ERROR(CheckAsyncCopyKind("aclrtMemcpyAsync", plan.kind));
  ASIM_RETURN_IF_ERROR(CheckCopyReach("aclrtMemcpyAsync", plan, s.device(), "the stream's tasks run on"));
  sim::Scheduler& sched = s.device().scheduler();
  sched.Submit(s.hw(), CopyTask("MemcpyAsync", plan.dst, plan.src, count, plan.engine,
                                sched.CopyDuration(plan.engine, count), HoldPinnedHost(dst, src)));
  if (count != 0) FinishIfPageable(s, s.hw().submitted(), dst, src);
  return Status::Ok();
}

Status Runtime::Prepare2d(bool async, void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                          size_t height, int32_t kind, CopyPlan* plan, void** dst_sim, void** src_sim) const {
  const char* api = async ? "aclrtMemcpy2dAsync" : "aclrtMemcpy2d";
  if (width == 0 || height == 0) {
    return Status(err::kInvalidParam, std::string(api) + ": width " + std::to_string(width) + " and height " +
                                          std::to_string(height) + " must both be positive");
  }
  if (width > dpitch) {
    return Status(err::kInvalidParam,
                  std::string(api) + ": width " + std::to_string(width) + " > dpitch " + std::to_string(dpitch));
  }
  if (width > spitch) {
    return Status(err::kInvalidParam,
                  std::string(api) + ": width " + std::to_string(width) + " > spitch " + std::to_string(spitch));
  }
  const size_t dst_span = dpitch * (height - 1) + width;
  const size_t src_span = spitch * (height - 1) + width;
  if ((height - 1) != 0 && (dst_span / (height - 1) < dpitch || src_span / (height - 1) < spitch)) {
    return Status(err::kInvalidParam, std::string(api) + ": pitch x height overflows");
  }
  // The kind and pointer-side rules of a plain copy; then each whole span is bounds-checked.
  ASIM_RETURN_IF_ERROR(PlanCopy(api, dst, dst_span, src, 0, kind, plan));
  if (async) ASIM_RETURN_IF_ERROR(CheckAsyncCopyKind(api, plan->kind));
  auto translate = [&](void* p, size_t span, const char* which, void** out) -> Status {
    auto dev = DeviceOfPointer(p);
    if (!dev) {
      *out = p;
      return CheckHostSide(api, which, p, span);
    }
    Status st = dev->memory().Translate(p, span, out);
    if (!st.ok()) return Status(err::kInvalidParam, std::string(api) + ": " + which + ": " + st.message());
    return Status::Ok();
  };
  ASIM_RETURN_IF_ERROR(translate(dst, dst_span, "dst", dst_sim));
  return translate(const_cast<void*>(src), src_span, "src", src_sim);
}

Status Runtime::CheckMemcpy2dArgs(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                                  int32_t kind, bool async) const {
  CopyPlan plan;
  void* dst_sim = nullptr;
  void* src_sim = nullptr;
  return Prepare2d(async, dst, dpitch, src, spitch, width, height, kind, &plan, &dst_sim, &src_sim);
}

Status Runtime::Memcpy2d(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                         int32_t kind, Stream* stream) {
  const bool async = stream != nullptr;
  CopyPlan plan;
  void* dst_sim = nullptr;
  void* src_sim = nullptr;
  ASIM_RETURN_IF_ERROR(Prepare2d(async, dst, dpitch, src, spitch, width, height, kind, &plan, &dst_sim, &src_sim));
  ASIM_RETURN_IF_ERROR(async ? CheckCopyReach("aclrtMemcpy2dAsync", plan, stream->device(), "the stream's tasks run on")
                             : CheckSyncCopyReach("aclrtMemcpy2d", plan));

  sim::TaskDesc desc;
  desc.kind = sim::TaskKind::kMemcpy;
  desc.engine = plan.engine;
  desc.name = async ? "Memcpy2dAsync" : "Memcpy2d";
  desc.bytes = width * height;
  auto* d = static_cast<char*>(dst_sim);
  auto* srcp = static_cast<const char*>(src_sim);
  desc.run = [d, srcp, dpitch, spitch, width, height, hold = async ? HoldPinnedHost(dst, src) : nullptr]() {
    for (size_t row = 0; row < height; ++row) std::memmove(d + row * dpitch, srcp + row * spitch, width);
    return Status::Ok();
  };
  if (async) {
    desc.duration_ps = stream->device().scheduler().CopyDuration(plan.engine, desc.bytes);
    stream->device().scheduler().Submit(stream->hw(), std::move(desc));
    FinishIfPageable(*stream, stream->hw().submitted(), dst, src);
    return Status::Ok();
  }
  std::shared_ptr<DeviceContext> device = plan.device;
  if (!device) {
    std::shared_ptr<Context> ctx;
    if (CurrentContext(&ctx).ok()) device = ctx->device();
  }
  if (!device) return desc.run();
  desc.duration_ps = device->scheduler().CopyDuration(plan.engine, desc.bytes);
  return device->scheduler().RunSync(std::move(desc));
}

Status Runtime::PrepareMemset(bool async, void* ptr, size_t max_count, size_t count, void** target,
                              std::shared_ptr<DeviceContext>* device) const {
  const char* api = async ? "aclrtMemsetAsync" : "aclrtMemset";
  if (ptr == nullptr) return Status(err::kInvalidParam, std::string(api) + ": devPtr is NULL");
  if (count > max_count) {
    return Status(err::kInvalidParam,
                  std::string(api) + ": count " + std::to_string(count) + " > maxCount " + std::to_string(max_count));
  }
  *target = ptr;
  *device = DeviceOfPointer(ptr);
  if (*device) {
    Status st = (*device)->memory().Translate(ptr, count, target);
    if (!st.ok()) return Status(err::kInvalidParam, std::string(api) + ": " + st.message());
    return Status::Ok();
  }
  return CheckHostSide(api, "devPtr", ptr, count);
}

Status Runtime::CheckMemsetArgs(void* ptr, size_t max_count, size_t count, bool async) const {
  void* target = nullptr;
  std::shared_ptr<DeviceContext> device;
  return PrepareMemset(async, ptr, max_count, count, &target, &device);
}

Status Runtime::Memset(void* ptr, size_t max_count, int32_t value, size_t count, Stream* stream) {
  const bool async = stream != nullptr;
  void* target = nullptr;
  std::shared_ptr<DeviceContext> dev;
  ASIM_RETURN_IF_ERROR(PrepareMemset(async, ptr, max_count, count, &target, &dev));
  if (async) {
    ASIM_RETURN_IF_ERROR(
        CheckPeerReach("aclrtMemsetAsync", "devPtr", ptr, dev.get(), stream->device(), "the stream's tasks run on"));
  }
  sim::TaskDesc desc;
  desc.kind = sim::TaskKind::kMemset;
  desc.engine = dev ? sim::EngineKind::kDmaD2D : sim::EngineKind::kHost;
  desc.name = async ? "MemsetAsync" : "Memset";
  desc.bytes = count;
  const int byte = value & 0xFF;
  desc.run = [target, byte, count]() {
    if (count != 0) std::memset(target, byte, count);
    return Status::Ok();
  };
  if (async) {
    desc.duration_ps = stream->device().scheduler().MemsetDuration(count);
    stream->device().scheduler().Submit(stream->hw(), std::move(desc));
    return Status::Ok();
  }
  std::shared_ptr<DeviceContext> device = dev;
  if (!device) {
    std::shared_ptr<Context> ctx;
    if (CurrentContext(&ctx).ok()) device = ctx->device();
  }
  if (!device) return desc.run();
  desc.duration_ps = device->scheduler().MemsetDuration(count);
  return device->scheduler().RunSync(std::move(desc));
}

Status Runtime::GetMemInfo(int32_t attr, size_t* free_bytes, size_t* total_bytes) {
  if (attr < 0 || attr > 9) {
    return Status(err::kInvalidParam, "attr " + std::to_string(attr) + " is not a valid aclrtMemAttr");
  }
  std::shared_ptr<Context> ctx;
  ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
  static constexpr bool kIsHbm[10] = {false, true, false, false, true, true, false, false, true, true};
  sim::DeviceMemory& memory = ctx->device()->memory();
  const bool chip_has_hbm = memory.kind() == sim::MemKind::kHbm;
  if (kIsHbm[attr] != chip_has_hbm) {
    // The simulated chip has no memory of this kind.
    *free_bytes = 0;
    *total_bytes = 0;
    return Status::Ok();
  }
  sim::DeviceMemory::Stats stats = memory.GetStats();
  *free_bytes = static_cast<size_t>(stats.free);
  *total_bytes = static_cast<size_t>(stats.total);
  return Status::Ok();
}

}  // namespace asim::rt
