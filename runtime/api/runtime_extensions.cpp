// The modules that take part in aclInit / device open and release / aclFinalize. One line
// each; the order is the order of their callbacks.
#include "runtime/api/runtime_extensions.h"

#include <mutex>

#include "runtime/check/check_extension.h"
#include "runtime/core/runtime.h"
#include "runtime/dump/dump_manager.h"
#include "runtime/model/model_manager.h"
#include "runtime/op/op_runner.h"
#include "runtime/profiling/profiler.h"

namespace asim::api {

void RegisterRuntimeExtensions() {
  static std::once_flag once;
  std::call_once(once, [] {
    rt::Runtime& rt = rt::Runtime::Get();
    rt.AddExtension(model::ModelManager::Extension());
    rt.AddExtension(op::OpRunner::Extension());  // single-op models: released before the leak sweep
    rt.AddExtension(prof::Profiler::Extension());
    rt.AddExtension(dump::DumpManager::Extension());
    // Last: its leak sweep sees what the others (models) have released.
    rt.AddExtension(check::CheckExtension());
  });
}

}  // namespace asim::api
