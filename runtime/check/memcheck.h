// Memcheck: the switch, the finding kinds and the reporting of memcheck findings.
//
// Owns: whether memcheck is on and what a finding does (cfg::MemcheckAction), the per-kind
// counts and the text of the latest finding (for aclsimGetFindingCount / aclsimGetLastFinding),
// and the leak status handed from a device release to the aclrtResetDevice / aclFinalize
// shim of the same thread. The detectors live elsewhere (memory_checks.h, pending_writes.h,
// the extension's leak sweep, segv_report.h); they build the text and call Report.
// A finding in "error" mode fails the offending call with the returned Status (whose message
// aclGetRecentErrMsg then returns and the shim logs); in "abort" mode the report is written
// to stderr and the process aborts. Leaks are logged here (there is no failing call) and
// turn the releasing call's result into ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED.
// Owner: a CheckState (check_state.h). Thread safety: thread-safe; the leak status is per
// thread.
// Failure: Report returns the Status to fail with (or does not return: abort).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "base/status.h"
#include "runtime/config/sim_config.h"

namespace asim::check {

// Values are the ACLSIM_FINDING_* of include/acl/ext/aclsim_ext.h.
enum class Finding : int {
  kOutOfBounds = 1,
  kUseAfterFree = 2,
  kDoubleFree = 3,
  kInvalidFree = 4,
  kFreeMismatch = 5,
  kKindMismatch = 6,
  kUnsynchronizedRead = 7,
  kLeak = 8,
  kHostAccess = 9,
};
inline constexpr int kFindingKinds = 9;

// "out-of-bounds", "use-after-free", ...: the word after "memcheck: " in every report.
const char* FindingName(Finding kind);

// Codes the checks return (mirrors of acl_base.h / rt_error_codes.h, checked in runtime/api).
inline constexpr int32_t kRelativeResourceNotCleared = 148051;  // ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED
inline constexpr int32_t kRtAicoreTimeout = 507014;             // ACL_ERROR_RT_AICORE_TIMEOUT
inline constexpr int32_t kRtAicpuTimeout = 507017;              // ACL_ERROR_RT_AICPU_TIMEOUT

class Memcheck {
 public:
  Memcheck() = default;
  Memcheck(const Memcheck&) = delete;
  Memcheck& operator=(const Memcheck&) = delete;

  void Configure(bool enabled, cfg::MemcheckAction action);
  bool enabled() const { return enabled_.load(std::memory_order_relaxed); }
  cfg::MemcheckAction action() const { return action_.load(); }

  // Counts and remembers "memcheck: <kind>: <text>"; abort mode: prints it and aborts.
  // Returns Status(code, report) for the offending call to return.
  Status Report(Finding kind, int32_t code, const std::string& text);
  // Leaks found by a release (aclrtResetDevice, aclFinalize, aclrtDestroyContext): each is
  // logged and counted; the calling thread's next TakeLeakStatus returns
  // kRelativeResourceNotCleared. Abort mode: all are printed, then abort.
  void ReportLeaks(const char* when, const std::vector<std::string>& texts);
  Status TakeLeakStatus();

  uint64_t Count(int kind) const;  // kind 0: every finding
  std::string LastReport() const;
  void ResetFindings();

 private:
  std::string Record(Finding kind, const std::string& text);

  std::atomic<bool> enabled_{false};
  std::atomic<cfg::MemcheckAction> action_{cfg::MemcheckAction::kError};
  std::array<std::atomic<uint64_t>, kFindingKinds + 1> counts_{};
  mutable std::mutex mutex_;
  std::string last_;
};

}  // namespace asim::check
