// The process's RuntimeContext and the order in which its managers join the lifecycle.
#include "runtime/api/runtime_context.h"

#include <mutex>

#include "runtime/check/check_extension.h"

namespace asim::api {

RuntimeContext& RuntimeContext::Process() {
  static RuntimeContext* context = new RuntimeContext();  // never destroyed: see the header
  return *context;
}

RuntimeContext::RuntimeContext() : core_(rt::Runtime::Get()), profiler_(core_) {}

void RuntimeContext::RegisterExtensions() {
  static std::once_flag once;
  std::call_once(once, [this] {
    core_.AddExtension(models_.Extension());
    core_.AddExtension(ops_.Extension());  // single-op models: released before the leak sweep
    core_.AddExtension(profiler_.Extension());
    core_.AddExtension(dump_.Extension());
    // Last: its leak sweep sees what the others (models) have released.
    core_.AddExtension(check::CheckExtension());
  });
}

}  // namespace asim::api
