/*
 * acl.h -- AscendCL umbrella header: the API version, aclInit / aclFinalize and the recent error message;
 * pulls in the runtime (acl_rt.h), single-operator (acl_op.h) and model (acl_mdl.h) APIs.
 * Follows the public AscendCL baseline API (ACL 1.10.0). Part of the simulated Ascend runtime.
 */
#ifndef INC_EXTERNAL_ACL_ACL_H_
#define INC_EXTERNAL_ACL_ACL_H_

#include "acl_rt.h"
#include "acl_op.h"
#include "acl_mdl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Version of the AscendCL API these headers declare. */
#define ACL_MAJOR_VERSION 1
#define ACL_MINOR_VERSION 10
#define ACL_PATCH_VERSION 0

ACL_FUNC_VISIBILITY aclError aclInit(const char *configPath);

ACL_FUNC_VISIBILITY aclError aclFinalize();

ACL_FUNC_VISIBILITY aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion);

ACL_FUNC_VISIBILITY const char *aclGetRecentErrMsg();

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_ACL_H_ */
