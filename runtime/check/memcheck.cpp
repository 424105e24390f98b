// Memcheck reporting (see memcheck.h). Owner: runtime/check.
// Thread safety: counts are atomics, the last report is under mutex_, the leak status is
// thread_local. Failure: abort mode ends the process.
#include "runtime/check/memcheck.h"

#include <cstdio>
#include <cstdlib>

#include "base/log.h"

namespace asim::check {
namespace {

// Leaks reported by the releases the calling thread made since its last TakeLeakStatus (one
// aclFinalize sweeps every device, then what is not bound to one).
thread_local std::vector<std::string> t_leaks;
thread_local std::string t_leak_call;

[[noreturn]] void Abort(const std::string& report) {
  std::fprintf(stderr, "[MEMCHECK] %s\n[MEMCHECK] aborting (memcheck_action \"abort\")\n", report.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace

const char* FindingName(Finding kind) {
  switch (kind) {
    case Finding::kOutOfBounds: return "out-of-bounds";
    case Finding::kUseAfterFree: return "use-after-free";
    case Finding::kDoubleFree: return "double free";
    case Finding::kInvalidFree: return "invalid free";
    case Finding::kFreeMismatch: return "mismatched free";
    case Finding::kKindMismatch: return "copy kind mismatch";
    case Finding::kUnsynchronizedRead: return "unsynchronized read";
    case Finding::kLeak: return "leak";
    case Finding::kHostAccess: return "host access to device memory";
  }
  return "?";
}

void Memcheck::Configure(bool enabled, cfg::MemcheckAction action) {
  action_.store(action);
  enabled_.store(enabled);
}

std::string Memcheck::Record(Finding kind, const std::string& text) {
  std::string report = std::string("memcheck: ") + FindingName(kind) + ": " + text;
  counts_[static_cast<size_t>(kind)].fetch_add(1);
  counts_[0].fetch_add(1);
  std::lock_guard<std::mutex> lock(mutex_);
  last_ = report;
  return report;
}

Status Memcheck::Report(Finding kind, int32_t code, const std::string& text) {
  std::string report = Record(kind, text);
  if (action() == cfg::MemcheckAction::kAbort) Abort(report);
  return Status(code, std::move(report));
}

void Memcheck::ReportLeaks(const char* when, const std::vector<std::string>& texts) {
  if (texts.empty()) return;
  std::string all;
  for (const std::string& text : texts) {
    std::string report = Record(Finding::kLeak, text);
    if (action() != cfg::MemcheckAction::kAbort) ASIM_LOG_ERROR("[MEMCHECK] {}: {}", when, report);
    all += (all.empty() ? "" : "\n") + report;
    t_leaks.push_back(std::move(report));
  }
  if (action() == cfg::MemcheckAction::kAbort) Abort(std::string(when) + ": " + all);
  t_leak_call = when;
}

Status Memcheck::TakeLeakStatus() {
  if (t_leaks.empty()) return Status::Ok();
  std::string text =
      t_leak_call + " released " + std::to_string(t_leaks.size()) + " object(s) the application had not released:";
  for (const std::string& leak : t_leaks) text += "\n" + leak;
  t_leaks.clear();
  return Status(kRelativeResourceNotCleared, std::move(text));
}

uint64_t Memcheck::Count(int kind) const {
  if (kind < 0 || kind > kFindingKinds) return 0;
  return counts_[static_cast<size_t>(kind)].load();
}

std::string Memcheck::LastReport() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return last_;
}

void Memcheck::ResetFindings() {
  for (auto& c : counts_) c.store(0);
  std::lock_guard<std::mutex> lock(mutex_);
  last_.clear();
}

}  // namespace asim::check
