// RuntimeContext: the one root of the runtime's state, and the only place the exported
// functions reach it from.
//
// Owns: the managers of every module — the core (devices, contexts, streams, events,
// memory, callbacks), the testing support's state (memcheck, fault injection, the CI modes:
// check::CheckState), the loaded models, the single-op service, the dump and the profiler —
// and the tables of the objects behind the application's handles (acl_objects.h; the tdt
// channels, queues and their objects) as members, wired to each other explicitly at
// construction (the profiler observes the core's devices; every manager joins the core's
// lifecycle through its RuntimeExtension, in the order of the members below). Modules below
// runtime/api never look for another module's manager: they are handed what they need (the
// core, the check state, a device, a stream, an id), which is why each of them can be
// unit-tested without aclInit (tests/support/sim_device).
// Process(): the C API has no handle to carry a context, so the process has one, created on
// first use — not by aclInit: functions such as aclrtGetRunMode, aclrtGetDeviceCount and
// aclCreateDataBuffer work before aclInit and after aclFinalize — and never destroyed
// (device workers may still run tasks during static destruction, application static
// destructors may still call aclFinalize). aclInit / aclFinalize start and end its
// managers' state through their extensions; what survives aclFinalize is what AscendCL
// keeps too (model ids are never reused within a process).
// Still process-wide, outside the context: memcheck's SIGSEGV handler, which reads this
// context's check state through the one atomic pointer the constructor installs
// (check::SegvReport::SetProcessReport); the per-thread current context, recent error and
// leak status; the kernel registry (an immutable table); aclrtGetSocName's interned names.
// Every handle registry is a member here. docs/architecture.md lists them.
// Thread safety: the accessors are; each manager documents its own. Failure: none here.
#pragma once

#include <memory>
#include <mutex>

#include "runtime/check/check_state.h"
#include "runtime/core/io_objects.h"
#include "runtime/core/runtime.h"
#include "runtime/dump/dump_manager.h"
#include "runtime/model/model_manager.h"
#include "runtime/model/model_objects.h"
#include "runtime/op/op_objects.h"
#include "runtime/op/op_service.h"
#include "runtime/profiling/profiler.h"
#include "runtime/tdt/tdt_state.h"

struct aclrtStreamConfigHandle;  // acl/acl_rt.h (this header is also built without include/)

namespace asim::api {

struct DvppObjects;  // acl_dvpp_objects.h (kept out of this header: acl_dvpp.h is large)

class RuntimeContext {
 public:
  static RuntimeContext& Process();
  ~RuntimeContext();  // never runs for Process()'s; defined where DvppObjects is complete

  rt::Runtime& core() { return core_; }
  check::CheckState& checks() { return checks_; }
  model::ModelManager& models() { return models_; }
  op::OpService& ops() { return ops_; }
  dump::DumpManager& dump() { return dump_; }
  prof::Profiler& profiler() { return profiler_; }
  // The objects behind the application's handles (buffers and descriptors; datasets, model
  // descriptions, AIPP sets, configs).
  rt::IoObjects& io() { return io_; }
  model::ModelObjects& model_objects() { return model_objects_; }
  op::OpObjects& op_objects() { return op_objects_; }
  DvppObjects& dvpp_objects() { return *dvpp_objects_; }
  // aclrtCreateStreamConfigHandle: the struct is public, but a destroyed or made-up pointer
  // must get an error, not a double free.
  rt::HandleRegistry<aclrtStreamConfigHandle>& stream_configs() { return stream_configs_; }
  // acl_tdt.h / acl_tdt_queue.h: items, datasets, channels, queues, routes, buffers.
  tdt::TdtState& tdt() { return tdt_; }

  // Joins the managers to the core's lifecycle (once; aclInit calls it first).
  void RegisterExtensions();

 private:
  RuntimeContext();

  rt::Runtime core_;
  check::CheckState checks_;
  std::once_flag extensions_once_;
  model::ModelManager models_;
  op::OpService ops_;  // after models: a released device's op models go before the leak sweep
  prof::Profiler profiler_;
  dump::DumpManager dump_;
  rt::IoObjects io_;
  model::ModelObjects model_objects_;
  op::OpObjects op_objects_;
  std::unique_ptr<DvppObjects> dvpp_objects_;
  rt::HandleRegistry<aclrtStreamConfigHandle> stream_configs_;
  tdt::TdtState tdt_;
};

// The process's context (RuntimeContext::Process()).
inline RuntimeContext& Ctx() {
  return RuntimeContext::Process();
}

}  // namespace asim::api
