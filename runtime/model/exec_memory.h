// ExecMemory: the device memory one execution of a model allocates for what its plan could
// not size at load — a tensor whose dims an input's values decide (planned with 0 bytes,
// docs/models.md "Shapes decided by values"), a kernel's workspace for those dims, and a
// model output the application left to the runtime (a NULL, 0-byte data buffer: AscendCL's
// way for an output whose size aclmdlGetOutputSizeByIndex gives as 0).
//
// Owns: the work allocations, freed when the ExecMemory goes (with the execution's binding,
// after its last task). Not the output allocations it hands over: those belong to the
// application, which frees them with aclrtFree.
// Thread safety: one execution's tasks use it, in order on one stream worker; the device
// memory it allocates from is thread-safe.
// Failure: the device allocator's status (kRtMemoryAllocation when there is no room),
// prefixed with what was being allocated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "runtime/core/objects.h"

namespace asim::model {

class ExecMemory {
 public:
  explicit ExecMemory(std::shared_ptr<rt::DeviceContext> device) : device_(std::move(device)) {}
  ~ExecMemory();
  ExecMemory(const ExecMemory&) = delete;
  ExecMemory& operator=(const ExecMemory&) = delete;

  // `bytes` (at least 1 is reserved) of device memory: *dev is the address the application
  // would see, *sim the simulator's pointer to it. `handed_over`: the caller gives it to the
  // application, so it outlives this object.
  Status Allocate(size_t bytes, const std::string& what, bool handed_over, void** dev, uint8_t** sim);

 private:
  std::shared_ptr<rt::DeviceContext> device_;
  std::vector<void*> owned_;
};

}  // namespace asim::model
