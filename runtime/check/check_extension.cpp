// The test-support RuntimeExtension (see check_extension.h). Owner: runtime/check.
// Thread safety: the CheckState's modes are atomics; its tables are thread-safe. Failure: none.
#include "runtime/check/check_extension.h"

#include <atomic>
#include <string>
#include <vector>

#include "base/log.h"
#include "runtime/check/call_site.h"
#include "runtime/check/check_state.h"
#include "runtime/core/objects.h"
#include "runtime/core/runtime.h"

namespace asim::check {
namespace {

// Every device this process has open (by id), for the run-time switches.
std::vector<std::shared_ptr<rt::DeviceContext>> OpenedDevices(const rt::Runtime& rt) {
  std::vector<std::shared_ptr<rt::DeviceContext>> out;
  uint32_t count = 0;
  if (!rt.GetDeviceCount(&count).ok()) return out;
  for (uint32_t i = 0; i < count; ++i) {
    if (auto dc = rt.OpenedDevice(static_cast<int32_t>(i))) out.push_back(std::move(dc));
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

// `rt` non-null: enter the live allocations of its open devices (not from OnInit, which runs
// under the runtime's lifecycle lock, when no device is open anyway).
void ArmSegvReport(CheckState& checks, bool memcheck, const rt::Runtime* rt) {
  SegvReport& segv = checks.segv();
  if (memcheck && checks.modes().host_run_mode.load()) {
    segv.Install();
    segv.Clear();
    if (rt != nullptr) {
      for (const auto& dc : OpenedDevices(*rt)) {
        for (const auto& r : checks.allocs().LiveOn(dc->id())) segv.Add(r);
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
  explicit Extension(CheckState& checks) : checks_(checks) {}

  Status OnInit(const cfg::AclConfig& config) override {
    const cfg::SimConfig& sim = config.sim;
    CheckState::Modes& modes = checks_.modes();
    modes.host_run_mode.store(sim.run_mode == cfg::RunMode::kHost);
    modes.timing.store(sim.timing);
    modes.inline_tasks.store(sim.inline_tasks);
    checks_.allocs().Clear();
    checks_.pending().Clear();
    (void)checks_.objects().TakeAll();
    checks_.memcheck().ResetFindings();
    checks_.memcheck().Configure(sim.memcheck, sim.memcheck_action);
    (void)checks_.memcheck().TakeLeakStatus();
    checks_.faults().Load(sim.faults);
    ArmSegvReport(checks_, sim.memcheck, /*rt=*/nullptr);
    if (sim.memcheck || !sim.faults.empty() || !sim.timing || sim.inline_tasks) {
      ASIM_LOG_INFO("[ACL] testing support: memcheck {} ({}), {} fault(s) armed, timing {}, inline tasks {}",
                    sim.memcheck ? "on" : "off", cfg::MemcheckActionName(sim.memcheck_action), sim.faults.size(),
                    sim.timing ? "on" : "off", sim.inline_tasks ? "on" : "off");
    }
    return Status::Ok();
  }

  void OnDeviceOpened(rt::DeviceContext& device) override {
    sim::DeviceMemory& memory = device.memory();
    checks_.allocs().AddDeviceRange(device.id(), memory.base(), memory.capacity());
    checks_.segv().AddDevice(device.id(), memory.base(), memory.capacity());
    memory.SetListener(checks_.alloc_listener());
    device.scheduler().SetFaultHook(checks_.faults().TaskHook());
    device.scheduler().SetTimingEnabled(checks_.modes().timing.load());
    device.scheduler().SetInlineExecution(checks_.modes().inline_tasks.load());
  }

  size_t OnDeviceRelease(int32_t device_id, bool log_leaks) override {
    std::vector<ObjectRecord> objects = checks_.objects().TakeDevice(device_id);
    if (checks_.memcheck().enabled() && log_leaks) {
      std::vector<std::string> texts;
      for (const auto& o : objects) texts.push_back(DescribeObject(o, "  ") + "\n  was never destroyed");
      for (const auto& r : checks_.allocs().LiveOn(device_id)) texts.push_back(MemoryLeak(r));
      checks_.memcheck().ReportLeaks(ReleasingCall(), texts);
    }
    for (const auto& o : objects) {
      if (o.kind == ObjectKind::kStream) checks_.pending().ForgetStream(reinterpret_cast<const void*>(o.key));
      if (o.kind == ObjectKind::kEvent) checks_.pending().ForgetEvent(reinterpret_cast<const void*>(o.key));
    }
    checks_.pending().SyncDevice(device_id);
    for (const auto& r : checks_.allocs().LiveOn(device_id)) checks_.segv().Remove(r.addr);
    checks_.segv().RemoveDevice(device_id);
    checks_.allocs().ForgetDevice(device_id);
    return 0;  // the core counts and logs its own view of the leaks
  }

  void OnFinalize() override {
    std::vector<ObjectRecord> objects = checks_.objects().TakeAll();
    if (checks_.memcheck().enabled()) {
      std::vector<std::string> texts;
      for (const auto& o : objects) texts.push_back(DescribeObject(o, "  ") + "\n  was never destroyed");
      for (const auto& r : checks_.allocs().LiveOn(-1)) texts.push_back(MemoryLeak(r));
      checks_.memcheck().ReportLeaks(ReleasingCall(), texts);
    }
    checks_.faults().Clear();
    checks_.allocs().Clear();
    checks_.pending().Clear();
    checks_.segv().SetActive(false);
    checks_.segv().Clear();
  }

 private:
  CheckState& checks_;
};

}  // namespace

std::shared_ptr<rt::RuntimeExtension> CheckExtension(CheckState& checks) {
  return std::make_shared<Extension>(checks);
}

void SetMemcheck(CheckState& checks, const rt::Runtime& rt, bool enabled, cfg::MemcheckAction action) {
  // While memcheck is off its hooks keep no books (no synchronizations, records or frees are
  // noted), so writes noted before it went off would be reported as unsynchronized once it is
  // back on, though the application may have synchronized meanwhile: they are dropped when it
  // is switched either way (a missed finding, never a false one).
  if (checks.memcheck().enabled() != enabled) checks.pending().Clear();
  checks.memcheck().Configure(enabled, action);
  ArmSegvReport(checks, enabled, &rt);
}

void SetTimingEnabled(CheckState& checks, const rt::Runtime& rt, bool enabled) {
  checks.modes().timing.store(enabled);
  for (const auto& dc : OpenedDevices(rt)) dc->scheduler().SetTimingEnabled(enabled);
}

void SetInlineExecution(CheckState& checks, const rt::Runtime& rt, bool enabled) {
  checks.modes().inline_tasks.store(enabled);
  for (const auto& dc : OpenedDevices(rt)) dc->scheduler().SetInlineExecution(enabled);
}

bool timing_enabled(const CheckState& checks) {
  return checks.modes().timing.load();
}

bool inline_execution(const CheckState& checks) {
  return checks.modes().inline_tasks.load();
}

}  // namespace asim::check
