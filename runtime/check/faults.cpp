// Faults (see faults.h). Owner: runtime/check.
// Thread safety: mutex_ guards armed_. Failure: see the header.
#include "runtime/check/faults.h"

#include "device_sim/engine/hw_stream.h"
#include "runtime/check/memcheck.h"

namespace asim::check {
namespace {

class Hook : public sim::TaskFaultHook {
 public:
  explicit Hook(Faults* faults) : faults_(faults) {}
  Status OnSubmit(const sim::HwStream& stream, const sim::TaskDesc& desc) override {
    return faults_->OnTask(&stream, stream.id(), desc);
  }

 private:
  Faults* faults_;
};

std::string Counted(uint64_t n) {
  return std::to_string(n) + (n % 10 == 1 && n % 100 != 11   ? "st"
                              : n % 10 == 2 && n % 100 != 12 ? "nd"
                              : n % 10 == 3 && n % 100 != 13 ? "rd"
                                                             : "th");
}

}  // namespace

Faults::Faults() : hook_(std::make_shared<Hook>(this)) {}

void Faults::Load(const std::vector<cfg::FaultSpec>& specs) {
  std::lock_guard<std::mutex> lock(mutex_);
  armed_.clear();
  for (const auto& spec : specs) armed_.push_back(Armed{spec, nullptr, "the configuration", 0});
}

void Faults::Clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  armed_.clear();
}

size_t Faults::armed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return armed_.size();
}

void Faults::Arm(const cfg::FaultSpec& spec, const void* stream, std::string origin) {
  std::lock_guard<std::mutex> lock(mutex_);
  armed_.push_back(Armed{spec, stream, origin.empty() ? "the configuration" : std::move(origin), 0});
}

template <typename Match>
const Faults::Armed* Faults::Fire(cfg::FaultType type, Match match) {
  const Armed* fired = nullptr;
  for (Armed& a : armed_) {
    if (a.spec.type != type || !match(a)) continue;
    const uint64_t n = ++a.seen;
    const bool in_window = n >= a.spec.nth && (a.spec.count == 0 || n - a.spec.nth < a.spec.count);
    if (in_window && fired == nullptr) fired = &a;
  }
  return fired;
}

Status Faults::OnMalloc(const char* api, size_t size) {
  std::lock_guard<std::mutex> lock(mutex_);
  const Armed* a = Fire(cfg::FaultType::kMalloc, [](const Armed&) { return true; });
  if (a == nullptr) return Status::Ok();
  return Status(err::kRtMemoryAllocation, "injected fault: the " + Counted(a->seen) + " device allocation (" +
                                              std::string(api) + " of " + std::to_string(size) +
                                              " bytes) fails, as armed by " + a->origin);
}

Status Faults::OnModelExecute(uint32_t model_id) {
  std::lock_guard<std::mutex> lock(mutex_);
  const Armed* a = Fire(cfg::FaultType::kModelExecute, [&](const Armed& f) { return f.spec.model_id == model_id; });
  if (a == nullptr) return Status::Ok();
  return Status(a->spec.code, "injected fault: the " + Counted(a->seen) + " execution of model " +
                                  std::to_string(model_id) + " fails with error " + std::to_string(a->spec.code) +
                                  ", as armed by " + a->origin);
}

Status Faults::OnChannelSend(const std::string& channel) {
  std::lock_guard<std::mutex> lock(mutex_);
  const Armed* a = Fire(cfg::FaultType::kChannelSend,
                        [&](const Armed& f) { return f.spec.channel.empty() || f.spec.channel == channel; });
  if (a == nullptr) return Status::Ok();
  return Status(a->spec.code, "injected fault: the " + Counted(a->seen) + " send on channel '" + channel +
                                  "' fails with error " + std::to_string(a->spec.code) + ", as armed by " + a->origin);
}

std::shared_ptr<sim::TaskFaultHook> Faults::TaskHook() {
  return hook_;
}

Status Faults::OnTask(const void* stream, uint32_t stream_id, const sim::TaskDesc& desc) {
  std::lock_guard<std::mutex> lock(mutex_);
  const Armed* a =
      Fire(cfg::FaultType::kTaskTimeout, [&](const Armed& f) { return f.stream == nullptr || f.stream == stream; });
  if (a == nullptr) return Status::Ok();
  int32_t code = err::kRtTaskTimeout;
  if (desc.kind == sim::TaskKind::kKernel) {
    code = desc.engine == sim::EngineKind::kAiCpu ? kRtAicpuTimeout : kRtAicoreTimeout;
  }
  return Status(code, "injected fault: " + std::string(sim::TaskKindName(desc.kind)) + " task '" + desc.name +
                          "' on stream " + std::to_string(stream_id) + " (the " + Counted(a->seen) +
                          " task counted) timed out, as armed by " + a->origin);
}

}  // namespace asim::check
