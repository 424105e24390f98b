// acl_mdl.h: model execution (aclmdlExecute, aclmdlExecuteAsync, aclmdlExecuteV2,
// aclmdlExecuteAsyncV2): datasets -> ExecuteRequest -> ModelManager.
// After a synchronous execution (aclmdlExecute, aclmdlExecuteV2) of a model with
// data-dependent outputs (-1 dims in its description), the output dataset's tensor desc of
// each such output holds the dims the execution computed (aclmdlGetDatasetTensorDesc), as
// AscendCL reports dynamic outputs: a desc the application set gets the new shape, else
// one is created with the output's data type, format and name. After an asynchronous one,
// aclmdlGetCurOutputDims gives them once the stream is synchronized.
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_mdl.h"
#include "runtime/api/acl_objects.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/api/sim_hooks.h"
#include "runtime/check/api_hooks.h"
#include "runtime/core/stream_use.h"
#include "runtime/model/model_manager.h"

namespace {

// Resolves a dataset handle into the executor's buffers; `what` is "input" or "output".
asim::Status Collect(const aclmdlDataset* dataset, const char* what, std::vector<asim::model::IoBuffer>* out,
                     std::vector<int64_t>* gear, std::vector<std::shared_ptr<const void>>* keep) {
  if (dataset == nullptr) return asim::Status(asim::err::kInvalidParam, std::string(what) + " dataset is NULL");
  auto ds = asim::api::Datasets().Find(dataset);
  if (!ds) {
    return asim::Status(asim::err::kInvalidParam,
                        std::string(what) + " dataset is not a live aclmdlDataset (aclmdlCreateDataset)");
  }
  if (gear != nullptr) *gear = ds->gear();
  return ds->Collect(what, asim::api::TensorDescs(), out, keep);
}

std::vector<asim::check::ModelBuffer> Buffers(const std::vector<asim::model::IoBuffer>& io) {
  std::vector<asim::check::ModelBuffer> out;
  for (const auto& b : io) out.push_back({b.data, b.size});
  return out;
}

asim::Status RunOnce(const char* api, uint32_t model_id, const aclmdlDataset* input, aclmdlDataset* output,
                     aclrtStream stream, bool async, const aclmdlExecConfigHandle* handle,
                     asim::model::ExecuteRequest* out, asim::model::ExecuteResult* result) {
  asim::model::ExecuteRequest& request = *out;
  ASIM_RETURN_IF_ERROR(Collect(input, "input", &request.inputs, &request.dynamic_gear, &request.keep_alive));
  ASIM_RETURN_IF_ERROR(Collect(output, "output", &request.outputs, nullptr, &request.keep_alive));
  request.async = async;
  if (async)
    ASIM_RETURN_IF_ERROR(
        asim::rt::ResolveStreamFor(asim::api::Ctx().core(), stream, asim::rt::StreamUse::kWork, &request.stream));
  request.aicpu_timeout_s = asim::api::Ctx().core().op_execute_timeout();
  if (handle != nullptr) {
    auto config = asim::api::ExecConfigs().Find(handle);
    if (!config) return asim::Status(asim::err::kInvalidParam, "handle is not a live aclmdlExecConfigHandle");
    if (config->stream_sync_timeout_ms >= 0) request.timeout_ms = config->stream_sync_timeout_ms;
  }
  ASIM_RETURN_IF_ERROR(asim::check::BeforeModelExecute(asim::api::Ctx().checks(), api, model_id,
                                                       Buffers(request.inputs), Buffers(request.outputs),
                                                       request.stream.get()));
  return asim::api::Ctx().models().Execute(model_id, request, result);
}

// The output dataset's tensor descs get the actual dims of the data-dependent outputs of a
// synchronous execution (as real AscendCL's do).
void ReportOutputDims(uint32_t model_id, const asim::model::ExecuteResult& result, aclmdlDataset* output) {
  auto ds = asim::api::Datasets().Find(output);
  std::shared_ptr<const asim::model::ModelInfo> info;
  if (!ds || !asim::api::Ctx().models().GetInfo(model_id, &info).ok()) return;
  ds->ApplyOutputDims(*info, result, asim::api::TensorDescs());
}

// An execution enqueued on the application's stream and waited for there (aclmdlExecuteV2)
// reports through the model's latest output dims.
asim::model::ExecuteResult LatestResult(uint32_t model_id) {
  asim::model::ExecuteResult result;
  std::shared_ptr<const asim::model::ModelInfo> info;
  if (!asim::api::Ctx().models().GetInfo(model_id, &info).ok()) return result;
  result.data_dependent_dims.resize(info->outputs.size());
  for (size_t i = 0; i < info->outputs.size(); ++i) {
    bool known = false;
    if (!asim::api::Ctx().models().LastOutputDims(model_id, i, &result.data_dependent_dims[i], &known).ok() || !known) {
      result.data_dependent_dims[i].clear();
    }
  }
  return result;
}

// Testing support around one execution: memcheck's checks of the dataset buffers before it
// (in RunOnce), its asynchronous writes and an injected failure after it (runtime/check/faults.h:
// a synchronous execution returns the fault; an asynchronous one leaves it on the stream).
asim::Status Run(const char* api, uint32_t model_id, const aclmdlDataset* input, aclmdlDataset* output,
                 aclrtStream stream, bool async, const aclmdlExecConfigHandle* handle,
                 asim::model::ExecuteResult* result = nullptr, std::shared_ptr<asim::rt::Stream>* resolved = nullptr) {
  asim::model::ExecuteRequest request;
  ASIM_RETURN_IF_ERROR(RunOnce(api, model_id, input, output, stream, async, handle, &request, result));
  if (resolved != nullptr) *resolved = request.stream;  // the stream an asynchronous execution went to
  const asim::Status fault = asim::check::ModelExecuteFault(asim::api::Ctx().checks(), model_id);
  if (!async) return fault;
  asim::check::AfterModelExecuteAsync(asim::api::Ctx().checks(), api, model_id, Buffers(request.outputs),
                                      *request.stream);
  if (fault.ok()) return fault;
  return asim::check::SubmitStreamFailure(*request.stream, fault,
                                          "model " + std::to_string(model_id) + " (injected fault)");
}

}  // namespace

