// acl_mdl.h: load configurations (aclmdlConfigHandle, for aclmdlLoadWithConfig) and execute
// configurations (aclmdlExecConfigHandle, for aclmdlExecuteV2 / ExecuteAsyncV2).
//
// aclmdlSetConfigOpt / aclmdlSetExecConfigOpt take attrValue pointing at a value of the
// attribute's type and valueSize == sizeof that type, as in AscendCL:
//  - *_INT32 and the sync timeouts: int32_t;  *_SIZET: size_t;
//  - *_PTR: a pointer, so attrValue points at the pointer (valueSize == sizeof(void*)). For
//    ACL_MDL_PATH_PTR / ACL_MDL_WEIGHT_PATH_PTR that pointer is the `char*` path, copied at
//    once. The path, model memory and queue-id pointers must not be NULL; weight / workspace
//    addresses may be (NULL = the runtime allocates).
// Range checks (AscendCL's): ACL_MDL_PRIORITY_INT32 in [0, 7] (the device's stream priority
// range, 0 highest); ACL_MDL_WORKSPACE_MEM_OPTIMIZE 0 or 1; sync timeouts >= -1 (-1 = wait
// forever). ACL_MDL_LOAD_TYPE_SIZET is stored as given (AscendCL checks it only at load).
// Errors: a NULL or dead handle, a NULL attrValue, an unknown attribute (or one of the
// ExeOM partition attributes ACL_MDL_MODEL_DESC_PTR .. ACL_MDL_DYNAMIC_TASK_SIZET, which this
// runtime does not take), a wrong valueSize or a value out of range: ACL_ERROR_INVALID_PARAM.
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "acl/acl_mdl.h"
#include "runtime/api/acl_objects.h"
#include "runtime/api/api_guard.h"
#include "runtime/core/pointer_text.h"

