/*
 * hccl_types.h -- the HCCL (Huawei Collective Communication Library) types: result codes, the
 * communicator handle, reduction operations, data types and the root info.
 *
 * Names and numeric values are those of the CANN HCCL headers (docs/hccl.md lists the sources);
 * the simulated libhccl.so (runtime/hccl) implements them. C99 and C++11 clean.
 */
#ifndef HCCL_TYPES_H_
#define HCCL_TYPES_H_

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What every HCCL function returns. */
typedef enum {
  HCCL_SUCCESS = 0,              /* success */
  HCCL_E_PARA = 1,               /* invalid parameter */
  HCCL_E_PTR = 2,                /* NULL pointer */
  HCCL_E_MEMORY = 3,             /* memory error */
  HCCL_E_INTERNAL = 4,           /* internal error */
  HCCL_E_NOT_SUPPORT = 5,        /* feature not supported */
  HCCL_E_NOT_FOUND = 6,          /* resource not found */
  HCCL_E_UNAVAIL = 7,            /* resource unavailable */
  HCCL_E_SYSCALL = 8,            /* a system call failed */
  HCCL_E_TIMEOUT = 9,            /* timeout */
  HCCL_E_OPEN_FILE_FAILURE = 10, /* a file could not be opened */
  HCCL_E_TCP_CONNECT = 11,       /* TCP connection failed */
  HCCL_E_ROCE_CONNECT = 12,      /* RoCE connection failed */
  HCCL_E_TCP_TRANSFER = 13,      /* TCP transfer failed */
  HCCL_E_ROCE_TRANSFER = 14,     /* RoCE transfer failed */
  HCCL_E_RUNTIME = 15,           /* a runtime (acl) call failed */
  HCCL_E_DRV = 16,               /* a driver call failed */
  HCCL_E_PROFILING = 17,         /* a profiling call failed */
  HCCL_E_CCE = 18,               /* a CCE call failed */
  HCCL_E_NETWORK = 19,           /* a network call failed */
  HCCL_E_AGAIN = 20,             /* try again */
  HCCL_E_REMOTE = 21,            /* error completion from the remote end */
  HCCL_E_SUSPENDING = 22,        /* the communicator is suspending */
  HCCL_E_OPRETRY_FAIL = 23,      /* operation retry failed */
  HCCL_E_OOM = 24,               /* out of memory */
  HCCL_E_RESERVED                /* reserved */
} HcclResult;

/* A communicator. */
typedef void* HcclComm;

/* Reduction operations. */
typedef enum {
  HCCL_REDUCE_SUM = 0,
  HCCL_REDUCE_PROD = 1,
  HCCL_REDUCE_MAX = 2,
  HCCL_REDUCE_MIN = 3,
  HCCL_REDUCE_RESERVED
} HcclReduceOp;

/* Element types. */
typedef enum {
  HCCL_DATA_TYPE_INT8 = 0,
  HCCL_DATA_TYPE_INT16 = 1,
  HCCL_DATA_TYPE_INT32 = 2,
  HCCL_DATA_TYPE_FP16 = 3,
  HCCL_DATA_TYPE_FP32 = 4,
  HCCL_DATA_TYPE_INT64 = 5,
  HCCL_DATA_TYPE_UINT64 = 6,
  HCCL_DATA_TYPE_UINT8 = 7,
  HCCL_DATA_TYPE_UINT16 = 8,
  HCCL_DATA_TYPE_UINT32 = 9,
  HCCL_DATA_TYPE_FP64 = 10,
  HCCL_DATA_TYPE_BFP16 = 11,
  HCCL_DATA_TYPE_INT128 = 12,
  HCCL_DATA_TYPE_RESERVED
} HcclDataType;

/* Size of the root info (4108 bytes, as in CANN; a macro so that C99 may size an array with it). */
#define HCCL_ROOT_INFO_BYTES 4108

/* What the root rank hands every other rank (HcclGetRootInfo -> HcclCommInitRootInfo). */
typedef struct HcclRootInfoDef {
  char internal[HCCL_ROOT_INFO_BYTES];
} HcclRootInfo;

#ifdef __cplusplus
}
#endif
#endif /* HCCL_TYPES_H_ */
