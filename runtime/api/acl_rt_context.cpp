// acl_rt.h: contexts.
#include "acl/acl_rt.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/sim_hooks.h"

namespace {
asim::rt::Runtime& RT() {
  return asim::api::Ctx().core();
}
}  // namespace

extern "C" {

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
  ACL_API_BEGIN("aclrtCreateContext");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(context);
  std::shared_ptr<asim::rt::Context> ctx;
  asim::Status st = RT().CreateContext(deviceId, &ctx);
  if (st.ok()) {
    *context = asim::rt::Runtime::Handle(*ctx);
    asim::check::AfterCreate(
        asim::api::Ctx().checks(), asim::api::Ctx().core(), asim::check::ObjectKind::kContext, *context,
        "context " + asim::check::PtrText(*context) + " on device " + std::to_string(deviceId), deviceId);
  }
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtDestroyContext(aclrtContext context) {
  ACL_API_BEGIN("aclrtDestroyContext");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(context);
  std::shared_ptr<asim::rt::Context> ctx;
  ACL_API_RETURN_IF_ERROR(RT().ResolveContext(context, &ctx));
  asim::Status st = RT().DestroyContext(ctx);
  if (st.ok()) {
    asim::check::AfterDestroyContext(asim::api::Ctx().checks(), context);
    st = asim::check::TakeLeakStatus(asim::api::Ctx().checks());  // streams left in it, while memcheck is on
  }
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtSetCurrentContext(aclrtContext context) {
  ACL_API_BEGIN("aclrtSetCurrentContext");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(context);
  std::shared_ptr<asim::rt::Context> ctx;
  ACL_API_RETURN_IF_ERROR(RT().ResolveContext(context, &ctx));
  ACL_API_RETURN(RT().SetCurrentContext(ctx));
  ACL_API_END();
}

aclError aclrtGetCurrentContext(aclrtContext* context) {
  ACL_API_BEGIN("aclrtGetCurrentContext");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(context);
  std::shared_ptr<asim::rt::Context> ctx;
  ACL_API_RETURN_IF_ERROR(RT().CurrentContext(&ctx));
  *context = asim::rt::Runtime::Handle(*ctx);
  ACL_API_RETURN(asim::Status::Ok());
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
