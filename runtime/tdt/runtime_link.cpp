// RuntimeLink: channel datasets in simulated device memory (see runtime_link.h).
#include "runtime/tdt/runtime_link.h"

#include <cstring>

#include "runtime/core/runtime.h"
#include "runtime/tdt/app_memory.h"

namespace asim::tdt {
namespace {

constexpr size_t kAlign = 64;

// One dataset's bytes in device memory: the items back to back, each 64-byte aligned.
class RuntimeBlob : public DeviceBlob {
 public:
  explicit RuntimeBlob(std::shared_ptr<rt::DeviceContext> device) : device_(std::move(device)) {}
  ~RuntimeBlob() override {
    if (address_ != nullptr) (void)device_->memory().Free(address_);
  }
  RuntimeBlob(const RuntimeBlob&) = delete;
  RuntimeBlob& operator=(const RuntimeBlob&) = delete;

  std::shared_ptr<rt::DeviceContext> device_;
  void* address_ = nullptr;  // device address (what aclrtMalloc would return)
  uint8_t* sim_ = nullptr;   // the simulator's view of it
  std::vector<size_t> offsets_;
  std::vector<size_t> sizes_;
};

}  // namespace

Status RuntimeLink::Open(rt::Runtime& runtime, uint32_t device_id, std::shared_ptr<DeviceLink>* out) {
  ASIM_RETURN_IF_ERROR(runtime.RequireInit());
  uint32_t count = 0;
  ASIM_RETURN_IF_ERROR(runtime.GetDeviceCount(&count));
  if (device_id >= count) {
    return Status(err::kInvalidDevice, "deviceId " + std::to_string(device_id) +
                                           " is out of range: the simulator has " + std::to_string(count) +
                                           " device(s)");
  }
  auto device = runtime.OpenedDevice(static_cast<int32_t>(device_id));
  if (!device) {
    return Status(err::kRtContextNull, "device " + std::to_string(device_id) +
                                           " is not open in this process: call aclrtSetDevice(" +
                                           std::to_string(device_id) + ") first (channels live in device memory)");
  }
  *out = std::make_shared<RuntimeLink>(runtime, device_id, device);
  return Status::Ok();
}

namespace {

class ChannelsLifecycle : public rt::RuntimeExtension {
 public:
  explicit ChannelsLifecycle(ChannelRegistry& channels) : channels_(channels) {}
  size_t OnDeviceRelease(int32_t device_id, bool /*log_leaks*/) override {
    if (device_id >= 0) channels_.CloseDevice(static_cast<uint32_t>(device_id));
    return 0;
  }

 private:
  ChannelRegistry& channels_;
};

}  // namespace

std::shared_ptr<rt::RuntimeExtension> ChannelsExtension(ChannelRegistry& channels) {
  return std::make_shared<ChannelsLifecycle>(channels);
}

Status RuntimeLink::Device(std::shared_ptr<rt::DeviceContext>* out) const {
  auto device = device_.lock();
  if (!device || core_.OpenedDevice(static_cast<int32_t>(device_id_)) != device) {
    return Status(err::kInvalidResourceHandle, "device " + std::to_string(device_id_) +
                                                   " was reset after the channel was created; channels do not "
                                                   "survive aclrtResetDevice or aclFinalize");
  }
  *out = std::move(device);
  return Status::Ok();
}

Status RuntimeLink::Upload(const std::vector<Payload>& payloads, size_t overhead_bytes,
                           std::unique_ptr<DeviceBlob>* out) {
  std::shared_ptr<rt::DeviceContext> device;
  ASIM_RETURN_IF_ERROR(Device(&device));
  auto blob = std::make_unique<RuntimeBlob>(device);
  size_t total = 0;
  for (const Payload& p : payloads) {
    blob->offsets_.push_back(total);
    blob->sizes_.push_back(p.size);
    const size_t padded = (p.size + kAlign - 1) / kAlign * kAlign;
    if (padded < p.size || total + padded < total) return Status(err::kInvalidParam, "dataset size overflows");
    total += padded;
  }
  // Where each payload lives: host memory crosses PCIe, device memory is copied on chip.
  std::vector<const uint8_t*> sources(payloads.size(), nullptr);
  std::vector<bool> on_device(payloads.size(), false);
  uint64_t host_bytes = overhead_bytes;
  uint64_t device_bytes = 0;
  for (size_t i = 0; i < payloads.size(); ++i) {
    if (payloads[i].size == 0) continue;
    AppMemory where;
    Status st = LocateAppMemory(core_, payloads[i].data, payloads[i].size, &where);
    if (!st.ok()) return Status(st.code(), "item " + std::to_string(i) + ": " + st.message());
    if (where.device && where.device != device) {
      return Status(err::kInvalidParam, "item " + std::to_string(i) + "'s data is in the memory of device " +
                                            std::to_string(where.device->id()) + ", not of device " +
                                            std::to_string(device_id_));
    }
    sources[i] = where.sim;
    on_device[i] = static_cast<bool>(where.device);
    (on_device[i] ? device_bytes : host_bytes) += payloads[i].size;
  }
  if (total != 0) {
    ASIM_RETURN_IF_ERROR(device->memory().Allocate(total, 0, sim::PageKind::kNormal, "acltdtSendTensor (channel data)",
                                                   &blob->address_));
    void* sim = nullptr;
    ASIM_RETURN_IF_ERROR(device->memory().Translate(blob->address_, total, &sim));
    blob->sim_ = static_cast<uint8_t*>(sim);
  }
  RuntimeBlob* b = blob.get();
  auto copy_side = [b, &sources, &on_device](bool device_side) {
    for (size_t i = 0; i < sources.size(); ++i) {
      if (sources[i] != nullptr && on_device[i] == device_side)
        std::memcpy(b->sim_ + b->offsets_[i], sources[i], b->sizes_[i]);
    }
  };
  ASIM_RETURN_IF_ERROR(
      TimedCopy(*device, sim::EngineKind::kDmaH2D, "acltdtSendTensor", host_bytes, [&copy_side] { copy_side(false); }));
  if (device_bytes != 0) {
    ASIM_RETURN_IF_ERROR(TimedCopy(*device, sim::EngineKind::kDmaD2D, "acltdtSendTensor", device_bytes,
                                   [&copy_side] { copy_side(true); }));
  }
  *out = std::move(blob);
  return Status::Ok();
}

Status RuntimeLink::Download(const DeviceBlob& blob, size_t overhead_bytes, std::vector<HostBuffer>* out) {
  std::shared_ptr<rt::DeviceContext> device;
  ASIM_RETURN_IF_ERROR(Device(&device));
  const auto& b = static_cast<const RuntimeBlob&>(blob);
  std::vector<HostBuffer> buffers;
  buffers.reserve(b.sizes_.size());
  uint64_t bytes = overhead_bytes;
  for (size_t size : b.sizes_) {
    buffers.emplace_back(size);
    bytes += size;
  }
  ASIM_RETURN_IF_ERROR(TimedCopy(*b.device_, sim::EngineKind::kDmaD2H, "acltdtReceiveTensor", bytes, [&b, &buffers] {
    for (size_t i = 0; i < buffers.size(); ++i) {
      if (buffers[i].size() != 0) std::memcpy(buffers[i].data(), b.sim_ + b.offsets_[i], buffers[i].size());
    }
  }));
  *out = std::move(buffers);
  return Status::Ok();
}

}  // namespace asim::tdt
