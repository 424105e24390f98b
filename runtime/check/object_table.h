// ObjectTable: the runtime objects the application created and has not destroyed (streams,
// events, contexts, models, model datasets, tdt datasets, channels), with the call that made
// each, for memcheck's leak report.
//
// Owns: one record per live object, keyed by (kind, handle or model id), fed by the
// runtime/api shims after a successful create / destroy. Device-bound objects (contexts,
// streams, events, models) are swept when their device is released; the others at
// aclFinalize. Only objects the application created are recorded (default contexts and
// streams never are). Owner: a CheckState (check_state.h). Thread safety: thread-safe (one
// mutex).
// Failure: none; destroying an unrecorded object is a no-op.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "runtime/check/call_site.h"

namespace asim::check {

enum class ObjectKind { kContext, kStream, kEvent, kModel, kModelDataset, kTdtDataset, kChannel };

const char* ObjectKindName(ObjectKind kind);  // "context", "stream", ... "channel"

struct ObjectRecord {
  ObjectKind kind = ObjectKind::kStream;
  uintptr_t key = 0;       // the handle, or the model id
  int32_t device_id = -1;  // -1: not bound to a device
  uintptr_t context = 0;   // streams: the context they were created in
  std::string what;        // "stream 0x55..", "model 1 'resnet50'", "channel 'q' on device 0"
  std::shared_ptr<const CallSite> site;
};

// "<what>, created by aclrtCreateStream called at main+0x.. (...)" plus frames.
std::string DescribeObject(const ObjectRecord& record, const std::string& indent);

class Memcheck;

class ObjectTable {
 public:
  // Records call sites with a backtrace while `memcheck` (which must outlive the table) is on.
  explicit ObjectTable(const Memcheck& memcheck) : memcheck_(memcheck) {}
  ObjectTable(const ObjectTable&) = delete;
  ObjectTable& operator=(const ObjectTable&) = delete;

  void Created(ObjectKind kind, uintptr_t key, int32_t device_id, uintptr_t context, std::string what);
  void Destroyed(ObjectKind kind, uintptr_t key);
  bool Contains(ObjectKind kind, uintptr_t key) const;

  // Removes and returns (in creation order) the records of objects bound to `device_id`.
  std::vector<ObjectRecord> TakeDevice(int32_t device_id);
  // Removes and returns the streams created in `context`.
  std::vector<ObjectRecord> TakeContextStreams(uintptr_t context);
  // Removes and returns every record left.
  std::vector<ObjectRecord> TakeAll();

 private:
  template <typename Pred>
  std::vector<ObjectRecord> TakeIf(Pred pred);

  const Memcheck& memcheck_;
  mutable std::mutex mutex_;
  uint64_t next_order_ = 0;
  std::map<std::pair<int, uintptr_t>, std::pair<uint64_t, ObjectRecord>> records_;
};

}  // namespace asim::check
