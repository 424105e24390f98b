// The numbers base mirrors from the public headers, checked against them: every
// DataType and Format enumerator, the error codes of status.h, and the shape limits of
// TensorDesc. base declares them independently (it must not include acl/); this
// test is the one place that sees both sides.
// Owner: base. Thread safety: compile-time checks plus one trivial test case.
// Failure: a static_assert names the mismatching value at build time.
#include <acl/acl_base.h>
#include <acl/acl_mdl.h>
#include <acl/error_codes/rt_error_codes.h>
#include <gtest/gtest.h>

#include "base/dtype.h"
#include "base/format.h"
#include "base/status.h"
#include "base/tensor_desc.h"

namespace asim {
namespace {

#define ASIM_SAME(ours, theirs) \
  static_assert(static_cast<int64_t>(ours) == static_cast<int64_t>(theirs), #ours " != " #theirs)

ASIM_SAME(DataType::kUndefined, ACL_DT_UNDEFINED);
ASIM_SAME(DataType::kFloat, ACL_FLOAT);
ASIM_SAME(DataType::kFloat16, ACL_FLOAT16);
ASIM_SAME(DataType::kInt8, ACL_INT8);
ASIM_SAME(DataType::kInt32, ACL_INT32);
ASIM_SAME(DataType::kUint8, ACL_UINT8);
ASIM_SAME(DataType::kInt16, ACL_INT16);
ASIM_SAME(DataType::kUint16, ACL_UINT16);
ASIM_SAME(DataType::kUint32, ACL_UINT32);
ASIM_SAME(DataType::kInt64, ACL_INT64);
ASIM_SAME(DataType::kUint64, ACL_UINT64);
ASIM_SAME(DataType::kDouble, ACL_DOUBLE);
ASIM_SAME(DataType::kBool, ACL_BOOL);
ASIM_SAME(DataType::kString, ACL_STRING);
ASIM_SAME(DataType::kComplex64, ACL_COMPLEX64);
ASIM_SAME(DataType::kComplex128, ACL_COMPLEX128);
ASIM_SAME(DataType::kBf16, ACL_BF16);
ASIM_SAME(DataType::kInt4, ACL_INT4);
ASIM_SAME(DataType::kUint1, ACL_UINT1);
ASIM_SAME(DataType::kComplex32, ACL_COMPLEX32);

ASIM_SAME(Format::kUndefined, ACL_FORMAT_UNDEFINED);
ASIM_SAME(Format::kNchw, ACL_FORMAT_NCHW);
ASIM_SAME(Format::kNhwc, ACL_FORMAT_NHWC);
ASIM_SAME(Format::kNd, ACL_FORMAT_ND);
ASIM_SAME(Format::kNc1hwc0, ACL_FORMAT_NC1HWC0);
ASIM_SAME(Format::kFractalZ, ACL_FORMAT_FRACTAL_Z);
ASIM_SAME(Format::kNc1hwc0C04, ACL_FORMAT_NC1HWC0_C04);
ASIM_SAME(Format::kHwcn, ACL_FORMAT_HWCN);
ASIM_SAME(Format::kNdhwc, ACL_FORMAT_NDHWC);
ASIM_SAME(Format::kFractalNz, ACL_FORMAT_FRACTAL_NZ);
ASIM_SAME(Format::kNcdhw, ACL_FORMAT_NCDHW);
ASIM_SAME(Format::kNdc1hwc0, ACL_FORMAT_NDC1HWC0);
ASIM_SAME(Format::kFractalZ3d, ACL_FRACTAL_Z_3D);
ASIM_SAME(Format::kNc, ACL_FORMAT_NC);
ASIM_SAME(Format::kNcl, ACL_FORMAT_NCL);

ASIM_SAME(TensorDesc::kMaxDims, ACL_MAX_DIM_CNT);
static_assert(static_cast<int64_t>(ACL_UNKNOWN_RANK) == TensorDesc::kUnknownRank);

ASIM_SAME(err::kOk, ACL_SUCCESS);
ASIM_SAME(err::kInvalidParam, ACL_ERROR_INVALID_PARAM);
ASIM_SAME(err::kUninitialize, ACL_ERROR_UNINITIALIZE);
ASIM_SAME(err::kRepeatInitialize, ACL_ERROR_REPEAT_INITIALIZE);
ASIM_SAME(err::kInvalidFile, ACL_ERROR_INVALID_FILE);
ASIM_SAME(err::kWriteFile, ACL_ERROR_WRITE_FILE);
ASIM_SAME(err::kInvalidFileSize, ACL_ERROR_INVALID_FILE_SIZE);
ASIM_SAME(err::kParseFile, ACL_ERROR_PARSE_FILE);
ASIM_SAME(err::kFileMissingAttr, ACL_ERROR_FILE_MISSING_ATTR);
ASIM_SAME(err::kFileAttrInvalid, ACL_ERROR_FILE_ATTR_INVALID);
ASIM_SAME(err::kInvalidDumpConfig, ACL_ERROR_INVALID_DUMP_CONFIG);
ASIM_SAME(err::kInvalidProfilingConfig, ACL_ERROR_INVALID_PROFILING_CONFIG);
ASIM_SAME(err::kRepeatSubscribe, ACL_ERROR_REPEAT_SUBSCRIBE);
ASIM_SAME(err::kStreamNotSubscribe, ACL_ERROR_STREAM_NOT_SUBSCRIBE);
ASIM_SAME(err::kThreadNotSubscribe, ACL_ERROR_THREAD_NOT_SUBSCRIBE);
ASIM_SAME(err::kWaitCallbackTimeout, ACL_ERROR_WAIT_CALLBACK_TIMEOUT);
ASIM_SAME(err::kRepeatFinalize, ACL_ERROR_REPEAT_FINALIZE);
ASIM_SAME(err::kInvalidMaxOpQueueNumConfig, ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG);
ASIM_SAME(err::kBadAlloc, ACL_ERROR_BAD_ALLOC);
ASIM_SAME(err::kApiNotSupport, ACL_ERROR_API_NOT_SUPPORT);
ASIM_SAME(err::kInvalidDevice, ACL_ERROR_INVALID_DEVICE);
ASIM_SAME(err::kMemoryAddressUnaligned, ACL_ERROR_MEMORY_ADDRESS_UNALIGNED);
ASIM_SAME(err::kResourceNotMatch, ACL_ERROR_RESOURCE_NOT_MATCH);
ASIM_SAME(err::kInvalidResourceHandle, ACL_ERROR_INVALID_RESOURCE_HANDLE);
ASIM_SAME(err::kFeatureUnsupported, ACL_ERROR_FEATURE_UNSUPPORTED);
ASIM_SAME(err::kInternalError, ACL_ERROR_INTERNAL_ERROR);
ASIM_SAME(err::kFailure, ACL_ERROR_FAILURE);
ASIM_SAME(err::kRtParamInvalid, ACL_ERROR_RT_PARAM_INVALID);
ASIM_SAME(err::kRtInvalidDeviceId, ACL_ERROR_RT_INVALID_DEVICEID);
ASIM_SAME(err::kRtContextNull, ACL_ERROR_RT_CONTEXT_NULL);
ASIM_SAME(err::kRtStreamContext, ACL_ERROR_RT_STREAM_CONTEXT);
ASIM_SAME(err::kRtEventTimestampInvalid, ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);
ASIM_SAME(err::kRtEventTimestampReversal, ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL);
ASIM_SAME(err::kRtStreamSubscribe, ACL_ERROR_RT_STREAM_SUBSCRIBE);
ASIM_SAME(err::kRtWaitTimeout, ACL_ERROR_RT_WAIT_TIMEOUT);
ASIM_SAME(err::kRtTaskTimeout, ACL_ERROR_RT_TASK_TIMEOUT);
ASIM_SAME(err::kRtMemoryAllocation, ACL_ERROR_RT_MEMORY_ALLOCATION);
ASIM_SAME(err::kRtMemoryFree, ACL_ERROR_RT_MEMORY_FREE);
ASIM_SAME(err::kRtNoDevice, ACL_ERROR_RT_NO_DEVICE);
ASIM_SAME(err::kRtDeviceOom, ACL_ERROR_RT_DEVICE_OOM);
ASIM_SAME(err::kRtStreamNotComplete, ACL_ERROR_RT_STREAM_NOT_COMPLETE);
ASIM_SAME(err::kRtEventNotComplete, ACL_ERROR_RT_EVENT_NOT_COMPLETE);
ASIM_SAME(err::kRtStreamSyncTimeout, ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
ASIM_SAME(err::kRtEventSyncTimeout, ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);

#undef ASIM_SAME

// The checks above are static_asserts; this case records in ctest that they ran, and
// checks the memory placement domain TensorDesc accepts.
TEST(AclMirror, ValuesMatchThePublicHeaders) {
  TensorDesc desc;
  EXPECT_TRUE(desc.SetPlacement(ACL_MEMTYPE_DEVICE).ok());
  EXPECT_TRUE(desc.SetPlacement(ACL_MEMTYPE_HOST).ok());
  EXPECT_TRUE(desc.SetPlacement(ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT).ok());
}

}  // namespace
}  // namespace asim
