/*
 * acl_resource.cpp: AscendCL init/teardown of the ResNet-50 sample.
 */
#include "acl_resource.h"

AclResource::~AclResource() {
  Release();
}

Result AclResource::Init(const std::string& aclJsonPath, int32_t deviceId) {
  aclError ret = aclInit(aclJsonPath.empty() ? nullptr : aclJsonPath.c_str());
  if (ret != ACL_SUCCESS) {
    return AclFailed("aclInit", ret);
  }
  initialized_ = true;
  InfoLog("acl init success%s%s", aclJsonPath.empty() ? "" : ", config ", aclJsonPath.c_str());

  ret = aclrtSetDevice(deviceId);
  if (ret != ACL_SUCCESS) {
    return AclFailed("aclrtSetDevice", ret);
  }
  deviceId_ = deviceId;
  deviceSet_ = true;
  InfoLog("open device %d success", deviceId);

  ret = aclrtCreateContext(&context_, deviceId);
  if (ret != ACL_SUCCESS) {
    return AclFailed("aclrtCreateContext", ret);
  }
  InfoLog("create context success");

  ret = aclrtCreateStream(&stream_);
  if (ret != ACL_SUCCESS) {
    return AclFailed("aclrtCreateStream", ret);
  }
  InfoLog("create stream success");

  ret = aclrtGetRunMode(&runMode_);
  if (ret != ACL_SUCCESS) {
    return AclFailed("aclrtGetRunMode", ret);
  }
  const char* soc = aclrtGetSocName();
  InfoLog("get run mode success: %s, soc %s", isDevice() ? "device" : "host", soc != nullptr ? soc : "(unknown)");
  return SUCCESS;
}

void AclResource::Release() {
  aclError ret = ACL_SUCCESS;
  if (stream_ != nullptr) {
    ret = aclrtDestroyStream(stream_);
    if (ret != ACL_SUCCESS) {
      AclFailed("aclrtDestroyStream", ret);
    }
    stream_ = nullptr;
    InfoLog("end to destroy stream");
  }
  if (context_ != nullptr) {
    ret = aclrtDestroyContext(context_);
    if (ret != ACL_SUCCESS) {
      AclFailed("aclrtDestroyContext", ret);
    }
    context_ = nullptr;
    InfoLog("end to destroy context");
  }
  if (deviceSet_) {
    ret = aclrtResetDevice(deviceId_);
    if (ret != ACL_SUCCESS) {
      AclFailed("aclrtResetDevice", ret);
    }
    deviceSet_ = false;
    InfoLog("end to reset device %d", deviceId_);
  }
  if (initialized_) {
    ret = aclFinalize();
    if (ret != ACL_SUCCESS) {
      AclFailed("aclFinalize", ret);
    }
    initialized_ = false;
    InfoLog("end to finalize acl");
  }
}
