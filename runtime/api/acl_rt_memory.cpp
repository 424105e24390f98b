// acl_rt.h: device and host memory, copies, memsets, memory info.
#include "acl/acl_rt.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/sim_hooks.h"
#include "runtime/core/stream_use.h"

namespace {
asim::rt::Runtime& RT() {
  return asim::api::Ctx().core();
}

static_assert(ACL_MEMCPY_HOST_TO_HOST == asim::rt::mem::kHostToHost, "aclrtMemcpyKind");
static_assert(ACL_MEMCPY_HOST_TO_DEVICE == asim::rt::mem::kHostToDevice, "aclrtMemcpyKind");
static_assert(ACL_MEMCPY_DEVICE_TO_HOST == asim::rt::mem::kDeviceToHost, "aclrtMemcpyKind");
static_assert(ACL_MEMCPY_DEVICE_TO_DEVICE == asim::rt::mem::kDeviceToDevice, "aclrtMemcpyKind");
static_assert(ACL_MEMCPY_DEFAULT == asim::rt::mem::kDefault, "aclrtMemcpyKind");

// Memcheck's view of a copy: the call as printed and the bytes touched on each side.
asim::check::CopyCall Copy(const char* api, void* dst, size_t dest_max, const void* src, size_t count, int32_t kind,
                           size_t dst_span, size_t src_span, const std::string& extra = "") {
  using asim::check::PtrText;
  asim::check::CopyCall call;
  call.api = api;
  call.dst = dst;
  call.src = src;
  call.dst_span = dst_span;
  call.src_span = src_span;
  call.kind = kind;
  call.args_valid = !extra.empty() || count <= dest_max;
  call.args = std::string(api) + "(dst=" + PtrText(dst) + ", " +
              (extra.empty() ? "destMax=" + std::to_string(dest_max) + ", " : "") + "src=" + PtrText(src) + ", " +
              (extra.empty() ? "count=" + std::to_string(count) : extra) + ", " + asim::check::MemcpyKindName(kind) +
              ")";
  return call;
}

// Resolves the stream of aclrtMemsetAsync / aclrtMemcpy2dAsync. When the handle is bad, the
// call's other argument errors (`check_args`) are reported first: the core checks them
// before it uses the stream.
template <typename CheckArgs>
asim::Status ResolveAfterArgs(aclrtStream stream, std::shared_ptr<asim::rt::Stream>* s, CheckArgs check_args) {
  asim::Status st = asim::rt::ResolveStreamFor(RT(), stream, asim::rt::StreamUse::kWork, s);
  if (st.ok()) return st;
  ASIM_RETURN_IF_ERROR(check_args());
  return st;
}

// Records the destination of a successful asynchronous write for memcheck.
void NoteAsyncWrite(aclError ret, const asim::rt::Stream& stream, const void* dst, size_t len,
                    const std::string& what) {
  if (ret == ACL_SUCCESS) asim::check::AfterAsyncWrite(asim::api::Ctx().checks(), stream, dst, len, what);
}

// An asynchronous copy with a pageable host side has run when the call returns (the
// runtime's rule): nothing of it is pending for memcheck.
void NoteAsyncCopy(aclError ret, const asim::rt::Stream& stream, void* dst, const void* src, size_t len,
                   const std::string& what) {
  if (RT().IsPageableHost(dst) || RT().IsPageableHost(src)) return;
  NoteAsyncWrite(ret, stream, dst, len, what);
}
}  // namespace

