#include "runtime/dvpp/engine/dvpp_memory.h"

#include <cstring>
#include <optional>
#include <string>

#include "runtime/core/pointer_text.h"
#include "runtime/core/runtime.h"

namespace asim::dvpp {
namespace {

constexpr size_t kHugeFirstThreshold = size_t{1} << 20;

bool IsDvppOrigin(const std::string& origin) {
  return origin.rfind(kDvppOrigin, 0) == 0;
}

// The opened device whose memory holds ptr, or null.
std::shared_ptr<rt::DeviceContext> DeviceHolding(rt::Runtime& core, const void* ptr) {
  rt::Runtime& runtime = core;
  uint32_t count = 0;
  if (!runtime.GetDeviceCount(&count).ok()) return nullptr;
  for (uint32_t id = 0; id < count; ++id) {
    auto dc = runtime.OpenedDevice(static_cast<int32_t>(id));
    if (dc && dc->memory().Contains(ptr)) return dc;
  }
  return nullptr;
}

// Why ptr is not a DVPP buffer, for messages.
std::string NotDvppReason(rt::Runtime& core, const void* ptr) {
  auto dc = DeviceHolding(core, ptr);
  if (!dc) return rt::PointerText(ptr) + " is not device memory (DVPP engines only reach memory from acldvppMalloc)";
  std::optional<sim::AllocationInfo> info = dc->memory().Find(ptr);
  if (!info) return rt::PointerText(ptr) + " is not in a live allocation on device " + std::to_string(dc->id());
  return rt::PointerText(ptr) + " is device memory from " + info->origin +
         ", not from acldvppMalloc (DVPP engines only reach memory from acldvppMalloc)";
}

}  // namespace

Status DvppMalloc(rt::Runtime& core, void** ptr, size_t size) {
  if (ptr == nullptr) return Status(err::kInvalidParam, "devPtr is NULL");
  if (size == 0) return Status(err::kInvalidParam, "size is 0: DVPP buffers must be at least 1 byte");
  size_t padded = (size + 31) / 32 * 32;
  if (padded < size || padded + 32 < padded) {
    return Status(err::kInvalidParam, "size " + std::to_string(size) + " overflows");
  }
  padded += 32;
  std::shared_ptr<rt::Context> ctx;
  ASIM_RETURN_IF_ERROR(core.CurrentContext(&ctx));
  const sim::PageKind page = size > kHugeFirstThreshold ? sim::PageKind::kHuge : sim::PageKind::kNormal;
  const std::string origin = std::string(kDvppOrigin) + "(size=" + std::to_string(size) + ")";
  Status st = ctx->device()->memory().Allocate(padded, kDvppAlignment, page, origin, ptr);
  if (!st.ok() && page == sim::PageKind::kHuge && st.code() == err::kRtMemoryAllocation) {
    st = ctx->device()->memory().Allocate(padded, kDvppAlignment, sim::PageKind::kNormal, origin, ptr);
  }
  return st;
}

Status DvppFree(rt::Runtime& core, void* ptr) {
  if (ptr == nullptr) return Status(err::kInvalidParam, "devPtr is NULL");
  auto dc = DeviceHolding(core, ptr);
  if (!dc) return Status(err::kInvalidParam, "devPtr " + rt::PointerText(ptr) + " is not memory from acldvppMalloc");
  std::optional<sim::AllocationInfo> info = dc->memory().Find(ptr);
  if (info && !IsDvppOrigin(info->origin)) {
    return Status(err::kInvalidParam, "devPtr " + rt::PointerText(ptr) + " is device memory from " + info->origin +
                                          ": free it with aclrtFree, acldvppFree only frees acldvppMalloc memory");
  }
  return dc->memory().Free(ptr);  // not a live allocation start: its message says double free / inside a block
}

bool IsDvppMemory(rt::Runtime& core, const void* ptr) {
  auto dc = DeviceHolding(core, ptr);
  if (!dc) return false;
  std::optional<sim::AllocationInfo> info = dc->memory().Find(ptr);
  return info && IsDvppOrigin(info->origin);
}

Status MapDvppBuffer(rt::Runtime& core, rt::DeviceContext& device, const char* what, const void* ptr, uint64_t size,
                     uint8_t** sim) {
  if (ptr == nullptr) return Status(err::kInvalidParam, std::string(what) + " is NULL");
  std::optional<sim::AllocationInfo> info = device.memory().Find(ptr);
  if (!info) {
    auto holder = DeviceHolding(core, ptr);
    if (holder && holder->id() == device.id()) {
      return Status(err::kInvalidParam, std::string(what) + " " + rt::PointerText(ptr) +
                                            " is not live memory of device " + std::to_string(device.id()) +
                                            ": freed, or never allocated");
    }
    if (holder) {
      return Status(err::kInvalidParam, std::string(what) + " " + rt::PointerText(ptr) +
                                            " is memory of another device, not of device " +
                                            std::to_string(device.id()) + " whose stream was given");
    }
    return Status(err::kInvalidParam, std::string(what) + " " + NotDvppReason(core, ptr));
  }
  if (!IsDvppOrigin(info->origin))
    return Status(err::kInvalidParam, std::string(what) + " " + NotDvppReason(core, ptr));
  const uint64_t offset = reinterpret_cast<uint64_t>(ptr) - info->addr;
  if (size > info->requested || offset > info->requested - size) {
    return Status(err::kInvalidParam, std::string(what) + ": " + std::to_string(size) + " bytes at " +
                                          rt::PointerText(ptr) + " run past the end of its " +
                                          sim::SizeAndOrigin(*info) + " buffer");
  }
  void* mapped = nullptr;
  Status st = device.memory().Translate(ptr, size, &mapped);
  if (!st.ok()) return Status(err::kInvalidParam, std::string(what) + ": " + st.message());
  *sim = static_cast<uint8_t*>(mapped);
  return Status::Ok();
}

}  // namespace asim::dvpp
