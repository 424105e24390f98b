/* Calls with enum arguments outside their enumerators: legal in C (an enum argument is an int),
 * undefined in C++, so the C++ tests go through these. PUBLIC API ONLY. Owner: tests/conformance/mdl. */
#include "mdl_raw_enum.h"

aclError MdlSetConfigOptRaw(aclmdlConfigHandle* handle, int attr, const void* value, size_t size) {
  return aclmdlSetConfigOpt(handle, (aclmdlConfigAttr)attr, value, size);
}

aclError MdlSetExecConfigOptRaw(aclmdlExecConfigHandle* handle, int attr, const void* value, size_t size) {
  return aclmdlSetExecConfigOpt(handle, (aclmdlExecConfigAttr)attr, value, size);
}

aclError MdlSetAIPPInputFormatRaw(aclmdlAIPP* aipp, int format) {
  return aclmdlSetAIPPInputFormat(aipp, (aclAippInputFormat)format);
}
