// acl_mdl.h dump control (aclmdlInitDump, aclmdlSetDump, aclmdlFinalizeDump) and acl_dump.h
// (acldumpRegCallback / acldumpUnregCallback) over runtime/dump's DumpManager.
//
// Errors follow the real runtime: ACL_ERROR_UNINITIALIZE before aclInit; with a dump section
// in aclInit's acl.json the three aclmdl*Dump functions return ACL_ERROR_DUMP_ALREADY_RUN;
// SetDump / FinalizeDump without InitDump return ACL_ERROR_DUMP_NOT_RUN; InitDump twice
// ACL_ERROR_REPEAT_INITIALIZE; an unreadable or malformed file ACL_ERROR_INVALID_FILE /
// ACL_ERROR_PARSE_FILE; a configuration that cannot be used ACL_ERROR_INVALID_DUMP_CONFIG.
// acldumpRegCallback: the callback must not be NULL and flag must be 0 (the only value
// AscendCL supports: the data goes to the callback and is not written to files).
// aclmdlCreateAndGetOpDesc: the op of a task (device, stream and task id, as an exception
// callback or a dump file name gives them) among the recent tasks that were dumped or
// failed; its descriptors are contiguous arrays (aclGetTensorDescByIndex walks them) in the
// device format with the original format and shape set, and the tensor's device address;
// aclDestroyTensorDesc on the first element releases an array. An unknown task, or an
// opNameLen too short for the name and its terminating NUL, is ACL_ERROR_INVALID_PARAM.
#include <algorithm>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "acl/acl_dump.h"
#include "acl/acl_mdl.h"
#include "runtime/api/acl_objects.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/dump/dump_manager.h"

static_assert(asim::dump::kErrDumpAlreadyRun == ACL_ERROR_DUMP_ALREADY_RUN);
static_assert(asim::dump::kErrDumpNotRun == ACL_ERROR_DUMP_NOT_RUN);

namespace {

asim::dump::DumpManager& Dumps() {
  return asim::api::Ctx().dump();
}

using Callback = int32_t (*)(const acldumpChunk*, int32_t);

// Adapts the writer's sink to acldumpChunk messages.
asim::dump::DumpSink ChunkSink(Callback callback) {
  return [callback](const std::string& path, std::span<const uint8_t> chunk, uint64_t offset, bool last) -> int32_t {
    const size_t total = sizeof(acldumpChunk) + chunk.size();
    std::vector<uint64_t> storage((total + sizeof(uint64_t) - 1) / sizeof(uint64_t));
    auto* message = reinterpret_cast<acldumpChunk*>(storage.data());
    const size_t n = std::min(path.size(), sizeof(message->fileName) - 1);
    std::memcpy(message->fileName, path.data(), n);
    message->fileName[n] = '\0';
    message->bufLen = static_cast<uint32_t>(chunk.size());
    message->isLastChunk = last ? 1u : 0u;
    message->offset = static_cast<int64_t>(offset);
    message->flag = 0;
    if (!chunk.empty()) std::memcpy(message->dataBuf, chunk.data(), chunk.size());
    return callback(message, static_cast<int32_t>(total));
  };
}

asim::Status MakeDescArray(const std::vector<asim::dump::OpDescTensor>& tensors, aclTensorDesc** out) {
  *out = nullptr;
  if (tensors.empty()) return asim::Status::Ok();
  auto items = std::make_shared<asim::TensorDesc[]>(tensors.size());
  for (size_t i = 0; i < tensors.size(); ++i) {
    const asim::om::TensorDesc& t = tensors[i].desc;
    asim::TensorDesc& d = items[i];
    ASIM_RETURN_IF_ERROR(
        asim::TensorDesc::Create(t.dtype, static_cast<int>(t.dims.size()), t.dims.data(), t.format, &d));
    if (t.origin_format != asim::Format::kUndefined) {
      ASIM_RETURN_IF_ERROR(d.SetOriginFormat(t.origin_format));
      ASIM_RETURN_IF_ERROR(d.SetOriginShape(static_cast<int>(t.origin_dims.size()), t.origin_dims.data()));
    }
    d.set_address(const_cast<void*>(tensors[i].address));
  }
  asim::rt::IoObjects& io = asim::api::Ctx().io();
  *out = asim::api::AsHandle<aclTensorDesc>(io.desc_arrays.Add(std::move(items), tensors.size(), io.descs));
  return asim::Status::Ok();
}

}  // namespace

