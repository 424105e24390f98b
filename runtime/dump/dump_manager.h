// DumpManager: operator data dumps in this process — the configuration in force, the
// observers on every device and the writer.
//
// Owns: the dump sessions (from aclInit's acl.json, or from aclmdlInitDump + aclmdlSetDump,
// each applying to the models loaded after it), the shared DumpWriter, the registered dump
// callback (acldumpRegCallback), and a bounded log of recent kernel tasks' op descriptions
// for aclmdlCreateAndGetOpDesc. Its RuntimeExtension (Extension(), registered by
// runtime/api/runtime_context.cpp) compiles the acl.json dump section at aclInit, puts a
// DumpObserver on every device that opens, and flushes and resets everything at aclFinalize.
//
// The API rules are the real runtime's (acl dump.cpp): a dump configured through aclInit
// makes aclmdlInitDump / SetDump / FinalizeDump fail with kDumpAlreadyRun; SetDump and
// FinalizeDump before InitDump fail with kDumpNotRun; InitDump twice fails with
// kRepeatInitialize; a configuration that cannot be used (dump_path not existing, not a
// directory, not writable; nothing selected) fails aclmdlSetDump with kInvalidDumpConfig and
// is logged at aclInit, which goes on without a dump (a missing dump_path or a bad value is
// refused by both, in runtime/config).
//
// When no dump is configured the observers return after one atomic load per task.
// Thread safety: every member is thread-safe. Failure: Status with the codes above and a
// message; writing problems never fail an execution (dump_writer.h).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "base/status.h"
#include "om/model.h"
#include "runtime/config/acl_config.h"
#include "runtime/core/extension.h"
#include "runtime/dump/dump_session.h"
#include "runtime/dump/dump_writer.h"

namespace asim::dump {

// aclError values without an err:: constant in base (checked against acl_base.h
// by the API shim).
inline constexpr int32_t kErrDumpAlreadyRun = 100044;  // ACL_ERROR_DUMP_ALREADY_RUN
inline constexpr int32_t kErrDumpNotRun = 100045;      // ACL_ERROR_DUMP_NOT_RUN

// One kernel task's op, as aclmdlCreateAndGetOpDesc reports it.
struct OpDescTensor {
  om::TensorDesc desc;
  const void* address = nullptr;  // device address in that execution
};
struct OpDescRecord {
  uint32_t device_id = 0;
  uint32_t stream_id = 0;
  uint64_t task_id = 0;
  std::string op_name;
  std::vector<OpDescTensor> inputs;
  std::vector<OpDescTensor> outputs;
};

// What an observer needs for one task: the session in force for it and the writer.
struct DumpTarget {
  std::shared_ptr<const DumpSession> session;
  std::shared_ptr<DumpWriter> writer;
};

class DumpManager {
 public:
  static constexpr size_t kOpDescLogCapacity = 4096;

  // One per runtime context (runtime/api/runtime_context.h); tests construct their own.
  DumpManager() = default;
  DumpManager(const DumpManager&) = delete;
  DumpManager& operator=(const DumpManager&) = delete;
  // Its part in the runtime's lifecycle (see above). Refers to this manager, which must
  // outlive the registration.
  std::shared_ptr<rt::RuntimeExtension> Extension();

  // acl_mdl.h. SetDump applies to the models loaded from now on: those with an id >=
  // first_model_id (the model manager's next id, which the caller asks for).
  Status InitDump();
  Status SetDump(const char* config_path, uint32_t first_model_id);
  Status FinalizeDump();
  // acl_dump.h: while registered, dump files go to `sink` instead of the disk.
  void SetCallback(DumpSink sink);

  // aclmdlCreateAndGetOpDesc: the op of a task that was dumped (or failed) recently. Task
  // ids match on their low 32 bits (the API's taskId is 32-bit).
  Status FindOpDesc(uint32_t device_id, uint32_t stream_id, uint64_t task_id, OpDescRecord* out) const;

  // Observer side.
  bool active() const { return active_.load(std::memory_order_acquire); }
  // The session for a task of model `model_id` (0: a single-op task); session null if none.
  DumpTarget TargetFor(uint32_t model_id) const;
  void RecordOpDesc(OpDescRecord record);

  // Extension hooks.
  Status OnInit(const cfg::AclConfig& config);
  void OnDeviceOpened(rt::DeviceContext& device);
  void OnFinalize();

  DumpWriter::Stats writer_stats() const;

 private:
  std::shared_ptr<DumpWriter> WriterLocked() const;
  void ResetLocked();
  void UpdateActiveLocked();

  mutable std::mutex mu_;
  bool acl_init_dump_ = false;  // aclInit's acl.json configured the dump
  bool mdl_init_ = false;       // between aclmdlInitDump and aclmdlFinalizeDump
  // Sessions by increasing first_model_id: a model uses the last one whose first id is <= its
  // id; a single-op task uses the latest.
  std::vector<std::shared_ptr<const DumpSession>> sessions_;
  mutable std::shared_ptr<DumpWriter> writer_;  // created with the first dumped task
  DumpSink sink_;
  std::atomic<bool> active_{false};
  DumpWriter::Stats retired_stats_;  // of the writers already flushed and dropped

  mutable std::mutex desc_mu_;
  std::deque<OpDescRecord> op_descs_;
};

}  // namespace asim::dump
