// acl_base.h: CANN attributes (aclGetCannAttributeList, aclGetCannAttribute) and device
// capabilities (aclGetDeviceCapability), answered from the simulated SoC's numbers.
//
// Like aclrtGetSocName these are answered before aclInit too (the SoC the simulated driver
// reports: the defaults and the ASCEND_SIM_* environment) and after it (acl.json's SoC).
// What each attribute means here, as the real runtime decides it from the SoC's spec:
//   ACL_CANN_ATTR_INF_NAN     the INF/NaN overflow mode: the Atlas A2 generation (Ascend910B,
//                             split cube and vector cores) and later; 310, 310P and 910 saturate
//   ACL_CANN_ATTR_BF16        the SoC's cube computes bf16 (soc_spec.h's supports_bf16)
//   ACL_CANN_ATTR_JIT_COMPILE not tied to a chip: always available
// Thread safety: pure queries; the attribute lists are constant arrays, so a pointer returned
// earlier stays valid. Failure: ACL_ERROR_INVALID_PARAM for a NULL output,
// an unknown attribute or device-info kind; ACL_ERROR_INVALID_DEVICE for a device id the
// simulator does not have (as aclrtSetDevice).
#include <string>

#include "acl/acl_base.h"
#include "device_sim/soc/soc_spec.h"
#include "runtime/api/api_guard.h"

namespace {

struct PlatformSpec {
  asim::sim::SocSpec spec;
  uint32_t device_count = 0;
};

asim::Status CurrentSpec(PlatformSpec* out) {
  asim::rt::Runtime::Platform platform;
  ASIM_RETURN_IF_ERROR(asim::api::Ctx().core().GetPlatform(&platform));
  out->device_count = platform.device_count;
  return asim::sim::LoadSocSpec(platform.soc_name, &out->spec);
}

bool Available(const asim::sim::SocSpec& spec, aclCannAttr attr) {
  switch (attr) {
    case ACL_CANN_ATTR_INF_NAN: return spec.split_cube_vector;
    case ACL_CANN_ATTR_BF16: return spec.cube.supports_bf16;
    case ACL_CANN_ATTR_JIT_COMPILE: return true;
    default: return false;
  }
}

bool KnownAttr(aclCannAttr attr) {
  return attr == ACL_CANN_ATTR_INF_NAN || attr == ACL_CANN_ATTR_BF16 || attr == ACL_CANN_ATTR_JIT_COMPILE;
}

}  // namespace

extern "C" {

aclError aclGetCannAttributeList(const aclCannAttr** cannAttrList, size_t* num) {
  ACL_API_BEGIN("aclGetCannAttributeList");
  ACL_API_CHECK_NOT_NULL(cannAttrList);
  ACL_API_CHECK_NOT_NULL(num);
  PlatformSpec current;
  ACL_API_RETURN_IF_ERROR(CurrentSpec(&current));
  // One constant list per combination, so that the pointer stays valid for the process.
  static constexpr aclCannAttr kInfNanBf16[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16, ACL_CANN_ATTR_JIT_COMPILE};
  static constexpr aclCannAttr kInfNan[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_JIT_COMPILE};
  static constexpr aclCannAttr kBf16[] = {ACL_CANN_ATTR_BF16, ACL_CANN_ATTR_JIT_COMPILE};
  static constexpr aclCannAttr kNeither[] = {ACL_CANN_ATTR_JIT_COMPILE};
  const bool inf_nan = Available(current.spec, ACL_CANN_ATTR_INF_NAN);
  const bool bf16 = Available(current.spec, ACL_CANN_ATTR_BF16);
  *cannAttrList = inf_nan ? (bf16 ? kInfNanBf16 : kInfNan) : (bf16 ? kBf16 : kNeither);
  *num = static_cast<size_t>(inf_nan) + static_cast<size_t>(bf16) + 1;
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t* value) {
  ACL_API_BEGIN("aclGetCannAttribute");
  ACL_API_CHECK_NOT_NULL(value);
  if (!KnownAttr(cannAttr)) {
    ACL_API_FAIL(asim::err::kInvalidParam, "cannAttr " + std::to_string(static_cast<int>(cannAttr)) +
                                               " is not an aclCannAttr (ACL_CANN_ATTR_INF_NAN 0, ACL_CANN_ATTR_BF16 1, "
                                               "ACL_CANN_ATTR_JIT_COMPILE 2)");
  }
  PlatformSpec current;
  ACL_API_RETURN_IF_ERROR(CurrentSpec(&current));
  *value = Available(current.spec, cannAttr) ? 1 : 0;
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclGetDeviceCapability(uint32_t deviceId, aclDeviceInfo deviceInfo, int64_t* value) {
  ACL_API_BEGIN("aclGetDeviceCapability");
  ACL_API_CHECK_NOT_NULL(value);
  PlatformSpec current;
  ACL_API_RETURN_IF_ERROR(CurrentSpec(&current));
  if (deviceId >= current.device_count) {
    ACL_API_FAIL(asim::err::kInvalidDevice, "device id " + std::to_string(deviceId) +
                                                " is out of range: the simulator has " +
                                                std::to_string(current.device_count) + " device(s)");
  }
  const asim::sim::SocSpec& spec = current.spec;
  switch (deviceInfo) {
    case ACL_DEVICE_INFO_AI_CORE_NUM: *value = spec.cores.ai_core_count; break;
    case ACL_DEVICE_INFO_VECTOR_CORE_NUM: *value = spec.cores.vector_core_count; break;
    case ACL_DEVICE_INFO_L2_SIZE: *value = static_cast<int64_t>(spec.buffers.l2_bytes); break;
    default:
      ACL_API_FAIL(asim::err::kInvalidParam, "deviceInfo " + std::to_string(static_cast<int>(deviceInfo)) +
                                                 " is not an aclDeviceInfo (ACL_DEVICE_INFO_AI_CORE_NUM 0, "
                                                 "ACL_DEVICE_INFO_VECTOR_CORE_NUM 1, ACL_DEVICE_INFO_L2_SIZE 2)");
  }
  return ACL_SUCCESS;
  ACL_API_END();
}

}  // extern "C"
