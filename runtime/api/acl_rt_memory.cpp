// acl_rt.h: device and host memory, copies, memsets, memory info.
#include "acl/acl_rt.h"
#include "runtime/api/api_guard.h"

namespace {
asim::rt::Runtime& RT() {
  return asim::rt::Runtime::Get();
}

static_assert(ACL_MEMCPY_HOST_TO_HOST == asim::rt::mem::kHostToHost, "aclrtMemcpyKind");
static_assert(ACL_MEMCPY_HOST_TO_DEVICE == asim::rt::mem::kHostToDevice, "aclrtMemcpyKind");
static_assert(ACL_MEMCPY_DEVICE_TO_HOST == asim::rt::mem::kDeviceToHost, "aclrtMemcpyKind");
static_assert(ACL_MEMCPY_DEVICE_TO_DEVICE == asim::rt::mem::kDeviceToDevice, "aclrtMemcpyKind");
static_assert(ACL_MEMCPY_DEFAULT == asim::rt::mem::kDefault, "aclrtMemcpyKind");
}  // namespace

extern "C" {

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  ACL_API_BEGIN("aclrtMalloc");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(devPtr);
  ACL_API_RETURN(RT().Malloc(devPtr, size, static_cast<uint32_t>(policy), /*align32_only=*/false));
  ACL_API_END();
}

aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  ACL_API_BEGIN("aclrtMallocAlign32");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(devPtr);
  ACL_API_RETURN(RT().Malloc(devPtr, size, static_cast<uint32_t>(policy), /*align32_only=*/true));
  ACL_API_END();
}

aclError aclrtMallocCached(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  ACL_API_BEGIN("aclrtMallocCached");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(devPtr);
  ACL_API_RETURN(RT().Malloc(devPtr, size, static_cast<uint32_t>(policy), /*align32_only=*/false));
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
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().Free(devPtr));
  ACL_API_END();
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
  ACL_API_BEGIN("aclrtMallocHost");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(hostPtr);
  ACL_API_RETURN(RT().MallocHost(hostPtr, size));
  ACL_API_END();
}

aclError aclrtFreeHost(void* hostPtr) {
  ACL_API_BEGIN("aclrtFreeHost");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().FreeHost(hostPtr));
  ACL_API_END();
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
  ACL_API_BEGIN("aclrtMemcpy");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().Memcpy(dst, destMax, src, count, static_cast<int32_t>(kind)));
  ACL_API_END();
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream) {
  ACL_API_BEGIN("aclrtMemcpyAsync");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().MemcpyAsync(dst, destMax, src, count, static_cast<int32_t>(kind), stream));
  ACL_API_END();
}

aclError aclrtMemcpy2d(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                       aclrtMemcpyKind kind) {
  ACL_API_BEGIN("aclrtMemcpy2d");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().Memcpy2d(dst, dpitch, src, spitch, width, height, static_cast<int32_t>(kind), nullptr, false));
  ACL_API_END();
}

aclError aclrtMemcpy2dAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                            aclrtMemcpyKind kind, aclrtStream stream) {
  ACL_API_BEGIN("aclrtMemcpy2dAsync");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().Memcpy2d(dst, dpitch, src, spitch, width, height, static_cast<int32_t>(kind), stream, true));
  ACL_API_END();
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  ACL_API_BEGIN("aclrtMemset");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().Memset(devPtr, maxCount, value, count, nullptr, false));
  ACL_API_END();
}

aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
  ACL_API_BEGIN("aclrtMemsetAsync");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().Memset(devPtr, maxCount, value, count, stream, true));
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
