// The runtime objects behind the opaque AscendCL handles: devices opened by the process,
// contexts, streams and events.
//
// Ownership: Runtime owns every DeviceContext (by device id) and, through HandleRegistry,
// every Context, Stream and Event. Contexts, streams and events hold a shared_ptr to their
// DeviceContext, so a device outlives everything created on it; a DeviceContext refers to
// its default context and default stream by handle only (no ownership cycle).
// Thread safety: immutable after construction except where marked atomic or guarded by
// the Runtime lock. Failure: none here; see Runtime.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "device_sim/device.h"

namespace asim::rt {

class Context;
class Stream;

class DeviceContext {
 public:
  DeviceContext(int32_t id, std::unique_ptr<sim::Device> device) : id_(id), device_(std::move(device)) {}
  int32_t id() const { return id_; }
  sim::Device& device() { return *device_; }
  sim::Scheduler& scheduler() { return device_->scheduler(); }
  sim::DeviceMemory& memory() { return device_->memory(); }
  uint32_t NextStreamId() { return next_stream_id_.fetch_add(1); }

  // Guarded by the Runtime lock.
  int set_count = 0;  // aclrtSetDevice reference count
  Context* default_context = nullptr;
  bool peer_access_enabled[64] = {};
  uint32_t ts_id = 0;

 private:
  const int32_t id_;
  std::unique_ptr<sim::Device> device_;
  std::atomic<uint32_t> next_stream_id_{0};
};

class Context {
 public:
  Context(std::shared_ptr<DeviceContext> device, bool is_default)
      : device_(std::move(device)), is_default_(is_default) {}
  int32_t device_id() const { return device_->id(); }
  const std::shared_ptr<DeviceContext>& device() const { return device_; }
  bool is_default() const { return is_default_; }

  // Default stream of this context (handle registered in the Runtime). Set once at creation.
  Stream* default_stream = nullptr;

  // aclrtCtxSetSysParamOpt values.
  std::mutex opts_mutex;
  std::map<int32_t, int64_t> sys_params;

 private:
  std::shared_ptr<DeviceContext> device_;
  const bool is_default_;
};

class Stream {
 public:
  Stream(std::shared_ptr<DeviceContext> device, Context* context, std::shared_ptr<sim::HwStream> hw, bool is_default)
      : device_(std::move(device)), context_(context), hw_(std::move(hw)), is_default_(is_default) {}
  uint32_t id() const { return hw_->id(); }
  int32_t device_id() const { return device_->id(); }
  DeviceContext& device() { return *device_; }
  const std::shared_ptr<DeviceContext>& device_ptr() const { return device_; }
  Context* context() const { return context_; }
  sim::HwStream& hw() { return *hw_; }
  const std::shared_ptr<sim::HwStream>& hw_ptr() const { return hw_; }
  bool is_default() const { return is_default_; }

  std::atomic<uint32_t> overflow_switch{0};

 private:
  std::shared_ptr<DeviceContext> device_;
  Context* const context_;
  std::shared_ptr<sim::HwStream> hw_;
  const bool is_default_;
};

class Event {
 public:
  Event(std::shared_ptr<DeviceContext> device, uint32_t flags, bool timing)
      : device_(std::move(device)), sim_(std::make_shared<sim::SimEvent>(flags)), flags_(flags), timing_(timing) {}
  int32_t device_id() const { return device_->id(); }
  DeviceContext& device() { return *device_; }
  const std::shared_ptr<sim::SimEvent>& sim() const { return sim_; }
  uint32_t flags() const { return flags_; }
  bool records_time() const { return timing_; }

 private:
  std::shared_ptr<DeviceContext> device_;
  std::shared_ptr<sim::SimEvent> sim_;
  const uint32_t flags_;
  const bool timing_;
};

}  // namespace asim::rt
