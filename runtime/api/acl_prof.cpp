// acl_prof.h: the aclprof API (collection, model subscription, step and msproftx stamps),
// shims over runtime/profiling's Profiler.
//
// Owns: nothing; handles (aclprofConfig, aclprofSubscribeConfig, aclprofStepInfo, stamps)
// are Profiler objects whose addresses are checked against its sets on every use, so NULL
// or a destroyed handle gives ACL_ERROR_INVALID_PARAM, never a use after free. The op record
// getters decode the buffer a subscriber read from its pipe (subscribe_record.h).
// Thread safety: as the Profiler (every function is thread-safe).
// Failure: aclError + aclGetRecentErrMsg; getters that do not return aclError return 0 /
// NULL / ACL_SUBSCRIBE_NONE and record the reason.
#include "acl/acl_prof.h"

#include <cstring>

#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/profiling/prof_errors.h"
#include "runtime/profiling/profiler.h"
#include "runtime/profiling/subscribe_record.h"

namespace {

namespace prof = asim::prof;
using asim::Status;
using asim::api::Guarded;
using asim::api::RawEnum;
using asim::api::SetRecentError;

static_assert(prof::err::kProfAlreadyRun == ACL_ERROR_PROF_ALREADY_RUN);
static_assert(prof::err::kProfNotRun == ACL_ERROR_PROF_NOT_RUN);
static_assert(prof::err::kProfRepeatSubscribe == ACL_ERROR_PROF_REPEAT_SUBSCRIBE);
static_assert(prof::err::kProfApiConflict == ACL_ERROR_PROF_API_CONFLICT);
static_assert(prof::err::kProfModulesUnsupported == ACL_ERROR_PROF_MODULES_UNSUPPORTED);
static_assert(prof::err::kProfilingFailure == ACL_ERROR_PROFILING_FAILURE);
static_assert(prof::kOpTypeLen == ACL_PROF_MAX_OP_TYPE_LEN && prof::kOpNameLen == ACL_PROF_MAX_OP_NAME_LEN);
static_assert(prof::kSubscribeOpFlag == ACL_SUBSCRIBE_OP);

prof::Profiler& P() {
  return asim::api::Ctx().profiler();
}

// Record `index` of a subscriber's buffer, or false after recording why not.
bool RecordOf(const char* api, const void* info, size_t length, uint32_t index, prof::OpRecord* rec,
              const char** where = nullptr) {
  const Status st = prof::OpRecordAt(info, length, index, rec, where);
  if (!st.ok()) SetRecentError(api, st.code(), st.message());
  return st.ok();
}

aclError CopyOut(const char* api, const char* text, char* out, size_t out_len) {
  const size_t need = std::strlen(text) + 1;
  if (out == nullptr) return asim::api::ToAclError(api, Status(asim::err::kInvalidParam, "the output buffer is NULL"));
  if (out_len < need) {
    return asim::api::ToAclError(
        api, Status(asim::err::kInvalidParam, "the output buffer holds " + std::to_string(out_len) + " bytes, " +
                                                  std::to_string(need) + " are needed"));
  }
  std::memcpy(out, text, need);
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclprofInit(const char* profilerResultPath, size_t length) {
  ACL_API_BEGIN("aclprofInit");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(P().Init(profilerResultPath, length));
  ACL_API_END();
}

aclError aclprofFinalize() {
  ACL_API_BEGIN("aclprofFinalize");
  ACL_API_RETURN(P().Finalize());
  ACL_API_END();
}

aclprofConfig* aclprofCreateConfig(uint32_t* deviceIdList, uint32_t deviceNums, aclprofAicoreMetrics aicoreMetrics,
                                   const aclprofAicoreEvents* /*aicoreEvents: reserved*/, uint64_t dataTypeConfig) {
  constexpr const char* kApi = "aclprofCreateConfig";
  return Guarded(kApi, static_cast<aclprofConfig*>(nullptr), [&]() -> aclprofConfig* {
    Status st = asim::api::Ctx().core().RequireInit();
    prof::AclprofConfig* config = nullptr;
    if (st.ok()) st = P().CreateConfig(deviceIdList, deviceNums, RawEnum(aicoreMetrics), dataTypeConfig, &config);
    if (!st.ok()) {
      SetRecentError(kApi, st.code(), st.message());
      return nullptr;
    }
    return reinterpret_cast<aclprofConfig*>(config);
  });
}

aclError aclprofDestroyConfig(const aclprofConfig* profilerConfig) {
  ACL_API_BEGIN("aclprofDestroyConfig");
  ACL_API_RETURN(P().DestroyConfig(profilerConfig));
  ACL_API_END();
}

aclError aclprofStart(const aclprofConfig* profilerConfig) {
  ACL_API_BEGIN("aclprofStart");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(P().Start(profilerConfig));
  ACL_API_END();
}

aclError aclprofStop(const aclprofConfig* profilerConfig) {
  ACL_API_BEGIN("aclprofStop");
  ACL_API_RETURN(P().Stop(profilerConfig));
  ACL_API_END();
}

aclError aclprofSetConfig(aclprofConfigType configType, const char* config, size_t configLength) {
  ACL_API_BEGIN("aclprofSetConfig");
  ACL_API_RETURN(P().SetConfig(RawEnum(configType), config, configLength));
  ACL_API_END();
}

aclprofSubscribeConfig* aclprofCreateSubscribeConfig(int8_t timeInfoSwitch, aclprofAicoreMetrics aicoreMetrics,
                                                     void* fd) {
  constexpr const char* kApi = "aclprofCreateSubscribeConfig";
  return Guarded(kApi, static_cast<aclprofSubscribeConfig*>(nullptr), [&]() -> aclprofSubscribeConfig* {
    prof::SubscribeConfig* config = nullptr;
    const Status st = P().CreateSubscribeConfig(timeInfoSwitch, RawEnum(aicoreMetrics), fd, &config);
    if (!st.ok()) {
      SetRecentError(kApi, st.code(), st.message());
      return nullptr;
    }
    return reinterpret_cast<aclprofSubscribeConfig*>(config);
  });
}

aclError aclprofDestroySubscribeConfig(const aclprofSubscribeConfig* profSubscribeConfig) {
  ACL_API_BEGIN("aclprofDestroySubscribeConfig");
  ACL_API_RETURN(P().DestroySubscribeConfig(profSubscribeConfig));
  ACL_API_END();
}

aclError aclprofModelSubscribe(uint32_t modelId, const aclprofSubscribeConfig* profSubscribeConfig) {
  ACL_API_BEGIN("aclprofModelSubscribe");
  ACL_API_REQUIRE_INIT();
  if (profSubscribeConfig != nullptr) {
    std::shared_ptr<const asim::model::ModelInfo> info;
    if (!asim::api::Ctx().models().GetInfo(modelId, &info).ok()) {
      ACL_API_FAIL(asim::err::kInvalidModelId,
                   "aclprofModelSubscribe: model id " + std::to_string(modelId) + " is not loaded");
    }
  }
  ACL_API_RETURN(P().Subscribe(modelId, profSubscribeConfig));
  ACL_API_END();
}

aclError aclprofModelUnSubscribe(uint32_t modelId) {
  ACL_API_BEGIN("aclprofModelUnSubscribe");
  ACL_API_RETURN(P().Unsubscribe(modelId));
  ACL_API_END();
}

aclError aclprofGetOpDescSize(size_t* opDescSize) {
  ACL_API_BEGIN("aclprofGetOpDescSize");
  ACL_API_CHECK_NOT_NULL(opDescSize);
  *opDescSize = sizeof(prof::OpRecord);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclprofGetOpNum(const void* opInfo, size_t opInfoLen, uint32_t* opNumber) {
  ACL_API_BEGIN("aclprofGetOpNum");
  ACL_API_CHECK_NOT_NULL(opNumber);
  ACL_API_RETURN(prof::CountOpRecords(opInfo, opInfoLen, opNumber));
  ACL_API_END();
}

aclError aclprofGetOpTypeLen(const void* opInfo, size_t opInfoLen, uint32_t index, size_t* opTypeLen) {
  ACL_API_BEGIN("aclprofGetOpTypeLen");
  ACL_API_CHECK_NOT_NULL(opTypeLen);
  prof::OpRecord rec;
  if (!RecordOf(kApi, opInfo, opInfoLen, index, &rec)) return ACL_ERROR_INVALID_PARAM;
  *opTypeLen = std::strlen(rec.op_type) + 1;
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclprofGetOpType(const void* opInfo, size_t opInfoLen, uint32_t index, char* opType, size_t opTypeLen) {
  ACL_API_BEGIN("aclprofGetOpType");
  prof::OpRecord rec;
  if (!RecordOf(kApi, opInfo, opInfoLen, index, &rec)) return ACL_ERROR_INVALID_PARAM;
  return CopyOut(kApi, rec.op_type, opType, opTypeLen);
  ACL_API_END();
}

aclError aclprofGetOpNameLen(const void* opInfo, size_t opInfoLen, uint32_t index, size_t* opNameLen) {
  ACL_API_BEGIN("aclprofGetOpNameLen");
  ACL_API_CHECK_NOT_NULL(opNameLen);
  prof::OpRecord rec;
  if (!RecordOf(kApi, opInfo, opInfoLen, index, &rec)) return ACL_ERROR_INVALID_PARAM;
  *opNameLen = std::strlen(rec.op_name) + 1;
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclprofGetOpName(const void* opInfo, size_t opInfoLen, uint32_t index, char* opName, size_t opNameLen) {
  ACL_API_BEGIN("aclprofGetOpName");
  prof::OpRecord rec;
  if (!RecordOf(kApi, opInfo, opInfoLen, index, &rec)) return ACL_ERROR_INVALID_PARAM;
  return CopyOut(kApi, rec.op_name, opName, opNameLen);
  ACL_API_END();
}

uint64_t aclprofGetOpStart(const void* opInfo, size_t opInfoLen, uint32_t index) {
  return Guarded("aclprofGetOpStart", uint64_t{0}, [&]() -> uint64_t {
    prof::OpRecord rec;
    return RecordOf("aclprofGetOpStart", opInfo, opInfoLen, index, &rec) ? rec.start_ns : 0;
  });
}

uint64_t aclprofGetOpEnd(const void* opInfo, size_t opInfoLen, uint32_t index) {
  return Guarded("aclprofGetOpEnd", uint64_t{0}, [&]() -> uint64_t {
    prof::OpRecord rec;
    return RecordOf("aclprofGetOpEnd", opInfo, opInfoLen, index, &rec) ? rec.end_ns : 0;
  });
}

uint64_t aclprofGetOpDuration(const void* opInfo, size_t opInfoLen, uint32_t index) {
  return Guarded("aclprofGetOpDuration", uint64_t{0}, [&]() -> uint64_t {
    prof::OpRecord rec;
    return RecordOf("aclprofGetOpDuration", opInfo, opInfoLen, index, &rec) ? rec.duration_ns : 0;
  });
}

size_t aclprofGetModelId(const void* opInfo, size_t opInfoLen, uint32_t index) {
  return Guarded("aclprofGetModelId", size_t{0}, [&]() -> size_t {
    prof::OpRecord rec;
    return RecordOf("aclprofGetModelId", opInfo, opInfoLen, index, &rec) ? rec.model_id : 0;
  });
}

aclprofSubscribeOpFlag aclprofGetOpFlag(const void* opInfo, size_t opInfoLen, uint32_t index) {
  return Guarded("aclprofGetOpFlag", ACL_SUBSCRIBE_NONE, [&]() -> aclprofSubscribeOpFlag {
    prof::OpRecord rec;
    if (!RecordOf("aclprofGetOpFlag", opInfo, opInfoLen, index, &rec)) return ACL_SUBSCRIBE_NONE;
    return rec.flag == prof::kSubscribeOpFlag ? ACL_SUBSCRIBE_OP : ACL_SUBSCRIBE_NONE;
  });
}

const char* aclprofGetOpAttriValue(const void* opInfo, size_t opInfoLen, uint32_t index,
                                   aclprofSubscribeOpAttri attri) {
  constexpr const char* kApi = "aclprofGetOpAttriValue";
  return Guarded(kApi, static_cast<const char*>(nullptr), [&]() -> const char* {
    if (RawEnum(attri) != ACL_SUBSCRIBE_ATTRI_THREADID) {
      SetRecentError(kApi, asim::err::kInvalidParam,
                     "attri " + std::to_string(RawEnum(attri)) + " is not ACL_SUBSCRIBE_ATTRI_THREADID");
      return nullptr;
    }
    prof::OpRecord rec;
    const char* where = nullptr;
    if (!RecordOf(kApi, opInfo, opInfoLen, index, &rec, &where)) return nullptr;
    // The text lives in the caller's buffer, NUL-terminated within its field (checked above).
    if (std::memchr(where + offsetof(prof::OpRecord, thread_id), '\0', sizeof(rec.thread_id)) == nullptr) {
      SetRecentError(kApi, asim::err::kInvalidParam, "op record's thread id is not terminated");
      return nullptr;
    }
    return where + offsetof(prof::OpRecord, thread_id);
  });
}

aclprofStepInfo* aclprofCreateStepInfo() {
  return Guarded("aclprofCreateStepInfo", static_cast<aclprofStepInfo*>(nullptr),
                 [&] { return reinterpret_cast<aclprofStepInfo*>(P().CreateStepInfo()); });
}

void aclprofDestroyStepInfo(aclprofStepInfo* stepinfo) {
  Guarded("aclprofDestroyStepInfo", 0, [&] {
    const Status st = P().DestroyStepInfo(stepinfo);
    if (!st.ok()) SetRecentError("aclprofDestroyStepInfo", st.code(), st.message());
    return 0;
  });
}

aclError aclprofGetStepTimestamp(aclprofStepInfo* stepInfo, aclprofStepTag tag, aclrtStream stream) {
  ACL_API_BEGIN("aclprofGetStepTimestamp");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(P().StepTimestamp(stepInfo, RawEnum(tag), stream));
  ACL_API_END();
}

void* aclprofCreateStamp() {
  return Guarded("aclprofCreateStamp", static_cast<void*>(nullptr),
                 [&] { return static_cast<void*>(P().CreateStamp()); });
}

void aclprofDestroyStamp(void* stamp) {
  Guarded("aclprofDestroyStamp", 0, [&] {
    const Status st = P().DestroyStamp(stamp);
    if (!st.ok()) SetRecentError("aclprofDestroyStamp", st.code(), st.message());
    return 0;
  });
}

aclError aclprofSetStampTraceMessage(void* stamp, const char* msg, uint32_t msgLen) {
  ACL_API_BEGIN("aclprofSetStampTraceMessage");
  ACL_API_RETURN(P().SetStampMessage(stamp, msg, msgLen));
  ACL_API_END();
}

aclError aclprofMark(void* stamp) {
  ACL_API_BEGIN("aclprofMark");
  ACL_API_RETURN(P().Mark(stamp));
  ACL_API_END();
}

aclError aclprofPush(void* stamp) {
  ACL_API_BEGIN("aclprofPush");
  ACL_API_RETURN(P().Push(stamp));
  ACL_API_END();
}

aclError aclprofPop() {
  ACL_API_BEGIN("aclprofPop");
  ACL_API_RETURN(P().Pop());
  ACL_API_END();
}

aclError aclprofRangeStart(void* stamp, uint32_t* rangeId) {
  ACL_API_BEGIN("aclprofRangeStart");
  ACL_API_RETURN(P().RangeStart(stamp, rangeId));
  ACL_API_END();
}

aclError aclprofRangeStop(uint32_t rangeId) {
  ACL_API_BEGIN("aclprofRangeStop");
  ACL_API_RETURN(P().RangeStop(rangeId));
  ACL_API_END();
}

}  // extern "C"
