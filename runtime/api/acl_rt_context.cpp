// acl_rt.h: contexts.
#include "acl/acl_rt.h"
#include "runtime/api/api_guard.h"

namespace {
asim::rt::Runtime& RT() {
  return asim::rt::Runtime::Get();
}
}  // namespace

extern "C" {

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
  ACL_API_BEGIN("aclrtCreateContext");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(context);
  ACL_API_RETURN(RT().CreateContext(deviceId, context));
  ACL_API_END();
}

aclError aclrtDestroyContext(aclrtContext context) {
  ACL_API_BEGIN("aclrtDestroyContext");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(context);
  ACL_API_RETURN(RT().DestroyContext(context));
  ACL_API_END();
}

aclError aclrtSetCurrentContext(aclrtContext context) {
  ACL_API_BEGIN("aclrtSetCurrentContext");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(context);
  ACL_API_RETURN(RT().SetCurrentContext(context));
  ACL_API_END();
}

aclError aclrtGetCurrentContext(aclrtContext* context) {
  ACL_API_BEGIN("aclrtGetCurrentContext");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(context);
  ACL_API_RETURN(RT().GetCurrentContext(context));
  ACL_API_END();
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
  ACL_API_BEGIN("aclrtCtxGetSysParamOpt");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(value);
  ACL_API_RETURN(RT().GetContextSysParam(static_cast<int32_t>(opt), value));
  ACL_API_END();
}

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
  ACL_API_BEGIN("aclrtCtxSetSysParamOpt");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().SetContextSysParam(static_cast<int32_t>(opt), value));
  ACL_API_END();
}

}  // extern "C"
