// RuntimeExtension: how modules above the core (loaded models, dump, profiling) take part in
// the runtime's lifecycle without the core knowing them.
//
// Owns: the interface only. Extensions are registered once per process
// (runtime/api/runtime_context.cpp lists them, explicitly: no static initialisers) and live
// as long as the process. The core calls them:
//   OnInit         at the end of a successful aclInit, with the parsed configuration; a failure
//                  fails aclInit (the runtime is then left uninitialised);
//   OnDeviceOpened when a device is opened (aclrtSetDevice, a context, defaultDevice), under the
//                  runtime's lifecycle lock: register observers, nothing that calls the API;
//   OnDeviceRelease when a device is released (aclrtResetDevice, aclFinalize), after its streams
//                  drained and before its memory is checked for leaks, without runtime locks;
//                  returns how many objects it released (leaks when log_leaks);
//   OnFinalize     during aclFinalize after every device was released: flush, close files.
// Thread safety: callbacks may come from any application thread; implementations synchronise
// their own state. Failure: OnInit returns a Status; the others log their own problems.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/status.h"
#include "runtime/config/acl_config.h"

namespace asim::rt {

class DeviceContext;

class RuntimeExtension {
 public:
  virtual ~RuntimeExtension() = default;
  virtual Status OnInit(const cfg::AclConfig& /*config*/) { return Status::Ok(); }
  virtual void OnDeviceOpened(DeviceContext& /*device*/) {}
  virtual size_t OnDeviceRelease(int32_t /*device_id*/, bool /*log_leaks*/) { return 0; }
  virtual void OnFinalize() {}
};

}  // namespace asim::rt
