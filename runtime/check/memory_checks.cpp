// Memory checks (see memory_checks.h). Owner: runtime/check.
// Thread safety: reads the thread-safe tables only. Failure: findings as Status.
#include "runtime/check/memory_checks.h"

#include <algorithm>
#include <optional>

#include "device_sim/memory/allocation_info.h"
#include "runtime/check/call_site.h"
#include "runtime/check/check_state.h"

namespace asim::check {
namespace {

constexpr int kHostToHost = 0, kHostToDevice = 1, kDeviceToHost = 2, kDeviceToDevice = 3, kDefault = 4;

std::string Hex(uint64_t v) {
  return sim::HexAddress(v);
}

std::string Range(uint64_t begin, uint64_t len) {
  return "[" + Hex(begin) + ", " + Hex(begin + len) + ")";
}

// The report's tail: the offending call's location.
std::string Offender() {
  return "\n  offending call: " + DescribeCallSite(CaptureCallSite(true).get(), "    ");
}

Status Fail(CheckState& checks, Finding kind, const std::string& text) {
  return checks.memcheck().Report(kind, err::kInvalidParam, text + Offender());
}

// Bounds and lifetime of [p, p + len) touched by `call` ("reads" / "writes").
Status CheckRange(CheckState& checks, const std::string& call, const char* verb, const void* p, size_t len) {
  const uint64_t a = reinterpret_cast<uint64_t>(p);
  AllocTable& table = checks.allocs();
  const std::optional<int32_t> device = table.DeviceOf(a);
  const std::optional<AllocRecord> live = table.FindLive(a);
  const std::string what = call + " " + verb + " " + Range(a, len);
  if (live) {
    const uint64_t end = live->addr + live->size;
    if (len > 0 && a + len > end) {
      const uint64_t over = a + len - end;
      return Fail(checks, Finding::kOutOfBounds,
                  what + ", " + std::to_string(over) + " byte(s) past the end of " + DescribeRecord(*live, "  "));
    }
    return Status::Ok();
  }
  if (!device) return Status::Ok();  // ordinary host memory: nothing known about it
  if (auto freed = table.FindFreed(a)) {
    return Fail(checks, Finding::kUseAfterFree,
                what + " on device " + std::to_string(*device) + ", at +" + std::to_string(a - freed->addr) + " in " +
                    DescribeRecord(*freed, "  ") + "\n  which was already freed");
  }
  if (auto below = table.LiveBelow(a); below && below->device && below->device_id == *device) {
    return Fail(checks, Finding::kOutOfBounds,
                what + ": no allocation holds " + Hex(a) + ", " + std::to_string(a - (below->addr + below->size)) +
                    " byte(s) past the end of " + DescribeRecord(*below, "  "));
  }
  return Fail(checks, Finding::kOutOfBounds,
              what + ": no allocation of device " + std::to_string(*device) + " holds " + Hex(a));
}

std::string SideText(CheckState& checks, const void* p) {
  const uint64_t a = reinterpret_cast<uint64_t>(p);
  auto live = checks.allocs().FindLive(a);
  if (auto dev = checks.allocs().DeviceOf(a)) {
    if (live) return "device memory, in " + DescribeRecord(*live, "  ");
    return "device memory (device " + std::to_string(*dev) + ")";
  }
  if (live) return "host memory, in " + DescribeRecord(*live, "  ");
  return "host memory";
}

Status CheckRead(CheckState& checks, const std::string& call, const void* p, size_t len, const void* stream) {
  if (len == 0 || p == nullptr) return Status::Ok();
  const uint64_t a = reinterpret_cast<uint64_t>(p);
  PendingWrites& pending = checks.pending();
  if (stream == nullptr) {
    if (auto w = pending.FindUnsynced(a, a + len)) {
      return Fail(checks, Finding::kUnsynchronizedRead,
                  call + " reads " + Range(a, len) + " on the host's behalf, but " + w->what + " " +
                      Range(w->begin, w->end - w->begin) +
                      " may still be running: nothing has synchronised with its stream since it was "
                      "submitted (aclrtSynchronizeStream, or aclrtSynchronizeEvent on an event recorded "
                      "after it)\n  the pending write was submitted by " +
                      DescribeCallSite(w->site.get(), "    "));
    }
    return Status::Ok();
  }
  if (auto w = pending.FindUnordered(a, a + len, stream)) {
    return Fail(checks, Finding::kUnsynchronizedRead,
                call + " reads " + Range(a, len) + " on its stream, but " + w->what + " " +
                    Range(w->begin, w->end - w->begin) +
                    " was submitted to another stream and this stream does not wait for it "
                    "(aclrtRecordEvent after the write, aclrtStreamWaitEvent before the read)\n  "
                    "the pending write was submitted by " +
                    DescribeCallSite(w->site.get(), "    "));
  }
  return Status::Ok();
}

}  // namespace

std::string PtrText(const void* p) {
  return p == nullptr ? "NULL" : Hex(reinterpret_cast<uint64_t>(p));
}

const char* MemcpyKindName(int32_t kind) {
  switch (kind) {
    case kHostToHost: return "ACL_MEMCPY_HOST_TO_HOST";
    case kHostToDevice: return "ACL_MEMCPY_HOST_TO_DEVICE";
    case kDeviceToHost: return "ACL_MEMCPY_DEVICE_TO_HOST";
    case kDeviceToDevice: return "ACL_MEMCPY_DEVICE_TO_DEVICE";
    case kDefault: return "ACL_MEMCPY_DEFAULT";
  }
  return "unknown kind";
}

Status CheckCopy(CheckState& checks, const CopyCall& call, const void* stream) {
  if (!call.args_valid || call.dst == nullptr || call.src == nullptr || call.kind < kHostToHost ||
      call.kind > kDefault) {
    return Status::Ok();  // argument errors: the call's own checks report them
  }
  AllocTable& table = checks.allocs();
  const bool dst_dev = table.DeviceOf(reinterpret_cast<uint64_t>(call.dst)).has_value();
  const bool src_dev = table.DeviceOf(reinterpret_cast<uint64_t>(call.src)).has_value();
  if (call.kind != kDefault) {
    const bool want_dst = call.kind == kHostToDevice || call.kind == kDeviceToDevice;
    const bool want_src = call.kind == kDeviceToHost || call.kind == kDeviceToDevice;
    for (auto [name, p, want, is] :
         {std::tuple{"dst", call.dst, want_dst, dst_dev}, std::tuple{"src", call.src, want_src, src_dev}}) {
      if (want == is) continue;
      return Fail(checks, Finding::kKindMismatch,
                  call.args + ": the kind " + MemcpyKindName(call.kind) + " says " + name + " is " +
                      (want ? "device" : "host") + " memory, but " + name + " " + PtrText(p) + " is " +
                      SideText(checks, p));
    }
  }
  ASIM_RETURN_IF_ERROR(CheckRange(checks, call.args, "writes", call.dst, call.dst_span));
  ASIM_RETURN_IF_ERROR(CheckRange(checks, call.args, "reads", call.src, call.src_span));
  return CheckRead(checks, call.args, call.src, call.src_span, stream);
}

Status CheckMemset(CheckState& checks, const std::string& call, const void* ptr, size_t count) {
  if (ptr == nullptr) return Status::Ok();
  return CheckRange(checks, call, "writes", ptr, count);
}

Status CheckModelBuffer(CheckState& checks, const std::string& call, const std::string& what, const void* data,
                        size_t size, bool read, const void* stream) {
  if (data == nullptr || size == 0) return Status::Ok();
  const std::string where = call + " " + what;
  ASIM_RETURN_IF_ERROR(CheckRange(checks, where, read ? "reads" : "writes", data, size));
  if (read) return CheckRead(checks, where, data, size, stream);
  return Status::Ok();
}

Status CheckFree(CheckState& checks, const std::string& call, const void* ptr, bool host_api) {
  if (ptr == nullptr) return Status::Ok();
  const uint64_t a = reinterpret_cast<uint64_t>(ptr);
  AllocTable& table = checks.allocs();
  const char* right = host_api ? "aclrtFree" : "aclrtFreeHost";
  if (auto live = table.FindLive(a)) {
    if (live->device == host_api) {
      return Fail(checks, Finding::kFreeMismatch,
                  call + " frees " + (live->device ? "device" : "pinned host") +
                      " memory: " + DescribeRecord(*live, "  ") + "\n  free it with " + right);
    }
    if (live->addr != a) {
      return Fail(checks, Finding::kInvalidFree,
                  call + ": " + PtrText(ptr) + " is not the start of an allocation: it is at +" +
                      std::to_string(a - live->addr) + " in " + DescribeRecord(*live, "  "));
    }
    // The free itself does not wait for the device (real aclrtFree / aclrtFreeHost do not
    // synchronise): a queued task would then write into memory that may already be reused.
    if (auto w = checks.pending().FindUnsynced(live->addr, live->addr + std::max(live->reserved, live->size))) {
      return Fail(checks, Finding::kUseAfterFree,
                  call + " frees " + DescribeRecord(*live, "  ") + "\n  while " + w->what + " " +
                      Range(w->begin, w->end - w->begin) +
                      " may still be running: the device would write into freed memory. Synchronise with its "
                      "stream first (aclrtSynchronizeStream, or aclrtSynchronizeEvent on an event recorded after "
                      "it)\n  the pending write was submitted by " +
                      DescribeCallSite(w->site.get(), "    "));
    }
    return Status::Ok();
  }
  const std::optional<int32_t> device = table.DeviceOf(a);
  std::optional<AllocRecord> freed = device ? table.FindFreed(a) : table.FindFreedHost(a);
  if (freed && freed->addr == a) {
    if (freed->device == host_api) {
      return Fail(checks, Finding::kFreeMismatch,
                  call + " frees " + (freed->device ? "device" : "pinned host") +
                      " memory, which was already freed: " + DescribeRecord(*freed, "  "));
    }
    return Fail(checks, Finding::kDoubleFree, call + " frees " + DescribeRecord(*freed, "  ") + "\n  a second time");
  }
  if (freed) {
    return Fail(checks, Finding::kInvalidFree,
                call + ": " + PtrText(ptr) + " is at +" + std::to_string(a - freed->addr) + " in " +
                    DescribeRecord(*freed, "  ") + "\n  which was already freed (and is not a start)");
  }
  if (device) {
    return Fail(checks, Finding::kInvalidFree,
                call + ": no allocation of device " + std::to_string(*device) + " holds " + PtrText(ptr));
  }
  return Fail(checks, Finding::kInvalidFree,
              call + ": " + PtrText(ptr) + " is " +
                  (host_api ? "not pinned host memory from aclrtMallocHost" : "not device memory from aclrtMalloc"));
}

}  // namespace asim::check
