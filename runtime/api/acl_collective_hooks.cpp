// acl/ext/aclsim_ext.h aclsimGetCollectiveHooks: the table of runtime hooks libhccl.so uses
// (runtime/api/collective_hooks.h): collective tasks on a stream, device address translation,
// the chip's link parameters.
//
// Owns: nothing; each hook resolves its stream through the RuntimeContext's core.
// Thread safety: as rt::Runtime (thread-safe). Failure: a Status (hooks) or an aclError (the
// exported function); no exception crosses either boundary.
#include <cstring>
#include <memory>
#include <string>
#include <utility>

#include "acl/acl.h"
#include "acl/ext/aclsim_ext.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/collective_hooks.h"
#include "runtime/core/stream_use.h"
#include "runtime/observe/collective_task.h"

namespace {

namespace hooks = asim::hooks;
using asim::Status;

asim::rt::Runtime& RT() {
  return asim::api::Ctx().core();
}

Status ResolveStream(void* stream, std::shared_ptr<asim::rt::Stream>* s) {
  ASIM_RETURN_IF_ERROR(RT().RequireInit());
  return RT().ResolveStream(stream, s);
}

Status Submit(void* stream, hooks::CollectiveTask task) {
  try {
    std::shared_ptr<asim::rt::Stream> s;
    ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
    asim::sim::TaskDesc desc;
    desc.kind = asim::sim::TaskKind::kCollective;
    desc.engine = asim::sim::EngineKind::kDmaD2D;  // the chip's DMA engines move the data
    desc.name = std::move(task.name);
    desc.op_type = task.op_type.empty() ? desc.name : std::move(task.op_type);
    desc.bytes = task.bytes;
    desc.duration_ps = s->device().scheduler().timing_enabled() ? task.duration_ps : 0;
    desc.clocked_run = std::move(task.run);
    if (!task.dtype.empty()) {
      auto info = std::make_shared<asim::observe::CollectiveTaskInfo>();
      info->dtype = std::move(task.dtype);
      info->input_count = task.input_count;
      info->output_count = task.output_count;
      desc.info = std::move(info);
    }
    s->device().scheduler().Submit(s->hw(), std::move(desc));
    return Status::Ok();
  } catch (const std::exception& e) {
    return Status(asim::err::kInternalError, std::string("collective task submission failed: ") + e.what());
  }
}

// A collective needs a current context in the calling thread (HCCL asks the runtime for the
// current device), though not the stream's own: the communicator knows its rank's device, and
// HCCL switches to it, so one thread may drive every rank of an HcclCommInitAll.
Status StreamDevice(void* stream, int32_t* device_id) {
  std::shared_ptr<asim::rt::Stream> s;
  ASIM_RETURN_IF_ERROR(RT().RequireInit());
  ASIM_RETURN_IF_ERROR(asim::rt::ResolveStreamFor(RT(), stream, asim::rt::StreamUse::kWait, &s));
  *device_id = s->device_id();
  return Status::Ok();
}

Status Translate(void* stream, const void* ptr, size_t size, void** sim) {
  std::shared_ptr<asim::rt::Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  return s->device().memory().Translate(ptr, size == 0 ? 1 : size, sim);
}

Status LinkParams(void* stream, hooks::LinkParams* params) {
  std::shared_ptr<asim::rt::Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  const asim::sim::SocSpec& spec = s->device().device().spec();
  params->soc_name = spec.soc_name;
  params->devices_per_server = spec.links.devices_per_server;
  params->hccs_gbps = spec.links.hccs_gbps;
  params->hccs_latency_us = spec.links.hccs_latency_us;
  params->roce_gbps = spec.links.roce_gbps;
  params->roce_latency_us = spec.links.roce_latency_us;
  params->memory_gbps = spec.memory.bandwidth_gbps * spec.cost.memory_efficiency;
  return Status::Ok();
}

}  // namespace

extern "C" {

aclError aclsimGetCollectiveHooks(uint32_t version, aclsimCollectiveHooks* table, size_t tableSize) {
  ACL_API_BEGIN("aclsimGetCollectiveHooks");
  if (table == nullptr) ACL_API_FAIL(asim::err::kInvalidParam, "hooks is NULL");
  if (version != hooks::kCollectiveHooksVersion || tableSize != sizeof(hooks::CollectiveHooks)) {
    ACL_API_FAIL(asim::err::kInvalidParam, "collective hooks version " + std::to_string(version) + " (size " +
                                               std::to_string(tableSize) + ") is not this library's " +
                                               std::to_string(hooks::kCollectiveHooksVersion));
  }
  hooks::CollectiveHooks* out = table;
  out->version = hooks::kCollectiveHooksVersion;
  out->submit = &Submit;
  out->stream_device = &StreamDevice;
  out->translate = &Translate;
  out->link_params = &LinkParams;
  return ACL_SUCCESS;
  ACL_API_END();
}

}  // extern "C"
