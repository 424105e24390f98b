// What crosses a tdt channel: the dataset a sender hands over (items pointing at the
// sender's memory) and the dataset a receiver gets back (items owning host copies).
//
// Owns: IncomingDataset owns its bytes; OutgoingDataset owns nothing (its data pointers
// must stay valid for the duration of the send). Owner: runtime/tdt.
// Thread safety: value types. Failure: none.
#pragma once

#include <string>
#include <vector>

#include "runtime/tdt/host_buffer.h"
#include "runtime/tdt/tensor_meta.h"

namespace asim::tdt {

struct OutgoingItem {
  TensorMeta meta;
  const void* data = nullptr;  // host or device memory of the application
};

struct OutgoingDataset {
  std::string name;
  std::vector<OutgoingItem> items;
};

struct IncomingItem {
  TensorMeta meta;
  HostBuffer data;  // meta.size bytes
};

struct IncomingDataset {
  std::string name;
  std::vector<IncomingItem> items;
};

}  // namespace asim::tdt
