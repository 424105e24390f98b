/*
 * acl_resource.h: the AscendCL resources of the sample, in the order the public sample opens
 * them: aclInit(acl.json), aclrtSetDevice, aclrtCreateContext, aclrtCreateStream,
 * aclrtGetRunMode. Release() (also the destructor) closes them in reverse: stream, context,
 * device, aclFinalize. Not thread-safe; one instance per process.
 */
#ifndef RESNET50_CLASSIFICATION_ACL_RESOURCE_H
#define RESNET50_CLASSIFICATION_ACL_RESOURCE_H

#include <cstdint>
#include <string>

#include "acl/acl.h"
#include "sample_utils.h"

class AclResource {
 public:
  AclResource() = default;
  ~AclResource();
  AclResource(const AclResource&) = delete;
  AclResource& operator=(const AclResource&) = delete;

  // `aclJsonPath` may be empty: aclInit(nullptr).
  Result Init(const std::string& aclJsonPath, int32_t deviceId);
  void Release();

  aclrtStream stream() const { return stream_; }
  aclrtContext context() const { return context_; }
  // True on a board (ACL_DEVICE): device memory is host-accessible, no copies needed.
  bool isDevice() const { return runMode_ == ACL_DEVICE; }

 private:
  int32_t deviceId_ = 0;
  aclrtContext context_ = nullptr;
  aclrtStream stream_ = nullptr;
  aclrtRunMode runMode_ = ACL_HOST;
  bool initialized_ = false;
  bool deviceSet_ = false;
};

#endif  // RESNET50_CLASSIFICATION_ACL_RESOURCE_H
