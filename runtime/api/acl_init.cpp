// acl.h: aclInit, aclFinalize, aclrtGetVersion, aclGetRecentErrMsg.
#include "acl/acl.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/api/sim_hooks.h"

extern "C" {

aclError aclInit(const char* configPath) {
  ACL_API_BEGIN("aclInit");
  asim::api::Ctx().RegisterExtensions();
  asim::Status st = asim::api::Ctx().core().Init(configPath);
  if (st.ok()) asim::api::SetProcessWideErrors(asim::api::Ctx().core().config().err_msg_process_wide);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclFinalize() {
  ACL_API_BEGIN("aclFinalize");
  ACLSIM_SCOPE();
  asim::Status st = asim::api::Ctx().core().Finalize();
  if (st.ok())
    st = asim::check::TakeLeakStatus(asim::api::Ctx().checks());  // objects never released, while memcheck is on
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion) {
  ACL_API_BEGIN("aclrtGetVersion");
  ACL_API_CHECK_NOT_NULL(majorVersion);
  ACL_API_CHECK_NOT_NULL(minorVersion);
  ACL_API_CHECK_NOT_NULL(patchVersion);
  *majorVersion = ACL_MAJOR_VERSION;
  *minorVersion = ACL_MINOR_VERSION;
  *patchVersion = ACL_PATCH_VERSION;
  return ACL_SUCCESS;
  ACL_API_END();
}

const char* aclGetRecentErrMsg() {
  return asim::api::RecentError();
}

}  // extern "C"