extern "C" {

aclError aclmdlExecute(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output) {
  ACL_API_BEGIN("aclmdlExecute");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  asim::model::ExecuteResult result;
  const asim::Status st = Run(kApi, modelId, input, output, nullptr, /*async=*/false, nullptr, &result);
  asim::api::Ctx().core().FlushExceptionCallbacks();  // a failure's callback has run on return
  // Outputs the runtime allocated (NULL 0-byte buffers, sizes known only at execution) go to
  // the application with the dataset; after a failure (an injected fault) nothing is handed.
  for (const asim::model::IoBuffer& b : result.allocated_outputs) {
    if (b.data == nullptr) continue;
    if (st.ok()) {
      asim::check::AfterMalloc(asim::api::Ctx().checks(), b.data, b.size);
    } else {
      (void)asim::api::Ctx().core().Free(b.data);
    }
  }
  if (st.ok()) ReportOutputDims(modelId, result, output);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclmdlExecuteAsync(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output, aclrtStream stream) {
  ACL_API_BEGIN("aclmdlExecuteAsync");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(Run(kApi, modelId, input, output, stream, /*async=*/true, nullptr));
  ACL_API_END();
}

aclError aclmdlExecuteV2(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output, aclrtStream stream,
                         const aclmdlExecConfigHandle* handle) {
  ACL_API_BEGIN("aclmdlExecuteV2");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  // Synchronous on the given stream: enqueue there, then wait for it.
  std::shared_ptr<asim::rt::Stream> s;
  asim::Status st = Run(kApi, modelId, input, output, stream, /*async=*/true, handle, nullptr, &s);
  if (!st.ok()) ACL_API_RETURN(st);
  int64_t timeout = -1;
  if (handle != nullptr) {
    auto config = asim::api::ExecConfigs().Find(handle);
    if (config && config->stream_sync_timeout_ms >= 0) timeout = config->stream_sync_timeout_ms;
  }
  st = asim::api::Ctx().core().SynchronizeStream(*s, timeout);
  if (st.code() != asim::err::kRtStreamSyncTimeout) asim::check::AfterSyncStream(asim::api::Ctx().checks(), *s);
  if (st.ok()) ReportOutputDims(modelId, LatestResult(modelId), output);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclmdlExecuteAsyncV2(uint32_t modelId, const aclmdlDataset* input, aclmdlDataset* output, aclrtStream stream,
                              const aclmdlExecConfigHandle* handle) {
  ACL_API_BEGIN("aclmdlExecuteAsyncV2");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(Run(kApi, modelId, input, output, stream, /*async=*/true, handle));
  ACL_API_END();
}

}  // extern "C"