namespace {

using asim::Status;

constexpr int32_t kHighestPriority = 0;  // the simulated device's stream priority range
constexpr int32_t kLowestPriority = 7;

Status Invalid(const std::string& message) {
  return Status(asim::err::kInvalidParam, message);
}

// Checks valueSize against the attribute's type; reads the value into *out (for pointers,
// the pointer itself).
template <typename T>
Status Read(const char* attr, const void* value, size_t size, T* out) {
  if (size != sizeof(T)) {
    return Invalid(std::string("valueSize ") + std::to_string(size) + " is wrong for " + attr + ": it takes " +
                   std::to_string(sizeof(T)) + " bytes");
  }
  std::memcpy(out, value, sizeof(T));
  return Status::Ok();
}

Status ReadPtr(const char* attr, const void* value, size_t size, bool not_null, void** out) {
  ASIM_RETURN_IF_ERROR(Read(attr, value, size, out));
  if (not_null && *out == nullptr) return Invalid(std::string("the pointer *attrValue for ") + attr + " is NULL");
  return Status::Ok();
}

Status SetLoadOption(asim::model::LoadConfig& h, int32_t attr, const void* value, size_t size) {
  size_t n = 0;
  void* p = nullptr;
  switch (attr) {
    case ACL_MDL_PRIORITY_INT32: {
      int32_t priority = 0;
      ASIM_RETURN_IF_ERROR(Read("ACL_MDL_PRIORITY_INT32", value, size, &priority));
      if (priority < kHighestPriority || priority > kLowestPriority) {
        return Invalid("priority " + std::to_string(priority) + " is outside [" + std::to_string(kHighestPriority) +
                       ", " + std::to_string(kLowestPriority) + "]");
      }
      h.priority = priority;
      h.priority_set = true;
      return Status::Ok();
    }
    case ACL_MDL_LOAD_TYPE_SIZET:
      ASIM_RETURN_IF_ERROR(Read("ACL_MDL_LOAD_TYPE_SIZET", value, size, &h.load_type));
      return Status::Ok();
    case ACL_MDL_PATH_PTR:
      ASIM_RETURN_IF_ERROR(ReadPtr("ACL_MDL_PATH_PTR", value, size, true, &p));
      h.path = static_cast<const char*>(p);
      return Status::Ok();
    case ACL_MDL_MEM_ADDR_PTR:
      ASIM_RETURN_IF_ERROR(ReadPtr("ACL_MDL_MEM_ADDR_PTR", value, size, true, &p));
      h.mem_addr = p;
      return Status::Ok();
    case ACL_MDL_MEM_SIZET: return Read("ACL_MDL_MEM_SIZET", value, size, &h.mem_size);
    case ACL_MDL_WEIGHT_ADDR_PTR: return ReadPtr("ACL_MDL_WEIGHT_ADDR_PTR", value, size, false, &h.weight_addr);
    case ACL_MDL_WEIGHT_SIZET: return Read("ACL_MDL_WEIGHT_SIZET", value, size, &h.weight_size);
    case ACL_MDL_WORKSPACE_ADDR_PTR: return ReadPtr("ACL_MDL_WORKSPACE_ADDR_PTR", value, size, false, &h.work_addr);
    case ACL_MDL_WORKSPACE_SIZET: return Read("ACL_MDL_WORKSPACE_SIZET", value, size, &h.work_size);
    case ACL_MDL_INPUTQ_NUM_SIZET: return Read("ACL_MDL_INPUTQ_NUM_SIZET", value, size, &h.input_q_num);
    case ACL_MDL_INPUTQ_ADDR_PTR:
      ASIM_RETURN_IF_ERROR(ReadPtr("ACL_MDL_INPUTQ_ADDR_PTR", value, size, true, &p));
      h.input_q = static_cast<const uint32_t*>(p);
      return Status::Ok();
    case ACL_MDL_OUTPUTQ_NUM_SIZET: return Read("ACL_MDL_OUTPUTQ_NUM_SIZET", value, size, &h.output_q_num);
    case ACL_MDL_OUTPUTQ_ADDR_PTR:
      ASIM_RETURN_IF_ERROR(ReadPtr("ACL_MDL_OUTPUTQ_ADDR_PTR", value, size, true, &p));
      h.output_q = static_cast<const uint32_t*>(p);
      return Status::Ok();
    case ACL_MDL_WORKSPACE_MEM_OPTIMIZE:
      ASIM_RETURN_IF_ERROR(Read("ACL_MDL_WORKSPACE_MEM_OPTIMIZE", value, size, &n));
      if (n > ACL_WORKSPACE_MEM_OPTIMIZE_INPUTOUTPUT) {
        return Invalid("ACL_MDL_WORKSPACE_MEM_OPTIMIZE is " + std::to_string(n) + "; it must be 0 or 1");
      }
      h.workspace_mem_optimize = n;
      return Status::Ok();
    case ACL_MDL_WEIGHT_PATH_PTR:
      ASIM_RETURN_IF_ERROR(ReadPtr("ACL_MDL_WEIGHT_PATH_PTR", value, size, true, &p));
      h.weight_path = static_cast<const char*>(p);
      return Status::Ok();
    default: break;
  }
  if (attr >= ACL_MDL_MODEL_DESC_PTR && attr <= ACL_MDL_DYNAMIC_TASK_SIZET) {
    return Invalid("attr " + std::to_string(attr) +
                   " (an ExeOM partition attribute) is not supported by the simulated device");
  }
  return Invalid("attr " + std::to_string(attr) + " is not an aclmdlConfigAttr (" +
                 std::to_string(ACL_MDL_PRIORITY_INT32) + " .. " + std::to_string(ACL_MDL_WEIGHT_PATH_PTR) + ")");
}

Status SetExecOption(asim::model::ExecConfig& h, int32_t attr, const void* value, size_t size) {
  switch (attr) {
    case ACL_MDL_STREAM_SYNC_TIMEOUT:
    case ACL_MDL_EVENT_SYNC_TIMEOUT: {
      const bool stream = attr == ACL_MDL_STREAM_SYNC_TIMEOUT;
      const char* name = stream ? "ACL_MDL_STREAM_SYNC_TIMEOUT" : "ACL_MDL_EVENT_SYNC_TIMEOUT";
      int32_t timeout = 0;
      ASIM_RETURN_IF_ERROR(Read(name, value, size, &timeout));
      if (timeout < -1) return Invalid(std::string(name) + " is " + std::to_string(timeout) + "; it must be >= -1");
      (stream ? h.stream_sync_timeout_ms : h.event_sync_timeout_ms) = timeout;
      return Status::Ok();
    }
    case ACL_MDL_WORK_ADDR_PTR: return ReadPtr("ACL_MDL_WORK_ADDR_PTR", value, size, false, &h.work_addr);
    case ACL_MDL_WORK_SIZET: return Read("ACL_MDL_WORK_SIZET", value, size, &h.work_size);
    case ACL_MDL_MPAIMID_SIZET: return Read("ACL_MDL_MPAIMID_SIZET", value, size, &h.mpaim_id);
    case ACL_MDL_AICQOS_SIZET: return Read("ACL_MDL_AICQOS_SIZET", value, size, &h.aic_qos);
    case ACL_MDL_AICOST_SIZET: return Read("ACL_MDL_AICOST_SIZET", value, size, &h.aic_ost);
    case ACL_MDL_MEC_TIMETHR_SIZET: return Read("ACL_MDL_MEC_TIMETHR_SIZET", value, size, &h.mec_time_thr);
    default:
      return Invalid("attr " + std::to_string(attr) + " is not an aclmdlExecConfigAttr (" +
                     std::to_string(ACL_MDL_STREAM_SYNC_TIMEOUT) + " .. " + std::to_string(ACL_MDL_MEC_TIMETHR_SIZET) +
                     ")");
  }
}

template <typename T>
Status Find(asim::rt::HandleRegistry<T>& registry, const void* handle, const char* creator, std::shared_ptr<T>* out) {
  if (handle == nullptr) return Invalid("handle must not be NULL");
  *out = registry.Find(handle);
  if (!*out) {
    return Invalid("handle " + asim::rt::PointerText(handle) + " is not live (destroyed, or never created by " +
                   creator + ")");
  }
  return Status::Ok();
}

}  // namespace

