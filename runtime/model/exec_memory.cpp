// ExecMemory (see exec_memory.h). Thread safety and failure: as the header says.
#include "runtime/model/exec_memory.h"

#include <algorithm>

namespace asim::model {

ExecMemory::~ExecMemory() {
  for (void* p : owned_) (void)device_->memory().Free(p);
}

Status ExecMemory::Allocate(size_t bytes, const std::string& what, bool handed_over, void** dev, uint8_t** sim) {
  sim::DeviceMemory& memory = device_->memory();
  const size_t size = std::max<size_t>(bytes, 1);
  void* p = nullptr;
  Status st = memory.Allocate(size, 0, sim::PageKind::kNormal, what, &p);
  if (!st.ok()) return Status(st.code(), what + " (" + std::to_string(bytes) + " bytes): " + st.message());
  void* s = nullptr;
  st = memory.Translate(p, size, &s);
  if (!st.ok()) {
    (void)memory.Free(p);
    return st;
  }
  if (!handed_over) owned_.push_back(p);
  *dev = p;
  *sim = static_cast<uint8_t*>(s);
  return Status::Ok();
}

}  // namespace asim::model