extern "C" {

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  ACL_API_BEGIN("aclrtMalloc");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(devPtr);
  ACL_API_RETURN_IF_ERROR(asim::check::BeforeMalloc(asim::api::Ctx().checks(), kApi, size));
  asim::Status st = RT().Malloc(devPtr, size, static_cast<uint32_t>(policy), /*align32_only=*/false);
  if (st.ok()) asim::check::AfterMalloc(asim::api::Ctx().checks(), *devPtr, size);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  ACL_API_BEGIN("aclrtMallocAlign32");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(devPtr);
  ACL_API_RETURN_IF_ERROR(asim::check::BeforeMalloc(asim::api::Ctx().checks(), kApi, size));
  asim::Status st = RT().Malloc(devPtr, size, static_cast<uint32_t>(policy), /*align32_only=*/true);
  if (st.ok()) asim::check::AfterMalloc(asim::api::Ctx().checks(), *devPtr, size);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtMallocCached(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  ACL_API_BEGIN("aclrtMallocCached");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(devPtr);
  ACL_API_RETURN_IF_ERROR(asim::check::BeforeMalloc(asim::api::Ctx().checks(), kApi, size));
  asim::Status st = RT().Malloc(devPtr, size, static_cast<uint32_t>(policy), /*align32_only=*/false);
  if (st.ok()) asim::check::AfterMalloc(asim::api::Ctx().checks(), *devPtr, size);
  ACL_API_RETURN(st);
  ACL_API_END();
}

// The simulated device has no cache between the host and device memory: flushing and
// invalidating only check that the range is device memory.
aclError aclrtMemFlush(void* devPtr, size_t size) {
  ACL_API_BEGIN("aclrtMemFlush");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(devPtr);
  ACL_API_RETURN(RT().CheckDeviceRange("devPtr", devPtr, size));
  ACL_API_END();
}

aclError aclrtMemInvalidate(void* devPtr, size_t size) {
  ACL_API_BEGIN("aclrtMemInvalidate");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(devPtr);
  ACL_API_RETURN(RT().CheckDeviceRange("devPtr", devPtr, size));
  ACL_API_END();
}

aclError aclrtFree(void* devPtr) {
  ACL_API_BEGIN("aclrtFree");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN_IF_ERROR(asim::check::BeforeFree(asim::api::Ctx().checks(), kApi, devPtr, /*host_api=*/false));
  asim::Status st = RT().Free(devPtr);
  if (st.ok()) asim::check::AfterFree(asim::api::Ctx().checks(), devPtr);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
  ACL_API_BEGIN("aclrtMallocHost");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(hostPtr);
  asim::Status st = RT().MallocHost(hostPtr, size);
  if (st.ok()) asim::check::AfterMallocHost(asim::api::Ctx().checks(), *hostPtr, size);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtFreeHost(void* hostPtr) {
  ACL_API_BEGIN("aclrtFreeHost");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN_IF_ERROR(asim::check::BeforeFree(asim::api::Ctx().checks(), kApi, hostPtr, /*host_api=*/true));
  asim::Status st = RT().FreeHost(hostPtr);
  if (st.ok()) asim::check::AfterFreeHost(asim::api::Ctx().checks(), hostPtr);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
  ACL_API_BEGIN("aclrtMemcpy");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  const int32_t raw = asim::api::RawEnum(kind);
  ACL_API_RETURN_IF_ERROR(asim::check::BeforeCopy(asim::api::Ctx().checks(),
                                                  Copy(kApi, dst, destMax, src, count, raw, count, count),
                                                  /*stream=*/nullptr));
  ACL_API_RETURN(RT().Memcpy(dst, destMax, src, count, static_cast<int32_t>(kind)));
  ACL_API_END();
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream) {
  ACL_API_BEGIN("aclrtMemcpyAsync");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(asim::rt::ResolveStreamFor(RT(), stream, asim::rt::StreamUse::kWork, &s));
  const asim::check::CopyCall call = Copy(kApi, dst, destMax, src, count, asim::api::RawEnum(kind), count, count);
  ACL_API_RETURN_IF_ERROR(asim::check::BeforeCopy(asim::api::Ctx().checks(), call, s.get()));
  const aclError ret =
      asim::api::ToAclError(kApi, RT().MemcpyAsync(dst, destMax, src, count, static_cast<int32_t>(kind), *s));
  NoteAsyncCopy(ret, *s, dst, src, count, "the destination of " + call.args);
  return ret;
  ACL_API_END();
}

aclError aclrtMemcpy2d(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                       aclrtMemcpyKind kind) {
  ACL_API_BEGIN("aclrtMemcpy2d");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  if (width != 0 && height != 0 && width <= dpitch && width <= spitch) {
    const std::string extra = "spitch=" + std::to_string(spitch) + ", width=" + std::to_string(width) +
                              ", height=" + std::to_string(height) + ", dpitch=" + std::to_string(dpitch);
    ACL_API_RETURN_IF_ERROR(
        asim::check::BeforeCopy(asim::api::Ctx().checks(),
                                Copy(kApi, dst, 0, src, 0, asim::api::RawEnum(kind), dpitch * (height - 1) + width,
                                     spitch * (height - 1) + width, extra),
                                /*stream=*/nullptr));
  }
  ACL_API_RETURN(RT().Memcpy2d(dst, dpitch, src, spitch, width, height, static_cast<int32_t>(kind), nullptr));
  ACL_API_END();
}

aclError aclrtMemcpy2dAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                            aclrtMemcpyKind kind, aclrtStream stream) {
  ACL_API_BEGIN("aclrtMemcpy2dAsync");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(ResolveAfterArgs(stream, &s, [&] {
    return RT().CheckMemcpy2dArgs(dst, dpitch, src, spitch, width, height, static_cast<int32_t>(kind), true);
  }));
  if (width == 0 || height == 0 || width > dpitch || width > spitch) {  // the call reports these
    ACL_API_RETURN(RT().Memcpy2d(dst, dpitch, src, spitch, width, height, static_cast<int32_t>(kind), s.get()));
  }
  const std::string extra = "spitch=" + std::to_string(spitch) + ", width=" + std::to_string(width) +
                            ", height=" + std::to_string(height) + ", dpitch=" + std::to_string(dpitch);
  const size_t dst_span = dpitch * (height - 1) + width;
  const asim::check::CopyCall call =
      Copy(kApi, dst, 0, src, 0, asim::api::RawEnum(kind), dst_span, spitch * (height - 1) + width, extra);
  ACL_API_RETURN_IF_ERROR(asim::check::BeforeCopy(asim::api::Ctx().checks(), call, s.get()));
  const aclError ret = asim::api::ToAclError(
      kApi, RT().Memcpy2d(dst, dpitch, src, spitch, width, height, static_cast<int32_t>(kind), s.get()));
  NoteAsyncCopy(ret, *s, dst, src, dst_span, "the destination of " + call.args);
  return ret;
  ACL_API_END();
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  ACL_API_BEGIN("aclrtMemset");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN_IF_ERROR(asim::check::BeforeMemset(asim::api::Ctx().checks(), kApi, devPtr, maxCount, value, count));
  ACL_API_RETURN(RT().Memset(devPtr, maxCount, value, count, /*stream=*/nullptr));
  ACL_API_END();
}

aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
  ACL_API_BEGIN("aclrtMemsetAsync");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN_IF_ERROR(asim::check::BeforeMemset(asim::api::Ctx().checks(), kApi, devPtr, maxCount, value, count));
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(
      ResolveAfterArgs(stream, &s, [&] { return RT().CheckMemsetArgs(devPtr, maxCount, count, true); }));
  const aclError ret = asim::api::ToAclError(kApi, RT().Memset(devPtr, maxCount, value, count, s.get()));
  NoteAsyncWrite(ret, *s, devPtr, count,
                 "the destination of aclrtMemsetAsync(devPtr=" + asim::check::PtrText(devPtr) +
                     ", count=" + std::to_string(count) + ")");
  return ret;
  ACL_API_END();
}

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total) {
  ACL_API_BEGIN("aclrtGetMemInfo");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(free);
  ACL_API_CHECK_NOT_NULL(total);
  ACL_API_RETURN(RT().GetMemInfo(static_cast<int32_t>(attr), free, total));
  ACL_API_END();
}

}  // extern "C"
