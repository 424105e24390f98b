/*
 * acl_dump.h -- AscendCL dump callback API: receive operator dump data in chunks instead of files.
 * Follows the public AscendCL baseline API (ACL 1.10.0). Part of the simulated Ascend runtime.
 */
#ifndef INC_EXTERNAL_ACL_DUMP_H_
#define INC_EXTERNAL_ACL_DUMP_H_

#include <stdint.h>

#if (defined(_WIN32) || defined(_WIN64) || defined(_MSC_VER))
#define ACL_DUMP_API __declspec(dllexport)
#else
#define ACL_DUMP_API __attribute__((visibility("default")))
#endif

#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_DUMP_MAX_FILE_PATH_LENGTH 4096

typedef struct acldumpChunk {
    char fileName[ACL_DUMP_MAX_FILE_PATH_LENGTH]; /* absolute path of the dump file */
    uint32_t bufLen;                              /* valid bytes in dataBuf */
    uint32_t isLastChunk;                         /* 0: more chunks follow, 1: last chunk */
    int64_t offset;                               /* offset in the file, -1: append */
    int32_t flag;                                 /* reserved */
#if defined(__GNUC__)
    __extension__ uint8_t dataBuf[0];             /* payload (zero-length array, a GNU extension) */
#else
    uint8_t dataBuf[0];
#endif
} acldumpChunk;

/* ---- functions ---- */

ACL_DUMP_API aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk *, int32_t),
    int32_t flag);

ACL_DUMP_API void acldumpUnregCallback();

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_DUMP_H_ */
