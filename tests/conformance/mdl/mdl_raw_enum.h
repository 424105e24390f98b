/* C helpers that pass out-of-range enum values (see mdl_raw_enum.c). */
#ifndef ASIM_TESTS_CONFORMANCE_MDL_RAW_ENUM_H_
#define ASIM_TESTS_CONFORMANCE_MDL_RAW_ENUM_H_

#include "acl/acl.h"

#ifdef __cplusplus
extern "C" {
#endif

aclError MdlSetConfigOptRaw(aclmdlConfigHandle* handle, int attr, const void* value, size_t size);
aclError MdlSetExecConfigOptRaw(aclmdlExecConfigHandle* handle, int attr, const void* value, size_t size);
aclError MdlSetAIPPInputFormatRaw(aclmdlAIPP* aipp, int format);

#ifdef __cplusplus
}
#endif

#endif /* ASIM_TESTS_CONFORMANCE_MDL_RAW_ENUM_H_ */
