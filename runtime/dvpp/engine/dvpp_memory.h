// DVPP memory: acldvppMalloc / acldvppFree on the current device, and the check that a picture
// or bitstream a DVPP engine reads or writes lies in such memory.
//
// Owns: nothing of its own: a DVPP buffer is a device allocation whose origin is
// "acldvppMalloc(...)" in the device's allocation table (device_sim/memory), so the table is
// the single record and a buffer freed with aclrtFree or a device reset stops being DVPP
// memory at once. Alignment: every buffer starts on a 128-byte boundary (the DVPP engines'
// burst); the size is rounded up to 32 bytes plus 32 as aclrtMalloc does.
// Thread safety: thread-safe (the device memory is). Failure: err::kInvalidParam naming the
// argument (NULL, 0 size, not DVPP memory: aclrtMalloc memory, host memory, freed memory;
// range outside the buffer); err::kRtMemoryAllocation when the device memory is exhausted.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/status.h"
#include "runtime/core/objects.h"
#include "runtime/core/runtime.h"

namespace asim::dvpp {

inline constexpr char kDvppOrigin[] = "acldvppMalloc";
inline constexpr size_t kDvppAlignment = 128;

Status DvppMalloc(rt::Runtime& core, void** ptr, size_t size);
Status DvppFree(rt::Runtime& core, void* ptr);

// True when ptr lies in a live acldvppMalloc buffer of some opened device.
bool IsDvppMemory(rt::Runtime& core, const void* ptr);

// Checks that [ptr, ptr + size) lies inside one live acldvppMalloc buffer on `device` and
// returns the simulator's pointer to it. `what` names the argument in messages
// ("outputDesc data").
Status MapDvppBuffer(rt::Runtime& core, rt::DeviceContext& device, const char* what, const void* ptr, uint64_t size,
                     uint8_t** sim);

}  // namespace asim::dvpp
