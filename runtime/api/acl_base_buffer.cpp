// acl_base.h: data buffers, fp16 conversion, data type sizes.
#include <memory>

#include "acl/acl_base.h"
#include "base/dtype.h"
#include "base/fp16.h"
#include "runtime/api/acl_objects.h"
#include "runtime/api/api_guard.h"

namespace {
using asim::api::BufferOf;
using asim::api::DataBuffers;
// The live data buffer behind `handle`, or nullptr with the recent error set (NULL: invalid
// param; destroyed or made up: invalid resource handle), so that a getter never reads through
// a handle that is not a live buffer.
std::shared_ptr<asim::rt::DataBuffer> LiveBuffer(const char* api, const aclDataBuffer* handle) {
  if (handle == nullptr) {
    asim::api::SetRecentError(api, asim::err::kInvalidParam, "dataBuffer must not be NULL");
    return nullptr;
  }
  std::shared_ptr<asim::rt::DataBuffer> live = DataBuffers().Find(handle);
  if (!live) {
    asim::api::SetRecentError(api, asim::err::kInvalidResourceHandle,
                              "dataBuffer is not a live data buffer (destroyed, or not made by aclCreateDataBuffer)");
  }
  return live;
}

}  // namespace

extern "C" {

float aclFloat16ToFloat(aclFloat16 value) {
  return asim::HalfToFloat(value);
}

aclFloat16 aclFloatToFloat16(float value) {
  return asim::FloatToHalf(value);
}

aclDataBuffer* aclCreateDataBuffer(void* data, size_t size) {
  return asim::api::Guarded<aclDataBuffer*>("aclCreateDataBuffer", nullptr, [&]() -> aclDataBuffer* {
    // data == NULL with size == 0 is a valid placeholder (an empty tensor or an output the
    // runtime fills in later); a non-zero size needs memory behind it.
    if (data == nullptr && size != 0) {
      asim::api::SetRecentError("aclCreateDataBuffer", asim::err::kInvalidParam,
                                "data is NULL but size is " + std::to_string(size));
      return nullptr;
    }
    auto buffer = std::make_shared<asim::rt::DataBuffer>();
    buffer->data = data;
    buffer->size = size;
    return static_cast<aclDataBuffer*>(DataBuffers().Add(std::move(buffer)));
  });
}

aclError aclDestroyDataBuffer(const aclDataBuffer* dataBuffer) {
  ACL_API_BEGIN("aclDestroyDataBuffer");
  ACL_API_CHECK_NOT_NULL(dataBuffer);
  if (!DataBuffers().Remove(dataBuffer)) {
    ACL_API_FAIL(asim::err::kInvalidResourceHandle,
                 "dataBuffer is not a live data buffer (destroyed twice or never created)");
  }
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclUpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size) {
  ACL_API_BEGIN("aclUpdateDataBuffer");
  ACL_API_CHECK_NOT_NULL(dataBuffer);
  if (!DataBuffers().Find(dataBuffer)) {
    ACL_API_FAIL(asim::err::kInvalidResourceHandle, "dataBuffer is not a live data buffer");
  }
  if (data == nullptr && size != 0) {
    ACL_API_FAIL(asim::err::kInvalidParam, "data is NULL but size is " + std::to_string(size));
  }
  BufferOf(dataBuffer)->data = data;
  BufferOf(dataBuffer)->size = size;
  return ACL_SUCCESS;
  ACL_API_END();
}

void* aclGetDataBufferAddr(const aclDataBuffer* dataBuffer) {
  return asim::api::Guarded<void*>("aclGetDataBufferAddr", nullptr, [&]() -> void* {
    const std::shared_ptr<asim::rt::DataBuffer> live = LiveBuffer("aclGetDataBufferAddr", dataBuffer);
    if (!live) return nullptr;
    return live->data;
  });
}

uint32_t aclGetDataBufferSize(const aclDataBuffer* dataBuffer) {
  return asim::api::Guarded<uint32_t>("aclGetDataBufferSize", 0, [&]() -> uint32_t {
    const std::shared_ptr<asim::rt::DataBuffer> live = LiveBuffer("aclGetDataBufferSize", dataBuffer);
    if (!live) return 0;
    // The deprecated form truncates to 32 bits, as the real one does; use the V2 for 4 GiB+.
    return static_cast<uint32_t>(live->size);
  });
}

size_t aclGetDataBufferSizeV2(const aclDataBuffer* dataBuffer) {
  return asim::api::Guarded<size_t>("aclGetDataBufferSizeV2", 0, [&]() -> size_t {
    const std::shared_ptr<asim::rt::DataBuffer> live = LiveBuffer("aclGetDataBufferSizeV2", dataBuffer);
    if (!live) return 0;
    return live->size;
  });
}

size_t aclDataTypeSize(aclDataType dataType) {
  if (!asim::IsValidDataType(static_cast<int32_t>(dataType))) return 0;
  return asim::DataTypeSize(static_cast<asim::DataType>(dataType));
}

}  // extern "C"
