// acl_rt.h: host callbacks through a report thread.
#include "acl/acl_rt.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/sim_hooks.h"
#include "runtime/core/stream_use.h"

namespace {
asim::rt::Runtime& RT() {
  return asim::api::Ctx().core();
}
}  // namespace

extern "C" {

aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream) {
  ACL_API_BEGIN("aclrtSubscribeReport");
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(RT().ResolveStream(stream, &s));
  ACL_API_RETURN(RT().SubscribeReport(threadId, *s));
  ACL_API_END();
}

aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream) {
  ACL_API_BEGIN("aclrtUnSubscribeReport");
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(RT().ResolveStream(stream, &s));
  ACL_API_RETURN(RT().UnsubscribeReport(threadId, *s));
  ACL_API_END();
}

aclError aclrtLaunchCallback(aclrtCallback fn, void* userData, aclrtCallbackBlockType blockType, aclrtStream stream) {
  ACL_API_BEGIN("aclrtLaunchCallback");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(fn);
  if (blockType != ACL_CALLBACK_NO_BLOCK && blockType != ACL_CALLBACK_BLOCK) {
    ACL_API_FAIL(asim::err::kInvalidParam, "blockType " + std::to_string(static_cast<int>(blockType)) +
                                               " is invalid (ACL_CALLBACK_NO_BLOCK=0, ACL_CALLBACK_BLOCK=1)");
  }
  // Under memcheck the callback runs through a trampoline that marks the stream's earlier
  // work as synchronised with the host.
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(asim::rt::ResolveStreamFor(RT(), stream, asim::rt::StreamUse::kWork, &s));
  aclrtCallback run = fn;
  void* data = userData;
  asim::check::WrapCallback(asim::api::Ctx().checks(), *s, &run, &data);
  asim::Status st = RT().LaunchCallback(run, data, blockType == ACL_CALLBACK_BLOCK, *s);
  if (!st.ok()) asim::check::DiscardWrappedCallback(run, data);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtProcessReport(int32_t timeout) {
  ACL_API_BEGIN("aclrtProcessReport");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().ProcessReport(timeout));
  ACL_API_END();
}

}  // extern "C"
