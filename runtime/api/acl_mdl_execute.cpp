// acl_mdl.h: model execution (aclmdlExecute, aclmdlExecuteAsync, aclmdlExecuteV2,
// aclmdlExecuteAsyncV2): datasets -> ExecuteRequest -> ModelManager.
#include <string>

#include "acl/acl_mdl.h"
#include "runtime/api/acl_mdl_objects.h"
#include "runtime/api/api_guard.h"
#include "runtime/model/model_manager.h"

namespace {

// Resolves a dataset handle into the executor's buffers; `what` is "input" or "output".
asim::Status Collect(const aclmdlDataset* dataset, const char* what, std::vector<asim::model::IoBuffer>* out,
                     std::vector<int64_t>* gear) {
  if (dataset == nullptr) return asim::Status(asim::err::kInvalidParam, std::string(what) + " dataset is NULL");
  auto ds = asim::api::Datasets().Find(dataset);
  if (!ds) {
    return asim::Status(asim::err::kInvalidParam,
                        std::string(what) + " dataset is not a live aclmdlDataset (aclmdlCreateDataset)");
  }
  out->reserve(ds->buffers.size());
  for (size_t i = 0; i < ds->buffers.size(); ++i) {
    auto buf = asim::api::DataBuffers().Find(ds->buffers[i]);
    if (!buf) {
      return asim::Status(asim::err::kInvalidParam, std::string(what) + " dataset buffer " + std::to_string(i) +
                                                        " was destroyed (aclDestroyDataBuffer) while still in the "
                                                        "dataset");
    }
    asim::model::IoBuffer io;
    io.data = buf->data;
    io.size = buf->size;
    if (i < ds->descs.size() && ds->descs[i] != nullptr) io.desc = &ds->descs[i]->desc;
    out->push_back(io);
  }
  if (gear != nullptr) *gear = ds->dynamic_gear;
  return asim::Status::Ok();
}

asim::Status Run(uint32_t model_id, const aclmdlDataset* input, aclmdlDataset* output, aclrtStream stream, bool async,
                 const aclmdlExecConfigHandle* handle) {
  asim::model::ExecuteRequest request;
  ASIM_RETURN_IF_ERROR(Collect(input, "input", &request.inputs, &request.dynamic_gear));
  ASIM_RETURN_IF_ERROR(Collect(output, "output", &request.outputs, nullptr));
  request.stream = stream;
  request.async = async;
  if (handle != nullptr) {
    auto config = asim::api::ExecConfigs().Find(handle);
    if (!config) return asim::Status(asim::err::kInvalidParam, "handle is not a live aclmdlExecConfigHandle");
    if (config->stream_sync_timeout_ms >= 0) request.timeout_ms = config->stream_sync_timeout_ms;
  }
  return asim::model::ModelManager::Get().Execute(model_id, request);
}

}  // namespace

extern "C" {

aclError aclmdlExecute(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output) {
  ACL_API_BEGIN("aclmdlExecute");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(Run(modelId, input, output, nullptr, /*async=*/false, nullptr));
  ACL_API_END();
}

aclError aclmdlExecuteAsync(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output, aclrtStream stream) {
  ACL_API_BEGIN("aclmdlExecuteAsync");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(Run(modelId, input, output, stream, /*async=*/true, nullptr));
  ACL_API_END();
}

aclError aclmdlExecuteV2(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output, aclrtStream stream,
                         const aclmdlExecConfigHandle* handle) {
  ACL_API_BEGIN("aclmdlExecuteV2");
  ACL_API_REQUIRE_INIT();
  // Synchronous on the given stream: enqueue there, then wait for it.
  asim::Status st = Run(modelId, input, output, stream, /*async=*/true, handle);
  if (!st.ok()) ACL_API_RETURN(st);
  int64_t timeout = -1;
  if (handle != nullptr) {
    auto config = asim::api::ExecConfigs().Find(handle);
    if (config && config->stream_sync_timeout_ms >= 0) timeout = config->stream_sync_timeout_ms;
  }
  ACL_API_RETURN(asim::rt::Runtime::Get().SynchronizeStream(stream, timeout));
  ACL_API_END();
}

aclError aclmdlExecuteAsyncV2(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output, aclrtStream stream,
                              const aclmdlExecConfigHandle* handle) {
  ACL_API_BEGIN("aclmdlExecuteAsyncV2");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(Run(modelId, input, output, stream, /*async=*/true, handle));
  ACL_API_END();
}

}  // extern "C"
