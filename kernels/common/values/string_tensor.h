// String tensors (DT_STRING): how their elements lie in memory, and the capacity a host
// gives a kernel's string outputs.
//
// Layout (CANN's, graphengine's ge::StringHead {uint64 addr; uint64 len}): one 16-byte head
// per element, in row-major element order, then the bytes of the elements. A head holds
// the offset of the element's bytes from the start of the tensor (position independent:
// graphengine names the field addr; we always store the offset, so a tensor can be copied
// or moved without rewriting its heads) and their length in bytes, the terminating NUL
// excluded. Every element's bytes are followed by one NUL byte. Packed size: 16 * elements
// + sum (length + 1). docs/om_format.md describes it for users.
//
// The byte size of a string tensor depends on its contents, so TensorSpec::Bytes() and the
// memory plan count 0 for it (DataTypeSize(kString) is 0, as aclDataTypeSize says): a host
// that runs a kernel with a string output gives that output StringOutputCapacity bytes,
// and the kernel writes within them (WriteStrings checks).
//
// Owner: kernels/common (string kernels, the converter, the ONNX conformance runner).
// Thread safety: pure functions. Failure: kInvalidParam for a buffer whose heads point
// outside it (ReadStrings); kInternalError when strings do not fit the capacity given.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

struct StringHead {
  uint64_t offset = 0;  // of the element's bytes from the start of the tensor
  uint64_t length = 0;  // bytes, without the terminating NUL
};
static_assert(sizeof(StringHead) == 16, "a string head is two uint64");

inline constexpr size_t kStringHeadBytes = sizeof(StringHead);

// Bytes of `strings` in the layout above.
size_t PackedStringBytes(const std::vector<std::string>& strings);

// `strings` in the layout above (exactly PackedStringBytes bytes).
std::vector<uint8_t> PackStrings(const std::vector<std::string>& strings);

// Writes `strings` in the layout above at `dst`, which holds `capacity` bytes; *written
// receives the bytes used. kInternalError (nothing written) when they do not fit.
Status WriteStrings(const std::vector<std::string>& strings, void* dst, size_t capacity, size_t* written);

// The `count` elements of the string tensor at `data` (`bytes` bytes long), checking every
// head against the buffer.
Status ReadStrings(const void* data, size_t bytes, int64_t count, std::vector<std::string>* out);

// The elements of a string tensor whose heads are known to be valid (a kernel's inputs:
// the host checked the graph's inputs, and kernels write valid heads); views into `data`.
std::vector<std::string_view> StringViews(const void* data, int64_t count);

// The bytes a host gives string output `output` of a kernel: a head for every element of
// its planned (bound) dims, at least one, plus twice the bytes (with NULs) of every string
// input of the kernel, plus one NUL. Enough for any kernel whose output strings hold at
// most twice the bytes of its input strings (case changes, filters, selections).
size_t StringOutputCapacity(const KernelContext& ctx, size_t output);

}  // namespace asim::kernels
