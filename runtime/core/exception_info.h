// The data behind the opaque aclrtExceptionInfo handed to an exception callback.
//
// The public header names it `struct rtExceptionInfo` (opaque); the definition lives here,
// in the global namespace, so both the core (which fills it) and the API shim (whose
// getters read it) see the same type. Thread safety: value type; the live set is
// mutex-guarded. Failure: none.
//
// LiveExceptionInfos registers an info for the time its callback runs, so the getters can tell
// it from a made-up or stale pointer (an int from Python, an info kept past its callback) and
// answer 0xFFFFFFFF instead of reading through it.
#pragma once

#include <cstdint>
#include <mutex>
#include <unordered_set>

struct rtExceptionInfo {
  uint32_t task_id = 0;
  uint32_t stream_id = 0;
  uint32_t thread_id = 0;
  uint32_t device_id = 0;
  uint32_t error_code = 0;
};

namespace asim::rt {
using ExceptionCallback = void (*)(rtExceptionInfo*);

// The infos being delivered now. Owned by the Runtime; ExceptionObserver registers each info
// for the time its callback runs (Scope).
class LiveExceptionInfos {
 public:
  class Scope {
   public:
    Scope(LiveExceptionInfos* set, const rtExceptionInfo* info) : set_(set), info_(info) { set_->Add(info_); }
    ~Scope() { set_->Remove(info_); }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    LiveExceptionInfos* set_;
    const rtExceptionInfo* info_;
  };

  // Whether `info` is being delivered to an exception callback now.
  bool Contains(const rtExceptionInfo* info) const;

 private:
  void Add(const rtExceptionInfo* info);
  void Remove(const rtExceptionInfo* info);

  mutable std::mutex mutex_;
  std::unordered_multiset<const rtExceptionInfo*> live_;
};
}  // namespace asim::rt
