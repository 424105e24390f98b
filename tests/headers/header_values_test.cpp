// Checks the public headers' numeric facts against docs/ascendcl_api.md (the AscendCL 1.10.0 baseline):
// every enum value, numeric macro and error code listed there (compile time), struct layouts that
// applications depend on (sizes and field order/offsets on LP64), and the string macros.
// A wrong value fails the build of this test; the TEST()s register the suite with ctest.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include <gtest/gtest.h>

#include "acl/acl.h"
#include "acl/acl_base.h"
#include "acl/acl_dump.h"
#include "acl/acl_mdl.h"
#include "acl/acl_op.h"
#include "acl/acl_op_compiler.h"
#include "acl/acl_prof.h"
#include "acl/acl_rt.h"
#include "acl/acl_rt_allocator.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "acl/error_codes/ge_error_codes.h"
#include "acl/error_codes/rt_error_codes.h"
#include "acl/ops/acl_cblas.h"
#include "acl/ops/acl_dvpp.h"
#include "acl/ops/acl_fv.h"

namespace {

// Enum values (section 3 of the fact sheet).
static_assert(std::is_enum<aclDataType>::value, "aclDataType is an enum");
static_assert(ACL_DT_UNDEFINED == -1, "ACL_DT_UNDEFINED");
static_assert(ACL_FLOAT == 0, "ACL_FLOAT");
static_assert(ACL_FLOAT16 == 1, "ACL_FLOAT16");
static_assert(ACL_INT8 == 2, "ACL_INT8");
static_assert(ACL_INT32 == 3, "ACL_INT32");
static_assert(ACL_UINT8 == 4, "ACL_UINT8");
static_assert(ACL_INT16 == 6, "ACL_INT16");
static_assert(ACL_UINT16 == 7, "ACL_UINT16");
static_assert(ACL_UINT32 == 8, "ACL_UINT32");
static_assert(ACL_INT64 == 9, "ACL_INT64");
static_assert(ACL_UINT64 == 10, "ACL_UINT64");
static_assert(ACL_DOUBLE == 11, "ACL_DOUBLE");
static_assert(ACL_BOOL == 12, "ACL_BOOL");
static_assert(ACL_STRING == 13, "ACL_STRING");
static_assert(ACL_COMPLEX64 == 16, "ACL_COMPLEX64");
static_assert(ACL_COMPLEX128 == 17, "ACL_COMPLEX128");
static_assert(ACL_BF16 == 27, "ACL_BF16");
static_assert(ACL_INT4 == 29, "ACL_INT4");
static_assert(ACL_UINT1 == 30, "ACL_UINT1");
static_assert(ACL_COMPLEX32 == 33, "ACL_COMPLEX32");
static_assert(std::is_enum<aclFormat>::value, "aclFormat is an enum");
static_assert(ACL_FORMAT_UNDEFINED == -1, "ACL_FORMAT_UNDEFINED");
static_assert(ACL_FORMAT_NCHW == 0, "ACL_FORMAT_NCHW");
static_assert(ACL_FORMAT_NHWC == 1, "ACL_FORMAT_NHWC");
static_assert(ACL_FORMAT_ND == 2, "ACL_FORMAT_ND");
static_assert(ACL_FORMAT_NC1HWC0 == 3, "ACL_FORMAT_NC1HWC0");
static_assert(ACL_FORMAT_FRACTAL_Z == 4, "ACL_FORMAT_FRACTAL_Z");
static_assert(ACL_FORMAT_NC1HWC0_C04 == 12, "ACL_FORMAT_NC1HWC0_C04");
static_assert(ACL_FORMAT_HWCN == 16, "ACL_FORMAT_HWCN");
static_assert(ACL_FORMAT_NDHWC == 27, "ACL_FORMAT_NDHWC");
static_assert(ACL_FORMAT_FRACTAL_NZ == 29, "ACL_FORMAT_FRACTAL_NZ");
static_assert(ACL_FORMAT_NCDHW == 30, "ACL_FORMAT_NCDHW");
static_assert(ACL_FORMAT_NDC1HWC0 == 32, "ACL_FORMAT_NDC1HWC0");
static_assert(ACL_FRACTAL_Z_3D == 33, "ACL_FRACTAL_Z_3D");
static_assert(ACL_FORMAT_NC == 35, "ACL_FORMAT_NC");
static_assert(ACL_FORMAT_NCL == 47, "ACL_FORMAT_NCL");
static_assert(std::is_enum<aclLogLevel>::value, "aclLogLevel is an enum");
static_assert(ACL_DEBUG == 0, "ACL_DEBUG");
static_assert(ACL_INFO == 1, "ACL_INFO");
static_assert(ACL_WARNING == 2, "ACL_WARNING");
static_assert(ACL_ERROR == 3, "ACL_ERROR");
static_assert(std::is_enum<aclMemType>::value, "aclMemType is an enum");
static_assert(ACL_MEMTYPE_DEVICE == 0, "ACL_MEMTYPE_DEVICE");
static_assert(ACL_MEMTYPE_HOST == 1, "ACL_MEMTYPE_HOST");
static_assert(ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT == 2, "ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT");
static_assert(std::is_enum<aclSysParamOpt>::value, "aclSysParamOpt is an enum");
static_assert(ACL_OPT_DETERMINISTIC == 0, "ACL_OPT_DETERMINISTIC");
static_assert(ACL_OPT_ENABLE_DEBUG_KERNEL == 1, "ACL_OPT_ENABLE_DEBUG_KERNEL");
static_assert(std::is_enum<aclCannAttr>::value, "aclCannAttr is an enum");
static_assert(ACL_CANN_ATTR_UNDEFINED == -1, "ACL_CANN_ATTR_UNDEFINED");
static_assert(ACL_CANN_ATTR_INF_NAN == 0, "ACL_CANN_ATTR_INF_NAN");
static_assert(ACL_CANN_ATTR_BF16 == 1, "ACL_CANN_ATTR_BF16");
static_assert(ACL_CANN_ATTR_JIT_COMPILE == 2, "ACL_CANN_ATTR_JIT_COMPILE");
static_assert(std::is_enum<aclDeviceInfo>::value, "aclDeviceInfo is an enum");
static_assert(ACL_DEVICE_INFO_UNDEFINED == -1, "ACL_DEVICE_INFO_UNDEFINED");
static_assert(ACL_DEVICE_INFO_AI_CORE_NUM == 0, "ACL_DEVICE_INFO_AI_CORE_NUM");
static_assert(ACL_DEVICE_INFO_VECTOR_CORE_NUM == 1, "ACL_DEVICE_INFO_VECTOR_CORE_NUM");
static_assert(ACL_DEVICE_INFO_L2_SIZE == 2, "ACL_DEVICE_INFO_L2_SIZE");
static_assert(std::is_enum<aclrtRunMode>::value, "aclrtRunMode is an enum");
static_assert(ACL_DEVICE == 0, "ACL_DEVICE");
static_assert(ACL_HOST == 1, "ACL_HOST");
static_assert(std::is_enum<aclrtTsId>::value, "aclrtTsId is an enum");
static_assert(ACL_TS_ID_AICORE == 0, "ACL_TS_ID_AICORE");
static_assert(ACL_TS_ID_AIVECTOR == 1, "ACL_TS_ID_AIVECTOR");
static_assert(ACL_TS_ID_RESERVED == 2, "ACL_TS_ID_RESERVED");
static_assert(std::is_enum<aclrtEventStatus>::value, "aclrtEventStatus is an enum");
static_assert(ACL_EVENT_STATUS_COMPLETE == 0, "ACL_EVENT_STATUS_COMPLETE");
static_assert(ACL_EVENT_STATUS_NOT_READY == 1, "ACL_EVENT_STATUS_NOT_READY");
static_assert(ACL_EVENT_STATUS_RESERVED == 2, "ACL_EVENT_STATUS_RESERVED");
static_assert(std::is_enum<aclrtEventRecordedStatus>::value, "aclrtEventRecordedStatus is an enum");
static_assert(ACL_EVENT_RECORDED_STATUS_NOT_READY == 0, "ACL_EVENT_RECORDED_STATUS_NOT_READY");
static_assert(ACL_EVENT_RECORDED_STATUS_COMPLETE == 1, "ACL_EVENT_RECORDED_STATUS_COMPLETE");
static_assert(std::is_enum<aclrtEventWaitStatus>::value, "aclrtEventWaitStatus is an enum");
static_assert(ACL_EVENT_WAIT_STATUS_COMPLETE == 0, "ACL_EVENT_WAIT_STATUS_COMPLETE");
static_assert(ACL_EVENT_WAIT_STATUS_NOT_READY == 1, "ACL_EVENT_WAIT_STATUS_NOT_READY");
static_assert(ACL_EVENT_WAIT_STATUS_RESERVED == 65535, "ACL_EVENT_WAIT_STATUS_RESERVED");
static_assert(std::is_enum<aclrtStreamStatus>::value, "aclrtStreamStatus is an enum");
static_assert(ACL_STREAM_STATUS_COMPLETE == 0, "ACL_STREAM_STATUS_COMPLETE");
static_assert(ACL_STREAM_STATUS_NOT_READY == 1, "ACL_STREAM_STATUS_NOT_READY");
static_assert(ACL_STREAM_STATUS_RESERVED == 65535, "ACL_STREAM_STATUS_RESERVED");
static_assert(std::is_enum<aclrtCallbackBlockType>::value, "aclrtCallbackBlockType is an enum");
static_assert(ACL_CALLBACK_NO_BLOCK == 0, "ACL_CALLBACK_NO_BLOCK");
static_assert(ACL_CALLBACK_BLOCK == 1, "ACL_CALLBACK_BLOCK");
static_assert(std::is_enum<aclrtMemcpyKind>::value, "aclrtMemcpyKind is an enum");
static_assert(ACL_MEMCPY_HOST_TO_HOST == 0, "ACL_MEMCPY_HOST_TO_HOST");
static_assert(ACL_MEMCPY_HOST_TO_DEVICE == 1, "ACL_MEMCPY_HOST_TO_DEVICE");
static_assert(ACL_MEMCPY_DEVICE_TO_HOST == 2, "ACL_MEMCPY_DEVICE_TO_HOST");
static_assert(ACL_MEMCPY_DEVICE_TO_DEVICE == 3, "ACL_MEMCPY_DEVICE_TO_DEVICE");
static_assert(ACL_MEMCPY_DEFAULT == 4, "ACL_MEMCPY_DEFAULT");
static_assert(std::is_enum<aclrtMemMallocPolicy>::value, "aclrtMemMallocPolicy is an enum");
static_assert(ACL_MEM_MALLOC_HUGE_FIRST == 0, "ACL_MEM_MALLOC_HUGE_FIRST");
static_assert(ACL_MEM_MALLOC_HUGE_ONLY == 1, "ACL_MEM_MALLOC_HUGE_ONLY");
static_assert(ACL_MEM_MALLOC_NORMAL_ONLY == 2, "ACL_MEM_MALLOC_NORMAL_ONLY");
static_assert(ACL_MEM_MALLOC_HUGE_FIRST_P2P == 3, "ACL_MEM_MALLOC_HUGE_FIRST_P2P");
static_assert(ACL_MEM_MALLOC_HUGE_ONLY_P2P == 4, "ACL_MEM_MALLOC_HUGE_ONLY_P2P");
static_assert(ACL_MEM_MALLOC_NORMAL_ONLY_P2P == 5, "ACL_MEM_MALLOC_NORMAL_ONLY_P2P");
static_assert(ACL_MEM_TYPE_LOW_BAND_WIDTH == 256, "ACL_MEM_TYPE_LOW_BAND_WIDTH");
static_assert(ACL_MEM_TYPE_HIGH_BAND_WIDTH == 4096, "ACL_MEM_TYPE_HIGH_BAND_WIDTH");
static_assert(std::is_enum<aclrtMemAttr>::value, "aclrtMemAttr is an enum");
static_assert(ACL_DDR_MEM == 0, "ACL_DDR_MEM");
static_assert(ACL_HBM_MEM == 1, "ACL_HBM_MEM");
static_assert(ACL_DDR_MEM_HUGE == 2, "ACL_DDR_MEM_HUGE");
static_assert(ACL_DDR_MEM_NORMAL == 3, "ACL_DDR_MEM_NORMAL");
static_assert(ACL_HBM_MEM_HUGE == 4, "ACL_HBM_MEM_HUGE");
static_assert(ACL_HBM_MEM_NORMAL == 5, "ACL_HBM_MEM_NORMAL");
static_assert(ACL_DDR_MEM_P2P_HUGE == 6, "ACL_DDR_MEM_P2P_HUGE");
static_assert(ACL_DDR_MEM_P2P_NORMAL == 7, "ACL_DDR_MEM_P2P_NORMAL");
static_assert(ACL_HBM_MEM_P2P_HUGE == 8, "ACL_HBM_MEM_P2P_HUGE");
static_assert(ACL_HBM_MEM_P2P_NORMAL == 9, "ACL_HBM_MEM_P2P_NORMAL");
static_assert(std::is_enum<aclrtGroupAttr>::value, "aclrtGroupAttr is an enum");
static_assert(ACL_GROUP_AICORE_INT == 0, "ACL_GROUP_AICORE_INT");
static_assert(ACL_GROUP_AIV_INT == 1, "ACL_GROUP_AIV_INT");
static_assert(ACL_GROUP_AIC_INT == 2, "ACL_GROUP_AIC_INT");
static_assert(ACL_GROUP_SDMANUM_INT == 3, "ACL_GROUP_SDMANUM_INT");
static_assert(ACL_GROUP_ASQNUM_INT == 4, "ACL_GROUP_ASQNUM_INT");
static_assert(ACL_GROUP_GROUPID_INT == 5, "ACL_GROUP_GROUPID_INT");
static_assert(std::is_enum<aclrtFloatOverflowMode>::value, "aclrtFloatOverflowMode is an enum");
static_assert(ACL_RT_OVERFLOW_MODE_SATURATION == 0, "ACL_RT_OVERFLOW_MODE_SATURATION");
static_assert(ACL_RT_OVERFLOW_MODE_INFNAN == 1, "ACL_RT_OVERFLOW_MODE_INFNAN");
static_assert(ACL_RT_OVERFLOW_MODE_UNDEF == 2, "ACL_RT_OVERFLOW_MODE_UNDEF");
static_assert(std::is_enum<aclrtStreamConfigAttr>::value, "aclrtStreamConfigAttr is an enum");
static_assert(ACL_RT_STREAM_WORK_ADDR_PTR == 0, "ACL_RT_STREAM_WORK_ADDR_PTR");
static_assert(ACL_RT_STREAM_WORK_SIZE == 1, "ACL_RT_STREAM_WORK_SIZE");
static_assert(ACL_RT_STREAM_FLAG == 2, "ACL_RT_STREAM_FLAG");
static_assert(ACL_RT_STREAM_PRIORITY == 3, "ACL_RT_STREAM_PRIORITY");
static_assert(std::is_enum<aclrtMemLocationType>::value, "aclrtMemLocationType is an enum");
static_assert(ACL_MEM_LOCATION_TYPE_HOST == 0, "ACL_MEM_LOCATION_TYPE_HOST");
static_assert(ACL_MEM_LOCATION_TYPE_DEVICE == 1, "ACL_MEM_LOCATION_TYPE_DEVICE");
static_assert(std::is_enum<aclrtMemAllocationType>::value, "aclrtMemAllocationType is an enum");
static_assert(ACL_MEM_ALLOCATION_TYPE_PINNED == 0, "ACL_MEM_ALLOCATION_TYPE_PINNED");
static_assert(std::is_enum<aclrtMemHandleType>::value, "aclrtMemHandleType is an enum");
static_assert(ACL_MEM_HANDLE_TYPE_NONE == 0, "ACL_MEM_HANDLE_TYPE_NONE");
static_assert(std::is_enum<aclrtMemGranularityOptions>::value, "aclrtMemGranularityOptions is an enum");
static_assert(ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM == 0, "ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM");
static_assert(ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED == 1, "ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED");
static_assert(ACL_RT_MEM_ALLOC_GRANULARITY_UNDEF == 65535, "ACL_RT_MEM_ALLOC_GRANULARITY_UNDEF");
static_assert(std::is_enum<aclrtDeviceStatus>::value, "aclrtDeviceStatus is an enum");
static_assert(ACL_RT_DEVICE_STATUS_NORMAL == 0, "ACL_RT_DEVICE_STATUS_NORMAL");
static_assert(ACL_RT_DEVICE_STATUS_ABNORMAL == 1, "ACL_RT_DEVICE_STATUS_ABNORMAL");
static_assert(ACL_RT_DEVICE_STATUS_END == 65535, "ACL_RT_DEVICE_STATUS_END");
static_assert(std::is_enum<aclAippInputFormat>::value, "aclAippInputFormat is an enum");
static_assert(ACL_YUV420SP_U8 == 1, "ACL_YUV420SP_U8");
static_assert(ACL_XRGB8888_U8 == 2, "ACL_XRGB8888_U8");
static_assert(ACL_RGB888_U8 == 3, "ACL_RGB888_U8");
static_assert(ACL_YUV400_U8 == 4, "ACL_YUV400_U8");
static_assert(ACL_NC1HWC0DI_FP16 == 5, "ACL_NC1HWC0DI_FP16");
static_assert(ACL_NC1HWC0DI_S8 == 6, "ACL_NC1HWC0DI_S8");
static_assert(ACL_ARGB8888_U8 == 7, "ACL_ARGB8888_U8");
static_assert(ACL_YUYV_U8 == 8, "ACL_YUYV_U8");
static_assert(ACL_YUV422SP_U8 == 9, "ACL_YUV422SP_U8");
static_assert(ACL_AYUV444_U8 == 10, "ACL_AYUV444_U8");
static_assert(ACL_RAW10 == 11, "ACL_RAW10");
static_assert(ACL_RAW12 == 12, "ACL_RAW12");
static_assert(ACL_RAW16 == 13, "ACL_RAW16");
static_assert(ACL_RAW24 == 14, "ACL_RAW24");
static_assert(ACL_AIPP_RESERVED == 65535, "ACL_AIPP_RESERVED");
static_assert(std::is_enum<aclmdlConfigAttr>::value, "aclmdlConfigAttr is an enum");
static_assert(ACL_MDL_PRIORITY_INT32 == 0, "ACL_MDL_PRIORITY_INT32");
static_assert(ACL_MDL_LOAD_TYPE_SIZET == 1, "ACL_MDL_LOAD_TYPE_SIZET");
static_assert(ACL_MDL_PATH_PTR == 2, "ACL_MDL_PATH_PTR");
static_assert(ACL_MDL_MEM_ADDR_PTR == 3, "ACL_MDL_MEM_ADDR_PTR");
static_assert(ACL_MDL_MEM_SIZET == 4, "ACL_MDL_MEM_SIZET");
static_assert(ACL_MDL_WEIGHT_ADDR_PTR == 5, "ACL_MDL_WEIGHT_ADDR_PTR");
static_assert(ACL_MDL_WEIGHT_SIZET == 6, "ACL_MDL_WEIGHT_SIZET");
static_assert(ACL_MDL_WORKSPACE_ADDR_PTR == 7, "ACL_MDL_WORKSPACE_ADDR_PTR");
static_assert(ACL_MDL_WORKSPACE_SIZET == 8, "ACL_MDL_WORKSPACE_SIZET");
static_assert(ACL_MDL_INPUTQ_NUM_SIZET == 9, "ACL_MDL_INPUTQ_NUM_SIZET");
static_assert(ACL_MDL_INPUTQ_ADDR_PTR == 10, "ACL_MDL_INPUTQ_ADDR_PTR");
static_assert(ACL_MDL_OUTPUTQ_NUM_SIZET == 11, "ACL_MDL_OUTPUTQ_NUM_SIZET");
static_assert(ACL_MDL_OUTPUTQ_ADDR_PTR == 12, "ACL_MDL_OUTPUTQ_ADDR_PTR");
static_assert(ACL_MDL_WORKSPACE_MEM_OPTIMIZE == 13, "ACL_MDL_WORKSPACE_MEM_OPTIMIZE");
static_assert(ACL_MDL_WEIGHT_PATH_PTR == 14, "ACL_MDL_WEIGHT_PATH_PTR");
static_assert(ACL_MDL_MODEL_DESC_PTR == 15, "ACL_MDL_MODEL_DESC_PTR");
static_assert(ACL_MDL_MODEL_DESC_SIZET == 16, "ACL_MDL_MODEL_DESC_SIZET");
static_assert(ACL_MDL_KERNEL_PTR == 17, "ACL_MDL_KERNEL_PTR");
static_assert(ACL_MDL_KERNEL_SIZET == 18, "ACL_MDL_KERNEL_SIZET");
static_assert(ACL_MDL_KERNEL_ARGS_PTR == 19, "ACL_MDL_KERNEL_ARGS_PTR");
static_assert(ACL_MDL_KERNEL_ARGS_SIZET == 20, "ACL_MDL_KERNEL_ARGS_SIZET");
static_assert(ACL_MDL_STATIC_TASK_PTR == 21, "ACL_MDL_STATIC_TASK_PTR");
static_assert(ACL_MDL_STATIC_TASK_SIZET == 22, "ACL_MDL_STATIC_TASK_SIZET");
static_assert(ACL_MDL_DYNAMIC_TASK_PTR == 23, "ACL_MDL_DYNAMIC_TASK_PTR");
static_assert(ACL_MDL_DYNAMIC_TASK_SIZET == 24, "ACL_MDL_DYNAMIC_TASK_SIZET");
static_assert(std::is_enum<aclmdlExecConfigAttr>::value, "aclmdlExecConfigAttr is an enum");
static_assert(ACL_MDL_STREAM_SYNC_TIMEOUT == 0, "ACL_MDL_STREAM_SYNC_TIMEOUT");
static_assert(ACL_MDL_EVENT_SYNC_TIMEOUT == 1, "ACL_MDL_EVENT_SYNC_TIMEOUT");
static_assert(ACL_MDL_WORK_ADDR_PTR == 2, "ACL_MDL_WORK_ADDR_PTR");
static_assert(ACL_MDL_WORK_SIZET == 3, "ACL_MDL_WORK_SIZET");
static_assert(ACL_MDL_MPAIMID_SIZET == 4, "ACL_MDL_MPAIMID_SIZET");
static_assert(ACL_MDL_AICQOS_SIZET == 5, "ACL_MDL_AICQOS_SIZET");
static_assert(ACL_MDL_AICOST_SIZET == 6, "ACL_MDL_AICOST_SIZET");
static_assert(ACL_MDL_MEC_TIMETHR_SIZET == 7, "ACL_MDL_MEC_TIMETHR_SIZET");
static_assert(std::is_enum<aclmdlInputAippType>::value, "aclmdlInputAippType is an enum");
static_assert(ACL_DATA_WITHOUT_AIPP == 0, "ACL_DATA_WITHOUT_AIPP");
static_assert(ACL_DATA_WITH_STATIC_AIPP == 1, "ACL_DATA_WITH_STATIC_AIPP");
static_assert(ACL_DATA_WITH_DYNAMIC_AIPP == 2, "ACL_DATA_WITH_DYNAMIC_AIPP");
static_assert(ACL_DYNAMIC_AIPP_NODE == 3, "ACL_DYNAMIC_AIPP_NODE");
static_assert(std::is_enum<aclopEngineType>::value, "aclopEngineType is an enum");
static_assert(ACL_ENGINE_SYS == 0, "ACL_ENGINE_SYS");
static_assert(ACL_ENGINE_AICORE == 1, "ACL_ENGINE_AICORE");
static_assert(ACL_ENGINE_VECTOR == 2, "ACL_ENGINE_VECTOR");
static_assert(std::is_enum<aclopCompileType>::value, "aclopCompileType is an enum");
static_assert(ACL_COMPILE_SYS == 0, "ACL_COMPILE_SYS");
static_assert(ACL_COMPILE_UNREGISTERED == 1, "ACL_COMPILE_UNREGISTERED");
static_assert(std::is_enum<aclCompileOpt>::value, "aclCompileOpt is an enum");
static_assert(ACL_PRECISION_MODE == 0, "ACL_PRECISION_MODE");
static_assert(ACL_AICORE_NUM == 1, "ACL_AICORE_NUM");
static_assert(ACL_AUTO_TUNE_MODE == 2, "ACL_AUTO_TUNE_MODE");
static_assert(ACL_OP_SELECT_IMPL_MODE == 3, "ACL_OP_SELECT_IMPL_MODE");
static_assert(ACL_OPTYPELIST_FOR_IMPLMODE == 4, "ACL_OPTYPELIST_FOR_IMPLMODE");
static_assert(ACL_OP_DEBUG_LEVEL == 5, "ACL_OP_DEBUG_LEVEL");
static_assert(ACL_DEBUG_DIR == 6, "ACL_DEBUG_DIR");
static_assert(ACL_OP_COMPILER_CACHE_MODE == 7, "ACL_OP_COMPILER_CACHE_MODE");
static_assert(ACL_OP_COMPILER_CACHE_DIR == 8, "ACL_OP_COMPILER_CACHE_DIR");
static_assert(ACL_OP_PERFORMANCE_MODE == 9, "ACL_OP_PERFORMANCE_MODE");
static_assert(ACL_OP_JIT_COMPILE == 10, "ACL_OP_JIT_COMPILE");
static_assert(ACL_OP_DETERMINISTIC == 11, "ACL_OP_DETERMINISTIC");
static_assert(ACL_CUSTOMIZE_DTYPES == 12, "ACL_CUSTOMIZE_DTYPES");
static_assert(ACL_OP_PRECISION_MODE == 13, "ACL_OP_PRECISION_MODE");
static_assert(ACL_ALLOW_HF32 == 14, "ACL_ALLOW_HF32");
static_assert(ACL_PRECISION_MODE_V2 == 15, "ACL_PRECISION_MODE_V2");
static_assert(ACL_OP_DEBUG_OPTION == 16, "ACL_OP_DEBUG_OPTION");
static_assert(std::is_enum<aclOpCompileFlag>::value, "aclOpCompileFlag is an enum");
static_assert(ACL_OP_COMPILE_DEFAULT == 0, "ACL_OP_COMPILE_DEFAULT");
static_assert(ACL_OP_COMPILE_FUZZ == 1, "ACL_OP_COMPILE_FUZZ");
static_assert(std::is_enum<aclprofAicoreMetrics>::value, "aclprofAicoreMetrics is an enum");
static_assert(ACL_AICORE_ARITHMETIC_UTILIZATION == 0, "ACL_AICORE_ARITHMETIC_UTILIZATION");
static_assert(ACL_AICORE_PIPE_UTILIZATION == 1, "ACL_AICORE_PIPE_UTILIZATION");
static_assert(ACL_AICORE_MEMORY_BANDWIDTH == 2, "ACL_AICORE_MEMORY_BANDWIDTH");
static_assert(ACL_AICORE_L0B_AND_WIDTH == 3, "ACL_AICORE_L0B_AND_WIDTH");
static_assert(ACL_AICORE_RESOURCE_CONFLICT_RATIO == 4, "ACL_AICORE_RESOURCE_CONFLICT_RATIO");
static_assert(ACL_AICORE_MEMORY_UB == 5, "ACL_AICORE_MEMORY_UB");
static_assert(ACL_AICORE_L2_CACHE == 6, "ACL_AICORE_L2_CACHE");
static_assert(ACL_AICORE_PIPE_EXECUTE_UTILIZATION == 7, "ACL_AICORE_PIPE_EXECUTE_UTILIZATION");
static_assert(ACL_AICORE_NONE == 255, "ACL_AICORE_NONE");
static_assert(std::is_enum<aclprofStepTag>::value, "aclprofStepTag is an enum");
static_assert(ACL_STEP_START == 0, "ACL_STEP_START");
static_assert(ACL_STEP_END == 1, "ACL_STEP_END");
static_assert(std::is_enum<aclprofSubscribeOpFlag>::value, "aclprofSubscribeOpFlag is an enum");
static_assert(ACL_SUBSCRIBE_OP == 0, "ACL_SUBSCRIBE_OP");
static_assert(ACL_SUBSCRIBE_SUBGRAPH == 1, "ACL_SUBSCRIBE_SUBGRAPH");
static_assert(ACL_SUBSCRIBE_OP_THREAD == 2, "ACL_SUBSCRIBE_OP_THREAD");
static_assert(ACL_SUBSCRIBE_NONE == 255, "ACL_SUBSCRIBE_NONE");
static_assert(std::is_enum<aclprofSubscribeOpAttri>::value, "aclprofSubscribeOpAttri is an enum");
static_assert(ACL_SUBSCRIBE_ATTRI_THREADID == 0, "ACL_SUBSCRIBE_ATTRI_THREADID");
static_assert(ACL_SUBSCRIBE_ATTRI_NONE == 1, "ACL_SUBSCRIBE_ATTRI_NONE");
static_assert(std::is_enum<aclprofConfigType>::value, "aclprofConfigType is an enum");
static_assert(ACL_PROF_ARGS_MIN == 0, "ACL_PROF_ARGS_MIN");
static_assert(ACL_PROF_STORAGE_LIMIT == 1, "ACL_PROF_STORAGE_LIMIT");
static_assert(ACL_PROF_SYS_HARDWARE_MEM_FREQ == 3, "ACL_PROF_SYS_HARDWARE_MEM_FREQ");
static_assert(ACL_PROF_LLC_MODE == 4, "ACL_PROF_LLC_MODE");
static_assert(ACL_PROF_SYS_IO_FREQ == 5, "ACL_PROF_SYS_IO_FREQ");
static_assert(ACL_PROF_SYS_INTERCONNECTION_FREQ == 6, "ACL_PROF_SYS_INTERCONNECTION_FREQ");
static_assert(ACL_PROF_DVPP_FREQ == 7, "ACL_PROF_DVPP_FREQ");
static_assert(ACL_PROF_HOST_SYS == 8, "ACL_PROF_HOST_SYS");
static_assert(ACL_PROF_HOST_SYS_USAGE == 9, "ACL_PROF_HOST_SYS_USAGE");
static_assert(ACL_PROF_HOST_SYS_USAGE_FREQ == 10, "ACL_PROF_HOST_SYS_USAGE_FREQ");
static_assert(ACL_PROF_LOW_POWER_FREQ == 11, "ACL_PROF_LOW_POWER_FREQ");
static_assert(ACL_PROF_SYS_MEM_SERVICEFLOW == 12, "ACL_PROF_SYS_MEM_SERVICEFLOW");
static_assert(ACL_PROF_ARGS_MAX == 13, "ACL_PROF_ARGS_MAX");
static_assert(std::is_enum<acltdtTensorType>::value, "acltdtTensorType is an enum");
static_assert(ACL_TENSOR_DATA_UNDEFINED == -1, "ACL_TENSOR_DATA_UNDEFINED");
static_assert(ACL_TENSOR_DATA_TENSOR == 0, "ACL_TENSOR_DATA_TENSOR");
static_assert(ACL_TENSOR_DATA_END_OF_SEQUENCE == 1, "ACL_TENSOR_DATA_END_OF_SEQUENCE");
static_assert(ACL_TENSOR_DATA_ABNORMAL == 2, "ACL_TENSOR_DATA_ABNORMAL");
static_assert(ACL_TENSOR_DATA_SLICE_TENSOR == 3, "ACL_TENSOR_DATA_SLICE_TENSOR");
static_assert(ACL_TENSOR_DATA_END_TENSOR == 4, "ACL_TENSOR_DATA_END_TENSOR");
static_assert(std::is_enum<acltdtQueueAttrType>::value, "acltdtQueueAttrType is an enum");
static_assert(ACL_TDT_QUEUE_NAME_PTR == 0, "ACL_TDT_QUEUE_NAME_PTR");
static_assert(ACL_TDT_QUEUE_DEPTH_UINT32 == 1, "ACL_TDT_QUEUE_DEPTH_UINT32");
static_assert(std::is_enum<acltdtQueueRouteParamType>::value, "acltdtQueueRouteParamType is an enum");
static_assert(ACL_TDT_QUEUE_ROUTE_SRC_UINT32 == 0, "ACL_TDT_QUEUE_ROUTE_SRC_UINT32");
static_assert(ACL_TDT_QUEUE_ROUTE_DST_UINT32 == 1, "ACL_TDT_QUEUE_ROUTE_DST_UINT32");
static_assert(ACL_TDT_QUEUE_ROUTE_STATUS_INT32 == 2, "ACL_TDT_QUEUE_ROUTE_STATUS_INT32");
static_assert(std::is_enum<acltdtQueueRouteQueryMode>::value, "acltdtQueueRouteQueryMode is an enum");
static_assert(ACL_TDT_QUEUE_ROUTE_QUERY_SRC == 0, "ACL_TDT_QUEUE_ROUTE_QUERY_SRC");
static_assert(ACL_TDT_QUEUE_ROUTE_QUERY_DST == 1, "ACL_TDT_QUEUE_ROUTE_QUERY_DST");
static_assert(ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST == 2, "ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST");
static_assert(ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL == 100, "ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL");
static_assert(std::is_enum<acltdtQueueRouteQueryInfoParamType>::value, "acltdtQueueRouteQueryInfoParamType is an enum");
static_assert(ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM == 0, "ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM");
static_assert(ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32 == 1, "ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32");
static_assert(ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32 == 2, "ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32");
static_assert(std::is_enum<acltdtAllocBufType>::value, "acltdtAllocBufType is an enum");
static_assert(ACL_TDT_NORMAL_MEM == 0, "ACL_TDT_NORMAL_MEM");
static_assert(ACL_TDT_DVPP_MEM == 1, "ACL_TDT_DVPP_MEM");
static_assert(std::is_enum<aclTransType>::value, "aclTransType is an enum");
static_assert(ACL_TRANS_N == 0, "ACL_TRANS_N");
static_assert(ACL_TRANS_T == 1, "ACL_TRANS_T");
static_assert(ACL_TRANS_NZ == 2, "ACL_TRANS_NZ");
static_assert(ACL_TRANS_NZ_T == 3, "ACL_TRANS_NZ_T");
static_assert(std::is_enum<aclComputeType>::value, "aclComputeType is an enum");
static_assert(ACL_COMPUTE_HIGH_PRECISION == 0, "ACL_COMPUTE_HIGH_PRECISION");
static_assert(ACL_COMPUTE_LOW_PRECISION == 1, "ACL_COMPUTE_LOW_PRECISION");
static_assert(std::is_enum<acldvppPixelFormat>::value, "acldvppPixelFormat is an enum");
static_assert(PIXEL_FORMAT_YUV_400 == 0, "PIXEL_FORMAT_YUV_400");
static_assert(PIXEL_FORMAT_YUV_SEMIPLANAR_420 == 1, "PIXEL_FORMAT_YUV_SEMIPLANAR_420");
static_assert(PIXEL_FORMAT_YVU_SEMIPLANAR_420 == 2, "PIXEL_FORMAT_YVU_SEMIPLANAR_420");
static_assert(PIXEL_FORMAT_YUV_SEMIPLANAR_422 == 3, "PIXEL_FORMAT_YUV_SEMIPLANAR_422");
static_assert(PIXEL_FORMAT_YVU_SEMIPLANAR_422 == 4, "PIXEL_FORMAT_YVU_SEMIPLANAR_422");
static_assert(PIXEL_FORMAT_YUV_SEMIPLANAR_444 == 5, "PIXEL_FORMAT_YUV_SEMIPLANAR_444");
static_assert(PIXEL_FORMAT_YVU_SEMIPLANAR_444 == 6, "PIXEL_FORMAT_YVU_SEMIPLANAR_444");
static_assert(PIXEL_FORMAT_YUYV_PACKED_422 == 7, "PIXEL_FORMAT_YUYV_PACKED_422");
static_assert(PIXEL_FORMAT_UYVY_PACKED_422 == 8, "PIXEL_FORMAT_UYVY_PACKED_422");
static_assert(PIXEL_FORMAT_YVYU_PACKED_422 == 9, "PIXEL_FORMAT_YVYU_PACKED_422");
static_assert(PIXEL_FORMAT_VYUY_PACKED_422 == 10, "PIXEL_FORMAT_VYUY_PACKED_422");
static_assert(PIXEL_FORMAT_YUV_PACKED_444 == 11, "PIXEL_FORMAT_YUV_PACKED_444");
static_assert(PIXEL_FORMAT_RGB_888 == 12, "PIXEL_FORMAT_RGB_888");
static_assert(PIXEL_FORMAT_BGR_888 == 13, "PIXEL_FORMAT_BGR_888");
static_assert(PIXEL_FORMAT_ARGB_8888 == 14, "PIXEL_FORMAT_ARGB_8888");
static_assert(PIXEL_FORMAT_ABGR_8888 == 15, "PIXEL_FORMAT_ABGR_8888");
static_assert(PIXEL_FORMAT_RGBA_8888 == 16, "PIXEL_FORMAT_RGBA_8888");
static_assert(PIXEL_FORMAT_BGRA_8888 == 17, "PIXEL_FORMAT_BGRA_8888");
static_assert(PIXEL_FORMAT_YUV_SEMI_PLANNER_420_10BIT == 18, "PIXEL_FORMAT_YUV_SEMI_PLANNER_420_10BIT");
static_assert(PIXEL_FORMAT_YVU_SEMI_PLANNER_420_10BIT == 19, "PIXEL_FORMAT_YVU_SEMI_PLANNER_420_10BIT");
static_assert(PIXEL_FORMAT_YVU_PLANAR_420 == 20, "PIXEL_FORMAT_YVU_PLANAR_420");
static_assert(PIXEL_FORMAT_YVU_PLANAR_422 == 21, "PIXEL_FORMAT_YVU_PLANAR_422");
static_assert(PIXEL_FORMAT_YVU_PLANAR_444 == 22, "PIXEL_FORMAT_YVU_PLANAR_444");
static_assert(PIXEL_FORMAT_RGB_444 == 23, "PIXEL_FORMAT_RGB_444");
static_assert(PIXEL_FORMAT_BGR_444 == 24, "PIXEL_FORMAT_BGR_444");
static_assert(PIXEL_FORMAT_ARGB_4444 == 25, "PIXEL_FORMAT_ARGB_4444");
static_assert(PIXEL_FORMAT_ABGR_4444 == 26, "PIXEL_FORMAT_ABGR_4444");
static_assert(PIXEL_FORMAT_RGBA_4444 == 27, "PIXEL_FORMAT_RGBA_4444");
static_assert(PIXEL_FORMAT_BGRA_4444 == 28, "PIXEL_FORMAT_BGRA_4444");
static_assert(PIXEL_FORMAT_RGB_555 == 29, "PIXEL_FORMAT_RGB_555");
static_assert(PIXEL_FORMAT_BGR_555 == 30, "PIXEL_FORMAT_BGR_555");
static_assert(PIXEL_FORMAT_RGB_565 == 31, "PIXEL_FORMAT_RGB_565");
static_assert(PIXEL_FORMAT_BGR_565 == 32, "PIXEL_FORMAT_BGR_565");
static_assert(PIXEL_FORMAT_ARGB_1555 == 33, "PIXEL_FORMAT_ARGB_1555");
static_assert(PIXEL_FORMAT_ABGR_1555 == 34, "PIXEL_FORMAT_ABGR_1555");
static_assert(PIXEL_FORMAT_RGBA_1555 == 35, "PIXEL_FORMAT_RGBA_1555");
static_assert(PIXEL_FORMAT_BGRA_1555 == 36, "PIXEL_FORMAT_BGRA_1555");
static_assert(PIXEL_FORMAT_ARGB_8565 == 37, "PIXEL_FORMAT_ARGB_8565");
static_assert(PIXEL_FORMAT_ABGR_8565 == 38, "PIXEL_FORMAT_ABGR_8565");
static_assert(PIXEL_FORMAT_RGBA_8565 == 39, "PIXEL_FORMAT_RGBA_8565");
static_assert(PIXEL_FORMAT_BGRA_8565 == 40, "PIXEL_FORMAT_BGRA_8565");
static_assert(PIXEL_FORMAT_RGB_BAYER_8BPP == 50, "PIXEL_FORMAT_RGB_BAYER_8BPP");
static_assert(PIXEL_FORMAT_RGB_BAYER_10BPP == 51, "PIXEL_FORMAT_RGB_BAYER_10BPP");
static_assert(PIXEL_FORMAT_RGB_BAYER_12BPP == 52, "PIXEL_FORMAT_RGB_BAYER_12BPP");
static_assert(PIXEL_FORMAT_RGB_BAYER_14BPP == 53, "PIXEL_FORMAT_RGB_BAYER_14BPP");
static_assert(PIXEL_FORMAT_RGB_BAYER_16BPP == 54, "PIXEL_FORMAT_RGB_BAYER_16BPP");
static_assert(PIXEL_FORMAT_BGR_888_PLANAR == 70, "PIXEL_FORMAT_BGR_888_PLANAR");
static_assert(PIXEL_FORMAT_HSV_888_PACKAGE == 71, "PIXEL_FORMAT_HSV_888_PACKAGE");
static_assert(PIXEL_FORMAT_HSV_888_PLANAR == 72, "PIXEL_FORMAT_HSV_888_PLANAR");
static_assert(PIXEL_FORMAT_LAB_888_PACKAGE == 73, "PIXEL_FORMAT_LAB_888_PACKAGE");
static_assert(PIXEL_FORMAT_LAB_888_PLANAR == 74, "PIXEL_FORMAT_LAB_888_PLANAR");
static_assert(PIXEL_FORMAT_S8C1 == 75, "PIXEL_FORMAT_S8C1");
static_assert(PIXEL_FORMAT_S8C2_PACKAGE == 76, "PIXEL_FORMAT_S8C2_PACKAGE");
static_assert(PIXEL_FORMAT_S8C2_PLANAR == 77, "PIXEL_FORMAT_S8C2_PLANAR");
static_assert(PIXEL_FORMAT_S16C1 == 78, "PIXEL_FORMAT_S16C1");
static_assert(PIXEL_FORMAT_U8C1 == 79, "PIXEL_FORMAT_U8C1");
static_assert(PIXEL_FORMAT_U16C1 == 80, "PIXEL_FORMAT_U16C1");
static_assert(PIXEL_FORMAT_S32C1 == 81, "PIXEL_FORMAT_S32C1");
static_assert(PIXEL_FORMAT_U32C1 == 82, "PIXEL_FORMAT_U32C1");
static_assert(PIXEL_FORMAT_U64C1 == 83, "PIXEL_FORMAT_U64C1");
static_assert(PIXEL_FORMAT_S64C1 == 84, "PIXEL_FORMAT_S64C1");
static_assert(PIXEL_FORMAT_YUV_SEMIPLANAR_440 == 1000, "PIXEL_FORMAT_YUV_SEMIPLANAR_440");
static_assert(PIXEL_FORMAT_YVU_SEMIPLANAR_440 == 1001, "PIXEL_FORMAT_YVU_SEMIPLANAR_440");
static_assert(PIXEL_FORMAT_FLOAT32 == 1002, "PIXEL_FORMAT_FLOAT32");
static_assert(PIXEL_FORMAT_BUTT == 1003, "PIXEL_FORMAT_BUTT");
static_assert(PIXEL_FORMAT_UNKNOWN == 10000, "PIXEL_FORMAT_UNKNOWN");
static_assert(std::is_enum<acldvppStreamFormat>::value, "acldvppStreamFormat is an enum");
static_assert(H265_MAIN_LEVEL == 0, "H265_MAIN_LEVEL");
static_assert(H264_BASELINE_LEVEL == 1, "H264_BASELINE_LEVEL");
static_assert(H264_MAIN_LEVEL == 2, "H264_MAIN_LEVEL");
static_assert(H264_HIGH_LEVEL == 3, "H264_HIGH_LEVEL");
static_assert(std::is_enum<acldvppChannelMode>::value, "acldvppChannelMode is an enum");
static_assert(DVPP_CHNMODE_VPC == 1, "DVPP_CHNMODE_VPC");
static_assert(DVPP_CHNMODE_JPEGD == 2, "DVPP_CHNMODE_JPEGD");
static_assert(DVPP_CHNMODE_JPEGE == 4, "DVPP_CHNMODE_JPEGE");
static_assert(DVPP_CHNMODE_PNGD == 8, "DVPP_CHNMODE_PNGD");
static_assert(std::is_enum<acldvppBorderType>::value, "acldvppBorderType is an enum");
static_assert(BORDER_CONSTANT == 0, "BORDER_CONSTANT");
static_assert(BORDER_REPLICATE == 1, "BORDER_REPLICATE");
static_assert(BORDER_REFLECT == 2, "BORDER_REFLECT");
static_assert(BORDER_REFLECT_101 == 3, "BORDER_REFLECT_101");
static_assert(std::is_enum<aclvencChannelDescParamType>::value, "aclvencChannelDescParamType is an enum");
static_assert(ACL_VENC_THREAD_ID_UINT64 == 0, "ACL_VENC_THREAD_ID_UINT64");
static_assert(ACL_VENC_CALLBACK_PTR == 1, "ACL_VENC_CALLBACK_PTR");
static_assert(ACL_VENC_PIXEL_FORMAT_UINT32 == 2, "ACL_VENC_PIXEL_FORMAT_UINT32");
static_assert(ACL_VENC_ENCODE_TYPE_UINT32 == 3, "ACL_VENC_ENCODE_TYPE_UINT32");
static_assert(ACL_VENC_PIC_WIDTH_UINT32 == 4, "ACL_VENC_PIC_WIDTH_UINT32");
static_assert(ACL_VENC_PIC_HEIGHT_UINT32 == 5, "ACL_VENC_PIC_HEIGHT_UINT32");
static_assert(ACL_VENC_KEY_FRAME_INTERVAL_UINT32 == 6, "ACL_VENC_KEY_FRAME_INTERVAL_UINT32");
static_assert(ACL_VENC_BUF_ADDR_PTR == 7, "ACL_VENC_BUF_ADDR_PTR");
static_assert(ACL_VENC_BUF_SIZE_UINT32 == 8, "ACL_VENC_BUF_SIZE_UINT32");
static_assert(ACL_VENC_RC_MODE_UINT32 == 9, "ACL_VENC_RC_MODE_UINT32");
static_assert(ACL_VENC_SRC_RATE_UINT32 == 10, "ACL_VENC_SRC_RATE_UINT32");
static_assert(ACL_VENC_MAX_BITRATE_UINT32 == 11, "ACL_VENC_MAX_BITRATE_UINT32");
static_assert(ACL_VENC_MAX_IP_PROP_UINT32 == 12, "ACL_VENC_MAX_IP_PROP_UINT32");
static_assert(std::is_enum<acldvppJpegFormat>::value, "acldvppJpegFormat is an enum");
static_assert(ACL_JPEG_CSS_444 == 0, "ACL_JPEG_CSS_444");
static_assert(ACL_JPEG_CSS_422 == 1, "ACL_JPEG_CSS_422");
static_assert(ACL_JPEG_CSS_420 == 2, "ACL_JPEG_CSS_420");
static_assert(ACL_JPEG_CSS_GRAY == 3, "ACL_JPEG_CSS_GRAY");
static_assert(ACL_JPEG_CSS_440 == 4, "ACL_JPEG_CSS_440");
static_assert(ACL_JPEG_CSS_411 == 5, "ACL_JPEG_CSS_411");
static_assert(ACL_JPEG_CSS_UNKNOWN == 1000, "ACL_JPEG_CSS_UNKNOWN");
static_assert(std::is_enum<acldvppChannelDescParamType>::value, "acldvppChannelDescParamType is an enum");
static_assert(ACL_DVPP_CSC_MATRIX_UINT32 == 0, "ACL_DVPP_CSC_MATRIX_UINT32");
static_assert(ACL_DVPP_MODE_UINT32 == 1, "ACL_DVPP_MODE_UINT32");
static_assert(ACL_DVPP_CHANNEL_ID_UINT64 == 2, "ACL_DVPP_CHANNEL_ID_UINT64");
static_assert(ACL_DVPP_CHANNEL_HEIGHT_UINT32 == 3, "ACL_DVPP_CHANNEL_HEIGHT_UINT32");
static_assert(ACL_DVPP_CHANNEL_WIDTH_UINT32 == 4, "ACL_DVPP_CHANNEL_WIDTH_UINT32");
static_assert(ACL_DVPP_JPEGD_PRECISION_MODE_ENUM == 5, "ACL_DVPP_JPEGD_PRECISION_MODE_ENUM");
static_assert(std::is_enum<aclvdecChannelDescParamType>::value, "aclvdecChannelDescParamType is an enum");
static_assert(ACL_VDEC_CSC_MATRIX_UINT32 == 0, "ACL_VDEC_CSC_MATRIX_UINT32");
static_assert(ACL_VDEC_OUT_MODE_UINT32 == 1, "ACL_VDEC_OUT_MODE_UINT32");
static_assert(ACL_VDEC_THREAD_ID_UINT64 == 2, "ACL_VDEC_THREAD_ID_UINT64");
static_assert(ACL_VDEC_CALLBACK_PTR == 3, "ACL_VDEC_CALLBACK_PTR");
static_assert(ACL_VDEC_CHANNEL_ID_UINT32 == 4, "ACL_VDEC_CHANNEL_ID_UINT32");
static_assert(ACL_VDEC_ENCODE_TYPE_UINT32 == 5, "ACL_VDEC_ENCODE_TYPE_UINT32");
static_assert(ACL_VDEC_OUT_PIC_FORMAT_UINT32 == 6, "ACL_VDEC_OUT_PIC_FORMAT_UINT32");
static_assert(ACL_VDEC_OUT_PIC_WIDTH_UINT32 == 7, "ACL_VDEC_OUT_PIC_WIDTH_UINT32");
static_assert(ACL_VDEC_OUT_PIC_HEIGHT_UINT32 == 8, "ACL_VDEC_OUT_PIC_HEIGHT_UINT32");
static_assert(ACL_VDEC_REF_FRAME_NUM_UINT32 == 9, "ACL_VDEC_REF_FRAME_NUM_UINT32");
static_assert(ACL_VDEC_BIT_DEPTH_UINT32 == 10, "ACL_VDEC_BIT_DEPTH_UINT32");
static_assert(std::is_enum<acldvppCscMatrix>::value, "acldvppCscMatrix is an enum");
static_assert(ACL_DVPP_CSC_MATRIX_BT601_WIDE == 0, "ACL_DVPP_CSC_MATRIX_BT601_WIDE");
static_assert(ACL_DVPP_CSC_MATRIX_BT601_NARROW == 1, "ACL_DVPP_CSC_MATRIX_BT601_NARROW");
static_assert(ACL_DVPP_CSC_MATRIX_BT709_WIDE == 2, "ACL_DVPP_CSC_MATRIX_BT709_WIDE");
static_assert(ACL_DVPP_CSC_MATRIX_BT709_NARROW == 3, "ACL_DVPP_CSC_MATRIX_BT709_NARROW");
static_assert(ACL_DVPP_CSC_MATRIX_BT2020_WIDE == 4, "ACL_DVPP_CSC_MATRIX_BT2020_WIDE");
static_assert(ACL_DVPP_CSC_MATRIX_BT2020_NARROW == 5, "ACL_DVPP_CSC_MATRIX_BT2020_NARROW");
static_assert(std::is_enum<acldvppJpegdPrecisionMode>::value, "acldvppJpegdPrecisionMode is an enum");
static_assert(ACL_YUVOUT_ALIGN_DOWN == 0, "ACL_YUVOUT_ALIGN_DOWN");
static_assert(ACL_YUVOUT_ALIGN_UP == 1, "ACL_YUVOUT_ALIGN_UP");
static_assert(ACL_YUVOUT_ALIGN_DOWN_COMPAT == 2, "ACL_YUVOUT_ALIGN_DOWN_COMPAT");
static_assert(std::is_enum<aclfvSearchType>::value, "aclfvSearchType is an enum");
static_assert(SEARCH_1_N == 0, "SEARCH_1_N");
static_assert(SEARCH_N_M == 1, "SEARCH_N_M");

// Numeric macros (section 4).
static_assert(ACL_MAJOR_VERSION == 1, "ACL_MAJOR_VERSION");
static_assert(ACL_MINOR_VERSION == 10, "ACL_MINOR_VERSION");
static_assert(ACL_PATCH_VERSION == 0, "ACL_PATCH_VERSION");
static_assert(ACL_TENSOR_SHAPE_RANGE_NUM == 2, "ACL_TENSOR_SHAPE_RANGE_NUM");
static_assert(ACL_TENSOR_VALUE_RANGE_NUM == 2, "ACL_TENSOR_VALUE_RANGE_NUM");
static_assert(ACL_UNKNOWN_RANK == 0xFFFFFFFFFFFFFFFE, "ACL_UNKNOWN_RANK");
static_assert(ACL_EVENT_SYNC == 0x00000001u, "ACL_EVENT_SYNC");
static_assert(ACL_EVENT_CAPTURE_STREAM_PROGRESS == 0x00000002u, "ACL_EVENT_CAPTURE_STREAM_PROGRESS");
static_assert(ACL_EVENT_TIME_LINE == 0x00000008u, "ACL_EVENT_TIME_LINE");
static_assert(ACL_STREAM_FAST_LAUNCH == 0x00000001u, "ACL_STREAM_FAST_LAUNCH");
static_assert(ACL_STREAM_FAST_SYNC == 0x00000002u, "ACL_STREAM_FAST_SYNC");
static_assert(ACL_CONTINUE_ON_FAILURE == 0x00000000u, "ACL_CONTINUE_ON_FAILURE");
static_assert(ACL_STOP_ON_FAILURE == 0x00000001u, "ACL_STOP_ON_FAILURE");
static_assert(ACL_DIM_ENDPOINTS == 2, "ACL_DIM_ENDPOINTS");
static_assert(ACL_MAX_DIM_CNT == 128, "ACL_MAX_DIM_CNT");
static_assert(ACL_MAX_TENSOR_NAME_LEN == 128, "ACL_MAX_TENSOR_NAME_LEN");
static_assert(ACL_MAX_BATCH_NUM == 128, "ACL_MAX_BATCH_NUM");
static_assert(ACL_MAX_HW_NUM == 128, "ACL_MAX_HW_NUM");
static_assert(ACL_MAX_SHAPE_COUNT == 128, "ACL_MAX_SHAPE_COUNT");
static_assert(ACL_INVALID_NODE_INDEX == 0xFFFFFFFF, "ACL_INVALID_NODE_INDEX");
static_assert(ACL_MDL_LOAD_FROM_FILE == 1, "ACL_MDL_LOAD_FROM_FILE");
static_assert(ACL_MDL_LOAD_FROM_FILE_WITH_MEM == 2, "ACL_MDL_LOAD_FROM_FILE_WITH_MEM");
static_assert(ACL_MDL_LOAD_FROM_MEM == 3, "ACL_MDL_LOAD_FROM_MEM");
static_assert(ACL_MDL_LOAD_FROM_MEM_WITH_MEM == 4, "ACL_MDL_LOAD_FROM_MEM_WITH_MEM");
static_assert(ACL_MDL_LOAD_FROM_FILE_WITH_Q == 5, "ACL_MDL_LOAD_FROM_FILE_WITH_Q");
static_assert(ACL_MDL_LOAD_FROM_MEM_WITH_Q == 6, "ACL_MDL_LOAD_FROM_MEM_WITH_Q");
static_assert(ACL_WORKSPACE_MEM_OPTIMIZE_DEFAULT == 0, "ACL_WORKSPACE_MEM_OPTIMIZE_DEFAULT");
static_assert(ACL_WORKSPACE_MEM_OPTIMIZE_INPUTOUTPUT == 1, "ACL_WORKSPACE_MEM_OPTIMIZE_INPUTOUTPUT");
static_assert(ACL_OP_DUMP_OP_AICORE_ARGS == 0x00000001U, "ACL_OP_DUMP_OP_AICORE_ARGS");
static_assert(ACL_PROF_ACL_API == 0x0001ULL, "ACL_PROF_ACL_API");
static_assert(ACL_PROF_TASK_TIME == 0x0002ULL, "ACL_PROF_TASK_TIME");
static_assert(ACL_PROF_AICORE_METRICS == 0x0004ULL, "ACL_PROF_AICORE_METRICS");
static_assert(ACL_PROF_AICPU == 0x0008ULL, "ACL_PROF_AICPU");
static_assert(ACL_PROF_L2CACHE == 0x0010ULL, "ACL_PROF_L2CACHE");
static_assert(ACL_PROF_HCCL_TRACE == 0x0020ULL, "ACL_PROF_HCCL_TRACE");
static_assert(ACL_PROF_TRAINING_TRACE == 0x0040ULL, "ACL_PROF_TRAINING_TRACE");
static_assert(ACL_PROF_MSPROFTX == 0x0080ULL, "ACL_PROF_MSPROFTX");
static_assert(ACL_PROF_RUNTIME_API == 0x0100ULL, "ACL_PROF_RUNTIME_API");
static_assert(ACL_PROF_FWK_SCHEDULE_L0 == 0x0200ULL, "ACL_PROF_FWK_SCHEDULE_L0");
static_assert(ACL_PROF_TASK_TIME_L0 == 0x0800ULL, "ACL_PROF_TASK_TIME_L0");
static_assert(ACL_PROF_TASK_MEMORY == 0x1000ULL, "ACL_PROF_TASK_MEMORY");
static_assert(ACL_PROF_FWK_SCHEDULE_L1 == 0x01000000ULL, "ACL_PROF_FWK_SCHEDULE_L1");
static_assert(ACL_PROF_TASK_TIME_L2 == 0x2000ULL, "ACL_PROF_TASK_TIME_L2");
static_assert(ACL_PROF_OP_ATTR == 0x4000ULL, "ACL_PROF_OP_ATTR");
static_assert(ACL_PROF_MAX_OP_NAME_LEN == 257, "ACL_PROF_MAX_OP_NAME_LEN");
static_assert(ACL_PROF_MAX_OP_TYPE_LEN == 65, "ACL_PROF_MAX_OP_TYPE_LEN");
static_assert(ACL_TDT_QUEUE_PERMISSION_MANAGE == 1, "ACL_TDT_QUEUE_PERMISSION_MANAGE");
static_assert(ACL_TDT_QUEUE_PERMISSION_DEQUEUE == 2, "ACL_TDT_QUEUE_PERMISSION_DEQUEUE");
static_assert(ACL_TDT_QUEUE_PERMISSION_ENQUEUE == 4, "ACL_TDT_QUEUE_PERMISSION_ENQUEUE");
static_assert(ACL_TDT_QUEUE_ROUTE_UNBIND == 0, "ACL_TDT_QUEUE_ROUTE_UNBIND");
static_assert(ACL_TDT_QUEUE_ROUTE_BIND == 1, "ACL_TDT_QUEUE_ROUTE_BIND");
static_assert(ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL == 2, "ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL");
static_assert(ACL_DUMP_MAX_FILE_PATH_LENGTH == 4096, "ACL_DUMP_MAX_FILE_PATH_LENGTH");
static_assert(MAX_MEM_UCE_INFO_ARRAY_SIZE == 128, "MAX_MEM_UCE_INFO_ARRAY_SIZE");
static_assert(UCE_INFO_RESERVED_SIZE == 14, "UCE_INFO_RESERVED_SIZE");

// acl_base.h error codes (section 5.1).
static_assert(ACL_ERROR_NONE == 0, "ACL_ERROR_NONE");
static_assert(ACL_SUCCESS == 0, "ACL_SUCCESS");
static_assert(ACL_ERROR_INVALID_PARAM == 100000, "ACL_ERROR_INVALID_PARAM");
static_assert(ACL_ERROR_UNINITIALIZE == 100001, "ACL_ERROR_UNINITIALIZE");
static_assert(ACL_ERROR_REPEAT_INITIALIZE == 100002, "ACL_ERROR_REPEAT_INITIALIZE");
static_assert(ACL_ERROR_INVALID_FILE == 100003, "ACL_ERROR_INVALID_FILE");
static_assert(ACL_ERROR_WRITE_FILE == 100004, "ACL_ERROR_WRITE_FILE");
static_assert(ACL_ERROR_INVALID_FILE_SIZE == 100005, "ACL_ERROR_INVALID_FILE_SIZE");
static_assert(ACL_ERROR_PARSE_FILE == 100006, "ACL_ERROR_PARSE_FILE");
static_assert(ACL_ERROR_FILE_MISSING_ATTR == 100007, "ACL_ERROR_FILE_MISSING_ATTR");
static_assert(ACL_ERROR_FILE_ATTR_INVALID == 100008, "ACL_ERROR_FILE_ATTR_INVALID");
static_assert(ACL_ERROR_INVALID_DUMP_CONFIG == 100009, "ACL_ERROR_INVALID_DUMP_CONFIG");
static_assert(ACL_ERROR_INVALID_PROFILING_CONFIG == 100010, "ACL_ERROR_INVALID_PROFILING_CONFIG");
static_assert(ACL_ERROR_INVALID_MODEL_ID == 100011, "ACL_ERROR_INVALID_MODEL_ID");
static_assert(ACL_ERROR_DESERIALIZE_MODEL == 100012, "ACL_ERROR_DESERIALIZE_MODEL");
static_assert(ACL_ERROR_PARSE_MODEL == 100013, "ACL_ERROR_PARSE_MODEL");
static_assert(ACL_ERROR_READ_MODEL_FAILURE == 100014, "ACL_ERROR_READ_MODEL_FAILURE");
static_assert(ACL_ERROR_MODEL_SIZE_INVALID == 100015, "ACL_ERROR_MODEL_SIZE_INVALID");
static_assert(ACL_ERROR_MODEL_MISSING_ATTR == 100016, "ACL_ERROR_MODEL_MISSING_ATTR");
static_assert(ACL_ERROR_MODEL_INPUT_NOT_MATCH == 100017, "ACL_ERROR_MODEL_INPUT_NOT_MATCH");
static_assert(ACL_ERROR_MODEL_OUTPUT_NOT_MATCH == 100018, "ACL_ERROR_MODEL_OUTPUT_NOT_MATCH");
static_assert(ACL_ERROR_MODEL_NOT_DYNAMIC == 100019, "ACL_ERROR_MODEL_NOT_DYNAMIC");
static_assert(ACL_ERROR_OP_TYPE_NOT_MATCH == 100020, "ACL_ERROR_OP_TYPE_NOT_MATCH");
static_assert(ACL_ERROR_OP_INPUT_NOT_MATCH == 100021, "ACL_ERROR_OP_INPUT_NOT_MATCH");
static_assert(ACL_ERROR_OP_OUTPUT_NOT_MATCH == 100022, "ACL_ERROR_OP_OUTPUT_NOT_MATCH");
static_assert(ACL_ERROR_OP_ATTR_NOT_MATCH == 100023, "ACL_ERROR_OP_ATTR_NOT_MATCH");
static_assert(ACL_ERROR_OP_NOT_FOUND == 100024, "ACL_ERROR_OP_NOT_FOUND");
static_assert(ACL_ERROR_OP_LOAD_FAILED == 100025, "ACL_ERROR_OP_LOAD_FAILED");
static_assert(ACL_ERROR_UNSUPPORTED_DATA_TYPE == 100026, "ACL_ERROR_UNSUPPORTED_DATA_TYPE");
static_assert(ACL_ERROR_FORMAT_NOT_MATCH == 100027, "ACL_ERROR_FORMAT_NOT_MATCH");
static_assert(ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED == 100028, "ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED");
static_assert(ACL_ERROR_KERNEL_NOT_FOUND == 100029, "ACL_ERROR_KERNEL_NOT_FOUND");
static_assert(ACL_ERROR_BIN_SELECTOR_ALREADY_REGISTERED == 100030, "ACL_ERROR_BIN_SELECTOR_ALREADY_REGISTERED");
static_assert(ACL_ERROR_KERNEL_ALREADY_REGISTERED == 100031, "ACL_ERROR_KERNEL_ALREADY_REGISTERED");
static_assert(ACL_ERROR_INVALID_QUEUE_ID == 100032, "ACL_ERROR_INVALID_QUEUE_ID");
static_assert(ACL_ERROR_REPEAT_SUBSCRIBE == 100033, "ACL_ERROR_REPEAT_SUBSCRIBE");
static_assert(ACL_ERROR_STREAM_NOT_SUBSCRIBE == 100034, "ACL_ERROR_STREAM_NOT_SUBSCRIBE");
static_assert(ACL_ERROR_THREAD_NOT_SUBSCRIBE == 100035, "ACL_ERROR_THREAD_NOT_SUBSCRIBE");
static_assert(ACL_ERROR_WAIT_CALLBACK_TIMEOUT == 100036, "ACL_ERROR_WAIT_CALLBACK_TIMEOUT");
static_assert(ACL_ERROR_REPEAT_FINALIZE == 100037, "ACL_ERROR_REPEAT_FINALIZE");
static_assert(ACL_ERROR_NOT_STATIC_AIPP == 100038, "ACL_ERROR_NOT_STATIC_AIPP");
static_assert(ACL_ERROR_COMPILING_STUB_MODE == 100039, "ACL_ERROR_COMPILING_STUB_MODE");
static_assert(ACL_ERROR_GROUP_NOT_SET == 100040, "ACL_ERROR_GROUP_NOT_SET");
static_assert(ACL_ERROR_GROUP_NOT_CREATE == 100041, "ACL_ERROR_GROUP_NOT_CREATE");
static_assert(ACL_ERROR_PROF_ALREADY_RUN == 100042, "ACL_ERROR_PROF_ALREADY_RUN");
static_assert(ACL_ERROR_PROF_NOT_RUN == 100043, "ACL_ERROR_PROF_NOT_RUN");
static_assert(ACL_ERROR_DUMP_ALREADY_RUN == 100044, "ACL_ERROR_DUMP_ALREADY_RUN");
static_assert(ACL_ERROR_DUMP_NOT_RUN == 100045, "ACL_ERROR_DUMP_NOT_RUN");
static_assert(ACL_ERROR_PROF_REPEAT_SUBSCRIBE == 148046, "ACL_ERROR_PROF_REPEAT_SUBSCRIBE");
static_assert(ACL_ERROR_PROF_API_CONFLICT == 148047, "ACL_ERROR_PROF_API_CONFLICT");
static_assert(ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG == 148048, "ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG");
static_assert(ACL_ERROR_INVALID_OPP_PATH == 148049, "ACL_ERROR_INVALID_OPP_PATH");
static_assert(ACL_ERROR_OP_UNSUPPORTED_DYNAMIC == 148050, "ACL_ERROR_OP_UNSUPPORTED_DYNAMIC");
static_assert(ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED == 148051, "ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED");
static_assert(ACL_ERROR_UNSUPPORTED_JPEG == 148052, "ACL_ERROR_UNSUPPORTED_JPEG");
static_assert(ACL_ERROR_INVALID_BUNDLE_MODEL_ID == 148053, "ACL_ERROR_INVALID_BUNDLE_MODEL_ID");
static_assert(ACL_ERROR_BAD_ALLOC == 200000, "ACL_ERROR_BAD_ALLOC");
static_assert(ACL_ERROR_API_NOT_SUPPORT == 200001, "ACL_ERROR_API_NOT_SUPPORT");
static_assert(ACL_ERROR_INVALID_DEVICE == 200002, "ACL_ERROR_INVALID_DEVICE");
static_assert(ACL_ERROR_MEMORY_ADDRESS_UNALIGNED == 200003, "ACL_ERROR_MEMORY_ADDRESS_UNALIGNED");
static_assert(ACL_ERROR_RESOURCE_NOT_MATCH == 200004, "ACL_ERROR_RESOURCE_NOT_MATCH");
static_assert(ACL_ERROR_INVALID_RESOURCE_HANDLE == 200005, "ACL_ERROR_INVALID_RESOURCE_HANDLE");
static_assert(ACL_ERROR_FEATURE_UNSUPPORTED == 200006, "ACL_ERROR_FEATURE_UNSUPPORTED");
static_assert(ACL_ERROR_PROF_MODULES_UNSUPPORTED == 200007, "ACL_ERROR_PROF_MODULES_UNSUPPORTED");
static_assert(ACL_ERROR_STORAGE_OVER_LIMIT == 300000, "ACL_ERROR_STORAGE_OVER_LIMIT");
static_assert(ACL_ERROR_INTERNAL_ERROR == 500000, "ACL_ERROR_INTERNAL_ERROR");
static_assert(ACL_ERROR_FAILURE == 500001, "ACL_ERROR_FAILURE");
static_assert(ACL_ERROR_GE_FAILURE == 500002, "ACL_ERROR_GE_FAILURE");
static_assert(ACL_ERROR_RT_FAILURE == 500003, "ACL_ERROR_RT_FAILURE");
static_assert(ACL_ERROR_DRV_FAILURE == 500004, "ACL_ERROR_DRV_FAILURE");
static_assert(ACL_ERROR_PROFILING_FAILURE == 500005, "ACL_ERROR_PROFILING_FAILURE");

// rt_error_codes.h (section 5.2).
static_assert(ACL_RT_SUCCESS == 0, "ACL_RT_SUCCESS");
static_assert(ACL_ERROR_RT_PARAM_INVALID == 107000, "ACL_ERROR_RT_PARAM_INVALID");
static_assert(ACL_ERROR_RT_INVALID_DEVICEID == 107001, "ACL_ERROR_RT_INVALID_DEVICEID");
static_assert(ACL_ERROR_RT_CONTEXT_NULL == 107002, "ACL_ERROR_RT_CONTEXT_NULL");
static_assert(ACL_ERROR_RT_STREAM_CONTEXT == 107003, "ACL_ERROR_RT_STREAM_CONTEXT");
static_assert(ACL_ERROR_RT_MODEL_CONTEXT == 107004, "ACL_ERROR_RT_MODEL_CONTEXT");
static_assert(ACL_ERROR_RT_STREAM_MODEL == 107005, "ACL_ERROR_RT_STREAM_MODEL");
static_assert(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID == 107006, "ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID");
static_assert(ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL == 107007, "ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL");
static_assert(ACL_ERROR_RT_ADDR_UNALIGNED == 107008, "ACL_ERROR_RT_ADDR_UNALIGNED");
static_assert(ACL_ERROR_RT_FILE_OPEN == 107009, "ACL_ERROR_RT_FILE_OPEN");
static_assert(ACL_ERROR_RT_FILE_WRITE == 107010, "ACL_ERROR_RT_FILE_WRITE");
static_assert(ACL_ERROR_RT_STREAM_SUBSCRIBE == 107011, "ACL_ERROR_RT_STREAM_SUBSCRIBE");
static_assert(ACL_ERROR_RT_THREAD_SUBSCRIBE == 107012, "ACL_ERROR_RT_THREAD_SUBSCRIBE");
static_assert(ACL_ERROR_RT_GROUP_NOT_SET == 107013, "ACL_ERROR_RT_GROUP_NOT_SET");
static_assert(ACL_ERROR_RT_GROUP_NOT_CREATE == 107014, "ACL_ERROR_RT_GROUP_NOT_CREATE");
static_assert(ACL_ERROR_RT_STREAM_NO_CB_REG == 107015, "ACL_ERROR_RT_STREAM_NO_CB_REG");
static_assert(ACL_ERROR_RT_INVALID_MEMORY_TYPE == 107016, "ACL_ERROR_RT_INVALID_MEMORY_TYPE");
static_assert(ACL_ERROR_RT_INVALID_HANDLE == 107017, "ACL_ERROR_RT_INVALID_HANDLE");
static_assert(ACL_ERROR_RT_INVALID_MALLOC_TYPE == 107018, "ACL_ERROR_RT_INVALID_MALLOC_TYPE");
static_assert(ACL_ERROR_RT_WAIT_TIMEOUT == 107019, "ACL_ERROR_RT_WAIT_TIMEOUT");
static_assert(ACL_ERROR_RT_TASK_TIMEOUT == 107020, "ACL_ERROR_RT_TASK_TIMEOUT");
static_assert(ACL_ERROR_RT_SYSPARAMOPT_NOT_SET == 107021, "ACL_ERROR_RT_SYSPARAMOPT_NOT_SET");
static_assert(ACL_ERROR_RT_DEVICE_TASK_ABORT == 107022, "ACL_ERROR_RT_DEVICE_TASK_ABORT");
static_assert(ACL_ERROR_RT_FEATURE_NOT_SUPPORT == 207000, "ACL_ERROR_RT_FEATURE_NOT_SUPPORT");
static_assert(ACL_ERROR_RT_MEMORY_ALLOCATION == 207001, "ACL_ERROR_RT_MEMORY_ALLOCATION");
static_assert(ACL_ERROR_RT_MEMORY_FREE == 207002, "ACL_ERROR_RT_MEMORY_FREE");
static_assert(ACL_ERROR_RT_AICORE_OVER_FLOW == 207003, "ACL_ERROR_RT_AICORE_OVER_FLOW");
static_assert(ACL_ERROR_RT_NO_DEVICE == 207004, "ACL_ERROR_RT_NO_DEVICE");
static_assert(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL == 207005, "ACL_ERROR_RT_RESOURCE_ALLOC_FAIL");
static_assert(ACL_ERROR_RT_NO_PERMISSION == 207006, "ACL_ERROR_RT_NO_PERMISSION");
static_assert(ACL_ERROR_RT_NO_EVENT_RESOURCE == 207007, "ACL_ERROR_RT_NO_EVENT_RESOURCE");
static_assert(ACL_ERROR_RT_NO_STREAM_RESOURCE == 207008, "ACL_ERROR_RT_NO_STREAM_RESOURCE");
static_assert(ACL_ERROR_RT_NO_NOTIFY_RESOURCE == 207009, "ACL_ERROR_RT_NO_NOTIFY_RESOURCE");
static_assert(ACL_ERROR_RT_NO_MODEL_RESOURCE == 207010, "ACL_ERROR_RT_NO_MODEL_RESOURCE");
static_assert(ACL_ERROR_RT_NO_CDQ_RESOURCE == 207011, "ACL_ERROR_RT_NO_CDQ_RESOURCE");
static_assert(ACL_ERROR_RT_OVER_LIMIT == 207012, "ACL_ERROR_RT_OVER_LIMIT");
static_assert(ACL_ERROR_RT_QUEUE_EMPTY == 207013, "ACL_ERROR_RT_QUEUE_EMPTY");
static_assert(ACL_ERROR_RT_QUEUE_FULL == 207014, "ACL_ERROR_RT_QUEUE_FULL");
static_assert(ACL_ERROR_RT_REPEATED_INIT == 207015, "ACL_ERROR_RT_REPEATED_INIT");
static_assert(ACL_ERROR_RT_AIVEC_OVER_FLOW == 207016, "ACL_ERROR_RT_AIVEC_OVER_FLOW");
static_assert(ACL_ERROR_RT_OVER_FLOW == 207017, "ACL_ERROR_RT_OVER_FLOW");
static_assert(ACL_ERROR_RT_DEVICE_OOM == 207018, "ACL_ERROR_RT_DEVICE_OOM");
static_assert(ACL_ERROR_RT_INTERNAL_ERROR == 507000, "ACL_ERROR_RT_INTERNAL_ERROR");
static_assert(ACL_ERROR_RT_TS_ERROR == 507001, "ACL_ERROR_RT_TS_ERROR");
static_assert(ACL_ERROR_RT_STREAM_TASK_FULL == 507002, "ACL_ERROR_RT_STREAM_TASK_FULL");
static_assert(ACL_ERROR_RT_STREAM_TASK_EMPTY == 507003, "ACL_ERROR_RT_STREAM_TASK_EMPTY");
static_assert(ACL_ERROR_RT_STREAM_NOT_COMPLETE == 507004, "ACL_ERROR_RT_STREAM_NOT_COMPLETE");
static_assert(ACL_ERROR_RT_END_OF_SEQUENCE == 507005, "ACL_ERROR_RT_END_OF_SEQUENCE");
static_assert(ACL_ERROR_RT_EVENT_NOT_COMPLETE == 507006, "ACL_ERROR_RT_EVENT_NOT_COMPLETE");
static_assert(ACL_ERROR_RT_CONTEXT_RELEASE_ERROR == 507007, "ACL_ERROR_RT_CONTEXT_RELEASE_ERROR");
static_assert(ACL_ERROR_RT_SOC_VERSION == 507008, "ACL_ERROR_RT_SOC_VERSION");
static_assert(ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT == 507009, "ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT");
static_assert(ACL_ERROR_RT_LOST_HEARTBEAT == 507010, "ACL_ERROR_RT_LOST_HEARTBEAT");
static_assert(ACL_ERROR_RT_MODEL_EXECUTE == 507011, "ACL_ERROR_RT_MODEL_EXECUTE");
static_assert(ACL_ERROR_RT_REPORT_TIMEOUT == 507012, "ACL_ERROR_RT_REPORT_TIMEOUT");
static_assert(ACL_ERROR_RT_SYS_DMA == 507013, "ACL_ERROR_RT_SYS_DMA");
static_assert(ACL_ERROR_RT_AICORE_TIMEOUT == 507014, "ACL_ERROR_RT_AICORE_TIMEOUT");
static_assert(ACL_ERROR_RT_AICORE_EXCEPTION == 507015, "ACL_ERROR_RT_AICORE_EXCEPTION");
static_assert(ACL_ERROR_RT_AICORE_TRAP_EXCEPTION == 507016, "ACL_ERROR_RT_AICORE_TRAP_EXCEPTION");
static_assert(ACL_ERROR_RT_AICPU_TIMEOUT == 507017, "ACL_ERROR_RT_AICPU_TIMEOUT");
static_assert(ACL_ERROR_RT_AICPU_EXCEPTION == 507018, "ACL_ERROR_RT_AICPU_EXCEPTION");
static_assert(ACL_ERROR_RT_AICPU_DATADUMP_RSP_ERR == 507019, "ACL_ERROR_RT_AICPU_DATADUMP_RSP_ERR");
static_assert(ACL_ERROR_RT_AICPU_MODEL_RSP_ERR == 507020, "ACL_ERROR_RT_AICPU_MODEL_RSP_ERR");
static_assert(ACL_ERROR_RT_PROFILING_ERROR == 507021, "ACL_ERROR_RT_PROFILING_ERROR");
static_assert(ACL_ERROR_RT_IPC_ERROR == 507022, "ACL_ERROR_RT_IPC_ERROR");
static_assert(ACL_ERROR_RT_MODEL_ABORT_NORMAL == 507023, "ACL_ERROR_RT_MODEL_ABORT_NORMAL");
static_assert(ACL_ERROR_RT_KERNEL_UNREGISTERING == 507024, "ACL_ERROR_RT_KERNEL_UNREGISTERING");
static_assert(ACL_ERROR_RT_RINGBUFFER_NOT_INIT == 507025, "ACL_ERROR_RT_RINGBUFFER_NOT_INIT");
static_assert(ACL_ERROR_RT_RINGBUFFER_NO_DATA == 507026, "ACL_ERROR_RT_RINGBUFFER_NO_DATA");
static_assert(ACL_ERROR_RT_KERNEL_LOOKUP == 507027, "ACL_ERROR_RT_KERNEL_LOOKUP");
static_assert(ACL_ERROR_RT_KERNEL_DUPLICATE == 507028, "ACL_ERROR_RT_KERNEL_DUPLICATE");
static_assert(ACL_ERROR_RT_DEBUG_REGISTER_FAIL == 507029, "ACL_ERROR_RT_DEBUG_REGISTER_FAIL");
static_assert(ACL_ERROR_RT_DEBUG_UNREGISTER_FAIL == 507030, "ACL_ERROR_RT_DEBUG_UNREGISTER_FAIL");
static_assert(ACL_ERROR_RT_LABEL_CONTEXT == 507031, "ACL_ERROR_RT_LABEL_CONTEXT");
static_assert(ACL_ERROR_RT_PROGRAM_USE_OUT == 507032, "ACL_ERROR_RT_PROGRAM_USE_OUT");
static_assert(ACL_ERROR_RT_DEV_SETUP_ERROR == 507033, "ACL_ERROR_RT_DEV_SETUP_ERROR");
static_assert(ACL_ERROR_RT_VECTOR_CORE_TIMEOUT == 507034, "ACL_ERROR_RT_VECTOR_CORE_TIMEOUT");
static_assert(ACL_ERROR_RT_VECTOR_CORE_EXCEPTION == 507035, "ACL_ERROR_RT_VECTOR_CORE_EXCEPTION");
static_assert(ACL_ERROR_RT_VECTOR_CORE_TRAP_EXCEPTION == 507036, "ACL_ERROR_RT_VECTOR_CORE_TRAP_EXCEPTION");
static_assert(ACL_ERROR_RT_CDQ_BATCH_ABNORMAL == 507037, "ACL_ERROR_RT_CDQ_BATCH_ABNORMAL");
static_assert(ACL_ERROR_RT_DIE_MODE_CHANGE_ERROR == 507038, "ACL_ERROR_RT_DIE_MODE_CHANGE_ERROR");
static_assert(ACL_ERROR_RT_DIE_SET_ERROR == 507039, "ACL_ERROR_RT_DIE_SET_ERROR");
static_assert(ACL_ERROR_RT_INVALID_DIEID == 507040, "ACL_ERROR_RT_INVALID_DIEID");
static_assert(ACL_ERROR_RT_DIE_MODE_NOT_SET == 507041, "ACL_ERROR_RT_DIE_MODE_NOT_SET");
static_assert(ACL_ERROR_RT_AICORE_TRAP_READ_OVERFLOW == 507042, "ACL_ERROR_RT_AICORE_TRAP_READ_OVERFLOW");
static_assert(ACL_ERROR_RT_AICORE_TRAP_WRITE_OVERFLOW == 507043, "ACL_ERROR_RT_AICORE_TRAP_WRITE_OVERFLOW");
static_assert(ACL_ERROR_RT_VECTOR_CORE_TRAP_READ_OVERFLOW == 507044, "ACL_ERROR_RT_VECTOR_CORE_TRAP_READ_OVERFLOW");
static_assert(ACL_ERROR_RT_VECTOR_CORE_TRAP_WRITE_OVERFLOW == 507045, "ACL_ERROR_RT_VECTOR_CORE_TRAP_WRITE_OVERFLOW");
static_assert(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT == 507046, "ACL_ERROR_RT_STREAM_SYNC_TIMEOUT");
static_assert(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT == 507047, "ACL_ERROR_RT_EVENT_SYNC_TIMEOUT");
static_assert(ACL_ERROR_RT_FFTS_PLUS_TIMEOUT == 507048, "ACL_ERROR_RT_FFTS_PLUS_TIMEOUT");
static_assert(ACL_ERROR_RT_FFTS_PLUS_EXCEPTION == 507049, "ACL_ERROR_RT_FFTS_PLUS_EXCEPTION");
static_assert(ACL_ERROR_RT_FFTS_PLUS_TRAP_EXCEPTION == 507050, "ACL_ERROR_RT_FFTS_PLUS_TRAP_EXCEPTION");
static_assert(ACL_ERROR_RT_SEND_MSG == 507051, "ACL_ERROR_RT_SEND_MSG");
static_assert(ACL_ERROR_RT_COPY_DATA == 507052, "ACL_ERROR_RT_COPY_DATA");
static_assert(ACL_ERROR_RT_DEVICE_MTE_ERROR == 507053, "ACL_ERROR_RT_DEVICE_MTE_ERROR");
static_assert(ACL_ERROR_RT_DRV_INTERNAL_ERROR == 507899, "ACL_ERROR_RT_DRV_INTERNAL_ERROR");
static_assert(ACL_ERROR_RT_AICPU_INTERNAL_ERROR == 507900, "ACL_ERROR_RT_AICPU_INTERNAL_ERROR");
static_assert(ACL_ERROR_RT_SOCKET_CLOSE == 507901, "ACL_ERROR_RT_SOCKET_CLOSE");
static_assert(ACL_ERROR_RT_AICPU_INFO_LOAD_RSP_ERR == 507902, "ACL_ERROR_RT_AICPU_INFO_LOAD_RSP_ERR");
static_assert(ACL_ERROR_RT_DEVIDE_OOM == 207018, "ACL_ERROR_RT_DEVIDE_OOM");

// ge_error_codes.h (section 5.3).
static_assert(ACL_ERROR_GE_PARAM_INVALID == 145000U, "ACL_ERROR_GE_PARAM_INVALID");
static_assert(ACL_ERROR_GE_EXEC_NOT_INIT == 145001U, "ACL_ERROR_GE_EXEC_NOT_INIT");
static_assert(ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID == 145002U, "ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID");
static_assert(ACL_ERROR_GE_EXEC_MODEL_ID_INVALID == 145003U, "ACL_ERROR_GE_EXEC_MODEL_ID_INVALID");
static_assert(ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID == 145006U, "ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID");
static_assert(ACL_ERROR_GE_EXEC_MODEL_ADDR_INVALID == 145007U, "ACL_ERROR_GE_EXEC_MODEL_ADDR_INVALID");
static_assert(ACL_ERROR_GE_EXEC_MODEL_QUEUE_ID_INVALID == 145008U, "ACL_ERROR_GE_EXEC_MODEL_QUEUE_ID_INVALID");
static_assert(ACL_ERROR_GE_EXEC_LOAD_MODEL_REPEATED == 145009U, "ACL_ERROR_GE_EXEC_LOAD_MODEL_REPEATED");
static_assert(ACL_ERROR_GE_DYNAMIC_INPUT_ADDR_INVALID == 145011U, "ACL_ERROR_GE_DYNAMIC_INPUT_ADDR_INVALID");
static_assert(ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID == 145012U, "ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID");
static_assert(ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID == 145013U, "ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID");
static_assert(ACL_ERROR_GE_AIPP_BATCH_EMPTY == 145014U, "ACL_ERROR_GE_AIPP_BATCH_EMPTY");
static_assert(ACL_ERROR_GE_AIPP_NOT_EXIST == 145015U, "ACL_ERROR_GE_AIPP_NOT_EXIST");
static_assert(ACL_ERROR_GE_AIPP_MODE_INVALID == 145016U, "ACL_ERROR_GE_AIPP_MODE_INVALID");
static_assert(ACL_ERROR_GE_OP_TASK_TYPE_INVALID == 145017U, "ACL_ERROR_GE_OP_TASK_TYPE_INVALID");
static_assert(ACL_ERROR_GE_OP_KERNEL_TYPE_INVALID == 145018U, "ACL_ERROR_GE_OP_KERNEL_TYPE_INVALID");
static_assert(ACL_ERROR_GE_PLGMGR_PATH_INVALID == 145019U, "ACL_ERROR_GE_PLGMGR_PATH_INVALID");
static_assert(ACL_ERROR_GE_FORMAT_INVALID == 145020U, "ACL_ERROR_GE_FORMAT_INVALID");
static_assert(ACL_ERROR_GE_SHAPE_INVALID == 145021U, "ACL_ERROR_GE_SHAPE_INVALID");
static_assert(ACL_ERROR_GE_DATATYPE_INVALID == 145022U, "ACL_ERROR_GE_DATATYPE_INVALID");
static_assert(ACL_ERROR_GE_MEMORY_ALLOCATION == 245000U, "ACL_ERROR_GE_MEMORY_ALLOCATION");
static_assert(ACL_ERROR_GE_MEMORY_OPERATE_FAILED == 245001U, "ACL_ERROR_GE_MEMORY_OPERATE_FAILED");
static_assert(ACL_ERROR_GE_DEVICE_MEMORY_OPERATE_FAILED == 245002U, "ACL_ERROR_GE_DEVICE_MEMORY_OPERATE_FAILED");
static_assert(ACL_ERROR_GE_SUBHEALTHY == 345102U, "ACL_ERROR_GE_SUBHEALTHY");
static_assert(ACL_ERROR_GE_INTERNAL_ERROR == 545000U, "ACL_ERROR_GE_INTERNAL_ERROR");
static_assert(ACL_ERROR_GE_LOAD_MODEL == 545001U, "ACL_ERROR_GE_LOAD_MODEL");
static_assert(ACL_ERROR_GE_EXEC_LOAD_MODEL_PARTITION_FAILED == 545002U,
              "ACL_ERROR_GE_EXEC_LOAD_MODEL_PARTITION_FAILED");
static_assert(ACL_ERROR_GE_EXEC_LOAD_WEIGHT_PARTITION_FAILED == 545003U,
              "ACL_ERROR_GE_EXEC_LOAD_WEIGHT_PARTITION_FAILED");
static_assert(ACL_ERROR_GE_EXEC_LOAD_TASK_PARTITION_FAILED == 545004U, "ACL_ERROR_GE_EXEC_LOAD_TASK_PARTITION_FAILED");
static_assert(ACL_ERROR_GE_EXEC_LOAD_KERNEL_PARTITION_FAILED == 545005U,
              "ACL_ERROR_GE_EXEC_LOAD_KERNEL_PARTITION_FAILED");
static_assert(ACL_ERROR_GE_EXEC_RELEASE_MODEL_DATA == 545006U, "ACL_ERROR_GE_EXEC_RELEASE_MODEL_DATA");
static_assert(ACL_ERROR_GE_COMMAND_HANDLE == 545007U, "ACL_ERROR_GE_COMMAND_HANDLE");
static_assert(ACL_ERROR_GE_GET_TENSOR_INFO == 545008U, "ACL_ERROR_GE_GET_TENSOR_INFO");
static_assert(ACL_ERROR_GE_UNLOAD_MODEL == 545009U, "ACL_ERROR_GE_UNLOAD_MODEL");
static_assert(ACL_ERROR_GE_MODEL_EXECUTE_TIMEOUT == 545601U, "ACL_ERROR_GE_MODEL_EXECUTE_TIMEOUT");
static_assert(ACL_ERROR_GE_REDEPLOYING == 545602U, "ACL_ERROR_GE_REDEPLOYING");
static_assert(ACL_COMPILE_FLAG_BIN_SELECTOR == 1, "ACL_COMPILE_FLAG_BIN_SELECTOR");

// Types of the error-code constants.
static_assert(std::is_same<decltype(ACL_SUCCESS), const int>::value, "acl_base.h codes are static const int");
static_assert(std::is_same<decltype(ACL_ERROR_GE_PARAM_INVALID), const uint32_t>::value,
              "ge codes are static const uint32_t");
static_assert(std::is_same<aclError, int>::value, "aclError is int");
static_assert(std::is_same<aclFloat16, uint16_t>::value, "aclFloat16 is uint16_t");
static_assert(std::is_same<aclrtStream, void*>::value && std::is_same<aclrtEvent, void*>::value &&
                  std::is_same<aclrtContext, void*>::value,
              "stream/event/context handles are void *");

// Public structures: field order (offsets strictly increasing in declaration order).
#define ASIM_BEFORE(T, a, b) static_assert(offsetof(T, a) < offsetof(T, b), #T ": " #a " before " #b)

ASIM_BEFORE(aclmdlIODims, name, dimCount);
ASIM_BEFORE(aclmdlIODims, dimCount, dims);
ASIM_BEFORE(aclmdlIODimsRange, rangeCount, range);
ASIM_BEFORE(aclAippDims, srcDims, srcSize);
ASIM_BEFORE(aclAippDims, srcSize, aippOutdims);
ASIM_BEFORE(aclAippDims, aippOutdims, aippOutSize);
ASIM_BEFORE(aclmdlBatch, batchCount, batch);
ASIM_BEFORE(aclmdlHW, hwCount, hw);
ASIM_BEFORE(aclAippInfo, inputFormat, srcImageSizeW);
ASIM_BEFORE(aclAippInfo, srcImageSizeW, srcImageSizeH);
ASIM_BEFORE(aclAippInfo, srcImageSizeH, cropSwitch);
ASIM_BEFORE(aclAippInfo, cropSwitch, loadStartPosW);
ASIM_BEFORE(aclAippInfo, loadStartPosW, loadStartPosH);
ASIM_BEFORE(aclAippInfo, loadStartPosH, cropSizeW);
ASIM_BEFORE(aclAippInfo, cropSizeW, cropSizeH);
ASIM_BEFORE(aclAippInfo, cropSizeH, resizeSwitch);
ASIM_BEFORE(aclAippInfo, resizeSwitch, resizeOutputW);
ASIM_BEFORE(aclAippInfo, resizeOutputW, resizeOutputH);
ASIM_BEFORE(aclAippInfo, resizeOutputH, paddingSwitch);
ASIM_BEFORE(aclAippInfo, paddingSwitch, leftPaddingSize);
ASIM_BEFORE(aclAippInfo, leftPaddingSize, rightPaddingSize);
ASIM_BEFORE(aclAippInfo, rightPaddingSize, topPaddingSize);
ASIM_BEFORE(aclAippInfo, topPaddingSize, bottomPaddingSize);
ASIM_BEFORE(aclAippInfo, bottomPaddingSize, cscSwitch);
ASIM_BEFORE(aclAippInfo, cscSwitch, rbuvSwapSwitch);
ASIM_BEFORE(aclAippInfo, rbuvSwapSwitch, axSwapSwitch);
ASIM_BEFORE(aclAippInfo, axSwapSwitch, singleLineMode);
ASIM_BEFORE(aclAippInfo, singleLineMode, matrixR0C0);
ASIM_BEFORE(aclAippInfo, matrixR0C0, matrixR0C1);
ASIM_BEFORE(aclAippInfo, matrixR0C1, matrixR0C2);
ASIM_BEFORE(aclAippInfo, matrixR0C2, matrixR1C0);
ASIM_BEFORE(aclAippInfo, matrixR1C0, matrixR1C1);
ASIM_BEFORE(aclAippInfo, matrixR1C1, matrixR1C2);
ASIM_BEFORE(aclAippInfo, matrixR1C2, matrixR2C0);
ASIM_BEFORE(aclAippInfo, matrixR2C0, matrixR2C1);
ASIM_BEFORE(aclAippInfo, matrixR2C1, matrixR2C2);
ASIM_BEFORE(aclAippInfo, matrixR2C2, outputBias0);
ASIM_BEFORE(aclAippInfo, outputBias0, outputBias1);
ASIM_BEFORE(aclAippInfo, outputBias1, outputBias2);
ASIM_BEFORE(aclAippInfo, outputBias2, inputBias0);
ASIM_BEFORE(aclAippInfo, inputBias0, inputBias1);
ASIM_BEFORE(aclAippInfo, inputBias1, inputBias2);
ASIM_BEFORE(aclAippInfo, inputBias2, meanChn0);
ASIM_BEFORE(aclAippInfo, meanChn0, meanChn1);
ASIM_BEFORE(aclAippInfo, meanChn1, meanChn2);
ASIM_BEFORE(aclAippInfo, meanChn2, meanChn3);
ASIM_BEFORE(aclAippInfo, meanChn3, minChn0);
ASIM_BEFORE(aclAippInfo, minChn0, minChn1);
ASIM_BEFORE(aclAippInfo, minChn1, minChn2);
ASIM_BEFORE(aclAippInfo, minChn2, minChn3);
ASIM_BEFORE(aclAippInfo, minChn3, varReciChn0);
ASIM_BEFORE(aclAippInfo, varReciChn0, varReciChn1);
ASIM_BEFORE(aclAippInfo, varReciChn1, varReciChn2);
ASIM_BEFORE(aclAippInfo, varReciChn2, varReciChn3);
ASIM_BEFORE(aclAippInfo, varReciChn3, srcFormat);
ASIM_BEFORE(aclAippInfo, srcFormat, srcDatatype);
ASIM_BEFORE(aclAippInfo, srcDatatype, srcDimNum);
ASIM_BEFORE(aclAippInfo, srcDimNum, shapeCount);
ASIM_BEFORE(aclAippInfo, shapeCount, outDims);
ASIM_BEFORE(aclAippInfo, outDims, aippExtend);
ASIM_BEFORE(aclmdlExeOMDesc, workSize, weightSize);
ASIM_BEFORE(aclmdlExeOMDesc, weightSize, modelDescSize);
ASIM_BEFORE(aclmdlExeOMDesc, modelDescSize, kernelSize);
ASIM_BEFORE(aclmdlExeOMDesc, kernelSize, kernelArgsSize);
ASIM_BEFORE(aclmdlExeOMDesc, kernelArgsSize, staticTaskSize);
ASIM_BEFORE(aclmdlExeOMDesc, staticTaskSize, dynamicTaskSize);
ASIM_BEFORE(aclmdlExeOMDesc, dynamicTaskSize, reserved);
ASIM_BEFORE(aclrtStreamConfigHandle, workptr, workSize);
ASIM_BEFORE(aclrtStreamConfigHandle, workSize, flag);
ASIM_BEFORE(aclrtStreamConfigHandle, flag, priority);
ASIM_BEFORE(aclrtUtilizationInfo, cubeUtilization, vectorUtilization);
ASIM_BEFORE(aclrtUtilizationInfo, vectorUtilization, aicpuUtilization);
ASIM_BEFORE(aclrtUtilizationInfo, aicpuUtilization, memoryUtilization);
ASIM_BEFORE(aclrtUtilizationInfo, memoryUtilization, utilizationExtend);
ASIM_BEFORE(aclrtMemLocation, id, type);
ASIM_BEFORE(aclrtPhysicalMemProp, handleType, allocationType);
ASIM_BEFORE(aclrtPhysicalMemProp, allocationType, memAttr);
ASIM_BEFORE(aclrtPhysicalMemProp, memAttr, location);
ASIM_BEFORE(aclrtPhysicalMemProp, location, reserve);
ASIM_BEFORE(aclrtMemUceInfo, addr, len);
ASIM_BEFORE(aclrtMemUceInfo, len, reserved);
ASIM_BEFORE(acldumpChunk, fileName, bufLen);
ASIM_BEFORE(acldumpChunk, bufLen, isLastChunk);
ASIM_BEFORE(acldumpChunk, isLastChunk, offset);
ASIM_BEFORE(acldumpChunk, offset, flag);
ASIM_BEFORE(acldumpChunk, flag, dataBuf);

#undef ASIM_BEFORE

// Field types that applications read directly.
static_assert(std::is_same<decltype(aclmdlIODims::dimCount), size_t>::value, "aclmdlIODims::dimCount");
static_assert(std::is_same<decltype(aclmdlIODims::dims), int64_t[ACL_MAX_DIM_CNT]>::value, "aclmdlIODims::dims");
static_assert(std::is_same<decltype(aclmdlIODims::name), char[ACL_MAX_TENSOR_NAME_LEN]>::value, "aclmdlIODims::name");
static_assert(std::is_same<decltype(aclmdlBatch::batch), uint64_t[ACL_MAX_BATCH_NUM]>::value, "aclmdlBatch::batch");
static_assert(std::is_same<decltype(aclmdlHW::hw), uint64_t[ACL_MAX_HW_NUM][2]>::value, "aclmdlHW::hw");
static_assert(std::is_same<decltype(aclmdlIODimsRange::range), int64_t[ACL_MAX_DIM_CNT][ACL_DIM_ENDPOINTS]>::value,
              "aclmdlIODimsRange::range");
static_assert(std::is_same<decltype(aclAippInfo::inputFormat), aclAippInputFormat>::value, "aclAippInfo::inputFormat");
static_assert(std::is_same<decltype(aclAippInfo::cropSwitch), int8_t>::value, "aclAippInfo::cropSwitch");
static_assert(std::is_same<decltype(aclAippInfo::minChn0), float>::value, "aclAippInfo::minChn0");
static_assert(std::is_same<decltype(aclAippInfo::outDims), aclAippDims[ACL_MAX_SHAPE_COUNT]>::value,
              "aclAippInfo::outDims");
static_assert(std::is_same<decltype(aclrtMemUceInfo::reserved), size_t[UCE_INFO_RESERVED_SIZE]>::value,
              "aclrtMemUceInfo::reserved");

#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
// Sizes and offsets on LP64 (the platforms the AscendCL samples build for: x86_64 and aarch64 Linux).
static_assert(sizeof(aclmdlIODims) == 128 + 8 + 128 * 8, "sizeof(aclmdlIODims)");
static_assert(offsetof(aclmdlIODims, dimCount) == 128 && offsetof(aclmdlIODims, dims) == 136, "aclmdlIODims offsets");
static_assert(sizeof(aclmdlIODimsRange) == 8 + 128 * 2 * 8, "sizeof(aclmdlIODimsRange)");
static_assert(sizeof(aclAippDims) == 2 * (1160 + 8), "sizeof(aclAippDims)");
static_assert(sizeof(aclmdlBatch) == 8 + 128 * 8, "sizeof(aclmdlBatch)");
static_assert(offsetof(aclmdlBatch, batch) == 8, "aclmdlBatch::batch offset");
static_assert(sizeof(aclmdlHW) == 8 + 128 * 2 * 8, "sizeof(aclmdlHW)");
static_assert(offsetof(aclmdlHW, hw) == 8, "aclmdlHW::hw offset");
static_assert(offsetof(aclAippInfo, srcImageSizeW) == 4 && offsetof(aclAippInfo, cropSwitch) == 12 &&
                  offsetof(aclAippInfo, loadStartPosW) == 16 && offsetof(aclAippInfo, resizeSwitch) == 32 &&
                  offsetof(aclAippInfo, paddingSwitch) == 44 && offsetof(aclAippInfo, cscSwitch) == 64 &&
                  offsetof(aclAippInfo, singleLineMode) == 67 && offsetof(aclAippInfo, matrixR0C0) == 68 &&
                  offsetof(aclAippInfo, minChn0) == 144 && offsetof(aclAippInfo, srcFormat) == 176 &&
                  offsetof(aclAippInfo, srcDimNum) == 184 && offsetof(aclAippInfo, outDims) == 200,
              "aclAippInfo offsets");
static_assert(sizeof(aclAippInfo) == 200 + 128 * 2336 + 8, "sizeof(aclAippInfo)");
static_assert(sizeof(aclmdlExeOMDesc) == 16 * 8, "sizeof(aclmdlExeOMDesc)");
static_assert(sizeof(aclrtStreamConfigHandle) == 32, "sizeof(aclrtStreamConfigHandle)");
static_assert(sizeof(aclrtUtilizationInfo) == 24, "sizeof(aclrtUtilizationInfo)");
static_assert(sizeof(aclrtMemLocation) == 8, "sizeof(aclrtMemLocation)");
static_assert(offsetof(aclrtPhysicalMemProp, location) == 12 && offsetof(aclrtPhysicalMemProp, reserve) == 24 &&
                  sizeof(aclrtPhysicalMemProp) == 32,
              "aclrtPhysicalMemProp layout");
static_assert(sizeof(aclrtMemUceInfo) == 8 + 8 + 14 * 8, "sizeof(aclrtMemUceInfo)");
static_assert(offsetof(acldumpChunk, bufLen) == 4096 && offsetof(acldumpChunk, isLastChunk) == 4100 &&
                  offsetof(acldumpChunk, offset) == 4104 && offsetof(acldumpChunk, flag) == 4112 &&
                  offsetof(acldumpChunk, dataBuf) == 4116 && sizeof(acldumpChunk) == 4120,
              "acldumpChunk layout");
#endif

// Function-pointer and handle typedefs used in prototypes.
static_assert(std::is_same<aclrtCallback, void (*)(void*)>::value, "aclrtCallback");
static_assert(std::is_same<aclrtExceptionInfoCallback, void (*)(aclrtExceptionInfo*)>::value,
              "aclrtExceptionInfoCallback");
static_assert(std::is_same<aclDataDeallocator, void (*)(void*, size_t)>::value, "aclDataDeallocator");
static_assert(std::is_same<aclrtAllocatorAllocFunc, void* (*)(aclrtAllocator, size_t)>::value,
              "aclrtAllocatorAllocFunc");
static_assert(std::is_same<aclvdecCallback, void (*)(acldvppStreamDesc*, acldvppPicDesc*, void*)>::value,
              "aclvdecCallback");
static_assert(std::is_same<aclvencCallback, void (*)(acldvppPicDesc*, acldvppStreamDesc*, void*)>::value,
              "aclvencCallback");

// A few prototypes the samples depend on, checked by type.
static_assert(std::is_same<decltype(&aclrtMalloc), aclError (*)(void**, size_t, aclrtMemMallocPolicy)>::value,
              "aclrtMalloc");
static_assert(
    std::is_same<decltype(&aclrtMemcpy), aclError (*)(void*, size_t, const void*, size_t, aclrtMemcpyKind)>::value,
    "aclrtMemcpy");
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static_assert(std::is_same<decltype(&aclGetDataBufferSize), uint32_t (*)(const aclDataBuffer*)>::value,
              "aclGetDataBufferSize");
#pragma GCC diagnostic pop
static_assert(std::is_same<decltype(&aclGetDataBufferSizeV2), size_t (*)(const aclDataBuffer*)>::value,
              "aclGetDataBufferSizeV2");
static_assert(std::is_same<decltype(&aclmdlLoadFromFileWithMem),
                           aclError (*)(const char*, uint32_t*, void*, size_t, void*, size_t)>::value,
              "aclmdlLoadFromFileWithMem");
static_assert(std::is_same<decltype(&aclrtGetSocName), const char* (*)()>::value, "aclrtGetSocName");
static_assert(std::is_same<decltype(&acldumpRegCallback),
                           aclError (*)(int32_t (*)(const acldumpChunk*, int32_t), int32_t)>::value,
              "acldumpRegCallback");

TEST(PublicHeaders, StringMacros) {
  EXPECT_STREQ(ACL_DYNAMIC_TENSOR_NAME, "ascend_mbatch_shape_data");
  EXPECT_STREQ(ACL_DYNAMIC_AIPP_NAME, "ascend_dynamic_aipp_data");
  EXPECT_STREQ(ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES, "_datadump_original_op_names");
}

TEST(PublicHeaders, VersionIsBaseline) {
  EXPECT_EQ(ACL_MAJOR_VERSION, 1);
  EXPECT_EQ(ACL_MINOR_VERSION, 10);
  EXPECT_EQ(ACL_PATCH_VERSION, 0);
}

TEST(PublicHeaders, ErrorCodeClasses) {
  // Success aliases and the code the not-supported stubs return.
  EXPECT_EQ(ACL_SUCCESS, ACL_ERROR_NONE);
  EXPECT_EQ(ACL_RT_SUCCESS, ACL_SUCCESS);
  EXPECT_EQ(ACL_ERROR_API_NOT_SUPPORT, 200001);
  EXPECT_EQ(ACL_ERROR_RT_DEVICE_OOM, ACL_ERROR_RT_DEVIDE_OOM);
}

TEST(PublicHeaders, DataTypeEnumIsSigned) {
  // ACL_DT_UNDEFINED / ACL_FORMAT_UNDEFINED are -1: the enums must hold negative values.
  aclDataType dt = ACL_DT_UNDEFINED;
  aclFormat fmt = ACL_FORMAT_UNDEFINED;
  EXPECT_LT(static_cast<int>(dt), 0);
  EXPECT_LT(static_cast<int>(fmt), 0);
  EXPECT_EQ(static_cast<int64_t>(ACL_UNKNOWN_RANK), -2);
}

TEST(PublicHeaders, AppLogMacroExpands) {
  // ACL_APP_LOG must accept a bare format and a format with arguments (unevaluated: no call is made).
  static_assert(std::is_same<decltype(ACL_APP_LOG(ACL_INFO, "plain message")), void>::value, "ACL_APP_LOG");
  static_assert(std::is_same<decltype(ACL_APP_LOG(ACL_ERROR, "value %d", 1)), void>::value, "ACL_APP_LOG");
  SUCCEED();
}

}  // namespace