extern "C" {

aclmdlConfigHandle* aclmdlCreateConfigHandle() {
  return asim::api::Guarded<aclmdlConfigHandle*>("aclmdlCreateConfigHandle", nullptr, [] {
    return static_cast<aclmdlConfigHandle*>(asim::api::ModelConfigs().Add(std::make_shared<asim::model::LoadConfig>()));
  });
}

aclError aclmdlDestroyConfigHandle(aclmdlConfigHandle* handle) {
  ACL_API_BEGIN("aclmdlDestroyConfigHandle");
  std::shared_ptr<asim::model::LoadConfig> config;
  Status st = Find(asim::api::ModelConfigs(), handle, "aclmdlCreateConfigHandle", &config);
  if (st.ok()) asim::api::ModelConfigs().Remove(handle);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclmdlSetConfigOpt(aclmdlConfigHandle* handle, aclmdlConfigAttr attr, const void* attrValue,
                            size_t valueSize) {
  ACL_API_BEGIN("aclmdlSetConfigOpt");
  std::shared_ptr<asim::model::LoadConfig> config;
  Status st = Find(asim::api::ModelConfigs(), handle, "aclmdlCreateConfigHandle", &config);
  if (st.ok() && attrValue == nullptr) st = Invalid("attrValue must not be NULL");
  if (st.ok()) st = SetLoadOption(*config, asim::api::RawEnum(attr), attrValue, valueSize);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclmdlExecConfigHandle* aclmdlCreateExecConfigHandle() {
  return asim::api::Guarded<aclmdlExecConfigHandle*>("aclmdlCreateExecConfigHandle", nullptr, [] {
    return static_cast<aclmdlExecConfigHandle*>(
        asim::api::ExecConfigs().Add(std::make_shared<asim::model::ExecConfig>()));
  });
}

aclError aclmdlDestroyExecConfigHandle(const aclmdlExecConfigHandle* handle) {
  ACL_API_BEGIN("aclmdlDestroyExecConfigHandle");
  std::shared_ptr<asim::model::ExecConfig> config;
  Status st = Find(asim::api::ExecConfigs(), handle, "aclmdlCreateExecConfigHandle", &config);
  if (st.ok()) asim::api::ExecConfigs().Remove(handle);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclmdlSetExecConfigOpt(aclmdlExecConfigHandle* handle, aclmdlExecConfigAttr attr, const void* attrValue,
                                size_t valueSize) {
  ACL_API_BEGIN("aclmdlSetExecConfigOpt");
  std::shared_ptr<asim::model::ExecConfig> config;
  Status st = Find(asim::api::ExecConfigs(), handle, "aclmdlCreateExecConfigHandle", &config);
  if (st.ok() && attrValue == nullptr) st = Invalid("attrValue must not be NULL");
  if (st.ok()) st = SetExecOption(*config, asim::api::RawEnum(attr), attrValue, valueSize);
  ACL_API_RETURN(st);
  ACL_API_END();
}

}  // extern "C"
