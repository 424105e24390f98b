// Names of the acltdt tensor types (see tdt_codes.h).
#include "runtime/tdt/tdt_codes.h"

namespace asim::tdt {

const char* TensorTypeName(int32_t value) {
  switch (value) {
    case -1: return "ACL_TENSOR_DATA_UNDEFINED";
    case 0: return "ACL_TENSOR_DATA_TENSOR";
    case 1: return "ACL_TENSOR_DATA_END_OF_SEQUENCE";
    case 2: return "ACL_TENSOR_DATA_ABNORMAL";
    case 3: return "ACL_TENSOR_DATA_SLICE_TENSOR";
    case 4: return "ACL_TENSOR_DATA_END_TENSOR";
  }
  return "unknown";
}

}  // namespace asim::tdt
