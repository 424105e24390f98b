// DeviceEcho: the "application" this sample unit-tests — a small pipeline stage that sends a
// batch of floats to the device, duplicates it there and brings the copy back, through one
// stream, the way a preprocessing stage moves data. It handles AscendCL errors the way an
// application should: every call is checked, the error and its message are kept, and
// whatever was acquired is released.
// Public AscendCL API only (C++11). Thread safety: one object per thread.
#ifndef UNIT_TEST_EXAMPLE_DEVICE_ECHO_H_
#define UNIT_TEST_EXAMPLE_DEVICE_ECHO_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"

class DeviceEcho {
 public:
  DeviceEcho() = default;
  ~DeviceEcho() { Release(); }
  DeviceEcho(const DeviceEcho&) = delete;
  DeviceEcho& operator=(const DeviceEcho&) = delete;

  // Opens `device`, creates the stream and two device buffers of `capacity` floats. On
  // failure everything acquired so far is released and the error returned.
  aclError Init(int32_t device, size_t capacity);
  // out = in, by way of the device (host -> device -> device -> host, asynchronously on the
  // stream, then one synchronize).
  aclError Process(const std::vector<float>& in, std::vector<float>* out);
  // The same with a bug planted: the result is read back before the stream is synchronised.
  aclError ProcessWithoutSync(const std::vector<float>& in, std::vector<float>* out);
  // Frees the buffers, destroys the stream, resets the device; safe to call twice.
  void Release();

  // "aclrtSynchronizeStream: error 107020: ..." for the last failure.
  const std::string& last_error() const { return last_error_; }

 private:
  aclError Fail(const char* what, aclError ret);
  aclError Submit(const std::vector<float>& in);

  int32_t device_ = -1;
  size_t capacity_ = 0;
  aclrtStream stream_ = nullptr;
  void* staging_ = nullptr;  // device: what the host sent
  void* result_ = nullptr;   // device: the copy made on the device
  std::string last_error_;
};

#endif  // UNIT_TEST_EXAMPLE_DEVICE_ECHO_H_
