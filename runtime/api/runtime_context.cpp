// The process's RuntimeContext and the order in which its managers join the lifecycle.
#include "runtime/api/runtime_context.h"

#include <mutex>

#include "runtime/api/acl_dvpp_objects.h"
#include "runtime/check/check_extension.h"
#include "runtime/tdt/runtime_link.h"

namespace asim::api {

RuntimeContext& RuntimeContext::Process() {
  static RuntimeContext* context = new RuntimeContext();  // never destroyed: see the header
  return *context;
}

RuntimeContext::~RuntimeContext() = default;

RuntimeContext::RuntimeContext() : profiler_(core_), dvpp_objects_(std::make_unique<DvppObjects>()) {
  check::SegvReport::SetProcessReport(&checks_.segv());  // the one pointer the SIGSEGV handler reads
}

void RuntimeContext::RegisterExtensions() {
  std::call_once(extensions_once_, [this] {
    core_.AddExtension(models_.Extension());
    core_.AddExtension(ops_.Extension());  // single-op models: released before the leak sweep
    core_.AddExtension(profiler_.Extension());
    core_.AddExtension(dump_.Extension());
    // Last: its leak sweep sees what the others (models) have released.
    core_.AddExtension(check::CheckExtension(checks_));
    // After the sweep (which reports what channels still hold): the channels of a released
    // device are closed, waking whoever waits on them.
    core_.AddExtension(tdt::ChannelsExtension(tdt_.channels));
  });
}

}  // namespace asim::api
