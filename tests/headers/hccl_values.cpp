// Numeric facts of hccl/hccl_types.h (docs/hccl.md lists the sources), checked at compile time.
#include "hccl/hccl.h"

static_assert(HCCL_SUCCESS == 0 && HCCL_E_PARA == 1 && HCCL_E_PTR == 2 && HCCL_E_MEMORY == 3, "HcclResult");
static_assert(HCCL_E_INTERNAL == 4 && HCCL_E_NOT_SUPPORT == 5 && HCCL_E_NOT_FOUND == 6 && HCCL_E_UNAVAIL == 7,
              "HcclResult");
static_assert(HCCL_E_SYSCALL == 8 && HCCL_E_TIMEOUT == 9 && HCCL_E_OPEN_FILE_FAILURE == 10, "HcclResult");
static_assert(HCCL_E_TCP_CONNECT == 11 && HCCL_E_ROCE_CONNECT == 12 && HCCL_E_TCP_TRANSFER == 13, "HcclResult");
static_assert(HCCL_E_ROCE_TRANSFER == 14 && HCCL_E_RUNTIME == 15 && HCCL_E_DRV == 16 && HCCL_E_PROFILING == 17,
              "HcclResult");
static_assert(HCCL_E_CCE == 18 && HCCL_E_NETWORK == 19 && HCCL_E_AGAIN == 20 && HCCL_E_REMOTE == 21, "HcclResult");
static_assert(HCCL_E_SUSPENDING == 22 && HCCL_E_OPRETRY_FAIL == 23 && HCCL_E_OOM == 24, "HcclResult");
static_assert(HCCL_REDUCE_SUM == 0 && HCCL_REDUCE_PROD == 1 && HCCL_REDUCE_MAX == 2 && HCCL_REDUCE_MIN == 3,
              "HcclReduceOp");
static_assert(HCCL_DATA_TYPE_INT8 == 0 && HCCL_DATA_TYPE_INT16 == 1 && HCCL_DATA_TYPE_INT32 == 2, "HcclDataType");
static_assert(HCCL_DATA_TYPE_FP16 == 3 && HCCL_DATA_TYPE_FP32 == 4 && HCCL_DATA_TYPE_INT64 == 5, "HcclDataType");
static_assert(HCCL_DATA_TYPE_UINT64 == 6 && HCCL_DATA_TYPE_UINT8 == 7 && HCCL_DATA_TYPE_UINT16 == 8, "HcclDataType");
static_assert(HCCL_DATA_TYPE_UINT32 == 9 && HCCL_DATA_TYPE_FP64 == 10 && HCCL_DATA_TYPE_BFP16 == 11, "HcclDataType");
static_assert(HCCL_DATA_TYPE_INT128 == 12, "HcclDataType");
static_assert(HCCL_ROOT_INFO_BYTES == 4108 && sizeof(HcclRootInfo) == 4108, "HcclRootInfo");
static_assert(sizeof(HcclComm) == sizeof(void*), "HcclComm");
