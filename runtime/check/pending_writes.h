// PendingWrites: which memory asynchronous work may still be writing, as far as the host
// (or another stream) can tell, for memcheck's unsynchronized-read finding.
//
// Owns: the writes of asynchronous tasks (aclrtMemcpyAsync / Memcpy2dAsync / MemsetAsync
// destinations, aclmdlExecuteAsync outputs) that nothing has synchronised with yet, and a
// vector clock per stream and per recorded event. A write gets a sequence number on its
// stream. The host has synchronised with it after aclrtSynchronizeStream on that stream, a
// successful aclrtSynchronizeEvent / aclrtQueryEvent(Status) on an event recorded after it,
// aclrtSynchronizeDevice, a complete aclrtStreamQuery, aclrtDestroyStream (which drains), or
// inside a host callback launched after it; aclrtStreamWaitEvent orders a stream after the
// event's record, transitively. Detection is deterministic: it depends on the order of API
// calls, not on whether the simulated task happened to finish.
// Streams and events are identified by the runtime's objects (the application's handles,
// with NULL resolved to the context's default stream). At most 4096 writes are kept (the
// oldest are dropped: a missed finding, never a false one).
// Owner: a CheckState (check_state.h). Thread safety: thread-safe (one mutex). Failure: none.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "runtime/check/call_site.h"

namespace asim::check {

class PendingWrites {
 public:
  using Clock = std::map<const void*, uint64_t>;  // stream -> last sequence number covered

  struct Write {
    const void* stream = nullptr;
    int32_t device_id = -1;
    uint64_t seq = 0;
    uint64_t begin = 0;
    uint64_t end = 0;
    std::string what;  // "the destination of aclrtMemcpyAsync(...)"
    std::shared_ptr<const CallSite> site;
  };

  PendingWrites() = default;
  PendingWrites(const PendingWrites&) = delete;
  PendingWrites& operator=(const PendingWrites&) = delete;

  void Add(const void* stream, int32_t device_id, uint64_t begin, uint64_t end, std::string what,
           std::shared_ptr<const CallSite> site);
  // Everything a task submitted to `stream` now comes after.
  Clock Snapshot(const void* stream) const;
  // The host has waited for `clock`: its writes are no longer pending.
  void Cover(const Clock& clock);
  void SyncStream(const void* stream) { Cover(Snapshot(stream)); }
  void SyncDevice(int32_t device_id);
  void NoteRecord(const void* event, const void* stream);
  void SyncEvent(const void* event);
  void NoteWait(const void* stream, const void* event);
  void ForgetStream(const void* stream);  // destroyed (drained): its writes are done
  void ForgetEvent(const void* event);
  void ForgetRange(uint64_t begin, uint64_t end);  // freed memory
  void Clear();

  // A pending write overlapping [begin, end) (the host reads it now).
  std::optional<Write> FindUnsynced(uint64_t begin, uint64_t end) const;
  // A pending write overlapping [begin, end) that a task submitted to `stream` now would not
  // be ordered after.
  std::optional<Write> FindUnordered(uint64_t begin, uint64_t end, const void* stream) const;
  size_t size() const;

 private:
  struct StreamState {
    uint64_t seq = 0;
    Clock knows;  // other streams' writes ordered before this stream's next task
  };
  Clock SnapshotLocked(const void* stream) const;

  mutable std::mutex mutex_;
  std::vector<Write> writes_;
  std::map<const void*, StreamState> streams_;
  std::map<const void*, Clock> events_;
};

}  // namespace asim::check