namespace asim::api {

aclTensorDesc* TensorDescArrayElement(const aclTensorDesc* base, size_t index) {
  return AsHandle<aclTensorDesc>(Ctx().io().desc_arrays.Element(base, index));
}

bool DestroyTensorDescArray(const aclTensorDesc* base) {
  return Ctx().io().desc_arrays.Remove(base, Ctx().io().descs);
}

}  // namespace asim::api

extern "C" {

aclError aclmdlCreateAndGetOpDesc(uint32_t deviceId, uint32_t streamId, uint32_t taskId, char* opName, size_t opNameLen,
                                  aclTensorDesc** inputDesc, size_t* numInputs, aclTensorDesc** outputDesc,
                                  size_t* numOutputs) {
  ACL_API_BEGIN("aclmdlCreateAndGetOpDesc");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(opName);
  ACL_API_CHECK_NOT_NULL(inputDesc);
  ACL_API_CHECK_NOT_NULL(numInputs);
  ACL_API_CHECK_NOT_NULL(outputDesc);
  ACL_API_CHECK_NOT_NULL(numOutputs);
  asim::dump::OpDescRecord record;
  const asim::Status found = Dumps().FindOpDesc(deviceId, streamId, taskId, &record);
  if (!found.ok()) ACL_API_RETURN(found);
  if (opNameLen < record.op_name.size() + 1) {
    ACL_API_FAIL(asim::err::kInvalidParam, "opNameLen " + std::to_string(opNameLen) + " is too short for op name '" +
                                               record.op_name + "' (" + std::to_string(record.op_name.size()) +
                                               " characters and the terminating NUL)");
  }
  aclTensorDesc* inputs = nullptr;
  aclTensorDesc* outputs = nullptr;
  asim::Status st = MakeDescArray(record.inputs, &inputs);
  if (st.ok()) st = MakeDescArray(record.outputs, &outputs);
  if (!st.ok()) {
    if (inputs != nullptr) asim::api::DestroyTensorDescArray(inputs);
    ACL_API_RETURN(st);
  }
  std::memcpy(opName, record.op_name.c_str(), record.op_name.size() + 1);
  *inputDesc = inputs;
  *numInputs = record.inputs.size();
  *outputDesc = outputs;
  *numOutputs = record.outputs.size();
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclmdlInitDump() {
  ACL_API_BEGIN("aclmdlInitDump");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(Dumps().InitDump());
  ACL_API_END();
}

aclError aclmdlSetDump(const char* dumpCfgPath) {
  ACL_API_BEGIN("aclmdlSetDump");
  ACL_API_REQUIRE_INIT();
  // The state checks come before the NULL check, as in AscendCL (DumpManager::SetDump).
  ACL_API_RETURN(Dumps().SetDump(dumpCfgPath, asim::api::Ctx().models().next_model_id()));
  ACL_API_END();
}

aclError aclmdlFinalizeDump() {
  ACL_API_BEGIN("aclmdlFinalizeDump");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(Dumps().FinalizeDump());
  ACL_API_END();
}

aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk*, int32_t), int32_t flag) {
  ACL_API_BEGIN("acldumpRegCallback");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(messageCallback);
  if (flag != 0) {
    ACL_API_FAIL(asim::err::kInvalidParam,
                 "flag " + std::to_string(flag) + " is not supported: only 0 (data to the callback, no files) is");
  }
  Dumps().SetCallback(ChunkSink(messageCallback));
  return ACL_SUCCESS;
  ACL_API_END();
}

void acldumpUnregCallback() {
  asim::api::Guarded("acldumpUnregCallback", 0, [] {
    Dumps().SetCallback(nullptr);
    return 0;
  });
}

}  // extern "C"
