// ApiScope: records one AscendCL API call (host wall time, thread) while profiling collects
// AscendCL API data. runtime/api/api_guard.h puts one in every shim (ACL_API_BEGIN, Guarded).
//
// Owns: the process-wide switch g_api_recorder: the Profiler whose session collects AscendCL
// API data, or nullptr. With profiling off an ApiScope costs one relaxed atomic load and a
// branch; nothing is timed or allocated.
// Thread safety: any thread. Failure: none (recording never throws out of the destructor;
// records beyond the session's limit are counted as dropped).
#pragma once

#include <atomic>
#include <cstdint>

namespace asim::prof {

class Profiler;
inline std::atomic<Profiler*> g_api_recorder{nullptr};

uint64_t ApiClockNs();                                             // host wall clock, ns since the epoch
void RecordApiCall(const char* name, uint64_t start_ns) noexcept;  // ends now, on this thread

class ApiScope {
 public:
  explicit ApiScope(const char* name) noexcept {
    if (g_api_recorder.load(std::memory_order_relaxed) != nullptr) {
      name_ = name;
      start_ns_ = ApiClockNs();
    }
  }
  ~ApiScope() {
    if (name_ != nullptr) RecordApiCall(name_, start_ns_);
  }
  ApiScope(const ApiScope&) = delete;
  ApiScope& operator=(const ApiScope&) = delete;

 private:
  const char* name_ = nullptr;
  uint64_t start_ns_ = 0;
};

}  // namespace asim::prof
