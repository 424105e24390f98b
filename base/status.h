// Status: the error currency of everything below runtime/api.
//
// Owns: the numeric error space. Codes are the AscendCL numbers (acl_base.h and
// rt_error_codes.h), kept here as plain integers so that no module below the API shim
// includes an acl/ header; the shim returns Status::code() unchanged as an aclError.
// Thread safety: Status is a value type. Failure: none (construction never throws
// except std::bad_alloc for the message).
#pragma once

#include <cstdint>
#include <string>
#include <utility>

namespace asim {

// The subset of AscendCL error numbers the internals produce. Values must equal the
// public header constants; tests/unit/base checks them against include/acl.
namespace err {
inline constexpr int32_t kOk = 0;
inline constexpr int32_t kInvalidParam = 100000;
inline constexpr int32_t kUninitialize = 100001;
inline constexpr int32_t kRepeatInitialize = 100002;
inline constexpr int32_t kInvalidFile = 100003;
inline constexpr int32_t kWriteFile = 100004;
inline constexpr int32_t kInvalidFileSize = 100005;
inline constexpr int32_t kParseFile = 100006;
inline constexpr int32_t kFileMissingAttr = 100007;
inline constexpr int32_t kFileAttrInvalid = 100008;
inline constexpr int32_t kInvalidDumpConfig = 100009;
inline constexpr int32_t kInvalidProfilingConfig = 100010;
inline constexpr int32_t kInvalidModelId = 100011;
inline constexpr int32_t kDeserializeModel = 100012;
inline constexpr int32_t kParseModel = 100013;
inline constexpr int32_t kReadModelFailure = 100014;
inline constexpr int32_t kModelSizeInvalid = 100015;
inline constexpr int32_t kModelMissingAttr = 100016;
inline constexpr int32_t kModelInputNotMatch = 100017;
inline constexpr int32_t kModelOutputNotMatch = 100018;
inline constexpr int32_t kModelNotDynamic = 100019;
inline constexpr int32_t kOpTypeNotMatch = 100020;
inline constexpr int32_t kOpInputNotMatch = 100021;
inline constexpr int32_t kOpOutputNotMatch = 100022;
inline constexpr int32_t kOpAttrNotMatch = 100023;
inline constexpr int32_t kOpNotFound = 100024;
inline constexpr int32_t kOpLoadFailed = 100025;
inline constexpr int32_t kUnsupportedDataType = 100026;
inline constexpr int32_t kFormatNotMatch = 100027;
inline constexpr int32_t kRepeatSubscribe = 100033;
inline constexpr int32_t kStreamNotSubscribe = 100034;
inline constexpr int32_t kThreadNotSubscribe = 100035;
inline constexpr int32_t kWaitCallbackTimeout = 100036;
inline constexpr int32_t kRepeatFinalize = 100037;
inline constexpr int32_t kInvalidMaxOpQueueNumConfig = 148048;
inline constexpr int32_t kUnsupportedJpeg = 148052;  // a JPEG the JPEGD hardware does not decode
// ge_error_codes.h (model loading and execution).
inline constexpr int32_t kGeParamInvalid = 145000;
inline constexpr int32_t kGeModelPathInvalid = 145002;
inline constexpr int32_t kGeModelIdInvalid = 145003;
inline constexpr int32_t kGeModelDataSizeInvalid = 145006;
inline constexpr int32_t kGeDynamicInputAddrInvalid = 145011;
inline constexpr int32_t kGeDynamicInputLengthInvalid = 145012;
inline constexpr int32_t kGeDynamicBatchSizeInvalid = 145013;
inline constexpr int32_t kGeAippNotExist = 145015;
inline constexpr int32_t kGeShapeInvalid = 145021;
inline constexpr int32_t kGeDatatypeInvalid = 145022;
inline constexpr int32_t kGeMemoryAllocation = 245000;
inline constexpr int32_t kGeLoadModel = 545001;
inline constexpr int32_t kBadAlloc = 200000;
inline constexpr int32_t kApiNotSupport = 200001;
inline constexpr int32_t kInvalidDevice = 200002;
inline constexpr int32_t kMemoryAddressUnaligned = 200003;
inline constexpr int32_t kResourceNotMatch = 200004;
inline constexpr int32_t kInvalidResourceHandle = 200005;
inline constexpr int32_t kFeatureUnsupported = 200006;
inline constexpr int32_t kInternalError = 500000;
inline constexpr int32_t kFailure = 500001;
// runtime (rt_error_codes.h)
inline constexpr int32_t kRtParamInvalid = 107000;
inline constexpr int32_t kRtInvalidDeviceId = 107001;
inline constexpr int32_t kRtContextNull = 107002;
inline constexpr int32_t kRtStreamContext = 107003;
inline constexpr int32_t kRtEventTimestampInvalid = 107006;
inline constexpr int32_t kRtEventTimestampReversal = 107007;
inline constexpr int32_t kRtStreamSubscribe = 107011;
inline constexpr int32_t kRtWaitTimeout = 107019;
inline constexpr int32_t kRtTaskTimeout = 107020;
inline constexpr int32_t kRtSysParamOptNotSet = 107021;
inline constexpr int32_t kRtMemoryAllocation = 207001;
inline constexpr int32_t kRtMemoryFree = 207002;
inline constexpr int32_t kRtNoDevice = 207004;
inline constexpr int32_t kRtNoStreamResource = 207008;
inline constexpr int32_t kRtDeviceOom = 207018;
inline constexpr int32_t kRtStreamNotComplete = 507004;
inline constexpr int32_t kRtEventNotComplete = 507006;
inline constexpr int32_t kRtAicpuTimeout = 507017;  // an AI CPU task ran past the op execute timeout
inline constexpr int32_t kRtStreamSyncTimeout = 507046;
inline constexpr int32_t kRtEventSyncTimeout = 507047;
}  // namespace err

class [[nodiscard]] Status {
 public:
  Status() = default;  // success
  Status(int32_t code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return {}; }
  bool ok() const { return code_ == err::kOk; }
  int32_t code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  int32_t code_ = err::kOk;
  std::string message_;
};

// Returns early from the enclosing function when `expr` yields a failed Status.
#define ASIM_RETURN_IF_ERROR(expr)               \
  do {                                           \
    ::asim::Status asim_status_ = (expr);        \
    if (!asim_status_.ok()) return asim_status_; \
  } while (0)

}  // namespace asim
