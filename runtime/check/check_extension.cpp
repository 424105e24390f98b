// The test-support RuntimeExtension (see check_extension.h). Owner: runtime/check.
// Thread safety: modes are atomics; the tables are thread-safe. Failure: none.
#include "runtime/check/check_extension.h"

#include <atomic>
#include <string>
#include <vector>

#include "base/log.h"
#include "runtime/check/alloc_table.h"
#include "runtime/check/call_site.h"
#include "runtime/check/faults.h"
#include "runtime/check/memcheck.h"
#include "runtime/check/object_table.h"
#include "runtime/check/pending_writes.h"
#include "runtime/check/segv_report.h"
#include "runtime/core/objects.h"
#include "runtime/core/runtime.h"

namespace asim::check {
namespace {

std::atomic<bool> g_timing{true};
std::atomic<bool> g_inline{false};
std::atomic<bool> g_host_run_mode{true};

// Every device this process has open (by id), for the run-time switches.
std::vector<std::shared_ptr<rt::DeviceContext>> OpenedDevices() {
  std::vector<std::shared_ptr<rt::DeviceContext>> out;
  uint32_t count = 0;
  if (!rt::Runtime::Get().GetDeviceCount(&count).ok()) return out;
  for (uint32_t i = 0; i < count; ++i) {
    if (auto dc = rt::Runtime::Get().OpenedDevice(static_cast<int32_t>(i))) out.push_back(std::move(dc));
  }
  return out;
}

const char* ReleasingCall() {
  const ApiCall call = CurrentApiCall();
  return call.api != nullptr ? call.api : "device release";
}

std::string MemoryLeak(const AllocRecord& r) {
  return DescribeRecord(r, "  ") + "\n  was never freed";
}

// `add_live`: enter the live allocations of the open devices (not from OnInit, which runs
// under the runtime's lifecycle lock, when no device is open anyway).
void ArmSegvReport(bool memcheck, bool add_live) {
  SegvReport& segv = SegvReport::Get();
  if (memcheck && g_host_run_mode.load()) {
    segv.Install();
    segv.Clear();
    if (add_live) {
      for (const auto& dc : OpenedDevices()) {
        for (const auto& r : AllocTable::Get().LiveOn(dc->id())) segv.Add(r);
      }
    }
    segv.SetActive(true);
  } else {
    segv.SetActive(false);
    segv.Clear();
  }
}

class Extension : public rt::RuntimeExtension {
 public:
  Status OnInit(const cfg::AclConfig& config) override {
    const cfg::SimConfig& sim = config.sim;
    g_host_run_mode.store(sim.run_mode == cfg::RunMode::kHost);
    g_timing.store(sim.timing);
    g_inline.store(sim.inline_tasks);
    AllocTable::Get().Clear();
    PendingWrites::Get().Clear();
    (void)ObjectTable::Get().TakeAll();
    Memcheck::Get().ResetFindings();
    Memcheck::Get().Configure(sim.memcheck, sim.memcheck_action);
    (void)Memcheck::Get().TakeLeakStatus();
    Faults::Get().Load(sim.faults);
    ArmSegvReport(sim.memcheck, /*add_live=*/false);
    if (sim.memcheck || !sim.faults.empty() || !sim.timing || sim.inline_tasks) {
      ASIM_LOG_INFO("[ACL] testing support: memcheck {} ({}), {} fault(s) armed, timing {}, inline tasks {}",
                    sim.memcheck ? "on" : "off", cfg::MemcheckActionName(sim.memcheck_action), sim.faults.size(),
                    sim.timing ? "on" : "off", sim.inline_tasks ? "on" : "off");
    }
    return Status::Ok();
  }

  void OnDeviceOpened(rt::DeviceContext& device) override {
    sim::DeviceMemory& memory = device.memory();
    AllocTable::Get().AddDeviceRange(device.id(), memory.base(), memory.capacity());
    SegvReport::Get().AddDevice(device.id(), memory.base(), memory.capacity());
    memory.SetListener(AllocTable::Shared());
    device.scheduler().SetFaultHook(Faults::Get().TaskHook());
    device.scheduler().SetTimingEnabled(g_timing.load());
    device.scheduler().SetInlineExecution(g_inline.load());
  }

  size_t OnDeviceRelease(int32_t device_id, bool log_leaks) override {
    std::vector<ObjectRecord> objects = ObjectTable::Get().TakeDevice(device_id);
    if (Memcheck::On() && log_leaks) {
      std::vector<std::string> texts;
      for (const auto& o : objects) texts.push_back(DescribeObject(o, "  ") + "\n  was never destroyed");
      for (const auto& r : AllocTable::Get().LiveOn(device_id)) texts.push_back(MemoryLeak(r));
      Memcheck::Get().ReportLeaks(ReleasingCall(), texts);
    }
    for (const auto& o : objects) {
      if (o.kind == ObjectKind::kStream) PendingWrites::Get().ForgetStream(reinterpret_cast<const void*>(o.key));
      if (o.kind == ObjectKind::kEvent) PendingWrites::Get().ForgetEvent(reinterpret_cast<const void*>(o.key));
    }
    PendingWrites::Get().SyncDevice(device_id);
    for (const auto& r : AllocTable::Get().LiveOn(device_id)) SegvReport::Get().Remove(r.addr);
    SegvReport::Get().RemoveDevice(device_id);
    AllocTable::Get().ForgetDevice(device_id);
    return 0;  // the core counts and logs its own view of the leaks
  }

  void OnFinalize() override {
    std::vector<ObjectRecord> objects = ObjectTable::Get().TakeAll();
    if (Memcheck::On()) {
      std::vector<std::string> texts;
      for (const auto& o : objects) texts.push_back(DescribeObject(o, "  ") + "\n  was never destroyed");
      for (const auto& r : AllocTable::Get().LiveOn(-1)) texts.push_back(MemoryLeak(r));
      Memcheck::Get().ReportLeaks(ReleasingCall(), texts);
    }
    Faults::Get().Clear();
    AllocTable::Get().Clear();
    PendingWrites::Get().Clear();
    SegvReport::Get().SetActive(false);
    SegvReport::Get().Clear();
  }
};

}  // namespace

std::shared_ptr<rt::RuntimeExtension> CheckExtension() {
  static auto extension = std::make_shared<Extension>();
  return extension;
}

void SetMemcheck(bool enabled, cfg::MemcheckAction action) {
  Memcheck::Get().Configure(enabled, action);
  ArmSegvReport(enabled, /*add_live=*/true);
}

void SetTimingEnabled(bool enabled) {
  g_timing.store(enabled);
  for (const auto& dc : OpenedDevices()) dc->scheduler().SetTimingEnabled(enabled);
}

void SetInlineExecution(bool enabled) {
  g_inline.store(enabled);
  for (const auto& dc : OpenedDevices()) dc->scheduler().SetInlineExecution(enabled);
}

bool timing_enabled() {
  return g_timing.load();
}

bool inline_execution() {
  return g_inline.load();
}

}  // namespace asim::check
