// DeviceEcho (see device_echo.h). Public AscendCL API only.
#include "device_echo.h"

aclError DeviceEcho::Fail(const char* what, aclError ret) {
  const char* msg = aclGetRecentErrMsg();
  last_error_ = std::string(what) + ": error " + std::to_string(ret) + ": " + (msg != nullptr ? msg : "");
  return ret;
}

aclError DeviceEcho::Init(int32_t device, size_t capacity) {
  aclError ret = aclrtSetDevice(device);
  if (ret != ACL_SUCCESS) return Fail("aclrtSetDevice", ret);
  device_ = device;
  capacity_ = capacity;
  const size_t bytes = capacity * sizeof(float);
  if ((ret = aclrtCreateStream(&stream_)) != ACL_SUCCESS) {
    Fail("aclrtCreateStream", ret);
  } else if ((ret = aclrtMalloc(&staging_, bytes, ACL_MEM_MALLOC_HUGE_FIRST)) != ACL_SUCCESS) {
    Fail("aclrtMalloc(staging)", ret);
  } else if ((ret = aclrtMalloc(&result_, bytes, ACL_MEM_MALLOC_HUGE_FIRST)) != ACL_SUCCESS) {
    Fail("aclrtMalloc(result)", ret);
  }
  if (ret != ACL_SUCCESS) Release();  // nothing leaks on the error path
  return ret;
}

aclError DeviceEcho::Submit(const std::vector<float>& in) {
  const size_t bytes = in.size() * sizeof(float);
  const size_t room = capacity_ * sizeof(float);
  aclError ret = aclrtMemcpyAsync(staging_, room, in.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream_);
  if (ret != ACL_SUCCESS) return Fail("aclrtMemcpyAsync(to device)", ret);
  ret = aclrtMemcpyAsync(result_, room, staging_, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream_);
  if (ret != ACL_SUCCESS) return Fail("aclrtMemcpyAsync(on device)", ret);
  return ACL_SUCCESS;
}

aclError DeviceEcho::Process(const std::vector<float>& in, std::vector<float>* out) {
  if (in.size() > capacity_) return Fail("Process", ACL_ERROR_INVALID_PARAM);
  aclError ret = Submit(in);
  if (ret != ACL_SUCCESS) return ret;
  // A device-side failure (a timed-out task, say) surfaces here, at the synchronize.
  if ((ret = aclrtSynchronizeStream(stream_)) != ACL_SUCCESS) return Fail("aclrtSynchronizeStream", ret);
  out->resize(in.size());
  const size_t bytes = in.size() * sizeof(float);
  ret = aclrtMemcpy(out->data(), bytes, result_, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
  if (ret != ACL_SUCCESS) return Fail("aclrtMemcpy(to host)", ret);
  return ACL_SUCCESS;
}

aclError DeviceEcho::ProcessWithoutSync(const std::vector<float>& in, std::vector<float>* out) {
  if (in.size() > capacity_) return Fail("Process", ACL_ERROR_INVALID_PARAM);
  aclError ret = Submit(in);
  if (ret != ACL_SUCCESS) return ret;
  out->resize(in.size());
  const size_t bytes = in.size() * sizeof(float);
  // BUG: the copies above may still be running; on a real card this reads stale data now and
  // then. (The fix is the aclrtSynchronizeStream in Process.)
  ret = aclrtMemcpy(out->data(), bytes, result_, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
  if (ret != ACL_SUCCESS) return Fail("aclrtMemcpy(to host)", ret);
  return aclrtSynchronizeStream(stream_);
}

void DeviceEcho::Release() {
  if (stream_ != nullptr) (void)aclrtSynchronizeStream(stream_);
  if (result_ != nullptr) (void)aclrtFree(result_);
  if (staging_ != nullptr) (void)aclrtFree(staging_);
  if (stream_ != nullptr) (void)aclrtDestroyStream(stream_);
  if (device_ >= 0) (void)aclrtResetDevice(device_);
  result_ = staging_ = nullptr;
  stream_ = nullptr;
  device_ = -1;
}
